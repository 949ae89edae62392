"""One-sided printed values: a printed number that is one side of a bound.

A paper that prints "the largest epsilon meeting a bound" may print it
truncated, never rounded up: a reader who uses a printed 2.18 where the largest
admissible epsilon is 2.1734... breaks the bound.  Likewise a smallest noise
scale may be rounded up, never down.  :func:`one_sided` decides such a
comparison: the printed value must lie on the *safe side* of the derived one and
within one unit of its last printed digit.

The comparison is exact: the printed value is read as the decimal it is (a
string such as ``"2.17"``, an integer, a ``Fraction``/``Decimal``/SymPy
``Rational``), the derived value (an mpmath number carried to at least
:data:`DIGITS` significant digits) is turned into the exact binary fraction it
holds, and the two are compared in rational arithmetic.  A difference smaller
than the derived value's own precision (:data:`DIGITS` minus :data:`GUARD`
digits) is no witness: the two count as equal, which is the safe side.  The
outcome depends on the inputs only (no clock, no sampling).
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Integral

import sys

import mpmath as mp

from ...errors import SymdpError
from ..model.status import Status

AT_MOST = "at most"
"""The printed value must not exceed the derived one (a largest epsilon, an upper bound on risk)."""
AT_LEAST = "at least"
"""The printed value must not fall below the derived one (a smallest noise scale, a lower bound)."""
SIDES = (AT_MOST, AT_LEAST)
DIGITS = 50
"""Significant digits the derived value is expected to carry."""
GUARD = 5
"""Digits given up to the derived value's own rounding: a relative difference below
10^-(DIGITS - GUARD) cannot be told from zero and counts as equality."""
SHOWN = 10
"""Significant digits of the derived value shown in a detail."""
_DEFAULT_WHAT = {AT_MOST: "the largest admissible value", AT_LEAST: "the smallest admissible value"}


def _is_sympy(value, kind: str) -> bool:
    """``isinstance(value, sympy.<kind>)`` without importing SymPy (a value cannot be one if it is not loaded)."""
    sympy = sys.modules.get("sympy")
    return sympy is not None and isinstance(value, getattr(sympy, kind))


def method(safe: str, enclosed: bool = False, absent: bool = False) -> str:
    """The (deterministic) method string of a one-sided comparison: against an arb enclosure of the derived
    value when it was given in closed form and the comparison is decided outside the enclosure's radius;
    ``absent``: no value meets the bound, shown by an arb enclosure of a :class:`NoValue`'s margin."""
    if absent:
        return (f"one-sided comparison (printed {safe} derived), no value meets the bound: an arb enclosure at "
                f"{ENCLOSURE_BITS} bits of its margin excludes 0")
    against = "an arb enclosure of the derived value" if enclosed else f"the derived value at {DIGITS} digits"
    return f"one-sided comparison (printed {safe} derived), exact rational arithmetic against {against}"


ENCLOSURE_BITS = 256
"""Bits of working precision of the enclosure of a derived value given in closed form (radius about 10^-70)."""


@dataclass(frozen=True)
class NoValue:
    """A derived side that says no value meets the bound, and why, in closed form.

    ``margin``: a SymPy expression with no free symbols that is positive because no value meets the bound (the
    least value of the constrained quantity minus the bound, say); ``meaning``: what it is, in words, for the
    detail ("F*_beta's least value (1 + beta^2)/(2 + beta^2) minus the bound 0.55").  :func:`one_sided` encloses
    the margin in arb: when the enclosure lies above 0 the absence is certified (the method says so), when it
    lies below 0 a value does meet the bound and the input is refused; an enclosure that contains 0, or a margin
    with no enclosure, decides nothing and the comparison reads as with ``derived=None``.
    """

    margin: object
    meaning: str


def enclosure(derived) -> tuple[Fraction, Fraction] | None:
    """(midpoint, radius) of an arb enclosure of a SymPy closed form with no free symbols: the derived value lies
    within ``radius`` of ``midpoint`` (both exact fractions); None when ``derived`` is not one or not enclosed."""
    if not _is_sympy(derived, "Basic") or getattr(derived, "free_symbols", True):
        return None
    from .arb import NotRigorous, compile_arb
    try:
        ball = compile_arb(derived, ())({}, ENCLOSURE_BITS)
    except (NotRigorous, ValueError, TypeError, ZeroDivisionError):
        return None
    if not ball.is_finite():
        return None
    mid = Fraction(Decimal(ball.mid().str(80, radius=False)))   # within 10^-79 relative of arb's midpoint
    return mid, Fraction(Decimal(ball.rad().str(5, radius=False))) * 2 + abs(mid) / 10**78 + Fraction(1, 10**78)


