"""Names a display uses as quantities: an operand of ``+``, ``-``, ``\\cdot`` or ``/`` standing alone (``(1-p)``).

``\\log(\\frac{p (1-q)}{(1-p) q})``: ``p`` before parentheses is a function applied to them or ``p`` times them,
but the same display subtracts ``p`` from 1, so ``p`` is a number there, and a number times a sum is the reading
(as for a symbol the notation knows, :func:`.callrules.call_or_product`).  Only a bare use between an arithmetic
operator and an operator, a relation, a bracket or an end counts: ``= p \\delta`` (``p`` against another factor:
``p`` applied to ``\\delta`` without parentheses?) and ``p(x)`` do not; the function letters (f, g, h ...) never do.
"""
from __future__ import annotations

import sympy as sp

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
        before, after = _type(tokens, k - 1), _type(tokens, k + 1)
        if before in BEFORE and after in AFTER and (before in ARITHMETIC or after in ARITHMETIC):
            out.add(t.value.name)
    return frozenset(out)
