"""Epsilon for a target guessing advantage eta (slide "Computing eps for a fixed guessing advantage").

Gain: Pr_post - Pr_pre <= eta; loss: Pr_pre - Pr_post <= eta.  The simplified bound
inverts in closed form; the shell bound by a bracketed bisection with a cap.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp

CAP = mp.mpf(10) ** 4
"""Largest epsilon searched: beyond it the answer is reported as capped."""


def eps_gain_simplified(p, eta, R):
    """ln((1-p)/p * 1/((p+eta)^{-1} - 1)) / R, the printed formula; inf when p + eta >= 1."""
    if p + eta >= 1:
        return mp.inf
    return mp.log((1 - p) * (p + eta) / (p * (1 - p - eta))) / R


def eps_loss_simplified(p, eta, R):
    """ln(p (1 - p + eta) / ((1 - p)(p - eta))) / R; inf when eta >= p."""
    if eta >= p:
        return mp.inf
    return mp.log(p * (1 - p + eta) / ((1 - p) * (p - eta))) / R


def worst_p_for_eps(eps, R):
    """The Pr_pre maximising the simplified gain at fixed eps: 1 / (1 + e^{R eps / 2})."""
    return 1 / (1 + mp.exp(R * eps / 2))


def worst_eta(eps, R):
    """The largest simplified gain over all priors: tanh(R eps / 4)."""
    return mp.tanh(R * eps / 4)


def worst_p_for_eta(eta):
    """The Pr_pre minimising the simplified epsilon at fixed eta: (1 - eta) / 2."""
    return (1 - mp.mpf(eta)) / 2


def worst_eps(eta, R):
    """The smallest simplified epsilon over all priors: 4 artanh(eta) / R."""
    return 4 * mp.atanh(eta) / R


@dataclass(frozen=True)
class Root:
    """The largest eps in [lo, hi] with advantage(eps) <= eta; ``capped`` when advantage(CAP) <= eta."""

    eps: object
    lo: object
    hi: object
    capped: bool
    steps: int


def largest_eps(advantage, eta, digits=15, cap=CAP):
    """Bisection on [lo, hi] (hi doubled from 1 until advantage(hi) > eta), to ``digits`` relative digits."""
    lo, hi, steps = mp.mpf(0), mp.mpf(1), 0
    while advantage(hi) <= eta:
        lo, hi = hi, 2 * hi
        if hi > cap:
            return Root(mp.mpf(cap), lo, mp.inf, True, steps)
    tol = mp.mpf(10) ** (-digits - 1)
    while hi - lo > tol * hi:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if advantage(mid) <= eta else (lo, mid)
        steps += 1
    return Root(lo, lo, hi, False, steps)
