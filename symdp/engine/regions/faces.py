"""A claim read on the face of its domain where it is least: f monotone along one symbol x on the whole domain.

Where df/dx has one sign at every point of the domain, proved by validated numerics (arb enclosures of the
derivative on closed boxes: finite there, so f is differentiable along x, hence continuous, at every point),
f at any point is at least its value at the end of x's interval that the sign points to (the mean value
theorem on the segment to that end).  At a closed end that value is the claim at a point of the domain, so
the claim holds exactly when it holds on the face x = end (rr:optimal: F-beta rises with the recall u * r,
least slack at u = 1, the region's upper edge).  At an open end (finite) it is the limit there, read only for
a claim that allows 0 (f >= lim >= 0; a strict claim could touch its limit): the face's value is then f with
x = end, finite there (a claim that tends to 0 along a face: q - F-beta as g -> 1).

Only a symbol that no kink (max, min, |.|, Piecewise, ...) or other non-smooth function contains is read
this way, and none whose interval another interval depends on: SymPy differentiates f there as written.
A claim left identically 0 (SymPy, as the faces of :mod:`.validated.rules`) holds where it allows 0.  Every
step is a box search or SymPy, the same on every machine, done again at a replay (the faces the certificate
names, in turn: the symbols the search tried in vain are not tried again).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .. import validated
from ..validated.points import ball, middle, value
from ..validated.rules import NONSMOOTH, _zero_at_point

FACE = "face:"
FACTOR_OPS = 250
"""Operations of the largest derivative also tried as one factored fraction (a quotient's derivative
A'/D - A D'/D^2 loses its sign to the dependency problem; the factors of the factored form keep theirs)."""
ZERO = "zero"
"""The certificate of a claim left identically 0 on its faces."""
FACE_BOXES = 64
"""Boxes for the sign of df/dx on the whole domain, per form of the derivative and per factor (a side
condition, as :data:`.shape.SLOPE_BOXES`: where the face is the argument it closes in a few boxes, 13 for
rr:optimal's u; a false claim must not pay a full search per symbol and region)."""
_LOWER = ("nonnegative", "positive")
"""Claims that bound f below: least where f is least."""
_STRICT = ("positive", "negative")
_INFINITE = (sp.oo, -sp.oo, sp.zoo, sp.nan)
_WANT = {(True, False): "nonnegative", (True, True): "positive", (False, False): "nonpositive",
         (False, True): "negative"}
_HOLDS = {"nonnegative": lambda v: v >= 0, "positive": lambda v: v > 0, "nonpositive": lambda v: v <= 0,
          "negative": lambda v: v < 0}


@dataclass(frozen=True)
class Face:
    """The claim read at ``symbol`` = ``end``: df/d(symbol) has the sign ``sign`` on the domain, in ``boxes``."""
    symbol: sp.Symbol
    end: sp.Expr
    sign: str
    boxes: int
    closed: bool = True
    """The end belongs to the domain (else the claim there is its limit)."""

    def said(self) -> str:
        rel = "<=" if self.sign == "nonpositive" else ">="
        limit = "" if self.closed else ", its limit at the open end"
        return (f"the claim read on the face {self.symbol} = {sp.sstr(self.end)}, where it is least{limit} "
                f"(d/d{self.symbol} {rel} 0 on the domain, {self.boxes} boxes)")


def reduce(expr, which: str, domain: dict, wanted=lambda x: True):
    """(claim, domain, Face) on the first face where the claim is least (of the symbols ``wanted``), or None."""
    for x in filter(wanted, candidates(expr, domain)):
        face = _face(expr, which, domain, x)
        if face is not None:
            rest = {t: iv for t, iv in domain.items() if t != x}
            return expr.xreplace({x: face.end}), rest, face
    return None


def prove(expr, which: str, domain: dict, budget, log: str = ""):
    """(boxes, certificate ``face:``) of a region read on each face where it is least in turn (while a symbol is
    left to read) and proved there by boxes, or shown identically 0 on the region or a face (a claim that
    allows 0); replayed from ``log``; or None."""
    at, _, inner = log[len(FACE):].partition("|")
    e, dm, read = expr, domain, []
    while not (zero := which not in _STRICT and _zero_at_point(e, {})) and len(dm) > 1:
        found = reduce(e, which, dm, _recorded(at, read) if log else lambda x: True)
        if found is None:
            break
        e, dm, face = found
        read.append(face)
    names = _names(read)
    if log and (at != names or (inner == ZERO) != zero) or not (read or zero):
        return None
    found = None if zero else validated.prove(e, which, dm, inner, budget=budget, forms=False)
    if not (zero or found.proved):
        return None
    boxes, cert = (0, ZERO) if zero else (found.boxes, found.certificate)
    return sum(f.boxes for f in read) + boxes, f"{FACE}{names}|{cert}"


def _names(read) -> str:
    return ", ".join(f"{f.symbol} = {sp.sstr(f.end)}" for f in read)


def _recorded(at: str, read):
    """A replay reads only the next face the certificate names (the search's failed symbols are not tried)."""
    head = _names(read) + ", " if read else ""
    return lambda x: at.startswith(f"{head}{x} = ")


def recorded(logs) -> bool:
    """The region's recorded certificate is a proof on faces."""
    return bool(logs) and len(logs) == 1 and logs[0].startswith(FACE)


def candidates(expr, domain):
    """Symbols of the claim that no interval and no non-smooth function depends on, in the domain's order."""
    later = set().union(*(iv.free_symbols for iv in domain.values()))
    rough = set().union(*(a.free_symbols for a in expr.atoms(*NONSMOOTH)))
    return [x for x in domain if x in expr.free_symbols and not x.is_integer and x not in later | rough]


def _face(expr, which, domain, x):
    """The Face of x (the sign seen at the domain's middle, proved on the whole domain), or None."""
    d = sp.diff(expr, x)
    seen = value(d, middle(domain))
    if not seen:
        return None
    iv, rising = domain[x], seen > 0
    low_end = rising == (which in _LOWER)   # least (greatest, for an upper bound) at x's lower end
    end, is_open = (iv.start, iv.left_open) if low_end else (iv.end, iv.right_open)
    if is_open and which in _STRICT or not end.is_finite or expr.xreplace({x: end}).has(*_INFINITE):
        return None
    sign = "nonnegative" if rising else "nonpositive"
    boxes = _signed(d, sign, domain)
    return None if boxes is None else Face(x, end, sign, boxes, not is_open)


def _signed(d, sign, domain):
    """Boxes proving ``d`` has ``sign`` on the domain: as one factored fraction, factor by factor
    (:func:`_product`, a few boxes where it closes), else whole (a box search with derivative rules, the
    costly one); or None."""
    boxes = _product(sp.factor(sp.together(d)), sign, domain) if sp.count_ops(d) <= FACTOR_OPS else None
    if boxes is not None:
        return boxes
    found = validated.prove(d, sign, domain, budget=FACE_BOXES, forms=False)
    return found.boxes if found.proved else None


def _product(e, sign, domain):
    """Boxes proving the product ``e`` has ``sign``: each factor's sign, seen at the domain's middle, proved on
    the whole domain (strictly for a strict claim, a denominator's factor, or under a fractional power, so
    that every factor is finite and the product defined everywhere), their product the one claimed; or None."""
    at, total, odd = middle(domain), 0, 0
    for base, k in _factors(e):
        seen = value(base, at)
        strict = sign in _STRICT or k < 0 or not k.is_integer
        if not seen or seen < 0 and not k.is_integer:
            return None
        boxes = _leaf(base, _WANT[seen > 0, strict], domain)
        if boxes is None:
            return None
        total, odd = total + boxes, odd + (seen < 0 and k % 2 == 1)
    return total if (odd % 2 == 1) == (sign in ("nonpositive", "negative")) else None


def _factors(e):
    """(base, rational exponent) of each factor of the product ``e``."""
    return [f.as_base_exp() if f.is_Pow and f.exp.is_Rational else (f, sp.Integer(1)) for f in sp.Mul.make_args(e)]


def _leaf(e, want, domain):
    """Boxes proving ``e`` is ``want`` on the domain: a constant by its arb ball (0 boxes); min(a, b) >= 0
    (max <= 0) by every argument; max(a, b) >= 0 (min <= 0) by the argument largest (least) at the middle;
    else a box search; or None."""
    if not e.free_symbols:
        v = ball(e)
        return 0 if v is not None and _HOLDS[want](v) else None
    below = want in _LOWER
    if isinstance(e, (sp.Min, sp.Max)):
        every = isinstance(e, sp.Min) == below
        args = e.args if every else [max(e.args, key=lambda a: (value(a, middle(domain)) or 0) * (1 if below else -1))]
        found = [_leaf(a, want, domain) for a in args]
        return None if None in found else sum(found)
    found = validated.prove(e, want, domain, budget=FACE_BOXES, forms=False)
    return found.boxes if found.proved else None
