"""Vectorised trade-off curves and privacy profiles (numpy + scipy.special), accurate in the tails.

No Python-level loops over elements and no per-element mpmath fallback: every
function is a fixed sequence of ufunc calls.  ``symdp.fdp`` holds the symbolic
and mpmath forms the tests compare against; ``benchmarks/`` measures speed and
accuracy against scipy formulas, dp_accounting and autodp.

Accuracy goal (checked in ``tests/test_fdp_fast.py`` against mpmath at 50
digits): relative error at most about 4 times the conditioning of the problem,
i.e. the relative change that one ulp of each input causes, over delta down to
1e-300 and epsilon in [-50, 700].

Gaussian profile.  With a = mu/2 - eps/mu and b = a - mu,
delta = Phi(a) - e^eps Phi(b) = Phi(a) (1 - r),  r = e^eps Phi(b)/Phi(a) = R(b)/R(a),
where R(x) = Phi(x)/phi(x) = sqrt(pi/2) erfcx(-x/sqrt 2) is the Mills ratio
(e^eps phi(b) = phi(a) exactly).  Where r <= 1/2 the subtraction loses at most
one bit and log r is formed without large terms (erfcx for b < 0, log_ndtr for
b >= 0).  Where r > 1/2 the two terms cancel; there
delta = phi(a) (R(a) - R(b)) = integral over [b, a] of e^{-(a^2 - x^2)/2} phi(x) R'(x) dx,
whose integrand is positive and smooth on the short interval, and a 20-point
Gauss-Legendre rule evaluates it (R'(x) = 1 + x R(x), by its asymptotic series
for x < -10 where the subtraction would cancel).
"""
import math

import numpy as np
from scipy import special as sc

from .errors import SymdpError, require_positive_array

_LOG2 = math.log(2.0)
_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
_SQRT_HALF = math.sqrt(0.5)
_SQRT_HALF_PI = math.sqrt(math.pi / 2)
_GL_T, _GL_W = np.polynomial.legendre.leggauss(10)
_SERIES_FROM = 10.0          # R'(x) by its asymptotic series for x < -10 (error < e^{-50})
_SERIES_TERMS = 28        # (2k+1)!!/y^2k < 1e-17 for y >= 10 at k = 27


def _unit_interval(name, values):
    arr = np.asarray(values, dtype=float)
    good = (arr > 0) & (arr < 1)
    if not np.all(good):
        raise SymdpError(name, float(arr[~good].flat[0]), "numbers in (0, 1)")
    return arr


def _finite_array(name, values):
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise SymdpError(name, values, "finite real numbers (a number or an array of numbers)") from None
    good = np.isfinite(arr)
    if not np.all(good):
        raise SymdpError(name, float(arr[~good].flat[0]), "finite real numbers")
    return arr


# ----------------------------------------------------------------------------- Laplace

def laplace_tradeoff(a, epsilon):
    """Type II error of the best test at type I error a, Lap(0,1) vs Lap(eps,1)."""
    a = _unit_interval("a", a)
    e = require_positive_array("epsilon", epsilon)
    a, e = np.broadcast_arrays(a, e)
    with np.errstate(over="ignore", under="ignore"):
        low = -np.expm1(e + np.log(a))
        middle = np.exp(-e - np.log(4 * a))
        high = np.exp(-e) * (1 - a)
        return np.where(a < np.exp(-e) / 2, low, np.where(a <= 0.5, middle, high))


def laplace_profile(eps2, epsilon):
    """delta(eps') of Lap(0,1) vs Lap(eps,1), for every real eps'.

    1 - e^{eps'} for eps' <= -eps, 1 - e^{(eps' - eps)/2} on [-eps, eps], 0 beyond
    (``symdp.fdp.laplace_profile``); both pieces through ``expm1``.
    """
    e2 = _finite_array("eps2", eps2)
    e = require_positive_array("epsilon", epsilon)
    return np.where(e2 <= -e, -np.expm1(np.minimum(e2, 0.0)),
                    np.where(e2 <= e, -np.expm1((np.minimum(e2, e) - e) / 2), 0.0))


# ----------------------------------------------------------------------------- normal

def normal_cdf(x):
    """Phi(x), elementwise (scipy.special.ndtr: erfc-based, accurate in both tails)."""
    return sc.ndtr(np.asarray(x, dtype=float))


def normal_quantile(p):
    """Phi^{-1}(p) for p in (0, 1) (scipy.special.ndtri)."""
    return sc.ndtri(_unit_interval("p", p))


def gaussian_tradeoff(a, mu):
    """G_mu(a) = Phi(Phi^{-1}(1 - a) - mu) = ndtr(-ndtri(a) - mu)  (ndtri(1 - a) = -ndtri(a) exactly)."""
    a = _unit_interval("a", a)
    m = require_positive_array("mu", mu)
    return sc.ndtr(-sc.ndtri(a) - m)


# ----------------------------------------------------------------------------- Gaussian profile

