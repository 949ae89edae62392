"""Certainly-false mutations of proved sign and monotonicity claims (the mutation suite's generator).

A mutation is false at a point of its domain *by a ball-arithmetic enclosure*
(python-flint arb, :mod:`symdp.engine.enclose.arb`), never by a float: a mutation whose
falsity the enclosure cannot show is not made.  Three kinds, each false only
near one point (the claim was tight there, or nearly):

* shift: p is the sample point where f is least (greatest for a negative
  claim); the mutation claims f - c > 0 with c just above f(p);
* nudge: the largest additive term T of f at p gets its coefficient moved by
  a relative 1e-6 of f(p)/T(p), just enough to flip the sign at p;
* widen: an end of one symbol's interval moved out by 1/100 of its size (the
  symbol replaced by a real one), only when f has the wrong sign out there.

Monotonicity claims are mutated through their derivative: g = expr - c var with
c just above the derivative's least value (increasing) at p.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp.engine.proof import certificates as certs
from symdp.engine.model import domain as dom
from symdp.engine.enclose.arb import NotRigorous, compile_arb
from symdp.engine.model.budget import within_budget
from symdp.engine.run.recorder import Recorder
from symdp.engine.run.registry import collect

PREC = 256
"""Bits of the enclosures that decide a mutation is false."""
ETA = sp.Rational(1, 10**6)
"""Relative size of a shift or nudge (of the claim's value at the point)."""
TINY = 10**-200
"""Values at a point smaller (or larger than the reciprocal) are not used: their constants would be huge."""
UP = {"positive": True, "nonnegative": True, "negative": False, "nonpositive": False}


@dataclass(frozen=True)
class Claim:
    """A sign claim (a monotone claim is its derivative's sign, with ``var`` set)."""

    label: str
    expr: sp.Basic
    which: str
    domain: dict
    var: sp.Symbol | None = None

    @property
    def signed(self):
        return sp.diff(self.expr, self.var) if self.var is not None else self.expr


@dataclass(frozen=True)
class Mutant:
    label: str
    expr: sp.Basic
    which: str
    domain: dict
    var: sp.Symbol | None
    point: dict
    enclosure: str
    """The arb enclosure of the mutated claim's value at ``point`` (on the wrong side of 0)."""


def order_key(text: str) -> str:
    """A deterministic, content-independent-of-position order (sha1 of a label)."""
    return hashlib.sha1(text.encode()).hexdigest()


def _value(expr, point: dict):
    """The arb enclosure of ``expr`` at ``point``, or None (no enclosure, not finite)."""
    syms = tuple(point)
    try:
        v = compile_arb(expr, syms)(point, PREC)
    except (NotRigorous, ValueError, ZeroDivisionError, TypeError, ArithmeticError):
        return None
    return v if v.is_finite() else None


def _wrong_side(v, which: str) -> bool:
    """The enclosure ``v`` certainly violates ``which``."""
    if v is None:
        return False
    return bool(v < 0) if which in ("positive", "nonnegative") else bool(v > 0)


def _rational(x) -> sp.Rational:
    """An exact rational near the arb midpoint (a short decimal, as a reader would write it)."""
    return sp.Rational(mp.nstr(mp.mpf(x.mid().str(30, radius=False)), 25))


def _sample(claim: Claim, n: int = 30):
    with mp.workdps(60):
        pts = dom.sample(dom.complete(claim.domain, claim.expr.free_symbols), n, "mutation/" + claim.label)
    # exact rationals: every enclosure below is of the same point
    return [{s: sp.Rational(mp.nstr(v, 20)) for s, v in p.items()} for p in pts]


def _extreme(claim: Claim):
    """(point, enclosure) where the signed value is least (greatest for a negative claim)."""
    f, best = claim.signed, None
    for p in _sample(claim):
        if not dom_contains(claim, p):
            continue
        v = _value(f, p)
        if v is None or not (v == 0 or TINY < abs(v) < 1 / TINY):
            continue
        key = v.mid() if UP[claim.which] else -v.mid()
        if best is None or key < best[0]:
            best = (key, p, v)
    return (best[1], best[2]) if best else (None, None)


def dom_contains(claim: Claim, point: dict) -> bool:
    with mp.workdps(60):
        full = dom.complete(claim.domain, claim.expr.free_symbols)
        return dom.contains(full, {s: mp.mpf(sp.N(v, 60)) for s, v in point.items()})


def shift(claim: Claim):
    p, v = _extreme(claim)
    if p is None:
        return None
    size = max(abs(_rational(v)), sp.Rational(1, 10**30)) * ETA
    c = _rational(v) + (size if UP[claim.which] else -size)
    if claim.var is None:
        expr, signed = claim.expr - c, claim.expr - c
    else:
        expr, signed = claim.expr - c * claim.var, claim.signed - c
    return _made(claim, "shift", expr, signed, p)


def nudge(claim: Claim):
    p, v = _extreme(claim)
    f = claim.signed
    if p is None or claim.var is not None or not isinstance(f, sp.Add):
        return None
    terms = [(t, _value(t, p)) for t in f.args if t.free_symbols]
    terms = [(t, tv) for t, tv in terms if tv is not None and not tv.contains(0)]
    if not terms:
        return None
    term, tv = max(terms, key=lambda it: abs(it[1].mid()))
    c = -_rational(v) / _rational(tv) * (1 + ETA)
    if c == 0:
        return None
    return _made(claim, "nudge", f + c * term, f + c * term, p)


def widen(claim: Claim):
    if claim.var is not None:
        return None
    full = dom.complete(claim.domain, claim.expr.free_symbols)
    p, _ = _extreme(claim)
    if p is None:
        return None
    for s, iv in full.items():
        if iv.free_symbols or any(s in other.free_symbols for other in full.values()):
            continue
        for end, out in ((iv.start, -1), (iv.end, 1)):
            if not end.is_finite:
                continue
            w = max(abs(end), 1) / 100 if not (iv.start.is_finite and iv.end.is_finite) else (iv.end - iv.start) / 100
            probe = {**p, s: end + out * w / 2}
            r = sp.Symbol(f"{s.name}_w", real=True)
            wider = sp.Interval(end - w, iv.end, False, iv.right_open) if out < 0 else \
                sp.Interval(iv.start, end + w, iv.left_open, False)
            domain = {(r if t == s else t): (wider if t == s else i) for t, i in full.items()}
            expr = claim.expr.subs(s, r)
            made = _made(claim, f"widen {s}", expr, expr, {(r if t == s else t): v for t, v in probe.items()},
                         domain)
            if made:
                return made
    return None


def _made(claim, kind, expr, signed, point, domain=None):
    v = _value(signed, point)
    if not _wrong_side(v, claim.which):
        return None
    return Mutant(f"{claim.label} [{kind}]", expr, claim.which, domain or claim.domain, claim.var, point, v.str(5))


def mutants(claim: Claim) -> list[Mutant]:
    """The certainly-false mutations of ``claim`` that could be made (0 to 3)."""
    out = []
    for make in (shift, nudge, widen):
        try:
            m = make(claim)
        except (ValueError, TypeError, ZeroDivisionError, NotImplementedError, ArithmeticError):
            m = None
        if m is not None:
            out.append(m)
    return out


# -- capture: a derivation's claims, decided by nobody ----------------------------------------------------

class _Capture(Recorder):
    """Runs a derivation's algebra and captures its sign and monotone claims, deciding nothing."""

    def __init__(self, derivation_id):
        super().__init__(derivation_id)
        self.captured: list = []

    def sign(self, cid, expr, which, domain=None, text="", expect=None, numeric=True, n=0, symbolic=True, boxes=None):
        if isinstance(expr, sp.Basic) and symbolic and expect is None:
            fp = certs.fingerprint("sign", expr, which, domain, numeric)
            self.captured.append((fp, Claim(f"{self.derivation_id}::{cid}", expr, which, dict(domain or {}))))

    def monotone(self, cid, expr, var, increasing, domain=None, text="", expect=None):
        if expect is None:
            which = "positive" if increasing else "negative"
            fp = certs.fingerprint("monotone", sp.diff(expr, var), which, domain)
            self.captured.append((fp, Claim(f"{self.derivation_id}::{cid}", expr, which, dict(domain or {}), var)))

    def identity(self, *args, **kwargs):
        pass

    printed = cross_check = printed_value = printed_bound = identity


DRY_RUN_LIMIT = 120.0
"""Seconds of a derivation's algebra when its claims are captured."""


def captured(folder: Path, wanted=None, limit: float = DRY_RUN_LIMIT) -> list[Claim]:
    """The sign and monotone claims (not expected to fail) of the derivations below ``folder`` (those whose
    ids are in ``wanted``), each derivation's algebra run under ``limit`` seconds, deciding nothing."""
    specs = collect(folder).specs
    if wanted is not None:
        specs = [s for s in specs if s.id in wanted]
    out = []
    for spec in sorted(specs, key=lambda s: s.id):
        d = _Capture(spec.id)
        try:
            within_budget(lambda: spec.fn(d), limit)
        except Exception:
            continue
        out += [claim for _, claim in d.captured]
    return out
