"""Closed forms for the best adversary against the Laplace mechanism.

These are the library's forms, chosen for accuracy (no cancellation, no
overflow at epsilon = 700); ``derivations/liu2019_laplace.py`` derives Eq. 12
from the metric definitions and proves these forms equal to it.
"""
import sympy as sp

from ..symbols import beta, bound, eps


def fbeta_star_gap(e=eps, b=beta):
    """W with F*_beta = 1 / (1 + W) on the increasing branch epsilon >= log(1 + beta^2)."""
    return (sp.exp(-e) + sp.sqrt(sp.exp(-2 * e) + 4 * b**2 * sp.exp(-e))) / (2 * (1 + b**2))


def fbeta_star(e=eps, b=beta):
    """Highest F-beta over the threshold (Eq. 12), as a Piecewise in epsilon."""
    return sp.Piecewise(
        ((1 + b**2) / (2 + b**2), e < sp.log(1 + b**2)),
        (1 / (1 + fbeta_star_gap(e, b)), True),
    )


def epsilon_for_fbeta(f=bound, b=beta):
    """The epsilon at which F*_beta reaches ``f`` on the increasing branch (inverse of Eq. 12).

    Valid for (1 + b^2)/(2 + b^2) <= f < 1.
    """
    return sp.log(f * (1 + b**2 - f) / ((1 + b**2) ** 2 * (1 - f) ** 2))
