"""Independent oracles for the findings of issue 15 (fdp.definitions, liu2019.domains/figures, zhao2019.theorem3).

Each test recomputes a finding by a route the derivation does not take: a linear programme solved by
scipy (trade-off functions), scipy.stats survival functions and quadrature (Laplace tests), plain floats
at the hand-checkable witness points the notes cite.
"""
import math

import numpy as np
import pytest
from scipy import integrate, optimize, stats

from symdp import fdp


def lp_tradeoff(a, p, q):
    """inf{beta_phi : alpha_phi <= a} as a linear programme over phi in [0, 1]^k (scipy's HiGHS)."""
    res = optimize.linprog(-np.asarray(q), A_ub=[p], b_ub=[a], bounds=[(0, 1)] * len(p), method="highs")
    assert res.status == 0
    return 1 + res.fun


@pytest.mark.parametrize("a", [0.01, 0.1, 0.3, 0.5, 0.8, 0.99])
@pytest.mark.parametrize("e, d", [(0.5, 0.01), (1.0, 0.1), (2.0, 0.3)])
def test_lemma34_extremal_pair_attains_f(a, e, d):
    """Lemma 3.4: Kairouz et al.'s four-point pair has trade-off exactly f_{eps,delta} (lemma3.4:attained)."""
    s, t = (1 - d) * math.exp(e) / (1 + math.exp(e)), (1 - d) / (1 + math.exp(e))
    p, q = [d, s, t, 0.0], [0.0, t, s, d]
    assert lp_tradeoff(a, p, q) == pytest.approx(float(fdp.mp_f_eps_delta(a, e, d)), abs=1e-9)


def test_lemma34_is_only_a_bound():
    """lemma3.4:is: Lap(0,1) vs Lap(1,1) at alpha = 1/4: T = 1/e > f_{1,0}(1/4) = 1 - e/4 (test x >= ln 2)."""
    size = stats.laplace.sf(math.log(2))
    miss = stats.laplace.cdf(math.log(2), loc=1)
    assert size == pytest.approx(0.25, abs=1e-15)
    assert miss == pytest.approx(math.exp(-1), abs=1e-15)
    assert miss - (1 - math.e / 4) > 0.04


def test_lambda_low_branch_never_rejects():
    """liu2019.domains sec4.1.5:lambda-low: eps = 1, alpha = 0.1: theta > Q(D) = 1, where Lambda = e < printed lambda."""
    eps, a = 1.0, 0.1
    theta = -math.log(2 * a) / eps                      # Eq. 6 with Q(D') = 0, Delta Q = 1
    assert theta > 1
    ratio = stats.laplace.pdf(theta + 0.3, loc=1) / stats.laplace.pdf(theta + 0.3, loc=0)
    assert ratio == pytest.approx(math.e, rel=1e-12)
    assert math.exp(-eps) / (4 * a**2) == pytest.approx(9.197, abs=1e-3)
    size, _ = integrate.quad(lambda o: stats.laplace.pdf(o), theta, np.inf)
    assert size == pytest.approx(a, rel=1e-9)           # the threshold itself is right (Eq. 6)


def test_rho_c_outside_range_gives_fscore_above_one():
    """liu2019.domains sec5.2:rho_c-stated-range: an attainable (rho_p, rho_c) = (1/5, 1/2), beta = 1, in Eq. 21."""
    p1, p2, w0, up = 5 / 9, 4 / 9, 1 / 4, 8 / 9               # P(d_i1), P(d_i2), P(c = 0), P(d_i2 | c = 0)
    rest = (p2 - w0 * up) / (1 - w0)                          # P(d_i2 | c = 1)
    given = {(2, 0): up, (2, 1): rest, (1, 0): 1 - up, (1, 1): 1 - rest}
    prior = {1: p1, 2: p2}
    rho_p = 1 - min(p1 / p2, p2 / p1)
    rho_c = 1 - min(prior[v] / given[v, c] for v, c in given)
    assert (rho_p, rho_c) == (pytest.approx(0.2), pytest.approx(0.5))
    assert rho_c > (1 - rho_p) / (2 - rho_p)
    b2 = 1.0
    assert (1 + b2) / (2 + b2 - rho_p - rho_c * (2 - rho_p)) == pytest.approx(20 / 19)


def test_eps5_midpoint_precision_recall():
    """liu2019.figures fig3a:eps=5: the midpoint threshold at eps = 5 has precision = recall = 0.959."""
    scale = 1 / 5
    rsr = stats.laplace.sf(0.5, loc=1, scale=scale)
    gsr = stats.laplace.sf(0.5, loc=0, scale=scale)
    assert rsr / (rsr + gsr) == pytest.approx(rsr, rel=1e-12)
    assert rsr == pytest.approx(0.958958, abs=1e-6)


def test_lemma1_endpoint_witness():
    """zhao2019.theorem3 lemma1:range: P[x_i] = 0, eps = 1, A = 4: (21), (22) hold, (23a) fails."""
    b, eps, a = 0.0, 1.0, 4.0
    post = b * a / (b * a + 1 - b)
    assert post <= math.exp(eps) * b                     # (21): 0 <= 0
    assert 1 - post >= math.exp(-eps) * (1 - b)          # (22): 1 >= 1/e
    assert a > (1 - b) / (math.exp(-eps) - b)            # (23a) at b = 0 is A <= e
