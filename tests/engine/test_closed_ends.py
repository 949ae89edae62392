"""Closed ends of a bounded interval: the substitutions behind "sign by assumptions" must reach them.

x = a + (b - a)/(1 + t), t >= 0, never takes the value a; used on a closed [a, b] it proved "x > 0 on [0, 1]"
and a jump at the closed end.  A linear claim on a closed box is decided at its corners exactly, an oracle
the provers do not use.
"""
from __future__ import annotations

import itertools

import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from symdp.engine.run import decide
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

X, Y = sp.symbols("x y", real=True)
UNIT = sp.Interval(0, 1)


def _status(expr, which, domain):
    return decide.sign(expr, which, domain, "closed-ends", Attempts(), numeric=False).status


def test_strict_sign_fails_at_a_closed_end():
    assert _status(X, "positive", {X: UNIT}) is not Status.PROVED
    assert _status(1 - X, "positive", {X: UNIT}) is not Status.PROVED
    assert _status(2 - X + Y, "positive", {X: sp.Interval(-1, 1), Y: sp.Interval(-1, 1)}) is not Status.PROVED


def test_jump_at_a_closed_end_is_not_proved():
    assert _status(sp.Piecewise((-1, X <= 0), (1, True)), "nonnegative", {X: UNIT}) is not Status.PROVED


def test_true_claims_on_closed_and_half_open_intervals_are_proved():
    assert _status(X, "nonnegative", {X: UNIT}) is Status.PROVED
    assert _status(X, "positive", {X: sp.Interval.Lopen(0, 1)}) is Status.PROVED
    assert _status(1 - X, "positive", {X: sp.Interval.Ropen(0, 1)}) is Status.PROVED
    assert _status(2 - X + Y, "nonnegative", {X: sp.Interval(-1, 1), Y: sp.Interval(-1, 1)}) is Status.PROVED


COEF = st.integers(-3, 3)


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(COEF, COEF, COEF, st.sampled_from(["positive", "nonnegative"]))
def test_what_is_proved_holds_at_the_corners(c, a, b, which):
    """A linear function on [0, 1]^2 is least at a corner: a proof must agree with the corners, exactly."""
    expr = c + a * X + b * Y
    if _status(expr, which, {X: UNIT, Y: UNIT}) is Status.PROVED:
        corners = [expr.subs({X: u, Y: v}) for u, v in itertools.product((0, 1), repeat=2)]
        assert all(v > 0 if which == "positive" else v >= 0 for v in corners), (expr, which, corners)


EPS = sp.Symbol("epsilon", positive=True)
BOX = {X: sp.Interval(-1, 1), Y: sp.Interval(-1, 1), EPS: sp.Interval.open(0, sp.oo)}


def test_exponents_compared():
    """e^A - e^B has the sign of A - B (Liu's Theorem 7: e^{2 eps} >= e^{eps x} e^{-eps y} on [-1, 1]^2)."""
    claim = sp.exp(2 * EPS) - sp.exp(EPS * X) * sp.exp(-EPS * Y)
    assert _status(claim, "nonnegative", BOX) is Status.PROVED
    assert _status(claim, "positive", BOX) is not Status.PROVED          # 0 at x = 1, y = -1
    nudged = sp.exp(sp.Rational(1999, 1000) * EPS) - sp.exp(EPS * X) * sp.exp(-EPS * Y)
    assert _status(nudged, "nonnegative", BOX) is not Status.PROVED
