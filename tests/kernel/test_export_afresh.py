"""The exporter's ``monotone`` looked for afresh (symdp/engine/proof/proof_afresh.py): the subsampling bound of
Balle, Barthe and Gaboardi (2018, Thm. 9), ``eps - log(1 + q (e^eps - 1)) >= 0`` for eps > 0 and q in (0, 1], which the
search proves by a route with no translation, is monotone in eps from 0; its near miss (2q in place of q, false at
q = 1: mpmath below) gets no node."""
from __future__ import annotations

import mpmath
import sympy as sp
from symdp import kernel
from symdp.engine.proof import proof_export as pe
from symdp.engine.proof.proof_afresh import by_monotone

eps = sp.Symbol("epsilon", positive=True)
q = sp.Symbol("q", positive=True)
DOMAIN = {eps: sp.Interval.open(0, sp.oo), q: sp.Interval.Lopen(0, 1)}


def found(expr):
    claim = kernel.sign_claim(expr, "nonnegative", DOMAIN)
    node = by_monotone(claim, pe.SIGN_REWRITES, pe.SIGN_REWRITES + pe.SIGNED["exp substitution"], pe._first_signs)
    return claim, node


def test_the_subsampling_bound_is_monotone_from_eps_0():
    claim, node = found(eps - sp.log(1 + q * (sp.exp(eps) - 1)))
    assert node is not None and node.symbol == "epsilon" and node.end == "lower"
    assert kernel.check(claim, kernel.Proof(node)).accepted


def test_its_near_miss_gets_no_node():
    near = eps - sp.log(1 + 2 * q * (sp.exp(eps) - 1))
    assert mpmath.mpf(1) - mpmath.log(1 + 2 * (mpmath.e - 1)) < 0       # false at eps = 1, q = 1
    assert found(near)[1] is None


def test_an_identity_or_a_large_goal_is_not_tried():
    big = sum(sp.exp(k * eps) * q**k for k in range(1, 40)) - 1
    assert found(big)[1] is None
