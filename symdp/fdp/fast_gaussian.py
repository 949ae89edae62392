"""The Gaussian privacy profile, fast: ``gaussian_profile`` by tiers, the log-space path the last resort.

Elements with Phi(a) below the normal range are 0 at once; the others are split by the sign of a, in
cache-sized blocks.  Where a <= 0: the Mills-ratio difference e^{-a^2/2} (erfcx(-a/v2) - erfcx(-b/v2))/2
(two ``erfcx``, one ``exp``), kept wherever the conditioning covers its cancellation, and what it cannot
take (small mu, a near 0; elements that cannot qualify are not tried) by the Gauss-Legendre rule of
:mod:`.fast_gaussian_log` without logarithms (``_profile_short``, 4 to 14 ``erfcx`` per element: the
fewest nodes whose error bound allows that mu, for mu <= 2.9 and [b, a] in [-10, 0]).  These run permuted
so that arguments of like size are adjacent (``_locality_order``): ``erfcx`` branches on the size of its
argument, and on shuffled input the mispredicted branches cost more than the arithmetic.  Where a > 0
(Phi(a) >= 1/2): the textbook Phi(a) - e^eps Phi(b) where it does not cancel beyond the conditioning,
else (small eps and mu) P(b < Z < a) - expm1(eps) Phi(b) from ``erf`` and ``erfc`` (``_profile_erf``).
Only what all these leave (a fraction of a per cent of the benchmarks' typical grids) takes the
log-space path (:mod:`.fast_gaussian_log`).  No tier's choice depends on an element's position, and node
sums are taken node by node: the order changes no value.
"""
import math

import numpy as np
from scipy import special as sc

from ..errors import require_positive_array
from .fast_arrays import CHUNK, finite_array, flat_pair
from .fast_gaussian_log import SERIES_FROM, log_space_profile
from .fast_normal import INV_SQRT_2PI, LOG2, SQRT_HALF, SQRT_HALF_PI

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
    e = finite_array("epsilon", epsilon)
    m = require_positive_array("mu", mu)
    e, m, shape = flat_pair(e, m)
    delta = np.zeros(e.shape)
    left = [_profile_block(e, m, delta, lo) for lo in range(0, e.size, CHUNK)]
    idx = np.concatenate([np.zeros(0, dtype=np.intp), *left])
    if idx.size:
        delta[idx] = _profile_careful(e[idx], m[idx] if m.ndim else m)
    return delta.reshape(shape)


def _profile_block(e, m, delta, lo):
    """The first tiers on the block e[lo:lo + CHUNK] (results written into delta; temporaries stay in
    cache): the Mills tier where a <= 0, in the order of :func:`_locality_order`, the textbook and erf
    tiers where a > 0.  Returns the indices left to the careful path."""
    part = slice(lo, lo + CHUNK)
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
    return (minus_a + m <= SERIES_FROM) & (m <= _SHORT_RULES[-1][0])


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
        u = np.multiply(minus_a, SQRT_HALF)
        v = u + m * SQRT_HALF
        ra, rb = sc.erfcx(u), sc.erfcx(v)
        done = u >= 0.0
        delta = np.subtract(ra, rb)
        np.multiply(u, u, out=u)
        np.subtract(-LOG2, u, out=u)
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
        erf_a = sc.erf(a * SQRT_HALF)
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
            s = e[idx] * ri + mi * (np.exp(ai * ai * -0.5) * INV_SQRT_2PI) / pa[idx]
            good = (s >= _MILLS_FROM) & (ri < 1.0) & (phi_b[idx] >= _TINY)
            done[idx[good]] = True
            idx = idx[~good & (b[idx] <= 0.0)]
    if idx.size:
        delta[idx], ok = _profile_erf(erf_a[idx], b[idx], e[idx], phi_b[idx])
        done[idx[ok]] = True
    return delta, done


def _profile_erf(erf_a, b, e, phi_b):
    """(delta, done): (erf(a/v2) + erf(-b/v2))/2 - expm1(eps) Phi(b) for b <= 0 < a; see :func:`_profile_positive_a`."""
    first = sc.erf(b * -SQRT_HALF)
    first += erf_a
    first *= 0.5
    second = np.expm1(e) * phi_b
    done = second <= _ERF_SHARE * first
    first -= second
    return first, done


def _profile_careful(e, m):
    """What the first tiers left, by the log-space tiers of :func:`log_space_profile`."""
    return log_space_profile(e, m, False)


def _profile_short(minus_a, m):
    """delta = phi(a) (R(a) - R(b)) = phi(a) * integral over [b, a] of R'(x), by Gauss-Legendre,
    for -10 <= b, a <= 0 and a - b = mu <= 2.9 (a = -minus_a), with the fewest nodes
    :data:`_SHORT_RULES` allows for the element's mu.

    R'(x) = 1 + x R(x), R(x) = sqrt(pi/2) erfcx(-x/v2) with -x >= 0: the subtraction loses a factor
    up to x^2 + 2, covered by the conditioning (about 2 c^2 where the terms of delta cancel); this is
    the formula of ``_profile_cancelling`` (:mod:`.fast_gaussian_log`) without the logarithms.  Rule
    error with n nodes: all derivatives of R(x) = integral_0^oo t^k e^{xt - t^2/2} dt are positive and
    increasing, so the error mu^{2n+1} (n!)^4 / ((2n+1) ((2n)!)^3) R^(2n+1)(xi) is at most that with
    R^(2n+1)(a) against an integral >= mu R'(b); the ratio R^(2n+1)(a)/R'(a - mu) is largest at a = 0,
    and the rules' mu limits keep the relative error below 2^-56 (``tests/test_fdp_fast.py`` recomputes
    them).
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
        np.multiply(x, -SQRT_HALF, out=r)
        sc.erfcx(r, out=r)
        x *= SQRT_HALF_PI
        r *= x
        r += 1.0                                # R'(x) = 1 + x R(x)
        r *= w
        total += r
    a = c + h
    return np.exp(a * a * -0.5) * (h * INV_SQRT_2PI) * total