def _log_phi_times_mills_derivative(x):
    """log(phi(x) R'(x)) = log(phi(x) + x Phi(x)), elementwise, without cancellation or overflow.

    x > 0: both terms positive.  -10 <= x <= 0: phi(x) (1 + x R(x)) with R from erfcx (the subtraction
    loses a factor up to x^2 + 2, which is also the conditioning there).  x < -10: the asymptotic series
    R'(x) = 1/x^2 - 3/x^4 + 15/x^6 - ..., truncated where its terms fall below 1e-17.
    """
    out = np.empty_like(x)
    pos = x > 0
    xp = x[pos]
    out[pos] = np.log(np.exp(-xp * xp / 2 - _HALF_LOG_2PI) + xp * sc.ndtr(xp))
    mid = ~pos & (x >= -_SERIES_FROM)
    y = -x[mid]
    out[mid] = -y * y / 2 - _HALF_LOG_2PI + np.log1p(-y * _SQRT_HALF_PI * sc.erfcx(y * _SQRT_HALF))
    far = x < -_SERIES_FROM
    if np.any(far):
        y = -x[far]
        inv = 1.0 / (y * y)
        s = np.ones_like(y)
        for k in range(_SERIES_TERMS, 0, -1):   # Horner: 1 - 3/y^2 (1 - 5/y^2 (1 - ...))
            s = 1.0 - (2 * k + 1) * inv * s
        out[far] = -y * y / 2 - _HALF_LOG_2PI + np.log(s * inv)
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
    return h * (_GL_W @ np.exp(log_f))


def _profile_far_tail(a, h, log_na, log):
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
    log_delta = -a * a / 2 - _HALF_LOG_2PI + log_d
    if log:
        return log_delta
    return np.where(a > -37, np.exp(-a * a / 2) * (np.exp(log_d) / math.sqrt(2 * math.pi)), np.exp(log_delta))


def _gaussian_profile(epsilon, mu, log):
    e = _finite_array("epsilon", epsilon)
    m = require_positive_array("mu", mu)
    e, m = np.broadcast_arrays(e, m)
    shape = e.shape
    e, m = e.ravel(), m.ravel()
    with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
        centre = -e / m                     # the midpoint of [b, a]
        h = m / 2
        a = centre + h
        log_na = sc.log_ndtr(a)
        out = np.zeros(e.shape) if not log else np.full(e.shape, -np.inf)
        # delta <= Phi(a): below the double range there is nothing to compute (unless the log is wanted)
        active = np.isfinite(a) & (log_na > -746.0) if not log else np.isfinite(a)
        ix = np.flatnonzero(active)
        ea, ca, ha, aa, lna = e[ix], centre[ix], h[ix], a[ix], log_na[ix]
        ba = ca - ha
        log_r = np.empty(ix.shape)
        g = ba >= 0                         # Phi(b) >= 1/2: log_ndtr(b) is tiny and exact
        log_r[g] = ea[g] + sc.log_ndtr(ba[g]) - lna[g]
        g = aa < 0                          # both negative: r = R(b)/R(a), no large terms
        log_r[g] = np.log(sc.erfcx(-ba[g] * _SQRT_HALF) / sc.erfcx(-aa[g] * _SQRT_HALF))
        g = (ba < 0) & (aa >= 0)            # e^eps Phi(b) = phi(a) R(b)
        log_r[g] = -aa[g] * aa[g] / 2 - _LOG2 + np.log(sc.erfcx(-ba[g] * _SQRT_HALF)) - lna[g]
        hard = log_r > -_LOG2
        easy = ~hard
        one_minus_r = -np.expm1(log_r[easy])
        if log:
            value = lna[easy] + np.log(one_minus_r)
        else:  # Phi(a) as a double where it is one (a > -37): no exp of a large logarithm
            ae = aa[easy]
            value = np.where(ae > -37, sc.ndtr(ae) * one_minus_r, np.exp(lna[easy] + np.log(one_minus_r)))
        out[ix[easy]] = value
        far = hard & (aa < -_SERIES_FROM)
        if np.any(far):
            out[ix[far]] = _profile_far_tail(aa[far], ha[far], lna[far], log)
        near = hard & ~far
        if np.any(near):
            out[ix[near]] = _profile_cancelling(ca[near], ha[near], log)
        # mu so small that eps/mu overflows: the limit, 0 for eps > 0 and 1 - e^eps for eps < 0
        limit = ~np.isfinite(a)
        if np.any(limit):
            lim = np.where(e[limit] > 0, 0.0, -np.expm1(np.minimum(e[limit], 0.0)))
            out[limit] = np.log(lim) if log else lim
    return out.reshape(shape)


def gaussian_log_profile(epsilon, mu):
    """log delta(eps) of N(mu,1) vs N(0,1) (Balle and Wang 2018, Thm 8), elementwise; -inf where delta = 0.

    ``epsilon``: finite reals (negative allowed); ``mu``: finite numbers > 0.
    """
    return _gaussian_profile(epsilon, mu, True)


def gaussian_profile(epsilon, mu):
    """delta(eps) of N(mu,1) vs N(0,1) (Balle and Wang 2018, Thm 8), elementwise.

    ``epsilon``: finite reals, negative allowed (delta -> 1 - e^eps as mu -> 0);
    ``mu``: finite numbers > 0.  Below about 1e-308 the result underflows
    to 0 (``gaussian_log_profile`` keeps the logarithm).
    """
    return _gaussian_profile(epsilon, mu, False)
