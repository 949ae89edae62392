"""Kinks resolved box by box (symdp.engine.validated.branches): derivative rules on the branch a box keeps.

A true claim that touches 0 at an end and has a kink elsewhere was out of reach (enclosures alone never close
a touching point); it is PROVED once the box at the touching point takes its smooth branch.  Its near misses,
each shown false by hand at a point, are never proved: the claim shifted by 1e-30, a coefficient nudged past
where it holds, the domain widened past the touching point.
"""
from fractions import Fraction

import sympy as sp

from symdp.engine import validated
from symdp.engine.validated.branches import Branches

x = sp.Symbol("x", real=True)
UNIT = {x: sp.Interval(0, 1)}
TENT = sp.Min(x, 1 - x / 2)
"""min(x, 1 - x/2): a kink at x = 2/3."""


CURL = sp.Min(x - sp.sin(x), (1 - x) / 10)
"""min(x - sin x, (1 - x)/10) >= 0 on [0, 1]: x - sin x touches 0 to third order at x = 0, where the plain
enclosure [-sin w, w] of a box [0, w] always dips below 0; the branches cross near x = 0.62."""


def test_a_tight_claim_with_a_kink_is_proved_through_its_branch():
    found = validated.prove(CURL, "nonnegative", UNIT)
    assert found.proved and "derivative chain from the lower face" in found.detail


def test_without_the_branch_the_touching_box_stays_open():
    p, _ = validated.problem(CURL, "nonnegative", UNIT)
    corner = ((Fraction(0), Fraction(1, 64)),)
    assert not p.check("E", corner) and p.check("L0.3", corner)
    assert p.smooth_on(corner).f == x - sp.sin(x)


NEAR_MISSES = [   # each false at a point checked by hand
    ("shifted: min(x - sin x, (1 - x)/10) - 1e-30 (x = 0: -1e-30)", CURL - sp.Rational(1, 10**30), UNIT),
    ("nudged: min(x - sin x, (9/10 - x)/10) (x = 1: -1/100)", sp.Min(x - sp.sin(x), (sp.Rational(9, 10) - x) / 10), UNIT),
    ("widened: on [-1/1000, 1] (x = -1/1000: about -1.7e-10)", CURL, {x: sp.Interval(sp.Rational(-1, 1000), 1)}),
    ("abs: |x - 1/3| - x/2 (x = 1/3: -1/6)", sp.Abs(x - sp.Rational(1, 3)) - x / 2, UNIT),
    ("piecewise: x below 1/2, x - 1 above, plus 1/4 (x = 0.6: -0.15)",
     sp.Piecewise((x, x < sp.Rational(1, 2)), (x - 1, True)) + sp.Rational(1, 4), UNIT),
]


def test_near_misses_are_never_proved():
    for name, expr, domain in NEAR_MISSES:
        assert not validated.prove(expr, "nonnegative", domain).proved, name


def _box(a, b):
    return ((Fraction(a), Fraction(b)),), {sp.Symbol("u_0", real=True): _ball(Fraction(a), Fraction(b))}


def _ball(a, b):
    from symdp.engine.validated.rules import _ball as ball
    return ball(a, b)


def test_a_branch_is_chosen_only_where_the_switch_keeps_its_sign():
    p, _ = validated.problem(TENT, "nonnegative", UNIT)
    b = Branches(p.f, p.chart)
    assert b.choose(*_box(0, Fraction(1, 2)), 128) == (0,)           # x <= 1 - x/2 on [0, 1/2]
    assert b.choose(*_box(Fraction(3, 4), 1), 128) == (1,)           # 1 - x/2 below x on [3/4, 1]
    assert b.choose(*_box(Fraction(1, 2), Fraction(3, 4)), 128) is None   # the kink at 2/3 is inside
    assert b.branch((0,)) == x and b.branch((1,)) == 1 - x / 2


def test_a_piecewise_takes_the_first_piece_certainly_true():
    f = sp.Piecewise((x, x < sp.Rational(1, 2)), (1 - x, True))
    p, _ = validated.problem(f, "nonnegative", UNIT)
    b = Branches(p.f, p.chart)
    assert b.choose(*_box(0, Fraction(1, 4)), 128) == (0,)
    assert b.choose(*_box(Fraction(1, 2), 1), 128) == (1,)        # x < 1/2 is false on the closed [1/2, 1]
    assert b.choose(*_box(Fraction(1, 4), Fraction(3, 4)), 128) is None


def test_nested_kinks_resolve_from_the_outside_in():
    clamp = sp.Min(sp.Max(x, sp.Rational(1, 4)), sp.Rational(3, 4))
    p, _ = validated.problem(clamp, "nonnegative", UNIT)
    b = Branches(p.f, p.chart)
    choice = b.choose(*_box(Fraction(1, 2), Fraction(5, 8)), 128)
    assert choice is not None and b.branch(choice) == x
    assert b.branch(b.choose(*_box(0, Fraction(1, 8)), 128)) == sp.Rational(1, 4)


def test_an_outer_kink_is_decided_after_its_inner_branches():
    """min(1, max(0, 2x - 1)) on [0, 1/4] (the inner max is 0, and min(1, 0) evaluates) and on [3/4, 1] (the
    outer switch 1 - (2x - 1) is affine once the inner kink is resolved, so the face x = 1 is decided exactly:
    a ball's rounded radius would reach past it)."""
    f = sp.Min(1, sp.Max(0, 2 * x - 1))
    p, _ = validated.problem(f, "nonnegative", UNIT)
    b = Branches(p.f, p.chart)
    assert b.branch(b.choose(*_box(0, Fraction(1, 4)), 128)) == 0
    assert b.branch(b.choose(*_box(Fraction(3, 4), 1), 128)) == 2 * x - 1
