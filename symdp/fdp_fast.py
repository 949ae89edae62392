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
    return np.asarray(_erfc(-np.asarray(x, dtype=float) / math.sqrt(2)), dtype=float) / 2


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


_SQRT2PI = math.sqrt(2 * math.pi)


def _mills(x):
    """R(x) = Phi(x)/phi(x), elementwise: directly for x >= -30, by its asymptotic series below."""
    x = np.asarray(x, dtype=float)
    safe = np.maximum(x, -30.0)
    direct = normal_cdf(safe) * _SQRT2PI * np.exp(np.minimum(safe * safe / 2, 700.0))
    inv = 1 / (x * x)
    series, term = np.ones_like(x), np.ones_like(x)
    for k in range(1, 9):                      # 1 - 1/x^2 + 3/x^4 - 15/x^6 ...
        term = -term * (2 * k - 1) * inv
        series = series + term
    return np.where(x >= -30.0, direct, series / np.abs(x))


def _profile_mp(eps, mu):
    from .adversary.gaussian import analytic_delta
    return float(analytic_delta(mu, eps))


def gaussian_profile(epsilon, mu):
    """delta(eps) of N(mu,1) vs N(0,1) (Balle and Wang 2018), elementwise.

    With a = mu/2 - eps/mu and b = a - mu, e^eps phi(b) = phi(a) exactly, so
    delta = Phi(a) - phi(a) R(b) with R the Mills ratio: no e^eps is formed.
    Where the two terms nearly cancel (|difference| < 1e-3 of Phi(a)), or
    phi(a) underflows, the element is computed with mpmath at 40 digits.
    """
    e = np.asarray(epsilon, dtype=float)
    if np.any(~np.isfinite(e) | (e < 0)):
        from .errors import SymdpError
        raise SymdpError("epsilon", float(e[~(np.isfinite(e) & (e >= 0))].flat[0]), "finite numbers >= 0")
    m = require_positive_array("mu", mu)
    shape = np.broadcast_shapes(e.shape, m.shape)
    e, m = (np.array(np.broadcast_to(v, shape), ndmin=1) for v in (e, m))
    a = m / 2 - e / m
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        t1 = normal_cdf(a)
        t2 = np.exp(-a * a / 2) / _SQRT2PI * _mills(a - m)
        fast = t1 - t2
    ok = (a > -37.5) & (t2 < 0.999 * t1)
    out = np.where(ok, fast, 0.0)
    for idx in zip(*np.nonzero(~ok & (t1 > 0))):   # where Phi(a) underflows, so does delta
        out[idx] = _profile_mp(e[idx], m[idx])
    return out.reshape(shape)
