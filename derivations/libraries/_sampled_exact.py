"""One step of the Poisson-sampled Gaussian mechanism, exactly (mpmath, the caller's precision): its privacy
profile delta(eps), the exact epsilon(delta), and its Renyi divergence (binomial sum, quadrature).

P = (1 - q) N(0, s^2) + q N(1, s^2) (the record present), Q = N(0, s^2). The privacy loss
log(1 - q + q e^((2y - 1)/(2 s^2))) increases in y and exceeds eps above
y*(eps) = s^2 log((e^eps - 1 + q)/q) + 1/2, so the hockey-stick divergence is
delta(eps) = P(Y > y*) - e^eps Q(Y > y*) (derived and checked by quadrature in
``libraries.autodp.zoo``).  This is the direction prv_accountant's
PoissonSubsampledGaussianMechanism describes (P against Q).  The mechanism's epsilon is the
larger of the two directions' (Q against P is not computed here), so this one is a lower
bound that any library's epsilon for the mechanism must exceed.
"""
import mpmath as mp

import _gaussian_exact as gx


def threshold(q, s, eps):
    return s * s * mp.log(mp.expm1(eps) / q + 1) + mp.mpf(1) / 2


def delta(q, s, eps):
    """delta(eps) of P against Q, eps >= 0."""
    y = threshold(q, s, eps)
    tail = lambda c: mp.ncdf((c - y) / s)          # P(N(c, s^2) > y)
    return (1 - q) * tail(0) + q * tail(1) - mp.exp(eps) * tail(0)


def epsilon(q, s, dl):
    """The least eps >= 0 with delta(eps) <= dl (bisection to the working precision)."""
    if delta(q, s, mp.mpf(0)) <= dl:
        return mp.mpf(0)
    hi = mp.mpf(1)
    while delta(q, s, hi) > dl:
        hi *= 2
    return gx.bisect(lambda e: delta(q, s, e) - dl, mp.mpf(0), hi)


def rdp_binomial(q, sigma, alpha):
    """log A_alpha/(alpha - 1) for integer alpha, by the binomial expansion (Mironov, Talwar, Zhang 2019):
    A_alpha = sum_i C(alpha, i) q^i (1 - q)^(alpha - i) e^((i^2 - i)/(2 s^2))."""
    n = int(alpha)
    terms = [mp.binomial(n, i) * q ** i * (1 - q) ** (n - i) * mp.exp((i * i - i) / (2 * sigma ** 2))
             for i in range(n + 1)]
    return mp.log(mp.fsum(terms)) / (alpha - 1)


def rdp_quadrature(q, sigma, alpha):
    """log A_alpha/(alpha - 1), A_alpha = E_{N(0, s^2)}[(1 - q + q e^((2y - 1)/(2 s^2)))^alpha] by quadrature."""
    ratio = lambda y: 1 - q + q * mp.exp((2 * y - 1) / (2 * sigma ** 2))
    # the mass sits near y = 0 (the (1 - q) part) and y = alpha (the tilted part's mean): cut around both
    cuts = [-mp.inf, -4 * sigma, 0, 1, alpha, alpha + 4 * sigma, mp.inf]
    return mp.log(mp.quad(lambda y: mp.npdf(y, 0, sigma) * ratio(y) ** alpha, cuts)) / (alpha - 1)
