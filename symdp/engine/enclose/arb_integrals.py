"""Definite integrals enclosed in ball arithmetic: rigorous quadrature on finite pieces, proved tail bounds.

``Integral(f, (x, a, b))`` is enclosed as a sum of FLINT's rigorous integrals (``acb.integral``: the
Petras algorithm with error bounds from the integrand's enclosures on complex ellipses, Johansson, "Numerical
integration in arbitrary-precision ball arithmetic", ICMS 2018) over the finite pieces of ``[a, b]`` cut at the
integrand's kinks (zeros of ``|h|`` arguments linear in ``x``, as :mod:`.kinks` finds them, and of two-argument
``max``/``min`` differences), plus, for an infinite end, a ball holding the tail ``int_T^oo f``.

The tail is bounded by a majorant proved from the log-derivative ``lambda = f'/f`` (after ``|h|``, ``max``,
``min`` are resolved past the kinks), written in ``u = 1/x`` so that ``[T, oo)`` is the ball ``u in [0, 1/T]``:

- ``lambda(1/u)`` enclosed in ``[-c_hi, -c_lo]`` with ``c_lo > 0``: ``f(T) e^{-c_hi (x-T)} <= f(x) <= f(T)
  e^{-c_lo (x-T)}`` (f keeps its sign), so the tail lies in ``f(T) [1/c_hi, 1/c_lo]`` (exponential tails);
- else ``lambda(1/u) u`` (that is ``lambda/x``) enclosed in ``[-c_hi, -c_lo]``, ``c_lo > 0``: the tail lies in
  ``f(T) [M(c_hi), M(c_lo)]`` with ``M(c) = int_T^oo e^{-c (x^2 - T^2)/2} dx = sqrt(pi/(2c)) e^{c T^2/2}
  erfc(T sqrt(c/2))``, a Mills ratio (Gaussian tails; A&S 26.2.12);
- else ``lambda/x^p <= -c_lo`` for some p <= 4: ``lambda <= -c_lo T^(p-1) x`` on the tail, and the tail lies in
  ``f(T) [0, M(c_lo T^(p-1))]``.

A lower infinite end is the upper one of ``f(-x)``.  ``T`` doubles from past the finite end and the kinks until
the tail's ball is below the working precision, up to :data:`MAX_CUT`.  An integrand outside the small
analytic vocabulary of :func:`_acb` raises NotRigorous; a tail not bounded gives a non-finite ball.
"""
from __future__ import annotations

import flint
import sympy as sp
from flint import acb, arb

from ...special import Phi
from .arb import NotRigorous, compile_arb
from .arb_series import _tail_form
from .kinks import _kinks, _linear_root

MAX_CUT = 2 ** 16
"""The largest cut T of a tail (the finite piece before it is integrated rigorously)."""
FIRST_CUT = 4
POWERS = 5
"""The log-derivative is tried as lambda / x^p for p = 0 .. POWERS - 1 (a polynomial exponent of degree <= 5)."""
_NAN = arb("nan")


def integral(e: sp.Integral, symbols: tuple):
    """A function of an environment ({symbol: ball}) enclosing the definite Integral ``e``, or NotRigorous."""
    if len(e.limits) != 1 or len(e.limits[0]) != 3:
        raise NotRigorous("a multiple or indefinite Integral")
    x, a, b = e.limits[0]
    f = e.function
    if a == -sp.oo and b == sp.oo:
        parts = [_Upper(f, x, sp.Integer(0), symbols), _Upper(f.xreplace({x: -x}), x, sp.Integer(0), symbols)]
    elif b == sp.oo:
        parts = [_Upper(f, x, a, symbols)]
    elif a == -sp.oo:
        parts = [_Upper(f.xreplace({x: -x}), x, -b, symbols)]
    elif a.has(sp.oo, -sp.oo) or b.has(sp.oo, -sp.oo):
        raise NotRigorous(f"the Integral over {x} from {a} to {b}")
    else:
        parts = [_Definite(f, x, a, b, symbols)]
    def enclosure(env):
        total = arb(0)
        for part in parts:
            total = total + part(env)
        return total
    return enclosure


