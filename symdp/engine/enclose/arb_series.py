"""Infinite sums enclosed in ball arithmetic: a partial sum plus a proved geometric tail bound.

``sum_{k >= a} g(k)`` is enclosed as ``sum_{a <= k < N} g(k)`` (each term a ball) plus a ball holding the
tail ``sum_{k >= N} g(k)``.  The tail bound is the ratio test made rigorous: with ``r(k) = g(k+1)/g(k)``
simplified symbolically and written in ``u = 1/k`` (so that ``[N, oo)`` becomes the bounded ball
``u in [0, 1/N]``, where a rational function of ``k`` has a finite enclosure), an enclosure ``|r| <= rho < 1``
on that ball gives ``|g(k)| <= |g(N)| rho^(k-N)`` for every ``k >= N``, hence
``|tail| <= |g(N)| / (1 - rho)``; when ``r >= 0`` on the ball the terms keep the sign of ``g(N)`` and the tail
lies in ``g(N) [1, 1/(1 - rho)]`` (a geometric majorant; Knopp, *Theory and Application of Infinite Series*,
section 13).

A two-sided sum is two one-sided ones (``k >= 0`` and ``-k >= 1``), a sum down to ``-oo`` one in ``-k``.  The
kinks of ``|h|``, ``max`` and ``min`` with ``h`` linear in ``k`` are resolved on the tail (past every kink each
keeps one branch), and the cut ``N`` is put past the kinks' enclosures at the point, so the ratio is a smooth
expression there.  ``N`` doubles until the tail bound is below the working precision relative to the partial
sum, up to :data:`MAX_TERMS` terms; past that the (still rigorous) wider ball is returned.  A ratio that is not
enclosed below 1 gives a non-finite ball (no enclosure at that point), never a guess.
"""
from __future__ import annotations

import flint
import sympy as sp
from flint import arb

from .arb import NotRigorous, compile_arb

MAX_TERMS = 20000
"""Most terms summed one by one per one-sided sum (as :data:`.arb.SUM_TERMS`)."""
FIRST_CUT = 16
"""The first cut tried past the lower limit and the kinks."""
_NAN = arb("nan")


def infinite_sum(e: sp.Sum, symbols: tuple):
    """A function of an environment ({symbol: ball}) enclosing the infinite Sum ``e``, or raise NotRigorous."""
    if len(e.limits) != 1:
        raise NotRigorous("a multiple Sum")
    k, lo, hi = e.limits[0]
    parts = [_OneSided(g, a, n, symbols) for g, a, n in _one_sided(e.function, k, lo, hi)]
    def f(env):
        total = arb(0)
        for part in parts:
            total = total + part(env)
        return total
    return f


def _one_sided(g, k, lo, hi) -> list:
    """``sum_{k=lo}^{hi} g`` as (term in an integer index n, first n, n) of sums up to oo."""
    n = sp.Dummy("n", integer=True)
    up, down = g.xreplace({k: n}), g.xreplace({k: -n})
    if lo == -sp.oo and hi == sp.oo:
        return [(up, sp.Integer(0), n), (down, sp.Integer(1), n)]
    if hi == sp.oo and not lo.has(sp.oo, -sp.oo):
        return [(up, lo, n)]
    if lo == -sp.oo and not hi.has(sp.oo, -sp.oo):
        return [(down, -hi, n)]
    raise NotRigorous(f"the Sum over {k} from {lo} to {hi}")


