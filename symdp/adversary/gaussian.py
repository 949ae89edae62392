"""The best adversary against the Gaussian mechanism, and its calibrations, in mpmath.

With tau = (theta - Q(D'))/sigma and mu = Delta Q/sigma, RSR = 1 - Phi(tau - mu),
GSR = 1 - Phi(tau) (Eq. 14).  F-beta has no closed-form optimum (Eq. 15); the
optimal threshold is the unique root of
    k(tau) = GSR + beta^2 - RSR e^{mu^2/2 - mu tau}
(k increases strictly, from -oo to beta^2; derived and proved in
``liu2019.fbeta-gaussian``), and there F* = (1 + beta^2)/(1 + e^{mu^2/2 - mu tau}).
The root is found on log(k's two positive parts), which has k's sign and is
nearly linear, so the solver is not troubled by e^{mu^2/2} at mu = 300.
Everything runs at 50 digits; roots are bracketed, then polished by ``findroot``.
"""
from __future__ import annotations

import mpmath as mp

DPS = 50
GUARD = 10


def working_dps() -> int:
    """Digits to work with: at least DPS, and more than the caller's (a 60-digit check gets 70)."""
    return max(DPS, mp.mp.dps) + GUARD


def _tail(v):
    return mp.erfc(v / mp.sqrt(2)) / 2


def _cdf(v):
    return mp.erfc(-v / mp.sqrt(2)) / 2


def increasing_root(fn, lo, hi):
    """Root of an increasing function: widen [lo, hi] to a sign change, bisect, then polish.

    Bisection keeps the bracket; after 40 halvings the secant-type ``anderson``
    solver polishes the root, and if it fails or leaves the bracket, bisection
    simply goes on to the working precision.
    """
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    while fn(lo) > 0:
        lo, hi = 2 * lo - abs(hi), lo
    while fn(hi) < 0:
        lo, hi = hi, 2 * hi + abs(lo) + 1
    tol = mp.mpf(10) ** (-(mp.mp.dps - 5))
    for step in range(4 * mp.mp.prec):
        if hi - lo <= tol * (1 + abs(lo) + abs(hi)):
            break
        if step == 40:
            try:
                root = mp.findroot(fn, (lo, hi), solver="anderson")
                if lo <= root <= hi:
                    return root
            except (ValueError, ZeroDivisionError):
                pass
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fn(mid) < 0 else (lo, mid)
    return (lo + hi) / 2


def stationarity(t, mu, b2):
    """k(tau): negative before the optimal threshold, positive after it."""
    return _tail(t) + b2 - _tail(t - mu) * mp.exp(mu**2 / 2 - mu * t)


def log_stationarity(t, mu, b2):
    """log((GSR + b^2)/RSR) - (mu^2/2 - mu tau): the sign of k, nearly linear in tau (for root finding)."""
    return mp.log(_tail(t) + b2) - mp.log(_tail(t - mu)) - mu**2 / 2 + mu * t


def _threshold(mu, b2):
    return increasing_root(lambda t: log_stationarity(t, mu, b2), -1, 1)


def _fbeta_star(mu, b2):
    t = _threshold(mu, b2)
    r = _tail(t - mu)
    # F itself, not (1+b^2)/(1+e^{mu^2/2-mu t}): F is stationary at the root, so the
    # root's last-digit error does not reach the value
    return (1 + b2) * r / (r + _tail(t) + b2)


def optimal_threshold(mu, beta):
    """tau* maximising F-beta against N(mu, 1) vs N(0, 1)."""
    with mp.workdps(working_dps()):
        return _threshold(mp.mpf(mu), mp.mpf(beta) ** 2)


def fbeta_star(mu, beta):
    """Highest F-beta of the Neyman-Pearson adversary (Eq. 15), at 50 digits or more."""
    with mp.workdps(working_dps()):
        return _fbeta_star(mp.mpf(mu), mp.mpf(beta) ** 2)


def fbeta_star_gain(mu, beta):
    """F*_beta - (1+b^2)/(2+b^2): what the adversary gains over knowing nothing, without cancellation.

    With R = 1 - Phi(tau - mu), G = 1 - Phi(tau) at the optimal tau,
    F* - (1+b)/(2+b) = (1+b)(Phi(tau) - (1+b) Phi(tau - mu)) / ((R+G+b)(2+b)), b = beta^2,
    which stays accurate when both are 2/3 to hundreds of digits (mu -> 0).
    """
    with mp.workdps(working_dps()):
        mu, b2 = mp.mpf(mu), mp.mpf(beta) ** 2
        t = _threshold(mu, b2)
        r, g = _tail(t - mu), _tail(t)
        return (1 + b2) * (_cdf(t) - (1 + b2) * _cdf(t - mu)) / ((r + g + b2) * (2 + b2))


def classic_mu(eps, delta):
    """Delta Q/sigma for sigma = sqrt(2 log(1.25/delta)) Delta Q/eps."""
    with mp.workdps(working_dps()):
        return mp.mpf(eps) / mp.sqrt(2 * mp.log(mp.mpf(5) / 4 / mp.mpf(delta)))


def _analytic_delta(mu, eps):
    return _cdf(mu / 2 - eps / mu) - mp.exp(eps) * _cdf(-mu / 2 - eps / mu)


def analytic_delta(mu, eps):
    """Exact delta(eps) of the Gaussian mechanism with Delta Q/sigma = mu (Balle and Wang 2018, Thm 8)."""
    with mp.workdps(working_dps()):
        return _analytic_delta(mp.mpf(mu), mp.mpf(eps))


def analytic_mu(eps, delta):
    """The largest Delta Q/sigma for which the Gaussian mechanism is (eps, delta)-DP (analytic calibration)."""
    with mp.workdps(working_dps()):
        eps, target = mp.mpf(eps), mp.log(mp.mpf(delta))
        fn = lambda s: mp.log(_analytic_delta(mp.exp(s), eps)) - target  # increasing in s = log mu
        return mp.exp(increasing_root(fn, -1, 1))


def analytic_epsilon(mu, delta):
    """The least eps for which N(mu, 1) vs N(0, 1) is (eps, delta)-DP, or None if eps = 0 already is."""
    with mp.workdps(working_dps()):
        mu, delta = mp.mpf(mu), mp.mpf(delta)
        if _analytic_delta(mu, mp.mpf(0)) <= delta:
            return None
        target = mp.log(delta)
        fn = lambda s: target - mp.log(_analytic_delta(mu, mp.exp(s)))  # increasing in s = log eps
        return mp.exp(increasing_root(fn, -1, 1))


def mu_for_fbeta(bound, beta):
    """The mu at which F*_beta reaches ``bound`` (F* increases in mu from (1+b^2)/(2+b^2) to 1)."""
    with mp.workdps(working_dps()):
        b2, f = mp.mpf(beta) ** 2, mp.mpf(bound)
        return mp.exp(increasing_root(lambda s: _fbeta_star(mp.exp(s), b2) - f, -1, 1))