def printed_fraction(printed, decimals: int) -> Fraction:
    """The exact value of a printed number, checked to have at most ``decimals`` decimals."""
    if isinstance(printed, bool):
        raise SymdpError("printed", printed, "a number as printed, e.g. '2.17'")
    try:
        if isinstance(printed, str):
            value = Fraction(Decimal(printed.strip()))
        elif isinstance(printed, float):
            value = Fraction(Decimal(repr(printed)))   # the shortest decimal that round-trips
        elif isinstance(printed, (Integral, Fraction, Decimal)):
            value = Fraction(printed)
        elif _is_sympy(printed, "Rational"):
            value = Fraction(int(printed.p), int(printed.q))
        else:
            raise TypeError(type(printed).__name__)
    except (ArithmeticError, ValueError, TypeError):
        raise SymdpError("printed", printed, "a finite decimal number as printed, e.g. '2.17', or an exact "
                         "rational; None when no value is printed") from None
    if (value * 10**decimals).denominator != 1:
        raise SymdpError("printed", printed, f"a number with at most {decimals} decimal(s) (decimals={decimals})")
    return value


def derived_fraction(derived) -> tuple[Fraction, mp.mpf]:
    """The exact binary fraction an mpmath number holds (and the number itself)."""
    with mp.workdps(DIGITS + 2 * GUARD):
        if _is_sympy(derived, "Basic"):
            derived = derived.evalf(DIGITS + 2 * GUARD)
            if not derived.is_real or not derived.is_finite:
                raise SymdpError("derived", derived, "a finite real number, or None when no value meets the bound")
            value = mp.mpf(str(derived))
        else:
            value = mp.mpf(derived) if not isinstance(derived, str) else mp.mpf(derived.strip())
    if not mp.isfinite(value):
        raise SymdpError("derived", derived, "a finite real number, or None when no value meets the bound")
    man, exp = value.man_exp
    return Fraction(int(man)) * Fraction(2) ** int(exp), value


def safe_round(derived, safe: str, decimals: int) -> Decimal:
    """``derived`` rounded to ``decimals`` places toward the safe side (down for "at most", up for "at least").

    A derived value within its own precision of a multiple of the unit is that multiple.
    """
    _check(safe, decimals)
    return _safe_round(derived_fraction(derived)[0], safe, decimals)


def _tie(exact: Fraction) -> Fraction:
    """Differences up to this size cannot be told from zero at the derived value's precision."""
    return max(abs(exact), Fraction(1)) / Fraction(10) ** (DIGITS - GUARD)


def _safe_round(exact: Fraction, safe: str, decimals: int) -> Decimal:
    scaled = exact * 10**decimals
    near = round(scaled)
    if abs(scaled - near) <= _tie(exact) * 10**decimals:
        return Decimal(near).scaleb(-decimals)
    whole = scaled.numerator // scaled.denominator          # floor
    if safe == AT_LEAST:
        whole += 1
    return Decimal(whole).scaleb(-decimals)


def _nearest(exact: Fraction, decimals: int) -> Decimal:
    """Rounded to ``decimals`` places, half to even (exact: ``round`` of a Fraction)."""
    return Decimal(round(exact * 10**decimals)).scaleb(-decimals)


