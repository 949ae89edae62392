"""The Gaussian mechanism's analytic calibration and its inverse, in doubles: ``gaussian_mu``, ``gaussian_epsilon``.

Both are bracketed Newton iterations on the profile of :mod:`.fast_gaussian` (Balle and Wang 2018,
analytic calibration), polished on delta itself so that their error is a few ulps of their own
conditioning.
"""
import numpy as np
from scipy import special as sc

from ..errors import SymdpError, require_positive_array
from .fast_arrays import finite_array, flat_pair, unit_interval
from .fast_gaussian import gaussian_profile
from .fast_normal import INV_SQRT_2PI, SQRT_HALF, SQRT_HALF_PI

_NEWTON_STEPS = 60            # cap on the safeguarded Newton iterations of the calibrations
_POLISH_STEPS = 2             # Newton steps on delta itself (not its log) at the end


def gaussian_mu(epsilon, delta):
    """The mu with delta_mu(eps) = delta (Balle and Wang 2018, analytic calibration), elementwise, in doubles.

    ``epsilon`` >= 0 and ``delta`` in (0, 1).  delta_mu(eps) increases in mu with d delta/d mu = phi(a)
    (e^eps phi(b) = phi(a)), so Newton on log delta in mu, kept inside a bracket (bisection when a step
    leaves it), converges; the last steps are on delta - target itself, whose error (that of
    :func:`gaussian_profile`, a few ulps of its conditioning) then moves mu by a few ulps of mu's own
    conditioning, (eps e^eps Phi(b) + delta)/(mu phi(a)).
    """
    e = finite_array("epsilon", epsilon)
    if e.size and e.min() < 0:
        raise SymdpError("epsilon", float(e[e < 0].flat[0]), "finite numbers >= 0")
    t, e, shape = flat_pair(unit_interval("delta", delta), e)
    e, t = np.broadcast_to(e, t.shape), t
    guess = np.maximum(e, 1e-3) / np.sqrt(2 * np.log(1.25 / t))    # the classic calibration's mu

    def slope(m, i):
        return np.exp(-0.5 * (m / 2 - e[i] / m) ** 2) * INV_SQRT_2PI
    mu = _increasing_root(lambda m, i: gaussian_profile(e[i], m), slope, t, guess)
    return mu.reshape(shape)


def gaussian_epsilon(mu, delta):
    """The eps >= 0 with delta_mu(eps) = delta, elementwise, in doubles (0 where delta_mu(0) <= delta already).

    ``mu`` > 0 and ``delta`` in (0, 1).  In eps the profile decreases with d delta/d eps = -e^eps Phi(b)
    = -phi(a) R(b) (R the Mills ratio, no overflow); solved as :func:`gaussian_mu` is, with -delta as
    the increasing function.
    """
    t, m, shape = flat_pair(unit_interval("delta", delta), require_positive_array("mu", mu))
    m = np.broadcast_to(m, t.shape)
    out = np.zeros(t.shape)
    live = np.flatnonzero(gaussian_profile(0.0, m) > t)
    mm, tt = m[live], t[live]

    def slope(x, i):
        a, b = mm[i] / 2 - x / mm[i], -mm[i] / 2 - x / mm[i]
        return np.exp(-0.5 * a * a) * (INV_SQRT_2PI * SQRT_HALF_PI) * sc.erfcx(b * -SQRT_HALF)
    guess = mm * np.sqrt(2 * np.log(1.25 / tt)) + mm * mm / 2
    out[live] = _increasing_root(lambda x, i: -gaussian_profile(x, mm[i]), slope, -tt, guess)
    return out.reshape(shape)


def _increasing_root(fn, slope, target, guess):
    """x > 0 with fn(x, i) = target[i] (fn increasing in x, of one sign; slope(x, i) its derivative > 0).

    ``i`` indexes the elements a call is about.  Bracket [lo, hi] by factors of 4 from ``guess``, then
    Newton steps on log|fn| (bisection where a step leaves the bracket) on the elements not yet
    settled, then :data:`_POLISH_STEPS` steps on fn - target.  Every loop has a cap; an element is
    settled when its step is below 2^-52 of x.
    """
    lo, hi = guess.copy(), guess.copy()
    for arr, wrong, factor in ((lo, np.greater, 0.25), (hi, np.less, 4.0)):
        idx = np.arange(guess.size)
        for _ in range(_NEWTON_STEPS):
            idx = idx[wrong(fn(arr[idx], idx), target[idx])]
            if not idx.size:
                break
            arr[idx] *= factor
    x, idx = guess.copy(), np.arange(guess.size)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for _ in range(_NEWTON_STEPS):
            xi, v = x[idx], fn(x[idx], idx)
            below = v < target[idx]
            lo[idx[below]], hi[idx[~below]] = xi[below], xi[~below]
            nxt = xi - np.log(v / target[idx]) * v / slope(xi, idx)
            outside = ~((nxt > lo[idx]) & (nxt < hi[idx]))
            nxt[outside] = (lo[idx][outside] + hi[idx][outside]) / 2
            x[idx] = nxt
            idx = idx[np.abs(nxt - xi) > 2.0 ** -52 * xi]
            if not idx.size:
                break
        every = np.arange(x.size)
        for _ in range(_POLISH_STEPS):
            step = (fn(x, every) - target) / slope(x, every)
            x -= np.where(np.isfinite(step), step, 0.0)
    return x
