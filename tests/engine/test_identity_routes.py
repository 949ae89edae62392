"""The identity routes added for issue 20 (sign cases, logs of exponentials, Lambert W, erf form, Piecewise
conditions settled on the domain): each proves its identity, and each nudged into a false one is never PROVED.

The oracle of truth is the mathematics stated beside each case (a hand derivation); the mutations shift a side
by 1e-30, scale it by 1 + 1e-30, or widen the domain past where the identity holds.
"""
import pytest
import sympy as sp

from symdp import fdp
from symdp.engine.run import decide
from symdp.engine.symbolic.attempts import Attempts
from symdp.mechanisms import gaussian
from symdp.engine.model.status import Status

t, r = sp.symbols("t r", real=True)
eps, U = sp.symbols("epsilon u", positive=True)
TINY = sp.Rational(1, 10 ** 30)
W = sp.LambertW(-2 * sp.exp(-2))
DSTAR = 2 + W                                      # W e^W = z: exp(-D*) = -W/2, so D*/2 = 1 - exp(-D*)
P_RR = (1 + sp.tanh(eps / 2)) / 2                  # p/(1 - p) = e^eps: kl(p || 1 - p) = (2p - 1) eps
A_ABOVE = sp.exp(-(U + eps)) / 2                   # below e^-eps/2 for u > 0: the first piece, 1 - e^eps a


def _kl(p, q):
    return p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))


TRUE = {
    "positive part": (sp.Max(t, 0), (sp.Abs(t) + t) / 2, {}),
    "block": (sp.Max(r * t, 0), r * sp.Max(t, 0), {r: sp.Interval(0, 1)}),
    "rr kl": (_kl(P_RR, 1 - P_RR), eps * sp.tanh(eps / 2), {}),
    "lambert": (DSTAR / 2, 1 - sp.exp(-DSTAR), {}),
    "erf": (2 * gaussian.cdf(sp.Rational(1, 2)) - 1, sp.erf(sp.sqrt(2) / 4), {}),
    "laplace piece": (fdp.laplace_tradeoff(A_ABOVE, eps), 1 - sp.exp(-U) / 2, {U: sp.Interval.open(0, sp.oo)}),
}

FALSE = {
    "positive part + 1e-30": (sp.Max(t, 0), (sp.Abs(t) + t) / 2 + TINY, {}),
    "block, r below 0": (sp.Max(r * t, 0), r * sp.Max(t, 0), {r: sp.Interval(-TINY, 1)}),
    "block, shifted kink": (sp.Max(r * t, 0), r * sp.Max(t + TINY, 0), {r: sp.Interval(0, 1)}),
    "rr kl scaled": (_kl(P_RR, 1 - P_RR), eps * sp.tanh(eps / 2) * (1 + TINY), {}),
    "lambert + 1e-30": (DSTAR / 2, 1 - sp.exp(-DSTAR) + TINY, {}),
    "erf shifted": (2 * gaussian.cdf(sp.Rational(1, 2)) - 1, sp.erf(sp.sqrt(2) / 4 + TINY), {}),
    "laplace piece scaled": (fdp.laplace_tradeoff(A_ABOVE, eps), (1 - sp.exp(-U) / 2) * (1 + TINY),
                             {U: sp.Interval.open(0, sp.oo)}),
    "laplace piece, domain widened": (fdp.laplace_tradeoff(A_ABOVE, eps), 1 - sp.exp(-U) / 2,
                                      {U: sp.Interval.open(-TINY, sp.oo)}),
    "laplace middle, domain widened": (fdp.laplace_tradeoff(sp.exp(-U) / 2, eps), sp.exp(U - eps) / 2,
                                       {U: sp.Interval.open(0, eps + TINY)}),
}


@pytest.mark.parametrize("name", sorted(TRUE))
def test_the_route_proves_the_identity(name):
    lhs, rhs, domain = TRUE[name]
    assert decide.identity(lhs, rhs, domain, name, Attempts(), numeric=False).status is Status.PROVED


@pytest.mark.parametrize("name", sorted(FALSE))
def test_a_nudged_identity_is_never_proved(name):
    lhs, rhs, domain = FALSE[name]
    assert decide.identity(lhs, rhs, domain, name, Attempts(), numeric=False).status is not Status.PROVED
