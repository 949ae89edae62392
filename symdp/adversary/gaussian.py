"""The best adversary against the Gaussian mechanism, and its calibrations, in mpmath.

With tau = (theta - Q(D'))/sigma and mu = Delta Q/sigma, RSR = 1 - Phi(tau - mu),
GSR = 1 - Phi(tau) (Eq. 14).  F-beta has no closed-form optimum (Eq. 15); the
optimal threshold is the unique root of
    k(tau) = GSR + beta^2 - RSR e^{mu^2/2 - mu tau}
(k increases strictly, from -oo to beta^2; derived and proved in
``liu2019.fbeta-gaussian``), and there F* = (1 + beta^2)/(1 + e^{mu^2/2 - mu tau}).
The root is found on log(k's two positive parts), which has k's sign and is
nearly linear, so the solver is not troubled by e^{mu^2/2} at mu = 300.

Everything runs at 50 digits or more (``working_dps``).  Roots are found by
safeguarded Newton steps (a Newton step that leaves the bracket is replaced by
bisection), first at 20 digits from a bracket found by widening, then at the
working precision from that root: two or three full-precision steps.  Every
loop has an iteration cap and raises ``SymdpError`` instead of running on.
"""
from __future__ import annotations

import mpmath as mp

from ..errors import SymdpError, require_mp

DPS = 50
GUARD = 10
COARSE_DPS = 20
MAX_WIDEN = 200
MAX_STEPS = 400


def working_dps() -> int:
    """Digits to work with: at least DPS, and more than the caller's (a 60-digit check gets 70)."""
    return max(DPS, mp.mp.dps) + GUARD


def _tail(v):
    return mp.erfc(v / mp.sqrt(2)) / 2


def _cdf(v):
    return mp.erfc(-v / mp.sqrt(2)) / 2


def _pdf(v):
    return mp.exp(-v * v / 2) / mp.sqrt(2 * mp.pi)


def _num(parameter, value, low=None, high=None, closed=""):
    """An input as an mpf at the current precision (strings such as "1e-300" allowed), checked."""
    if isinstance(value, str):
        try:
            value = mp.mpf(value)
        except (ValueError, TypeError):
            raise SymdpError(parameter, value, "a finite real number") from None
    return require_mp(parameter, value, low, high, closed)


def _capped(parameter, value, allowed):
    return SymdpError(parameter, value, f"{allowed} (the root search did not converge within its iteration cap)")


def increasing_root(fn, lo, hi, dfn=None, *, parameter="x", value=None, allowed="a value with a root"):
    """Root of an increasing function: widen [lo, hi] to a sign change, then safeguarded Newton (or bisection).

    ``dfn`` is the derivative (optional: without it the steps are secant steps on the bracket
    ends, i.e. regula falsi with the Illinois modification).  At most MAX_WIDEN widenings and
    MAX_STEPS steps; past them a ``SymdpError`` names ``parameter``/``value``.
    """
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    flo, fhi = fn(lo), fn(hi)
    for _ in range(MAX_WIDEN):
        if flo <= 0:
            break
        lo, hi, fhi = 2 * lo - abs(hi) - 1, lo, flo
        flo = fn(lo)
    else:
        raise _capped(parameter, value, allowed)
    for _ in range(MAX_WIDEN):
        if fhi >= 0:
            break
        lo, hi, flo = hi, 2 * hi + abs(lo) + 1, fhi
        fhi = fn(hi)
    else:
        raise _capped(parameter, value, allowed)
    if flo == 0:
        return lo
    if fhi == 0:
        return hi
    return _bracketed_newton(fn, dfn, lo, hi, flo, fhi, parameter, value, allowed)


def _bracketed_newton(fn, dfn, lo, hi, flo, fhi, parameter, value, allowed):
    tol = mp.mpf(10) ** (-(mp.mp.dps - 5))
    x = (lo + hi) / 2
    fx = fn(x)
    side = 0
    for _ in range(MAX_STEPS):
        if fx == 0:
            return x
        if fx < 0:
            lo, flo = x, fx
        else:
            hi, fhi = x, fx
        if dfn is not None:
            d = dfn(x)
            new = x - fx / d if d > 0 else None
        else:  # Illinois regula falsi: halve the stale end's value
            new = (lo * fhi - hi * flo) / (fhi - flo)
        if new is None or not lo < new < hi:
            new = (lo + hi) / 2
        step = abs(new - x)
        x = new
        if step <= tol * (1 + abs(x)) or hi - lo <= tol * (1 + abs(lo) + abs(hi)):
            return x
        fx = fn(x)
        if dfn is None:
            s = 1 if fx > 0 else -1
            if s == side:
                if s > 0:
                    flo /= 2
                else:
                    fhi /= 2
            side = s
    raise _capped(parameter, value, allowed)


