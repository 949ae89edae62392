"""The Gaussian privacy profile in log space: the careful path, and ``gaussian_log_profile``.

With a = mu/2 - eps/mu and b = a - mu,
delta = Phi(a) - e^eps Phi(b) = Phi(a) (1 - r),  r = e^eps Phi(b)/Phi(a) = R(b)/R(a),
where R(x) = Phi(x)/phi(x) = sqrt(pi/2) erfcx(-x/sqrt 2) is the Mills ratio
(e^eps phi(b) = phi(a) exactly; Balle and Wang 2018, Thm 8).  Where r <= 1/2 the subtraction loses at most
one bit and log r is formed without large terms (erfcx for b < 0, log_ndtr for
b >= 0).  Where r > 1/2 the two terms cancel; there
delta = phi(a) (R(a) - R(b)) = integral over [b, a] of e^{-(a^2 - x^2)/2} phi(x) R'(x) dx,
whose integrand is positive and smooth on the short interval, and an 8-point
Gauss-Legendre rule evaluates it (R'(x) = 1 + x R(x), by its asymptotic series
for x < -10 where the subtraction would cancel).  :mod:`.fast_gaussian` sends here only what its
faster tiers leave.
"""
import math

import numpy as np
from scipy import special as sc

from ..errors import require_positive_array
from .fast_arrays import finite_array
from .fast_normal import HALF_LOG_2PI, LOG2, SQRT_HALF, SQRT_HALF_PI

_GL_T, _GL_W = np.polynomial.legendre.leggauss(8)
SERIES_FROM = 10.0          # R'(x) by its asymptotic series for x < -10 (error < e^{-50})
_SERIES_TERMS = 28        # (2k+1)!!/y^2k < 1e-17 for y >= 10 at k = 27


def _log_phi_times_mills_derivative(x):
    """log(phi(x) R'(x)) = log(phi(x) + x Phi(x)), elementwise, without cancellation or overflow.

    x > 0: both terms positive.  -10 <= x <= 0: phi(x) (1 + x R(x)) with R from erfcx (the subtraction
    loses a factor up to x^2 + 2, which is also the conditioning there).  x < -10: the asymptotic series
    R'(x) = 1/x^2 - 3/x^4 + 15/x^6 - ..., truncated where its terms fall below 1e-17.
    """
    out = np.empty_like(x)
    pos = x > 0
    xp = x[pos]
    out[pos] = np.log(np.exp(-xp * xp / 2 - HALF_LOG_2PI) + xp * sc.ndtr(xp))
    mid = ~pos & (x >= -SERIES_FROM)
    y = -x[mid]
    out[mid] = -y * y / 2 - HALF_LOG_2PI + np.log1p(-y * SQRT_HALF_PI * sc.erfcx(y * SQRT_HALF))
    far = x < -SERIES_FROM
    if np.any(far):
        y = -x[far]
        inv = 1.0 / (y * y)
        s = np.ones_like(y)
        for k in range(_SERIES_TERMS, 0, -1):   # Horner: 1 - 3/y^2 (1 - 5/y^2 (1 - ...))
            s = 1.0 - (2 * k + 1) * inv * s
        out[far] = -y * y / 2 - HALF_LOG_2PI + np.log(s * inv)
    return out


def _profile_cancelling(m, h, log):
    """delta (or log delta) where the two terms cancel: the integral over [m - h, m + h] of
    e^{-(a^2 - x^2)/2} phi(x) R'(x), a = m + h, by Gauss-Legendre."""
    t = _GL_T[:, None]
    x = m + h * t
    # a^2 - x^2 = (a - x)(a + x) with a - x = h (1 - t) and a + x = 2m + h (1 + t), no cancellation
    log_f = -(h * (1 - t)) * (2 * m + h * (1 + t)) / 2 + _log_phi_times_mills_derivative(x.ravel()).reshape(x.shape)
    if log:
        return np.log(h) + sc.logsumexp(log_f, axis=0, b=_GL_W[:, None])
    return h * _gl_sum(np.exp(log_f))


def _gl_sum(values):
    """sum_i w_i values[i] over the 8 nodes (axis 0), element by element: not a BLAS product, whose
    rounding can depend on an element's position in the array."""
    values *= _GL_W[:, None]
    return values.sum(axis=0)


