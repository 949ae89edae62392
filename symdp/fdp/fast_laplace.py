"""The Laplace mechanism's trade-off curve and privacy profile, Lap(0,1) vs Lap(eps,1), on arrays.

Each is a fixed sequence of ufunc calls on the pieces of the closed forms of :mod:`.tradeoff`, the
subtractions done where they do not cancel (``expm1`` for 1 - e^t); with one epsilon the curves work
in place with e^eps as a scalar.
"""
import math

import numpy as np

from ..errors import require_positive_array
from .fast_arrays import finite_array, unit_interval

_EXP_NORMAL = 700.0           # e^eps and e^-eps/4 are normal doubles for eps up to here


def laplace_tradeoff(a, epsilon):
    """Type II error of the best test at type I error a, Lap(0,1) vs Lap(eps,1).

    1 - e^eps a for a < e^-eps/2, e^-eps/(4a) up to a = 1/2, e^-eps (1 - a) beyond
    (``symdp.fdp.laplace_tradeoff``).
    """
    a = unit_interval("a", a)
    e = require_positive_array("epsilon", epsilon)
    if e.ndim == 0 and e <= _EXP_NORMAL:
        return _laplace_tradeoff_scalar(a, float(e))
    a, e = np.broadcast_arrays(a, e)
    with np.errstate(over="ignore", under="ignore"):
        low = -np.expm1(e + np.log(a))
        middle = np.exp(-e - np.log(4 * a))
        high = np.exp(-e) * (1 - a)
        return np.where(a < np.exp(-e) / 2, low, np.where(a <= 0.5, middle, high))


def _laplace_tradeoff_scalar(a, e):
    """The three pieces for one eps <= 700 (e^eps and e^-eps/4 are then normal doubles), in place:
    e^-eps/(4a) everywhere, overwritten by 1 - e^eps a (a < e^-eps/2, where e^eps a < 1/2: no
    cancellation) and by e^-eps (1 - a) (a > 1/2, where 1 - a is exact)."""
    k = math.exp(-e)
    out = np.empty(a.shape)
    np.divide(k / 4, a, out=out)
    low, high = a < k / 2, a > 0.5
    np.multiply(a, -math.exp(e), out=out, where=low)
    np.add(out, 1.0, out=out, where=low)
    np.subtract(1.0, a, out=out, where=high)
    return np.multiply(out, k, out=out, where=high)


def laplace_profile(eps2, epsilon):
    """delta(eps') of Lap(0,1) vs Lap(eps,1), for every real eps'.

    1 - e^{eps'} for eps' <= -eps, 1 - e^{(eps' - eps)/2} on [-eps, eps], 0 beyond
    (``symdp.fdp.laplace_profile``); both pieces through ``expm1``.
    """
    e2 = finite_array("eps2", eps2)
    e = require_positive_array("epsilon", epsilon)
    if e.ndim == 0:
        return _laplace_profile_scalar(e2, float(e))
    return np.where(e2 <= -e, -np.expm1(np.minimum(e2, 0.0)),
                    np.where(e2 <= e, -np.expm1((np.minimum(e2, e) - e) / 2), 0.0))


def _laplace_profile_scalar(e2, e):
    """The same two pieces for one eps with one ``expm1`` of t = min(eps', (min(eps', eps) - eps)/2):
    t = eps' exactly where eps' <= -eps (there eps' - eps >= 2 eps', also after rounding) and
    (min(eps', eps) - eps)/2 elsewhere (0 beyond eps, where 0 - expm1(0) = +0)."""
    t = np.minimum(e2, e, out=np.empty(e2.shape))
    t -= e
    t *= 0.5
    np.minimum(t, e2, out=t)
    np.expm1(t, out=t)
    return np.subtract(0.0, t, out=t)