class _OneSided:
    """``sum_{n >= a} g(n)``: the term and its ratio compiled once, the cut chosen at each point."""

    def __init__(self, g, a, n, symbols):
        self.n = n
        self.symbols = tuple(symbols)
        self.term = compile_arb(g, self.symbols + (self.n,))
        self.first = compile_arb(a, self.symbols)
        tail, kinks = _tail_form(g, self.n)
        self.kinks = [compile_arb(c, self.symbols) for c in kinks]
        self.u = sp.Dummy("u", nonnegative=True)
        self.ratio_expr = _ratio_in_u(tail, self.n, self.u)
        self.ratio = compile_arb(self.ratio_expr, self.symbols + (self.u,))

    def __call__(self, env) -> arb:
        point = {s: env[s] for s in self.symbols}
        start = _integer(self.first.at(dict(point), flint.ctx.prec))
        if start is None:
            return _NAN
        cut = max(start, self._past_kinks(point), 1) + FIRST_CUT
        partial, k, last = arb(0), start, None
        while True:
            while k < cut:
                partial += self.term.at({**point, self.n: arb(k)}, flint.ctx.prec)
                k += 1
            tail, rho = self._tail(point, cut)
            if tail is not None and (_negligible(tail, partial) or cut - start >= MAX_TERMS
                                     or _out_of_reach(rho, last, cut - start)):
                return partial + tail
            last = rho
            if cut - start >= MAX_TERMS or not partial.is_finite():
                return _NAN
            cut = start + min(2 * (cut - start), MAX_TERMS)

    def _past_kinks(self, point) -> int:
        """An integer above every kink's enclosure at the point (the smallest cut the tail form holds past)."""
        out = 0
        for c in self.kinks:
            ball = c.at(dict(point), flint.ctx.prec)
            if not ball.is_finite() or abs(ball) > MAX_TERMS:
                return MAX_TERMS
            out = max(out, int(ball.upper().ceil().unique_fmpz()) + 1)
        return out

    def _tail(self, point, cut: int):
        """A ball holding ``sum_{n >= cut} g(n)`` and the ratio bound rho, or None, None when the ratio is not
        enclosed below 1."""
        u = arb.union(arb(0), arb(1) / cut)
        r = self.ratio.at({**point, self.u: u}, flint.ctx.prec)
        if not r.is_finite():
            r = self._extended(point, cut)
        if not r.is_finite() or not abs(r).upper() < 1:
            return None, None
        rho = arb(abs(r).upper())
        first = self.term.at({**point, self.n: arb(cut)}, flint.ctx.prec)
        if not first.is_finite():
            return None, None
        if r.lower() >= 0:   # every ratio in [r_lo, rho]: the tail between first/(1 - r_lo) and first/(1 - rho)
            return first * arb.union(1 / (1 - arb(r.lower())), 1 / (1 - rho)), rho
        bound = arb(abs(first).upper()) / (1 - rho)
        return arb.union(-bound, bound), rho


    def _extended(self, point, cut: int) -> arb:
        """The ratio on u in [0, 1/cut] in extended interval arithmetic, where its ball is not finite: a term
        falling faster than geometrically has a ratio such as e^(-(2/u + 1)/(2 s^2)), whose 1/u is +oo at u = 0
        to a ball but an infinite end to :mod:`.validated.ext` (the ratio's limit there, 0).  Without it the
        partial sum ran to MAX_TERMS terms at every point (discrete Gaussian normaliser: 4 s a point)."""
        from . import ext
        ends = {x: (b.lower(), b.upper()) for x, b in point.items() if b.is_finite()}
        iv = ext.evaluate(self.ratio_expr, {**ends, self.u: (arb(0), arb(1) / cut)})
        if iv is None or ext._inf(iv[0]) or ext._inf(iv[1]):
            return _NAN
        return arb.union(iv[0], iv[1])


def _out_of_reach(rho: arb, last, terms: int) -> bool:
    """The ratio bound has settled (doubling the cut moved ``-log rho`` by under 10 %) and more than MAX_TERMS
    terms would still be needed for the tail to shrink by the working precision at that rate (about
    prec log 2 / -log rho): the wider ball at hand is returned at once, instead of summing to MAX_TERMS at each
    precision the judge escalates to (a counted rule, the same on every machine)."""
    if last is None:
        return False
    rate, before = -rho.log(), -last.log()
    settled = rate > 0 and before > 0 and rate <= before * 1.1
    return settled and terms + flint.ctx.prec * 0.7 / rate > MAX_TERMS


def _negligible(tail: arb, partial: arb) -> bool:
    """The tail's radius is below the working precision relative to the partial sum and the tail."""
    scale = max(abs(partial).lower(), abs(tail).lower(), arb(2) ** -64) if partial.is_finite() else arb(1)
    return 2 * tail.rad() <= scale * arb(2) ** -flint.ctx.prec


def _integer(x: arb):
    if x.is_finite() and x.is_exact() and x.is_integer():
        return int(x.unique_fmpz())
    return None


