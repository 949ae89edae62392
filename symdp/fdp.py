"""Trade-off functions and privacy profiles (f-DP; Dong, Roth and Su 2022), symbolic and mpmath.

T(P, Q)(a) is the least type II error of a test with type I error at most a.
f_{eps,delta} is the trade-off of (eps, delta)-DP; G_mu that of N(0,1) vs
N(mu,1); the Laplace one is for Lap(0,1) vs Lap(eps,1).  Privacy profiles
delta(eps') say which (eps', delta) pairs a mechanism meets (the Gaussian one is
``symdp.adversary.gaussian.analytic_delta``).
"""
import mpmath as mp
import sympy as sp

from .mechanisms import gaussian


def f_eps_delta(a, e, d):
    """f_{eps,delta}(a) = max{0, 1 - delta - e^eps a, e^-eps (1 - delta - a)} (Kairouz et al. 2017)."""
    return sp.Max(0, 1 - d - sp.exp(e) * a, sp.exp(-e) * (1 - d - a))


def gaussian_tradeoff(a, m):
    """G_mu(a) = Phi(Phi^{-1}(1 - a) - mu)."""
    return gaussian.cdf(gaussian.quantile(1 - a) - m)


def laplace_tradeoff(a, e):
    """Trade-off of Lap(0,1) vs Lap(eps,1), piece by piece in a."""
    return sp.Piecewise((1 - sp.exp(e) * a, a < sp.exp(-e) / 2), (sp.exp(-e) / (4 * a), a <= sp.Rational(1, 2)),
                        (sp.exp(-e) * (1 - a), True))


def laplace_profile(e2, e):
    """delta(eps') = 1 - e^{(eps' - eps)/2} for 0 <= eps' <= eps (0 beyond)."""
    return sp.Piecewise((1 - sp.exp((e2 - e) / 2), e2 <= e), (0, True))


# --- mpmath ---------------------------------------------------------------

def mp_f_eps_delta(a, e, d):
    return max(mp.mpf(0), 1 - d - mp.exp(e) * a, mp.exp(-e) * (1 - d - a))


def mp_gaussian_tradeoff(a, m):
    return mp.ncdf(-mp.sqrt(2) * mp.erfinv(2 * a - 1) - m) if 0 < a < 1 else (mp.mpf(1) if a == 0 else mp.mpf(0))


def mp_laplace_tradeoff(a, e):
    if a < mp.exp(-e) / 2:
        return 1 - mp.exp(e) * a
    return mp.exp(-e) / (4 * a) if a <= mp.mpf(1) / 2 else mp.exp(-e) * (1 - a)


def mp_laplace_profile(e2, e):
    return 1 - mp.exp((e2 - e) / 2) if e2 <= e else mp.mpf(0)
