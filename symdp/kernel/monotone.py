"""The rule ``monotone``: a goal beyond its value at an end of one symbol's interval (docs/proof-format.md).

For ``g > 0`` (``>= 0``) on the domain: at the lower end ``a`` of ``s``'s interval, the *value* premise proves
``g(a) >= 0`` on the domain without ``s`` (``g(a) > 0`` for a strict claim where ``a`` is included), and the
*slope* premise proves ``dg/ds > 0`` (``>= 0``) on the domain; at the upper end ``b``, the same with
``-dg/ds``.  Then ``g(s) = g(a) + int_a^s g'`` holds because ``g`` is continuous up to the end: every node of
``g`` with ``s = a`` put in *unevaluated* is shown defined by the table (``Reader.real``), and each function of
the table is continuous where it is defined; inside, ``g`` and ``dg/ds`` *as written* read defined (before any
rewrite, which may cancel a singular point: ``atan(1/(s - 1/2))``), so ``g`` is differentiable there.  ``s`` is
replaced by a plain real symbol on its whole interval (its own assumptions, ``positive``, may exclude part of the
interval the integral crosses).  No other interval may mention ``s``.  At an open end where the goal is not
defined (an infinite end, a removable singularity), a ``limit`` node gives its value there: ``sympy.limit`` is
asked again and must give the recorded answer (the proof then trusts ``sympy.limit``).
"""
from __future__ import annotations

import sympy as sp

from .algebra import canonical, spelled
from .claim import Claim
from .proof import Limit
from .signs import Reader, excluded


def premises(node, claim):
    """(value claim, slope claim), or a str saying why the rule does not apply."""
    placed = _placed(claim, node.symbol, node.end)
    if isinstance(placed, str):
        return placed
    s, iv, rest, at, is_open = placed
    by_limit = isinstance(node.value, Limit)
    if by_limit and not is_open:
        return f"a limit node stands at an open end; {s}'s interval includes {at}, where the goal's own value counts"
    if not (at.is_finite or by_limit):
        return f"the {node.end} end of {s}'s interval is infinite (a limit node gives the goal's value there)"
    r = sp.Dummy(s.name, real=True)   # the whole interval, whatever s's own assumptions exclude of it
    g, plain = sp.sympify(claim.goal).xreplace({s: r}), {**rest, r: iv}
    with sp.evaluate(False):
        unevaluated = g.xreplace({r: at})
    slope = sp.diff(g, r) * (1 if node.end == "lower" else -1)
    reader = Reader(())
    if not (by_limit or reader.real(unevaluated, rest)):
        return f"the goal is not shown defined at {s} = {at} (every node, unevaluated)"
    if not (reader.real(g, plain) and reader.real(slope, plain)):
        return f"the goal and its slope are not shown defined, as written, on {s}'s whole interval"
    value = limit_value(node.value.answer, g, r, at, node.end, rest) if by_limit else g.xreplace({r: at})
    if isinstance(value, str):
        return value
    value = Claim(value, ">" if claim.strict and not is_open else ">=", sp.Integer(0), tuple(rest.items()))
    return value, Claim(slope, ">" if claim.strict else ">=", sp.Integer(0), tuple(plain.items()))


def _placed(claim, symbol: str, end: str):
    """(s, its interval, the other intervals, the end, whether it is open), or why the rule does not apply."""
    domain = dict(claim.domain)
    found = [s for s in domain if s.name == symbol]   # a Dummy (a nested premise's symbol) by its name
    if claim.relation == "=" or len(found) != 1 or end not in ("lower", "upper"):
        return "monotone proves inequalities, from the lower or upper end of one symbol of the domain"
    s = found[0]
    iv, rest = domain[s], {k: v for k, v in domain.items() if k != s}
    if not isinstance(iv, sp.Interval) or any(s in v.free_symbols for v in [iv, *rest.values()]):
        return f"{s}'s interval mentions {s}, or another interval does"
    return (s, iv, rest, iv.start, iv.left_open) if end == "lower" else (s, iv, rest, iv.end, iv.right_open)


def end_limit(claim, symbol: str, end: str) -> str:
    """The answer a ``limit`` node records for ``claim``'s goal at that end of ``symbol``'s interval, asked as the
    kernel asks it (for the exporter), or "" when the rule does not apply."""
    placed = _placed(claim, symbol, end)
    if isinstance(placed, str):
        return ""
    s, _, _, at, _ = placed
    r = sp.Dummy(s.name, real=True)
    return canonical(ask_limit(sp.sympify(claim.goal).xreplace({s: r}), r, at, end))


def ask_limit(g, r, at, end):
    """``sympy.limit`` of ``g`` as ``r`` tends to ``at`` from inside the interval (from above at a ``lower`` end)."""
    return sp.limit(g, r, at, "+" if end == "lower" else "-")


def limit_value(answer: str, g, r, at, end, rest):
    """The limit of ``g`` as ``r`` tends to ``at`` from inside the interval (from above at a ``lower`` end), by
    ``sympy.limit`` (the trust base), when it is the ``answer`` the proof records and a finite expression; else why
    not.  At an open end the goal tends to it, and ``g(s) = L + int g'`` (an improper integral at an infinite end)
    gives the claim with the slope's sign; a ``primitive`` node takes a primitive's value at an end alike."""
    if any(excluded(v, iv, rest) for v, iv in rest.items()):   # SymPy's limit reads their assumptions, not intervals
        return "another symbol's interval leaves its own assumptions (sympy.limit would read the assumptions)"
    found = ask_limit(g, r, at, end)
    if not spelled(answer, found):
        return f"sympy.limit gives {sp.sstr(found)} at {at}, the proof records another answer"
    if found.has(sp.oo, -sp.oo, sp.zoo, sp.nan, sp.AccumBounds, sp.Limit) or r in found.free_symbols:
        return f"the goal's limit at {at} is not a finite expression ({sp.sstr(found)})"
    return found

