"""Rule ``X``: a box closed by interval arithmetic on exact ends, where a ball's radius has lost the sign.

An arb ball is a midpoint and a radius rounded up to 30 bits, so the range [a, b] of a term with b/a huge
(exp(t^2/2) over t in [71.0, 71.2] spans e^2520 .. e^2533) is held as a ball whose lower end is about
-2^-30 b: positive terms become balls around 0, and 1/sinh(eps/2)^2 over eps in [2e4, 2.1e4] is not even
finite.  Interval arithmetic on (lo, hi) pairs of narrow balls (:mod:`.ext`; Moore, Kearfott and Cloud,
"Introduction to Interval Analysis", SIAM 2009, ch. 2-4) keeps each end to full precision and closes such
boxes.  It is asked only where the ball enclosure failed that way (not finite, or failing the claimed sign
by less than 2^-20 of its other end), so it costs nothing on the boxes the ball closes or plainly fails.
The rule reads only enclosures, so it is sound on its own and a replay re-checks it.
"""
from __future__ import annotations

from flint import arb

from ..enclose.arb import precision
from ..model.budget import charge
from ..enclose import ext

SLACK = arb(2) ** -20
"""A ball enclosure whose wrong side is within this fraction of its right side is asked again by ends."""


def worth(problem, box, value) -> bool:
    """The ball enclosure ``value`` of f on ``box`` (None: not finite) may have lost the sign to rounding."""
    if problem._at_infinity(box):
        return False
    if value is None:
        return True
    lo, hi = value
    if ext._inf(lo) or ext._inf(hi) or not (lo < 0 < hi or (problem.strict and lo <= 0 < hi)):
        return False
    return bool(abs(lo) < SLACK * abs(hi))


def close(problem, box) -> bool:
    """f on ``box`` by interval arithmetic on exact ends has the claimed sign."""
    from .rules import EXTENDED, _cost, _exact, nonnegative, positive
    p = problem.smooth_on(box) or problem
    if not worth(p, box, p.value(box)):
        return False
    charge(EXTENDED * _cost(p.fn))
    with precision(p.prec):
        ends = {u: (_exact(a), _exact(b)) for u, (a, b) in zip(p.chart.coords, box)}
        v = ext.evaluate(p.F, ends)
    return v is not None and (positive(v) if p.strict else nonnegative(v))
