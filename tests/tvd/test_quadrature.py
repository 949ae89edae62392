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
