"""Rule ``P``: a box around a touching point or line closed by a Taylor model of the claim (:mod:`.taylor`).

A tight claim f >= 0 touches 0 where the claim is an equality: at a point (cos x <= 1 - x^2/2 + x^4/24
at x = 0, to sixth order), along a line (cosh t <= e^(t^2/2) on t = 0; Pinsker's KL(p||q) >= 2 (p - q)^2 on
the diagonal p = q), or at an open end where the claim is 0/0 or oo - oo (a Renyi divergence with
1/(alpha - 1) as alpha -> 1; 4/eps^2 - 1/sinh(eps/2)^2 as eps -> 0).  No enclosure of f closes a box there.
In coordinates that straighten the line, x_i = c + h or x_i = x_j + h, the Taylor model in h,
f = sum_{k >= m} c_k h^k + h^(top+1) R with the other symbols as balls of the box, closes the box when the
coefficients below m are 0 (exact zeros of arb, or shown by SymPy identically in the other symbols) and
h^m (c_m + ... + h^(top+1-m) R) has the claimed sign: the leading form dominates the remainder (Berz & Makino,
"Taylor models and other validated functional inclusion methods", Int. J. Pure Appl. Math. 4, 2003).

The lines of a claim are listed in a fixed order from its domain (each symbol at its finite numeric ends
and at 0 and 1 inside its interval; each pair of symbols with overlapping numeric intervals on its
diagonal), and the rule ``P{line}.{top}`` names one line and the model's order, so a replay re-checks the
same model.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from flint import arb, fmpq

from ..enclose.arb import ArbFn, NotRigorous
from ..model.budget import BudgetExceeded, charge, within_budget
from .rules import EXACT_LIMIT, EXACT_OPS, _ball, _zero_at_point
from .taylor import Expander, Model, Ring, exact_coefficient

TOPS = (6, 12)
"""Orders of the models tried (absolute degree of the truncation; a pole of order v costs 2v of it)."""
INSIDE = (0, 1)
"""Points tried inside a symbol's interval (where DP claims touch: eps = 0, t = 0, alpha = 1)."""
POLE = 3
"""Highest pole order whose cancellation SymPy is asked to show (a Laurent coefficient through h^v f)."""
NEAR = 256
"""A box of two or more coordinates farther from the line than this many times its own width in h is left
to the other rules."""
NEAR_1D = 4096
"""The same for a one-dimensional box: a model is cheap there, and near a touching end the enclosures of the
claim's cancelling terms close only very narrow boxes (1/3 - 1/eps^2 + 1/sinh(eps)^2 at eps = 0.066)."""
MODEL = 10
"""Counted work of one Taylor model per operation of the claim and per order of the model, in units of a ball
enclosure's (measured: 2.0 ms at order 6 and 3.0 ms at order 12 against 24 us for one enclosure of the
35-operation Cauchy-Schwarz claim); uncounted, a claim near many lines ran its models past the meter."""
H = sp.Dummy("h", real=True)


@dataclass(frozen=True)
class Line:
    """x_i = c + h (``j`` None) or x_i = x_j + h; ``side``: +1 when c is x_i's lower end (h >= 0 on the
    domain), -1 its upper end, 0 inside; ``open``: c is an end not in the domain."""

    i: int
    j: int | None
    c: object
    side: int
    open: bool


def lines(problem) -> tuple:
    return problem.cached("touching.lines", lambda: tuple(_lines(problem.chart)))


def _surely(relation) -> bool:
    """True only when SymPy settles the comparison of two constant ends (an end such as erfcinv(...) it cannot
    order gives no line, never a TypeError)."""
    return relation is sp.true


def _lines(chart):
    numeric = [not (lo.free_symbols or hi.free_symbols) for lo, hi in chart.ends]
    for i, (lo, hi) in enumerate(chart.ends):
        if not numeric[i]:
            continue
        seen = set()
        for c, side, is_open in ((lo, 1, chart.open_ends[i][0]), (hi, -1, chart.open_ends[i][1])):
            if c.is_Rational:
                seen.add(c)
                yield Line(i, None, c, side, is_open)
        for c in map(sp.Integer, INSIDE):
            if c not in seen and _surely(lo < c) and _surely(c < hi):
                yield Line(i, None, c, 0, False)
    for i in range(len(chart.ends)):
        for j in range(i + 1, len(chart.ends)):
            if numeric[i] and numeric[j] and _surely(sp.Max(chart.ends[i][0], chart.ends[j][0]) <
                                                     sp.Min(chart.ends[i][1], chart.ends[j][1])):
                yield Line(i, j, None, 0, False)


def candidates(problem, box):
    """The rules ``P{line}.{top}`` worth trying on ``box``: lines that meet it or pass near it."""
    if not problem.smooth:
        return
    for k, line in enumerate(lines(problem)):
        if _offsets(problem, k, box) is not None:
            for top in TOPS:
                yield f"P{k}.{top}"


def close(problem, rule: str, box) -> bool:
    """Rule ``P{line}.{top}`` on ``box``: the Taylor model along the line has the claimed sign there."""
    k, top = (int(t) for t in rule[1:].split("."))
    found = lines(problem)
    if not problem.smooth or k >= len(found):
        return False
    line = found[k]
    hs = _offsets(problem, k, box)
    ex = problem.cached(("touching", k, top), lambda: _expander(problem, line, top))
    if hs is None or ex is None:
        return False
    env, span = hs
    charge(MODEL * top * problem.cached("touching.ops", lambda: max(sp.count_ops(problem.f), 1)))
    model = ex.model(env, span)
    return model is not None and _dominates(problem.strict, line, Ring(span, top), _leading(ex, model))


