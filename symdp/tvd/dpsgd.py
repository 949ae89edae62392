"""DP-SGD as T steps of the Poisson-subsampled Gaussian mechanism (Jia et al. 2023, Sec. 5.1 and App. C).

One step compares P = (1 - q) N(0, sigma^2) + q N(1, sigma^2) (the record present: "remove" direction, the
paper's D_KL(mix || N0) term) with Q = N(0, sigma^2) (the record absent); the "add" direction swaps them.
Sensitivity 1 (clipping bound C, noise sigma C). Mironov, Talwar and Zhang (2019) reduce DP-SGD with Poisson
sampling to this one-dimensional pair, and it dominates tightly (Zhu, Dong and Wang 2022), so TV(P^T, Q^T) is
the exact TVD-privacy parameter of T steps. TV is symmetric: both directions give the same value, and both
are computed as a check.

- kl: D_KL of one step, either direction, by mpmath quadrature (50 digits by default).
- pinsker: the paper's bound sqrt(T D_KL / 2) with the larger direction (Sec. 5.1, Thm 7), and
  Bretagnolle-Huber sqrt(1 - exp(-T D_KL)) beside it.
- exact_tv: TV(P^T, Q^T) as a guaranteed interval (symdp.tvd.pld).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import require_real
from . import pld, quadrature
from .inputs import MAX_SIGMA, require_int
from .ufuncs import ndtr_pair

Z_TAIL = 9.0       # truncate the Gaussian at 9 standard deviations (mass 1.1e-19 beyond, accounted for)
DIRECTIONS = ("remove", "add")


def check(sigma, q):
    """(sigma, q) validated: sigma in [0.05, 1e4], q in (0, 1]."""
    s = require_real("sigma", sigma, 0.05, MAX_SIGMA, "lh")
    return s, require_real("q", q, 0.0, 1.0, "h")


def _x_of_loss(ls, s, q):
    """The x with L(x) = l, L(x) = log(1 - q + q exp((2x - 1)/(2 s^2))) (increasing in x); -inf below log(1-q)."""
    if q == 1:
        return s * s * np.asarray(ls) + 0.5
    with np.errstate(divide="ignore", invalid="ignore"):
        x = s * s * np.log1p(np.expm1(ls) / q) + 0.5
    return np.where(np.expm1(ls) / q > -1, x, -np.inf)


def _loss(x, s, q):
    """The one-step privacy loss log(1 - q + q exp(u)), u = (2x - 1)/(2 s^2), at output x (a float or a numpy
    array), without overflow: past u = 700, where expm1 would overflow, log q + u is exact to rounding."""
    u = (2 * x - 1) / (2 * s * s)
    if q == 1:
        return u
    return np.where(u <= 700.0, np.log1p(q * np.expm1(np.minimum(u, 700.0))), math.log(q) + u)


def _mixture(x, s, q):
    """(Pr(X <= x), Pr(X > x)) for X ~ (1 - q) N(0, s^2) + q N(1, s^2)."""
    below0, above0 = ndtr_pair(x / s)
    below1, above1 = ndtr_pair((x - 1) / s)
    return (1 - q) * below0 + q * below1, (1 - q) * above0 + q * above1


def _paired(both):
    """cdf and sf from ``both(ls) -> (cdf, sf)``, evaluated once when both are asked of the same array in a row
    (pld's bin masses ask both: half the erfc calls)."""
    last = [None, None]

    def pair(ls):
        if last[0] is not ls:
            last[0], last[1] = ls, both(ls)
        return last[1]
    return (lambda ls: pair(ls)[0]), (lambda ls: pair(ls)[1])


def loss_law(sigma, q, direction="remove") -> pld.LossLaw:
    """The one-step privacy loss of the sampled Gaussian in a direction ("remove": P mixture, Q N(0, s^2))."""
    s, q = check(sigma, q)
    lmin = math.log1p(-q) if q < 1 else -math.inf
    if direction == "remove":
        lo = lmin if q < 1 else float(_loss(-Z_TAIL * s, s, q))
        hi = float(_loss(1 + Z_TAIL * s, s, q))
        return pld.LossLaw(*_paired(lambda ls: _mixture(_x_of_loss(ls, s, q), s, q)),
                           *_paired(lambda ls: ndtr_pair(_x_of_loss(ls, s, q) / s)), lo, hi, q < 1, False)
    if direction != "add":
        raise pld_direction_error(direction)
    hi = -lmin if q < 1 else -float(_loss(-Z_TAIL * s, s, q))
    return pld.LossLaw(*_paired(lambda ls: ndtr_pair(_x_of_loss(-ls, s, q) / s)[::-1]),
                       *_paired(lambda ls: _mixture(_x_of_loss(-ls, s, q), s, q)[::-1]),
                       -float(_loss(Z_TAIL * s, s, q)), hi, False, q < 1)


def pld_direction_error(direction):
    from ..errors import SymdpError
    return SymdpError("direction", direction, "one of: " + ", ".join(DIRECTIONS))


def kl(sigma, q, direction="remove", dps=50):
    """D_KL of one step by mpmath quadrature at `dps` digits: remove = D(mix || N0), add = D(N0 || mix)."""
    s, q = check(sigma, q)
    if direction not in DIRECTIONS:
        raise pld_direction_error(direction)
    import mpmath as mp  # here, not at the top: the CLI's double-precision path never needs it
    with mp.workdps(dps):
        s, q = mp.mpf(s), mp.mpf(q)
        c = 1 / (s * mp.sqrt(2 * mp.pi))

        def loss(x):
            u = (2 * x - 1) / (2 * s * s)
            return u if q == 1 else mp.log1p(q * mp.expm1(u))

        def phi(x, m):
            return c * mp.exp(-(x - m) ** 2 / (2 * s * s))

        if direction == "remove":
            g = (lambda x: ((1 - q) * phi(x, 0) + q * phi(x, 1)) * loss(x))
        else:
            g = (lambda x: -phi(x, 0) * loss(x))
        cuts = [-mp.inf, -6 * s, 0, mp.mpf(1) / 2, 1, 1 + 6 * s, mp.inf]
        return +mp.quad(g, cuts)


def kl_fast(sigma, q, direction="remove") -> float:
    """The same D_KL in double precision (composite Gauss-Legendre, relative tolerance 1e-13): for the CLI."""
    s, q = check(sigma, q)
    if direction not in DIRECTIONS:
        raise pld_direction_error(direction)
    c = 1 / (s * math.sqrt(2 * math.pi))

    def g(x):
        loss = _loss(x, s, q)
        p0 = c * np.exp(-x * x / (2 * s * s))
        return ((1 - q) * p0 + q * c * np.exp(-(x - 1) ** 2 / (2 * s * s))) * loss if direction == "remove" \
            else -p0 * loss
    return quadrature.integrate(g, [-12 * s, -6 * s, 0.0, 0.5, 1.0, 1 + 6 * s, 1 + 12 * s])


@dataclass(frozen=True)
class Bounds:
    """KL of one step (both directions), and the paper's Pinsker bound after T steps with Bretagnolle-Huber."""
    kl_remove: float
    kl_add: float
    steps: int

    @property
    def kl_max(self) -> float:
        return max(self.kl_remove, self.kl_add)

    @property
    def pinsker(self) -> float:
        return min(1.0, math.sqrt(self.steps * self.kl_max / 2))

    @property
    def bretagnolle_huber(self) -> float:
        return math.sqrt(-math.expm1(-self.steps * self.kl_max))


def bounds(sigma, q, steps, dps=50) -> Bounds:
    """Sec. 5.1: DP-SGD is sqrt(T D_KL(M_SG(sigma, q)) / 2)-TVD private, D_KL the larger direction.
    dps=None: double-precision quadrature (kl_fast) instead of mpmath."""
    T = require_int("steps", steps, 1, pld.MAX_STEPS)
    if dps is None:
        return Bounds(kl_fast(sigma, q, "remove"), kl_fast(sigma, q, "add"), T)
    return Bounds(float(kl(sigma, q, "remove", dps)), float(kl(sigma, q, "add", dps)), T)


@dataclass(frozen=True)
class ExactTV:
    """TV after T steps in each direction (intervals); the value lies in both, hence in their intersection."""
    remove: pld.TVInterval
    add: pld.TVInterval

    @property
    def lower(self) -> float:
        return max(self.remove.lower, self.add.lower)

    @property
    def upper(self) -> float:
        return min(self.remove.upper, self.add.upper)


def exact_tv(sigma, q, steps, points=pld.DEFAULT_POINTS, directions=DIRECTIONS) -> ExactTV | pld.TVInterval:
    """TV(P^T, Q^T) of T DP-SGD steps: an interval per direction (both by default)."""
    check(sigma, q)
    pld.check_steps(steps)
    pld.check_points(points)
    got = {d: pld.composed_tv(loss_law(sigma, q, d), steps, points) for d in directions}
    return ExactTV(got["remove"], got["add"]) if len(got) == 2 else got[directions[0]]


def one_step_tv(sigma, q) -> float:
    """TV of one step, exactly q (2 Phi(1/(2 sigma)) - 1): the mixture minus N0 is q (N1 - N0)."""
    s, q = check(sigma, q)
    return q * math.erf(1 / (2 * math.sqrt(2) * s))
