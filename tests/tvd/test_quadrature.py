"""The calculators' Gauss-Legendre quadrature against integrals known in closed form, and its cap."""
import math

import numpy as np
import pytest

from symdp.tvd import quadrature


@pytest.mark.parametrize("s", [0.05, 1.0, 300.0])
def test_gaussian_mass(s):
    f = lambda x: np.exp(-x * x / (2 * s * s)) / (s * math.sqrt(2 * math.pi))
    got = quadrature.integrate(f, [-6 * s, 0.0, 0.5, 6 * s])
    assert got == pytest.approx(math.erf(6 / math.sqrt(2)), rel=1e-13)


def test_exponential_moment():
    got = quadrature.integrate(lambda x: x * np.exp(-x), [0.0, 1.0, 40.0])
    assert got == pytest.approx(1 - 41 * math.exp(-40), rel=1e-13)


def test_a_singular_integrand_raises_after_the_cap():
    with pytest.raises(ArithmeticError, match="did not settle"):
        quadrature.integrate(lambda x: 1 / np.sqrt(x), [0.0, 1.0])


@pytest.mark.parametrize("sigma,q,order", [(0.7, 0.005, 3.8), (1.0, 0.01, 1.5), (0.5, 0.1, 2.5), (2.0, 0.001, 10.5)])
def test_fractional_rdp_moment_to_rounding(sigma, q, order):
    """log A_alpha is near 0 and the accountant multiplies it by T steps: it must be right to a few ulps of A.

    Oracle: the same moment by mpmath quadrature at 40 digits (E over N(0, sigma^2) of the likelihood ratio^alpha).
    """
    import mpmath as mp
    from symdp.tvd import rdp
    with mp.workdps(40):
        s, qq, a = mp.mpf(sigma), mp.mpf(q), mp.mpf(order)
        g = lambda x: mp.npdf(x, 0, s) * (1 - qq + qq * mp.exp((2 * x - 1) / (2 * s * s))) ** a
        exact = mp.log(mp.quad(g, [-mp.inf, 0, 0.5, 1, a, mp.inf]))
        assert abs(rdp._log_a_frac(sigma, q, order) - exact) <= 6e-16


@pytest.mark.parametrize("sigma,q,order", [(0.7, 0.5, 10.9), (0.3, 0.2, 9.9), (0.05, 1.0, 10.9), (0.05, 1e-9, 7.5),
                                           (0.1, 0.005, 10.9), (1e4, 0.99, 1.1)])
def test_fractional_rdp_moment_where_the_mode_is_far(sigma, q, order):
    """Small sigma, large q: the integrand peaks near x = alpha (its mode lies in [0, alpha]), past the interval an
    earlier version integrated (to 1/q + 12 sigma: log A = 101.1 instead of 102.557 at sigma 0.7, q 0.5, alpha 10.9,
    an RDP epsilon too small), and log g reaches 45,000 at sigma 0.05, whose rounding the sums cannot beat.
    Oracle: mpmath quadrature at 40 digits, split at the mode's bracket."""
    import mpmath as mp
    from symdp.tvd import rdp
    with mp.workdps(40):
        s, qq, a = mp.mpf(sigma), mp.mpf(q), mp.mpf(order)
        g = lambda x: mp.npdf(x, 0, s) * (1 - qq + qq * mp.exp((2 * x - 1) / (2 * s * s))) ** a
        exact = mp.log(mp.quad(g, [-mp.inf, 0, 0.5, 1, a / 2, a, a + 5 * s, mp.inf]))
        assert abs(rdp._log_a_frac(sigma, q, order) - exact) <= 4e-15 * max(1, abs(exact))


@pytest.mark.parametrize("sigma,q", [(7.0, 0.01), (100.0, 0.5), (0.05, 1e-6)])
@pytest.mark.parametrize("direction", ["remove", "add"])
def test_one_step_kl_where_its_integrand_cancels(sigma, q, direction):
    """KL 1e-6 from log-ratios of 1e-2 of both signs: the sums agree to their rounding, never to 1e-13 of the
    result, and an earlier version raised (`symdp tvd --mechanism dp-sgd --sigma 7 --q 0.01` failed).
    Oracle: the mpmath KL at 30 digits (symdp.tvd.dpsgd.kl, tanh-sinh on the same cuts)."""
    from symdp.tvd import dpsgd
    exact = float(dpsgd.kl(sigma, q, direction))
    assert dpsgd.kl_fast(sigma, q, direction) == pytest.approx(exact, rel=1e-11)


def test_the_rounding_allowance_is_relative_to_the_integral_of_the_absolute_value():
    """sin on [0, 2 pi + 1]: integral 1 - cos 1, while |sin| integrates to 4 + 1 - cos 1."""
    got = quadrature.integrate(np.sin, [0.0, math.pi, 2 * math.pi, 2 * math.pi + 1])
    assert got == pytest.approx(1 - math.cos(1), rel=1e-13)
