"""Validated numerics region by region (engine.regions): touching points inside the domain become region ends.

Oracle: the Laplace trade-off curve of Dong, Roth and Su (blog post 001, Def. 3.3) against
f_{eps,0}(a) = max(0, 1 - e^eps a, e^-eps (1 - a)); by hand, the middle piece minus the line 1 - e^eps a is
e^-eps (1 - 2 e^eps a)^2 / (4 a) >= 0, 0 exactly at the switch a = e^-eps/2, and the last piece equals the
other line on a > 1/2.  Near misses are false by a margin a reader can check at those points.
"""
from __future__ import annotations

import sympy as sp

import pytest

from symdp.engine.run import decide
from symdp.engine import regions, validated
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status
from symdp.special import Phi, PhiInv
from symdp.symbols import eps, fpr

A = fpr  # the catalogue's type I error (nonnegative)
EPS = eps


def _laplace(eps):
    return sp.Piecewise((1 - A * sp.exp(eps), A < sp.exp(-eps) / 2), (sp.exp(-eps) / (4 * A), A <= sp.Rational(1, 2)),
                        ((1 - A) * sp.exp(-eps), True))


def _f(eps):
    return sp.Max(0, (1 - A) * sp.exp(-eps), 1 - A * sp.exp(eps))


UNIT = {A: sp.Interval.open(0, 1)}


@pytest.fixture(autouse=True)
def generous(monkeypatch):
    """The route's sign-prover budget is wall-clock: generous here, so a loaded machine tests the route."""
    monkeypatch.setattr(regions, "LOOK", 240.0)


def _decided(expr, domain, attempts=None, which="nonnegative"):
    return decide.sign(expr, which, domain, "regions", attempts or Attempts(budget=60.0, total=120.0))


def test_tangent_at_a_switch_proved_and_replayed():
    search = Attempts(budget=60.0, total=120.0)
    search.recorded_boxes = ""
    claim = _laplace(1) - _f(1)
    out = _decided(claim, UNIT, search)
    assert out.status is Status.PROVED and "by regions of a" in out.method
    replay = Attempts(transcript=search.log)
    replay.recorded_boxes = search.boxes
    again = _decided(claim, UNIT, replay)
    assert (again.status, again.method, again.detail) == (out.status, out.method, out.detail)


def test_two_symbols_with_moving_cuts():
    """The cuts e^-eps/2, 1/(1 + e^eps) and 1/2 move with eps; their order is proved on the whole range."""
    domain = {A: sp.Interval.open(0, 1), EPS: sp.Interval.open(sp.Rational(1, 20), 6)}
    out = _decided(_laplace(EPS) - _f(EPS), domain)
    assert out.status is Status.PROVED and "by regions" in out.method


def test_near_misses_never_proved():
    """Shifted by 10^-6 it fails at the switch a = e^-1/2 (value 0 there); nudged, the middle piece's
    e^-1/(4a) times 0.999 falls below 1 - e a at the switch (1/2 * 0.999 < 1/2)."""
    shifted = _laplace(1) - _f(1) - sp.Rational(1, 10 ** 6)
    nudged = _laplace(1).subs(sp.exp(-1) / (4 * A), sp.Rational(999, 1000) * sp.exp(-1) / (4 * A)) - _f(1)
    assert nudged != _laplace(1) - _f(1)
    for bad in (shifted, nudged):
        assert _decided(bad, UNIT).status is Status.REFUTED


def test_a_piece_selected_only_at_the_cut_is_not_skipped():
    """a - 1/4 >= 0 on [1/4, 1] except at a = 1/2, where the middle piece (a <= 1/2 after a < 1/2 failed)
    gives -3/4: both sides' branches are fine, so only the continuity check at the cut stands in the way."""
    pw = sp.Piecewise((A, A < sp.Rational(1, 2)), (A - 1, A <= sp.Rational(1, 2)), (A, True))
    out = _decided(pw - sp.Rational(1, 4), {A: sp.Interval(sp.Rational(1, 4), 1)})
    assert out.status is not Status.PROVED


