"""Trade-off functions and privacy profiles (f-DP; Dong, Roth and Su 2022), symbolic and mpmath.

T(P, Q)(a) is the least type II error of a test with type I error at most a.
f_{eps,delta} is the trade-off of (eps, delta)-DP; G_mu that of N(0,1) vs
N(mu,1); the Laplace one is for Lap(0,1) vs Lap(eps,1).  Privacy profiles
delta(eps') say which (eps', delta) pairs a mechanism meets (the Gaussian one is
``symdp.adversary.gaussian.analytic_delta``).
"""
import mpmath as mp
import sympy as sp

from ..errors import finite_result, require_mp
from ..errors import require_sym as _sym
from ..mechanisms import gaussian



def f_eps_delta(a, e, d):
    """f_{eps,delta}(a) = max{0, 1 - delta - e^eps a, e^-eps (1 - delta - a)} (Kairouz et al. 2017)."""
    a, e, d = _sym("a", a, 0, 1), _sym("e", e, 0), _sym("d", d, 0, 1)
    return sp.Max(0, 1 - d - sp.exp(e) * a, sp.exp(-e) * (1 - d - a))


def gaussian_tradeoff(a, m):
    """G_mu(a) = Phi(Phi^{-1}(1 - a) - mu)."""
    a, m = _sym("a", a, 0, 1), _sym("m", m, 0)
    return gaussian.cdf(gaussian.quantile(1 - a) - m)


def laplace_tradeoff(a, e):
    """Trade-off of Lap(0,1) vs Lap(eps,1), piece by piece in a."""
    a, e = _sym("a", a, 0, 1), _sym("e", e, 0)
    return sp.Piecewise((1 - sp.exp(e) * a, a < sp.exp(-e) / 2), (sp.exp(-e) / (4 * a), a <= sp.Rational(1, 2)),
                        (sp.exp(-e) * (1 - a), True))


def laplace_profile(e2, e):
    """delta(eps') of Lap(0,1) vs Lap(eps,1): 1 - e^{eps'} for eps' <= -eps, 1 - e^{(eps' - eps)/2} up to eps, 0 beyond.

    (On (-eps, eps) the loss |x - eps| - |x| exceeds eps' exactly for x < (eps - eps')/2; below -eps it
    exceeds it everywhere, so delta = 1 - e^{eps'} E_P[e^{-L}] = 1 - e^{eps'}.)
    """
    e2, e = _sym("e2", e2), _sym("e", e, 0)
    return sp.Piecewise((1 - sp.exp(e2), e2 <= -e), (1 - sp.exp((e2 - e) / 2), e2 <= e), (0, True))


# --- mpmath ---------------------------------------------------------------

# Arguments: a (type I error) in [0, 1]; e (epsilon) >= 0, m (mu) >= 0, d (delta) in [0, 1], e2 (epsilon')
# any real; all finite (SymdpError naming the parameter otherwise).  Results are probabilities in [0, 1].

def mp_f_eps_delta(a, e, d):
    a, e, d = require_mp("a", a, 0, 1, "lh"), require_mp("e", e, 0, None, "l"), require_mp("d", d, 0, 1, "lh")
    return max(mp.mpf(0), 1 - d - mp.exp(e) * a, mp.exp(-e) * (1 - d - a))


def mp_gaussian_tradeoff(a, m):
    a, m = require_mp("a", a, 0, 1, "lh"), require_mp("m", m, 0, None, "l")
    if a == 0 or a == 1:
        return mp.mpf(1) - a
    # Phi(Phi^{-1}(1 - a) - m) with Phi^{-1}(1 - a) = -Phi^{-1}(a): the quantile of the small tail a itself
    # (erfinv(2a - 1) would lose the digits of a tiny a to the rounding of 2a - 1)
    from ..special import ncdf_inv
    value = mp.ncdf(-ncdf_inv(a) - m)
    return finite_result("G_mu(a)", value, 0, 1)


def mp_laplace_tradeoff(a, e):
    a, e = require_mp("a", a, 0, 1, "lh"), require_mp("e", e, 0, None, "l")
    if a < mp.exp(-e) / 2:
        return 1 - mp.exp(e) * a
    return mp.exp(-e) / (4 * a) if a <= mp.mpf(1) / 2 else mp.exp(-e) * (1 - a)


def mp_laplace_profile(e2, e):
    e2, e = require_mp("e2", e2), require_mp("e", e, 0, None, "l")
    if e2 <= -e:
        return -mp.expm1(e2)
    return -mp.expm1((e2 - e) / 2) if e2 <= e else mp.mpf(0)
