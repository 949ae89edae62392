"""The tangent route (symdp/engine/regions/tangent.py): a claim touching 0 inside its interval, cut at a mirror point.

The claim erfc(u)^2 >= erfc(y) erfc(2u - y) is a product symmetric about y = u, log-concave in y (erfc is
log-concave), so it touches 0 with its slope at y = u and nowhere else: no box closes it there, and SymPy's
solve finds no zero of its slope.
"""
import mpmath as mp
import sympy as sp

from symdp.engine.regions import tangent
from symdp.engine.regions.sides import cut as _cut

u = sp.Symbol("u", positive=True)
y = sp.Symbol("y", real=True)
CLAIM = sp.erfc(u) ** 2 - sp.erfc(y) * sp.erfc(2 * u - y)
DOMAIN = {u: sp.Interval.Lopen(0, 1), y: sp.Interval(0, 2 * u)}


def test_the_mirror_point_is_found_and_touches():
    assert tangent.mirrors(CLAIM, y) == [u]
    assert tangent.touches(CLAIM, y, u)


def test_a_mirror_through_an_inverse_function_is_taken_back():
    a = sp.Symbol("a", positive=True)
    g = CLAIM.xreplace({y: sp.erfcinv(2 * a)})   # y = erfcinv(2a), a = erfc(y)/2
    assert tangent.mirrors(g, a) == [sp.erfc(u) / 2]


def test_the_double_zero_is_proved_falling_then_rising_and_replays():
    found = tangent.prove(CLAIM, "nonnegative", _cut(DOMAIN, y, [u]), y)
    assert found is not None and found[1].startswith(tangent.TANGENT)
    assert tangent.prove(CLAIM, "nonnegative", _cut(DOMAIN, y, [u]), y, found[1]) == found


def test_a_shifted_claim_neither_touches_nor_is_proved():
    shifted = CLAIM - sp.Rational(1, 10**6)
    with mp.workdps(40):   # independent: false at y = u = 1, by mpmath
        assert mp.erfc(1) ** 2 - mp.erfc(1) * mp.erfc(1) - mp.mpf(10) ** -6 < 0
    assert not tangent.touches(shifted, y, u)
    assert tangent.prove(shifted, "nonnegative", _cut(DOMAIN, y, [u]), y) is None
