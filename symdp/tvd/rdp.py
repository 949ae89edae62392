"""Renyi-DP accountant of the Poisson-subsampled Gaussian (DP-SGD), and its conversion to (eps, delta)-DP.

RDP of one step at order a > 1 (Mironov, Talwar and Zhang 2019, Sec. 3): eps(a) = log(A_a) / (a - 1), with
A_a = E_{x ~ N(0, s^2)} [(1 - q + q exp((2x - 1)/(2 s^2)))^a] (the remove direction, which dominates for the
orders used: their Thm 5). Integer orders: the binomial sum A_a = sum_k C(a, k) (1 - q)^(a - k) q^k
exp((k^2 - k)/(2 s^2)) (exact, in log space). Fractional orders: the integral itself by composite
Gauss-Legendre (panels halved until settled, split at the mode, scaled by its maximum in log space) -- not
Mironov et al.'s series, so that an accountant using the series (dp_accounting, autodp) is an independent
check. T steps: T eps(a).

Conversion to (eps, delta), minimised over the orders:
- "classic": eps = eps_T(a) + log(1/delta)/(a - 1) (Mironov 2017, Prop. 3);
- "improved": eps = eps_T(a) + log((a - 1)/a) - (log delta + log a)/(a - 1) (Balle et al. 2020, Thm 21;
  Canonne, Kamath and Steinke 2020), the conversion of TensorFlow Privacy's get_privacy_spent since 2020.
ORDERS: those of the TensorFlow Privacy MNIST tutorial the paper cites (footnote 4: 1.1, ..., 10.9, 12, ..., 63)
and the integers 64, ..., 256 (with the tutorial's alone, Fig. 4's sigma = 7 misses its target by 6e-5).
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from ..errors import require_real
from ..errors import SymdpError
from . import quadrature
from .dpsgd import _loss, check
from .inputs import require_int
from .ufuncs import gammaln, logsumexp

ORDERS = tuple([1 + x / 10 for x in range(1, 100)] + list(range(12, 257)))
CONVERSIONS = ("classic", "improved")
MAX_ORDER = 4096


@functools.lru_cache(maxsize=4)
def _log_factorials(n: int) -> np.ndarray:
    """log k! for k = 0, ..., n (read-only)."""
    table = gammaln(np.arange(n + 1) + 1.0)
    table.flags.writeable = False
    return table


def _log_a_int(s: float, q: float, a: int) -> float:
    if q == 1:                                    # the Gaussian mechanism: A_a = exp(a (a - 1) / (2 s^2))
        return a * (a - 1) / (2 * s * s)
    k = np.arange(a + 1)
    lf = _log_factorials(max(a, ORDERS[-1]))
    logc = lf[a] - lf[k] - lf[a - k]
    terms = logc + (a - k) * math.log1p(-q) + k * math.log(q) + (k * k - k) / (2 * s * s)
    return float(logsumexp(terms))


def _log_a_frac(s: float, q: float, a: float) -> float:
    """log A_a by quadrature on [-12 s, a + 12 s].

    The log-integrand's slope is (a w(x) - x)/s^2 with w in (0, 1), so the mode lies in [0, a] and outside
    the interval the integrand falls faster than a Gaussian of sd s from its value at 0 or at a: the pieces
    left out weigh less than e^-72 of the peak. The integrand exp(log g - m) is only as accurate as log g,
    whose two terms reach `size` (45,000 at s = 0.05, a = 10.9): the sums are asked to agree to that
    rounding, not closer (log A, of size m, keeps its relative accuracy).
    """
    def logg(x):
        return a * _loss(x, s, q) - x * x / (2 * s * s)
    lo, hi = -12 * s, max(1.0, a) + 12 * s
    xs = np.linspace(lo, hi, 4001)
    values = logg(xs)
    m, mode = float(np.max(values)), float(xs[np.argmax(values)])
    size = float(np.max(np.abs(a * _loss(xs, s, q)) + xs * xs / (2 * s * s)))
    pts = sorted({0.0, 0.5, 1.0, mode})
    val = quadrature.integrate(lambda x: np.exp(logg(x) - m), [lo, *(p for p in pts if lo < p < hi), hi],
                               rtol=max(1e-13, quadrature.ROUNDING * 4 * size))
    return m + math.log(val) - math.log(s * math.sqrt(2 * math.pi))


def rdp(sigma, q, orders=ORDERS, steps=1) -> np.ndarray:
    """RDP epsilon of `steps` sampled-Gaussian steps at each order (> 1; integer orders exactly)."""
    s, q = check(sigma, q)
    T = require_int("steps", steps, 1, 10 ** 9)
    out = []
    for a in orders:
        a = require_real("orders", a, 1.0, MAX_ORDER, "h")
        la = _log_a_int(s, q, int(a)) if float(a).is_integer() else _log_a_frac(s, q, a)
        out.append(T * la / (a - 1))
    return np.array(out)


@dataclass(frozen=True)
class DP:
    """(epsilon, delta) from RDP: the best order and the conversion used."""
    epsilon: float
    delta: float
    order: float
    conversion: str


def to_dp(rdp_eps, orders, delta, conversion="improved") -> DP:
    """The smallest epsilon over the orders at this delta (see the module docstring for the conversions)."""
    d = require_real("delta", delta, 0.0, 1.0)
    if conversion not in CONVERSIONS:
        raise SymdpError("conversion", conversion, "one of: " + ", ".join(CONVERSIONS))
    a, r = np.asarray(orders, dtype=float), np.asarray(rdp_eps, dtype=float)
    if conversion == "classic":
        eps = r + math.log(1 / d) / (a - 1)
    else:
        eps = r + np.log1p(-1 / a) - (math.log(d) + np.log(a)) / (a - 1)
    if np.isnan(eps).any():
        raise ArithmeticError(f"RDP epsilon not a number at orders {a[np.isnan(eps)].tolist()}")
    i = int(np.argmin(eps))
    return DP(max(0.0, float(eps[i])), d, float(a[i]), conversion)


def dp_sgd_epsilon(sigma, q, steps, delta, conversion="improved", orders=ORDERS) -> DP:
    """(epsilon, delta)-DP of T DP-SGD steps by the RDP accountant."""
    return to_dp(rdp(sigma, q, orders, steps), orders, delta, conversion)
