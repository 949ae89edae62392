"""Taylor models in one variable h with arb coefficients (Berz & Makino, "Verified integration of ODEs and
flows using differential algebraic methods on high-order Taylor models", Reliable Computing 4, 1998).

A model of f on the ball H (which holds 0) is ``sum_{k=lo}^{top} c_k h^k + h^(top+1) R``: for every h in H
(and every value of the other symbols, which are balls), f(h) = sum gamma_k h^k + h^(top+1) r with gamma_k
the exact Laurent coefficients of f at h = 0, gamma_k in c_k, and r in R.  Because the remainder carries the
factor h^(top+1) (not an absolute bound), a model can be divided by h^v: that is how a removable singularity
(log(S(alpha))/(alpha - 1) at alpha = 1, 4/eps^2 - 1/sinh(eps/2)^2 at eps = 0) cancels in the arithmetic,
and how a leading form dominates the remainder near a touching point.  Elementary functions are composed
through FLINT's rigorous power series (``arb_series``): g(c0 + y) = sum_j g^(j)(c0)/j! y^j, the last term
with g^(n+1) enclosed over the range of f.  A leading coefficient that is a ball around 0 is dropped only
where ``zero(node, k)`` shows the exact coefficient is 0 (SymPy, :mod:`.touching`).
"""
from __future__ import annotations

from dataclasses import dataclass
from math import factorial

import sympy as sp
from flint import arb, arb_series

from ...special import Phi
from ..enclose.arb import ArbFn, NotRigorous, precision


@dataclass(frozen=True)
class Model:
    """``sum_{k=lo}^{top} coeffs[k - lo] h^k + h^(top+1) rem`` (``coeffs`` may be empty: lo = top + 1)."""

    lo: int
    coeffs: tuple
    top: int
    rem: arb

    def at(self, k: int) -> arb:
        return self.coeffs[k - self.lo] if self.lo <= k < self.lo + len(self.coeffs) else arb(0)


class Ring:
    """The arithmetic of models on one ball H of h (powers of H enclosed exactly: their ranges, not balls)."""

    def __init__(self, H: arb, top: int):
        self.H, self.top = H, top
        self._pows = [arb(1)]

    def power(self, k: int) -> arb:
        """The range of h^k over H, k >= 0 (monotone in each sign of h; an even power of a ball around 0
        ranges over [0, max end^k])."""
        while len(self._pows) <= k:
            n = len(self._pows)
            lo, hi = self.H.lower(), self.H.upper()
            ends = arb.union(lo ** n, hi ** n)
            self._pows.append(arb.union(ends, arb(0)) if n % 2 == 0 and lo < 0 < hi else ends)
        return self._pows[k]

    def poly(self, terms) -> arb:
        """sum c h^e over H for (c, e) pairs with e >= 0."""
        total = arb(0)
        for c, e in terms:
            if e < 0:
                raise ValueError("a negative power in a remainder")
            total += c * self.power(e)
        return total

    def const(self, c) -> Model:
        return Model(0, (c,), self.top, arb(0))

    def var(self) -> Model:
        return Model(1, (arb(1),), self.top, arb(0))

    def add(self, f: Model, g: Model) -> Model:
        lo, top = min(f.lo, g.lo), min(f.top, g.top)
        coeffs = tuple(f.at(k) + g.at(k) for k in range(lo, top + 1))
        rem = self._fold(f, top) + self._fold(g, top)
        return _trim(Model(lo, coeffs, top, rem))

    def _fold(self, f: Model, top: int) -> arb:
        """f's terms above degree ``top`` and its remainder, divided by h^(top+1), over H."""
        high = [(c, f.lo + k - top - 1) for k, c in enumerate(f.coeffs) if f.lo + k > top]
        return self.poly(high) + f.rem * self.power(f.top - top)

    def mul(self, f: Model, g: Model) -> Model:
        top = min(f.top + g.lo, g.top + f.lo)
        lo = f.lo + g.lo
        out = [arb(0)] * max(top - lo + 1, 0)
        high = []
        for a, ca in enumerate(f.coeffs):
            for b, cb in enumerate(g.coeffs):
                k = lo + a + b
                if k <= top:
                    out[k - lo] += ca * cb
                else:
                    high.append((ca * cb, k - top - 1))
        rem = self.poly(high)
        rem += f.rem * self.poly((c, f.top - top + g.lo + b) for b, c in enumerate(g.coeffs))
        rem += g.rem * self.poly((c, g.top - top + f.lo + a) for a, c in enumerate(f.coeffs))
        rem += f.rem * g.rem * self.power(f.top + g.top + 1 - top)
        return _trim(Model(lo, tuple(out), top, rem))

    def scale(self, f: Model, c: arb) -> Model:
        return Model(f.lo, tuple(c * x for x in f.coeffs), f.top, f.rem * c)

    def shift(self, f: Model, s: int) -> Model:
        """h^s f."""
        return Model(f.lo + s, f.coeffs, f.top + s, f.rem)

    def bound(self, f: Model) -> arb:
        """An enclosure of f over H (f has no negative powers)."""
        return self.poly((c, f.lo + k) for k, c in enumerate(f.coeffs)) + f.rem * self.power(f.top + 1)

    def compose(self, series, f: Model) -> Model | None:
        """g(f) for g given by ``series(c, n)``: the arb_series of g(c + t) to order n (c a ball); None
        where f has a pole or g's coefficients are not finite (f's range leaves g's domain)."""
        if f.lo < 0 or f.top < 0:   # a pole, or no order left (a constant model would claim too much)
            return None
        c0 = f.at(0)
        y = Model(1, tuple(f.at(k) for k in range(1, f.top + 1)), f.top, f.rem) if f.top >= 1 else \
            Model(f.top + 1, (), f.top, f.rem)
        n = f.top
        span = arb.union(c0, c0 + self.bound(y))
        at_c, at_span = _coeffs(series(c0, n + 2), n + 2), _coeffs(series(span, n + 2), n + 2)
        if at_c is None or at_span is None:
            return None
        acc = self.const(at_span[n + 1])
        for j in range(n, -1, -1):
            acc = self.add(self.mul(acc, y), self.const(at_c[j]))
        return acc