def _leading(ex, model):
    """The model with its leading coefficients dropped while each is shown exactly 0."""
    while model.coeffs and model.coeffs[0].contains(0) and ex.zero(ex.expr, model.lo):
        model = Model(model.lo + 1, model.coeffs[1:], model.top, model.rem)
    return model


def _dominates(strict: bool, line: Line, ring: Ring, f: Model) -> bool:
    """f = h^m (c_m + ... + h^(top+1-m) R) has the claimed sign on the box (m the leading order)."""
    m = f.lo
    if m < 0:
        return False
    bracket = ring.poly((c, k) for k, c in enumerate(f.coeffs)) + f.rem * ring.power(f.top + 1 - m)
    if not bracket.is_finite():
        return False
    sign = 1
    if m % 2 == 1:   # h^m has one sign: on the domain's side of an end, or where H does
        sign = line.side or (1 if ring.H.lower() >= 0 else -1 if ring.H.upper() <= 0 else 0)
        if not sign:
            return False
    b = bracket * sign
    if not strict:
        return b.lower() >= 0
    return b.lower() > 0 and (m == 0 or (line.j is None and line.open))


def _offsets(problem, k, box):
    """({other symbol: its ball on the box}, the ball of h on the box joined with 0), or None when the
    box is farther from the line than NEAR (NEAR_1D) times its width in h (or a symbol's range is not finite)."""
    line = lines(problem)[k]
    maps = problem.cached("touching.maps", lambda: _maps(problem.chart))
    coords = {u: _ball(a, b) for u, (a, b) in zip(problem.chart.coords, box)}
    try:
        env = {x: fn(coords, problem.prec) for x, fn in maps.items()}
    except (NotRigorous, ValueError, ZeroDivisionError, ArithmeticError):
        return None
    xi = problem.chart.symbols[line.i]
    if line.j is None:
        raw = env[xi] - arb(fmpq(int(line.c.p), int(line.c.q)))
    else:
        raw = problem.cached(("touching.gap", k), lambda: _gap(problem, line))(coords, problem.prec)
    if not raw.is_finite() or not all(v.is_finite() for x, v in env.items() if x != xi):
        return None
    lo, hi = raw.lower(), raw.upper()
    far = (NEAR if len(box) > 1 else NEAR_1D) * (hi - lo)
    if (lo > 0 and lo > far) or (hi < 0 and -hi > far):
        return None
    span = _side(arb.union(raw, arb(0)), line.side)
    del env[xi]
    return env, span


def _side(span: arb, side: int) -> arb:
    """h on the domain's side of an end: [0, hi] at a lower end, [lo, 0] at an upper one."""
    if side > 0:
        return arb.union(arb(0), span.upper()) if span.upper() > 0 else arb(0)
    if side < 0:
        return arb.union(span.lower(), arb(0)) if span.lower() < 0 else arb(0)
    return span


def _maps(chart) -> dict:
    return {x: ArbFn(chart.forward[x], chart.coords) for x in chart.symbols}


def _gap(problem, line):
    c = problem.chart
    return ArbFn(c.forward[c.symbols[line.i]] - c.forward[c.symbols[line.j]], c.coords)


def _expander(problem, line, top):
    syms = problem.chart.symbols
    xi = syms[line.i]
    to = (line.c if line.j is None else syms[line.j]) + H
    g = problem.f.xreplace({xi: to})
    zeros: dict = {}

    def zero(node, k):
        if (node, k) not in zeros:
            zeros[(node, k)] = _coefficient_zero(node, k)
        return zeros[(node, k)]
    try:
        return Expander(g, H, [x for x in syms if x != xi], top, problem.prec, zero)
    except (NotRigorous, RecursionError):
        return None


def _coefficient_zero(node, k: int) -> bool:
    """SymPy shows the k-th Laurent coefficient of ``node`` at h = 0 is 0: the (k + v)-th Taylor coefficient
    of h^v node for the least v <= POLE that makes it regular there."""
    for v in range(max(0, -k), POLE + 1):
        g = sp.expand(node * H ** v, deep=False) if v else node
        if exact_coefficient(g, H, 0) is None:
            continue
        face = exact_coefficient(g, H, k + v)
        return face is not None and _is_zero(face)
    return _series_zero(node, k)


def _series_zero(node, k: int) -> bool:
    """SymPy's Laurent series of ``node`` at h = 0 has a 0 coefficient of h^k (poles that cancel only in
    the series: 1/3 - 1/h^2 + 1/sinh(h)^2)."""
    if sp.count_ops(node) > EXACT_OPS:
        return False
    try:
        face = within_budget(lambda: sp.series(node, H, 0, max(k + 1, 1)).removeO().coeff(H, k), EXACT_LIMIT)
    except (BudgetExceeded, TypeError, ValueError, NotImplementedError, RecursionError, ZeroDivisionError):
        return False
    return not face.has(H, sp.nan, sp.zoo, sp.oo, -sp.oo) and _is_zero(face)


def _is_zero(face) -> bool:
    """``face`` is identically 0: cancelled (:func:`.rules._zero_at_point`), or after its logarithms are
    expanded (log(2/3) = log 2 - log 3, SymPy's assumptions decide where the rule holds)."""
    if _zero_at_point(face, {}):
        return True
    if not face.has(sp.log) or sp.count_ops(face) > EXACT_OPS:
        return False
    try:
        return within_budget(lambda: sp.expand(sp.expand_log(face)) == 0, EXACT_LIMIT)
    except (BudgetExceeded, TypeError, ValueError, RecursionError):
        return False
