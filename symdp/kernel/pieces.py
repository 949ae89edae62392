"""The rule ``pieces``: a goal with ``Piecewise`` atoms, cut at points of one symbol's interval.

Cut points ``c_1 < ... < c_k`` (``k >= 0``) inside the interval of ``s`` split it into regions ``[lo, c_1), (c_1, c_2), ...,
(c_k, hi]`` (each end as the interval has it) and the points themselves: every value of ``s`` is in exactly one.
On each region, and at each point (``s`` put in, on the domain without it), every ``Piecewise`` of the goal is
replaced by its *active* piece: the first whose condition the table shows true at every point there, every
condition before it shown false at every point there (a condition's relation ``L REL R`` is read as the sign of
``L - R`` by :class:`.signs.Reader`; ``And``, ``Or``, ``Not`` combine them).  A condition the table cannot decide
there rejects the proof.  One premise per region and point, in order along ``s`` (region, point, region, ...,
region), proves the claim with its pieces fixed, on that part of the domain.
"""
from __future__ import annotations

import sympy as sp

from .claim import Claim
from .signs import NEG, POS, ZERO, Reader
from .srepr import read


def piece_claims(node, claim):
    """The premises' claims in order along the symbol, or a str saying why the rule does not apply."""
    domain = dict(claim.domain)
    found = [s for s in domain if s.name == node.symbol]
    if len(found) != 1 or not isinstance(domain[found[0]], sp.Interval):
        return "pieces cut one symbol of the domain with an interval (at no point: the pieces fixed on the whole domain)"
    s = found[0]
    iv, rest = domain[s], {k: v for k, v in domain.items() if k != s}
    if any(s in v.free_symbols for v in [iv, *rest.values()]):
        return f"{s}'s interval mentions {s}, or another interval does"
    try:
        cuts = [read(c) for c in node.cuts]
    except ValueError as exc:
        return f"a cut point: {exc}"
    if not all(Reader(()).real(c, rest) for c in cuts) or _bound(sp.sympify(claim.goal), domain):
        return "a cut point is not shown real, or a Piecewise lies under a bound variable (an integral's or a sum's)"
    ends = [iv.start, *cuts, iv.end]
    increasing = all(a == -sp.oo or b == sp.oo or Reader(()).sign(b - a, rest) == POS for a, b in zip(ends, ends[1:]))
    if any(c.free_symbols - set(rest) for c in cuts) or not increasing:
        return "the cut points are not shown strictly increasing inside the interval"
    parts = []
    for i, (a, b) in enumerate(zip(ends, ends[1:])):
        region = sp.Interval(a, b, iv.left_open if i == 0 else True, iv.right_open if i == len(cuts) else True)
        parts.append((claim.goal, {**rest, s: region}))
        if i < len(cuts):
            with sp.evaluate(False):
                parts.append((sp.sympify(claim.goal).xreplace({s: b}), rest))
    return _fixed(parts, claim)


def _bound(goal, domain) -> bool:
    """A Piecewise of ``goal`` lies inside an integral, sum or product, or its conditions mention a symbol the
    domain does not give (a bound variable's conditions are not the domain's to decide)."""
    inside = any(e.has(sp.Piecewise) for e in goal.atoms(sp.Integral, sp.Sum, sp.Product))
    free = {s for p in goal.atoms(sp.Piecewise) for _, c in p.args for s in c.free_symbols}
    return inside or not free <= set(domain)


def _fixed(parts, claim):
    """Each part's claim: the goal with its pieces fixed there (its relation; the goal's sign for an inequality)."""
    out = []
    for goal, domain in parts:
        fixed = _active(sp.sympify(goal), domain)
        if isinstance(fixed, str):
            return fixed
        relation = "=" if claim.relation == "=" else (">" if claim.strict else ">=")
        out.append(Claim(fixed, relation, sp.Integer(0), tuple(domain.items())))
    return out


def _active(goal, domain):
    """``goal`` with every Piecewise replaced by its active piece on ``domain`` (rebuilt, so evaluated), or why not."""
    def pick(*args):
        for value, cond in args:
            truth = _truth(cond, domain)
            if truth is None:
                raise _Undecided(f"the condition {sp.sstr(cond)} is not decided on {_said(domain)}")
            if truth:
                return value
        raise _Undecided(f"no piece is active on {_said(domain)}")
    try:
        return _rebuilt(goal.replace(lambda e: isinstance(e, sp.Piecewise), lambda e: pick(*e.args)))
    except _Undecided as exc:
        return str(exc)


class _Undecided(Exception):
    pass


def _truth(cond, domain):
    """True, False or None (not decided): ``cond`` at every point of ``domain``, by the table."""
    if cond in (sp.true, sp.false):
        return bool(cond)
    if isinstance(cond, (sp.And, sp.Or)):
        truths = [_truth(c, domain) for c in cond.args]
        want = isinstance(cond, sp.And)
        return (not want) if (not want) in truths else (want if None not in truths else None)
    if isinstance(cond, sp.Not):
        inner = _truth(cond.args[0], domain)
        return None if inner is None else not inner
    if not isinstance(cond, sp.core.relational.Relational):
        return None
    sign = Reader(()).sign(_rebuilt(sp.sympify(cond.lhs - cond.rhs)), domain)
    return None if sign is None else _RELATION[type(cond)](sign)


_RELATION = {
    sp.GreaterThan: lambda g: True if g[0] else (False if g == NEG else None),
    sp.StrictGreaterThan: lambda g: True if g == POS else (False if g[1] else None),
    sp.LessThan: lambda g: True if g[1] else (False if g == POS else None),
    sp.StrictLessThan: lambda g: True if g == NEG else (False if g[0] else None),
    sp.Equality: lambda g: True if g == ZERO else (False if g[2] else None),
    sp.Unequality: lambda g: False if g == ZERO else (True if g[2] else None),
}
"""A relation ``L REL R`` from the sign (>= 0, <= 0, != 0) of ``L - R``."""


def _rebuilt(e):
    return e if e.is_Atom else e.func(*(_rebuilt(a) for a in e.args))


def _said(domain) -> str:
    return ", ".join(f"{s} in {iv}" for s, iv in domain.items()) or "the domain"