def _tail_form(g, n):
    """``g`` for large n: each ``|h|`` with h linear in n, and each two-argument ``max``/``min`` whose arguments
    differ linearly in n, by a slope of known sign, replaced by its branch as n -> oo; with the kinks (where the
    branches meet), which the cut must pass."""
    kinks: list = []
    def abs_branch(e):
        slope, root = _linear(e.args[0], n)
        kinks.append(root)
        return e.args[0] if slope > 0 else -e.args[0]
    def extreme_branch(e):
        a, b = e.args
        slope, root = _linear(b - a, n)
        kinks.append(root)
        return (b if slope > 0 else a) if isinstance(e, sp.Max) else (a if slope > 0 else b)
    linear_abs = lambda e: isinstance(e, sp.Abs) and e.has(n) and _linear(e.args[0], n) is not None
    linear_extreme = lambda e: (isinstance(e, (sp.Max, sp.Min)) and len(e.args) == 2 and e.has(n)
                                and _linear(e.args[1] - e.args[0], n) is not None)
    out = g.replace(linear_abs, abs_branch).replace(linear_extreme, extreme_branch)
    kinked = (sp.Abs, sp.Max, sp.Min, sp.floor, sp.ceiling, sp.sign, sp.Heaviside, sp.Piecewise)
    if any(a.has(n) for a in out.atoms(*kinked)):
        raise NotRigorous(f"the infinite Sum of {g} (a kink in the summation index not resolved on its tail)")
    return out, kinks


def _linear(h, n):
    """(sign of the slope, root) of ``h`` linear in n with a slope of known sign and no n elsewhere, or None."""
    slope = sp.diff(h, n)
    if slope.has(n) or slope.is_zero is not False:
        return None
    sign = 1 if slope.is_positive else -1 if slope.is_negative else 0
    if not sign:
        return None
    return sign, sp.cancel(-(h - slope * n) / slope)


def _ratio_in_u(g, n, u):
    """``g(n+1)/g(n)`` simplified (powers and gamma functions combined) and written in ``u = 1/n``."""
    r = g.xreplace({n: n + 1}) / g
    r = sp.gammasimp(sp.powsimp(sp.expand_power_exp(sp.powsimp(r, combine="exp"))))
    return sp.cancel(sp.together(r.xreplace({n: 1 / u})))


# --- symbolic summation after the same split (a proof route of decide.identity) ------------------------------

def _infinite(e) -> bool:
    return isinstance(e, sp.Sum) and len(e.limits) == 1 and len(e.limits[0]) == 3 and (
        e.limits[0][1].has(sp.oo, -sp.oo) or e.limits[0][2].has(sp.oo, -sp.oo))


def has_infinite_sum(expr: sp.Basic) -> bool:
    """``expr`` holds a Sum with an infinite limit."""
    return any(_infinite(e) for e in expr.atoms(sp.Sum))


def summed(expr: sp.Basic) -> sp.Basic:
    """``expr`` with each infinite Sum split at the kink of ``|k|`` into one-sided sums (``k >= 0`` and
    ``-k >= 1``, over integer dummies of that sign, so ``|k|`` is ``k``) and each summed by SymPy, with
    ``exp(c k + d)`` written ``e^d X^k`` (X a positive stand-in for ``e^c``, which SymPy's geometric and
    polynomial-times-geometric rules sum).  The convergence conditions SymPy attaches stay as Piecewise
    conditions, for the caller to settle on the domain; a part SymPy cannot sum stays a Sum."""
    return expr.replace(_infinite, _summed_sum)


def _summed_sum(e: sp.Sum) -> sp.Basic:
    k, lo, hi = e.limits[0]
    try:
        parts = _one_sided(e.function, k, lo, hi)
    except NotRigorous:
        return e
    return sp.Add(*(_summed_part(g, a, n) for g, a, n in parts))


def _summed_part(g, a, n):
    if a.is_nonnegative:
        m = sp.Dummy("m", integer=True, nonnegative=True)
        g, n = g.xreplace({n: m}), m
    stand_ins: dict = {}
    def geometric(e):
        slope, rest = sp.diff(e.exp, n), e.exp
        x = stand_ins.setdefault(slope, sp.Dummy("X", positive=True))
        return sp.exp(sp.expand(rest - slope * n)) * x ** n
    linear_exp = lambda e: isinstance(e, sp.exp) and e.has(n) and not sp.diff(e.exp, n).has(n)
    coefficient, term = g.replace(linear_exp, geometric).as_independent(n, as_Add=False)   # constants outside
    value = coefficient * sp.Sum(term, (n, a, sp.oo)).doit()
    return value.xreplace({x: sp.exp(c) for c, x in stand_ins.items()})
