"""Domains of claims: an interval per free symbol, seeded sample points.

A domain maps each free symbol of a claim to a SymPy ``Interval`` whose ends
may depend on symbols listed before it (``{beta: (0, oo), eps:
[log(1 + beta**2), oo)}``).  Symbols left out get the interval their
assumptions give; a declared interval is narrowed to what the assumptions
allow (a ``nonnegative`` symbol is never sampled below 0), and integer symbols
get integer points.
"""
from __future__ import annotations

import functools
import itertools
import random
import zlib

import mpmath as mp
import sympy as sp

from ...errors import SymdpError

EDGE_OFFSETS = ("1e-9", "1e-3", "0.5", "2", "40", "700")
"""Offsets from a finite end into an unbounded side: both edges of the scale."""
INTEGER_EDGES = (0, 1, 2, 3, 10, 100)
"""Offsets from the lower end of an integer range (or from 0 when it has none)."""
INTEGER_SPAN = 1000
"""Random integer points lie within this distance of the finite end (sums stay cheap)."""


def checked(domain, parameter: str = "domain"):
    """``domain`` as given to a claim, refused with the parameter's name unless it maps symbols to SymPy sets
    (``{x: sp.Interval(0, 3)}``; a pair ``(0, 3)`` does not say whether its ends belong to it)."""
    if domain is None:
        return None
    if not isinstance(domain, dict):
        raise SymdpError(parameter, domain, "a dict {symbol: sympy.Interval(...)} (or None for the symbols' "
                         "assumptions)")
    for s, iv in domain.items():
        if not isinstance(s, sp.Symbol):
            raise SymdpError(parameter, s, "a dict whose keys are SymPy symbols")
        if not isinstance(iv, sp.Set):
            raise SymdpError(f"{parameter}[{s}]", iv, "a SymPy set such as sympy.Interval(0, 3) (closed) or "
                             "sympy.Interval.open(0, 3)")
    return domain


def complete(domain: dict | None, free) -> dict:
    """Every free symbol with an interval, ordered so bounds depend on earlier ones."""
    domain = dict(domain or {})
    for s in sorted(free - set(domain), key=str):
        domain[s] = _default_interval(s)
    return _ordered(domain)


def _default_interval(s: sp.Symbol) -> sp.Interval:
    if s.is_real or s.is_integer:
        return assumed(s)
    raise SymdpError("domain", str(s), "an interval for every symbol that is not declared real")


def assumed(s: sp.Symbol) -> sp.Interval:
    """The interval a symbol's assumptions allow (positive, nonnegative, negative, ...)."""
    lo, lo_open = (0, s.is_positive is True) if s.is_nonnegative else (-sp.oo, True)
    hi, hi_open = (0, s.is_negative is True) if s.is_nonpositive else (sp.oo, True)
    return sp.Interval(lo, hi, lo_open, hi_open)


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


def concrete(s: sp.Symbol, iv: sp.Interval, values: dict) -> sp.Interval:
    """``iv`` with its ends evaluated at ``values``, narrowed to the assumptions of ``s``.

    Constant intervals (the common case) are narrowed once and remembered.
    """
    if not iv.free_symbols:
        return _concrete_constant(s, iv)
    return _concrete(s, iv, values)


@functools.lru_cache(maxsize=1024)
def _concrete_constant(s: sp.Symbol, iv: sp.Interval) -> sp.Interval:
    return _concrete(s, iv, {})


class EmptyAtPoint(SymdpError):
    """A dependent interval that is empty at the values of the earlier symbols: that point is unusable.

    Working precision can make it so at an extreme (alpha = e^eps + 10^-4 with eps = 300 rounds to e^eps, and
    q < (alpha - e^eps)/... is then empty); the sampler skips such a point instead of failing the claim."""


def _concrete(s: sp.Symbol, iv: sp.Interval, values: dict) -> sp.Interval:
    subs = {k: sp.Float(mp.nstr(v, mp.mp.dps), mp.mp.dps) for k, v in values.items()}
    lo, hi = sp.sympify(iv.start).subs(subs), sp.sympify(iv.end).subs(subs)
    out = sp.Interval(lo, hi, iv.left_open, iv.right_open).intersect(assumed(s))
    if not isinstance(out, sp.Interval):
        error = EmptyAtPoint if iv.free_symbols & set(values) else SymdpError
        raise error("domain", f"{s} in {iv}", "an interval that meets the symbol's assumptions")
    return out


def _mpf(end) -> mp.mpf:
    return _mpf_at(end, mp.mp.prec, mp.mp.dps)


@functools.lru_cache(maxsize=1024)
def _mpf_at(end, prec: int, dps: int) -> mp.mpf:
    """``end`` as an mpf at the working precision (``prec`` is part of the key: mpf depends on it)."""
    return mp.mpf(sp.N(end, dps))


def edge_values(iv: sp.Interval, values: dict, s: sp.Symbol | None = None) -> list:
    """Points at and near the ends of ``iv`` (ends evaluated at ``values``)."""
    iv = concrete(s, iv, values) if s is not None else iv
    if s is not None and s.is_integer:
        return _integer_edges(iv)
    lo, hi = iv.start, iv.end
    offs = [mp.mpf(v) for v in EDGE_OFFSETS]
    if lo.is_finite and hi.is_finite:
        a, b = _mpf(lo), _mpf(hi)
        pts = [a + f * (b - a) for f in (mp.mpf("1e-9"), mp.mpf("1e-3"), mp.mpf("0.5"))]
        pts += [b - f * (b - a) for f in (mp.mpf("1e-3"), mp.mpf("1e-9"))]
    elif lo.is_finite:
        pts = [_mpf(lo) + f for f in offs]
    elif hi.is_finite:
        pts = [_mpf(hi) - f for f in offs]
    else:
        pts = [mp.mpf(0)] + [sg * f for f in offs[:5] for sg in (1, -1)]
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
    value = _mpf(end)
    if end.is_Integer:
        return value
    return value + inward * max(abs(value), mp.mpf(1)) * mp.mpf(10) ** (-(mp.mp.dps - 10))


