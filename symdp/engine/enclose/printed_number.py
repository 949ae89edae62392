"""Printed numbers judged exactly: a printed decimal against a derived closed form.

A paper prints 0.697 for 1 - e^{-1/2}/2 = 0.69673...: is 0.697 that value
rounded to three decimals?  The printed number is read as the exact decimal it
is (:func:`.bounds.printed_fraction`); the derived one is either an exact
rational (compared in rational arithmetic) or a closed form enclosed in a ball
(python-flint ``arb``, :mod:`.arb`) at rising precision until the ball lies
inside the interval of values that round to the printed number (PROVED: the
enclosure is the proof) or outside it (ERRATUM, with the enclosure and the
correctly rounded value).  A ball that still meets a rounding boundary at the
highest precision, or a derived value with no enclosure (an mpmath oracle),
is UNDECIDED, never a guess.

Roundings: ``"nearest"`` (|printed - derived| <= half a unit of the last
printed digit; an exact tie accepts either neighbour), ``"down"`` (printed is
derived truncated: printed <= derived < printed + unit) and ``"up"`` (printed
is derived rounded up: printed - unit < derived <= printed).
"""
from __future__ import annotations

from fractions import Fraction
from numbers import Integral

import sympy as sp

from ...errors import SymdpError
from .arb import NotRigorous, compile_arb, precision
from .arb_readout import describe
from .bounds import printed_fraction
from ..model.records import Outcome, Witness
from ..model.status import Status

ROUNDINGS = ("nearest", "down", "up")
PRECISIONS = (64, 128, 256, 512, 1024, 2048, 4096)
"""Bits of the enclosures tried in turn (a deterministic sequence: no clock)."""
_WORDS = {"nearest": "rounded to nearest", "down": "truncated", "up": "rounded up"}


def judge(printed, derived, decimals: int, rounding: str = "nearest", what: str = "the derived value") -> Outcome:
    """Is ``printed`` the closed form ``derived`` rounded (``rounding``) to ``decimals`` places?"""
    _check(decimals, rounding)
    p = printed_fraction(printed, decimals)
    derived = _number(derived)
    lo, hi = _accepted(p, Fraction(1, 10**decimals), rounding)
    shown = printed.strip() if isinstance(printed, str) else _decimal(p, decimals)
    if derived.is_Rational:
        exact = Fraction(int(derived.p), int(derived.q))
        return _verdict(shown, (exact, exact), f"{what} {derived} (exact)", lo, hi, decimals, rounding,
                        "exact rational arithmetic")
    try:
        fn = compile_arb(derived, ())
    except NotRigorous as exc:
        return Outcome(Status.UNDECIDED, "ball arithmetic", f"{exc}: the printed {shown} cannot be judged exactly")
    for bits in PRECISIONS:
        ball = fn({}, bits)
        if not ball.is_finite():
            continue
        with precision(bits):  # the ends of the ball, exactly (outside it they would be rounded to 53 bits)
            ends, described = (_exact(ball.lower()), _exact(ball.upper())), describe(ball, 12)
        out = _verdict(shown, ends, f"{what} in {described}", lo, hi, decimals, rounding,
                       f"ball arithmetic (arb enclosure at {bits} bits)")
        if out is not None:
            return out
    return Outcome(Status.UNDECIDED, "ball arithmetic",
                   f"the enclosure of {what} still meets a rounding boundary of the printed {shown} at "
                   f"{PRECISIONS[-1]} bits")


def _verdict(shown, ends, described, lo, hi, decimals, rounding, method):
    """PROVED when the whole enclosure rounds to the printed number, ERRATUM when none of it does, else None."""
    a, b = ends
    word = _WORDS[rounding]
    if _within(a, lo) and _within_hi(b, hi):
        return Outcome(Status.PROVED, method, f"printed {shown} is {described} {word} to {decimals} decimal(s)")
    if not _within_hi(a, hi) or not _within(b, lo):
        right = _decimal(_round((a + b) / 2, decimals, rounding), decimals)
        return Outcome(Status.ERRATUM, method, f"printed {shown}, but {described} {word} to {decimals} "
                                               f"decimal(s) is {right}", Witness((), shown, right), digits=0)
    return None


def _within(a, lo) -> bool:
    return a > lo[0] or (a == lo[0] and lo[1])


def _within_hi(b, hi) -> bool:
    return b < hi[0] or (b == hi[0] and hi[1])


def interval(printed, decimals: int, rounding: str = "nearest"):
    """((lo, closed), (hi, closed)): the values that ``rounding`` to ``decimals`` places maps to ``printed``."""
    _check(decimals, rounding)
    return _accepted(printed_fraction(printed, decimals), Fraction(1, 10**decimals), rounding)


def _accepted(p: Fraction, unit: Fraction, rounding: str):
    """((lo, closed), (hi, closed)): the derived values that the rounding maps to ``p``."""
    if rounding == "nearest":
        return (p - unit / 2, True), (p + unit / 2, True)
    if rounding == "down":
        return (p, True), (p + unit, False)
    return (p - unit, False), (p, True)


def _round(v: Fraction, decimals: int, rounding: str) -> Fraction:
    scaled = v * 10**decimals
    whole = {"nearest": round(scaled), "down": scaled.numerator // scaled.denominator,
             "up": -((-scaled.numerator) // scaled.denominator)}[rounding]
    return Fraction(whole, 10**decimals)


def _decimal(v: Fraction, decimals: int) -> str:
    scaled = v * 10**decimals
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator) // scaled.denominator).rjust(decimals + 1, "0")
    return sign + (digits[:-decimals] + "." + digits[-decimals:] if decimals else digits)


def _exact(x) -> Fraction:
    man, exp = x.mid().man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


def _number(derived):
    value = sp.sympify(derived) if not isinstance(derived, sp.Basic) else derived
    if not isinstance(value, sp.Basic) or value.free_symbols or isinstance(value, sp.Float):
        raise SymdpError("derived", derived, "a closed-form number (a SymPy expression without free symbols, "
                         "not a Float: pass the exact expression, e.g. 1 - exp(-1/2)/2)")
    return value


def _check(decimals, rounding) -> None:
    if rounding not in ROUNDINGS:
        raise SymdpError("rounding", rounding, "'nearest', 'down' (truncated) or 'up' (rounded up)")
    if isinstance(decimals, bool) or not isinstance(decimals, Integral) or not 0 <= decimals <= 30:
        raise SymdpError("decimals", decimals, "an integer in [0, 30]")
