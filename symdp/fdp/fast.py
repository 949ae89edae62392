"""Vectorised trade-off curves and privacy profiles (numpy + scipy.special), accurate in the tails.

No Python-level loops over elements and no per-element mpmath fallback: every
function is a fixed sequence of ufunc calls (on whole arrays, or on cache-sized
blocks of them).  ``symdp.fdp`` holds the symbolic
and mpmath forms the tests compare against; ``benchmarks/`` measures speed and
accuracy against scipy formulas, dp_accounting and autodp.

Accuracy goal (checked in ``tests/test_fdp_fast.py`` and
``tests/test_fast_paths_accuracy.py`` against mpmath at 50-100 digits): relative error at most about 4 times the conditioning of the problem,
i.e. the relative change that one ulp of each input causes, over delta down to
1e-300 and epsilon in [-50, 700].

Gaussian profile.  With a = mu/2 - eps/mu and b = a - mu,
delta = Phi(a) - e^eps Phi(b) = Phi(a) (1 - r),  r = e^eps Phi(b)/Phi(a) = R(b)/R(a),
where R(x) = Phi(x)/phi(x) = sqrt(pi/2) erfcx(-x/sqrt 2) is the Mills ratio
(e^eps phi(b) = phi(a) exactly).  Where r <= 1/2 the subtraction loses at most
one bit and log r is formed without large terms (erfcx for b < 0, log_ndtr for
b >= 0).  Where r > 1/2 the two terms cancel; there
delta = phi(a) (R(a) - R(b)) = integral over [b, a] of e^{-(a^2 - x^2)/2} phi(x) R'(x) dx,
whose integrand is positive and smooth on the short interval, and an 8-point
Gauss-Legendre rule evaluates it (R'(x) = 1 + x R(x), by its asymptotic series
for x < -10 where the subtraction would cancel).

Speed (``gaussian_profile``): the log-space path is the last resort.  Elements
with Phi(a) below the normal range are 0 at once; the others are split by the
sign of a, in cache-sized blocks.  Where a <= 0: the Mills-ratio difference
e^{-a^2/2} (erfcx(-a/v2) - erfcx(-b/v2))/2 (two ``erfcx``, one ``exp``), kept
wherever the conditioning covers its cancellation, and what it cannot take
(small mu, a near 0; elements that cannot qualify are not tried) by the
Gauss-Legendre rule above without logarithms (``_profile_short``, 4 to 14
``erfcx`` per element: the fewest nodes whose error bound allows that mu, for
mu <= 2.9 and [b, a] in [-10, 0]).  These run permuted so that arguments of
like size are adjacent (``_locality_order``): ``erfcx`` branches on the size
of its argument, and on shuffled input the mispredicted branches cost more than
the arithmetic.  Where a > 0 (Phi(a) >= 1/2): the textbook Phi(a) - e^eps Phi(b)
where it does not cancel beyond the conditioning, else (small eps and mu)
P(b < Z < a) - expm1(eps) Phi(b) from ``erf`` and ``erfc`` (``_profile_erf``).
Only what all these leave (a fraction of a per cent of the benchmarks' typical
grids) takes the log-space path.  No tier's choice depends on an element's
position, and node sums are taken node by node: the order changes no value.

``gaussian_mu`` and ``gaussian_epsilon`` (the analytic calibration and its
inverse) are bracketed Newton iterations on this profile, polished on delta
itself so that their error is a few ulps of their own conditioning.

``gaussian_tradeoff`` skips the elements whose answer rounds to 1, and the
Laplace curves with one epsilon work in place with e^eps as a scalar.
``benchmarks/RESULTS.md`` has the timings.
"""
import math

import numpy as np
from scipy import special as sc

from ..errors import SymdpError, require_positive_array

