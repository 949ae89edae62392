"""Intervals with infinite ends, for the boxes of validated numerics that reach infinity.

arb balls cannot hold a half-line: ``[X, oo)`` is the whole line to arb.  Here
an interval is a pair (lo, hi) whose ends are arb balls enclosing the true end,
or the markers ``NEG`` / ``POS`` for -oo / +oo (Moore, Kearfott and Cloud,
"Introduction to Interval Analysis", SIAM 2009, ch. 4: extended interval
arithmetic).  Monotone functions map ends to ends, with their limits at the
infinite ones; anything this module does not know gives None (no conclusion).
A finite interval is handed to arb as a ball (:func:`arb.union`).
"""
from __future__ import annotations

from functools import lru_cache

import sympy as sp
from flint import arb

from ...special import Exprel, Mills, Phi, PhiInv
from . import arb_balls
from .arb import NotRigorous, compile_expr
from .arb_functions import UNARY, exprel, mills_point, phi_inv, phi_point

NEG, POS = "-oo", "+oo"


def _ball(iv):
    lo, hi = iv
    return arb.union(lo, hi)


def _finite(iv) -> bool:
    return not _inf(iv[0]) and not _inf(iv[1])


def _least(ends):
    out = ends[0]
    for e in ends[1:]:
        out = e if e < out else out
    return out


def _greatest(ends):
    out = ends[0]
    for e in ends[1:]:
        out = e if e > out else out
    return out


def _from_ball(b: arb):
    return (b.lower(), b.upper()) if b.is_finite() else None


def _inf(e) -> bool:
    return isinstance(e, str)


def _nonneg(iv) -> bool:
    return iv[0] == POS or (not _inf(iv[0]) and iv[0].lower() >= 0)


def _nonpos(iv) -> bool:
    return iv[1] == NEG or (not _inf(iv[1]) and iv[1].upper() <= 0)


def _flip(e):
    return {NEG: POS, POS: NEG}[e] if _inf(e) else -e


def neg(iv):
    return (_flip(iv[1]), _flip(iv[0]))


def _add_end(x, y, side):
    infs = {e for e in (x, y) if _inf(e)}
    if len(infs) > 1:
        return None
    if infs:
        return infs.pop()
    s = x + y
    return s.lower() if side == "lo" else s.upper()


def add(a, b):
    lo, hi = _add_end(a[0], b[0], "lo"), _add_end(a[1], b[1], "hi")
    return None if lo is None or hi is None else (lo, hi)


def _mul_end(x, y, side):
    """Product of two nonnegative ends (an arb or POS); None where it may be 0 times oo."""
    if POS in (x, y):
        other = y if x == POS else x
        return POS if other == POS or other > 0 else None
    p = x * y
    return p.lower() if side == "lo" else p.upper()


def mul(a, b):
    if _finite(a) and _finite(b):
        products = [x * y for x in a for y in b]
        if not all(p.is_finite() for p in products):
            return None
        return (_least([p.lower() for p in products]), _greatest([p.upper() for p in products]))
    sa = 1 if _nonneg(a) else (-1 if _nonpos(a) else 0)
    sb = 1 if _nonneg(b) else (-1 if _nonpos(b) else 0)
    if not (sa and sb):
        return None
    a, b = (a if sa > 0 else neg(a)), (b if sb > 0 else neg(b))
    lo, hi = _mul_end(a[0], b[0], "lo"), _mul_end(a[1], b[1], "hi")
    if lo is None or hi is None:
        return None
    return (lo, hi) if sa * sb > 0 else neg((lo, hi))


def recip(a):
    """1/a for a >= 0 (1/0 = +oo, 1/oo = 0) or a <= 0; None if a may cross 0."""
    if _nonpos(a) and not _nonneg(a):
        r = recip(neg(a))
        return None if r is None else neg(r)
    if a[0] != POS and (_inf(a[0]) or not (a[0].is_zero() or a[0] > 0)):
        return None
    return (_inv(a[1], "lo"), _inv(a[0], "hi"))


def _inv(e, side):
    if e == POS:
        return arb(0)
    if e.is_zero():
        return POS
    r = 1 / e
    return r.lower() if side == "lo" else r.upper()


