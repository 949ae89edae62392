"""A region closed by the shape of its branch (engine.regions.shape): concave or monotone along the cut symbol.

Oracle: Dong, Roth and Su's argument that eps-DP implies mu(eps)-GDP, mu(eps) = 2 Phi^-1(e^eps/(1 + e^eps))
(derivations/fdp/tradeoff.py, dp-gdp:below): G_mu is convex, f_{eps,0} is linear on [0, a*] and on [a*, 1]
(a* = 1/(1 + e^eps)), and G_mu - f_{eps,0} is 0 at 0, at a* and at 1, so it is <= 0 on both pieces.  By hand
at eps = 1: a* = 0.26894, G_mu(a*) = a* exactly.  The near miss lowers mu by 1%: then G_mu(a*) > a*
(G_mu decreases in mu), false at a* by about 0.002, a point a reader can evaluate with any normal table.
"""
from __future__ import annotations

import sympy as sp

import pytest

from symdp.engine.run import decide
from symdp.engine import regions
from symdp.engine.regions import shape
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status
from symdp.fdp import f_eps_delta, gaussian_tradeoff
from symdp.mechanisms import gaussian
from symdp.symbols import fpr, mu

A = fpr
MU = 2 * gaussian.quantile(sp.E / (1 + sp.E))


def _g(m):
    """G_m(a), built on the symbol mu (the constructor checks a number's range, not an erfcinv's sign)."""
    return gaussian_tradeoff(A, mu).xreplace({mu: m})
UNIT = {A: sp.Interval.open(0, 1)}


@pytest.fixture(autouse=True)
def generous(monkeypatch):
    """The route's sign-prover budget is wall-clock: generous here, so a loaded machine tests the route."""
    monkeypatch.setattr(regions, "LOOK", 240.0)


def _decided(expr, attempts=None):
    return decide.sign(expr, "nonpositive", UNIT, "regions", attempts or Attempts(budget=60.0, total=120.0))


def test_gaussian_below_dp_proved_by_convexity_and_replayed():
    search = Attempts(budget=60.0, total=120.0)
    search.recorded_boxes = ""
    claim = _g(MU) - f_eps_delta(A, 1, 0)
    out = _decided(claim, search)
    assert out.status is Status.PROVED and "by regions of a" in out.method
    assert shape.SHAPE in search.boxes and "concave" in search.boxes
    replay = Attempts(transcript=search.log)
    replay.recorded_boxes = search.boxes
    again = _decided(claim, replay)
    assert (again.status, again.method, again.detail) == (out.status, out.method, out.detail)


def test_mu_lowered_by_one_percent_is_not_proved():
    bad = _g(MU * sp.Rational(99, 100)) - f_eps_delta(A, 1, 0)
    assert _decided(bad).status is Status.REFUTED


def test_the_sign_of_a_product_factor_by_factor():
    """G_mu''(a) = -4 sqrt(pi) e^(...) e^(2 erfcinv(2 - 2a)^2) erfcinv(2 e/(e + 1)) is oo * 0 at a = 0 as one
    enclosure; factor by factor: the exponentials' arguments are real (erfcinv's arguments inside (0, 2)) and
    erfcinv(2e/(e + 1)) < 0 (its argument in (1, 2)), so the product is > 0."""
    d2 = sp.diff(_g(MU), A, 2)
    region = {A: sp.Interval.Lopen(0, 1 / (1 + sp.E))}
    found = shape._slope(d2, "nonnegative", region, None, "")
    assert found is not None and isinstance(found[1], list)
    assert shape._slope(d2, "nonnegative", region, None, found[1]) == found
    assert shape._slope(-d2, "nonnegative", region, None, "") is None


def test_an_infinite_end_value_is_the_limit_with_its_conditions():
    """At a = 1, erfcinv(2 - 2a) = +oo: with erfcinv(2e/(e + 1)) held finite, erfc(+oo) = 0; the conditions
    say why it is finite (its argument strictly inside (0, 2))."""
    eps = sp.Symbol("epsilon", positive=True)
    m = 2 * gaussian.quantile(sp.exp(eps) / (1 + sp.exp(eps)))
    value, claims = shape._at(_g(m), A, sp.Integer(1), 1, {eps: sp.Interval.open(0, 10)})
    assert value == 0 and claims and all(w == "positive" for _, w in claims)
