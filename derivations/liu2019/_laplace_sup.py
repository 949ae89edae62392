"""The best adversary's F-beta on Laplace outputs, enclosed in ball arithmetic (issue 49).

:func:`symdp.mechanisms.laplace_loss.fbeta_star` is an mpmath search over the thresholds of the privacy loss
L = Z_1 + ... (Liu et al., PoPETs 2019, Thm 4): a refutation that takes it as one side rests on mpmath.  Here the
same quantity is enclosed.  Between the atoms of L the survivals P_h(L >= t) are sums of exponentials in t
(written out below from the law of one coordinate, laplace_loss's docstring: under h0 atoms at -s (mass 1/2) and
+s (mass e^-s/2), density e^{-(z+s)/2}/4 on (-s, s); under h1 all weighted by e^z), so F(t) = (1 + b^2) R/(R + G +
b^2) is a SymPy expression on each closed piece (its ends are the limits P(L > a) and P(L >= b), the thresholds
at the atoms taken out or in).  The supremum over a piece is enclosed by branch and bound with the mean-value
form F(m) + F'(I)(I - m): a ball [the best value at a point, the largest bound over a cover of the piece].
Beyond the atoms F is (1 + b^2)/(2 + b^2) (t below every atom) or 0.
"""
from __future__ import annotations

import functools
import heapq
import itertools
from dataclasses import dataclass

import mpmath as mp
import sympy as sp
from flint import arb

from symdp.engine.enclose.arb import compile_arb, precision, to_arb
from symdp.errors import require_mp

T, S, B, Z = sp.symbols("t s beta z", real=True)
CAP = 400
"""Intervals split at most, per piece (a counted budget: the enclosure is then the cover's bound, wider)."""
TOL = mp.mpf(2) ** -60
"""An interval whose bound is within this of the best value found is not split further."""


def _law(h: int):
    """(mass at -s, mass at +s, density on (-s, s), P_h(Z >= x) for -s < x < s) of one coordinate under h."""
    half = sp.exp(-S / 2) / 2
    if h == 0:
        return sp.Rational(1, 2), sp.exp(-S) / 2, sp.exp(-(Z + S) / 2) / 4, lambda x: half * sp.exp(-x / 2)
    return sp.exp(-S) / 2, sp.Rational(1, 2), sp.exp((Z - S) / 2) / 4, lambda x: 1 - half * sp.exp(x / 2)


def one_survival(h: int):
    """P_h(Z >= t) for -s <= t <= s (one coordinate, shift s)."""
    return _law(h)[3](T)


def pair_survivals(h: int):
    """P_h(Z_1 + Z_2 >= t), both shifts s: on [0, 2s] (the atom +s of Z_1 and z > t - s reach the interior of
    Z_2) and on [-2s, 0] (the atom +s always counts, the atom -s and z < t + s reach the interior)."""
    low, high, dens, inner = _law(h)
    right = high * inner(T - S) + sp.integrate(dens * inner(T - Z), (Z, T - S, S))
    left = (low * inner(T + S) + high + sp.integrate(dens, (Z, T + S, S))
            + sp.integrate(dens * inner(T - Z), (Z, -S, T + S)))
    return sp.simplify(right), sp.simplify(left)


def fbeta(r, g):
    """F-beta of the test with power ``r`` and false-positive rate ``g``."""
    return (1 + B ** 2) * r / (r + g + B ** 2)


@dataclass(frozen=True)
class Piece:
    """F on one closed interval of thresholds [lo s, hi s] (integers lo < hi), compiled with its derivative."""

    lo: int
    hi: int
    f: object
    slope: object

    @classmethod
    def of(cls, lo, hi, expr):
        return cls(lo, hi, compile_arb(expr, (T, S, B)), compile_arb(sp.diff(expr, T), (T, S, B)))


def _bound(piece, a, c, env, bits):
    """(F at the midpoint of [a, c] as a ball, an upper bound of F on [a, c]): the mean-value form, met with F([a, c])
    (infinite where neither is finite)."""
    m = (a + c) / 2
    ball = to_arb(a).union(to_arb(c))
    at = piece.f({T: m, **env}, bits)
    bounds = [b.upper() for b in (at + piece.slope({T: ball, **env}, bits) * (ball - to_arb(m)),
                                  piece.f({T: ball, **env}, bits)) if b.is_finite()]
    return at, min(bounds, key=float) if bounds else arb("inf")


def _largest(balls):
    return functools.reduce(lambda x, y: x.max(y), balls)


def piece_sup(piece, env, bits):
    """(lower, upper) of the supremum of F over the piece: best first (the interval with the largest bound is
    split), until that bound is within TOL of the best value at a point or CAP splits are spent."""
    with mp.workprec(bits + 64), precision(bits):
        order, heap, best = itertools.count(), [], [arb("-inf")]

        def push(a, c):
            at, upper = _bound(piece, a, c, env, bits)
            best[0] = best[0].max(at.lower())
            heapq.heappush(heap, (-float(upper), next(order), upper, a, c))
        push(piece.lo * env[S], piece.hi * env[S])
        for _ in range(CAP):
            if not heap[0][2] > best[0] + to_arb(TOL):
                break
            *_, a, c = heapq.heappop(heap)
            push(a, (a + c) / 2)
            push((a + c) / 2, c)
        return best[0], _largest([item[2] for item in heap] + best)


def sup(pieces, floor, bits, **values):
    """The supremum of F over every threshold, as a ball: the pieces' suprema and ``floor`` (F below every atom)."""
    env = {S: require_mp("s", values["s"], 0), B: require_mp("beta", values["beta"], 0)}
    with precision(bits):
        lower = upper = compile_arb(floor, (B,))({B: env[B]}, bits)
        for piece in pieces:
            a, b = piece_sup(piece, env, bits)
            lower, upper = lower.max(a), upper.max(b)
        return lower.lower().union(upper.upper())


_FLOOR = (1 + B ** 2) / (2 + B ** 2)
_MADE: dict = {}


def _pieces(key):
    if key not in _MADE:
        if key == "one":
            _MADE[key] = (Piece.of(-1, 1, fbeta(one_survival(1), one_survival(0))),)
        else:
            (r_right, r_left), (g_right, g_left) = pair_survivals(1), pair_survivals(0)
            _MADE[key] = (Piece.of(0, 2, fbeta(r_right, g_right)),
                          Piece.of(-2, 0, fbeta(r_left, g_left)))
    return _MADE[key]


def one_coordinate(bits, s, beta):
    """F*_beta of one Laplace coordinate with shift ``s`` (laplace_loss.fbeta_star([s], beta)), enclosed."""
    return sup(_pieces("one"), _FLOOR, bits, s=s, beta=beta)


def two_equal(bits, s, beta):
    """F*_beta of two independent Laplace coordinates, both with shift ``s`` (laplace_loss.fbeta_star([s, s],
    beta)), enclosed."""
    return sup(_pieces("pair"), _FLOOR, bits, s=s, beta=beta)
