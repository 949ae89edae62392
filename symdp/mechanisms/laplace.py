"""The Laplace perturbation mechanism in SymPy (Liu et al., PoPETs 2019, Sec. 4.1).

Closed forms here are the library's; the derivation ``liu2019.laplace-np-test``
derives each of them from the density (integration, solving) and proves the
library form equal to the derived one, so the fast paths built on them rest
on a proof, not on transcription.
"""
import sympy as sp

from ..errors import require_sym
from ..symbols import QD, QDp, alpha, dQ, eps, theta

# Arguments may be symbols or expressions; numbers are checked: locations real and finite, scales > 0,
# a false-alarm rate in (0, 1) (SymdpError naming the parameter otherwise).


def density(at, center, scale):
    """Laplace density with location ``center`` and scale ``scale`` (Thm 1)."""
    at, center, scale = require_sym("at", at), require_sym("center", center), require_sym("scale", scale, 0, None, "")
    return sp.exp(-sp.Abs(at - center) / scale) / (2 * scale)


def scale():
    """Noise scale zeta = Delta Q / epsilon (Thm 1)."""
    return dQ / eps


def likelihood_ratio(at):
    """Lambda(o) = P(A(D) = o) / P(A(D') = o) (Eq. 7, first line)."""
    at = require_sym("at", at)
    return density(at, QD, scale()) / density(at, QDp, scale())


def survival(at, center, b):
    """P(X >= at) for X ~ Lap(center, b), as a Piecewise in ``at``."""
    at, center, b = require_sym("at", at), require_sym("center", center), require_sym("b", b, 0, None, "")
    return sp.Piecewise(
        (sp.exp(-(at - center) / b) / 2, at >= center),
        (1 - sp.exp((at - center) / b) / 2, True),
    )


def rsr(at=theta):
    """RSR = P(o >= theta | D) (Eq. 9, corrected lower branch)."""
    at = require_sym("at", at)
    return survival(at, QD, scale())


def gsr(at=theta):
    """GSR = P(o >= theta | D') = the false-alarm rate (Eq. 10, corrected lower branch)."""
    at = require_sym("at", at)
    return survival(at, QDp, scale())


def threshold(a=alpha):
    """theta(alpha): the output threshold with false-alarm rate alpha (Eq. 6)."""
    a = require_sym("a", a, 0, 1, "")
    return sp.Piecewise(
        (QDp - dQ * sp.log(2 * a) / eps, a <= sp.Rational(1, 2)),
        (QDp + dQ * sp.log(2 * (1 - a)) / eps, True),
    )


def lr_threshold(at=theta):
    """lambda = exp((2 theta - Q(D) - Q(D')) eps / Delta Q) (Eq. 8)."""
    at = require_sym("at", at)
    return sp.exp((2 * at - QD - QDp) * eps / dQ)
