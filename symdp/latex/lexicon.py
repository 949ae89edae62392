"""The closed vocabulary of the sentences around a display (:mod:`.prose`): the phrases that name a special
function (:data:`VOCABULARY`, with each function's arity and argument order in the standard notation) or a constant
(:data:`CONSTANTS`), and the nouns that make a letter a proportion or a quantity of the paper's."""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..special import Phi


def _normal_density(x):
    return sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)


def _sigmoid(x):
    return 1 / (1 + sp.exp(-x))


@dataclass(frozen=True)
class Entry:
    """A named function of the closed vocabulary: its SymPy reading, its arity in the standard notation, and whether
    its first argument may be written as the name's subscript (an order: ``I_\\nu(z)``, ``\\psi_n(z)``; the
    regularized incomplete beta's ``I_x(a, b)``)."""
    fn: object
    arity: int
    indexed: bool = False
    separators: str = ""
    """The separators between its arguments in the standard notation when not all commas (``B(x; a, b)``: ";,")."""


VOCABULARY = {
    "gamma function": Entry(sp.gamma, 1),
    "beta function": Entry(sp.beta, 2),
    "lower incomplete gamma function": Entry(sp.lowergamma, 2),
    "upper incomplete gamma function": Entry(sp.uppergamma, 2),
    "regularized lower incomplete gamma function": Entry(lambda s, x: sp.lowergamma(s, x) / sp.gamma(s), 2),
    "regularized upper incomplete gamma function": Entry(lambda s, x: sp.uppergamma(s, x) / sp.gamma(s), 2),
    "incomplete beta function": Entry(lambda x, a, b: sp.betainc(a, b, 0, x), 3, separators=";,"),
    "regularized incomplete beta function": Entry(lambda x, a, b: sp.betainc_regularized(a, b, 0, x), 3, True, ";,"),
    "modified bessel function of the first kind": Entry(sp.besseli, 2, True),
    "error function": Entry(sp.erf, 1),
    "complementary error function": Entry(sp.erfc, 1),
    "digamma function": Entry(sp.digamma, 1),
    "polygamma function": Entry(sp.polygamma, 2, True),
    "hurwitz zeta function": Entry(sp.zeta, 2),
    "riemann zeta function": Entry(sp.zeta, 1),
    "standard normal cdf": Entry(Phi, 1),
    "standard normal cumulative distribution function": Entry(Phi, 1),
    "standard normal pdf": Entry(_normal_density, 1),
    "standard normal density": Entry(_normal_density, 1),
    "standard normal probability density function": Entry(_normal_density, 1),
    "logistic sigmoid": Entry(_sigmoid, 1),
    "logistic sigmoid function": Entry(_sigmoid, 1),
    "sigmoid function": Entry(_sigmoid, 1),
    "logistic function": Entry(_sigmoid, 1),
    "dirac delta function": Entry(sp.DiracDelta, 1),
    "dirac delta": Entry(sp.DiracDelta, 1),
}
"""Phrases (lower case, without an article; "regularised" and "Hurwitz's" read alike) to the function they name:
SymPy's, with its arguments in the order the standard notation writes them (DLMF 5.2, 5.12, 8.2, 8.17, 10.25, 7.2,
5.15, 25.11; the regularized gammas P(s, x) and Q(s, x) of DLMF 8.2.4; ``B(x; a, b)`` and ``I_x(a, b)`` with ``x`` first)."""
CONSTANTS = {"euler-mascheroni constant": sp.EulerGamma, "euler mascheroni constant": sp.EulerGamma,
             "euler\u2013mascheroni constant": sp.EulerGamma, "euler's constant": sp.EulerGamma,
             "euler constant": sp.EulerGamma,
             "catalan's constant": sp.Catalan, "golden ratio": sp.GoldenRatio, "euler's number": sp.E,
             "base of the natural logarithm": sp.E, "base of natural logarithms": sp.E}
"""Phrases naming a constant: "where $\\gamma$ is the Euler-Mascheroni constant" declares ``\\gamma`` as SymPy's
``EulerGamma`` for that display (a plain gamma otherwise)."""
PROPORTIONS = ("probability", "proportion", "fraction", "share", "prior", "parameter", "rate", "weight", "frequency")
"""Nouns that make ``\\pi`` a quantity of the paper's (a probability, a mixing weight), not the number: "$\\pi$ is the
probability ...", "$\\pi$ : True probability of A in the population"."""
