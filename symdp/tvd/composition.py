"""Exact privacy of k-fold eps-DP composition (Kairouz et al. 2015; Jia et al. 2023, Theorem 18, Eq. 6).

The k-fold composition of randomized response RR_eps (the true bit with probability p = e^eps/(1 + e^eps))
is the worst k-fold eps-DP composition: every eps-DP mechanism is a post-processing of RR_eps, so its
hockey-stick divergence delta(eps') bounds that of every k-fold eps-DP composition and is attained.  Its
likelihood ratio depends only on the number j of flipped answers, L = (k - 2j) eps, with
P(j) = C(k, j) p^(k-j) (1-p)^j and Q(j) = C(k, j) p^j (1-p)^(k-j), so

    delta(eps') = sum_{j : (k - 2j) eps > eps'} C(k, j) (e^{(k-j) eps} - e^{eps'} e^{j eps}) / (1 + e^eps)^k,

which at eps' = (k - 2i) eps is Eq. 6 of Jia et al. with (1 + e^eps)^k in the denominator, and at eps' = 0 the
total variation distance TV(B(k, p), B(k, 1 - p)) (Theorem 18), with p = (1 + alpha)/2 for alpha-TVD
randomized response.  Theorem 18 also calls that the least TV of k alpha-TVD steps; it is not (a binary pair with
alpha = 1/2 has TV 0.665 < 0.6875 after 3 steps: derivation tvd2023.s6-optimal-composition, thm18:optimal-k3).

Float routines are vectorised over eps and work in log space (gammaln, log-expit, logsumexp, expm1), so every
term is positive and nothing cancels; the mpmath routines carry ``dps`` digits.
"""
from __future__ import annotations

import mpmath as mp
import numpy as np

from ..errors import SymdpError, require_real
from .inputs import require_array, require_int
from . import ufuncs

__all__ = ["MAX_K", "validate_k", "delta_kfold", "delta_i", "tv_kfold", "mp_delta_kfold", "mp_tv_kfold",
           "mp_delta_i", "optimal_deltas", "eps_of_alpha"]

MAX_K = 10**6
"""Largest number of compositions accepted (the sum has k/2 + 1 terms)."""


def validate_k(k, parameter: str = "k") -> int:
    return require_int(parameter, k, 1, MAX_K)


def _eps_array(eps):
    return require_array("eps", eps, 0.0, 700.0, "numbers in [0, 700]")


def _log_terms(k, e, eps_prime, i=None):
    """log of the positive terms P(j) - e^{eps'} Q(j), j = 0..k, -inf where the loss (k - 2j) eps <= eps'.

    With ``i`` given, eps' = (k - 2i) eps and the gap eps' - loss = 2 (j - i) eps is formed exactly.
    """
    j = np.arange(k + 1, dtype=float)
    e = e[..., None]
    if i is None:
        gap = eps_prime - (k - 2 * j) * e
    else:
        gap = np.where(j < i, 2 * (j - i) * e, 0.0)
    log_c = ufuncs.gammaln(k + 1) - ufuncs.gammaln(j + 1) - ufuncs.gammaln(k - j + 1)
    log_p = log_c + (k - j) * ufuncs.log_expit(e) + j * ufuncs.log_expit(-e)      # log P(j)
    keep = gap < 0
    with np.errstate(divide="ignore"):
        return np.where(keep, log_p + np.log(-np.expm1(np.where(keep, gap, -1.0))), -np.inf)


def _sum(log_terms):
    with np.errstate(divide="ignore"):
        return np.clip(np.exp(ufuncs.logsumexp(log_terms, axis=-1)), 0.0, 1.0)


def delta_kfold(k, eps, eps_prime):
    """delta(eps') of k-fold RR_eps (the tight delta of k-fold eps-DP), vectorised over eps."""
    k, e = validate_k(k), _eps_array(eps)
    ep = require_real("eps_prime", eps_prime, 0.0, 1e300, "l")
    return _sum(_log_terms(k, e, ep))


def delta_i(k, eps, i):
    """Eq. 6 (corrected): the exact delta_i of k-fold eps-DP at eps' = (k - 2i) eps, i = 0..floor(k/2)."""
    k = validate_k(k)
    if not (isinstance(i, (int, np.integer)) and not isinstance(i, bool) and 0 <= i <= k // 2):
        raise SymdpError("i", i, f"an integer in [0, {k // 2}] (floor(k/2))")
    return _sum(_log_terms(k, _eps_array(eps), None, int(i)))


def tv_kfold(k, eps):
    """TV(B(k, p), B(k, 1 - p)), p = e^eps/(1 + e^eps): the tight TV of k-fold eps-DP (Theorem 18)."""
    return delta_kfold(k, eps, 0.0)


def eps_of_alpha(alpha):
    """Theorem 18's eps = log((1 + alpha)/(1 - alpha)) = 2 artanh(alpha): RR_eps is exactly alpha-TVD."""
    a = require_real("alpha", alpha, 0.0, 1.0, "l")
    return float(2 * np.arctanh(a))


def optimal_deltas(k, eps):
    """[(eps_i, delta_i)] for i = 0..floor(k/2): Theorem 18's ((k - 2i) eps, delta_i) pairs (Eq. 6, corrected)."""
    k = validate_k(k)
    e = require_real("eps", eps, 0.0, 700.0, "lh")
    return [((k - 2 * i) * e, float(delta_i(k, e, i))) for i in range(k // 2 + 1)]


# --- mpmath ------------------------------------------------------------------

def mp_delta_kfold(k, eps, eps_prime, dps: int = 50):
    """delta(eps') of k-fold RR_eps at ``dps`` digits (a sum of positive terms)."""
    k = validate_k(k)
    if k > 10**4:
        raise SymdpError("k", k, "an integer in [1, 10000] for the mpmath routine")
    with mp.workdps(dps + 10):
        e, ep = mp.mpf(eps), mp.mpf(eps_prime)
        if e < 0 or ep < 0:
            raise SymdpError("eps" if e < 0 else "eps_prime", eps if e < 0 else eps_prime, "a number >= 0")
        lp, lq = -mp.log1p(mp.exp(-e)), -mp.log1p(mp.exp(e))        # log p, log(1 - p)
        terms = [mp.binomial(k, j) * mp.exp((k - j) * lp + j * lq) * -mp.expm1(ep - (k - 2 * j) * e)
                 for j in range(k + 1) if (k - 2 * j) * e > ep]
        return +mp.fsum(terms) if terms else mp.mpf(0)


def mp_tv_kfold(k, eps, dps: int = 50):
    return mp_delta_kfold(k, eps, 0, dps)


def mp_delta_i(k, eps, i, dps: int = 50):
    """Eq. 6 (corrected) at ``dps`` digits: sum_{l<i} C(k,l)(e^{(k-l)eps} - e^{(k-2i+l)eps}) / (1 + e^eps)^k."""
    k = validate_k(k)
    with mp.workdps(dps + 10):
        e = mp.mpf(eps)
        s = mp.fsum(mp.binomial(k, l) * (mp.exp((k - l) * e) - mp.exp((k - 2 * i + l) * e)) for l in range(i))
        return +(s / (1 + mp.exp(e)) ** k)
