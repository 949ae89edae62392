"""The privacy loss of Laplace outputs, and of sums of two of them, in mpmath.

For one coordinate with noise Lap(0, 1) and a shift s >= 0 between the two
hypotheses, the privacy loss Z = log(p1/p0) = |x| - |x - s| has, under h0, an
atom at -s (mass 1/2), an atom at +s (mass e^-s/2) and the density
e^{-(z+s)/2}/4 on (-s, s); under h1 every part is weighted by e^z.  The
Neyman-Pearson tests are thresholds on the total loss L = sum Z_i (with the
atoms of L taken in or out), which is what :func:`fbeta_star` searches: the
best adversary on a q-dimensional output (Liu et al. Thm 4) and after k
releases (composition), computed exactly rather than through a DP bound.
"""
from __future__ import annotations

import mpmath as mp

from ..engine.sampling.oracles import maximize
from ..errors import SymdpError, require_mp

DPS = 30
GUARD = 5


def working_dps() -> int:
    """At least DPS digits, and more than the caller's (a 60-digit check gets 65)."""
    return max(DPS, mp.mp.dps) + GUARD


def _h(h):
    if h not in (0, 1) or isinstance(h, float):
        raise SymdpError("h", h, "0 (under h0) or 1 (under h1)")
    return int(h)


def _strict(strict):
    if not isinstance(strict, bool):
        raise SymdpError("strict", strict, "True (P(Z > x)) or False (P(Z >= x))")
    return strict


def _shifts(shifts):
    if isinstance(shifts, (str, bytes)) or not hasattr(shifts, "__len__") or not 1 <= len(shifts) <= 2:
        raise SymdpError("shifts", shifts, "a sequence of one or two shifts (Laplace coordinates)")
    return [require_mp("shifts", v, 0, None, "l") for v in shifts]


def survival(x, s, h: int, strict: bool):
    """P_h(Z > x) if strict else P_h(Z >= x), for one coordinate with shift s >= 0 (h = 0 or 1)."""
    x, s = require_mp("x", x), require_mp("s", s, 0, None, "l")
    h, strict = _h(h), _strict(strict)
    if s == 0:
        return mp.mpf(1) if (x < 0 or (x == 0 and not strict)) else mp.mpf(0)
    if x > s or (x == s and strict):
        return mp.mpf(0)
    if x == s:
        return mp.exp(-s) / 2 if h == 0 else mp.mpf(1) / 2
    if x < -s or (x == -s and not strict):
        return mp.mpf(1)
    if x == -s:
        return mp.mpf(1) / 2 if h == 0 else 1 - mp.exp(-s) / 2
    return mp.exp(-(x + s) / 2) / 2 if h == 0 else 1 - mp.exp((x - s) / 2) / 2


def _atoms(s, h: int):
    """(value, mass) of the atoms of Z under h."""
    if s == 0:
        return [(mp.mpf(0), mp.mpf(1))]
    low, high = (mp.mpf(1) / 2, mp.exp(-s) / 2) if h == 0 else (mp.exp(-s) / 2, mp.mpf(1) / 2)
    return [(-s, low), (s, high)]


def _interior_form(s, h: int):
    """(A, B, r) with P_h(Z >= x) = A + B e^{r x} for -s < x < s."""
    half = mp.exp(-s / 2) / 2
    return (mp.mpf(0), half, mp.mpf(-1) / 2) if h == 0 else (mp.mpf(1), -half, mp.mpf(1) / 2)


def _exp_integral(rate, lo, hi):
    """The integral of e^{rate z} over [lo, hi]."""
    return hi - lo if rate == 0 else (mp.exp(rate * hi) - mp.exp(rate * lo)) / rate


def _continuous_part(t, s1, s2, h: int):
    """The integral over the density of Z_1 on (-s1, s1) of P_h(Z_2 >= t - z), in closed form.

    Z_1's density is (1/4) e^{-s1/2} e^{d z} with d = -1/2 (h0) or 1/2 (h1); on
    each piece of (-s1, s1) where t - z stays in one region of Z_2, the
    survival of Z_2 is A + B e^{r (t - z)}, so the integrand is a sum of
    exponentials.
    """
    dens, d = mp.exp(-s1 / 2) / 4, (mp.mpf(-1) / 2 if h == 0 else mp.mpf(1) / 2)
    cuts = sorted({-s1, s1} | {c for c in (t - s2, t + s2) if -s1 < c < s1})
    total = mp.mpf(0)
    for lo, hi in zip(cuts, cuts[1:]):
        x = t - (lo + hi) / 2                      # where t - z sits on this piece
        if s2 > 0 and -s2 < x < s2:
            a, b, r = _interior_form(s2, h)
        else:
            a, b, r = survival(x, s2, h, False), mp.mpf(0), mp.mpf(0)
        total += dens * (a * _exp_integral(d, lo, hi) + b * mp.exp(r * t) * _exp_integral(d - r, lo, hi))
    return total


def sum_survival(t, shifts, h: int, strict: bool):
    """P_h(Z_1 + Z_2 (>=|>) t) for independent coordinates with the given shifts (one or two)."""
    shifts, h, strict = _shifts(shifts), _h(h), _strict(strict)
    t = require_mp("t", t)
    if len(shifts) == 1:
        return survival(t, shifts[0], h, strict)
    s1, s2 = (mp.mpf(v) for v in shifts)
    t = mp.mpf(t)
    total = sum(m * survival(t - a, s2, h, strict) for a, m in _atoms(s1, h))
    return total + (_continuous_part(t, s1, s2, h) if s1 > 0 else 0)


def _fbeta(t, shifts, b2, strict):
    r, g = sum_survival(t, shifts, 1, strict), sum_survival(t, shifts, 0, strict)
    return (1 + b2) * r / (r + g + b2)


def fbeta_star(shifts, beta):
    """Highest F-beta of the Neyman-Pearson adversary on independent Laplace coordinates.

    ``shifts`` are the per-coordinate shifts in units of the noise scale
    (epsilon v_i / Delta Q).  F-beta is linear-fractional along any randomised
    mixture of two tests, so the optimum is at a pure threshold: the search
    covers thresholds between the atoms of L, at each atom taken in or out, and
    the limit t -> -oo.
    """
    with mp.workdps(working_dps()):
        shifts = _shifts(shifts)
        b2 = require_mp("beta", beta, 0, None) ** 2
        combos = [[a for a, _ in _atoms(s, 0)] for s in shifts]
        points = sorted({sum(c) for c in _product(combos)})
        best = (1 + b2) / (2 + b2)
        for p in points:
            best = max(best, _fbeta(p, shifts, b2, False), _fbeta(p, shifts, b2, True))
        for a, b in zip(points, points[1:]):
            inset = (b - a) * mp.mpf("1e-12")
            best = max(best, maximize(lambda t: _fbeta(t, shifts, b2, False), a + inset, b - inset, grid=24)[1])
        return best


def _product(lists):
    if not lists:
        return [[]]
    return [[x] + rest for x in lists[0] for rest in _product(lists[1:])]
