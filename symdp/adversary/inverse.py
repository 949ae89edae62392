"""Largest epsilon whose best adversary stays within a bound (inverse of Eq. 12).

Closed-form inversion in mpmath at 50 digits (no grid search):
F*_beta(eps) is constant, (1 + b)/(2 + b) with b = beta^2, for eps <= log(1 + b),
then strictly increasing to 1, and on that branch
eps(F) = log(F (1 + b - F) / ((1 + b)^2 (1 - F)^2))
(``closed_forms.epsilon_for_fbeta``, proved to invert Eq. 12 in
``liu2019.fbeta-laplace``).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp

from ..errors import SymdpError, finite_result, require_choice, require_mp, require_real

DPS = 50
GUARD = 10


def working_dps() -> int:
    """Digits to work with: at least DPS, and more than the caller's (a 60-digit check gets 70)."""
    return max(DPS, mp.mp.dps) + GUARD
DIGITS = 15
"""Significant digits reported (the computation carries 50)."""

METRICS = ("fbeta",)
MECHANISMS = ("laplace", "gaussian")
CALIBRATIONS = ("classic", "analytic")


@dataclass(frozen=True)
class EpsilonAnswer:
    """The largest epsilon meeting a bound, or None with the reason."""

    metric: str
    beta: float
    bound: float
    epsilon: mp.mpf | None
    reason: str | None
    mechanism: str = "laplace"
    digits: int = DIGITS
    delta: float | None = None
    calibration: str | None = None
    note: str | None = None
    kappa: mp.mpf | None = None

    @property
    def epsilon_text(self) -> str | None:
        """The largest epsilon to ``digits`` significant digits, rounded down (never above the true one)."""
        return None if self.epsilon is None else _down(self.epsilon, self.digits)

    def as_dict(self) -> dict:
        return {"metric": self.metric, "mechanism": self.mechanism, "beta": self.beta,
                "bound": self.bound, "epsilon": None if self.epsilon is None else _down_float(self.epsilon),
                "epsilon_text": self.epsilon_text,
                "digits": self.digits, "reason": self.reason, "delta": self.delta,
                "calibration": self.calibration, "note": self.note,
                "kappa": None if self.kappa is None else float(self.kappa)}


def _down(x, digits: int) -> str:
    """``x`` > 0 to ``digits`` significant digits, rounded toward 0."""
    from ..engine.enclose.bounds import safe_round
    decimals = digits - 1 - int(mp.floor(mp.log10(x)))
    return mp.nstr(mp.mpf(str(safe_round(x, "at most", decimals))), digits)


def _down_float(x) -> float:
    """The largest double not above ``x``."""
    return mp.libmp.to_float(mp.mpf(x)._mpf_, rnd=mp.libmp.round_floor)


def _kappa(kappa):
    return require_mp("kappa", kappa, 0, 1, closed="h")


def fbeta_star(epsilon, beta, kappa=1):
    """F*_beta at 50 digits (same closed form as ``fast.fbeta_star``), in ((1+b^2)/(2+b^2)... , 1).

    ``epsilon`` >= 0, ``beta`` > 0, ``kappa`` in (0, 1], all finite (SymdpError otherwise).
    """
    with mp.workdps(working_dps()):
        e = require_mp("epsilon", epsilon, 0, None, closed="l")
        b2, k = require_mp("beta", beta, 0, None) ** 2, _kappa(kappa)
        if e < mp.log1p(b2 / k):
            value = (1 + b2) / (1 + k + b2)
        else:
            q = k * mp.exp(-e)
            value = 1 / (1 + (q + mp.sqrt(q * q + 4 * b2 * q)) / (2 * (1 + b2)))
        return finite_result("F*_beta", value, 0, 1)


def kappa_of(rho_p: float = 0.0, rho_c: float = 0.0, rho_t: float = 0.0):
    """kappa = 1 - rho_p - (2 - rho_p)(rho_c + rho_t (1 - rho_c)) (Liu et al. Eq. 17, 20, 23).

    The adversary's posterior odds are at most 1/kappa; kappa must stay
    positive (at kappa = 0 the adversary is certain and no epsilon protects).
    """
    for name, v in (("rho_p", rho_p), ("rho_c", rho_c), ("rho_t", rho_t)):
        require_real(name, v, 0.0, 1.0, closed="lh")
    with mp.workdps(working_dps()):
        p, c, t = mp.mpf(rho_p), mp.mpf(rho_c), mp.mpf(rho_t)
        kappa = 1 - p - (2 - p) * (c + t * (1 - c))
    if kappa <= 0:
        raise SymdpError("rho_p/rho_c/rho_t", (rho_p, rho_c, rho_t),
                         f"kappa = 1 - rho_p - (2 - rho_p)(rho_c + rho_t (1 - rho_c)) > 0 (here kappa = "
                         f"{mp.nstr(kappa, 6)}; at kappa <= 0 the auxiliary information alone decides the record)")
    return kappa


