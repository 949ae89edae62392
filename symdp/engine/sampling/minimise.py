"""A counterexample search that moves: Nelder-Mead on a signed claim in the unit-box chart.

The seeded sample and :func:`.numeric.descend` judge fixed points (random ones and the edges of each
interval); a claim false only in a thin tube around a curve inside its domain (an AM-GM optimum minus 1e-6),
or only near corners that no edge value reaches, escapes them (issue 49).  Here the signed claim (``f`` for
"f > 0", ``-f`` for "f < 0") is minimised from the best sample points and the centres of the boxes that
validated numerics left open, by the simplex method of Nelder & Mead (Computer Journal 7, 1965, with the
standard coefficients 1, 2, 1/2, 1/2) in the chart of :mod:`.validated.chart` (each symbol an increasing map of
a coordinate in [0, 1], dependent ends included), each coordinate kept inside [:data:`EDGE`, 1 - :data:`EDGE`].

Deterministic and machine-independent: the starts come from the seeded sample (keyed by the claim's content)
and the candidates' fixed order, the method is comparison-based, values are mpmath numbers at :data:`DPS`
digits (no overflow, so no log-space rewriting is needed), and the work is a *counted* number of evaluations
(:data:`BUDGET`), never time.  The point found only steers: a witness is what :func:`.certify.judge_sign`
certifies there with an arb enclosure (the caller judges and shrinks it, :func:`.numeric.refute_at`).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp
import sympy as sp

from ..model import domain as dom
from .certify import _namespace
from ..validated.chart import chart

BUDGET = 400
"""Evaluations of the claim per search, starts and sample included (a counted budget, never time)."""
STARTS = 4
"""Starting points: the best of the sample and the best open-box centres, half each."""
SAMPLE = 30
"""Seeded sample points scored as starts (the numeric check's own sample size, :data:`.numeric.POINTS`)."""
CANDIDATES = 12
"""Open-box centres scored as starts (the first ones: the most nearly failing)."""
DPS = 20
"""Digits of every evaluation (the values only steer the search)."""
EDGE = mp.mpf(2) ** -40
"""Coordinates stay within [EDGE, 1 - EDGE] (an open end is a limit, never a point)."""
STEP = mp.mpf("0.1")
"""Edge of the initial simplex in chart coordinates."""
TOLERANCE = mp.mpf(10) ** -12
"""A simplex whose values and extent both fall below this has converged (then restarted from its best vertex)."""


@dataclass(frozen=True)
class Minimum:
    """What the search found: the least point (None when nothing was evaluated), its signed value, the work."""

    point: dict | None
    value: object
    evaluations: int
    starts: int

    @property
    def violates(self) -> bool:
        """The least value has the wrong sign at :data:`DPS` digits (a candidate, not yet a witness)."""
        return self.point is not None and self.value < 0


class _Stop(Exception):
    """The evaluation budget is used up, or a point violates the claim: the search ends."""


class _Counted:
    """The signed claim in chart coordinates, counting every evaluation against ``cap`` and keeping the least."""

    def __init__(self, f, negate: bool, ends: list, cap: int):
        self.f, self.negate, self.ends, self.cap, self.spent = f, negate, ends, cap, 0
        self.least = (mp.inf, None)

    def __call__(self, u: tuple):
        if self.spent >= self.cap:
            raise _Stop
        self.spent += 1
        point = _forward(self.ends, u)
        v = self._signed(point) if point is not None else mp.inf
        if v < self.least[0]:
            self.least = (v, u)
            if v < 0:
                raise _Stop
        return v

    def _signed(self, point: dict):
        try:
            v = self.f(point)
        except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
            return mp.inf
        if isinstance(v, (int, float)):
            v = mp.mpf(v)
        if not isinstance(v, mp.mpf) or not mp.isfinite(v):
            return mp.inf
        return -v if self.negate else v


def _ends(c) -> list:
    """(symbol, lo, hi) per coordinate: each end an mpmath function of the earlier symbols, None at infinity."""
    out = []
    for k, (s, ends) in enumerate(zip(c.symbols, c.ends)):
        fns = [None if e.has(sp.oo, sp.S.NegativeInfinity, sp.zoo) else sp.lambdify(c.symbols[:k], e, [_namespace(), "mpmath"])
               for e in ends]
        out.append((s, *fns))
    return out


def _bounds(lo, hi, earlier: list):
    return (None if lo is None else mp.mpf(lo(*earlier))), (None if hi is None else mp.mpf(hi(*earlier)))


def _forward(ends: list, u: tuple) -> dict | None:
    """The point of the domain at chart coordinates ``u`` (the maps of :func:`.validated.chart._map`)."""
    values = {}
    try:
        for (s, lo, hi), ui in zip(ends, u):
            a, b = _bounds(lo, hi, list(values.values()))
            values[s] = _map(a, b, ui)
    except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
        return None
    return values


def _map(a, b, u):
    if a is not None and b is not None:
        return a + (b - a) * u
    if a is not None:
        return a + u / (1 - u)
    if b is not None:
        return b - (1 - u) / u
    return (2 * u - 1) / (u * (1 - u))


def _inverse(ends: list, point: dict) -> tuple | None:
    """The chart coordinates of ``point`` (inside [EDGE, 1 - EDGE]), or None where they cannot be computed."""
    values, u = {}, []
    try:
        for s, lo, hi in ends:
            a, b = _bounds(lo, hi, list(values.values()))
            x = mp.mpf(point[s])
            values[s] = x
            u.append(_clip(_unmap(a, b, x)))
    except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError, KeyError):
        return None
    return tuple(u)


