"""Exact total variation of a T-fold composition, as a guaranteed interval, from the privacy-loss distribution.

TV(P^T, Q^T) is the hockey-stick divergence at eps = 0 of the T-fold product: with L = log(dP/dQ) under P and
S = L_1 + ... + L_T (independent copies), TV = E[f(S)], f(l) = max(0, 1 - e^{-l}).

Upper bound: connect-the-dots (Doroshenko et al. 2022). Each bin (l_{j-1}, l_j] of the grid h Z sends its
P-mass to its two ends so that the grid pair's privacy profile is the chord of the true one (convex in e^eps)
between grid points: it dominates the true profile at every eps, and by the composition of dominating pairs
(Zhu, Dong and Wang 2022, Thm 10) so does the T-fold one, at eps = 0 too. Mass above the truncation point
goes to +infinity, below it to the lowest grid point. The error is second order in h.

Lower bound: any event A gives TV >= P^T(A) - Q^T(A). Take A = {sum of the rounded losses > 0}, each loss
rounded to the nearest grid point (losses beyond the truncation points to the end points): P^T(A) and Q^T(A)
are sums of grid distributions, computed exactly (one FFT each). A is close to the optimal test {S > 0}, so
the loss is second order in h too.

Both compositions are cyclic convolutions of N points on a window [bottom, top) of the composed loss: mass
outside it folds back in, and is bounded by Chernoff bounds Pr(S >= W) <= exp(T log M(lam) - lam W), computed
on a coarse grid h0 = 2^m h with the same truncation points whose rounding up (down) lies above (below) the
fine distributions pointwise (within h/2 for the nearest rounding, which the bound shifts by T h/2).

upper = sum_window p_ctd f + Pr(S_up >= top) + (1 - (1 - p_inf)^T) + fp,
lower = P_window(A) - Q_window(A) - (Pr_P(outside) + Pr_Q(outside)) - fp,
fp an a-priori floating-point allowance (not interval arithmetic): bin masses are differences of
distribution functions accurate to 2 ulp (4 u n per step, T times; the connect-the-dots split is moved up by
its own error bound), and the FFT power and inverse add at most 5 sqrt(N) (T + 2 log2 N) u in the l1 norm.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import require_real
from .inputs import DEFAULT_POINTS, MAX_POINTS, MAX_STEPS, require_int
from .ufuncs import logsumexp

U = 2.0 ** -53
COARSE = 4096          # points of the coarse grid used for moments and tail bounds
MAX_STEP_POINTS = 8    # a one-step grid holds at most this many times N points (beyond: truncated, accounted)
SPREAD = 8.0          # window half-width in standard deviations of S (then widened while tails exceed TAIL)
TAIL = 1e-12
MAX_WIDEN = 6
LAMBDAS = np.geomspace(1e-3, 1e4, 57)


@dataclass(frozen=True)
class LossLaw:
    """The privacy loss L = log(dP/dQ): its distribution and survival functions under P (cdf, sf) and under Q
    (q_cdf, q_sf), vectorised, and its support [lo, hi].

    lo_exact / hi_exact say that lo / hi are the true ends of the support (else they are truncation points,
    chosen so that little mass lies beyond, and that mass is accounted for soundly)."""
    cdf: Callable[[np.ndarray], np.ndarray]
    sf: Callable[[np.ndarray], np.ndarray]
    q_cdf: Callable[[np.ndarray], np.ndarray]
    q_sf: Callable[[np.ndarray], np.ndarray]
    lo: float
    hi: float
    lo_exact: bool
    hi_exact: bool


@dataclass(frozen=True)
class Grid:
    """A one-step loss rounded to h Z: mass[j] at (start + j) h, and mass at +infinity."""
    h: float
    start: int
    mass: np.ndarray
    inf_mass: float


@dataclass(frozen=True)
class TVInterval:
    """TV(P^T, Q^T) lies in [lower, upper] (guaranteed up to the stated floating-point allowance fp)."""
    lower: float
    upper: float
    steps: int
    h: float
    points: int
    tails: float
    fp: float

    @property
    def width(self) -> float:
        return self.upper - self.lower

    def as_dict(self) -> dict:
        return {"lower": self.lower, "upper": self.upper, "steps": self.steps, "grid_spacing": self.h,
                "points": self.points, "tail_bound": self.tails, "fp_allowance": self.fp}


def _masses(cdf, sf, ls: np.ndarray):
    """Bin masses Pr(l_{j-1} < L <= l_j), from whichever of cdf / sf is small there (no cancellation)."""
    F, S = cdf(ls), sf(ls)
    m = np.where(F[1:] <= 0.5, np.diff(F), -np.diff(S))
    return np.clip(m, 0.0, None), float(F[0]), float(S[-1])


def _connect_the_dots(law: LossLaw, ls: np.ndarray, m: np.ndarray) -> np.ndarray:
    """The part of each bin's P-mass sent to its upper end: e^{l_j} (P_j - e^{l_{j-1}} Q_j) / (e^{l_j} -
    e^{l_{j-1}}), moved up by its floating-point error bound (which only makes the grid more pessimistic)."""
    qm, _, _ = _masses(law.q_cdf, law.q_sf, ls)
    scale = -1.0 / np.expm1(-(ls[1] - ls[0]))          # e^{l_j} / (e^{l_j} - e^{l_{j-1}})
    up = (m - np.exp(ls[:-1]) * qm) * scale
    err = 4 * U * (1.0 + np.exp(ls[:-1])) * scale
    return np.clip(up + err, 0.0, m)


def discretise(law: LossLaw, h: float, k_lo: int, k_hi: int, mode: str, under: str = "P") -> Grid:
    """The loss on the grid points k h, k_lo <= k <= k_hi, under P (or Q: under="Q"). mode "up" rounds up
    (beyond hi: +infinity), "ctd" is connect-the-dots (P only), "down" rounds down (below lo: dropped unless
    lo is exact; beyond hi: to hi), "nearest" rounds to the nearest point (beyond the ends: to the ends)."""
    cdf, sf = (law.cdf, law.sf) if under == "P" else (law.q_cdf, law.q_sf)
    if mode == "nearest":
        m, below, above = _masses(cdf, sf, (np.arange(k_lo, k_hi + 1) - 0.5) * h)
        return Grid(h, k_lo, np.concatenate(([below + m[0]], m[1:-1], [m[-1] + above])) if m.size > 1
                    else np.array([below + m[0] + above]), 0.0)
    ls = np.arange(k_lo, k_hi + 1) * h
    m, below, above = _masses(cdf, sf, ls)
    if mode in ("up", "ctd"):
        up = _connect_the_dots(law, ls, m) if mode == "ctd" else m
        mass = np.concatenate(([below], up))
        mass[:-1] += m - up
        return Grid(h, k_lo, mass, above)
    mass = np.concatenate((m, [above]))
    if law.lo_exact:
        mass[0] += below
    return Grid(h, k_lo, mass, 0.0)


def _log_mgf(g: Grid, lam: np.ndarray) -> np.ndarray:
    """log E[e^{lam L}; L finite] of a grid, for each lam."""
    ls = (g.start + np.arange(g.mass.size)) * g.h
    keep = g.mass > 0
    logm = np.log(g.mass[keep])
    return logsumexp(logm[None, :] + lam[:, None] * ls[keep][None, :], axis=1)


def _tail_above(g: Grid, T: int, top: float) -> float:
    """Chernoff: Pr(sum of T finite steps >= top)."""
    return float(min(1.0, np.exp(np.min(T * _log_mgf(g, LAMBDAS) - LAMBDAS * top))))


def _tail_below(g: Grid, T: int, bottom: float) -> float:
    """Chernoff: Pr(sum of T steps <= bottom)."""
    return float(min(1.0, np.exp(np.min(T * _log_mgf(g, -LAMBDAS) + LAMBDAS * bottom))))


def _moments(g: Grid):
    ls = (g.start + np.arange(g.mass.size)) * g.h
    w = g.mass / g.mass.sum()
    mu = float(w @ ls)
    return mu, float(w @ (ls - mu) ** 2)


def _window(law: LossLaw, T: int, widen: int):
    """[bottom, top] of the composed loss to resolve, under P and Q: mean +- SPREAD 2^widen sd (moments of a
    coarse grid), within T times the (coarse-rounded) support; the whole of it at the last try."""
    h0 = (law.hi - law.lo) / COARSE
    k = (math.floor(law.lo / h0), math.ceil(law.hi / h0))
    (mp_, vp), (mq, vq) = (_moments(discretise(law, h0, *k, "nearest", w)) for w in "PQ")
    half = SPREAD * 2 ** widen * math.sqrt(T * max(vp, vq))
    lo, hi = T * (law.lo - 2 * h0), T * (law.hi + 2 * h0)
    if widen == MAX_WIDEN:
        return min(lo, 0.0), hi
    return min(max(lo, T * min(mp_, mq) - half), 0.0), max(min(hi, T * max(mp_, mq) + half), 2 * h0)


def _fold_power(g: Grid, T: int, w0: int, N: int) -> np.ndarray:
    """The T-fold convolution of a grid folded mod N (one FFT), entry j holding grid index w0 + j (mod N)."""
    idx = (g.start + np.arange(g.mass.size)) % N
    spec = np.fft.rfft(np.bincount(idx, weights=g.mass, minlength=N))
    return np.roll(np.fft.irfft(_power(spec, T), n=N), -(w0 % N))


def _power(z: np.ndarray, T: int) -> np.ndarray:
    """z ** T in polar form, |z|^T e^{i T arg z} (numpy's complex power of an array takes 1.3x the time)."""
    with np.errstate(divide="ignore"):
        radius = np.exp(T * np.log(np.abs(z)))
    angle = T * np.angle(z)
    out = np.empty_like(z)
    out.real, out.imag = radius * np.cos(angle), radius * np.sin(angle)
    return out


def _f(ls: np.ndarray) -> np.ndarray:
    return np.where(ls > 0, -np.expm1(-np.maximum(ls, 0.0)), 0.0)


@dataclass(frozen=True)
class _Plan:
    h: float
    w0: int
    N: int
    k_lo: int
    k_hi: int
    m: int


def _plan(law: LossLaw, T: int, N: int, widen: int) -> _Plan:
    bottom, top = _window(law, T, widen)
    h = (top - bottom) / N
    m = max(0, math.ceil(math.log2(max(1.0, (law.hi - law.lo) / (h * COARSE)))))
    h0 = h * 2 ** m
    k_lo = math.floor(law.lo / h0) * 2 ** m
    k_hi = min(math.ceil(law.hi / h0) * 2 ** m, k_lo + (MAX_STEP_POINTS * N // 2 ** m) * 2 ** m)
    return _Plan(h, math.floor(bottom / h), N, k_lo, k_hi, m)


@dataclass(frozen=True)
class _Tails:
    upper: float      # Pr(S_up >= top): the connect-the-dots sum lies below the rounded-up one
    outside: float    # Pr_P + Pr_Q that the nearest-rounded sums leave the window


def _tails(law: LossLaw, T: int, p: _Plan) -> _Tails:
    """Chernoff bounds on coarse grids (same truncation points), zero where the window holds the support."""
    h0 = p.h * 2 ** p.m
    k = (p.k_lo // 2 ** p.m, p.k_hi // 2 ** p.m)
    top, bottom, shift = (p.w0 + p.N) * p.h, p.w0 * p.h, T * p.h / 2
    inside_top, inside_bottom = T * p.k_hi < p.w0 + p.N, T * p.k_lo >= p.w0
    up = 0.0 if inside_top else _tail_above(discretise(law, h0, *k, "up"), T, top)
    out = 0.0
    for who in "PQ":
        if not inside_top:
            out += _tail_above(discretise(law, h0, *k, "up", who), T, top - shift)
        if not inside_bottom:
            low = discretise(law, h0, *k, "down", who)
            kept = Grid(low.h, low.start, low.mass.copy(), 0.0)
            kept.mass[0] += max(0.0, 1.0 - low.mass.sum())        # mass below lo stays at lo, as "nearest"
            out += _tail_below(kept, T, bottom - p.h + shift)
    return _Tails(up, out)


def composed_tv(law: LossLaw, steps: int, points: int = DEFAULT_POINTS) -> TVInterval:
    """TV after `steps`-fold composition, as a guaranteed interval (see the module docstring)."""
    T, N = check_steps(steps), check_points(points)
    plan, tails = _settled(law, T, N, lambda t: max(t.upper, t.outside))
    return _bracket(law, T, plan, tails)


def _settled(law: LossLaw, T: int, N: int, left):
    """The first plan, widening the window, whose tail bounds ``left(tails)`` are at most TAIL (else the widest)."""
    for widen in range(MAX_WIDEN + 1):
        plan = _plan(law, T, N, widen)
        tails = _tails(law, T, plan)
        if left(tails) <= TAIL:
            break
    return plan, tails


def _bracket(law: LossLaw, T: int, p: _Plan, tails: _Tails) -> TVInterval:
    ls = (p.w0 + np.arange(p.N)) * p.h
    ctd = discretise(law, p.h, p.k_lo, p.k_hi, "ctd")
    inf_term = -math.expm1(T * math.log1p(-min(ctd.inf_mass, 1.0 - 1e-16)))
    fp = T * 4 * U * ctd.mass.size + 5 * math.sqrt(p.N) * (T + 2 * math.log2(p.N)) * U
    upper = float(_fold_power(ctd, T, p.w0, p.N) @ _f(ls)) + tails.upper + inf_term + fp
    test = ls > 0
    pa, qa = (float(_fold_power(discretise(law, p.h, p.k_lo, p.k_hi, "nearest", w), T, p.w0, p.N)[test].sum())
              for w in "PQ")
    lower = pa - qa - tails.outside - 2 * fp
    return TVInterval(max(0.0, lower), min(1.0, upper), T, p.h, p.N, tails.upper + tails.outside + inf_term, 3 * fp)


def check_points(points) -> int:
    return require_int("points", points, 2 ** 10, MAX_POINTS)


def check_steps(steps) -> int:
    return require_int("steps", steps, 1, MAX_STEPS)


def check_unit(parameter: str, value) -> float:
    return require_real(parameter, value, 0.0, 1.0, "h")


def composed_roc(law: LossLaw, steps: int, points: int = DEFAULT_POINTS):
    """(FPR, TPR) arrays of the tests "say Q when S <= t", S the sum of `steps` losses each rounded to the
    nearest grid point, for every grid threshold t (FPR = P^T(S <= t), TPR = Q^T(S <= t)).

    Up to the mass outside the resolved window (below TAIL = 1e-12 under P and Q by Chernoff bounds, as for
    composed_tv; the cyclic convolution folds it back in), every point is the error pair of an actual test, so
    the curve lies inside the privacy region of the T-fold pair, within the grid rounding (second order in h)
    of the Neyman-Pearson boundary."""
    T, N = check_steps(steps), check_points(points)
    plan, _ = _settled(law, T, N, lambda t: t.outside)
    p, q = (np.clip(_fold_power(discretise(law, plan.h, plan.k_lo, plan.k_hi, "nearest", w), T, plan.w0,
                                plan.N), 0.0, None) for w in "PQ")
    return np.minimum(np.cumsum(p), 1.0), np.minimum(np.cumsum(q), 1.0)