def epsilon_for_fbeta(bound: float, beta: float, kappa=1) -> EpsilonAnswer:
    """Largest epsilon with F*_beta(epsilon) <= bound for the Laplace mechanism (kappa: auxiliary information)."""
    beta = require_real("beta", beta, 0.0, None)
    bound = require_real("bound", bound, 0.0, 1.0)
    with mp.workdps(working_dps()):
        b2, f, k = mp.mpf(beta) ** 2, mp.mpf(bound), _kappa(kappa)
        floor = (1 + b2) / (1 + k + b2)
        if f < floor:
            reason = (f"no epsilon: F*_beta >= (1+beta^2)/(1+kappa+beta^2) = {mp.nstr(floor, DIGITS)} "
                      f"> {bound!r} for every epsilon > 0")
            return EpsilonAnswer("fbeta", beta, bound, None, reason, kappa=k)
        value = mp.log(k) + mp.log(f) + mp.log(1 + b2 - f) - 2 * mp.log1p(b2) - 2 * mp.log1p(-f)
        return EpsilonAnswer("fbeta", beta, bound, finite_result("epsilon", +value, 0), None, kappa=k)


def epsilon_for_fbeta_gaussian(bound: float, beta: float, delta: float, calibration: str) -> EpsilonAnswer:
    """Largest epsilon with F*_beta <= bound for the Gaussian mechanism calibrated to (epsilon, delta).

    F*_beta increases in mu = Delta Q/sigma (``liu2019.fbeta-gaussian``) and both
    calibrations give a mu that increases in epsilon, so the answer is the
    epsilon whose mu reaches the bound (two nested roots at 50+ digits).
    """
    from . import gaussian

    beta = require_real("beta", beta, 0.0, None)
    bound = require_real("bound", bound, 0.0, 1.0)
    delta = require_real("delta", delta, 0.0, 1.0)
    calibration = require_choice("calibration", calibration, CALIBRATIONS)
    base = dict(metric="fbeta", beta=beta, bound=bound, mechanism="gaussian", delta=delta, calibration=calibration)
    with mp.workdps(DPS):
        b2 = mp.mpf(beta) ** 2
        floor = (1 + b2) / (2 + b2)
        if mp.mpf(bound) <= floor:
            reason = (f"no epsilon: F*_beta > (1+beta^2)/(2+beta^2) = {mp.nstr(floor, DIGITS)} "
                      f">= {bound!r} for every epsilon > 0")
            return EpsilonAnswer(epsilon=None, reason=reason, **base)
        mu = gaussian.mu_for_fbeta(bound, beta)
        if calibration == "classic":
            eps = mu * mp.sqrt(2 * mp.log(mp.mpf(5) / 4 / mp.mpf(delta)))
            note = None if eps < 1 else ("the classical calibration is (epsilon, delta)-DP only for epsilon < 1 "
                                         "(Dwork and Roth 2014, Thm A.1); above it the mechanism may not be")
            return EpsilonAnswer(epsilon=finite_result("epsilon", eps, 0), reason=None, note=note, **base)
        eps = gaussian.analytic_epsilon(mu, delta)
        if eps is None:
            return EpsilonAnswer(epsilon=None, reason=f"no epsilon: even epsilon -> 0 with delta = {delta!r} "
                                 f"allows mu above {mp.nstr(mu, DIGITS)}, where F*_beta exceeds the bound", **base)
        return EpsilonAnswer(epsilon=finite_result("epsilon", eps, 0), reason=None, **base)


def largest_epsilon(metric: str, bound: float, beta: float, mechanism: str = "laplace",
                    delta: float | None = None, calibration: str = "classic", kappa=1) -> EpsilonAnswer:
    """Dispatch on the metric and mechanism names (validated)."""
    require_choice("metric", metric, METRICS)
    require_choice("mechanism", mechanism, MECHANISMS)
    if mechanism == "laplace":
        if delta is not None:
            raise SymdpError("delta", delta, "None: the Laplace mechanism is pure epsilon-DP "
                             "(delta goes with mechanism='gaussian')")
        return epsilon_for_fbeta(bound, beta, kappa)
    if _kappa(kappa) != 1:
        raise SymdpError("kappa", kappa, "1 with mechanism='gaussian' "
                         "(auxiliary information is derived for the Laplace mechanism)")
    if delta is None:
        raise SymdpError("delta", None, "a number in (0, 1), required with mechanism='gaussian'")
    return epsilon_for_fbeta_gaussian(bound, beta, delta, calibration)
