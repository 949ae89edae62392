"""Closed forms for the best adversary against the Laplace mechanism.

``kappa`` is the adversary's least odds factor from auxiliary information
(Liu et al. Sec. 5): precision = 1/(1 + kappa GSR/RSR); kappa = 1 is the
uniform prior of Sec. 4.1.  These are the library's forms, chosen for accuracy
(no cancellation, no overflow at epsilon = 700); ``liu2019.fbeta-laplace`` and
``liu2019.fbeta-auxiliary`` derive Eq. 12 and Eq. 18 from the metric
definitions and prove these forms equal to them.
"""
import sympy as sp

from ..errors import check_arg
from ..symbols import beta, bound, eps

# Arguments may be symbols; numbers are checked: epsilon >= 0, beta > 0, kappa in (0, 1], bound in (0, 1).


def _args(e, b, k):
    return check_arg("e", e, 0, None, "l"), check_arg("b", b, 0, None, ""), check_arg("k", k, 0, 1, "h")


def fbeta_star_gap(e=eps, b=beta, k=1):
    """W with F*_beta = 1 / (1 + W) on the increasing branch epsilon >= log(1 + beta^2/kappa)."""
    e, b, k = _args(e, b, k)
    q = k * sp.exp(-e)
    return (q + sp.sqrt(q**2 + 4 * b**2 * q)) / (2 * (1 + b**2))


def fbeta_star(e=eps, b=beta, k=1):
    """Highest F-beta over the threshold (Eq. 12; Eq. 18 with kappa = 1 - rho_p), as a Piecewise in epsilon."""
    e, b, k = _args(e, b, k)
    return sp.Piecewise(
        ((1 + b**2) / (1 + k + b**2), e < sp.log(1 + b**2 / k)),
        (1 / (1 + fbeta_star_gap(e, b, k)), True),
    )


def epsilon_for_fbeta(f=bound, b=beta, k=1):
    """The epsilon at which F*_beta reaches ``f`` on the increasing branch (inverse of Eq. 12 / 18).

    Valid for (1 + b^2)/(1 + kappa + b^2) <= f < 1.
    """
    f, (_, b, k) = check_arg("f", f, 0, 1, ""), _args(0, b, k)
    return sp.log(k * f * (1 + b**2 - f) / ((1 + b**2) ** 2 * (1 - f) ** 2))
