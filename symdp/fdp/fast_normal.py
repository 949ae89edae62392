"""The standard normal on arrays: Phi, Phi^-1, the Gaussian trade-off curve G_mu, and the constants of phi.

``normal_cdf`` and ``normal_quantile`` are scipy's ``ndtr`` and ``ndtri`` (erfc-based, accurate in both
tails); ``gaussian_tradeoff`` skips the elements whose answer rounds to 1.  The constants (log 2,
log sqrt(2 pi), sqrt(1/2), sqrt(pi/2) of the Mills ratio R(x) = sqrt(pi/2) erfcx(-x/sqrt 2), and
phi(0) = 1/sqrt(2 pi)) are the ones the Gaussian profile and its calibrations share.
"""
import math

import numpy as np
from scipy import special as sc

from ..errors import require_positive_array
from .fast_arrays import CHUNK, flat_pair, unit_interval

LOG2 = math.log(2.0)
HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
SQRT_HALF = math.sqrt(0.5)
SQRT_HALF_PI = math.sqrt(math.pi / 2)
INV_SQRT_2PI = 1 / math.sqrt(2 * math.pi)
_G_ONE_FROM = 8.5             # Phi(z) rounds to 1 for z >= 8.5 (1 - Phi(8.5) = 9.5e-18 < 2^-54)


def normal_cdf(x):
    """Phi(x), elementwise (scipy.special.ndtr: erfc-based, accurate in both tails)."""
    return sc.ndtr(np.asarray(x, dtype=float))


def normal_quantile(p):
    """Phi^{-1}(p) for p in (0, 1) (scipy.special.ndtri)."""
    return sc.ndtri(unit_interval("p", p))


def gaussian_tradeoff(a, mu):
    """G_mu(a) = Phi(Phi^{-1}(1 - a) - mu) = ndtr(-ndtri(a) - mu)  (ndtri(1 - a) = -ndtri(a) exactly).

    In cache-sized blocks, and only where the answer is below 1: for a <= Phi(-8.5 - mu),
    -ndtri(a) - mu >= 8.5 and G >= 1 - 9.5e-18, which rounds to 1 (the doubles below 1 are
    2^-53 apart), so those elements are 1 without a special function.
    """
    a, m, shape = flat_pair(unit_interval("a", a), require_positive_array("mu", mu))
    out = np.ones(a.shape)
    for lo in range(0, a.size, CHUNK):
        part = slice(lo, lo + CHUNK)
        _tradeoff_block(a[part], m[part] if m.ndim else m, out[part])
    return out.reshape(shape)


def _tradeoff_block(a, m, out):
    """out = ndtr(-ndtri(a) - mu) where a > Phi(-8.5 - mu); the other elements of out are left alone."""
    idx = np.flatnonzero(a > sc.ndtr(-_G_ONE_FROM - m))
    x = sc.ndtri(a[idx])
    np.subtract(-(m[idx] if m.ndim else m), x, out=x)
    out[idx] = sc.ndtr(x, out=x)
