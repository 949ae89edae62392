"""The rule ``induction``: a claim with finite sums whose bound is an integer symbol, by induction on it.

For ``F(m) >= 0`` (``> 0``) at every integer ``m`` of ``[first, last]`` (the integers of ``m``'s interval, ``last``
possibly ``oo``), where each sum of ``F`` is ``Sum(a(j), (j, lo, m + c))`` (``a``, ``lo`` free of ``m``, ``c`` an
integer) or free of ``m``: the *base* premise proves ``F(first)`` with the claim's relation on the domain without
``m``, each sum (now over a constant range of at most :data:`MAX_TERMS` terms) written out; the *step* premise
proves ``F(m + 1) - F(m) >= 0`` for every *real* ``m`` in ``[first, last - 1]`` (a superset of its integers), the
step being ``F`` with each sum ``S`` as a fresh ``s`` at ``m + 1`` (``s + a(m + c + 1)``: SymPy's ``Sum`` follows
Karr's convention, under which ``S(m + 1) = S(m) + a(m + c + 1)`` at every integer ``m``) minus the same at ``m``,
every ``s`` cancelled; ``m`` is a plain integer there (its own assumptions, ``positive``, would let SymPy simplify
``|m + 1 - 2|`` to ``m - 1``, false at the first value 0 of an interval they exclude part of).  ``F`` must read
defined on the range: its terms off the sums (each sum a real number) for every real ``m`` in ``[first, last]``, each
sum's next term ``a(m + c + 1)`` for every real ``m`` in ``[first, last - 1]``.  Then ``F(m) = F(first) +
sum_{k < m} (F(k + 1) - F(k))`` has the claim's sign.
"""
from __future__ import annotations

import sympy as sp

from .claim import Claim
from .signs import Reader

MAX_TERMS = 64
"""Terms a base case's sum may have when written out."""


def induction_claims(node, claim):
    """(base claim, step claim) for an ``induction`` node, or a str saying why the rule does not apply."""
    placed = _placed(node, claim)
    if isinstance(placed, str):
        return placed
    m, first, last, rest = placed
    k = sp.Dummy(m.name, integer=True)   # m's other assumptions (positive) must not shape the step below first
    goal = sp.sympify(claim.goal).xreplace({m: k})
    base, gain = _written_out(goal.xreplace({k: first})), step(goal, k)
    if base is None or gain is None:
        return "a sum does not gain one term a step (its summand or lower limit moves) or does not cancel, or a " \
               f"base case's sum is not over at most {MAX_TERMS} integers"
    if not _defined(goal, k, first, last, rest):
        return f"the goal is not shown defined at every {m} of its range (its terms off the sums, and each sum's " \
               "next term, read by the sign table with the sums as real numbers)"
    real = sp.Dummy(m.name, real=True)
    relaxed = {**rest, real: sp.Interval(first, last - 1)}
    return (Claim(base, ">" if claim.strict else ">=", sp.Integer(0), tuple(rest.items())),
            Claim(gain.xreplace({k: real}), ">=", sp.Integer(0), tuple(relaxed.items())))


def _defined(goal, k, first, last, rest) -> bool:
    """``F`` is defined at every integer of [first, last]: its terms off the sums (each sum a real number) and each
    sum's next term read real by the table for every real k there; the base premise reads the first sums written
    out, and ``S(k + 1) = S(k) + a(k + c + 1)`` adds one defined term a step.  (The step itself is expanded, which
    may cancel a pole of F(k + 1) against one of F(k): it shows nothing of F's own definedness.)"""
    real = sp.Dummy(k.name, real=True)
    sums = {s: sp.Dummy("S", real=True) for s in goal.atoms(sp.Sum)}
    off = goal.xreplace(sums).xreplace({k: real})
    nexts = [next_term(s, k).xreplace({k: real}) for s in sums]
    reader = Reader(())
    return reader.real(off, {**rest, real: sp.Interval(first, last)}) and \
        all(reader.real(t, {**rest, real: sp.Interval(first, last - 1)}) for t in nexts)


def _placed(node, claim):
    """(m, first, last, the other intervals), or why not."""
    domain = dict(claim.domain)
    found = [s for s in domain if s.name == node.symbol]
    if claim.relation == "=" or len(found) != 1 or found[0].is_integer is not True:
        return "induction proves inequalities, on one integer symbol of the domain"
    m, iv = found[0], domain[found[0]]
    rest = {k: v for k, v in domain.items() if k != m}
    if not isinstance(iv, sp.Interval) or iv.free_symbols or not iv.start.is_finite or \
            any(m in v.free_symbols for v in rest.values()):
        return f"{m}'s interval has a symbol or an infinite start, or another interval mentions {m}"
    first = sp.ceiling(iv.start) + (1 if iv.left_open and iv.start.is_integer else 0)
    last = sp.floor(iv.end) - (1 if iv.right_open and iv.end.is_integer else 0) if iv.end.is_finite else sp.oo
    if not first < last:
        return f"{m} takes fewer than two integer values (no step)"
    return m, sp.Integer(first), last, rest


def _written_out(expr):
    """``expr`` with each sum over a constant integer range of at most :data:`MAX_TERMS` terms written out; None
    where a sum is not."""
    sums = expr.atoms(sp.Sum)
    if any(len(s.limits) != 1 or len(s.limits[0]) != 3 or not all(e.is_Integer for e in s.limits[0][1:]) or
           not -1 <= s.limits[0][2] - s.limits[0][1] < MAX_TERMS for s in sums):   # Karr: hi = lo - 1 is empty
        return None
    return expr.xreplace({s: sp.Add(*[s.function.xreplace({s.limits[0][0]: j})
                                       for j in range(s.limits[0][1], s.limits[0][2] + 1)]) for s in sums})


def step(expr, m):
    """F(m + 1) - F(m) with every sum cancelled (after expanding, else over one cancelled denominator), or None when a
    sum does not gain one term a step or does not cancel.  ``m`` should carry no sign assumption (see above)."""
    sums = sorted(expr.atoms(sp.Sum), key=sp.default_sort_key)
    names = {s: sp.Dummy("S") for s in sums}
    grown = {}
    for s in sums:
        term = next_term(s, m)
        if term is None:
            return None
        grown[names[s]] = names[s] + term
    phi = expr.xreplace(names)
    gain = sp.expand(phi.xreplace({m: m + 1}).xreplace(grown) - phi)
    if gain.free_symbols & set(names.values()):
        gain = sp.cancel(sp.together(gain))
    return None if gain.free_symbols & set(names.values()) else gain


def next_term(s, m):
    """a(hi + 1) for ``s = Sum(a, (j, lo, hi))`` with ``hi - m`` an integer free of m and ``a``, ``lo`` free of m;
    0 for a sum free of m; else None."""
    if m not in s.free_symbols:
        return sp.Integer(0)
    if len(s.limits) != 1 or len(s.limits[0]) != 3:
        return None
    j, lo, hi = s.limits[0]
    shift = sp.expand(hi - m)
    if m in s.function.free_symbols or m in sp.sympify(lo).free_symbols or m in shift.free_symbols or \
            shift.is_integer is not True:
        return None
    return s.function.xreplace({j: hi + 1})