class _Finite:
    """``int_a^b f`` for finite balls a, b: acb.integral between consecutive kinks inside ``[a, b]``."""

    def __init__(self, f, x, symbols):
        self.symbols = tuple(symbols)
        self.integrand = _acb(f, x, self.symbols)
        self.value, self.x = compile_arb(f, self.symbols + (x,)), x
        self.kinks = [compile_arb(c, self.symbols) for c in _kink_points(f, x)]

    def between(self, point, a: arb, b: arb) -> arb:
        if not (a.is_finite() and b.is_finite()):
            return _NAN
        if b < a:
            return -self.between(point, b, a)
        cuts = sorted((c for c in (k.at(dict(point), flint.ctx.prec) for k in self.kinks)
                       if c.is_finite() and c > a and c < b), key=lambda c: c.mid())
        params = [acb(point[s]) for s in self.symbols]
        total, lo = arb(0), a
        for hi in cuts + [b]:
            total = total + self._piece(point, params, lo, hi)
            lo = hi
        return total

    def _piece(self, point, params, lo: arb, hi: arb) -> arb:
        f = self.integrand
        value = acb.integral(lambda t, analytic: f(t, analytic, params), lo, hi, abs_tol=self._goal(point, lo, hi),
                             eval_limit=EVAL_LIMIT, depth_limit=DEPTH_LIMIT)
        return value.real if value.imag.contains(0) else _NAN

    def _goal(self, point, lo: arb, hi: arb) -> arb:
        """The absolute tolerance asked of acb.integral: the working precision relative to the integrand's size
        at the piece's ends and middle (a goal only: the result's ball is rigorous whatever it is)."""
        sizes = [abs(self.value.at({**point, self.x: arb(t.mid())}, flint.ctx.prec)).upper()
                 for t in (lo, hi, (lo + hi) / 2)]
        scale = max([v for v in sizes if v.is_finite() and v > 0] or [arb(1)])
        return arb(scale * abs(hi - lo).upper() * arb(2) ** -flint.ctx.prec)


class _Definite:
    """``int_a^b f`` with ends a, b expressions of the symbols."""

    def __init__(self, f, x, a, b, symbols):
        self.symbols = tuple(symbols)
        self.finite = _Finite(f, x, symbols)
        self.a, self.b = compile_arb(a, self.symbols), compile_arb(b, self.symbols)

    def __call__(self, env) -> arb:
        point = {s: env[s] for s in self.symbols}
        a, b = self.a.at(dict(point), flint.ctx.prec), self.b.at(dict(point), flint.ctx.prec)
        return self.finite.between(point, a, b)


EVAL_LIMIT = 200_000
"""Integrand evaluations per piece (FLINT's default scales with the precision; a counted budget here)."""
DEPTH_LIMIT = 400


class _Upper:
    """``int_a^oo f``: the finite piece up to a cut T plus the tail beyond it, bounded by a proved majorant."""

    def __init__(self, f, x, a, symbols):
        self.symbols = tuple(symbols)
        self.finite = _Finite(f, x, symbols)
        self.a = compile_arb(a, self.symbols)
        self.value = compile_arb(f, self.symbols + (x,))
        tail, kinks = _tail_form(f, x)
        self.kinks = [compile_arb(c, self.symbols) for c in kinks]
        self.u = sp.Dummy("u", nonnegative=True)
        slope = sp.diff(sp.expand_log(sp.log(tail), force=True), x)
        self.slopes = [compile_arb(sp.cancel(sp.together((slope / x ** p).xreplace({x: 1 / self.u}))),
                                   self.symbols + (self.u,)) for p in range(POWERS)]
        self.x = x

    def __call__(self, env) -> arb:
        point = {s: env[s] for s in self.symbols}
        a = self.a.at(dict(point), flint.ctx.prec)
        if not a.is_finite():
            return _NAN
        start = max([1, _above(a)] + [_above(k.at(dict(point), flint.ctx.prec)) for k in self.kinks])
        cut = start + FIRST_CUT
        scale = abs(self.value.at({**point, self.x: arb(a.mid())}, flint.ctx.prec)).lower()
        while cut <= MAX_CUT:
            tail = self._tail(point, cut)
            if tail is not None and (2 * tail.rad() <= scale * arb(2) ** -flint.ctx.prec or 2 * cut > MAX_CUT):
                return self.finite.between(point, a, arb(cut)) + tail
            cut *= 2
        return _NAN

    def _tail(self, point, cut: int):
        """A ball holding ``int_cut^oo f``, or None when no majorant is proved at this cut."""
        u = arb.union(arb(0), arb(1) / cut)
        first = self.value.at({**point, self.x: arb(cut)}, flint.ctx.prec)
        if not first.is_finite():
            return None
        for p, slope in enumerate(self.slopes):
            s = slope.at({**point, self.u: u}, flint.ctx.prec)
            if s.is_finite() and s.upper() < 0:
                c_lo, c_hi = arb(-s.upper()), arb(-s.lower())
                if p == 0:
                    least, most = 1 / c_hi, 1 / c_lo
                elif p == 1:
                    least, most = _mills(c_hi, cut), _mills(c_lo, cut)
                else:   # lambda <= -c_lo x^p <= -c_lo cut^(p-1) x on the tail: a Gaussian majorant only
                    least, most = arb(0), _mills(c_lo * arb(cut) ** (p - 1), cut)
                if first.contains(0):
                    bound = arb(abs(first).upper()) * most
                    return arb.union(-bound, bound)
                return first * arb.union(least, most)
        return None