def _profile_far_tail(a, h, log):
    """delta (or log delta) = phi(a) (R(a) - R(b)) for a < -10, b = a - 2h, by the asymptotic series
    R(-y) = sum_k (-1)^k (2k-1)!! / y^{2k+1}, differenced term by term without cancellation:
    u^n - v^n = (u - v) c_n, c_n = sum_j u^j v^{n-1-j}, with u = 1/|a|, v = 1/|b|, u - v = 2h u v."""
    u, v = -1.0 / a, 1.0 / (2 * h - a)
    uv, u2, v2 = u * v, u * u, v * v
    c = np.ones_like(u)            # c_1
    vp = v.copy()                  # v^1
    total = c.copy()               # k = 0 term: (u - v) c_1, factored out
    coeff = 1.0
    for k in range(1, _SERIES_TERMS + 1):
        # c_{n+2} = u^2 c_n + v^{n} (u + v) for n = 2k - 1
        c = u2 * c + vp * (u + v)
        vp = vp * v2
        coeff *= -(2 * k - 1)
        total = total + coeff * c
    log_d = np.log(2 * h * uv) + np.log(total)
    log_delta = -a * a / 2 - HALF_LOG_2PI + log_d
    if log:
        return log_delta
    return np.where(a > -37, np.exp(-a * a / 2) * (np.exp(log_d) / math.sqrt(2 * math.pi)), np.exp(log_delta))


def log_space_profile(epsilon, mu, log):
    """delta (or log delta) by the log-space tiers: log r without large terms, then the textbook
    formula where r <= 1/2, the far-tail series for a < -10 and the 8-point rule elsewhere."""
    e = finite_array("epsilon", epsilon)
    m = require_positive_array("mu", mu)
    e, m = np.broadcast_arrays(e, m)
    shape = e.shape
    e, m = e.ravel(), m.ravel()
    with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
        centre, h = -e / m, m / 2           # the midpoint and half-width of [b, a]
        a = centre + h
        log_na = sc.log_ndtr(a)
        out = np.zeros(e.shape) if not log else np.full(e.shape, -np.inf)
        # delta <= Phi(a): below the double range there is nothing to compute (unless the log is wanted)
        active = np.isfinite(a) & (log_na > -746.0) if not log else np.isfinite(a)
        ix = np.flatnonzero(active)
        out[ix] = _log_space_tiers(e[ix], centre[ix], h[ix], log_na[ix], log)
        limit = ~np.isfinite(a)
        if np.any(limit):
            out[limit] = _profile_limit(e[limit], log)
    return out.reshape(shape)


def _log_space_tiers(e, c, h, log_na, log):
    """delta (or its log) on [b, a] = [c - h, c + h], Phi(a) = e^log_na; see :func:`log_space_profile`."""
    a = c + h
    log_r = _log_r(e, a, c - h, log_na)
    out = np.empty(e.shape)
    easy = log_r <= -LOG2
    out[easy] = _profile_textbook(a[easy], log_na[easy], log_r[easy], log)
    far = ~easy & (a < -SERIES_FROM)
    if np.any(far):
        out[far] = _profile_far_tail(a[far], h[far], log)
    near = ~easy & ~far
    if np.any(near):
        out[near] = _profile_cancelling(c[near], h[near], log)
    return out


def _log_r(e, a, b, log_na):
    """log r = log(e^eps Phi(b) / Phi(a)) without large terms."""
    log_r = np.empty(e.shape)
    g = b >= 0                          # Phi(b) >= 1/2: log_ndtr(b) is tiny and exact
    log_r[g] = e[g] + sc.log_ndtr(b[g]) - log_na[g]
    g = a < 0                           # both negative: r = R(b)/R(a), no large terms
    log_r[g] = np.log(sc.erfcx(-b[g] * SQRT_HALF) / sc.erfcx(-a[g] * SQRT_HALF))
    g = (b < 0) & (a >= 0)              # e^eps Phi(b) = phi(a) R(b)
    log_r[g] = -a[g] * a[g] / 2 - LOG2 + np.log(sc.erfcx(-b[g] * SQRT_HALF)) - log_na[g]
    return log_r


def _profile_textbook(a, log_na, log_r, log):
    """Phi(a) (1 - r) (or its log) where r <= 1/2: the subtraction loses at most one bit."""
    one_minus_r = -np.expm1(log_r)
    if log:
        return log_na + np.log(one_minus_r)
    # Phi(a) as a double where it is one (a > -37): no exp of a large logarithm
    return np.where(a > -37, sc.ndtr(a) * one_minus_r, np.exp(log_na + np.log(one_minus_r)))


def _profile_limit(e, log):
    """mu so small that eps/mu overflows: the limit, 0 for eps > 0 and 1 - e^eps for eps < 0."""
    lim = np.where(e > 0, 0.0, -np.expm1(np.minimum(e, 0.0)))
    return np.log(lim) if log else lim


def gaussian_log_profile(epsilon, mu):
    """log delta(eps) of N(mu,1) vs N(0,1) (Balle and Wang 2018, Thm 8), elementwise; -inf where delta = 0.

    ``epsilon``: finite reals (negative allowed); ``mu``: finite numbers > 0.
    """
    return log_space_profile(epsilon, mu, True)
