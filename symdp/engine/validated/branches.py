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

import sympy as sp

from ..arb import NotRigorous, _compile, precision, to_arb
from ..arb_logic import condition

KINKS = (sp.Abs, sp.Max, sp.Min, sp.Piecewise)
"""The kinks resolved per box; any other nonsmooth atom (floor, sign, ...) leaves f to enclosures."""
UNRESOLVED = (sp.sign, sp.Heaviside, sp.floor, sp.ceiling, sp.frac, sp.DiracDelta, sp.Derivative, sp.Subs)
MAX_KINKS = 12
"""More kinks than this are not resolved (each is one enclosure per box)."""


class Branches:
    """The kinks of ``f`` (original symbols) with deciders over the chart's coordinates."""

    def __init__(self, f, chart):
        self.f = f
        self.kinks = sorted(f.atoms(*KINKS), key=sp.default_sort_key)
        self.ok = bool(self.kinks) and len(self.kinks) <= MAX_KINKS and not f.has(*UNRESOLVED)
        self._deciders = []
        if self.ok:
            try:
                self._deciders = [_decider(k.xreplace(chart.forward), chart.coords) for k in self.kinks]
            except (NotRigorous, RecursionError, TypeError, KeyError):
                self.ok = False

    def choose(self, balls: dict, prec: int) -> tuple | None:
        """Per kink, the index of the argument (or piece) it equals on the whole box, or None."""
        if not self.ok:
            return None
        with precision(prec):
            env = {u: to_arb(v) for u, v in balls.items()}
            out = tuple(decide(env) for decide in self._deciders)
        return None if None in out else out

    def branch(self, choice: tuple):
        """f with every kink replaced by its chosen argument (nested kinks resolved from the outside in)."""
        table = {k: _argument(k, i) for k, i in zip(self.kinks, choice)}
        g = self.f
        for _ in range(len(self.kinks) + 1):
            g = g.xreplace(table)
            if not g.has(*KINKS):
                return g
        return None


def _argument(kink, i):
    if isinstance(kink, sp.Abs):
        return kink.args[0] if i == 0 else -kink.args[0]
    if isinstance(kink, sp.Piecewise):
        return kink.args[i].expr
    return kink.args[i]


def _decider(kink, coords):
    """``balls -> index or None`` for one kink whose arguments are expressions in ``coords``."""
    if isinstance(kink, sp.Abs):
        s = _compile(kink.args[0], coords)
        return lambda env: _by_sign(s(env))
    if isinstance(kink, sp.Piecewise):
        conds = [condition(c, coords, _compile) for _, c in kink.args]
        return lambda env: _first_true(conds, env)
    args = kink.args
    diffs = {(i, j): _compile(args[i] - args[j], coords) for i in range(len(args)) for j in range(len(args)) if i != j}
    larger = isinstance(kink, sp.Max)
    return lambda env: _extreme(diffs, len(args), larger, env)


def _by_sign(v):
    if not v.is_finite():
        return None
    return 0 if v >= 0 else (1 if v <= 0 else None)


def _first_true(conds, env):
    for i, cond in enumerate(conds):
        truth = cond(env)
        if truth is True:
            return i
        if truth is not False:
            return None
    return None


def _extreme(diffs, n, larger, env):
    """The argument certainly >= (max) or <= (min) every other on the box."""
    for i in range(n):
        values = [diffs[(i, j)](env) for j in range(n) if j != i]
        if all(v.is_finite() and (v >= 0 if larger else v <= 0) for v in values):
            return i
    return None


def smooth_branch(f, chart):
    """A :class:`Branches` of ``f`` when its only nonsmooth atoms are resolvable kinks, else None."""
    b = Branches(f, chart)
    return b if b.ok else None