def one_sided(printed, derived, safe: str, decimals: int, what: str = "") -> Outcome:
    """Judge a printed number that is one side of a bound against the derived value.

    ``printed``: the number as printed (``"2.17"``, an integer, an exact
    rational), or None when the text prints that no value exists (a dash).
    ``derived``: the derived value (mpmath number at >= :data:`DIGITS` digits,
    or a SymPy closed form, then enclosed in arb), or None when no value meets
    the bound (a :class:`NoValue` when the reason has a closed form: its
    enclosure certifies the absence).  ``safe``: :data:`AT_MOST` (printed
    must be <= derived, e.g. a largest epsilon) or :data:`AT_LEAST` (printed
    must be >= derived, e.g. a smallest noise).  ``decimals``: how many
    decimals the printed number has (trailing zeros may be dropped in print).
    ``what`` names the derived quantity in the detail ("the largest epsilon").

    VERIFIED: the printed value is on the safe side and within one unit of its
    last printed digit of the derived value (or both say no value exists).
    ERRATUM: it is on the unsafe side (even by less than the rounding), further
    off than one unit, printed where no value exists, or missing where one does.
    """
    from ..model.records import Outcome
    _check(safe, decimals)
    what = what or _DEFAULT_WHAT[safe]
    how = method(safe)
    shown_p = None if printed is None else _show_printed(printed_fraction(printed, decimals), printed)
    if derived is None or isinstance(derived, NoValue):
        how, why = _absence(derived, safe)
        if printed is None:
            return Outcome(Status.VERIFIED, how, "no value meets the bound, as printed" + why)
        return Outcome(Status.ERRATUM, how, f"printed {shown_p}, but no value meets the bound: "
                                            f"{what} does not exist" + why)
    exact, value = derived_fraction(derived)
    shown_d = _show_derived(exact, value)
    if printed is None:
        return Outcome(Status.ERRATUM, how, f"printed that no value exists, but {what} is {shown_d}",
                       digits=DIGITS)
    p = printed_fraction(printed, decimals)
    unit = Fraction(1, 10**decimals)
    ball = enclosure(derived)
    if ball is not None:
        exact = ball[0]                # the enclosure's midpoint: the derived value is within ball[1] of it
    excess = p - exact if safe == AT_MOST else exact - p      # > 0: on the unsafe side
    if ball is not None and abs(excess) > ball[1] + _tie(exact) and abs(abs(excess) - unit) > ball[1] + _tie(exact):
        how = method(safe, enclosed=True)   # every decision below is the same at every point of the enclosure
    rel = "<=" if safe == AT_MOST else ">="
    if abs(excess) <= _tie(exact):
        return Outcome(Status.VERIFIED, how, f"printed {shown_p} equals {what} {shown_d} to "
                                             f"{DIGITS - GUARD} significant digits (safe side)", digits=DIGITS)
    if excess > 0:
        verb = "exceeds" if safe == AT_MOST else "is below"
        why = ""
        if Fraction(_nearest(exact, decimals)) == p:
            why = (f" ({shown_p} is {shown_d} rounded to nearest; toward the safe side it is "
                   f"{_show_decimal(_safe_round(exact, safe, decimals))})")
        return Outcome(Status.ERRATUM, how, f"printed {shown_p} {verb} {what} {shown_d}: a reader using it "
                                            f"would break the bound{why}", digits=DIGITS)
    toward_safe = _show_decimal(_safe_round(exact, safe, decimals))
    if -excess > unit + _tie(exact):
        return Outcome(Status.ERRATUM, how, f"printed {shown_p} is on the safe side of {what} {shown_d} but off by "
                                            f"more than one unit of its last printed digit "
                                            f"({_show_decimal(Decimal(1).scaleb(-decimals))}); toward the safe "
                                            f"side it is {toward_safe}", digits=DIGITS)
    if Fraction(_safe_round(exact, safe, decimals)) == p:
        how_printed = "truncated" if safe == AT_MOST else "rounded up"
    else:
        how_printed = "within one unit of the last printed digit"
    return Outcome(Status.VERIFIED, how, f"printed {shown_p} {rel} derived {shown_d} (safe side, {how_printed})",
                   digits=DIGITS)


def _absence(derived, safe: str) -> tuple[str, str]:
    """The method of a comparison where no value meets the bound, and what certifies the absence (for the
    detail): an arb enclosure of a :class:`NoValue`'s margin above 0, or nothing."""
    if derived is None:
        return method(safe), ""
    ball = enclosure(derived.margin)
    if ball is None:
        return method(safe), ""
    mid, rad = ball
    if mid + rad < 0:
        raise SymdpError("derived", derived, f"a NoValue whose margin is positive; an arb enclosure of "
                                             f"{derived.margin} lies below 0, so a value meets the bound")
    if mid - rad <= 0:
        return method(safe), ""
    lo, hi = _outward(mid - rad, "floor"), _outward(mid + rad, "ceiling")
    return method(safe, absent=True), (f" ({derived.meaning} is {derived.margin}: its arb enclosure at "
                                       f"{ENCLOSURE_BITS} bits lies in [{lo}, {hi}], above 0)")


MARGIN_SHOWN = 4
"""Significant digits of the ends of a margin's enclosure shown in a detail (rounded outward: still an enclosure)."""


def _outward(x: Fraction, direction: str) -> str:
    """``x`` > 0 to :data:`MARGIN_SHOWN` significant digits, rounded toward ``direction`` ("floor" or "ceiling")."""
    from decimal import ROUND_CEILING, ROUND_FLOOR, localcontext
    with localcontext() as ctx:
        ctx.prec = 120
        value = Decimal(x.numerator) / Decimal(x.denominator)
        unit = Decimal(1).scaleb(value.adjusted() - MARGIN_SHOWN + 1)
        return format(value.quantize(unit, rounding=ROUND_FLOOR if direction == "floor" else ROUND_CEILING), "f")


def _check(safe: str, decimals: int) -> None:
    if safe not in SIDES:
        raise SymdpError("safe", safe, "'at most' (printed <= derived) or 'at least' (printed >= derived)")
    if isinstance(decimals, bool) or not isinstance(decimals, Integral) or not 0 <= decimals <= 30:
        raise SymdpError("decimals", decimals, "an integer in [0, 30]")


def _show_decimal(d: Decimal) -> str:
    return format(d, "f")


def _show_printed(value: Fraction, printed) -> str:
    if isinstance(printed, str):
        return printed.strip()
    return _show_decimal(Decimal(value.numerator) / Decimal(value.denominator))


def _show_derived(exact: Fraction, value: mp.mpf) -> str:
    """SHOWN significant digits; "..." when that is not the derived value (to its precision)."""
    with mp.workdps(DIGITS + 2 * GUARD):
        text = mp.nstr(value, SHOWN)
    if "e" in text:
        return text + "..."
    if text.endswith(".0"):
        text = text[:-2]
    return text if abs(Fraction(Decimal(text)) - exact) <= _tie(exact) else text + "..."