def _polished_root(solve):
    """Run ``solve(guess)`` at 20 digits (guess None), then at the working precision from that root."""
    with mp.workdps(COARSE_DPS):
        coarse = solve(None)
    return solve(coarse)


def _near(guess, default_lo, default_hi):
    if guess is None:
        return default_lo, default_hi
    width = mp.mpf(10) ** (-(COARSE_DPS - 4)) * (1 + abs(guess))
    return guess - width, guess + width


# --------------------------------------------------------------------------- the F-beta adversary

def stationarity(t, mu, b2):
    """k(tau): negative before the optimal threshold, positive after it."""
    return _tail(t) + b2 - _tail(t - mu) * mp.exp(mu**2 / 2 - mu * t)


def log_stationarity(t, mu, b2):
    """log((GSR + b^2)/RSR) - (mu^2/2 - mu tau): the sign of k, nearly linear in tau (for root finding)."""
    return mp.log(_tail(t) + b2) - mp.log(_tail(t - mu)) - mu**2 / 2 + mu * t


def _d_log_stationarity(t, mu, b2):
    # d/dtau: -phi(t)/(GSR + b^2) + phi(t - mu)/RSR + mu  (> 0)
    return -_pdf(t) / (_tail(t) + b2) + _pdf(t - mu) / _tail(t - mu) + mu


def _threshold(mu, b2, guess=None):
    lo, hi = _near(guess, -1, 1)
    return increasing_root(lambda t: log_stationarity(t, mu, b2), lo, hi,
                           lambda t: _d_log_stationarity(t, mu, b2), parameter="mu", value=mu,
                           allowed="a finite real number > 0")


def _fbeta_from_threshold(t, mu, b2):
    r = _tail(t - mu)
    # F itself, not (1+b^2)/(1+e^{mu^2/2-mu t}): F is stationary at the root, so the
    # root's last-digit error does not reach the value
    return (1 + b2) * r / (r + _tail(t) + b2)


def _optimal_threshold(mu, beta):
    mu = _num("mu", mu, 0, None)
    b2 = _num("beta", beta, 0, None) ** 2

    def solve(guess):
        return _threshold(+mu, +b2, guess)
    return _polished_root(solve), mu, b2


def optimal_threshold(mu, beta):
    """tau* maximising F-beta against N(mu, 1) vs N(0, 1); ``mu`` > 0 and ``beta`` > 0, finite."""
    with mp.workdps(working_dps()):
        return _optimal_threshold(mu, beta)[0]


def fbeta_star(mu, beta):
    """Highest F-beta of the Neyman-Pearson adversary (Eq. 15), at 50 digits or more."""
    with mp.workdps(working_dps()):
        t, mu, b2 = _optimal_threshold(mu, beta)
        return _fbeta_from_threshold(t, mu, b2)


def fbeta_star_gain(mu, beta):
    """F*_beta - (1+b^2)/(2+b^2): what the adversary gains over knowing nothing, without cancellation.

    With R = 1 - Phi(tau - mu), G = 1 - Phi(tau) at the optimal tau,
    F* - (1+b)/(2+b) = (1+b)(Phi(tau) - (1+b) Phi(tau - mu)) / ((R+G+b)(2+b)), b = beta^2,
    which stays accurate when both are 2/3 to hundreds of digits (mu -> 0).
    """
    with mp.workdps(working_dps()):
        t, mu, b2 = _optimal_threshold(mu, beta)
        r, g = _tail(t - mu), _tail(t)
        return (1 + b2) * (_cdf(t) - (1 + b2) * _cdf(t - mu)) / ((r + g + b2) * (2 + b2))


# --------------------------------------------------------------------------- calibrations

def classic_mu(eps, delta):
    """Delta Q/sigma for sigma = sqrt(2 log(1.25/delta)) Delta Q/eps."""
    with mp.workdps(working_dps()):
        eps, delta = _num("eps", eps, 0, None), _num("delta", delta, 0, 1)
        return eps / mp.sqrt(2 * mp.log(mp.mpf(5) / 4 / delta))


