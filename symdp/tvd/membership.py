"""Membership-inference bounds at a fixed false-positive rate (Jia et al. 2023, Sec. 5.3, Theorems 14-17).

In the membership experiment (Yeom et al. 2018) a test with false-positive rate gamma has true-positive rate
TPR at most 1 - f(gamma), where f is the trade-off function the privacy notion guarantees:

- (eps, delta)-DP: f_{eps,delta}(gamma) = max{0, 1 - delta - e^eps gamma, e^-eps (1 - delta - gamma)}, so
  TPR <= min{1, delta + e^eps gamma, 1 - e^-eps (1 - delta - gamma)} (Theorem 14);
- alpha-TVD: TPR <= min{1, gamma + alpha} (Theorem 15).

The membership advantage is TPR - gamma and, with prior ratio rho = (1 - p)/p (p the fraction of members),
the positive predictive value is PPV = TPR / (TPR + rho gamma) (Theorems 16, 17).  Every bound here is the
tight one: a mechanism attains it at each gamma (``symdp.tvd.composition`` and the derivation
``tvd2023.s5-membership`` check the attaining mechanisms).  Theorem 17 as printed, (gamma + alpha) /
(gamma + alpha + rho gamma), is valid but loose for gamma > 1 - alpha, where TPR is capped at 1.

Everything is vectorised over gamma (numpy broadcasting) and written without cancellation: the DP bounds use
``expm1`` and ``expit`` so that tiny and huge epsilon, and gamma near 0 or 1, keep full relative accuracy.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import SymdpError, require_real
from .inputs import require_array

__all__ = ["Notion", "Bounds", "dp", "tvd", "combined", "bounds", "tpr_dp", "tpr_tvd", "advantage_dp",
           "advantage_tvd", "ppv", "ppv_printed_tvd", "max_advantage_dp", "max_advantage_tvd", "validate_fpr"]

MAX_EPS = 700.0
"""Largest epsilon accepted (e^eps stays a finite double)."""


def _expit_neg(e):
    """1/(1 + e^eps) for eps in [0, 700] (no overflow there)."""
    return 1.0 / (1.0 + np.exp(e))


def validate_fpr(gamma, parameter: str = "gamma"):
    """gamma as a float array in [0, 1], or SymdpError naming the first bad value."""
    return require_array(parameter, gamma, 0.0, 1.0, "false-positive rates in [0, 1]")


def _eps_delta(eps, delta):
    return require_real("eps", eps, 0.0, MAX_EPS, "lh"), require_real("delta", delta, 0.0, 1.0, "lh")


def _alpha(alpha):
    return require_real("alpha", alpha, 0.0, 1.0, "lh")


def _rho(rho):
    return require_real("rho", rho, 0.0, 1e300, "")


def tpr_dp(gamma, eps, delta=0.0):
    """Largest TPR at false-positive rate gamma under (eps, delta)-DP: 1 - f_{eps,delta}(gamma) (Thm 14)."""
    g = validate_fpr(gamma)
    e, d = _eps_delta(eps, delta)
    low = d + np.exp(e) * g                                   # 1 - (1 - delta - e^eps gamma)
    high = -np.expm1(-e) + np.exp(-e) * (d + g)               # 1 - e^-eps (1 - delta - gamma)
    return np.minimum(1.0, np.minimum(low, high))


def tpr_tvd(gamma, alpha):
    """Largest TPR at false-positive rate gamma under alpha-TVD privacy: min{1, gamma + alpha} (Thm 15)."""
    return np.minimum(1.0, validate_fpr(gamma) + _alpha(alpha))


def advantage_dp(gamma, eps, delta=0.0):
    """Theorem 14: Adv(gamma) <= 1 - f_{eps,delta}(gamma) - gamma, without cancellation."""
    g = validate_fpr(gamma)
    e, d = _eps_delta(eps, delta)
    low = d + np.expm1(e) * g
    high = -np.expm1(-e) * (1 - g) + np.exp(-e) * d
    return np.maximum(0.0, np.minimum(1 - g, np.minimum(low, high)))


def advantage_tvd(gamma, alpha):
    """Theorem 15: Adv(gamma) <= min{1 - gamma, alpha}."""
    return np.minimum(1 - validate_fpr(gamma), _alpha(alpha))


def ppv(tpr, gamma, rho, at_zero=0.0):
    """PPV = TPR / (TPR + rho gamma); at gamma = 0 its limit, 1 / (1 + at_zero) with at_zero = lim rho gamma / TPR."""
    g, r = validate_fpr(gamma), _rho(rho)
    t = np.asarray(tpr, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(g > 0, r * g / np.where(t > 0, t, 1.0), at_zero)
    return 1.0 / (1.0 + ratio)


def ppv_printed_tvd(gamma, alpha, rho):
    """Theorem 17 as printed: (gamma + alpha) / (gamma + alpha + rho gamma) (valid; loose for gamma > 1 - alpha)."""
    g, a, r = validate_fpr(gamma), _alpha(alpha), _rho(rho)
    return (g + a) / (g + a + r * g)


def max_advantage_dp(eps, delta=0.0):
    """(max over gamma of Thm 14's bound, the gamma attaining it).

    = ((e^eps - 1 + 2 delta)/(e^eps + 1), (1 - delta)/(1 + e^eps)), the kink of the ROC boundary.
    """
    e, d = _eps_delta(eps, delta)
    return float(np.tanh(e / 2) + 2 * d * _expit_neg(e)), float((1 - d) * _expit_neg(e))


def max_advantage_tvd(alpha):
    """(max over gamma of Thm 15's bound, the least gamma attaining it) = (alpha, 0)."""
    return _alpha(alpha), 0.0


@dataclass(frozen=True)
class Notion:
    """A privacy guarantee: (eps, delta)-DP, alpha-TVD, or both."""
    eps: float | None = None
    delta: float = 0.0
    alpha: float | None = None

    def __post_init__(self):
        if self.eps is None and self.alpha is None:
            raise SymdpError("eps/alpha", None, "an epsilon (with delta) or an alpha, or both")
        if self.eps is not None:
            _eps_delta(self.eps, self.delta)
        if self.alpha is not None:
            _alpha(self.alpha)

    def _lowest(self, start, dp_bound, tvd_bound, gamma):
        """The smaller of the bounds of the notions given (the region is the intersection)."""
        out = start
        if self.eps is not None:
            out = np.minimum(out, dp_bound(gamma, self.eps, self.delta))
        if self.alpha is not None:
            out = np.minimum(out, tvd_bound(gamma, self.alpha))
        return out

    def tpr(self, gamma):
        """The largest TPR at false-positive rate gamma (the ROC boundary)."""
        return self._lowest(np.ones_like(validate_fpr(gamma), dtype=float), tpr_dp, tpr_tvd, gamma)

    def advantage(self, gamma):
        """The advantage bound TPR - gamma, formed without subtracting gamma (Thms 14, 15)."""
        return self._lowest(1 - validate_fpr(gamma), advantage_dp, advantage_tvd, gamma)

    def ppv_at_zero(self, rho):
        """lim_{gamma -> 0} rho gamma / TPR(gamma): 0 when TPR(0) > 0, else rho / TPR'(0+)."""
        if float(self.tpr(0.0)) > 0:
            return 0.0
        slopes = ([float(np.exp(self.eps))] if self.eps is not None else []) + ([1.0] if self.alpha is not None else [])
        return _rho(rho) / min(slopes)

    def max_advantage(self):
        """(max_gamma Adv bound, the least gamma attaining it): the kink of the (combined) ROC bound."""
        if self.eps is None:
            return max_advantage_tvd(self.alpha)
        a, g = max_advantage_dp(self.eps, self.delta)
        if self.alpha is None or self.alpha >= a:
            return a, g
        if self.alpha <= self.delta or self.eps == 0:   # the TVD cap binds from gamma = 0 on
            return self.alpha, 0.0
        return self.alpha, float((self.alpha - self.delta) / np.expm1(self.eps))


def dp(eps, delta=0.0) -> Notion:
    return Notion(eps=eps, delta=delta)


def tvd(alpha) -> Notion:
    return Notion(alpha=alpha)


def combined(eps, delta, alpha) -> Notion:
    """Both (eps, delta)-DP and alpha-TVD: the region is the intersection, its boundary the lower of the two."""
    return Notion(eps=eps, delta=delta, alpha=alpha)


@dataclass(frozen=True)
class Bounds:
    """The tight bounds of one notion at false-positive rate ``fpr`` and prior ratio ``rho``."""
    notion: Notion
    fpr: float
    rho: float
    tpr: float
    advantage: float
    ppv: float
    max_advantage: float
    argmax_fpr: float
    max_accuracy: float


def bounds(notion: Notion, fpr: float, rho: float = 1.0) -> Bounds:
    """TPR, advantage and PPV bounds at ``fpr``; the largest advantage and balanced-prior accuracy."""
    g = require_real("fpr", fpr, 0.0, 1.0, "lh")
    r = _rho(rho)
    t = float(notion.tpr(g))
    adv_max, g_max = notion.max_advantage()
    p = float(ppv(t, g, r, notion.ppv_at_zero(r)))
    a = min(float(notion.advantage(g)), t)   # TPR - gamma <= TPR: expm1 and exp may round 1 ulp apart (eps ~ 285)
    return Bounds(notion, g, r, t, a, p, adv_max, g_max, (1 + adv_max) / 2)


def bounds_by_notion(eps, delta, alpha, fpr: float, rho: float = 1.0) -> dict:
    """:func:`bounds` for (eps, delta)-DP ("dp"), alpha-TVD ("tvd") and both ("combined"); None where not given."""
    notions = {"dp": dp(eps, delta) if eps is not None else None,
               "tvd": tvd(alpha) if alpha is not None else None,
               "combined": combined(eps, delta, alpha) if eps is not None and alpha is not None else None}
    return {k: None if n is None else bounds(n, fpr, rho) for k, n in notions.items()}
