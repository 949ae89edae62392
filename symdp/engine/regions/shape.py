"""A region closed by the shape of its branch along the cut symbol: monotone, or concave where the claim is >= 0.

Boxes cannot close a region where the claim touches 0 along a whole face whose value SymPy cannot show
exactly 0 on every sub-box, or where the branch is unbounded in slope at an end (the Gaussian trade-off
G_mu(a) = Phi(Phi^-1(1 - a) - mu) has slope -oo at a = 0).  Along the cut symbol s a simpler argument does:
the claim read as F >= 0 (F > 0) with F = g, or -g for a claim <= 0,

* dF/ds >= 0 on the region (boxes): F is least at the lower end, so the claim there suffices;
* dF/ds <= 0: at the upper end;
* d2F/ds2 <= 0 (F concave along s): F is at least the smaller of its two end values, so the claim at both
  ends suffices (Dong, Roth and Su's argument for G_mu below f_{eps,0}: convex minus linear on each piece).

The derivative is signed inside the region (the ends of s open): g is one continuous branch on the closed
region and its value at an end is its one-sided limit there (:func:`_at`), so the shape holds up to the ends,
and a derivative that is not finite at an end (G_mu'' at a = 0, where erfcinv(2 - 2a) is infinite) is never
enclosed there.

Each end is a claim in the other symbols: exactly 0 (for a claim that allows it; SymPy, as a face of the
box rules), an arb enclosure for a constant, or boxes.  The certificate (``shape:``) names the shape and
holds the derivative's and the ends' certificates, replayed in order.
"""
from __future__ import annotations

import json

import sympy as sp

from . import pair
from .. import validated
from ..model.budget import BudgetExceeded, within_budget
from ..validated.points import ball, middle, value
from ..validated.rules import _zero_at_point

SHAPE = "shape:"
SLOPE_BOXES = 64
"""Boxes for the sign of a derivative, with no rewritten form after them (a side condition: each shape tried
costs one search, in each region the route is tried on).  Where the shape is the right argument the sign
closes in a few boxes (dp-gdp:below: 2 per factor's claim); a false claim, or one with another shape, must not
pay a full search per shape and region (the mutation suite's four-coordinate claims paid minutes)."""
LIMIT = 10.0
"""Seconds SymPy may take for a one-sided limit at an end where the value is not finite."""
SHAPES = (("rising", 1, "nonnegative", (0,)), ("falling", 1, "nonpositive", (1,)), ("concave", 2, "nonpositive", (0, 1)))
"""(name, derivative order, sign of that derivative of F, the ends where the claim is proved)."""
_FLIP = {"nonnegative": "nonpositive", "nonpositive": "nonnegative"}


def prove(g, which, sub, s, budget, log: str = "", names=None, slope_boxes=SLOPE_BOXES):
    """(boxes, certificate) proving ``g`` ``which`` on the closed region ``sub`` from its shape along ``s``,
    or None.  ``log``: a recorded ``shape:`` certificate to replay; ``names``: the shapes tried (all of
    :data:`SHAPES` by default); ``slope_boxes``: the derivative's budget (None: the claim's own)."""
    iv = sub[s]
    ends = (iv.start, iv.end)
    recorded = json.loads(log[len(SHAPE):]) if log else None
    inner = {**sub, s: sp.Interval(iv.start, iv.end, True, True)}   # the slope inside; g continuous at the ends
    for name, order, sign, at in SHAPES:
        skip = names is not None and name not in names or recorded is not None and recorded[0] != name
        if skip or any(ends[k].has(sp.oo, -sp.oo) for k in at):
            continue
        want = sign if which in ("positive", "nonnegative") else _FLIP[sign]
        slope = _slope(sp.diff(g, s, order), want, inner, slope_boxes, recorded[1] if recorded else "")
        if slope is None:
            continue
        rest = _rest(sub, s)
        faces = [_end(_at(g, s, ends[k], k, rest), which, rest, budget, recorded[2][j] if recorded else "")
                 for j, k in enumerate(at)]
        if all(f is not None for f in faces):
            boxes = slope[0] + sum(b for b, _ in faces)
            return boxes, SHAPE + json.dumps([name, slope[1], [c for _, c in faces]], separators=(",", ":"))
    return None


