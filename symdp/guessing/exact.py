"""Exact posteriors and advantages of the mechanisms that meet the bound (slide "Where to get such M?").

Laplace: y = x + Lap(r / eps) is eps d-private for d = |x - x'| / r on a real attribute.
Geometric: y = x + two-sided geometric noise, Pr ∝ e^{-eps |k| / r}, on integers.
The advantage sup_Y (Pr[g | M in Y] - Pr[g]) is the supremum over single outputs y
(a ratio of integrals never exceeds the largest point-wise ratio).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp




def laplace_likelihood(y, t, eps, r):
    return eps / (2 * r) * mp.exp(-eps * abs(y - t) / r)


def _integral(prior, lo, hi, y, eps, r):
    """∫_lo^hi f_Y(y|t) f_X(t) dt by quadrature, split at y and the prior's support ends."""
    s0, s1 = prior.support
    lo, hi = max(mp.mpf(lo), s0), min(mp.mpf(hi), s1)
    if not lo < hi:
        return mp.mpf(0)
    cuts = [lo] + [v for v in (y,) if lo < v < hi] + [hi]
    return mp.quad(lambda t: laplace_likelihood(y, t, eps, r) * prior.pdf(t), cuts)


def laplace_posterior_quad(prior, lo, hi, y, eps, r):
    """Pr[lo <= X <= hi | y] for the Laplace mechanism with scale r / eps, by quadrature (the oracle)."""
    inside = _integral(prior, lo, hi, y, eps, r)
    outside = _integral(prior, -mp.inf, lo, y, eps, r) + _integral(prior, hi, mp.inf, y, eps, r)
    return inside / (inside + outside)


def _piece(prior, c, a, b):
    """∫_a^b e^{c t} f_X(t) dt in closed form (normal: completing the square; the others elementary)."""
    from .priors import Exponential, Normal, TwoBump, Uniform
    if not a < b:
        return mp.mpf(0)
    if isinstance(prior, Normal):
        m, s = mp.mpf(prior.mu), mp.mpf(prior.sigma)
        return mp.exp(c * m + (c * s) ** 2 / 2) * Normal(m + c * s * s, s).prob(a, b)
    if isinstance(prior, TwoBump):
        return (_piece(Normal(prior.s, 1), c, a, b) + _piece(Normal(-prior.s, 1), c, a, b)) / 2
    lo, hi = prior.support
    a, b = max(a, lo), min(b, hi)
    if not a < b:
        return mp.mpf(0)
    if isinstance(prior, Uniform):
        return (mp.exp(c * b) - mp.exp(c * a)) / (c * (hi - lo))
    k = c - prior.rate                   # Exponential
    return prior.rate * (b - a) * mp.exp(k * a) if k == 0 else prior.rate * mp.exp(k * a) * mp.expm1(k * (b - a)) / k


def laplace_mass(prior, lo, hi, y, s):
    """∫_lo^hi e^{-s |y - t|} f_X(t) dt (s = eps / r)."""
    y = mp.mpf(y)
    return (mp.exp(-s * y) * _piece(prior, s, lo, min(hi, y))
            + mp.exp(s * y) * _piece(prior, -s, max(lo, y), hi))


def laplace_posterior(prior, lo, hi, y, eps, r):
    """Pr[lo <= X <= hi | y] for the Laplace mechanism with scale r / eps (Bayes' rule, slide "Prior and posterior")."""
    s = mp.mpf(eps) / r
    inside = laplace_mass(prior, lo, hi, y, s)
    outside = laplace_mass(prior, -mp.inf, lo, y, s) + laplace_mass(prior, hi, mp.inf, y, s)
    return inside / (inside + outside)


@dataclass(frozen=True)
class Advantage:
    """The exact advantage ``eta`` = posterior - prior at the maximising output ``y``."""

    eta: object
    posterior: object
    prior: object
    y: object


def laplace_advantage(attribute, eps, span=12, grid=120):
    """sup_y Pr_post(g) - Pr_pre(g) for the Laplace mechanism on ``attribute`` (an absolute-precision Attribute)."""
    from ..engine.sampling.oracles import maximize
    lo, hi = attribute.interval(1)
    r = mp.mpf(attribute.r)
    width = span * r * max(1, 1 / mp.mpf(eps))
    post = lambda y: laplace_posterior(attribute.prior, lo, hi, y, eps, r)
    y, best = maximize(post, lo - width, hi + width, grid)
    p = attribute.ball(1)
    return Advantage(best - p, best, p, y)


def geometric_posterior(pmf, lo, hi, y, eps, r):
    """Pr[lo <= X <= hi | y] for integer X with ``pmf`` (a dict value -> probability), noise ∝ e^{-eps|k|/r}."""
    w = {x: px * mp.exp(-eps * abs(y - x) / r) for x, px in pmf.items()}
    return mp.fsum(v for x, v in w.items() if lo <= x <= hi) / mp.fsum(w.values())


def geometric_advantage(pmf, center, r, eps, span=None):
    """sup over integer outputs y of Pr_post(|X - center| <= r) - Pr_pre(same)."""
    lo, hi = center - r, center + r
    xs = sorted(pmf)
    span = span if span is not None else int(mp.ceil(40 * r / eps)) + 1
    ys = range(xs[0] - span, xs[-1] + span + 1)
    best_y = max(ys, key=lambda y: geometric_posterior(pmf, lo, hi, y, eps, r))
    best = geometric_posterior(pmf, lo, hi, best_y, eps, r)
    p = mp.fsum(v for x, v in pmf.items() if lo <= x <= hi)
    return Advantage(best - p, best, p, best_y)
