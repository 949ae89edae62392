"""Vectorised F*_beta for the Laplace mechanism (numpy), accurate at the extremes.

Uses F* = 1 / (1 + W) with W = (q + sqrt(q^2 + 4 beta^2 q)) / (2 (1 + beta^2)),
q = kappa e^-eps (``closed_forms.fbeta_star_gap``, proved equal to Eq. 12 and
Eq. 18): every term is positive, so there is no cancellation, and e^-eps
underflows harmlessly where e^eps would overflow.  Valid for epsilon in
[1e-8, 700], beta in [1e-3, 1e3], kappa in [1e-12, 1].
"""
import numpy as np

from ..errors import SymdpError, require_positive_array


def fbeta_star(epsilon, beta, kappa=1.0):
    """Highest F-beta of the Neyman-Pearson adversary, elementwise (Eq. 12; Eq. 18 with kappa)."""
    e = require_positive_array("epsilon", epsilon)
    with np.errstate(over="ignore"):
        b2 = require_positive_array("beta", beta) ** 2
    k = require_positive_array("kappa", kappa)
    if np.any(k > 1):
        raise SymdpError("kappa", float(k[k > 1].flat[0]), "numbers in (0, 1]")
    try:
        e, b2, k = np.broadcast_arrays(e, b2, k)
    except ValueError:
        raise SymdpError("epsilon/beta/kappa", (np.shape(e), np.shape(b2), np.shape(k)),
                         "arrays of broadcastable shapes") from None
    with np.errstate(over="ignore", invalid="ignore"):
        q = k * np.exp(-e)
        gap = (q + np.sqrt(q * q + 4.0 * b2 * q)) / (2.0 * (1.0 + b2))
        gap = np.where(e < np.log1p(b2 / k), k / (1.0 + b2), gap)
        return 1.0 / (1.0 + gap)
