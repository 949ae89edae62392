"""Theorems 11-13 of Jia et al. 2023 against independent oracles: scipy quadrature and a seeded Monte Carlo
estimate of the TV of the multi-dimensional Gaussian mechanism (no rotation used)."""
import math

import numpy as np
import pytest
from scipy import integrate, stats


def tv_quad(p, q, cuts):
    pts = [-np.inf] + sorted(cuts) + [np.inf]
    return sum(integrate.quad(lambda y: abs(p(y) - q(y)) / 2, a, b, epsabs=1e-13)[0] for a, b in zip(pts, pts[1:]))


@pytest.mark.parametrize("shift,b", [(1.0, 1.0), (0.3, 2.0), (4.0, 0.5)])
def test_theorem11_laplace(shift, b):
    tv = tv_quad(stats.laplace(0, b).pdf, stats.laplace(shift, b).pdf, [0, shift / 2, shift])
    assert tv == pytest.approx(1 - math.exp(-shift / (2 * b)), abs=1e-10)


def test_proof7_middle_expression_is_negative():
    shift, b = 1.0, 0.5        # Delta f = 2b
    middle = 0.5 * (1 - math.exp(-shift / (2 * b))) + 0.5 * (1 - math.exp(shift / (2 * b)))
    assert middle == pytest.approx(1 - math.cosh(1)) and middle < 0


@pytest.mark.parametrize("shift,sigma", [(1.0, 1.0), (0.5, 3.0), (3.0, 0.7)])
def test_theorem12_gaussian(shift, sigma):
    tv = tv_quad(stats.norm(0, sigma).pdf, stats.norm(shift, sigma).pdf, [shift / 2])
    assert tv == pytest.approx(2 * stats.norm.cdf(shift / (2 * sigma)) - 1, abs=1e-10)


def test_theorem13_three_dimensions_monte_carlo():
    """TV = E_P[max(0, 1 - q/p)], sampled in the original coordinates; 6-sigma interval."""
    rng = np.random.default_rng(13)
    for v, sigma in (((0.6, -0.3, 0.9), 1.0), ((2.0, 1.0, 0.5), 1.5)):
        v = np.array(v)
        x = rng.normal(0, sigma, size=(300_000, 3))
        log_ratio = (np.sum(x**2, axis=1) - np.sum((x - v) ** 2, axis=1)) / (2 * sigma**2)   # log q/p
        samples = np.maximum(0, -np.expm1(log_ratio))
        est, se = samples.mean(), samples.std() / math.sqrt(len(samples))
        exact = 2 * stats.norm.cdf(np.linalg.norm(v) / (2 * sigma)) - 1
        assert abs(est - exact) < 6 * se


def test_theorem13_planar_quadrature():
    v1, v2, s = 0.8, 1.3, 1.1
    p = lambda y, x: stats.norm.pdf(x, 0, s) * stats.norm.pdf(y, 0, s)
    q = lambda y, x: stats.norm.pdf(x, v1, s) * stats.norm.pdf(y, v2, s)
    tv = integrate.dblquad(lambda y, x: abs(p(y, x) - q(y, x)) / 2, -9, 9, -9, 9, epsabs=1e-9)[0]
    assert tv == pytest.approx(2 * stats.norm.cdf(math.hypot(v1, v2) / (2 * s)) - 1, abs=1e-6)
