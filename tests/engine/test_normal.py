"""Conditions of a nested Piecewise decided on the domain (symdp/engine/symbolic/normal.py).

The oracle: the claim and its normal form agree at sampled points, each evaluated by SymPy's own Piecewise
(which selects the piece by the original conditions), in 30-digit arithmetic.
"""
import random

import sympy as sp

from symdp.engine.symbolic import normal

eps = sp.Symbol("eps_n", positive=True)
k = sp.Symbol("k_n", positive=True)
q = sp.Symbol("q_n", real=True)
DOMAIN = {eps: sp.Interval.open(0, sp.oo), k: sp.Interval.open(0, sp.oo), q: sp.Interval(-5, 5)}   # as in Def. 3
INNER = sp.Piecewise((q + k, sp.exp(-eps * k) <= 1), (q + sp.log(2 - sp.exp(-eps * k)) / eps, True))
CLAIM = sp.Piecewise((sp.exp(eps * (1 + q - INNER)) / 2, sp.ITE(sp.exp(-eps * k) <= 1, 1 + q <= k + q, q > 0)),
                     (1 - sp.exp(eps * (INNER - 1 - q)) / 2, True))


def test_a_condition_true_on_the_domain_is_dropped_and_the_exponents_cancel():
    out, said = normal.decided(CLAIM, DOMAIN)
    assert not out.has(sp.ITE) and all(q not in p.expr.free_symbols for p in out.args)
    assert out.args[0].expr == sp.exp(eps - eps * k) / 2
    assert "exp(-eps_n*k_n) <= 1 true" in said
    rng = random.Random(7)
    for _ in range(20):
        at = {eps: rng.uniform(0.01, 9.99), k: rng.uniform(0.01, 9.99), q: rng.uniform(-5, 5)}
        assert abs(sp.N(CLAIM.subs(at), 30) - sp.N(out.subs(at), 30)) < 1e-25


def test_a_condition_true_only_in_part_of_the_domain_stays():
    claim = sp.Piecewise((eps, sp.ITE(k <= 1, q <= 0, q > 1)), (k, True))
    out, said = normal.decided(claim, DOMAIN)
    assert (out, said) == (claim, "")


def test_a_claim_without_nesting_is_not_touched():
    claim = sp.Piecewise((eps, k <= 20), (k, True))
    assert normal.decided(claim, DOMAIN) == (claim, "")
