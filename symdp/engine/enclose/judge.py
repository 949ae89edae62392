"""One point judged by enclosures: a sign or an equality read off arb balls.

The precision rises through :data:`BITS` while the ball of the difference (or
of the value) still contains 0; a verdict "differs" is given only when the ball
excludes 0 on the wrong side, so it is a proof that the point violates the
claim (Johansson 2017, arb's enclosure guarantee).  Agreement is a ball of the
difference small relative to the sides.  Anything else is "unclear".
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp
from flint import arb

from .arb_readout import as_mpf, describe

BITS = (64, 128, 256, 512, 1024, 2048, 4096)
"""Precisions (bits) tried in turn; 4096 bits is the cap."""
MAX_BITS = BITS[-1]


@dataclass(frozen=True)
class Verdict:
    """What one point shows: "agrees"/"vanishes"/"holds" (with digits), "differs" (certain),
    "uncertified" (an mpmath disagreement that certifies nothing) or "unclear"."""

    kind: str
    digits: int = 0
    lhs: object = None
    rhs: object = None
    why: str = ""


def _digits(a: arb, b: arb, d: arb, cap: int) -> int:
    """Significant decimal digits the enclosures guarantee ``a`` and ``b`` agree to (capped)."""
    if d.is_zero():
        return cap
    scale = max(as_mpf(abs(a).lower()), as_mpf(abs(b).lower()))
    if scale <= 0:
        return 0
    with mp.workprec(64):
        return max(0, min(cap, int(mp.floor(-mp.log10(as_mpf(abs(d).upper()) / scale)))))


def _differs(d: arb, bits: int, what: str) -> str:
    if d.is_zero():
        return f"certified: the {what} is exactly 0 in ball arithmetic at {bits} bits"
    return f"certified: arb enclosure {describe(d)} of the {what} excludes 0 at {bits} bits"


def judge_equal_arb(f, g, point: dict, digits: int, dps: int) -> Verdict:
    """Equality of two :class:`.arb.ArbFn` at ``point``."""
    last = None
    for bits in BITS:
        a, b = f(point, bits), g(point, bits)
        d = a - b
        if not d.is_finite():
            continue
        if not d.contains(0):
            return Verdict("differs", 0, as_mpf(a.mid()), as_mpf(b.mid()), _differs(d, bits, "difference"))
        agreed = _digits(a, b, d, dps)
        if agreed >= digits:
            return Verdict("agrees", min(dps, agreed), as_mpf(a.mid()), as_mpf(b.mid()))
        last = (a, b, d)
    if last is not None and _tiny(*last, digits):
        a, b, _ = last
        return Verdict("vanishes", 0, as_mpf(a.mid()), as_mpf(b.mid()))
    return Verdict("unclear")


def _tiny(a: arb, b: arb, d: arb, digits: int) -> bool:
    """The difference is below 10^-digits of the larger side (or of 1): agreement to the arithmetic."""
    scale = max(as_mpf(abs(a).upper()), as_mpf(abs(b).upper()), mp.mpf(1))
    return as_mpf(abs(d).upper()) <= scale * mp.mpf(10) ** (-digits)


HOLDS = {
    "positive": lambda v: v > 0,
    "negative": lambda v: v < 0,
    "nonnegative": lambda v: v >= 0,
    "nonpositive": lambda v: v <= 0,
}
VIOLATED = {
    "positive": lambda v: v <= 0,
    "negative": lambda v: v >= 0,
    "nonnegative": lambda v: v < 0,
    "nonpositive": lambda v: v > 0,
}


def judge_sign_arb(f, point: dict, sign: str, dps: int) -> Verdict:
    """The sign of an :class:`.arb.ArbFn` at ``point``.

    A non-strict sign whose value stays within 10^-dps of 0 at the cap holds to
    the precision of the arithmetic (evidence for VERIFIED, never a proof).
    """
    v = None
    for bits in BITS:
        v = f(point, bits)
        if not v.is_finite():
            continue
        if HOLDS[sign](v):
            return Verdict("holds", dps, as_mpf(v.mid()), 0)
        if VIOLATED[sign](v):
            return Verdict("differs", 0, as_mpf(v.mid()), mp.mpf(0), _differs(v, bits, "value"))
    if v is not None and v.is_finite() and sign.startswith("non") and _tiny(v, arb(0), v, dps):
        return Verdict("holds", dps, as_mpf(v.mid()), 0)
    return Verdict("unclear")
