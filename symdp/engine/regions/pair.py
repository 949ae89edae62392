"""The sign of a slope F(x) - F(y): one strictly monotone function at two points has the sign of x - y.

Boxes lose such a slope where x and y move together.  Laplace against Gaussian at equal total variation
(Sec. 6.1 of the TV paper), read in logs through v = erfcinv(2 - 2a), has the slope F(v - 2w) - F(-v) with
F(x) = 2 e^{-x^2} / (sqrt(pi) erfc(x)) (the inverse Mills ratio, increasing) and w = erfcinv(2 - e^{-eps/2}):
each term's enclosure over a box widens like x^2 times the box, and at eps = 20 thousands of boxes stay open,
while the sign is that of 2 (v - w).

So a two-term slope A + B is read as F(x) - F(y): x the argument (linear in a symbol t of the domain) of an
erfc, erf or Phi in A, F = A with t written through x (free of every other symbol), and B = -F(y) shown
exactly 0 (SymPy) for y = +-(the argument of such a function in B).  Then F is strictly monotone on an
interval [lo, hi] of integers (chosen at sample points, then proved: x and y inside it on the whole region,
by boxes), F' of one strict sign there (boxes), and x - y of the wanted sign (boxes): the certificate
(``pair:``) holds the bounds and each box log, replayed in order.
"""
from __future__ import annotations

import json
import math

import sympy as sp

from ...special import Phi
from .. import validated
from ..validated.points import value
from ..validated.chart import chart
from ..validated.rules import _zero_at_point

PAIR = "pair:"
"""Certificate of a slope read as F(x) - F(y): ``pair:[lo, hi, F' sign, [bounds' logs], F' log, x - y log]``."""
ARGUMENTS = (sp.erfc, sp.erf, Phi)
"""Functions whose arguments are the candidates x and y."""
BOUND_BOXES = 400
"""Boxes for each bound of x and y (a side condition)."""
SAMPLES = (sp.Rational(1, 16), sp.Rational(1, 2), sp.Rational(15, 16))
"""Chart coordinates (per symbol) where x and y are sampled to choose [lo, hi] (then proved)."""
_X = sp.Dummy("x", real=True)
_FLIP = {"nonnegative": "nonpositive", "nonpositive": "nonnegative", "positive": "negative", "negative": "positive"}


def prove(d, want, sub, budget, log: str = ""):
    """(boxes, certificate) of the slope ``d`` ``want`` on ``sub`` read as F(x) - F(y), or None.  ``log``: a
    recorded ``pair:`` certificate to replay (the first reading is the one recorded)."""
    recorded = json.loads(log[len(PAIR):]) if log else None
    for F, x, y in _readings(d, sub):
        found = _proved(F, x, y, want, sub, budget, recorded)
        if found is not None or recorded is not None:
            return found
    return None


def recorded(log) -> bool:
    return isinstance(log, str) and log.startswith(PAIR)


def _readings(d, sub):
    """(F, x, y) with d = F(x) - F(y) exactly, in SymPy's sort order of the terms and atoms."""
    terms = sp.Add.make_args(d)
    if len(terms) != 2:
        return
    for A, B in (terms, terms[::-1]):
        for x, F in _functions(A, sub):
            for y in _arguments(B):
                if _zero_at_point(B + F.xreplace({_X: y}), {}):
                    yield F, x, y


def _functions(A, sub):
    """(x, F): x an argument in A linear in a symbol t of the domain, F = A with t = (X - x|t=0) / (dx/dt)."""
    for x in _arguments(A):
        for t in (t for t in sub if t in x.free_symbols):
            k = sp.diff(x, t)
            if t in k.free_symbols or not k.is_nonzero:
                continue
            F = _tidy(A.xreplace({t: (_X - x.xreplace({t: 0})) / k}))
            if F.free_symbols == {_X}:
                yield x, F


def _arguments(e):
    atoms = sorted((a for a in e.atoms(*ARGUMENTS) if a.free_symbols), key=sp.default_sort_key)
    out = []
    for a in atoms:
        for x in (sp.expand(a.args[0]), -sp.expand(a.args[0])):
            if x not in out:
                out.append(x)
    return out


def _tidy(e):
    """Each function's arguments expanded (the exponent -(sqrt(2) X)^2/2 becomes -X^2)."""
    return e.replace(lambda f: isinstance(f, sp.Function) and f.args, lambda f: f.func(*map(sp.expand, f.args)))


def _proved(F, x, y, want, sub, budget, recorded):
    """The reading's proof: bounds, F''s strict sign on them, x - y's sign; or None."""
    lo, hi = recorded[:2] if recorded else _bounds((x, y), sub)
    if lo is None or lo >= hi:
        return None
    logs = recorded[3] if recorded else [""] * 4
    bounds = [(e - lo, "nonnegative") for e in (x, y)] + [(hi - e, "nonnegative") for e in (x, y)]
    done = [validated.prove(e, w, sub, logs[j], budget=BOUND_BOXES, forms=False) for j, (e, w) in enumerate(bounds)]
    if not all(f.proved for f in done):
        return None
    slope, sign = sp.diff(F, _X), recorded[2] if recorded else _direction(sp.diff(F, _X), lo, hi)
    if sign is None:
        return None
    rising = validated.prove(slope, "positive" if sign == "+" else "negative", {_X: sp.Interval(lo, hi)},
                             recorded[4] if recorded else "", budget=budget)
    apart = validated.prove(sp.expand(x - y), want if sign == "+" else _FLIP[want], sub,
                            recorded[5] if recorded else "", budget=budget, forms=False)
    if not (rising.proved and apart.proved):
        return None
    boxes = sum(f.boxes for f in done) + rising.boxes + apart.boxes
    cert = [lo, hi, sign, [f.certificate for f in done], rising.certificate, apart.certificate]
    return boxes, PAIR + json.dumps(cert, separators=(",", ":"))


def _direction(slope, lo, hi):
    """"+" or "-": the sign of F' at the middle of [lo, hi] (the one then proved), or None."""
    v = value(slope, {_X: sp.Rational(lo + hi, 2)})
    return None if v is None or v == 0 else "+" if v > 0 else "-"


def _bounds(exprs, sub):
    """(lo, hi): integers around the values of ``exprs`` at sample points of the region (to be proved)."""
    ch = chart(sub)
    if ch is None:
        return None, None
    seen = []
    for k in range(len(SAMPLES) ** len(ch.coords)):
        at = {u: SAMPLES[(k // len(SAMPLES) ** j) % len(SAMPLES)] for j, u in enumerate(ch.coords)}
        point = {t: ch.forward[t].xreplace(at) for t in ch.symbols}
        seen += [value(e, point) for e in exprs]
    if not seen or any(v is None or not math.isfinite(v) for v in seen):
        return None, None
    return math.floor(min(seen) - 0.5), math.ceil(max(seen) + 0.5)
