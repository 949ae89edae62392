"""The functions the compiler of :mod:`.arb` knows, each on a ball: :data:`UNARY` and :data:`NARY`.

Each SymPy function head maps to FLINT's ball function, through the ends of a wide ball where the
function is monotone (:mod:`.arb_balls`); symdp's own heads (:mod:`symdp.special`) have their forms here:
Phi(x) = erfc(-x/sqrt 2)/2, Phi^-1(p) = -sqrt 2 erfcinv(2p), the Mills ratio
sqrt(pi/2) e^{x^2/2} erfc(x/sqrt 2) and exprel(x) = (e^x - 1)/x, with binomial, min, max and ceiling.
"""
from __future__ import annotations

import math

import sympy as sp
from flint import arb

from ...special import Exprel, Mills, Phi, PhiInv
from .arb_balls import NAN, monotone, off_pole, per_precision

_SQRT2 = per_precision(lambda: arb(2).sqrt())
_SQRT_HALF_PI = per_precision(lambda: (arb.pi() / 2).sqrt())


def phi_point(x: arb) -> arb:
    """Phi(x) = erfc(-x/sqrt 2)/2 on a ball (FLINT's own ball; :data:`UNARY` goes through a wide ball's ends)."""
    return (-x / _SQRT2()).erfc() / 2


_phi = monotone(phi_point)


def phi_inv(p: arb) -> arb:
    """Phi^-1(p) = -sqrt 2 erfcinv(2p) on a ball."""
    return -_SQRT2() * (2 * p).erfcinv()


def mills_point(x: arb) -> arb:
    """The Mills ratio sqrt(pi/2) e^{x^2/2} erfc(x/sqrt 2) on a ball (FLINT's own ball)."""
    return _SQRT_HALF_PI() * (x * x / 2).exp() * (x / _SQRT2()).erfc()


def _exprel_at(p: arb) -> arb:
    return arb(1) if p.is_zero() else p.expm1() / p


def exprel(x: arb) -> arb:
    """(e^x - 1)/x on a ball: the function increases on the line, so its values at the ball's exact ends
    enclose it (each end away from 0 is a point, where expm1(p)/p is accurate)."""
    if not x.is_finite():
        return NAN
    return arb.union(_exprel_at(arb(x.lower())), _exprel_at(arb(x.upper())))


def _binomial(n: arb, k: arb) -> arb:
    if n.is_exact() and k.is_exact() and n.is_integer() and k.is_integer():
        return arb(math.comb(int(n.unique_fmpz()), int(k.unique_fmpz()))) if k >= 0 and n >= 0 else NAN
    return (n + 1).gamma() / ((k + 1).gamma() * (n - k + 1).gamma())


def _min(*xs):
    out = xs[0]
    for x in xs[1:]:
        out = out.min(x)
    return out


def _max(*xs):
    out = xs[0]
    for x in xs[1:]:
        out = out.max(x)
    return out


def _ceiling(x: arb) -> arb:
    return x.ceil()


UNARY = {
    sp.exp: monotone(arb.exp), sp.log: monotone(arb.log), sp.Abs: abs, sp.sinh: monotone(arb.sinh),
    sp.cosh: arb.cosh, sp.tanh: monotone(arb.tanh), sp.asinh: monotone(arb.asinh), sp.atanh: monotone(arb.atanh),
    sp.erf: monotone(arb.erf), sp.erfc: monotone(arb.erfc), sp.erfinv: monotone(arb.erfinv),
    sp.erfcinv: monotone(arb.erfcinv), sp.gamma: arb.gamma, sp.loggamma: arb.lgamma,
    sp.floor: arb.floor, sp.ceiling: _ceiling, sp.sin: arb.sin, sp.cos: arb.cos, sp.atan: monotone(arb.atan),
    sp.LambertW: arb.lambertw, Phi: _phi, PhiInv: monotone(phi_inv), Exprel: exprel,
    Mills: monotone(mills_point), sp.coth: off_pole(arb.coth), sp.csch: off_pole(arb.csch), sp.sech: arb.sech,
}
NARY = {sp.Min: _min, sp.Max: _max, sp.binomial: _binomial}