_LOG2 = math.log(2.0)
_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
_SQRT_HALF = math.sqrt(0.5)
_SQRT_HALF_PI = math.sqrt(math.pi / 2)
_GL_T, _GL_W = np.polynomial.legendre.leggauss(8)
_SERIES_FROM = 10.0          # R'(x) by its asymptotic series for x < -10 (error < e^{-50})
_SERIES_TERMS = 28        # (2k+1)!!/y^2k < 1e-17 for y >= 10 at k = 27
_SQRT_2_OVER_PI = math.sqrt(2 / math.pi)
_MILLS_FROM = 2.0             # eps r + mu/R(a) from which the Mills-ratio difference is accurate enough
_TINY = np.finfo(float).tiny  # smallest normal double: below it ndtr loses relative accuracy
_A_TINY = float(sc.ndtri(_TINY))  # -37.52: Phi(a) is a normal double from here up
_SHORT_RULES = ((0.05, 4), (0.15, 5), (0.3, 6), (0.5, 7), (0.8, 8), (1.1, 9), (1.4, 10), (2.1, 12), (2.9, 14))
"""(largest mu, nodes): the Gauss-Legendre rule of :func:`_profile_short` on [b, a] in [-10, 0], a - b = mu,
is exact to 2^-56 relative with this many nodes (bound recomputed in ``tests/test_fdp_fast.py``)."""
_SHORT_NODES = {n: np.polynomial.legendre.leggauss(n) for _, n in _SHORT_RULES}
_SHORT_LIMITS = np.array([top for top, _ in _SHORT_RULES])
_SHORT_HALF_WIDTH = _SHORT_RULES[-1][0] / 2
_ERF_SHARE = 1 / 3            # the erf tier's subtracted term at most this share of the first
_INV_SQRT_2PI = 1 / math.sqrt(2 * math.pi)
_EXP_NORMAL = 700.0           # e^eps and e^-eps/4 are normal doubles for eps up to here
_CHUNK = 1 << 15              # elements per block (temporaries stay in cache)
_G_ONE_FROM = 8.5             # Phi(z) rounds to 1 for z >= 8.5 (1 - Phi(8.5) = 9.5e-18 < 2^-54)


def _unit_interval(name, values):
    arr = np.asarray(values, dtype=float)
    if arr.size and arr.min() > 0 and arr.max() < 1:   # two reductions, no temporaries (nan fails both)
        return arr
    good = (arr > 0) & (arr < 1)
    if not np.all(good):
        raise SymdpError(name, float(arr[~good].flat[0]), "numbers in (0, 1)")
    return arr


def _finite_array(name, values):
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise SymdpError(name, values, "finite real numbers (a number or an array of numbers)") from None
    if arr.size and np.isfinite(arr.min()) and np.isfinite(arr.max()):   # nan and +-inf reach min or max
        return arr
    good = np.isfinite(arr)
    if not np.all(good):
        raise SymdpError(name, float(arr[~good].flat[0]), "finite real numbers")
    return arr


# ----------------------------------------------------------------------------- Laplace

def laplace_tradeoff(a, epsilon):
    """Type II error of the best test at type I error a, Lap(0,1) vs Lap(eps,1).

    1 - e^eps a for a < e^-eps/2, e^-eps/(4a) up to a = 1/2, e^-eps (1 - a) beyond
    (``symdp.fdp.laplace_tradeoff``).
    """
    a = _unit_interval("a", a)
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
    e2 = _finite_array("eps2", eps2)
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


# ----------------------------------------------------------------------------- normal

def normal_cdf(x):
    """Phi(x), elementwise (scipy.special.ndtr: erfc-based, accurate in both tails)."""
    return sc.ndtr(np.asarray(x, dtype=float))


def normal_quantile(p):
    """Phi^{-1}(p) for p in (0, 1) (scipy.special.ndtri)."""
    return sc.ndtri(_unit_interval("p", p))


def gaussian_tradeoff(a, mu):
    """G_mu(a) = Phi(Phi^{-1}(1 - a) - mu) = ndtr(-ndtri(a) - mu)  (ndtri(1 - a) = -ndtri(a) exactly).

    In cache-sized blocks, and only where the answer is below 1: for a <= Phi(-8.5 - mu),
    -ndtri(a) - mu >= 8.5 and G >= 1 - 9.5e-18, which rounds to 1 (the doubles below 1 are
    2^-53 apart), so those elements are 1 without a special function.
    """
    a, m, shape = _flat_pair(_unit_interval("a", a), require_positive_array("mu", mu))
    out = np.ones(a.shape)
    for lo in range(0, a.size, _CHUNK):
        part = slice(lo, lo + _CHUNK)
        _tradeoff_block(a[part], m[part] if m.ndim else m, out[part])
    return out.reshape(shape)


