"""symdp.tvd.composition (Theorem 18, Eq. 6 corrected) against independent oracles: brute force over all 2^k
outputs of k-fold randomized response in exact rationals, scipy's binomial pmf, dp_accounting's PLD, and a
seeded Monte Carlo of Appendix A's majority vote."""
import itertools
import math
from fractions import Fraction

import mpmath as mp
import numpy as np
import pytest

from symdp.errors import SymdpError
from symdp.tvd import composition as comp


def _brute(k, r, threshold):
    """sum over all 2^k outputs of (P(y) - threshold Q(y))_+ for k-fold RR with e^eps = r (exact rationals)."""
    p, q = r / (1 + r), 1 / (1 + r)
    total = Fraction(0)
    for y in itertools.product((0, 1), repeat=k):
        P = math.prod(p if b == 0 else q for b in y)
        Q = math.prod(q if b == 0 else p for b in y)
        total += max(Fraction(0), P - threshold * Q)
    return total


@pytest.mark.parametrize("r", [Fraction(3, 2), Fraction(2), Fraction(3)])
@pytest.mark.parametrize("k", range(1, 10))
def test_eq6_corrected_is_the_brute_force_delta(k, r):
    e = math.log(r)
    for i in range(k // 2 + 1):
        exact = _brute(k, r, r ** (k - 2 * i))
        assert float(comp.delta_i(k, e, i)) == pytest.approx(float(exact), rel=2e-14, abs=1e-300)
        with mp.workdps(40):
            assert comp.mp_delta_i(k, mp.log(mp.mpf(r.numerator) / r.denominator), i, 40) == \
                pytest.approx(mp.mpf(exact.numerator) / exact.denominator, rel=mp.mpf(10) ** -35)


def test_eq6_as_printed_exceeds_one():
    """The printed (1 + eps)^k denominator: k = 2, i = 1, eps = 1 gives (e^2 - 1)/4 = 1.597 > 1."""
    printed = (math.exp(2) - 1) / (1 + 1) ** 2
    assert printed > 1
    assert float(comp.delta_i(2, 1.0, 1)) == pytest.approx((math.exp(2) - 1) / (1 + math.e) ** 2, rel=1e-15)
    assert float(comp.delta_i(2, 1.0, 1)) == pytest.approx(math.tanh(0.5), rel=1e-15)


@pytest.mark.parametrize("k,e,ep", [(5, 0.7, 0.3), (8, 0.2, 0.55), (6, 1.3, 2.0), (3, 2.0, 0.0)])
def test_delta_at_any_eps_prime_matches_the_mpmath_brute_force(k, e, ep):
    with mp.workdps(40):
        p, q = 1 / (1 + mp.exp(-e)), 1 / (1 + mp.exp(e))
        prob = lambda y, a, b: mp.fprod(a if bit == 0 else b for bit in y)
        brute = mp.fsum(max(0, prob(y, p, q) - mp.exp(ep) * prob(y, q, p)) for y in itertools.product((0, 1), repeat=k))
        assert float(comp.delta_kfold(k, e, ep)) == pytest.approx(float(brute), rel=1e-13)
        assert comp.mp_delta_kfold(k, e, ep, 35) == pytest.approx(brute, rel=mp.mpf(10) ** -33)


@pytest.mark.parametrize("k", [1, 2, 17, 200, 5000])
@pytest.mark.parametrize("e", [0.01, 0.3, 2.0])
def test_tv_is_the_tv_of_two_binomials(k, e):
    from scipy.stats import binom
    p = 1 / (1 + math.exp(-e))
    j = np.arange(k + 1)
    tv = 0.5 * np.abs(binom.pmf(j, k, p) - binom.pmf(j, k, 1 - p)).sum()
    assert float(comp.tv_kfold(k, e)) == pytest.approx(tv, rel=1e-9, abs=1e-14)


def test_against_dp_accounting_pld():
    pld_mod = pytest.importorskip("dp_accounting.pld.privacy_loss_distribution")
    common = pytest.importorskip("dp_accounting.pld.common")
    one = pld_mod.from_privacy_parameters(common.DifferentialPrivacyParameters(0.5, 0),
                                          value_discretization_interval=1e-4)  # losses +-0.5 on the grid: exact
    for k in (3, 7, 20):
        composed = one.self_compose(k)
        for ep in (0.0, 0.5, 0.7, 1.5, 3.0):
            assert float(comp.delta_kfold(k, 0.5, ep)) == pytest.approx(composed.get_delta_for_epsilon(ep), rel=1e-9,
                                                                         abs=1e-15)


@pytest.mark.parametrize("m", range(1, 30))
def test_an_even_step_adds_no_tv(m):
    for e in (0.05, 0.5, 3.0):
        assert float(comp.tv_kfold(2 * m, e)) == pytest.approx(float(comp.tv_kfold(2 * m - 1, e)), rel=1e-13)


def test_theorem18_tv_is_the_binomial_tv_at_p_one_plus_alpha_over_two():
    from scipy.stats import binom
    for alpha in (0.05, 0.1, 0.4):
        e = comp.eps_of_alpha(alpha)
        assert math.exp(e) / (1 + math.exp(e)) == pytest.approx((1 + alpha) / 2, rel=1e-15)
        for k in (1, 10, 50, 100):
            j = np.arange(k + 1)
            tv = 0.5 * np.abs(binom.pmf(j, k, (1 + alpha) / 2) - binom.pmf(j, k, (1 - alpha) / 2)).sum()
            assert float(comp.tv_kfold(k, e)) == pytest.approx(tv, rel=1e-10)
            assert float(comp.tv_kfold(k, e)) <= 1 - (1 - alpha) ** k + 1e-15   # the one-sided mechanism: no less


def test_vectorised_over_eps_and_accurate_for_tiny_eps():
    e = np.array([1e-12, 1e-6, 0.1, 10.0, 700.0])
    out = comp.tv_kfold(3, e)
    assert out.shape == (5,)
    for v, ee in zip(out, e):
        assert v == pytest.approx(float(comp.mp_tv_kfold(3, ee, 30)), rel=1e-13)
    assert comp.tv_kfold(3, 0.0) == 0.0


def test_large_k_is_fast_and_finite():
    import time
    t = time.perf_counter()
    v = float(comp.tv_kfold(10**6, 1e-3))
    assert time.perf_counter() - t < 5
    from scipy.stats import norm
    assert v == pytest.approx(2 * norm.cdf(math.sqrt(10**6) * math.sinh(5e-4)) - 1, rel=2e-3)  # CLT


def test_optimal_deltas_lists_theorem18s_pairs():
    pairs = comp.optimal_deltas(4, 1.0)
    assert [e for e, _ in pairs] == [4.0, 2.0, 0.0]
    assert pairs[0][1] == 0.0 and pairs[-1][1] == pytest.approx(float(comp.tv_kfold(4, 1.0)))


def test_appendix_a_majority_vote_monte_carlo():
    """10 RR answers at eps = 0.5, majority with random ties: the 99.9% CI contains (1 + TV_10)/2 = 0.77853."""
    rng = np.random.default_rng(11)
    n = 400_000
    p = math.exp(0.5) / (1 + math.exp(0.5))
    truthful = (rng.random((n, 10)) < p).sum(axis=1)
    correct = (truthful > 5) | ((truthful == 5) & (rng.random(n) < 0.5))
    rate, half = correct.mean(), 3.3 * math.sqrt(0.78 * 0.22 / n)
    exact = (1 + float(comp.tv_kfold(10, 0.5))) / 2
    assert exact == pytest.approx(0.778526061673510679, rel=1e-14)
    assert abs(rate - exact) < half


@pytest.mark.parametrize("call,name", [
    (lambda: comp.tv_kfold(0, 1.0), "k"), (lambda: comp.tv_kfold(2.0, 1.0), "k"),
    (lambda: comp.tv_kfold(True, 1.0), "k"), (lambda: comp.tv_kfold(3, -0.1), "eps"),
    (lambda: comp.delta_kfold(3, 1.0, -1.0), "eps_prime"), (lambda: comp.delta_i(4, 1.0, 3), "i"),
    (lambda: comp.eps_of_alpha(1.0), "alpha"), (lambda: comp.tv_kfold(3, [0.1, float("inf")]), "eps"),
])
def test_inputs_are_validated_with_the_parameter_named(call, name):
    with pytest.raises(SymdpError) as err:
        call()
    assert err.value.parameter == name


def _tv_product(P, Q, k):
    """TV of k-fold P vs k-fold Q by enumerating all m^k outcome vectors (exact Fractions)."""
    total = Fraction(0)
    for y in itertools.product(range(len(P)), repeat=k):
        total += abs(math.prod(P[i] for i in y) - math.prod(Q[i] for i in y))
    return total / 2


def test_theorem18_optimality_fails_at_three_steps():
    """A binary alpha = 1/2 pair composed 3 times has TV 17/25 < 11/16, the TV of 3-fold randomized response."""
    P, Q = (Fraction(4, 5), Fraction(1, 5)), (Fraction(3, 10), Fraction(7, 10))
    rr = (Fraction(3, 4), Fraction(1, 4)), (Fraction(1, 4), Fraction(3, 4))
    assert _tv_product(P, Q, 1) == _tv_product(*rr, 1) == Fraction(1, 2)
    assert _tv_product(*rr, 3) == Fraction(11, 16) == Fraction(float(comp.tv_kfold(3, math.log(3)))).limit_denominator(100)
    assert _tv_product(P, Q, 3) == Fraction(17, 25) < Fraction(11, 16)
    assert _tv_product((Fraction(9, 10), Fraction(1, 10)), (Fraction(2, 5), Fraction(3, 5)), 3) == Fraction(133, 200)
    assert _tv_product(P, Q, 2) >= Fraction(1, 2)          # two steps: never below alpha (a marginal is alpha)


def test_random_pairs_beat_randomized_response_at_odd_k_but_never_at_k_2():
    rng = np.random.default_rng(5)
    beaten = 0
    for _ in range(200):
        P, Q = rng.dirichlet(np.ones(3)), rng.dirichlet(np.ones(3))
        a = 0.5 * np.abs(P - Q).sum()
        P2, Q2 = np.outer(P, P).ravel(), np.outer(Q, Q).ravel()
        assert 0.5 * np.abs(P2 - Q2).sum() >= float(comp.tv_kfold(2, comp.eps_of_alpha(a))) - 1e-12
        P3, Q3 = np.outer(P2, P).ravel(), np.outer(Q2, Q).ravel()
        beaten += 0.5 * np.abs(P3 - Q3).sum() < float(comp.tv_kfold(3, comp.eps_of_alpha(a))) - 1e-9
    assert beaten > 20
