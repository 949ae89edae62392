"""Names a display uses as quantities: an operand of ``+``, ``-``, ``\\cdot`` or ``/`` standing alone (``(1-p)``).

``\\log(\\frac{p (1-q)}{(1-p) q})``: ``p`` before parentheses is a function applied to them or ``p`` times them,
but the same display subtracts ``p`` from 1, so ``p`` is a number there, and a number times a sum is the reading
(as for a symbol the notation knows, :func:`.callrules.call_or_product`).  Only a bare use between an arithmetic
operator and an operator, a relation, a bracket or an end counts: ``= p \\delta`` (``p`` against another factor:
``p`` applied to ``\\delta`` without parentheses?) and ``p(x)`` do not; the function letters (f, g, h ...) never do.

A bound by a number (``0 < c < 1``, ``w \\ge 0``) alone makes no number: authors bound functions so (a nonnegative
weight ``w``, a survival function ``0 \\le S \\le 1``).  A bounded name counts only when the same formula also
writes it as a factor (``c x + c(x - 1)``, :func:`numbers`).
"""
from __future__ import annotations

import sympy as sp

from .groups import token_kind, token_text

ARITHMETIC = frozenset({"PLUS", "MINUS", "MUL", "DIV"})
"""Operators whose operands are numbers."""
BEFORE = ARITHMETIC | {None, "REL", "LPAREN", "LBRACE", "LBRACK", "COMMA"}
AFTER = ARITHMETIC | {None, "REL", "RPAREN", "RBRACE", "RBRACK", "COMMA"}
"""What may stand before and after such an operand (never ``(`` after it: that is the place in question)."""


def _type(tokens: list, k: int):
    return tokens[k].type if 0 <= k < len(tokens) else None


def quantities(tokens: list) -> frozenset:
    """The names (symbol names) some bare occurrence of which in ``tokens`` (grammar tokens) is an arithmetic
    operand: an arithmetic operator on one side, an operator, relation, bracket or end on the other."""
    out = set()
    for k, t in enumerate(tokens):
        if t.type not in ("NAME", "SYM") or not isinstance(t.value, sp.Symbol):
            continue
        if _operand(_type(tokens, k - 1), _type(tokens, k + 1), _type(tokens, k - 2)):
            out.add(t.value.name)
    return frozenset(out) | numbers(tokens, bounded(tokens)) | variables(tokens)


def variables(tokens: list) -> frozenset:
    """The names a display integrates over (``dx``) or takes a limit in (``\\lim_{x \\to \\infty}``): real variables,
    numbers, so ``e^{x(t - \\lambda)}`` under ``\\int ... dx`` is x times the sum, never a function x."""
    out = {str(t.value) for t in tokens if t.type == "DIFF"}
    for k, t in enumerate(tokens[:-4]):
        if t.type == "BIG" and t.value[0] == "lim" and [u.type for u in tokens[k + 1:k + 5]] == \
                ["SUB", "LBRACE", "NAME", "REL"] and str(tokens[k + 4].value).startswith("tends"):
            out.add(tokens[k + 3].value.name if isinstance(tokens[k + 3].value, sp.Symbol) else str(tokens[k + 3].value))
    return frozenset(out)


def numbers(tokens: list, bound) -> frozenset:
    """The names of ``bound`` (names a relation bounds by a number) that ``tokens`` also write as a factor: bare,
    neither a bound nor a subscript, and followed by no ``(`` or script (``c x``, ``2 c``, ``\\frac{c}{2}``), so a
    number there, and a number before parentheses too.  A function is bounded the same way (``w \\ge 0``) but is
    not written as a factor."""
    return frozenset(token_text(t) for k, t in enumerate(tokens) if token_text(t) in bound and _factor(tokens, k))


def _factor(tokens: list, k: int) -> bool:
    if token_kind(tokens[k]) not in ("NAME", "SYM") or _bare(tokens, k) or _kind(tokens, k + 1) in ("LPAREN", "SUP",
                                                                                                    "SUB"):
        return False
    return _kind(tokens, k - 1) != "SUB" and not (_kind(tokens, k - 1) == "LBRACE" and _kind(tokens, k - 2) == "SUB")


def bounded(tokens: list) -> frozenset:
    """The names a relation bounds by a number (``0 < c < 1``, ``c \\ge 2``), a number or a function (see
    :func:`numbers`).  The name stands alone between the relation and another relation, a comma or an end (raw
    tokens or the grammar's)."""
    out = set()
    for k, t in enumerate(tokens):
        if token_kind(t) not in ("NAME", "SYM") or not _bare(tokens, k):
            continue
        if (_kind(tokens, k - 1) == "REL" and _kind(tokens, k - 2) == "NUMBER" and _kind(tokens, k - 3) in _EDGE) or \
                (_kind(tokens, k + 1) == "REL" and _kind(tokens, k + 2) == "NUMBER" and _kind(tokens, k + 3) in _EDGE):
            out.add(token_text(t))
    return frozenset(out)


_EDGE = frozenset({None, "REL", "COMMA", "GAP", "AMP", "NEWROW", "END_CASES"})
"""What ends a bound's number (``0 <``, ``< 1,``): not an operator (``0.5 c < 1 + x`` bounds no c by a number)."""


def _kind(tokens: list, k: int):
    return token_kind(tokens[k]) if 0 <= k < len(tokens) else None


def _bare(tokens: list, k: int) -> bool:
    """The name at ``k`` with a relation on one side and a relation, a separator or an end on the other."""
    before, after = _kind(tokens, k - 1), _kind(tokens, k + 1)
    return "REL" in (before, after) and before in _EDGE | {"REL"} and after in _EDGE | {"REL"}


def raw_quantities(segments: list) -> frozenset:
    """The one-letter names some member of a display (raw tokens, one list per member) writes bare as an arithmetic
    operand (``(x + y)``), as :func:`quantities` finds them in the member being read: numbers in every member."""
    out = set()
    for seg in segments:
        kinds = [None, None, *(t.kind for t in seg), None]
        out |= {t.text for k, t in enumerate(seg) if t.kind == "NAME" and len(t.text) == 1 and t.text.isalpha()
                and _operand(kinds[k + 1], kinds[k + 3], kinds[k])}
    return frozenset(out)


def _operand(before, after, opening=None) -> bool:
    """Between these kinds a bare name is an arithmetic operand: an arithmetic operator on one side, an operator,
    a relation, a bracket or an end on the other; or alone in the braces of a fraction's part or a root
    (``\\frac{T}{K^2}``, ``\\frac{1}{T}``, ``\\sqrt{T}``: ``opening`` is what stands before the brace)."""
    if before == "LBRACE" and after == "RBRACE" and opening in ("FRAC", "RBRACE", "SQRT"):
        return True
    return before in BEFORE and after in AFTER and (before in ARITHMETIC or after in ARITHMETIC)