def _slope(d, want, sub, budget, log):
    """(boxes, certificate) of the derivative ``d`` ``want`` on the region: factor by factor where it is a
    product with an exponential (:func:`_by_factors`), else by boxes, else as one monotone function at two
    points (:mod:`.pair`); or None."""
    if isinstance(log, list) or not log and isinstance(d, sp.Mul) and d.has(sp.exp):
        found = _by_factors(d, want, sub, budget, log or None)
        if found is not None or log:
            return found
    if pair.recorded(log):
        return pair.prove(d, want, sub, budget, log)
    found = validated.prove(d, want, sub, log, budget=budget, forms=False, split=False)
    if found.proved or log:
        return (found.boxes, found.certificate) if found.proved else None
    return pair.prove(d, want, sub, budget) if not found.violated else None


def _by_factors(d, want, sub, budget, logs):
    """The sign of a product as the product of its factors' signs (:func:`_claims`), each shown by boxes; a
    constant factor's by its enclosure.  Where an exponential's argument runs to +oo at an open end and
    another factor to 0 (G_mu'' at a = 0), the product's own enclosure is oo * 0 and no box closes, while
    each factor alone is bounded or signed.  The certificate: per factor, its claims' certificates."""
    factors = [f for f in sp.Mul.make_args(d) if f.free_symbols]
    constant = sp.Mul(*(f for f in sp.Mul.make_args(d) if not f.free_symbols))
    sign = 1 if _has_sign(constant, "positive") else -1 if _has_sign(constant, "negative") else 0
    out, boxes = [], 0
    for k, f in enumerate(factors):
        found = _claims(f, sub)
        if found is None or logs is not None and len(logs[k]) != len(found[0]):
            return None
        done = [validated.prove(e, which, sub, logs[k][j] if logs else "", budget=budget, forms=False, split=False)
                for j, (e, which) in enumerate(found[0])]
        if not all(x.proved for x in done):
            return None
        sign *= found[1]
        out.append([x.certificate for x in done])
        boxes += sum(x.boxes for x in done)
    holds = sign > 0 if want == "nonnegative" else sign < 0
    return (boxes, out) if holds else None


MONOTONE = {sp.erfcinv: (1, -1, 0, 2), sp.log: (1, 1, 0, None), sp.erf: (0, 1, None, None)}
"""Strictly monotone functions: (zero, direction, lower and upper end of the real domain)."""


def _claims(f, sub):
    """([(expression, sign)] whose proofs give the factor's sign, that sign), or None.  exp(x) > 0 where x is
    real on the region (:func:`_real`); F(x), F monotone
    (:data:`MONOTONE`), has the sign of direction * (x - zero) where x lies between zero and the end of F's
    domain on that side; any other factor, the sign seen at the region's middle."""
    if isinstance(f, sp.exp):
        real = _real(f.args[0], sub)
        return None if real is None else (real, 1)
    if type(f) not in MONOTONE or len(f.args) != 1:
        seen = _seen(_tame(f), sub)
        return None if seen is None else ([seen], 1 if seen[1] == "positive" else -1)
    zero, direction, lo, hi = MONOTONE[type(f)]
    x = _tame(f.args[0])
    seen = _seen(x - zero, sub)
    if seen is None:
        return None
    side = 1 if seen[1] == "positive" else -1
    end = hi if side > 0 else lo
    inside = [] if end is None else [(side * (end - x), "positive")]
    return [seen] + inside, direction * side


def _real(x, sub):
    """[(expression, sign)] whose proofs show ``x`` real on the region: x is a rational function of real
    symbols and of functions of :data:`MONOTONE` (and exp) whose arguments are real and inside the function's
    real domain (each end a claim), every denominator of one strict sign (a claim); or None."""
    if x.is_Number or x.is_Symbol or isinstance(x, sp.NumberSymbol):
        return [] if x.is_real else None
    if isinstance(x, sp.Pow) and not x.exp.is_Integer:
        return None
    if isinstance(x, sp.Pow) and x.exp < 0:
        seen, inner = _seen(x.base, sub), _real(x.base, sub)
        return None if seen is None or inner is None else inner + [seen]
    if isinstance(x, (sp.Add, sp.Mul, sp.Pow, sp.exp)):
        parts = [_real(a, sub) for a in x.args]
        return None if any(p is None for p in parts) else [c for p in parts for c in p]
    if type(x) not in MONOTONE or len(x.args) != 1:
        return None
    _, _, lo, hi = MONOTONE[type(x)]
    y = _tame(x.args[0])
    inner = _real(y, sub)
    ends = [(y - lo, "positive")] * (lo is not None) + [(hi - y, "positive")] * (hi is not None)
    return None if inner is None else inner + ends


