"""Sign claims with a finite sum over an integer range whose bound is a symbol: induction on the bound.

A claim ``F(m) >= 0`` on integers ``m >= m_0``, where ``F`` holds sums ``S(m) = Sum_{j=lo}^{m+c} a(j)`` (``a``,
``lo`` and ``c`` free of ``m``), follows from

* the base case ``F(m_0) >= 0`` (its sums finite, evaluated exactly), and
* the step ``F(m + 1) - F(m) >= 0`` for every integer ``m >= m_0`` (``<= M - 1`` on a bounded range),

since then ``F(m) >= F(m - 1) >= ... >= F(m_0) >= 0``.  ``S(m + 1) = S(m) + a(m + c + 1)`` holds for every
integer ``m`` under Karr's convention for sums, which SymPy's ``Sum`` follows (an empty or reversed range
included), so the step is ``F`` with each ``S`` replaced by a symbol ``s`` at ``m + 1`` (``s + a(m + c + 1)``)
minus the same at ``m``; the route applies only when every ``s`` cancels (``F`` linear in its sums with
coefficients free of ``m``: ``A(m) - Sum_{j=0}^{m-1} a(j)`` gives ``A(m + 1) - A(m) - a(m)``).  The step is a
closed form, so it is proved for every real ``m`` in the range (a superset of the integers there) by the sign
prover; a strict claim needs a strict base case, a nonpositive one the mirrored signs.

Where induction does not apply or fails, SymPy's closed-form summation (its convergence or degenerate-case
conditions discharged under the assumptions, :mod:`.conditions`) gives a closed form whose sign is proved on
the same real relaxation of the range.  Both are routes of the log (:meth:`.attempts.Attempts.route`): a
certificate replays the steps of the proof.  Induction is tried first: its two claims are small, where the
closed form of ``sum_{j<m} e^{j eps}`` against ``m e^{(m-1) eps}`` exhausts the claim's symbolic budget.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ...kernel.induction import step
from .conditions import discharge
from .pieces import restricted
from .provers import prove_sign

MAX_BASE_TERMS = 64
"""Terms a base case's sums may expand to (a first value far from the sums' lower limits is not tried)."""

_STEP = {"positive": "nonnegative", "nonnegative": "nonnegative", "negative": "nonpositive",
         "nonpositive": "nonpositive"}
"""The step's sign for each claimed sign: a strict claim gets its strictness from the base case."""


@dataclass(frozen=True)
class Bound:
    """The integer symbol ``m`` sums run to, its first value ``first`` and its last (``oo`` when unbounded)."""
    m: sp.Symbol
    first: sp.Integer
    last: sp.Expr


def applies(expr, domain: dict) -> bool:
    """``expr`` holds a Sum one of whose limits moves with an integer symbol of ``domain``."""
    return bool(expr.has(sp.Sum)) and bool(_bounds(expr, domain))


def prove(expr, sign: str, domain: dict, attempts) -> str | None:
    """A method showing ``expr`` has ``sign`` on ``domain`` by induction on a sum's bound, else by the sums'
    closed form; or None."""
    if sign not in _STEP:
        return None
    for bound in _bounds(expr, domain):
        found = attempts.route("induction", lambda b=bound: _by_induction(expr, sign, domain, attempts, b))
        if found or attempts.exhausted:
            return found
    for bound in _bounds(expr, domain):
        found = attempts.route("closed-form sum", lambda b=bound: _by_closed_form(expr, sign, domain, attempts, b))
        if found or attempts.exhausted:
            return found
    return None


# -- the bound ------------------------------------------------------------------------------------

def _bounds(expr, domain: dict) -> list:
    """Each integer symbol of ``domain`` that a sum's limits move with and that induction may run over: an
    interval with constant ends and a finite start, on which no other interval depends."""
    moving = set().union(*(_limit_symbols(s) for s in expr.atoms(sp.Sum)))
    out = []
    for m in sorted(moving & set(domain), key=str):
        iv = domain[m]
        if not m.is_integer or not isinstance(iv, sp.Interval) or iv.free_symbols or not iv.start.is_finite:
            continue
        if any(m in other.free_symbols for t, other in domain.items() if t != m):
            continue
        first = sp.ceiling(iv.start) + (1 if iv.left_open and iv.start.is_integer else 0)
        last = sp.floor(iv.end) - (1 if iv.right_open and iv.end.is_integer else 0) if iv.end.is_finite else sp.oo
        if first <= last:
            out.append(Bound(m, sp.Integer(first), last))
    return out


