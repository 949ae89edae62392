"""Exact quantities of the Gaussian mechanism in mpmath (sensitivity 1, noise sigma), derived in the
derivations that import them: privacy profile (Balle and Wang 2018, Thm 8) and its inverses.

Root finding is bisection on a monotone function to the working precision (capped), so that the
value is right to the last digit at every precision the engine asks for.
"""
import mpmath as mp

CAP = 4000
"""Bisection steps at most (each halves the bracket: far more than any working precision needs)."""


def delta(e, s):
    """delta(eps) of N(0, s^2) against N(1, s^2): Phi(1/(2s) - eps s) - e^eps Phi(-1/(2s) - eps s)."""
    return mp.ncdf(1 / (2 * s) - e * s) - mp.exp(e) * mp.ncdf(-1 / (2 * s) - e * s)


def bisect(f, lo, hi):
    """The point where the decreasing ``f`` crosses 0 in [lo, hi], to the working precision."""
    for _ in range(CAP):
        mid = (lo + hi) / 2
        if hi - lo <= abs(mid) * mp.mpf(2) ** (-mp.mp.prec - 4) or mid in (lo, hi):
            break
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def epsilon(s, dl):
    """The least eps with delta(eps) <= dl (0 when delta(0) <= dl already)."""
    if delta(mp.mpf(0), s) <= dl:
        return mp.mpf(0)
    hi = mp.mpf(1)
    while delta(hi, s) > dl:
        hi *= 2
    return bisect(lambda e: delta(e, s) - dl, mp.mpf(0), hi)


def sigma(e, dl):
    """The least sigma with delta(e, sigma) <= dl (delta falls as sigma grows)."""
    lo, hi = mp.mpf(1), mp.mpf(1)
    while delta(e, lo) < dl:
        lo /= 2
    while delta(e, hi) > dl:
        hi *= 2
    return bisect(lambda s: delta(e, s) - dl, lo, hi) if delta(e, lo) > dl else lo