def _trim(f: Model) -> Model:
    """Leading coefficients that are exact zeros dropped (lo moves up)."""
    k = 0
    while k < len(f.coeffs) and f.coeffs[k].is_exact() and f.coeffs[k].is_zero():
        k += 1
    return f if k == 0 else Model(f.lo + k, f.coeffs[k:], f.top, f.rem)


def _coeffs(s, n):
    if s is None:
        return None
    out = list(s.coeffs())[:n] + [arb(0)] * max(0, n - len(s.coeffs()))
    return out if all(c.is_finite() for c in out) else None


def _t(c, n):
    return arb_series([c, 1], prec=n)


def _via_exp(c, n, sign=1):
    t = _t(c, n)
    return (t * sign).exp()


def _phi_series(c, n):
    r = arb(2).sqrt()
    return ((_t(c, n) * (-1 / r)).erfc()) * arb(0.5)


SERIES = {
    sp.exp: lambda c, n: _t(c, n).exp(),
    sp.log: lambda c, n: _t(c, n).log(),
    sp.sin: lambda c, n: _t(c, n).sin(),
    sp.cos: lambda c, n: _t(c, n).cos(),
    sp.atan: lambda c, n: _t(c, n).atan(),
    sp.erf: lambda c, n: _t(c, n).erf(),
    sp.erfc: lambda c, n: _t(c, n).erfc(),
    sp.sinh: lambda c, n: (_via_exp(c, n) - _via_exp(c, n, -1)) * arb(0.5),
    sp.cosh: lambda c, n: (_via_exp(c, n) + _via_exp(c, n, -1)) * arb(0.5),
    sp.tanh: lambda c, n: (_via_exp(c, n) - _via_exp(c, n, -1)) / (_via_exp(c, n) + _via_exp(c, n, -1)),
    Phi: _phi_series,
}
"""g -> the arb_series of g(c + t) (FLINT's rigorous series; sinh, cosh, tanh through exp)."""
RECIPROCALS = {
    sp.coth: lambda a: sp.cosh(a) / sp.sinh(a),
    sp.csch: lambda a: 1 / sp.sinh(a),
    sp.sech: lambda a: 1 / sp.cosh(a),
}
"""g -> g written as a quotient of the functions of SERIES, so that a pole at h = 0 (coth h ~ 1/h) is a
division by a model whose leading coefficient is shown 0 (:meth:`Expander._inverse`), as for 1/sinh(h)^2."""


def _power_series(e: arb):
    return lambda c, n: (_t(c, n).log() * e).exp()