def _tradeoff_block(a, m, out):
    """out = ndtr(-ndtri(a) - mu) where a > Phi(-8.5 - mu); the other elements of out are left alone."""
    idx = np.flatnonzero(a > sc.ndtr(-_G_ONE_FROM - m))
    x = sc.ndtri(a[idx])
    np.subtract(-(m[idx] if m.ndim else m), x, out=x)
    out[idx] = sc.ndtr(x, out=x)


def _flat_pair(x, m):
    """(x, mu, shape): both broadcast and flattened (mu left as a 0-d array when it is one)."""
    shape = np.broadcast_shapes(x.shape, m.shape)
    if m.ndim:
        return (*(np.array(v, dtype=float).ravel() for v in np.broadcast_arrays(x, m)), shape)
    return x.ravel(), m, shape


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
    log_delta = -a * a / 2 - _HALF_LOG_2PI + log_d
    if log:
        return log_delta
    return np.where(a > -37, np.exp(-a * a / 2) * (np.exp(log_d) / math.sqrt(2 * math.pi)), np.exp(log_delta))


def _gaussian_profile(epsilon, mu, log):
    """delta (or log delta) by the log-space tiers: log r without large terms, then the textbook
    formula where r <= 1/2, the far-tail series for a < -10 and the 8-point rule elsewhere."""
    e = _finite_array("epsilon", epsilon)
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
    """delta (or its log) on [b, a] = [c - h, c + h], Phi(a) = e^log_na; see :func:`_gaussian_profile`."""
    a = c + h
    log_r = _log_r(e, a, c - h, log_na)
    out = np.empty(e.shape)
    easy = log_r <= -_LOG2
    out[easy] = _profile_textbook(a[easy], log_na[easy], log_r[easy], log)
    far = ~easy & (a < -_SERIES_FROM)
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
    log_r[g] = np.log(sc.erfcx(-b[g] * _SQRT_HALF) / sc.erfcx(-a[g] * _SQRT_HALF))
    g = (b < 0) & (a >= 0)              # e^eps Phi(b) = phi(a) R(b)
    log_r[g] = -a[g] * a[g] / 2 - _LOG2 + np.log(sc.erfcx(-b[g] * _SQRT_HALF)) - log_na[g]
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
    return _gaussian_profile(epsilon, mu, True)


def gaussian_profile(epsilon, mu):
    """delta(eps) of N(mu,1) vs N(0,1) (Balle and Wang 2018, Thm 8), elementwise.

    ``epsilon``: finite reals, negative allowed (delta -> 1 - e^eps as mu -> 0);
    ``mu``: finite numbers > 0.  Below about 1e-308 the result underflows
    to 0 (``gaussian_log_profile`` keeps the logarithm).

    Elements with Phi(a) below the normal range are 0; the others go through
    tiers, each only on the elements the one before cannot do within a few
    times the conditioning: for a <= 0 the Mills-ratio difference
    (:func:`_profile_mills`) and the short Gauss-Legendre rule
    (:func:`_profile_short`), for a > 0 the textbook and erf forms
    (:func:`_profile_positive_a`), and the log-space path
    (:func:`_profile_careful`) for what is left.
    """
    e = _finite_array("epsilon", epsilon)
    m = require_positive_array("mu", mu)
    e, m, shape = _flat_pair(e, m)
    delta = np.zeros(e.shape)
    left = [_profile_block(e, m, delta, lo) for lo in range(0, e.size, _CHUNK)]
    idx = np.concatenate([np.zeros(0, dtype=np.intp), *left])
    if idx.size:
        delta[idx] = _profile_careful(e[idx], m[idx] if m.ndim else m)
    return delta.reshape(shape)


