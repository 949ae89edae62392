"""A claim's domain mapped onto the unit box: s = lo + (hi - lo) u, or a monotone map to infinity.

Each symbol of the domain (an interval whose ends may depend on earlier
symbols) gets a coordinate u in [0, 1]: ``lo + (hi - lo) u`` between finite
ends, ``lo + u/(1 - u)`` up to +oo, ``hi - (1 - u)/u`` down from -oo and
``(2u - 1)/(u (1 - u))`` over the whole line.  Every map is increasing in u, so
the box [0, 1]^d covers the domain (the ends at infinity are limits, never
points of it).  Integer symbols are not charted (:mod:`.values` enumerates a finite range; else they are sampled).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..model import domain as dom


@dataclass(frozen=True)
class Chart:
    """The change of variables x = phi(u) of a domain."""

    symbols: tuple
    coords: tuple
    forward: dict
    """x_i -> expression in u_1..u_i."""
    infinite: tuple
    """Per coordinate: (u = 0 is at -oo, u = 1 is at +oo)."""
    open_ends: tuple
    """Per coordinate: (the end at u = 0 is not in the domain, the end at u = 1 is not)."""
    free: tuple
    """Per coordinate: no later interval depends on this symbol (x-derivatives are u-derivatives' signs)."""
    ends: tuple = ()
    """Per coordinate: its symbol's interval ends (in the other symbols), at u = 0 and at u = 1."""


def _coordinate(k: int) -> sp.Symbol:
    return sp.Symbol(f"u_{k}", real=True)


def _finite(end) -> bool:
    """Not +-oo: a number, or an expression in earlier coordinates (finite at every point of the domain; SymPy's
    ``is_finite`` is None for a symbol without that assumption, and taking such an end as infinite would chart
    the whole line, a superset that loses the claim's dependent bound)."""
    return not end.has(sp.oo, sp.S.NegativeInfinity, sp.zoo)


def _map(lo, hi, u):
    if _finite(lo) and _finite(hi):
        return lo + (hi - lo) * u, (False, False)
    if _finite(lo):
        return lo + u / (1 - u), (False, True)
    if _finite(hi):
        return hi - (1 - u) / u, (True, False)
    return (2 * u - 1) / (u * (1 - u)), (True, True)


def chart(domain: dict) -> Chart | None:
    """The chart of ``domain`` (symbols in order), or None when a symbol is an integer."""
    forward, infinite, open_ends, free, ends = {}, [], [], [], []
    symbols = tuple(domain)
    for k, (s, iv) in enumerate(domain.items()):
        if s.is_integer:
            return None
        if not iv.free_symbols:
            iv = dom.concrete(s, iv, {})
        ends.append((sp.sympify(iv.start), sp.sympify(iv.end)))
        lo, hi = (e.xreplace(forward) for e in ends[-1])
        x, inf = _map(lo, hi, _coordinate(k))
        forward[s] = x
        infinite.append(inf)
        open_ends.append((bool(iv.left_open) or inf[0], bool(iv.right_open) or inf[1]))
        free.append(not any(s in later.free_symbols for later in list(domain.values())[k + 1:]))
    coords = tuple(_coordinate(k) for k in range(len(symbols)))
    return Chart(symbols, coords, forward, tuple(infinite), tuple(open_ends), tuple(free), tuple(ends))