def power(a, n: int):
    if n == 0:
        return (arb(1), arb(1))
    if n < 0:
        p = power(a, -n)
        return None if p is None else recip(p)
    if _nonneg(a):
        return monotone(a, lambda x: x ** n, POS, None)
    if _nonpos(a):
        p = power(neg(a), n)
        return None if p is None else (p if n % 2 == 0 else neg(p))
    return None


def monotone(a, fn, at_pos, at_neg, decreasing=False):
    """An increasing (or decreasing) ``fn`` on ``a``; at_pos / at_neg are its limits (arb, POS, NEG, None)."""
    def end(e, side):
        if e == POS:
            return at_pos
        if e == NEG:
            return at_neg
        v = fn(e)
        if not v.is_finite():
            return None
        return v.lower() if side == "lo" else v.upper()
    lo, hi = (a[1], a[0]) if decreasing else (a[0], a[1])
    out = (end(lo, "lo"), end(hi, "hi"))
    return None if None in out else out


def _log(a):
    if a[0] != POS and (_inf(a[0]) or not (a[0].is_zero() or a[0] > 0)):
        return None
    end = lambda e, side: POS if e == POS else (NEG if e.is_zero() else getattr(e.log(), side)())
    return (end(a[0], "lower"), end(a[1], "upper"))


ONE, ZERO, TWO = arb(1), arb(0), arb(2)
MONOTONE = {
    sp.exp: (arb.exp, POS, ZERO, False),
    sp.sqrt: (arb.sqrt, POS, None, False),
    sp.tanh: (arb.tanh, ONE, -ONE, False),
    sp.erf: (arb.erf, ONE, -ONE, False),
    sp.erfc: (arb.erfc, ZERO, TWO, True),
    sp.atan: (arb.atan, arb.pi() / 2, -arb.pi() / 2, False),
    sp.asinh: (arb.asinh, POS, NEG, False),
    sp.sinh: (arb.sinh, POS, NEG, False),
    Phi: (phi_point, ONE, ZERO, False),
    Mills: (arb_balls.monotone(mills_point), ZERO, POS, True),
    Exprel: (exprel, POS, ZERO, False),
}


POLES = {
    sp.erfcinv: (arb.erfcinv, ZERO, TWO, True),
    PhiInv: (phi_inv, ZERO, ONE, False),
}
"""Increasing (or decreasing) functions on (lo, hi) that tend to -oo and +oo at its ends (reached only as
limits, at an open end of the domain): name -> (arb function, lo, hi, decreasing)."""


def _pole_ends(a, fn, lo, hi, decreasing):
    """The image of the argument's interval.  At a point of the claim's domain the argument lies in (lo, hi)
    (the claim is defined there), so the argument is clipped to it, and an end at lo or hi (the end of a box
    at an open end of the domain) goes to the function's infinite limit there."""
    if _inf(a[0]) or _inf(a[1]):
        return None
    at_lo, at_hi = (POS, NEG) if decreasing else (NEG, POS)
    x1, x2 = a[0].lower(), a[1].upper()
    v1 = at_lo if not x1 > lo else fn(x1)
    v2 = at_hi if not x2 < hi else fn(x2)
    low, high = (v2, v1) if decreasing else (v1, v2)
    low = low if _inf(low) else (low.lower() if low.is_finite() else None)
    high = high if _inf(high) else (high.upper() if high.is_finite() else None)
    return None if low is None or high is None else (low, high)


def _even(a, fn, at_inf):
    """An even ``fn`` increasing on [0, oo) (cosh): on an interval of one sign through its ends; the limit
    ``at_inf`` at an infinite end."""
    if _nonneg(a):
        return monotone(a, fn, at_inf, None)
    if _nonpos(a):
        return monotone(neg(a), fn, at_inf, None)
    return None