def _unmap(a, b, x):
    if a is not None and b is not None:
        return (x - a) / (b - a)
    if a is not None:
        return (x - a) / (1 + x - a)
    if b is not None:
        return 1 / (1 + b - x)
    return mp.mpf("0.5") if x == 0 else ((x - 2) + mp.sqrt(x * x + 4)) / (2 * x)


def _clip(v):
    return min(max(v, EDGE), 1 - EDGE)


def _project(u) -> tuple:
    return tuple(_clip(v) for v in u)


def minimise(f, sign: str, domain: dict, key: str, candidates=(), budget: int = BUDGET) -> Minimum:
    """The least signed value of ``f`` (a compiled claim) found from the seeded sample of ``domain`` (``key``:
    the claim's content) and ``candidates`` (open-box centres), within ``budget`` evaluations; the search ends
    at the first point where the signed value is negative."""
    c = chart(domain) if domain else None
    if c is None:   # an integer symbol (or no symbol): nothing to move
        return Minimum(None, None, 0, 0)
    with mp.workdps(DPS):
        objective = _Counted(f, sign in ("negative", "nonpositive"), _ends(c), budget)
        starts = []
        try:
            starts = _starts(objective, domain, key, list(candidates)[:CANDIDATES])
            for k, (value, u) in enumerate(starts):
                _search(objective, u, value, objective.spent + (budget - objective.spent) // (len(starts) - k))
        except _Stop:
            pass
        value, u = objective.least
        point = _forward(objective.ends, u) if u is not None else None
        return Minimum(point, value if point is not None else None, objective.spent, len(starts))


def _starts(objective, domain, key, candidates) -> list:
    """(value, coordinates) of the STARTS points: the best half from the sample and the corners of the chart's
    box (:func:`_corners`), the best other half from the candidates."""
    sample = [_inverse(objective.ends, point) for point in dom.sample(domain, SAMPLE, key)]
    pools = (sample + _corners(len(objective.ends)), [_inverse(objective.ends, point) for point in candidates])
    chosen, seen = [], set()
    for pool, share in zip(pools, (STARTS - STARTS // 2, STARTS // 2)):
        scored = []
        for u in pool:
            if u is not None and u not in seen:
                seen.add(u)
                scored.append((objective(u), u))
        chosen += sorted((s for s in scored if mp.isfinite(s[0])), key=lambda item: item[0])[:share]
    return sorted(chosen, key=lambda item: item[0])


CORNERS = 3
"""Dimensions up to which the 2^d corners of the chart's box are scored as starts (at most 8 evaluations)."""


def _corners(d: int) -> list:
    """The corners of [EDGE, 1 - EDGE]^d (d <= CORNERS): where a claim tight at the ends of several symbols at
    once fails, beyond the sample's edge values (1e-9 of the width from an end)."""
    if d > CORNERS:
        return []
    return [tuple(EDGE if (k >> i) & 1 == 0 else 1 - EDGE for i in range(d)) for k in range(2 ** d)]


def _search(objective, u0: tuple, v0, limit: int):
    """Nelder-Mead from ``u0`` until ``limit`` evaluations are spent in all, restarted from its best vertex each
    time the simplex collapses while it still improves."""
    best = (v0, u0)
    while objective.spent < limit:
        found = _nelder_mead(objective, best, limit)
        if not found[0] < best[0]:
            return
        best = found


def _simplex(objective, best):
    v0, u0 = best
    vertices = [(v0, u0)]
    for i in range(len(u0)):
        step = STEP if u0[i] + STEP <= 1 - EDGE else -STEP
        u = _project(tuple(x + step if j == i else x for j, x in enumerate(u0)))
        vertices.append((objective(u), u))
    return vertices


def _nelder_mead(objective, best, limit: int):
    """One Nelder-Mead run (coefficients 1, 2, 1/2, 1/2) until the simplex collapses or ``limit`` evaluations
    are spent; its best vertex (a violation or the end of the budget leaves through :class:`_Stop`)."""
    simplex = sorted(_simplex(objective, best), key=lambda item: item[0])
    while objective.spent < limit and not _collapsed(simplex):
        simplex = sorted(_step(objective, simplex), key=lambda item: item[0])
    return simplex[0]


def _collapsed(simplex) -> bool:
    values = [v for v, _ in simplex]
    if not all(mp.isfinite(v) for v in values):
        return False
    first = simplex[0][1]
    extent = max(abs(a - b) for _, u in simplex[1:] for a, b in zip(u, first))
    return extent < TOLERANCE or abs(values[-1] - values[0]) <= TOLERANCE * (1 + abs(values[0])) and extent < STEP / 1000


def _along(centre, u, t) -> tuple:
    return _project(tuple(c + t * (c - x) for c, x in zip(centre, u)))


def _step(objective, simplex):
    *keep, (worst_v, worst) = simplex
    centre = tuple(mp.fsum(u[i] for _, u in keep) / len(keep) for i in range(len(worst)))
    r = _along(centre, worst, 1)
    vr = objective(r)
    if keep[0][0] <= vr < keep[-1][0]:
        return keep + [(vr, r)]
    if vr < keep[0][0]:
        e = _along(centre, worst, 2)
        ve = objective(e)
        return keep + [(ve, e) if ve < vr else (vr, r)]
    c = _along(centre, worst, mp.mpf("0.5") if vr < worst_v else mp.mpf("-0.5"))
    vc = objective(c)
    if vc < min(vr, worst_v):
        return keep + [(vc, c)]
    low = simplex[0][1]
    shrunk = [_project(tuple(a + (b - a) / 2 for a, b in zip(low, u))) for _, u in simplex[1:]]
    return [simplex[0]] + [(objective(u), u) for u in shrunk]
