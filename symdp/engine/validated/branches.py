"""Kinks resolved box by box: where every kink keeps one branch on a box, f is one smooth expression there.

A claim with ``|a|``, ``max``/``min`` or a Piecewise is not smooth, so the derivative rules of
:mod:`.rules` cannot take it whole (SymPy differentiates a Piecewise piece by piece, across its jumps).
On a closed box where the enclosure of every switch has one sign, each kink equals one of its arguments
at every point of the box: ``|a| = a`` where ``a >= 0``; ``max(a, b) = a`` where ``a - b >= 0`` (the two
agree where the switch is 0, so a closed half suffices); a Piecewise equals the first piece whose condition
is certainly true when every earlier condition is certainly false.  Then f equals the smooth branch g on
the box, and a derivative rule that shows g's sign on the box shows f's.  The choice is read from arb
enclosures at the problem's fixed precision, so a replay makes the same choice.
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from ..enclose.arb import NotRigorous, compile_expr, precision, to_arb
from ..enclose.arb_logic import condition

KINKS = (sp.Abs, sp.Max, sp.Min, sp.Piecewise)
"""The kinks resolved per box; any other nonsmooth atom (floor, sign, ...) leaves f to enclosures."""
UNRESOLVED = (sp.sign, sp.Heaviside, sp.floor, sp.ceiling, sp.frac, sp.DiracDelta, sp.Derivative, sp.Subs)
MAX_KINKS = 12
"""More kinks than this are not resolved (each is one enclosure per box)."""


class Branches:
    """The kinks of ``f`` (original symbols) with deciders over the chart's coordinates.

    Kinks are decided innermost first, and an outer kink is decided on its arguments with the inner kinks
    already replaced by their branches (``min(1, max(0, 2a - 1))`` on a box where 2a - 1 >= 0 is decided on
    1 - (2a - 1), which is affine and so decided exactly)."""

    def __init__(self, f, chart):
        self.f, self.chart = f, chart
        self.kinks = sorted(f.atoms(*KINKS), key=lambda k: (len(k.atoms(*KINKS)), sp.default_sort_key(k)))
        self.ok = bool(self.kinks) and len(self.kinks) <= MAX_KINKS and not f.has(*UNRESOLVED)
        self._deciders: dict = {}
        self._tables: dict = {}
        self._resolutions: dict = {}

    def _decider(self, kink):
        if kink not in self._deciders:
            try:
                self._deciders[kink] = _decider(kink.xreplace(self.chart.forward), self.chart.coords)
            except (NotRigorous, RecursionError, TypeError, KeyError):
                self._deciders[kink] = None
        return self._deciders[kink]

    def choose(self, box: tuple, balls: dict, prec: int) -> tuple | None:
        """Per kink, the index of the argument (or piece) it equals on the whole ``box`` (rational ends; ``balls``
        the same box as arb balls), or None."""
        if not self.ok:
            return None
        table, out = {}, []
        with precision(prec):
            env = {u: to_arb(v) for u, v in balls.items()}
            for n, kink in enumerate(self.kinks):
                resolved = self._resolved(n, tuple(out), table)
                if not isinstance(resolved, KINKS):   # its inner branches made it evaluate (min(1, 0) = 0)
                    table[kink] = resolved
                    out.append(-1)
                    continue
                decide = self._decider(resolved)
                i = None if decide is None else decide(box, env)
                if i is None:
                    return None
                table[kink] = _argument(resolved, i)
                out.append(i)
        self._tables[tuple(out)] = table
        return tuple(out)

    def _resolved(self, n: int, prefix: tuple, table: dict):
        """Kink ``n`` with the kinks before it replaced by their branches ``prefix`` (once per prefix: SymPy
        rebuilds a Min or Max slowly, and every box of one region asks the same)."""
        key = (n, prefix)
        if key not in self._resolutions:
            self._resolutions[key] = self.kinks[n].xreplace(table)
        return self._resolutions[key]

    def branch(self, choice: tuple):
        """f with every kink replaced by its chosen argument (a choice returned by :meth:`choose`)."""
        g = self.f.xreplace(self._tables[choice])
        return None if g.has(*KINKS) else g


def _argument(kink, i):
    if isinstance(kink, sp.Abs):
        return kink.args[0] if i == 0 else -kink.args[0]
    if isinstance(kink, sp.Piecewise):
        return kink.args[i].expr
    return kink.args[i]


def _decider(kink, coords):
    """``(box, balls) -> index or None`` for one kink whose arguments are expressions in ``coords``."""
    if isinstance(kink, sp.Abs):
        s = _range(kink.args[0], coords)
        return lambda box, env: _by_sign(s(box, env))
    if isinstance(kink, sp.Piecewise):
        conds = [_truth(c, coords) for _, c in kink.args]
        return lambda box, env: _first_true(conds, box, env)
    args = kink.args
    diffs = {(i, j): _range(args[i] - args[j], coords) for i in range(len(args)) for j in range(len(args)) if i != j}
    larger = isinstance(kink, sp.Max)
    return lambda box, env: _extreme(diffs, len(args), larger, box, env)


def _range(expr, coords):
    """``(box, balls) -> (lo, hi)`` bounds of ``expr`` on the box, or None.  An affine expression with rational
    coefficients is bounded exactly from the box's rational ends (a ball's radius is rounded up, so a kink on a
    face, x - 1/2 on [1/2, 1], would never be decided from the ball); anything else by its arb enclosure."""
    affine = _affine(expr, coords)
    if affine is not None:
        const, coeffs = affine
        def exact(box, env):
            lo = const + sum(min(c * a, c * b) for c, (a, b) in zip(coeffs, box))
            hi = const + sum(max(c * a, c * b) for c, (a, b) in zip(coeffs, box))
            return lo, hi
        return exact
    fn = compile_expr(expr, coords)
    def enclosed(box, env):
        v = fn(env)
        return (v.lower(), v.upper()) if v.is_finite() else None
    return enclosed


def _affine(expr, coords):
    try:
        poly = sp.Poly(expr, *coords)
    except sp.PolynomialError:
        return None
    if poly.total_degree() > 1 or not all(c.is_Rational for c in poly.coeffs()):
        return None
    coeffs = [Fraction(str(poly.coeff_monomial(u))) for u in coords]
    return Fraction(str(poly.coeff_monomial(1))), coeffs


TRUTH = {   # relation lhs - rhs = d: (certainly true, certainly false) from d's bounds (lo, hi)
    sp.StrictLessThan: (lambda lo, hi: hi < 0, lambda lo, hi: lo >= 0),
    sp.LessThan: (lambda lo, hi: hi <= 0, lambda lo, hi: lo > 0),
    sp.StrictGreaterThan: (lambda lo, hi: lo > 0, lambda lo, hi: hi <= 0),
    sp.GreaterThan: (lambda lo, hi: lo >= 0, lambda lo, hi: hi < 0),
}


def _truth(cond, coords):
    """``(box, balls) -> True / False / None`` for a Piecewise condition (an inequality read from the bounds of
    lhs - rhs; any other condition three-valued on the balls, :mod:`..arb_logic`)."""
    if type(cond) in TRUTH:
        d, (yes, no) = _range(cond.lhs - cond.rhs, coords), TRUTH[type(cond)]
        def relation(box, env):
            r = d(box, env)
            return None if r is None else (True if yes(*r) else (False if no(*r) else None))
        return relation
    other = condition(cond, coords, compile_expr)
    return lambda box, env: other(env)


def _by_sign(r):
    if r is None:
        return None
    lo, hi = r
    return 0 if lo >= 0 else (1 if hi <= 0 else None)


def _first_true(conds, box, env):
    for i, cond in enumerate(conds):
        truth = cond(box, env)
        if truth is True:
            return i
        if truth is not False:
            return None
    return None


def _extreme(diffs, n, larger, box, env):
    """The argument certainly >= (max) or <= (min) every other on the box."""
    for i in range(n):
        bounds = [diffs[(i, j)](box, env) for j in range(n) if j != i]
        if all(r is not None and (r[0] >= 0 if larger else r[1] <= 0) for r in bounds):
            return i
    return None


def smooth_branch(f, chart):
    """A :class:`Branches` of ``f`` when its only nonsmooth atoms are resolvable kinks, else None."""
    b = Branches(f, chart)
    return b if b.ok else None
