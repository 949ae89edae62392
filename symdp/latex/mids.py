"""``-\\mid k \\mid``: an absolute value written with two ``\\mid`` bars (tumult-core's double-sided geometric pmf).

``\\mid`` is the bar of a conditional probability (``P(A \\mid B)``), of a set-builder (``\\{x \\mid x > 0\\}``) or
of divisibility (``a \\mid b``): in each the first bar follows an operand.  Two bars at one level of a group, the
first after an operator, a relation, an opening or the start (where no such bar can stand) and the second before
a closing, an operator, a relation or the end, around an operand with no relation and no other bar inside, can
only enclose that operand: they are read as ``|...|``.  Any other ``\\mid`` stays "not a formula".
"""
from __future__ import annotations

from .lexer import Tok

OPENERS = frozenset({None, "PLUS", "MINUS", "MUL", "DIV", "REL", "LPAREN", "LBRACE", "LBRACK", "COMMA", "AMP"})
CLOSERS = frozenset({None, "PLUS", "MINUS", "MUL", "DIV", "REL", "RPAREN", "RBRACE", "RBRACK", "COMMA", "AMP"})
_OPEN = ("LPAREN", "LBRACE", "LBRACK", "LSET")
_CLOSE = ("RPAREN", "RBRACE", "RBRACK", "RSET")


def _mid(t) -> bool:
    return t.kind == "CMD" and t.text == r"\mid"


def _kind(tokens: list[Tok], k: int):
    return tokens[k].kind if 0 <= k < len(tokens) else None


def _partner(tokens: list[Tok], k: int) -> int | None:
    """The index of the ``\\mid`` closing the one at ``k`` at the same level, with nothing barred between, or None."""
    depth = 0
    for j in range(k + 1, len(tokens)):
        t = tokens[j]
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        if depth < 0 or t.kind in ("REL", "IN", "BAR", "COLON") or (depth and _mid(t)):
            return None
        if depth == 0 and _mid(t):
            return j if j > k + 1 and _kind(tokens, j + 1) in CLOSERS else None
    return None


def paired_mids(tokens: list[Tok]) -> list[Tok]:
    """``tokens`` with each pair of ``\\mid`` bars enclosing an operand (see above) as two ``|`` BAR tokens."""
    out = list(tokens)
    k = 0
    while k < len(out):
        j = _partner(out, k) if _mid(out[k]) and _kind(out, k - 1) in OPENERS else None
        if j is not None:
            for m in (k, j):
                out[m] = Tok("BAR", "|", out[m].start, out[m].end, out[m].spaced, out[m].cmd)
            k = j
        k += 1
    return out
