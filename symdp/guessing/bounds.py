"""Bounds on Pr_post(g(x)) for an epsilon d-private mechanism (slides "Main theorem" to "OR").

simplified: Pr_post <= 1 / (1 + e^{-eps R} (1 - p)/p), R = sup d (slide "Simplification").
shells:     Pr_post <= 1 / (1 + sum_{a>=1} e^{-eps (a + 2)} q_a / p), q_a = Pr_pre(B(c, a+1) \\ B(c, a));
            the slides print e^{-eps a} (``printed=True``), which is not a valid bound: a point of the
            shell is up to a + 2 away from the far side of g(x) = B(c, 1)
            (derivation pankova2023.shells).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp

MAX_SHELLS = 200000
"""Cap on the number of shells summed."""


def simplified_upper(p, eps, R):
    """Slide "Simplification": 1 / (1 + e^{-eps R} (1 - p) / p)."""
    return p / (p + mp.exp(-eps * R) * (1 - p))


def simplified_lower(p, eps, R):
    """The same argument the other way: Pr_post >= 1 / (1 + e^{eps R} (1 - p) / p)."""
    return p / (p + mp.exp(eps * R) * (1 - p))


@dataclass(frozen=True)
class Shells:
    """p = Pr_pre(B(c, 1)) and q_a = Pr_pre(B(c, a+1) \\ B(c, a)), a = 1..len(q); ``tail`` the mass beyond."""

    p: object
    q: tuple
    tail: object


def shells(target, tol=None):
    """Shell probabilities of ``target`` until the remaining prior mass is below ``tol`` (default 10^-(dps+5))."""
    tol = mp.mpf(10) ** (-(mp.mp.dps + 5)) if tol is None else mp.mpf(tol)
    p = prev = target.ball(1)
    q = []
    while len(q) < MAX_SHELLS and 1 - prev > tol:
        now = target.ball(len(q) + 2)
        q.append(now - prev)
        prev = now
    return Shells(p, tuple(q), max(1 - prev, mp.mpf(0)))


def shell_sum(sh: Shells, eps, printed=False):
    """sum_a e^{-eps (a + 2)} q_a (``printed``: e^{-eps a}, as the slides write it)."""
    z = mp.exp(-eps)
    return mp.polyval(list(reversed(sh.q)) + [0], z) * (1 if printed else z * z)


def shell_upper(sh: Shells, eps, printed=False):
    """Pr_post(g(x)) <= 1 / (1 + shell_sum / p)."""
    return sh.p / (sh.p + shell_sum(sh, eps, printed))


def shell_lower(sh: Shells, eps):
    """Pr_post(g(x)) >= 1 / (1 + sum_a e^{eps (a + 2)} q_a / p) (0 when the series diverges)."""
    total = mp.fsum(mp.exp(eps * (a + 2)) * qa for a, qa in enumerate(sh.q, 1))
    if sh.tail > 0 and mp.exp(eps * (len(sh.q) + 3)) * sh.tail > mp.eps * total:
        return mp.mpf(0)
    return sh.p / (sh.p + total)


def or_upper(u1, u2):
    """Slide "OR": Pr_post(g1 or g2) <= Pr_post(g1) + Pr_post(g2) (the union bound), capped at 1."""
    return min(mp.mpf(1), u1 + u2)


def or_prior(p1, p2):
    """Pr_pre(g1 or g2) for independent attributes."""
    return p1 + p2 - p1 * p2


def main_upper(prior, lo, hi, eps, r):
    """Slide "Main theorem" for one real attribute, d = |x - x'|/r, g(x) = [lo, hi], in closed form.

    The ratio term int_{X \\ g} f_X(x) / int_g e^{eps d(x, x')} f_X(x') dx' dx splits at the two sides of g:
    for x > hi the inner integral is e^{s x} int_g e^{-s x'} f_X, for x < lo it is e^{-s x} int_g e^{s x'} f_X.
    """
    from .exact import _piece
    s = mp.mpf(eps) / r
    ratio = (_piece(prior, -s, hi, mp.inf) / _piece(prior, -s, lo, hi)
             + _piece(prior, s, -mp.inf, lo) / _piece(prior, s, lo, hi))
    return 1 / (1 + ratio)


def main_upper_discrete(pmf, lo, hi, eps, r):
    """The main theorem on integers (sums for integrals): pmf maps a value to its prior probability."""
    inside = {x: v for x, v in pmf.items() if lo <= x <= hi}
    ratio = mp.fsum(v / mp.fsum(w * mp.exp(eps * abs(x - x2) / r) for x2, w in inside.items())
                    for x, v in pmf.items() if x not in inside)
    return 1 / (1 + ratio)
