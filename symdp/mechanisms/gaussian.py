"""The Gaussian mechanism in SymPy (Liu et al. 2019, Sec. 4.3, Thm 6, Eq. 14-15, 29).

The normal CDF is written with ``erfc`` only (Phi(v) = erfc(-v/sqrt 2)/2), so
that every tail probability is one ``erfc`` atom, which the sign prover knows
to be positive.  The library forms are derived and proved in
``derivations/liu2019/s4_3_gaussian.py``.
"""
import sympy as sp

from ..symbols import QD, QDp, delta, dQ, eps, mu, sigma, theta

SQRT2 = sp.sqrt(2)


def cdf(v):
    """Phi(v), the standard normal CDF."""
    return sp.erfc(-v / SQRT2) / 2


def tail(v):
    """1 - Phi(v), the standard normal survival function."""
    return sp.erfc(v / SQRT2) / 2


def quantile(p):
    """Phi^{-1}(p)."""
    return -SQRT2 * sp.erfcinv(2 * p)


def density(at, center, s=sigma):
    """N(center, s^2) density."""
    return sp.exp(-(at - center) ** 2 / (2 * s**2)) / (sp.sqrt(2 * sp.pi) * s)


def likelihood_ratio(at):
    """Lambda(o) = P(A(D) = o) / P(A(D') = o) (Eq. 29, first line)."""
    return density(at, QD) / density(at, QDp)


def rsr(at=theta):
    """P(o >= theta | D) = 1 - Phi((theta - Q(D))/sigma) (Eq. 14)."""
    return tail((at - QD) / sigma)


def gsr(at=theta):
    """P(o >= theta | D') = 1 - Phi((theta - Q(D'))/sigma)."""
    return tail((at - QDp) / sigma)


def classic_sigma(e=eps, d=delta):
    """sigma = sqrt(2 log(1.25/delta)) Delta Q / epsilon (Dwork and Roth 2014, Thm A.1; eps < 1)."""
    return sp.sqrt(2 * sp.log(sp.Rational(5, 4) / d)) * dQ / e


def analytic_delta(m=mu, e=eps):
    """delta(eps) of the Gaussian mechanism with Delta Q / sigma = m (Balle and Wang 2018, Thm 8)."""
    return cdf(m / 2 - e / m) - sp.exp(e) * cdf(-m / 2 - e / m)