def _mills(c: arb, cut: int) -> arb:
    """``int_cut^oo exp(-c (x^2 - cut^2)/2) dx`` = sqrt(pi/(2c)) e^{c cut^2/2} erfc(cut sqrt(c/2))."""
    t = arb(cut) * (c / 2).sqrt()
    return (arb.pi() / (2 * c)).sqrt() * (t * t).exp() * t.erfc()


def _above(x: arb) -> int:
    """An integer above the ball ``x`` (0 for a non-finite ball: no kink there to pass)."""
    if not x.is_finite():
        return MAX_CUT
    return max(0, int(x.upper().ceil().unique_fmpz()) + 1)


def _kink_points(f, x) -> list:
    """The kinks of ``f`` in ``x``: zeros of ``|h|`` arguments and of two-argument max/min differences."""
    found = list(_kinks(f, x))
    for m in f.atoms(sp.Max, sp.Min):
        if len(m.args) == 2:
            root = _linear_root(m.args[1] - m.args[0], x)
            if root is not None:
                found.append(root)
    return found


# --- the integrand in complex ball arithmetic (analytic where acb.integral asks) --------------------------------

def _acb(f, x, symbols):
    """``f`` as a function (t: acb, analytic: bool, params: [acb]) -> acb, or NotRigorous."""
    node = _node(sp.sympify(f), x, tuple(symbols))
    return lambda t, analytic, params: node(t, analytic, params)


def _node(e, x, symbols):
    if e == x:
        return lambda t, an, ps: t
    if e.is_Symbol:
        if e not in symbols:
            raise NotRigorous(f"the free symbol {e}")
        i = symbols.index(e)
        return lambda t, an, ps: ps[i]
    if e.is_Rational:   # rounded at the working precision of each call, not once
        if e.is_Integer:
            value = acb(int(e))
            return lambda t, an, ps: value
        q = flint.fmpq(int(e.p), int(e.q))
        return lambda t, an, ps: acb(arb(q))
    if e is sp.pi:
        return lambda t, an, ps: acb.pi()
    if e is sp.E:
        return lambda t, an, ps: acb(1).exp()
    args = [_node(a, x, symbols) for a in e.args]
    if e.is_Add:
        return lambda t, an, ps: _fold(lambda p, q: p + q, [a(t, an, ps) for a in args])
    if e.is_Mul:
        return lambda t, an, ps: _fold(lambda p, q: p * q, [a(t, an, ps) for a in args])
    if e.is_Pow:
        return _power(e, args)
    if type(e) in _ANALYTIC:
        fn, (a,) = _ANALYTIC[type(e)], args
        return lambda t, an, ps: fn(a(t, an, ps))
    if type(e) in _BRANCHED and len(args) == 1:
        fn, (a,) = _BRANCHED[type(e)], args
        return lambda t, an, ps: fn(a(t, an, ps), an)
    if isinstance(e, (sp.Max, sp.Min)) and len(args) == 2:
        method = acb.real_max if isinstance(e, sp.Max) else acb.real_min
        a, b = args
        return lambda t, an, ps: method(a(t, an, ps), b(t, an, ps), an)
    raise NotRigorous(f"the integrand's {type(e).__name__} (no complex ball form)")


def _fold(op, values):
    out = values[0]
    for v in values[1:]:
        out = op(out, v)
    return out


def _power(e, args):
    base, expo = args
    if e.exp.is_Integer:
        n = int(e.exp)
        return lambda t, an, ps: base(t, an, ps) ** n
    if e.exp == sp.S.Half:
        return lambda t, an, ps: base(t, an, ps).sqrt(an)
    return lambda t, an, ps: (expo(t, an, ps) * base(t, an, ps).log(an)).exp()


def _phi(z: acb) -> acb:
    return (-z / acb(2).sqrt()).erfc() / 2


_ANALYTIC = {sp.exp: acb.exp, sp.erf: acb.erf, sp.erfc: acb.erfc, sp.sin: acb.sin, sp.cos: acb.cos,
             sp.sinh: acb.sinh, sp.cosh: acb.cosh, sp.tanh: acb.tanh, Phi: _phi}
_BRANCHED = {sp.log: lambda z, an: z.log(an), sp.Abs: lambda z, an: z.real_abs(an)}
