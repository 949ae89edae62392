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

from ..errors import SymdpError, require_real

DPS = 50
DIGITS = 15
"""Significant digits reported (the computation carries 50)."""

METRICS = ("fbeta",)


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

    def as_dict(self) -> dict:
        return {"metric": self.metric, "mechanism": self.mechanism, "beta": self.beta,
                "bound": self.bound, "epsilon": None if self.epsilon is None else float(self.epsilon),
                "epsilon_text": None if self.epsilon is None else mp.nstr(self.epsilon, self.digits),
                "digits": self.digits, "reason": self.reason}


def fbeta_star(epsilon, beta):
    """F*_beta at 50 digits (same closed form as ``fast.fbeta_star``)."""
    with mp.workdps(DPS):
        e, b2 = mp.mpf(epsilon), mp.mpf(beta) ** 2
        if e < mp.log1p(b2):
            return (1 + b2) / (2 + b2)
        q = mp.exp(-e)
        return 1 / (1 + (q + mp.sqrt(q * q + 4 * b2 * q)) / (2 * (1 + b2)))


def epsilon_for_fbeta(bound: float, beta: float) -> EpsilonAnswer:
    """Largest epsilon with F*_beta(epsilon) <= bound for the Laplace mechanism."""
    beta = require_real("--beta", beta, 0.0, None)
    bound = require_real("--bound", bound, 0.0, 1.0)
    with mp.workdps(DPS):
        b2, f = mp.mpf(beta) ** 2, mp.mpf(bound)
        floor = (1 + b2) / (2 + b2)
        if f < floor:
            reason = (f"no epsilon: F*_beta >= (1+beta^2)/(2+beta^2) = {mp.nstr(floor, DIGITS)} "
                      f"> {bound!r} for every epsilon > 0")
            return EpsilonAnswer("fbeta", beta, bound, None, reason)
        value = mp.log(f) + mp.log(1 + b2 - f) - 2 * mp.log1p(b2) - 2 * mp.log1p(-f)
        return EpsilonAnswer("fbeta", beta, bound, +value, None)


def largest_epsilon(metric: str, bound: float, beta: float) -> EpsilonAnswer:
    """Dispatch on the metric name (validated)."""
    if metric not in METRICS:
        raise SymdpError("--metric", metric, "one of: " + ", ".join(METRICS))
    return epsilon_for_fbeta(bound, beta)
