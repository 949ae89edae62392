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