def _analytic_delta(mu, eps):
    return _cdf(mu / 2 - eps / mu) - mp.exp(eps) * _cdf(-mu / 2 - eps / mu)


def analytic_delta(mu, eps):
    """Exact delta(eps) of the Gaussian mechanism with Delta Q/sigma = mu (Balle and Wang 2018, Thm 8)."""
    with mp.workdps(working_dps()):
        return _analytic_delta(_num("mu", mu, 0, None), _num("eps", eps))


def _mu_for_profile(eps, target, parameter, value, allowed):
    """The mu > 0 with delta_mu(eps) = target (delta increases in mu, d delta/d mu = phi(a)); s = log mu."""
    log_target = mp.log(target)

    def solve(guess):
        e, lt = +eps, +log_target
        fn = lambda s: mp.log(_analytic_delta(mp.exp(s), e)) - lt
        dfn = lambda s: mp.exp(s) * _pdf(mp.exp(s) / 2 - e / mp.exp(s)) / _analytic_delta(mp.exp(s), e)
        lo, hi = _near(guess, -1, 1)
        return increasing_root(fn, lo, hi, dfn, parameter=parameter, value=value, allowed=allowed)
    return mp.exp(_polished_root(solve))


def analytic_mu(eps, delta):
    """The largest Delta Q/sigma for which the Gaussian mechanism is (eps, delta)-DP (analytic calibration).

    ``eps`` >= 0 and ``delta`` in (0, 1), finite (SymdpError otherwise).
    """
    with mp.workdps(working_dps()):
        eps = _num("eps", eps, 0, None, "l")
        delta = _num("delta", delta, 0, 1)
        return _mu_for_profile(eps, delta, "delta", delta, "a real number in (0, 1)")


def analytic_epsilon(mu, delta):
    """The least eps for which N(mu, 1) vs N(0, 1) is (eps, delta)-DP, or None if eps = 0 already is.

    ``mu`` > 0 and ``delta`` in (0, 1), finite (SymdpError otherwise).
    """
    with mp.workdps(working_dps()):
        mu = _num("mu", mu, 0, None)
        delta = _num("delta", delta, 0, 1)
        if _analytic_delta(mu, mp.mpf(0)) <= delta:
            return None

        def solve(guess):
            m, lt = +mu, mp.log(delta)
            fn = lambda s: lt - mp.log(_analytic_delta(m, mp.exp(s)))  # increasing in s = log eps
            dfn = lambda s: (mp.exp(s) * mp.exp(mp.exp(s)) * _cdf(-m / 2 - mp.exp(s) / m)
                             / _analytic_delta(m, mp.exp(s)))
            lo, hi = _near(guess, -1, 1)
            return increasing_root(fn, lo, hi, dfn, parameter="mu", value=mu, allowed="a finite real number > 0")
        return mp.exp(_polished_root(solve))


def mu_for_fbeta(bound, beta):
    """The mu at which F*_beta reaches ``bound`` (F* increases in mu from (1+b^2)/(2+b^2) to 1).

    At the optimum, F* = (1+b^2)/(1+c) with c = e^{mu^2/2 - mu tau*}, and the
    stationarity condition GSR + b^2 = c RSR reads, with tau* = mu/2 + log(c)/mu... that is
    c Phi(mu/2 + L/mu) - Phi(L/mu - mu/2) = b^2 with L = log c: delta_mu(-L) = b^2/c.  So
    the mu for a bound F solves one profile equation (a single root, no nested search).
    ``beta`` > 0 and ``bound`` in ((1+beta^2)/(2+beta^2), 1) (SymdpError otherwise).
    """
    with mp.workdps(working_dps()):
        b2 = _num("beta", beta, 0, None) ** 2
        floor = (1 + b2) / (2 + b2)
        allowed = f"a real number in ((1+beta^2)/(2+beta^2), 1) = ({mp.nstr(floor, 15)}, 1)"
        f = _num("bound", bound)
        if not floor < f < 1:
            raise SymdpError("bound", bound, allowed)
        c = (1 + b2) / f - 1
        return _mu_for_profile(-mp.log(c), b2 / c, "bound", bound, allowed)
