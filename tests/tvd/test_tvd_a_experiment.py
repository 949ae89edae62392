"""Sec. 3 of Jia et al. 2023 (Experiment 2, Eq. 1, the closing sentence) against independent oracles:
scipy quadrature, a seeded Monte Carlo experiment, and dp_accounting's privacy-loss distribution."""
import math

import numpy as np
import pytest
from scipy import integrate, optimize, stats

dp_accounting = pytest.importorskip("dp_accounting")
from dp_accounting.pld import privacy_loss_distribution as pld  # noqa: E402


def bayes_accuracy(p0, p1, split):
    """int max(p0, p1)/2 by scipy quadrature, split where the densities cross."""
    f = lambda y: max(p0(y), p1(y)) / 2
    return integrate.quad(f, -np.inf, split, epsabs=1e-13)[0] + integrate.quad(f, split, np.inf, epsabs=1e-13)[0]


def test_laplace_accuracy_is_0697():
    acc = bayes_accuracy(stats.laplace(0, 1).pdf, stats.laplace(1, 1).pdf, 0.5)
    assert acc == pytest.approx(1 - math.exp(-0.5) / 2, abs=1e-10)
    assert round(acc, 3) == 0.697


def test_laplace_accuracy_monte_carlo():
    rng = np.random.default_rng(20230107)
    n = 400_000
    b = rng.integers(0, 2, n)
    y = b + rng.laplace(0, 1, n)
    acc = np.mean((y >= 0.5) == (b == 1))
    half_width = 5 * math.sqrt(0.25 / n)
    assert abs(acc - (1 - math.exp(-0.5) / 2)) < half_width


def test_gaussian_variance_two_gives_0638_not_0639():
    acc = bayes_accuracy(stats.norm(0, math.sqrt(2)).pdf, stats.norm(1, math.sqrt(2)).pdf, 0.5)
    assert acc == pytest.approx(0.638163195084, abs=1e-10)
    assert round(acc, 3) == 0.638 and abs(acc - 0.639) > 5e-4
    sd_two = bayes_accuracy(stats.norm(0, 2).pdf, stats.norm(1, 2).pdf, 0.5)
    assert round(sd_two, 3) == 0.599


def test_gaussian_is_3_4_dp_and_least_epsilon():
    loss = pld.from_gaussian_mechanism(standard_deviation=math.sqrt(2), sensitivity=1,
                                       value_discretization_interval=1e-4)
    assert loss.get_delta_for_epsilon(3.4) == pytest.approx(5.3625e-7, rel=1e-3)
    assert loss.get_epsilon_for_delta(1e-5) == pytest.approx(2.94323, abs=1e-3)
    classical = math.sqrt(2 * math.log(1.25e5)) / math.sqrt(2)
    assert 3.4 < classical < 3.43


def test_eq1_bounds_and_attained_by_randomized_response():
    for e, dl, printed in ((1.0, 0.0, 0.73), (3.4, 1e-5, 0.97)):
        bound = math.exp(e) / (math.exp(e) + 1) * (1 - dl) + dl
        assert round(bound, 2) == printed
        # (eps, delta) randomized response: reveal w.p. delta, else randomized response; brute force over decisions
        p = {0: {"r0": dl, "r1": 0, 0: (1 - dl) * math.exp(e) / (1 + math.exp(e)), 1: (1 - dl) / (1 + math.exp(e))},
             1: {"r0": 0, "r1": dl, 0: (1 - dl) / (1 + math.exp(e)), 1: (1 - dl) * math.exp(e) / (1 + math.exp(e))}}
        best = sum(max(p[0][o], p[1][o]) for o in p[0]) / 2
        assert best == pytest.approx(bound, abs=1e-15)


def test_closing_sentence_noise_levels():
    target, dl = 0.639, 1e-5
    sd_tvd = optimize.brentq(lambda s: stats.norm.cdf(1 / (2 * s)) - target, 0.5, 5)
    assert 1.40 < sd_tvd < 1.41 <= 2
    eps_dp = math.log((target - dl) / (1 - target))
    assert math.sqrt(2 * math.log(1.25 / dl)) / eps_dp == pytest.approx(8.4846, abs=1e-3)

    def delta_at(sd):
        return pld.from_gaussian_mechanism(standard_deviation=sd, sensitivity=1,
                                           value_discretization_interval=1e-5).get_delta_for_epsilon(eps_dp)
    sd_analytic = optimize.brentq(lambda s: math.log(delta_at(s)) - math.log(dl), 4, 10, xtol=1e-4)
    assert sd_analytic == pytest.approx(6.2258, abs=2e-3)
    assert sd_analytic < 7 < sd_analytic + 1
