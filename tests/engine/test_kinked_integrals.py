"""Integrals with kinks (|x|, max, Piecewise) integrated piece by piece between the kinks
(engine/symbolic/kinked_integrals.py).

Oracles: the Laplace mechanism's KL divergence eps Delta + e^{-eps Delta} - 1 and total variation
1 - e^{-eps/2} (Delta = 1), each piece integrated by hand; a two-sided exponential Piecewise density's mass 2.
The twins move the right side by eps^2/1000 or 1/1000 and must never be PROVED.
"""
import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine.symbolic import kinked_integrals
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

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


T = sp.Symbol("t", real=True)
TAIL = sp.Integral(lap(0), (x, T, sp.oo))


def test_a_tail_whose_limit_the_domain_orders_is_proved_on_the_domain_and_replays():
    """P(Lap(0, 1/eps) > t) = e^{-eps t}/2 for t >= 0 [Dwork and Roth, Fact 3.7]: the kink 0 of |x| against the
    limit t is ordered by the domain, not by t's assumptions (the map t = 0 + t, t >= 0, then SymPy's value at a
    nonnegative lower limit taken from 0 after x = t + y)."""
    domain = {eps: sp.Interval.open(0, sp.oo), T: sp.Interval(0, sp.oo)}
    search = Attempts(total=30.0)
    out = decide.identity(TAIL, sp.exp(-eps * T) / 2, domain, "tail", search, numeric=False)
    assert out.status is Status.PROVED and "split at the kinks" in out.method and "t = 0 + t" in out.method
    replay = decide.identity(TAIL, sp.exp(-eps * T) / 2, domain, "tail", Attempts(transcript=search.log),
                             numeric=False)
    assert replay.status is Status.PROVED and replay.method == out.method


@pytest.mark.parametrize("domain, rhs", [
    ({eps: sp.Interval.open(0, sp.oo), T: sp.Interval(-1, sp.oo)}, sp.exp(-eps * T) / 2),   # false for t < 0
    ({eps: sp.Interval.open(0, sp.oo), T: sp.Interval(0, sp.oo)}, sp.exp(-eps * T) / 2 + eps / 1000)])
def test_a_tail_false_somewhere_on_its_domain_is_never_proved(domain, rhs):
    assert decide.identity(TAIL, rhs, domain, "tail", Attempts(total=30.0), numeric=False).status \
        is not Status.PROVED


def test_the_gaussian_tail_is_proved_through_the_error_function_and_its_shift_is_not():
    from symdp.special import Phi
    phi = sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)
    tail = sp.Integral(phi, (x, T, sp.oo))
    out = decide.identity(tail, 1 - Phi(T), {T: sp.Interval(-sp.oo, sp.oo)}, "g", Attempts(total=30.0),
                          numeric=False)
    assert out.status is Status.PROVED and "error-function" in out.method
    assert decide.identity(tail, 1 - Phi(T + sp.Rational(1, 1000)), {T: sp.Interval(-sp.oo, sp.oo)}, "g",
                           Attempts(total=30.0), numeric=False).status is not Status.PROVED