def _limit_symbols(s: sp.Sum) -> set:
    return set().union(*(set().union(*(sp.sympify(e).free_symbols for e in lim[1:])) for lim in s.limits))


def _relaxed(domain: dict, bound: Bound, last) -> tuple:
    """(real stand-in for m, the domain with m real on [first, last]): a superset of the integers there."""
    rest = {t: iv for t, iv in domain.items() if t != bound.m}
    taken = {t.name for t in rest} | {t.name for iv in rest.values() for t in iv.free_symbols}
    name = bound.m.name
    while name in taken:   # a real m of the claim's own stays apart from the stand-in
        name += "'"
    real = sp.Symbol(name, real=True)
    return real, {**rest, real: sp.Interval(bound.first, last)}


# -- induction --------------------------------------------------------------------------------------

def _by_induction(expr, sign, domain, attempts, bound: Bound):
    gain = attempts.call(f"induction step in {bound.m}", lambda: _step(expr, bound.m))
    if gain is None:
        return None
    base = attempts.call(f"base case {bound.m} = {bound.first}", lambda: _at(expr, bound.m, bound.first))
    if base is None:
        return None
    rest = {t: iv for t, iv in domain.items() if t != bound.m}
    why_base = prove_sign(base, sign, restricted(rest, base.free_symbols), attempts)
    if not why_base or bound.last == bound.first:
        return why_base and f"{bound.m} = {bound.first} only: {why_base}"
    real, relaxed = _relaxed(domain, bound, bound.last - 1)
    why_step = prove_sign(gain.xreplace({_plain(bound.m): real}), _STEP[sign], relaxed, attempts)
    if not why_step:
        return None
    return (f"induction on {bound.m} >= {bound.first}: the first value {sp.sstr(base)} {sign} ({why_base}); the step "
            f"F({bound.m} + 1) - F({bound.m}) = {sp.sstr(gain)} {_STEP[sign]} for real {bound.m} >= {bound.first} "
            f"({why_step})")


def _step(expr, m):
    """F(m + 1) - F(m) by the kernel's rule (:func:`symdp.kernel.induction.step`), over ``m`` as a plain integer
    (:func:`_plain`): m's own assumptions (positive) would let SymPy write |m + 1 - 2| as m - 1, false at an
    interval's first value they exclude (the kernel review of 2026-12-06); or None."""
    return step(expr.xreplace({m: _plain(m)}), _plain(m))


def _plain(m):
    """``m`` with no assumption but being an integer."""
    return sp.Symbol(m.name, integer=True)


def _at(expr, m, value):
    """``expr`` at m = value, its sums (now with constant ranges) evaluated term by term."""
    at = expr.xreplace({m: value})
    for s in at.atoms(sp.Sum):
        for _, lo, hi in s.limits:
            if not (lo.is_Integer and hi.is_Integer) or abs(hi - lo) > MAX_BASE_TERMS:
                return None
    return sp.expand(discharge(at.doit(), strict=True))


# -- the closed form --------------------------------------------------------------------------------

def _by_closed_form(expr, sign, domain, attempts, bound: Bound):
    closed = attempts.call("closed-form sum", lambda: _summed(expr))
    if closed is None:
        return None
    real, relaxed = _relaxed(domain, bound, bound.last)
    why = prove_sign(closed.xreplace({bound.m: real}), sign, relaxed, attempts)
    return (f"the sums in closed form (SymPy's summation), {sign} for real {bound.m} >= {bound.first}: "
            f"{sp.sstr(closed)} ({why})") if why else None


def _summed(expr):
    """``expr`` with its sums in closed form, their conditions discharged; None where a sum stays."""
    done = discharge(expr.doit(), strict=True)
    return None if done.has(sp.Sum) else sp.cancel(sp.together(done))

