"""Points of a domain and constants, enclosed: the middle of a domain, a constant's arb ball, a float near a
value (only to choose what is then proved, never as a proof)."""
from __future__ import annotations

import sympy as sp

from ..enclose.arb import ArbFn, NotRigorous
from .chart import chart


def middle(domain):
    """The point of ``domain`` at the centre of its chart's unit box ({} when it has none)."""
    ch = chart(domain) if domain else None
    if ch is None:
        return {}
    half = {u: sp.Rational(1, 2) for u in ch.coords}
    return {t: ch.forward[t].xreplace(half) for t in ch.symbols}


def ball(c):
    """An arb enclosure of the constant ``c`` at 128 bits, or None (no enclosure, or not finite)."""
    try:
        v = ArbFn(sp.sympify(c), ())({}, 128)
    except (NotRigorous, ValueError, TypeError, ZeroDivisionError, ArithmeticError, KeyError, RecursionError):
        return None
    return v if v.is_finite() else None


def value(c, at):
    """A float near ``c`` at the point ``at`` (to choose a sign or an order that is then proved)."""
    v = ball(sp.sympify(c).xreplace(at))
    return None if v is None else float(v.mid())
