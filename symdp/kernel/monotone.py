"""The rule ``monotone``: a goal beyond its value at an end of one symbol's interval (docs/proof-format.md).

For ``g > 0`` (``>= 0``) on the domain: at the lower end ``a`` of ``s``'s interval, the *value* premise proves
``g(a) >= 0`` on the domain without ``s`` (``g(a) > 0`` for a strict claim where ``a`` is included), and the
*slope* premise proves ``dg/ds > 0`` (``>= 0``) on the domain; at the upper end ``b``, the same with
``-dg/ds``.  Then ``g(s) = g(a) + int_a^s g'`` holds because ``g`` is continuous up to the end: every node of
``g`` with ``s = a`` put in *unevaluated* is shown defined by the table (``Reader.real``), and each function of
the table is continuous where it is defined; inside, ``g`` and ``dg/ds`` *as written* read defined (before any
rewrite, which may cancel a singular point: ``atan(1/(s - 1/2))``), so ``g`` is differentiable there.  ``s`` is
replaced by a plain real symbol on its whole interval (its own assumptions, ``positive``, may exclude part of the
interval the integral crosses).  No other interval may mention ``s``.
"""
from __future__ import annotations

import sympy as sp

from .claim import Claim
from .signs import Reader


def premises(node, claim):
    """(value claim, slope claim), or a str saying why the rule does not apply."""
    domain = dict(claim.domain)
    found = [s for s in domain if str(s) == node.symbol]
    if claim.relation == "=" or len(found) != 1 or node.end not in ("lower", "upper"):
        return "monotone proves inequalities, from the lower or upper end of one symbol of the domain"
    s = found[0]
    iv, rest = domain[s], {k: v for k, v in domain.items() if k != s}
    if not isinstance(iv, sp.Interval) or any(s in v.free_symbols for v in [iv, *rest.values()]):
        return f"{s}'s interval mentions {s}, or another interval does"
    at, is_open = (iv.start, iv.left_open) if node.end == "lower" else (iv.end, iv.right_open)
    if not at.is_finite:
        return f"the {node.end} end of {s}'s interval is infinite"
    r = sp.Dummy(str(s), real=True)   # the whole interval, whatever s's own assumptions exclude of it
    g, plain = sp.sympify(claim.goal).xreplace({s: r}), {**rest, r: iv}
    with sp.evaluate(False):
        unevaluated = g.xreplace({r: at})
    slope = sp.diff(g, r) * (1 if node.end == "lower" else -1)
    reader = Reader(())
    if not reader.real(unevaluated, rest):
        return f"the goal is not shown defined at {s} = {at} (every node, unevaluated)"
    if not (reader.real(g, plain) and reader.real(slope, plain)):
        return f"the goal and its slope are not shown defined, as written, on {s}'s whole interval"
    value = Claim(g.xreplace({r: at}), ">" if claim.strict and not is_open else ">=", sp.Integer(0),
                  tuple(rest.items()))
    return value, Claim(slope, ">" if claim.strict else ">=", sp.Integer(0), tuple(plain.items()))