class Expander:
    """Taylor models in ``h`` of ``expr`` and its subexpressions, the other ``symbols`` taken as balls.

    ``zero(node, k)``: the exact k-th Laurent coefficient of ``node`` at h = 0 is 0 (identically in the
    other symbols), asked only of a leading coefficient that is a ball around 0 where a division needs it.
    Subexpressions free of h are compiled to arb once (:class:`..arb.ArbFn`)."""

    def __init__(self, expr, h, symbols, top: int, prec: int, zero):
        self.expr, self.h, self.symbols, self.top, self.prec, self.zero = expr, h, tuple(symbols), top, prec, zero
        self._fns: dict = {}

    def model(self, env: dict, H: arb) -> Model | None:
        """The model of ``expr`` on ``env`` ({symbol: ball}) and h in H, or None (an unsupported node)."""
        with precision(self.prec):
            ring, memo = Ring(H, self.top), {}
            try:
                return self._node(self.expr, env, ring, memo)
            except (NotRigorous, ValueError, ZeroDivisionError, ArithmeticError, TypeError, KeyError):
                return None

    def _node(self, e, env, ring, memo):
        if e not in memo:
            memo[e] = self._make(e, env, ring, memo)
        if memo[e] is None:
            raise ValueError("no model")
        return memo[e]

    def _make(self, e, env, ring, memo):
        if e == self.h:
            return ring.var()
        if self.h not in e.free_symbols:
            return ring.const(self._constant(e, env))
        if e.is_Add:
            out = None
            for a in e.args:
                m = self._node(a, env, ring, memo)
                out = m if out is None else ring.add(out, m)
            return out
        if e.is_Mul:
            return self._product(e, env, ring, memo)
        if e.is_Pow:
            return self._power(e, env, ring, memo)
        if type(e) in SERIES and len(e.args) == 1:
            return ring.compose(SERIES[type(e)], self._node(e.args[0], env, ring, memo))
        if type(e) in RECIPROCALS and len(e.args) == 1:
            return self._node(RECIPROCALS[type(e)](e.args[0]), env, ring, memo)
        return None

    def _constant(self, e, env) -> arb:
        fn = self._fns.get(e)
        if fn is None:
            fn = self._fns[e] = ArbFn(e, self.symbols)
        v = fn.at(dict(env), self.prec)
        if not v.is_finite():
            raise ValueError("a constant without a finite enclosure")
        return v

    def _product(self, e, env, ring, memo):
        models = [self._node(a, env, ring, memo) for a in e.args]
        if sum(m.lo for m in models) < 0:   # a pole: the other factors' vanishing orders must be known
            models = [self._stripped(a, env, ring, memo) for a in e.args]
        out = models[0]
        for m in models[1:]:
            out = ring.mul(out, m)
        return out

    def _power(self, e, env, ring, memo):
        base, expo = e.base, e.exp
        if self.h in expo.free_symbols:
            return self._node(sp.exp(expo * sp.log(base)), env, ring, memo)
        if expo.is_Integer and expo >= 0:
            return _repeat(ring, self._node(base, env, ring, memo), int(expo))
        b = self._stripped(base, env, ring, memo)
        if expo.is_Integer:
            n = int(expo)
            if n < 0:
                b = self._inverse(b, ring)
                if b is None:
                    return None
            return _repeat(ring, b, abs(n))
        if b.lo != 0:
            return None
        e_ball = self._constant(expo, env)
        return ring.compose(_power_series(e_ball), b)

    def _inverse(self, f: Model, ring):
        """1/f = h^-v (1/G) with f = h^v G, G's constant term a ball without 0."""
        if not f.coeffs or f.coeffs[0].contains(0):
            return None
        g = ring.compose(lambda c, n: _t(c, n).inv(), ring.shift(f, -f.lo))
        return None if g is None else ring.shift(g, -f.lo)

    def _stripped(self, e, env, ring, memo):
        """The model of ``e`` with its leading coefficients dropped while each is shown exactly 0."""
        f = self._node(e, env, ring, memo)
        while f.coeffs and f.coeffs[0].contains(0) and self.zero(e, f.lo):
            f = _trim(Model(f.lo + 1, f.coeffs[1:], f.top, f.rem))
        return f


def _repeat(ring, b: Model, n: int) -> Model:
    out = ring.const(arb(1))
    for _ in range(n):
        out = ring.mul(out, b)
    return out


def exact_coefficient(expr, h, k: int):
    """The k-th Taylor coefficient of ``expr`` at h = 0 as a SymPy expression (k >= 0), or None where
    ``expr`` is not regular at 0 (its value there is not finite)."""
    d = sp.diff(expr, h, k) / factorial(k) if k else expr
    face = d.xreplace({h: sp.Integer(0)})
    if face.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return None
    return face