def _profile_block(e, m, delta, lo):
    """The first tiers on the block e[lo:lo + _CHUNK] (results written into delta; temporaries stay in
    cache): the Mills tier where a <= 0, in the order of :func:`_locality_order`, the textbook and erf
    tiers where a > 0.  Returns the indices left to the careful path."""
    part = slice(lo, lo + _CHUNK)
    eb, mb = e[part], (m[part] if m.ndim else m)
    with np.errstate(over="ignore", invalid="ignore"):
        minus_a = _minus_a(eb, mb)
        # delta < Phi(a): where Phi(a) is below the normal range (a < -37.5, or -inf when eps/mu
        # overflows) the answer is 0, and only the other elements need work
        live = minus_a <= -_A_TINY
        low = np.flatnonzero(live & (minus_a >= 0.0))
        high = np.flatnonzero(live & (minus_a < 0.0))
    order = low[_locality_order(minus_a[low])]
    delta[part][order], rest = _profile_low_a(minus_a[order], eb[order], mb[order] if m.ndim else mb)
    delta[part][high], easy = _profile_positive_a(eb[high], mb[high] if m.ndim else mb)
    return np.concatenate([order[rest], high[~easy]]) + lo


def _profile_low_a(minus_a, e, m):
    """(delta, rest) where a <= 0, the elements in locality order: the Mills tier, then the short rule
    for what it leaves; ``rest`` (positions) is left to the careful path."""
    pick = (lambda i: m[i]) if np.ndim(m) else (lambda i: m)
    out = np.empty(e.shape)
    # the Mills tier cannot take what even its largest s, eps + mu (a^2 + 1)/|a| (R(a) > |a|/(a^2 + 1)), leaves < 2
    with np.errstate(divide="ignore"):
        need = e + m * (minus_a + 1.0 / minus_a) < _MILLS_FROM
    tried = np.flatnonzero(~need)
    out[tried], done = _profile_mills(minus_a[tried], e[tried], pick(tried))
    need[tried[~done]] = True
    short = np.flatnonzero(need)                 # still in locality order
    fits = _fits_short(minus_a[short], pick(short))
    if np.any(fits):
        out[short[fits]] = _profile_short(minus_a[short[fits]], pick(short[fits]))
    return out, short[~fits]


def _fits_short(minus_a, m):
    """Where :func:`_profile_short` applies: [b, a] inside [-10, 0] (a <= 0 here) and mu in its rules."""
    return (minus_a + m <= _SERIES_FROM) & (m <= _SHORT_RULES[-1][0])


def _minus_a(e, m):
    """-a = eps/mu - mu/2, the argument the Mills tier's ``erfcx`` calls scale."""
    x = np.divide(e, m)
    x -= m * 0.5
    return x


def _locality_order(x):
    """A permutation that groups the elements by sign, exponent and leading 8 bits of x.

    Only the speed changes: ``erfcx`` (and ``ndtr``) branch on the size of their
    argument, and in grouped order the branches are predicted (3-4x faster on
    shuffled input).  The key is 16 bits of the IEEE pattern, so the stable
    argsort is a radix sort, linear in the size.
    """
    key = np.right_shift(x.view(np.uint64), 44).astype(np.uint16)
    return np.argsort(key, kind="stable")


def _centre_and_ends(e, m):
    """(a, b) = (c + mu/2, c - mu/2) with c = -eps/mu, the midpoint of [b, a]."""
    a = np.divide(e, m)
    np.negative(a, out=a)
    h = m * 0.5
    b = a - h
    a += h
    return a, b


def _profile_mills(minus_a, e, m):
    """(delta, done): phi(a) (R(a) - R(b)) = e^{-u^2} (erfcx(u) - erfcx(v)) / 2, u = -a/v2, v = -b/v2.

    Done where a <= 0 (so eps >= 0) and either r = R(b)/R(a) <= 1/2 (at most
    one bit lost) or s = eps r + mu/R(a) >= 2: the difference then loses
    log2(1/(1 - r)) bits, but the conditioning, s/(1 - r), is at least as
    large.  The factor e^{-u^2} is off by up to u^2 = a^2/2 ulps, within the
    conditioning (>= mu |a| and >= a^2 in those two cases).  Callers pass only
    elements with Phi(a) in the normal range, so e^{-u^2} is a normal double.
    """
    with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
        u = np.multiply(minus_a, _SQRT_HALF)
        v = u + m * _SQRT_HALF
        ra, rb = sc.erfcx(u), sc.erfcx(v)
        done = u >= 0.0
        delta = np.subtract(ra, rb)
        np.multiply(u, u, out=u)
        np.subtract(-_LOG2, u, out=u)
        delta *= np.exp(u, out=u)
        # r <= 1/2, or eps R(b) + mu sqrt(2/pi) >= 2 R(a) (the scaled erfcx carry the same constant)
        np.multiply(e, rb, out=v)
        v += m * _SQRT_2_OVER_PI
        rb *= 2.0
        done &= (v >= _MILLS_FROM * ra) | (rb <= ra)
    return delta, done


