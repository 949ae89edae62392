"""Exact total variation (the TVD-privacy parameter) of basic mechanisms (Jia et al. 2023, Sec. 4.5).

- Laplace, scale b, sensitivity D: 1 - exp(-D/(2b)) (Thm 11).
- Gaussian, standard deviation sigma: 2 Phi(D/(2 sigma)) - 1 = erf(D/(2 sqrt(2) sigma)) (Thm 12).
- k-ary randomized response (the true value with probability e^eps/(e^eps + k - 1)):
  (e^eps - 1)/(e^eps + k - 1); binary: tanh(eps/2).
- Composition of T copies: Gaussian exactly (sensitivity D sqrt(T)); binary randomized response exactly (two
  binomials); Laplace as an interval from its privacy-loss distribution (symdp.tvd.pld).
- Poisson subsampling with probability q: exactly q times the mechanism's TV, for one use (the mixture
  (1 - q) Q + q P minus Q is q (P - Q)): Thm 10's bound q alpha is attained.
"""
from __future__ import annotations

import math

from ..errors import require_real
from .inputs import DEFAULT_POINTS, MAX_VALUES, MAX_RR_STEPS, MAX_STEPS, require_int



def laplace_tv(sensitivity, scale) -> float:
    """Thm 11: TV(Lap(0, b), Lap(D, b)) = 1 - e^{-D/(2b)}."""
    d = require_real("sensitivity", sensitivity, 0.0)
    b = require_real("scale", scale, 0.0)
    return -math.expm1(-d / (2 * b))


def gaussian_tv(sensitivity, sigma) -> float:
    """Thm 12: TV(N(0, s^2), N(D, s^2)) = 2 Phi(D/(2s)) - 1."""
    d = require_real("sensitivity", sensitivity, 0.0)
    s = require_real("sigma", sigma, 0.0)
    return math.erf(d / (2 * math.sqrt(2) * s))


def randomized_response_tv(epsilon, k=2) -> float:
    """k-ary randomized response: (e^eps - 1)/(e^eps + k - 1); tanh(eps/2) for k = 2."""
    e = require_real("epsilon", epsilon, 0.0, 700.0, "l")
    k = require_int("k", k, 2, MAX_VALUES)
    return math.expm1(e) / (math.expm1(e) + k)


def gaussian_composed_tv(sensitivity, sigma, steps) -> float:
    """T Gaussian releases: one Gaussian with sensitivity D sqrt(T) (exact)."""
    T = require_int("steps", steps, 1, MAX_STEPS)
    return gaussian_tv(require_real("sensitivity", sensitivity, 0.0) * math.sqrt(T), sigma)


def rr_composed_tv(epsilon, steps) -> float:
    """T binary randomized responses: TV(Bin(T, p), Bin(T, 1 - p)) = sum_j (b_p(j) - b_{1-p}(j))_+ (exact;
    :func:`symdp.tvd.composition.tv_kfold`, validated here with the CLI's parameter names)."""
    e = require_real("epsilon", epsilon, 0.0, 700.0, "l")
    T = require_int("steps", steps, 1, MAX_RR_STEPS)
    from .composition import tv_kfold
    return float(tv_kfold(T, e))


def laplace_loss_law(sensitivity, scale) -> pld.LossLaw:
    """Privacy loss of Laplace, L = (|x - D| - |x|)/b in [-D/b, D/b] (point masses at both ends)."""
    import numpy as np
    from . import pld
    d = require_real("sensitivity", sensitivity, 0.0)
    b = require_real("scale", scale, 0.0)
    e0 = d / b

    def piece(ls, inside, below, above):
        l = np.clip(ls, -e0, e0)
        return np.where(ls < -e0, below, np.where(ls >= e0, above, inside(l)))

    def p_cdf(ls):                       # Pr_P(L <= l) = e^{-(e0 - l)/2} / 2 on [-e0, e0)
        return piece(ls, lambda l: 0.5 * np.exp(-(e0 - l) / 2), 0.0, 1.0)

    def q_sf(ls):                        # Pr_Q(L > l) = e^{-(e0 + l)/2} / 2 on [-e0, e0)
        return piece(ls, lambda l: 0.5 * np.exp(-(e0 + l) / 2), 1.0, 0.0)
    return pld.LossLaw(p_cdf, lambda ls: 1.0 - p_cdf(ls), lambda ls: 1.0 - q_sf(ls), q_sf, -e0, e0, True, True)


def laplace_composed_tv(sensitivity, scale, steps, points=DEFAULT_POINTS) -> pld.TVInterval:
    """T Laplace releases: TV as a guaranteed interval (privacy-loss distribution)."""
    from . import pld
    return pld.composed_tv(laplace_loss_law(sensitivity, scale), steps, points)


def subsampled_tv(tv, q) -> float:
    """One use of a mechanism on a Poisson subsample (rate q): exactly q TV (Thm 10, attained)."""
    t = require_real("tv", tv, 0.0, 1.0, "lh")
    return require_real("q", q, 0.0, 1.0, "h") * t
