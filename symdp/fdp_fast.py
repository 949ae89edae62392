"""Vectorised trade-off curves and privacy profiles (numpy), accurate in the tails.

Laplace: every piece is written so that no large number is formed (e^eps a as
exp(eps + log a), 1 - e^x as -expm1(x)).  Gaussian: Phi through math.erfc
(accurate to the last bits down to 1e-308) and its inverse by Newton steps on
an erfc-based residual.  ``symdp.fdp`` holds the symbolic and mpmath forms the
tests compare against.
"""
import math

import numpy as np

from .errors import require_positive_array

_erfc = np.frompyfunc(math.erfc, 1, 1)


def _unit_interval(name, values):
    arr = np.asarray(values, dtype=float)
    if not np.all((arr > 0) & (arr < 1)):
        from .errors import SymdpError
        raise SymdpError(name, float(arr[~((arr > 0) & (arr < 1))].flat[0]), "numbers in (0, 1)")
    return arr


def laplace_tradeoff(a, epsilon):
    """Type II error of the best test at type I error a, Lap(0,1) vs Lap(eps,1)."""
    a = _unit_interval("a", a)
    e = require_positive_array("epsilon", epsilon)
    a, e = np.broadcast_arrays(a, e)
    low = -np.expm1(e + np.log(a))
    middle = np.exp(-e - np.log(4 * a))
    high = np.exp(-e) * (1 - a)
    return np.where(a < np.exp(-e) / 2, low, np.where(a <= 0.5, middle, high))


def laplace_profile(eps2, epsilon):
    """delta(eps') = 1 - e^{(eps' - eps)/2} for eps' <= eps, 0 beyond."""
    e2 = np.asarray(eps2, dtype=float)
    e = require_positive_array("epsilon", epsilon)
    return np.where(e2 <= e, -np.expm1((e2 - e) / 2), 0.0)


def normal_cdf(x):
    """Phi(x), elementwise, via erfc (no cancellation in either tail)."""
    return (_erfc(-np.asarray(x, dtype=float) / math.sqrt(2)) / 2).astype(float)


def normal_quantile(p):
    """Phi^{-1}(p) for p in (0, 1): a tail-aware start, then Newton steps on log Phi."""
    p = _unit_interval("p", p)
    lower = np.minimum(p, 1 - p)
    t = np.sqrt(-2 * np.log(lower))
    x = -(t - (2.515517 + 0.802853 * t + 0.010328 * t**2) / (1 + 1.432788 * t + 0.189269 * t**2 + 0.001308 * t**3))
    for _ in range(4):  # Newton on f(x) = log Phi(x) - log(lower), x < 0
        cdf = normal_cdf(x)
        pdf = np.exp(-x * x / 2) / math.sqrt(2 * math.pi)
        x = x - (np.log(cdf) - np.log(lower)) * cdf / pdf
    return np.where(p < 0.5, x, -x)


def gaussian_tradeoff(a, mu):
    """G_mu(a) = Phi(Phi^{-1}(1 - a) - mu)."""
    m = require_positive_array("mu", mu)
    return normal_cdf(-normal_quantile(a) - m)