def _odd_pole(a, fn, at_inf):
    """An odd ``fn`` with a pole at 0, decreasing on (0, oo) to the limit ``at_inf`` (coth: 1, csch: 0): on an
    interval of one sign through its ends; an end at 0 (an open end of the domain) goes to +oo."""
    if _nonpos(a) and not _nonneg(a):
        r = _odd_pole(neg(a), fn, at_inf)
        return None if r is None else neg(r)
    if a[0] != POS and (_inf(a[0]) or not (a[0].is_zero() or a[0] > 0)):
        return None
    end = lambda e, side: at_inf if e == POS else (POS if e.is_zero() else getattr(fn(e), side)())
    out = (end(a[1], "lower"), end(a[0], "upper"))
    return None if any(not _inf(e) and not e.is_finite() for e in out) else out


def evaluate(expr, intervals: dict):
    """(lo, hi) enclosing ``expr`` when its symbols range over ``intervals``; None when not known."""
    try:
        return _plan(expr)(intervals)
    except (NotRigorous, ZeroDivisionError, ValueError, TypeError, AttributeError, KeyError, ArithmeticError):
        return None


@lru_cache(maxsize=256)
def _plan(e):
    """``expr`` compiled once into a function of the intervals (a box search evaluates one expression at
    thousands of boxes; walking the SymPy tree each time costs its free symbols at every node)."""
    if e.is_Symbol:
        return lambda env: env[e]
    if not e.free_symbols:
        ball = compile_expr(e, ())
        return lambda env: _from_ball(ball({}))
    if e.is_Add or e.is_Mul:
        op, parts = (add if e.is_Add else mul), [_plan(a) for a in e.args]
        return lambda env: _fold(op, [p(env) for p in parts])
    if e.is_Pow:
        return _pow(e)
    return _function(e)


def _fold(op, parts):
    out = parts[0]
    for p in parts[1:]:
        if out is None or p is None:
            return None
        out = op(out, p)
    return out


def _pow(e):
    base = _plan(e.base)
    if e.exp.is_Integer:
        return lambda env: _integer_power(base(env), int(e.exp))
    if e.exp.is_Rational and e.exp > 0:
        r = e.exp
        root = lambda x: (arb(r.p) / r.q * x.log()).exp() if not x.is_zero() else x
        return lambda env: _if(base(env), _nonneg, lambda b: monotone(b, root, POS, None))
    if e.exp.is_Rational and e.exp < 0:
        inverse = _pow(sp.Pow(e.base, -e.exp, evaluate=False))
        return lambda env: _if(base(env), _nonneg, lambda b: _then(inverse(env), recip))
    exponent = _plan(e.exp)
    return lambda env: _if(base(env), _finite, lambda b: _general_power(b, exponent(env)))


def _if(iv, test, then):
    return then(iv) if iv is not None and test(iv) else None


def _then(iv, fn):
    return None if iv is None else fn(iv)


def _integer_power(base, n: int):
    if base is None:
        return None
    if _finite(base) and not (_nonneg(base) or _nonpos(base)):
        return _from_ball(_ball(base) ** n)
    return power(base, n)


def _general_power(base, ex):
    if ex is None or not _finite(ex):
        return None
    return _from_ball((_ball(ex) * _ball(base).log()).exp())


def _function(e):
    args, head = [_plan(a) for a in e.args], type(e)
    rule = _rule(head, len(args))
    if rule is None:  # no rule with infinite ends: no conclusion (a plan, so that the cache keeps it)
        return lambda env: None

    def f(env):
        values = [a(env) for a in args]
        return None if None in values else rule(*values)
    return f


def _rule(head, n):
    """The interval rule for ``head`` with ``n`` arguments, or None."""
    if n != 1:
        return None
    if head is sp.log:
        return _log
    if head in POLES:
        return lambda a: _pole_ends(a, *POLES[head])
    if head in MONOTONE:
        return lambda a: monotone(a, *MONOTONE[head])
    if head is sp.cosh:
        return lambda a: _even(a, arb.cosh, POS)
    if head in (sp.coth, sp.csch):
        return lambda a: _odd_pole(a, arb.coth if head is sp.coth else arb.csch, ONE if head is sp.coth else ZERO)
    if head is sp.Abs:
        return lambda a: a if _nonneg(a) else (neg(a) if _nonpos(a) else None)
    if head in UNARY:
        return lambda a: _from_ball(UNARY[head](_ball(a))) if _finite(a) else None
    return None