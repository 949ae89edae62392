"""Balls read out: an enclosure as outward-rounded decimal text, a midpoint as an mpf, both exactly.

:func:`describe` gives the ``[lo, hi]`` a witness text shows (each end rounded away from the ball, in
exact rational arithmetic, so the printed interval still contains it); :func:`as_mpf` gives the binary
midpoint of a ball as an mpmath number without rounding.
"""
from __future__ import annotations

import math
from fractions import Fraction

import mpmath as mp
from flint import arb


def describe(ball: arb, digits: int = 6) -> str:
    """``[lo, hi]`` with outward-rounded ends, for witness texts."""
    lo, hi = ball.lower(), ball.upper()
    return f"[{_down(lo, digits)}, {_up(hi, digits)}]"


def _down(x: arb, digits: int) -> str:
    return _rounded(x, digits, math.floor)


def _up(x: arb, digits: int) -> str:
    return _rounded(x, digits, math.ceil)


def _rounded(x: arb, digits: int, rnd) -> str:
    """The exact end ``x`` (an exact arb) rounded outward to ``digits`` significant digits, exactly."""
    if x.is_zero():
        return "0"
    man, exp = x.mid().man_exp()
    v = Fraction(int(man)) * Fraction(2) ** int(exp)
    e10 = _decimal_exponent(abs(v)) - digits + 1
    r = rnd(v / Fraction(10) ** e10)
    sign, text = ("-" if r < 0 else ""), str(abs(r))
    e10 += len(text) - 1
    mant = text[0] + ("." + text[1:].rstrip("0") if text[1:].rstrip("0") else "")
    return f"{sign}{mant}e{e10:+d}" if e10 else f"{sign}{mant}"


def _decimal_exponent(v: Fraction) -> int:
    """floor(log10 v) for a positive rational v, exactly."""
    e = len(str(v.numerator)) - len(str(v.denominator))
    while Fraction(10) ** e > v:
        e -= 1
    while Fraction(10) ** (e + 1) <= v:
        e += 1
    return e


def as_mpf(x: arb) -> mp.mpf:
    """The midpoint of ``x`` as an mpf, exactly (arb midpoints are binary numbers)."""
    man, exp = x.mid().man_exp()
    man = int(man)
    with mp.workprec(max(53, man.bit_length() + 2)):
        return mp.ldexp(mp.mpf(man), int(exp))
