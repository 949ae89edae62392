"""Square roots of perfect squares taken exactly: sqrt(q^2 r) = |q| sqrt(r), |q| = q or -q by a proved sign.

SymPy keeps ``sqrt(4 beta^2 e^(-eps) + e^(-2 eps))`` whole, so the face of rr:beats-laplace where that root is
(2 beta^2 + 1)/(beta^2 + 1) (at eps = log(1 + beta^2)) is never seen to be 0, nor the corner value
``sqrt(4 e - 4 e^(1/2) + 1) - 2 e^(1/2) + 1``, where e = (e^(1/2))^2 hides the square (2 e^(1/2) - 1)^2 from
``factor``.  Here each radicand is written as one fraction, its exponentials of rational multiples of one
number as powers of one positive symbol, and factored; a factor of even power leaves the root with the sign
SymPy knows, or, for a constant, the sign of an arb enclosure that excludes 0.  Every step is an identity.
"""
from __future__ import annotations

from functools import reduce

import sympy as sp

from ..enclose.arb import ArbFn, NotRigorous

_T = sp.Dummy("T", positive=True)


def squares_out(expr):
    """``expr`` with each square root of a perfect square (times a rest) taken out exactly; or ``expr``."""
    return expr.replace(lambda a: isinstance(a, sp.Pow) and a.exp == sp.Rational(1, 2), _root)


def _root(a):
    base, back = _one_generator(sp.together(sp.expand(a.base)))
    n, d = sp.fraction(base)
    try:
        (cn, fn), (cd, fd) = sp.factor_list(n), sp.factor_list(d)
    except (sp.PolynomialError, sp.GeneratorsNeeded):
        return a
    out, rest = sp.Integer(1), cn / cd
    for f, k in fn + [(f, -k) for f, k in fd]:
        sign = _sign(f.xreplace(back)) if k % 2 == 0 else None
        if sign is None:
            rest *= f ** k
        else:
            out *= (sign * f.xreplace(back)) ** (k // 2)
    return a if out == 1 else out * sp.sqrt(rest.xreplace(back))


def _one_generator(x):
    """``x`` with exp(r g) (r rational, g the arguments' greatest common divisor) written T^r, T = exp(g)."""
    exps = [e for e in x.atoms(sp.exp) if e.args[0].is_Rational] + ([sp.E] if x.has(sp.E) else [])
    args = [sp.Integer(1) if e is sp.E else e.args[0] for e in exps]
    if len(args) < 2:
        return x, {}
    g = reduce(sp.gcd, args)
    return x.xreplace({e: _T ** (a / g) for e, a in zip(exps, args)}), {_T: sp.exp(g)}


def _sign(f):
    """+1 or -1: the sign of ``f`` SymPy knows, or of a constant's enclosure; else None."""
    if f.is_positive:
        return 1
    if f.is_negative:
        return -1
    if f.free_symbols:
        return None
    try:
        v = ArbFn(f, ())({}, 128)
    except (NotRigorous, ValueError, TypeError, ZeroDivisionError, ArithmeticError, KeyError, RecursionError):
        return None
    return 1 if v > 0 else -1 if v < 0 else None
