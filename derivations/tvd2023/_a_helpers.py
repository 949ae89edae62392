"""Numeric helpers for the tvd2023 derivations of Sec. 2-4 (Jia et al. 2023): independent oracles.

Every routine here works from the output distributions alone (densities by
quadrature, finite distributions by brute-force enumeration), never from the
closed forms the derivations prove, so that a cross-check against them is a
check.  All mpmath work runs at the caller's precision (inside the recorder's
``mp.workdps``) or inside an explicit ``mp.workdps``.
"""
from __future__ import annotations

import itertools

import mpmath as mp


def laplace_pdf(y, centre, b):
    """Density of Lap(centre, b)."""
    return mp.exp(-abs(y - centre) / b) / (2 * b)


def normal_pdf(y, centre, s):
    """Density of N(centre, s^2)."""
    return mp.npdf(y, centre, s)


def tv_quadrature(p, q, cuts):
    """(1/2) int |p - q| over the real line, split at ``cuts`` (the kinks and crossings), by mpmath.quad."""
    points = [-mp.inf] + sorted(mp.mpf(c) for c in cuts) + [mp.inf]
    return mp.quad(lambda y: abs(p(y) - q(y)), points) / 2


def best_accuracy_quadrature(p, q, prior0, cuts):
    """int max(P0 p, P1 q): the Bayes accuracy of guessing which of p, q produced the output (Experiment 2)."""
    points = [-mp.inf] + sorted(mp.mpf(c) for c in cuts) + [mp.inf]
    return mp.quad(lambda y: max(prior0 * p(y), (1 - prior0) * q(y)), points)


def tv_finite(p, q):
    """Total variation of two finite distributions given as {outcome: probability}: brute force over outcomes."""
    keys = set(p) | set(q)
    return sum(max(p.get(k, 0) - q.get(k, 0), 0) for k in keys)


def product(*dists):
    """The product distribution of finite distributions {outcome: probability} (independent composition)."""
    out = {}
    for combo in itertools.product(*(d.items() for d in dists)):
        key = tuple(k for k, _ in combo)
        prob = mp.mpf(1)
        for _, v in combo:
            prob *= v
        out[key] = out.get(key, 0) + prob
    return out


def randomized_response(bit, p):
    """Randomized response on ``bit``: the true bit with probability p."""
    return {bit: mp.mpf(p), 1 - bit: 1 - mp.mpf(p)}


def kfold_rr_tv(k, p):
    """TV of k independent randomized responses on 0 vs on 1, by enumerating all 2^k outputs (k <= 16)."""
    if not 1 <= k <= 16:
        raise ValueError(f"k = {k}: brute force enumerates 2^k outputs, k in [1, 16]")
    p0 = product(*[randomized_response(0, p)] * k)
    p1 = product(*[randomized_response(1, p)] * k)
    return tv_finite(p0, p1)


def tv_gaussian_2d(v1, v2, s):
    """TV of N(0, s^2 I) vs N(v, s^2 I) in the plane, in the original coordinates (no rotation).

    The set where the first density is larger is the half-plane v1 x + v2 y < |v|^2 / 2; for each x
    the inner integral over y is a difference of two normal tails (closed form in y, with the
    boundary of the half-plane), the outer one is done by quadrature.
    """
    v1, v2, s = mp.mpf(v1), mp.mpf(v2), mp.mpf(s)
    half = (v1**2 + v2**2) / 2

    def inner(x):
        bound = (half - v1 * x) / v2                  # the half-plane is y < bound (v2 > 0)
        p = normal_pdf(x, 0, s) * mp.ncdf(bound / s)
        q = normal_pdf(x, v1, s) * mp.ncdf((bound - v2) / s)
        return p - q
    # also cut where the half-plane's edge crosses y = 0: for small v2 the inner tails switch sharply there
    cuts = sorted([-4 * s, 0, v1, 4 * s + v1] + ([half / v1] if v1 > 0 else []))
    return mp.quad(inner, [-mp.inf] + cuts + [mp.inf])