def _tame(e):
    """``e`` with every c e^x/(e^x + b) written c/(1 + b e^-x): one occurrence of x, so its enclosure stays
    inside (0, c) (2 e^eps/(e^eps + 1) as a ball over eps in [4.5, 5.5] exceeds 2, where erfcinv is nan)."""
    return e.replace(lambda m: isinstance(m, sp.Mul), _tamed)


def _tamed(m):
    args = list(m.args)
    for d in (a for a in args if isinstance(a, sp.Pow) and a.exp == -1 and isinstance(a.base, sp.Add)):
        for x in (a for a in args if isinstance(a, sp.exp) and a in d.base.args):
            rest = d.base - x
            if not rest.has(x.args[0]):
                others = [a for a in args if a is not d and a is not x]
                return sp.Mul(*others) / (1 + rest * sp.exp(-x.args[0]))
    return m


def _seen(f, sub):
    """(f, "positive" or "negative"): the strict sign f has at the middle of the region, to be proved."""
    v = value(f, middle(sub))
    return None if v is None or v == 0 else (f, "positive" if v > 0 else "negative")


def _at(g, s, end, k, rest):
    """(``g`` at the end of s, [claims that make it so]), or None.  The value; where that is not finite
    (erfcinv(0) = +oo inside G_mu at a = 1), the value with each function of the other symbols taken as a
    finite real (so SymPy's c + oo is +oo, and erfc(+oo) = 0: the one-sided limit), those functions shown
    finite and real on the other symbols' domain (:func:`_real`: their arguments inside their domains);
    else SymPy's one-sided limit from inside the region (under a budget)."""
    e = g.xreplace({s: end})
    if _finite(e):
        return e, []
    atoms = sorted((a for a in g.atoms(sp.Function) if s not in a.free_symbols), key=sp.default_sort_key)
    held = {a: sp.Dummy(f"c{j}", real=True, finite=True) for j, a in enumerate(atoms)}
    e = g.xreplace(held).xreplace({s: end}).xreplace({v: a for a, v in held.items()})
    claims = [_real(a, rest) for a in atoms]
    if _finite(e) and all(c is not None for c in claims):
        return e, [c for cs in claims for c in cs]
    try:
        e = within_budget(lambda: sp.limit(g, s, end, "+" if k == 0 else "-"), LIMIT)
    except (BudgetExceeded, NotImplementedError, ValueError, TypeError, ZeroDivisionError, RecursionError):
        return None
    return (e, []) if _finite(e) and not e.has(sp.Limit, sp.AccumBounds) else None


def _finite(e) -> bool:
    return not e.has(sp.oo, -sp.oo, sp.zoo, sp.nan)


def _end(found, which, rest, budget, log):
    """(boxes, certificate) of the claim at one end (``found``: :func:`_at`'s value and claims): the value
    "0" (exactly 0), "ball" (a constant's enclosure) or boxes, then each claim's boxes; or None."""
    if found is None:
        return None
    e, claims = found
    logs = log if isinstance(log, list) else [log] + [""] * len(claims)
    if len(logs) != 1 + len(claims):
        return None
    done = [_value(e, which, rest, budget, logs[0])]
    done += [_value(c, w, rest, budget, logs[1 + j], exact=False) for j, (c, w) in enumerate(claims)]
    if any(d is None for d in done):
        return None
    boxes = sum(b for b, _ in done)
    return (boxes, [c for _, c in done]) if claims else done[0]


def _value(e, which, rest, budget, log, exact=True):
    """(boxes, certificate) of ``e`` ``which`` on ``rest``: "0" (exactly 0, where ``exact`` and the claim
    allows it), "ball" (a constant's enclosure) or boxes; or None."""
    if exact and which in ("nonnegative", "nonpositive") and log in ("", "0") and _zero_at_point(e, {}):
        return 0, "0"
    if not e.free_symbols:
        return (0, "ball") if log in ("", "ball") and _has_sign(e, which) else None
    if log in ("0", "ball"):
        return None
    found = validated.prove(e, which, rest, log, budget=budget, forms=False)
    return (found.boxes, found.certificate) if found.proved else None


def _has_sign(c, which) -> bool:
    v = ball(c)
    return v is not None and {"positive": v > 0, "negative": v < 0, "nonnegative": v >= 0, "nonpositive": v <= 0}[which]


def _rest(domain, s):
    return {t: iv for t, iv in domain.items() if t != s}


def recorded(logs) -> bool:
    """The region's recorded certificate is a shape proof."""
    return bool(logs) and len(logs) == 1 and logs[0].startswith(SHAPE)