def _profile_positive_a(e, m):
    """(delta, done) where a > 0 (so Phi(a) >= 1/2): the textbook Phi(a) - e^eps Phi(b), else the erf form.

    Textbook: done where r = e^eps Phi(b)/Phi(a) <= 1/2, or s = eps r + mu phi(a)/Phi(a) >= 2 (the
    conditioning, s/(1 - r), then covers the log2(1/(1 - r)) bits the subtraction loses, as in
    :func:`_profile_mills`), with Phi(b) a normal double or e^eps Phi(b) negligible.  Elsewhere, with
    b <= 0 < a: delta = P(b < Z < a) - expm1(eps) Phi(b) = (erf(a/v2) + erf(-b/v2))/2 - expm1(eps) Phi(b),
    two positive terms and one subtraction, done where the subtracted term is at most a third of the
    first: the error is then at most (2 + 3/3)/(2/3) = 4.5 ulps, against a conditioning >= mu phi(a)/delta
    >= e^{-mu^2/8} (delta <= P(b < Z < a) <= mu phi(0), 0 < a <= mu/2) where the tier is reached.
    """
    with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
        a, b = _centre_and_ends(e, m)
        erf_a = sc.erf(a * _SQRT_HALF)
        pa = (erf_a + 1.0) * 0.5             # Phi(a) for a > 0 (within an ulp; shared with the erf form)
        phi_b = sc.ndtr(b)
        delta = np.exp(e)
        delta *= phi_b
        ratio = delta / pa
        np.subtract(pa, delta, out=delta)
        done = (ratio <= 0.5) & ((phi_b >= _TINY) | (ratio <= 1e-20))
        idx = np.flatnonzero(~done)
        if idx.size:
            mi = m[idx] if np.ndim(m) else m
            ai, ri = a[idx], ratio[idx]
            s = e[idx] * ri + mi * (np.exp(ai * ai * -0.5) * _INV_SQRT_2PI) / pa[idx]
            good = (s >= _MILLS_FROM) & (ri < 1.0) & (phi_b[idx] >= _TINY)
            done[idx[good]] = True
            idx = idx[~good & (b[idx] <= 0.0)]
    if idx.size:
        delta[idx], ok = _profile_erf(erf_a[idx], b[idx], e[idx], phi_b[idx])
        done[idx[ok]] = True
    return delta, done


def _profile_erf(erf_a, b, e, phi_b):
    """(delta, done): (erf(a/v2) + erf(-b/v2))/2 - expm1(eps) Phi(b) for b <= 0 < a; see :func:`_profile_positive_a`."""
    first = sc.erf(b * -_SQRT_HALF)
    first += erf_a
    first *= 0.5
    second = np.expm1(e) * phi_b
    done = second <= _ERF_SHARE * first
    first -= second
    return first, done


def _profile_careful(e, m):
    """What the first tiers left, by the log-space tiers of :func:`_gaussian_profile`."""
    return _gaussian_profile(e, m, False)