def integer_range(iv: sp.Interval):
    """(first, last) integers of ``iv``; last is None when unbounded above, first None below."""
    lo = None if iv.start == -sp.oo else int(sp.ceiling(iv.start + (1 if iv.left_open and iv.start.is_integer else 0)))
    hi = None if iv.end == sp.oo else int(sp.floor(iv.end - (1 if iv.right_open and iv.end.is_integer else 0)))
    if lo is not None and hi is not None and lo > hi:
        raise SymdpError("domain", str(iv), "an interval that contains an integer")
    return lo, hi


def _integer_edges(iv: sp.Interval) -> list:
    lo, hi = integer_range(iv)
    base = lo if lo is not None else (hi - INTEGER_EDGES[-1] if hi is not None else 0)
    pts = [base + k for k in INTEGER_EDGES] + ([hi] if hi is not None else [])
    return [mp.mpf(p) for p in dict.fromkeys(pts) if (lo is None or p >= lo) and (hi is None or p <= hi)]


def random_value(iv: sp.Interval, values: dict, rng: random.Random, s: sp.Symbol | None = None):
    """One seeded random point of ``iv``: uniform if bounded, log-uniform offsets if not."""
    iv = concrete(s, iv, values) if s is not None else iv
    if s is not None and s.is_integer:
        return _random_integer(iv, rng)
    lo, hi = iv.start, iv.end
    spread = _short(10 ** rng.uniform(-4, 2.5))
    if lo.is_finite and hi.is_finite:
        a, b = _mpf(lo), _mpf(hi)
        return a + (b - a) * _short(rng.uniform(1e-4, 1 - 1e-4))
    if lo.is_finite:
        return _mpf(lo) + spread
    if hi.is_finite:
        return _mpf(hi) - spread
    return spread if rng.random() < 0.5 else -spread


def _random_integer(iv: sp.Interval, rng: random.Random):
    lo, hi = integer_range(iv)
    span = int(10 ** rng.uniform(0, 3)) - 1
    if lo is not None:
        return mp.mpf(min(lo + span, hi) if hi is not None else lo + span)
    if hi is not None:
        return mp.mpf(hi - span)
    return mp.mpf(span if rng.random() < 0.5 else -span)


def _short(value: float):
    """A float rounded to 4 significant digits, exactly as an mpf (readable witnesses)."""
    return mp.mpf(f"{value:.4g}")


def sample(domain: dict, n: int, key: str) -> list[dict]:
    """``n`` deterministic points: seeded random ones first, then the edges of every interval.

    The seed is derived from ``key`` (the claim's content, not its name), so a
    re-run samples the same points; random points come first so that a
    counterexample, when there is one, is reported at an ordinary point before
    an extreme one.  Values are mpmath numbers at the current working precision.
    """
    rng = random.Random(zlib.crc32(key.encode()))
    probe = _probe(domain)
    n_edges = 2 * max(len(edge_values(iv, probe, s)) for s, iv in domain.items()) if domain else 1
    n_random = max(n - n_edges, n // 3)
    drawn = (_usable(domain, lambda s, iv, vals, k: random_value(iv, vals, rng, s)) for _ in range(DRAWS * n_random))
    points = list(itertools.islice((p for p in drawn if p is not None), n_random))
    for i in range(min(n_edges, n - n_random)):
        pick = lambda s, iv, vals, k, i=i: _cycle(edge_values(iv, vals, s), i + 3 * k)
        points += [p for p in (_usable(domain, pick),) if p is not None]
    return points


DRAWS = 4
"""Random draws per wanted point at most (a draw is skipped where a dependent interval is empty)."""


def _usable(domain: dict, pick) -> dict | None:
    """:func:`_point`, or None where a dependent interval is empty at the earlier values (:class:`EmptyAtPoint`)."""
    try:
        return _point(domain, pick)
    except EmptyAtPoint:
        return None


def _cycle(values: list, i: int):
    return values[i % len(values)]


def _point(domain: dict, pick) -> dict:
    values: dict = {}
    for k, (s, iv) in enumerate(domain.items()):
        values[s] = pick(s, iv, values, k)
    return values


def _probe(domain: dict) -> dict:
    """Some point of the domain, to size the edge lists of dependent intervals."""
    return _point(domain, lambda s, iv, vals, k: edge_values(iv, vals, s)[0])


def contains(domain: dict, point: dict) -> bool:
    """Whether ``point`` lies in ``domain`` (every interval at the earlier values, integers integral)."""
    values: dict = {}
    for s, iv in domain.items():
        v = point[s]
        if s.is_integer and v != mp.nint(v):
            return False
        try:
            inside = concrete(s, iv, values).contains(sp.Float(mp.nstr(v, mp.mp.dps), mp.mp.dps))
        except EmptyAtPoint:
            return False
        if inside is not sp.true:
            return False
        values[s] = v
    return True
