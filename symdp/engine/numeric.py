"""High-precision numeric evidence: identities and signs on seeded samples.

Everything runs in mpmath inside ``workdps`` (never by changing the global
precision).  A point that disagrees at the working precision is re-evaluated at
twice the precision: a disagreement that shrinks is rounding noise, one that
stays is a counterexample.  VERIFIED is the strongest status this module gives.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp
import sympy as sp

from . import domain as dom
from .records import Outcome, Witness
from .status import Status

DPS = 60
"""Working precision (significant decimal digits) of every numeric check."""
DIGITS = 50
"""Digits two values must agree to at the working precision."""
POINTS = 30
"""Sample points per numeric check."""


@dataclass(frozen=True)
class Compiled:
    """An expression compiled to an mpmath function of the domain's symbols."""

    fn: object
    symbols: tuple

    def __call__(self, point: dict):
        return self.fn(*(point[s] for s in self.symbols))


def erfcinv(y):
    """Inverse of erfc at the working precision (mpmath has erfinv only; 1 - y would lose the tail)."""
    y = mp.mpf(y)
    x = mp.erfinv(1 - y) if y > mp.mpf("1e-10") else mp.sqrt(-mp.log(y * mp.sqrt(mp.pi)))
    return mp.findroot(lambda v: mp.erfc(v) - y, x)


EXTRA = {"erfcinv": erfcinv}
"""Functions SymPy prints that mpmath lacks under that name."""


def compile_expr(expr: sp.Basic, symbols) -> Compiled:
    """Compile a SymPy expression for mpmath (our own expressions, never user text)."""
    symbols = tuple(symbols)
    return Compiled(sp.lambdify(symbols, expr, modules=[EXTRA, "mpmath"]), symbols)


def digits_agreed(a, b, dps: int) -> int:
    """Significant decimal digits on which ``a`` and ``b`` agree (capped at ``dps``)."""
    diff = abs(a - b)
    if diff == 0:
        return dps
    scale = max(abs(a), abs(b))
    return max(0, min(dps, int(mp.floor(-mp.log10(diff / scale)))))


def _evaluate(f, point: dict, dps: int):
    with mp.workdps(dps):
        p = {s: mp.mpf(v) for s, v in point.items()}
        return f(p)


def _witness(point: dict, lhs, rhs) -> Witness:
    fmt = lambda v: mp.nstr(v, 20)
    return Witness(tuple((str(s), fmt(v)) for s, v in point.items()), fmt(lhs), fmt(rhs))


ESCALATION = (2, 4, 8)
"""Multiples of DPS at which a disagreeing point is re-evaluated before it counts."""


def _is_noise(f, g, point: dict, diff) -> bool:
    """Whether a difference seen at DPS shrinks by DPS/2 orders at some higher precision.

    Cancellation between huge terms (e^700 and friends) can need hundreds of
    digits, so the precision is raised step by step; a real difference stays put.
    A difference between two values that are not tiny and that reproduces to
    20 digits at twice the precision is taken as real at once (absorption by a
    huge term shows up as 0 or as a precision-dependent value, not as that).
    """
    floor = mp.mpf(10) ** (-(DPS // 3))
    for k in ESCALATION:
        a, b = _evaluate(f, point, k * DPS), _evaluate(g, point, k * DPS)
        hi = abs(a - b)
        if hi <= diff * mp.mpf(10) ** (-(DPS // 2)):
            return True
        if k == ESCALATION[0] and min(abs(a), abs(b)) > floor and digits_agreed(hi, diff, DPS) >= 20:
            return False
    return False


def _agree(f, g, point: dict, digits: int):
    """(agreed digits or None for a counterexample, lhs, rhs) at one point."""
    a, b = _evaluate(f, point, DPS), _evaluate(g, point, DPS)
    got = digits_agreed(a, b, DPS)
    if got >= digits:
        return got, a, b
    if _is_noise(f, g, point, abs(a - b)):
        return DPS, a, b
    return None, a, b


def check_equal(f, g, domain: dict, key: str, what: str = "both sides",
                n: int = POINTS, digits: int = DIGITS) -> Outcome:
    """Compare two mpmath callables on a seeded sample of ``domain``."""
    with mp.workdps(DPS):
        points = dom.sample(domain, n, key)
    least = DPS
    for point in points:
        try:
            got, a, b = _agree(f, g, point, digits)
        except (ValueError, ZeroDivisionError, TypeError, OverflowError) as exc:
            return Outcome(Status.UNDECIDED, "numeric", f"evaluation failed at a sample point: {exc}")
        if got is None:
            w = _witness(point, a, b)
            return Outcome(Status.REFUTED, "numeric counterexample",
                           f"{what} differ {w.describe()}", w, len(points), 0)
        least = min(least, got)
    detail = f"{what} agree to >= {least} significant digits at {len(points)} seeded points ({DPS}-digit arithmetic, edges included)"
    return Outcome(Status.VERIFIED, "numeric sample", detail, None, len(points), least)


SIGNS = {
    "positive": lambda v: v > 0,
    "negative": lambda v: v < 0,
    "nonnegative": lambda v: v >= 0,
    "nonpositive": lambda v: v <= 0,
}


def _sign_at(f, point: dict, sign: str):
    """(holds, value) at a point.

    A value above 10^-(DPS/3) in size is taken as it is.  A smaller one is
    evaluated again at four times the working precision: if the two agree to 10 or more digits the value is real, whatever its size
    (e^-700 is not zero); if the precise one is smaller by DPS/2 orders, the
    first was rounding noise around 0; otherwise the precise one is used.
    """
    v = _evaluate(f, point, DPS)
    if v == 0 or abs(v) > mp.mpf(10) ** (-(DPS // 3)):  # far from 0: not rounding noise
        return SIGNS[sign](v), v
    v4 = _evaluate(f, point, 4 * DPS)
    if digits_agreed(v, v4, DPS) < 10:
        v = mp.mpf(0) if abs(v4) <= abs(v) * mp.mpf(10) ** (-(DPS // 2)) else v4
    return SIGNS[sign](v), v


def check_sign(f, sign: str, domain: dict, key: str, n: int = POINTS) -> Outcome:
    """Check the sign of an mpmath callable on a seeded sample of ``domain``."""
    with mp.workdps(DPS):
        points = dom.sample(domain, n, key)
    for point in points:
        try:
            holds, v = _sign_at(f, point, sign)
        except (ValueError, ZeroDivisionError, TypeError, OverflowError) as exc:
            return Outcome(Status.UNDECIDED, "numeric", f"evaluation failed at a sample point: {exc}")
        if not holds:
            w = _witness(point, v, mp.mpf(0))
            return Outcome(Status.REFUTED, "numeric counterexample",
                           f"not {sign} {w.describe()}", w, len(points), 0)
    detail = f"{sign} at {len(points)} seeded points ({DPS}-digit arithmetic, edges included)"
    return Outcome(Status.VERIFIED, "numeric sample", detail, None, len(points), DPS)
