"""Integrals with kinks (|x|, max, Piecewise) integrated piece by piece between the kinks
(engine/kinked_integrals.py).

Oracles: the Laplace mechanism's KL divergence eps Delta + e^{-eps Delta} - 1 and total variation
1 - e^{-eps/2} (Delta = 1), each piece integrated by hand; a two-sided exponential Piecewise density's mass 2.
The twins move the right side by eps^2/1000 or 1/1000 and must never be PROVED.
"""
import pytest
import sympy as sp

from symdp.engine import decide, kinked_integrals
from symdp.engine.provers import Attempts
from symdp.engine.status import Status

eps, D = sp.symbols("epsilon Delta", positive=True)
x = sp.Symbol("x", real=True)


def lap(mu):
    return eps / 2 * sp.exp(-eps * sp.Abs(x - mu))


def line(f):
    return sp.Integral(f, (x, -sp.oo, sp.oo))


KL = line(lap(0) * sp.log(lap(0) / lap(1)))
KL_D = line(lap(0) * sp.log(lap(0) / lap(D)))
TV = line(sp.Max(lap(0) - lap(1), 0))
MASS = line(sp.Piecewise((sp.exp(x), x < 0), (sp.exp(-x), True)))
TRUE = {
    "laplace KL": (KL, eps + sp.exp(-eps) - 1),
    "laplace KL, Delta": (KL_D, eps * D + sp.exp(-eps * D) - 1),
    "laplace TV": (TV, 1 - sp.exp(-eps / 2)),
    "piecewise mass": (MASS, 2),
}
FALSE = {
    "laplace KL + eps^2/1000": (KL, eps + sp.exp(-eps) - 1 + eps ** 2 / 1000),
    "laplace TV + 1/1000": (TV, 1 - sp.exp(-eps / 2) + sp.Rational(1, 1000)),
    "piecewise mass 2.001": (MASS, sp.Rational(2001, 1000)),
}


@pytest.mark.parametrize("name", sorted(TRUE))
def test_a_kinked_integral_identity_is_proved(name):
    lhs, rhs = TRUE[name]
    search = Attempts(total=30.0)
    out = decide.identity(lhs, rhs, {}, name, search, numeric=False)
    assert out.status is Status.PROVED, out.detail
    assert "split at the kinks" in out.method
    replay = decide.identity(lhs, rhs, {}, name, Attempts(transcript=search.log), numeric=False)
    assert replay.status is Status.PROVED and replay.method == out.method


@pytest.mark.parametrize("name", sorted(FALSE))
def test_a_false_twin_is_never_proved(name):
    lhs, rhs = FALSE[name]
    assert kinked_integrals.prove(lhs - rhs, Attempts(total=30.0)) is None
    status = decide.identity(lhs, rhs, {}, name, Attempts(), numeric=False).status
    assert status is not Status.PROVED


def test_an_unordered_cut_leaves_the_route_out():
    t = sp.Symbol("t", real=True)   # the kink at t has no known place against 0
    with pytest.raises(NotImplementedError):
        kinked_integrals.evaluate(line(sp.exp(-sp.Abs(x)) * sp.Abs(x - t)) + 0 * t)
