"""Vectorised numpy evaluators for the Laplace adversary, in log space.

Accurate at the extremes (epsilon from 1e-8 to 700): survival functions are
computed as logarithms (``log1p`` on the lower branch, an exact linear term on
the upper one), and precision is formed from the log-ratio GSR/RSR, which
stays in [-epsilon, 0], so nothing underflows before it is divided.
"""
import numpy as np

from ..errors import require_positive_array

LOG_HALF = -np.log(2.0)


def log_survival(zs):
    """log P(X >= z) for the standard Laplace distribution, elementwise."""
    zs = np.asarray(zs, dtype=float)
    lower = np.log1p(-0.5 * np.exp(np.minimum(zs, 0.0)))
    return np.where(zs >= 0, LOG_HALF - np.maximum(zs, 0.0), lower)


def pr_curve(epsilon, psi, kappa=1.0):
    """(precision, recall) of the threshold test o >= theta (Eq. 9-11; Eq. 17, 20, 23 with kappa).

    ``psi = (theta - Q(D')) / Delta Q`` (Theorem 5): the curve depends on
    epsilon and psi only; ``kappa`` is the auxiliary-information odds factor
    (precision = 1/(1 + kappa GSR/RSR)).  Broadcasts over the arguments.
    """
    e = require_positive_array("epsilon", epsilon)
    k = require_positive_array("kappa", kappa)
    p = np.asarray(psi, dtype=float)
    log_r = log_survival((p - 1.0) * e)
    log_g = log_survival(p * e)
    recall = np.exp(log_r)
    precision = 1.0 / (1.0 + k * np.exp(log_g - log_r))
    return precision, recall
