"""Domains of claims: an interval per free symbol, seeded sample points.

A domain maps each free symbol of a claim to a SymPy ``Interval`` whose ends
may depend on symbols listed before it (``{beta: (0, oo), eps:
[log(1 + beta**2), oo)}``).  Symbols left out get the interval their
assumptions give (positive: (0, oo); real: the real line).
"""
from __future__ import annotations

import random
import zlib

import mpmath as mp
import sympy as sp

from ..errors import SymdpError

EDGE_OFFSETS = ("1e-9", "1e-3", "0.5", "2", "40", "700")
"""Offsets from a finite end into an unbounded side: both edges of the scale."""


def complete(domain: dict | None, free) -> dict:
    """Every free symbol with an interval, ordered so bounds depend on earlier ones."""
    domain = dict(domain or {})
    for s in sorted(free - set(domain), key=str):
        domain[s] = _default_interval(s)
    return _ordered(domain)


def _default_interval(s: sp.Symbol) -> sp.Interval:
    if s.is_positive:
        return sp.Interval.open(0, sp.oo)
    if s.is_real:
        return sp.Interval(-sp.oo, sp.oo)
    raise SymdpError("domain", str(s), "an interval for every symbol that is not declared real")


def _ordered(domain: dict) -> dict:
    done: dict = {}
    pending = dict(domain)
    while pending:
        ready = [s for s, iv in pending.items()
                 if not (iv.free_symbols & set(pending)) - {s}]
        if not ready:
            raise SymdpError("domain", sorted(map(str, pending)), "interval ends without cycles")
        for s in sorted(ready, key=str):
            done[s] = pending.pop(s)
    return done


def _ends(iv: sp.Interval, values: dict):
    lo, hi = (iv.start.subs(values), iv.end.subs(values))
    return lo, hi


def edge_values(iv: sp.Interval, values: dict) -> list:
    """Points at and near the ends of ``iv`` (ends evaluated at ``values``)."""
    lo, hi = _ends(iv, values)
    offs = [mp.mpf(v) for v in EDGE_OFFSETS]
    pts = []
    if lo.is_finite and hi.is_finite:
        a, b = mp.mpf(sp.N(lo, mp.mp.dps)), mp.mpf(sp.N(hi, mp.mp.dps))
        pts = [a + f * (b - a) for f in (mp.mpf("1e-9"), mp.mpf("1e-3"), mp.mpf("0.5"))]
        pts += [b - f * (b - a) for f in (mp.mpf("1e-3"), mp.mpf("1e-9"))]
    elif lo.is_finite:
        a = mp.mpf(sp.N(lo, mp.mp.dps))
        pts = [a + f for f in offs]
    elif hi.is_finite:
        b = mp.mpf(sp.N(hi, mp.mp.dps))
        pts = [b - f for f in offs]
    else:
        pts = [mp.mpf(0)] + [s * f for f in offs[:5] for s in (1, -1)]
    if lo.is_finite and not iv.left_open:
        pts.insert(0, _closed_end(lo, +1))
    if hi.is_finite and not iv.right_open:
        pts.append(_closed_end(hi, -1))
    return pts


def _closed_end(end, inward: int):
    """A closed end as a sample point: exact if an integer, else rounded into the interval.

    5/6 or log 5 rounded to the working precision may fall a hair outside the
    interval, where a claim need not hold; the point is nudged 10^-(dps-10)
    (relative) inwards instead.
    """
    value = mp.mpf(sp.N(end, mp.mp.dps))
    if end.is_Integer:
        return value
    return value + inward * max(abs(value), mp.mpf(1)) * mp.mpf(10) ** (-(mp.mp.dps - 10))


def random_value(iv: sp.Interval, values: dict, rng: random.Random):
    """One seeded random point of ``iv``: uniform if bounded, log-uniform offsets if not."""
    lo, hi = _ends(iv, values)
    spread = _short(10 ** rng.uniform(-4, 2.5))
    if lo.is_finite and hi.is_finite:
        a, b = mp.mpf(sp.N(lo, mp.mp.dps)), mp.mpf(sp.N(hi, mp.mp.dps))
        return a + (b - a) * _short(rng.uniform(1e-4, 1 - 1e-4))
    if lo.is_finite:
        return mp.mpf(sp.N(lo, mp.mp.dps)) + spread
    if hi.is_finite:
        return mp.mpf(sp.N(hi, mp.mp.dps)) - spread
    return spread if rng.random() < 0.5 else -spread


def _short(value: float):
    """A float rounded to 4 significant digits, exactly as an mpf (readable witnesses)."""
    return mp.mpf(f"{value:.4g}")


def sample(domain: dict, n: int, key: str) -> list[dict]:
    """``n`` deterministic points: seeded random ones first, then the edges of every interval.

    The seed is derived from ``key`` (a claim id), so a re-run samples the same
    points; random points come first so that a counterexample, when there is
    one, is reported at an ordinary point before an extreme one.  Values are
    mpmath numbers at the current working precision.
    """
    rng = random.Random(zlib.crc32(key.encode()))
    n_edges = 2 * max(len(edge_values(iv, _probe(domain))) for iv in domain.values()) if domain else 1
    n_random = max(n - n_edges, n // 3)
    points = [_point(domain, lambda iv, vals, k: random_value(iv, vals, rng)) for _ in range(n_random)]
    for i in range(min(n_edges, n - n_random)):
        pick = lambda iv, vals, k, i=i: _cycle(edge_values(iv, vals), i + 3 * k)
        points.append(_point(domain, pick))
    return points


def _cycle(values: list, i: int):
    return values[i % len(values)]


def _point(domain: dict, pick) -> dict:
    values: dict = {}
    for k, (s, iv) in enumerate(domain.items()):
        values[s] = pick(iv, values, k)
    return values


def _probe(domain: dict) -> dict:
    """Some point of the domain, to size the edge lists of dependent intervals."""
    return _point(domain, lambda iv, vals, k: edge_values(iv, vals)[0])
