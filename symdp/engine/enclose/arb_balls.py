"""Ball arithmetic that keeps wide balls tight, for the compiler of :mod:`.arb`.

Midpoint-radius arithmetic on a ball much wider than rounding overestimates: exp of m +- r has
lower end e^m (2 - e^r), a product adds rad a rad b.  Here a wide ball goes through its exact ends
instead: products as the hull of the ends' products, integer and odd-root powers, real powers, and
functions monotone on their domain or on each side of a pole (Johansson, "Arb: efficient
arbitrary-precision midpoint-radius interval arithmetic", IEEE Trans. Computers 66, 2017).  Also the
constant balls made once per working precision and the not-a-number ball.
"""
from __future__ import annotations

import flint
from flint import arb

NAN = arb("nan")
"""No value (a domain error, a sum too long): a non-finite ball, which proves nothing."""


def per_precision(make):
    """A constant ball made once per working precision (balls are immutable): ``get(env)`` returns it."""
    made: dict = {}
    def get(env=None):
        bits = flint.ctx.prec
        value = made.get(bits)
        if value is None:
            value = made[bits] = make()
        return value
    return get


WIDE = arb(2) ** -20
"""A ball this wide relative to its midpoint is evaluated through its ends (:func:`wide`)."""


def wide(x: arb) -> bool:
    """A finite ball much wider than rounding: midpoint-radius arithmetic on it overestimates (exp of
    m +- r has lower end e^m (2 - e^r), below 0 once r > log 2; a product adds rad a rad b).

    That is rad > 2^-20 |mid|.  FLINT's relative accuracy a = -(E(rad) + 1 - E(mid)), with 2^(E-1) <= |v| < 2^E
    (``arb_rel_error_bits``; exact balls +inf, a zero or non-finite midpoint -inf), puts rad/|mid| in
    (2^(-a-2), 2^-a): a >= 20 is narrow, a <= 18 wide, and only a = 19 needs the comparison itself."""
    accuracy = x.rel_accuracy_bits()
    if accuracy >= 20:
        return False
    if accuracy <= 18:
        return x.is_finite()
    return x.is_finite() and x.rad() > WIDE * abs(x.mid())


def _ends(x: arb):
    return x.lower(), x.upper()


def _hull(values) -> arb:
    out = None
    for v in values:
        out = v if out is None else arb.union(out, v)
    return out


def times(a: arb, b: arb) -> arb:
    """a b; for two wide balls, the hull of the products of their exact ends: the exact range of the
    bilinear form (each product is a ball enclosing it), which ball multiplication overestimates."""
    if not (wide(a) and wide(b)):
        return a * b
    a0, a1, b0, b1 = a.lower(), a.upper(), b.lower(), b.upper()
    return arb.union(arb.union(arb.union(a0 * b0, a0 * b1), a1 * b0), a1 * b1)


def int_power(x: arb, n: int) -> arb:
    """x^n; on a wide ball through its ends (x^n is monotone on a ball without 0; an even power of a ball
    around 0 ranges over [0, the larger end's power])."""
    if not wide(x) or n in (0, 1):
        return x ** n
    if x.contains(0):
        if n < 0:
            return x ** n
        if n % 2 == 0:
            return _hull([arb(0)] + [e ** n for e in _ends(x)])
    return _hull(e ** n for e in _ends(x))


def odd_root(x: arb, q: int) -> arb:
    """x^(1/q) where the whole ball of x is >= 0; else no value (nan): SymPy's power of a negative base is its
    principal complex root, never the real one (the review of 2026-12-06: ``x + (-1)**(1/3) < 0`` was provable)."""
    if x.is_zero():
        return x
    return x.root(q) if x >= 0 else arb("nan")


def real_power(b: arb, p: arb) -> arb:
    """b^p for real p: exp(p log b) on b > 0; 0 for b = 0 exactly and p > 0."""
    if b.is_zero() and p > 0:
        return arb(0)
    return monotone(arb.exp)(times(p, monotone(arb.log)(b)))


def monotone(fn):
    """``fn`` on a wide ball through its values at the ball's exact ends: for a function monotone on its
    whole domain this encloses its range on the ball (an end outside the domain gives a non-finite value),
    and far more tightly than a first-order bound (Phi on [-4.6, -4.3] would otherwise reach below 0)."""
    def f(x: arb) -> arb:
        if not wide(x):
            return fn(x)
        return arb.union(fn(x.lower()), fn(x.upper()))
    return f


def off_pole(fn):
    """``fn`` with a pole at 0 and monotone on each side of it (coth, csch): through the ball's exact ends
    on a wide ball that excludes 0 (so on one side), else FLINT's own ball (not finite when it holds 0)."""
    def f(x: arb) -> arb:
        if not wide(x) or x.contains(0):
            return fn(x)
        return arb.union(fn(x.lower()), fn(x.upper()))
    return f