def test_tangent_inside_read_through_phi_inverse():
    """The TVD paper's Gaussian membership (gauss:inside-tvd): min(1, g - 1 + 2 Phi(1/4)) >= Phi(Phi^-1(g) + 1/2),
    tangent at g = Phi(-1/4) (Phi(-1/4) + Phi(1/4) = 1), 0 at g = 1.  In v = Phi^-1(g) the slope's zero
    v = -1/4 is found; since the Taylor models and rule X (the power branch) the regions of g itself close first,
    so the route is either, and the replay repeats the one found; lowered by 10^-9 the claim fails near that point
    only, and is refuted there."""
    g = sp.Symbol("gamma", nonnegative=True)
    domain = {g: sp.Interval(0, 1)}
    claim = lambda drop: sp.Min(1, g - 1 + 2 * Phi(sp.Rational(1, 4)) - drop) - Phi(PhiInv(g) + sp.Rational(1, 2))
    search = Attempts(budget=60.0, total=120.0)
    search.recorded_boxes = ""
    out = _decided(claim(0), domain, search)
    assert out.status is Status.PROVED and ("v = PhiInv(gamma)" in out.detail or "regions of gamma" in out.method)
    replay = Attempts(transcript=search.log)   # the failed view in gamma itself left entries before the mark
    replay.recorded_boxes = search.boxes
    assert _decided(claim(0), domain, replay).detail == out.detail
    bad = _decided(claim(sp.Rational(1, 10 ** 9)), domain)
    assert bad.status is Status.REFUTED and "gamma=0.401" in bad.detail


def test_a_switch_whose_zero_leaves_the_interval_splits_the_other_symbol():
    """max(x, y) - x >= 0 on x in (0, 2), y in (1, 3), by the regions route itself (the sign prover has it by
    monotonicity in the max): the switch x - y vanishes at x = y, inside x's interval only for y < 2, so y
    is split at 2 (solved from y = 2, the end of x's interval): y in (1, 2), the line y = 2 and y in (2, 3),
    each cut in x where the max switches.  By hand the claim is 0 wherever x >= y, so lowered by 10^-6 it is
    false there (x = 1.9, y = 1.5: -10^-6) and no region of it closes."""
    x, y = sp.symbols("x y", positive=True)
    domain = {x: sp.Interval.open(0, 2), y: sp.Interval.open(1, 3)}

    def route(claim, attempts):
        attempts.recorded_boxes = attempts.recorded_boxes if attempts.replaying else ""
        found = validated.prove(claim, "nonnegative", domain)
        return found, regions.decide(claim, "nonnegative", domain, attempts, found)

    search = Attempts(budget=60.0, total=120.0)
    found, out = route(sp.Max(x, y) - x, search)
    assert not found.proved and out.proved and "y first split into 3 pieces" in out.detail
    replay = Attempts(transcript=search.log)
    replay.recorded_boxes = search.boxes
    assert route(sp.Max(x, y) - x, replay)[1].detail == out.detail
    assert not route(sp.Max(x, y) - x - sp.Rational(1, 10 ** 6), Attempts(budget=60.0, total=120.0))[1].proved


def test_regions_of_three_symbols_read_on_their_faces():
    """max(x, y) - u x >= 0 on x in (0, 2), y in (1, 3), u in (0, 1]: by hand it falls in u (slope -x < 0), so
    each region is read at u = 1, where it is y - x on x <= y and identically 0 on x >= y (engine.regions.faces).
    Lowered by 10^-6 it is false at u = 1, x = 1.9, y = 1.5, and no region closes."""
    x, y, u = sp.symbols("x y u", positive=True)
    domain = {x: sp.Interval.open(0, 2), y: sp.Interval.open(1, 3), u: sp.Interval.Lopen(0, 1)}

    def route(claim, attempts):
        attempts.recorded_boxes = attempts.recorded_boxes if attempts.replaying else ""
        found = validated.prove(claim, "nonnegative", domain, budget=50)
        return found, regions.decide(claim, "nonnegative", domain, attempts, found)

    search = Attempts(budget=60.0, total=120.0)
    found, out = route(sp.Max(x, y) - u * x, search)
    assert not found.proved and out.proved and "read on the faces where the branch is least" in out.detail
    replay = Attempts(transcript=search.log)
    replay.recorded_boxes = search.boxes
    assert route(sp.Max(x, y) - u * x, replay)[1].detail == out.detail
    assert not route(sp.Max(x, y) - u * x - sp.Rational(1, 10 ** 6), Attempts(budget=60.0, total=120.0))[1].proved
