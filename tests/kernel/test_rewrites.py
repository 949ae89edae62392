"""The kernel's log and exponential rewrites (issue 51): the randomized-response identities of the catalogue,
each with a false twin that no rewrite may close.

Oracle: the identities are textbook (KL of randomized response is eps tanh(eps/2); 2 atanh(x) = log((1+x)/(1-x)));
the twins are checked false by mpmath at a point.
"""
from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from symdp.engine.proof.proof_export import AFRESH
from symdp.kernel import Algebra, Proof, check, identity_claim

eps = sp.Symbol("epsilon", positive=True)
x = sp.Symbol("x", real=True)
z = sp.Symbol("z", complex=True)
P = (1 + sp.tanh(eps / 2)) / 2
RR_KL = identity_claim(P * sp.log(P / (1 - P)) + (1 - P) * sp.log((1 - P) / P), eps * sp.tanh(eps / 2))
SINH = identity_claim((sp.sinh(3 * eps) - sp.sinh(2 * eps)) / sp.sinh(eps),
                      (sp.exp(3 * eps) + sp.exp(-2 * eps)) / (sp.exp(eps) + 1))


def _proved(claim):
    return any(check(claim, Proof(Algebra(r, c))).accepted for r, c in AFRESH)


@pytest.mark.parametrize("claim", [RR_KL, SINH])
def test_logs_and_exponentials_close_to_zero(claim):
    assert _proved(claim)


@pytest.mark.parametrize("claim", [
    identity_claim(RR_KL.lhs, eps * sp.tanh(eps / 3)),
    identity_claim(SINH.lhs, (sp.exp(3 * eps) + sp.exp(-2 * eps)) / (sp.exp(eps) + 2)),
])
def test_false_twins_are_never_closed(claim):
    f = sp.lambdify(eps, claim.goal, "mpmath")
    with mpmath.workdps(30):
        assert abs(f(mpmath.mpf("0.7"))) > mpmath.mpf("1e-6")   # the twin is false (independent numerics)
    assert not _proved(claim)


def test_exp_generators_leave_non_real_symbols_alone():
    # exp(z) is no positive number for complex z: the generator rewrite must not touch it
    claim = identity_claim(sp.sqrt(sp.exp(2 * z)), sp.exp(z))
    assert not check(claim, Proof(Algebra(("exp-generators",), "cancel"))).accepted
