"""Bold and arrowed letters (``\\mathbf{x}``, ``\\boldsymbol{\\mu}``, ``\\vec{v}``, ``\\textbf{x}``): vectors or matrices,
read as names only where they stand alone; refused in arithmetic and between bars (a determinant or a norm), as
``|\\Sigma|`` is (the determinant of a covariance matrix in statistics)."""
from __future__ import annotations

from .lexer import Tok, fail
from .groups import after_scripts


_ARITHMETIC = frozenset({"PLUS", "MINUS", "MUL", "DIV", "SUP", "NAME", "NUMBER", "FRAC"})
"""Neighbours that make a name an operand of arithmetic (a term, a factor, a base)."""


def refuse_bold_arithmetic(source: str, tokens: list[Tok]) -> None:
    """``\\mathbf{A} \\mathbf{z}_{t-1}``, ``\\mathbf{A}^t``, ``\\mathbf{x} + \\boldsymbol{\\epsilon}``: a bold letter
    is a vector or a matrix, whose products and powers are not a scalar's; refused in arithmetic, read as a name
    only where it stands alone (a function's argument ``f(\\mathbf{x} \\mid \\mathbf{a})``, a defined side)."""
    for k, t in enumerate(tokens):
        if t.kind == "NAME" and t.text.split("_")[0].rstrip("'") == r"\Sigma" and _between_bars(tokens, k):
            fail(source, t.start, t.end, "\\Sigma between bars (|2\\pi \\Sigma|, |\\hat\\Sigma|^{-1/2}): the determinant "
                 "of a covariance matrix, not an absolute value (symdp reads scalars)")
        if not _bold(t):
            continue
        j = k + 1
        j = after_scripts(tokens, j, kinds=("SUB",))  # its own index, \mathbf{z}_{t-1}
        while j < len(tokens) and tokens[j].kind == "PRIME":   # \mathbf{x}' + 1
            j += 1
        left, right = _beside(tokens, k, -1), _beside(tokens, j, 1)
        if left is not None and right is not None and left.kind in _BARS and right.kind in _BARS:
            fail(source, left.start, right.end, "|...| around a bold letter: the determinant of a matrix or the norm "
                 "of a vector, not an absolute value (symdp reads scalars)")
        first, j = _unbraced(tokens, k, j)
        before = tokens[first - 1] if first else None
        after = tokens[j] if j < len(tokens) else None
        transposed = after is not None and after.kind == "SUP" and j + 1 < len(tokens) and tokens[j + 1].text in (
            "T", r"\top", r"\intercal")  # \mathbf{x}^T: refused as a transpose (scripts.refuse_transposes)
        if not transposed and ((before is not None and before.kind in _ARITHMETIC | {"RPAREN"}) or
                               (after is not None and after.kind in _ARITHMETIC)):
            fail(source, t.start, (after or t).end, "a bold letter is a vector or a matrix: its products, sums and "
                 "powers are not a number's (symdp reads scalars)")


_BARS = frozenset({"BAR", "ABSL", "ABSR"})


def _unbraced(tokens: list[Tok], k: int, j: int) -> tuple:
    """(start, end) of the bold letter at ``k`` (ending before ``j``) with the braces that hold it alone
    (``{\\mathbf{x}} + 1``, ``{\\textbf X}``): a group around one letter groups nothing away from its neighbours."""
    while k and j < len(tokens) and tokens[k - 1].kind == "LBRACE" and tokens[j].kind == "RBRACE" \
            and not (k > 1 and tokens[k - 2].kind in ("SUB", "SUP", "CMD", "FRAC", "SQRT", "RBRACE")):
        k, j = k - 1, j + 1
    return k, j


def _between_bars(tokens: list[Tok], k: int) -> bool:
    """Token ``k`` inside a pair of bars: an odd number of plain bars before it, or an open ``\\left|``/``\\lvert``."""
    before = tokens[:k]
    plain = sum(t.kind == "BAR" for t in before)
    opened = sum(t.kind == "ABSL" for t in before) - sum(t.kind == "ABSR" for t in before)
    return plain % 2 == 1 and any(t.kind == "BAR" for t in tokens[k + 1:]) or opened > 0


def _bold(t: Tok) -> bool:
    """A bold or arrowed letter (``\\mathbf{x}``, ``\\boldsymbol{\\mu}``, ``\\vec{v}``, ``\\textbf{x}``), primed or not."""
    if t.kind == "WORD":
        return t.cmd == "textbf" and len(t.text.strip()) == 1
    return t.kind == "NAME" and t.text.rstrip("'").endswith(("_bf", "_vec"))


def _beside(tokens: list[Tok], i: int, step: int):
    """The token beside position ``i`` (``i`` itself going right, ``i - 1`` going left) past braces and primes
    (``|{\\mathbf{R}}|``, ``|\\mathbf{R}'|``), or None."""
    i = i - 1 if step < 0 else i
    while 0 <= i < len(tokens) and tokens[i].kind in ("LBRACE", "RBRACE", "PRIME"):
        i += step
    return tokens[i] if 0 <= i < len(tokens) else None