def _profile_short(minus_a, m):
    """delta = phi(a) (R(a) - R(b)) = phi(a) * integral over [b, a] of R'(x), by Gauss-Legendre,
    for -10 <= b, a <= 0 and a - b = mu <= 2.9 (a = -minus_a), with the fewest nodes
    :data:`_SHORT_RULES` allows for the element's mu.

    R'(x) = 1 + x R(x), R(x) = sqrt(pi/2) erfcx(-x/v2) with -x >= 0: the subtraction loses a factor
    up to x^2 + 2, covered by the conditioning (about 2 c^2 where the terms of delta cancel); this is
    the formula of :func:`_profile_cancelling` without the logarithms.  Rule error with n nodes: all
    derivatives of R(x) = integral_0^oo t^k e^{xt - t^2/2} dt are positive and increasing, so the
    error mu^{2n+1} (n!)^4 / ((2n+1) ((2n)!)^3) R^(2n+1)(xi) is at most that with R^(2n+1)(a) against
    an integral >= mu R'(b); the ratio R^(2n+1)(a)/R'(a - mu) is largest at a = 0, and the rules'
    mu limits keep the relative error below 2^-56 (``tests/test_fdp_fast.py`` recomputes them).
    """
    h = m * 0.5
    c = -minus_a - h
    if np.ndim(m) == 0:
        return _short_rule(c, h, *_SHORT_NODES[next(n for top, n in _SHORT_RULES if m <= top)])
    out = np.empty(c.shape)
    rule = np.searchsorted(_SHORT_LIMITS, m)              # the first rule whose largest mu is >= m
    order = np.argsort(rule, kind="stable")               # grouped by rule, each group still in locality order
    ends = np.cumsum(np.bincount(rule, minlength=len(_SHORT_RULES)))
    for (_, n), lo, hi in zip(_SHORT_RULES, np.concatenate([[0], ends[:-1]]), ends):
        if hi > lo:
            idx = order[lo:hi]
            out[idx] = _short_rule(c[idx], h[idx], *_SHORT_NODES[n])
    return out


def _short_rule(c, h, nodes, weights):
    """:func:`_profile_short` with the given Gauss-Legendre nodes and weights on [-1, 1], node by node
    (each node's temporaries have the length of c and stay in cache; the sum runs in node order)."""
    total = np.zeros(c.shape)
    x, r = np.empty(c.shape), np.empty(c.shape)
    for t, w in zip(nodes, weights):
        np.multiply(h, t, out=x)
        x += c                                  # a node of [b, a]
        np.multiply(x, -_SQRT_HALF, out=r)
        sc.erfcx(r, out=r)
        x *= _SQRT_HALF_PI
        r *= x
        r += 1.0                                # R'(x) = 1 + x R(x)
        r *= w
        total += r
    a = c + h
    return np.exp(a * a * -0.5) * (h * _INV_SQRT_2PI) * total


# ----------------------------------------------------------------------------- calibrations

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
    e = _finite_array("epsilon", epsilon)
    if e.size and e.min() < 0:
        raise SymdpError("epsilon", float(e[e < 0].flat[0]), "finite numbers >= 0")
    t, e, shape = _flat_pair(_unit_interval("delta", delta), e)
    e, t = np.broadcast_to(e, t.shape), t
    guess = np.maximum(e, 1e-3) / np.sqrt(2 * np.log(1.25 / t))    # the classic calibration's mu

    def slope(m, i):
        return np.exp(-0.5 * (m / 2 - e[i] / m) ** 2) * _INV_SQRT_2PI
    mu = _increasing_root(lambda m, i: gaussian_profile(e[i], m), slope, t, guess)
    return mu.reshape(shape)


def gaussian_epsilon(mu, delta):
    """The eps >= 0 with delta_mu(eps) = delta, elementwise, in doubles (0 where delta_mu(0) <= delta already).

    ``mu`` > 0 and ``delta`` in (0, 1).  In eps the profile decreases with d delta/d eps = -e^eps Phi(b)
    = -phi(a) R(b) (R the Mills ratio, no overflow); solved as :func:`gaussian_mu` is, with -delta as
    the increasing function.
    """
    t, m, shape = _flat_pair(_unit_interval("delta", delta), require_positive_array("mu", mu))
    m = np.broadcast_to(m, t.shape)
    out = np.zeros(t.shape)
    live = np.flatnonzero(gaussian_profile(0.0, m) > t)
    mm, tt = m[live], t[live]

    def slope(x, i):
        a, b = mm[i] / 2 - x / mm[i], -mm[i] / 2 - x / mm[i]
        return np.exp(-0.5 * a * a) * (_INV_SQRT_2PI * _SQRT_HALF_PI) * sc.erfcx(b * -_SQRT_HALF)
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
