"""High-precision numeric evidence: identities and signs on seeded samples.

Everything runs in mpmath inside ``workdps`` (never by changing the global
precision).  VERIFIED is the strongest status this module gives, and REFUTED
needs a *certain* witness (:mod:`.certify`): an arb enclosure of the difference
(or value) that excludes 0.  An mpmath-only disagreement of an opaque function
(an audit's oracle) that stays stable as the precision doubles is reported with
the method "mpmath oracle, not enclosed" (:func:`_doubted`), never "certified";
of a SymPy expression arb cannot enclose (an integral with no closed form), it
is UNDECIDED (:func:`_unwitnessed`).  A point where neither agreement nor a
certain disagreement can be established is *inconclusive*: it is replaced by
another point, counted in the detail, and never used as a witness.
"""
from __future__ import annotations

import mpmath as mp
import sympy as sp

from ..model import domain as dom
from . import minimise as moving
from .far_integers import far_counterexample
from .certify import DPS, Compiled, Verdict, compile_expr, digits_agreed, judge_equal, judge_sign, shrink, steering_sign
from ..model.records import Outcome, Witness
from ..model.status import Status

__all__ = ["DPS", "DIGITS", "POINTS", "Compiled", "compile_expr", "digits_agreed", "check_equal", "check_sign",
           "refute_at"]

DIGITS = 50
"""Digits two values must agree to at the working precision."""
POINTS = 30
"""Sample points per numeric check."""


def _witness(point: dict, lhs, rhs) -> Witness:
    fmt = lambda v: mp.nstr(v, 20)
    exact = tuple((str(s), tuple(int(x) for x in mp.mpf(v)._mpf_)) for s, v in point.items())
    return Witness(tuple((str(s), fmt(v)) for s, v in point.items()), fmt(lhs), fmt(rhs), exact)


def _points(domain: dict, n: int, key: str):
    """The ``n`` seeded points, then (only if asked for) as many replacements; each point once.

    Called inside :func:`_at_working_precision`, so the points carry DPS digits.
    """
    seen = set()
    for suffix in ("", "/replacements"):
        for point in dom.sample(domain, n, key + suffix):
            tag = tuple(mp.nstr(v, DPS) for v in point.values())
            if tag not in seen:
                seen.add(tag)
                yield point


def _survey(judge, domain: dict, key: str, n: int):
    """Judge points until ``n`` are conclusive or a certain counterexample turns up.

    Returns (counterexample point and verdict or None, conclusive verdicts, inconclusive count,
    first uncertified disagreement or None).  The survey stops at the first stable disagreement that
    cannot be enclosed: the side that defeated the enclosure (an Integral, an mpmath oracle) defeats it
    at every later point too, and each later point would cost a quadrature at rising precision.
    """
    done, unclear = [], 0
    for point in _points(domain, n, key):
        try:
            verdict = judge(point)
        except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
            verdict = Verdict("unclear")
        if verdict.kind == "differs":
            return (point, verdict), done, unclear, None
        if verdict.kind == "uncertified" and not _underflow(verdict):
            return None, done, unclear, (point, verdict)  # no later point of an opaque side can be enclosed
        if verdict.kind in ("unclear", "uncertified"):
            unclear += 1
            continue
        done.append(verdict)
        if len(done) == n:
            break
    return None, done, unclear, None


UNDERFLOW = mp.mpf("1e-300")
"""An opaque function's disagreement below this is in the doubles' underflow range: never a witness."""


def _underflow(verdict) -> bool:
    return abs(verdict.lhs - verdict.rhs) < UNDERFLOW


def _inconclusive(unclear: int) -> str:
    return (f"; {unclear} further point(s) were inconclusive (the values did not settle as the "
            f"precision rose) and were replaced") if unclear else ""


def _doubted(point, verdict, text, points) -> Outcome:
    """A disagreement stable in mpmath but not enclosed (an opaque mpmath function): refuted, labelled as such.

    A side with no enclosure (an mpmath oracle, a library's value through an audit oracle) cannot give a
    ball-arithmetic witness.  A disagreement that keeps its sign and leading digits as the precision doubles
    still refutes the claim, but the method says the witness is mpmath's ("not enclosed"), never "certified";
    SymPy expressions never take this route (:func:`_unwitnessed`: UNDECIDED where arb cannot enclose them).
    """
    w = _witness(point, verdict.lhs, verdict.rhs)
    return Outcome(Status.REFUTED, "numeric counterexample (mpmath oracle, not enclosed)",
                   f"{text} {w.describe()} ({verdict.why}; an mpmath witness of an opaque function, not a "
                   f"ball-arithmetic enclosure)", w, points, 0)


def _unwitnessed(doubt, fs, text: str, points: int) -> Outcome:
    """A stable mpmath disagreement: REFUTED "not enclosed" only where the side with no enclosure is an opaque function
    (an audit's oracle); where it is a SymPy expression arb could not enclose (an integral of a Max whose mass lies
    past where quadrature looks), UNDECIDED: quadrature at every precision can miss the same mass, and a true
    identity was refuted so (the analytic Gaussian's hockey-stick integral at eps/mu = 35)."""
    if not any(getattr(f, "arb", None) is None and isinstance(f, Compiled) for f in fs):
        return _doubted(*doubt, text, points)
    point, verdict = doubt
    where = ", ".join(f"{s}={mp.nstr(v, 6)}" for s, v in point.items())
    why = next((f.why for f in fs if isinstance(f, Compiled) and f.arb is None and f.why), "no enclosure")
    return Outcome(Status.UNDECIDED, "numeric",
                   f"mpmath's values differ at {where} ({mp.nstr(verdict.lhs, 8)} vs {mp.nstr(verdict.rhs, 8)}), but "
                   f"{why}: mpmath alone is no witness for an expression (a counterexample must be enclosed)",
                   None, points, 0)


def _evidence(*fs) -> str:
    """What the sampled points are when some side has no enclosure."""
    why = next((getattr(f, "why", "") for f in fs if getattr(f, "arb", None) is None), None)
    if why is None:
        return "; each point judged on arb enclosures"
    return f"; mpmath evidence only, no point certifies anything ({why or 'an mpmath function has no enclosure'})"


def _refuted(judge, domain, point, verdict, text, points, steer=None):
    """The REFUTED outcome at a witness shrunk to a readable point; with ``steer`` (see
    :func:`.certify.steering_sign`) the shrink steers on it and only the point it reaches is judged in full,
    kept if certified there (else the point first found stands)."""
    if steer is None:
        point, verdict = shrink(judge, domain, point, verdict)
    else:
        simpler, _ = shrink(steer, domain, point, verdict)
        final = judge(simpler) if simpler != point else verdict
        point, verdict = (simpler, final) if final.kind == "differs" else (point, verdict)
    return _certified(point, verdict, text, points)


def _certified(point: dict, verdict: Verdict, text: str, points: int) -> Outcome:
    w = _witness(point, verdict.lhs, verdict.rhs)
    return Outcome(Status.REFUTED, "numeric counterexample (certified)",
                   f"{text} {w.describe()} ({verdict.why})", w, points, 0)


def _at_working_precision(check):
    """Sample, judge and shrink at DPS digits (points, comparisons and domain tests alike)."""
    def run(*args, **kwargs):
        with mp.workdps(DPS):
            return check(*args, **kwargs)
    run.__doc__, run.__name__ = check.__doc__, check.__name__
    return run


@_at_working_precision
def check_equal(f, g, domain: dict, key: str, what: str = "both sides",
                n: int = POINTS, digits: int = DIGITS) -> Outcome:
    """Compare two mpmath callables on a seeded sample of ``domain``, then (both sides enclosed, every point
    agreeing) let a local search move on their difference both ways (:func:`_moved_apart`)."""
    judge = lambda point: judge_equal(f, g, point, digits)
    bad, done, unclear, doubt = _survey(judge, domain, key, n)
    moved = ""
    if not bad and not doubt and done and _movable(f, g):
        bad, moved = _moved_apart(f, g, judge, domain, key)
    if bad:
        return _with_search(_refuted(judge, domain, *bad, f"{what} differ", len(done) + 1), moved)
    if doubt:
        return _unwitnessed(doubt, (f, g), f"{what} differ", len(done))
    if not done:
        return Outcome(Status.UNDECIDED, "numeric", f"no sample point was conclusive{_inconclusive(unclear)}")
    relative = [v.digits for v in done if v.kind == "agrees"]
    least = min(relative, default=0)
    absolute = len(done) - len(relative)
    detail = (f"{what} agree to >= {least} significant digits at {len(relative)} seeded points "
              f"({DPS}-digit arithmetic, edges included)")
    if absolute:
        detail += (f"; at {absolute} more their difference shrinks as the precision rises (they agree to the "
                   f"precision of the arithmetic, not to {digits} significant digits)")
    return Outcome(Status.VERIFIED, "numeric sample", detail + _evidence(f, g) + _inconclusive(unclear), None,
                   len(done), least)


@_at_working_precision
def check_sign(f, sign: str, domain: dict, key: str, n: int = POINTS, recorded=None) -> Outcome:
    """Check the sign of an mpmath callable on a seeded sample of ``domain``; before VERIFIED, the descent to
    the edges (:func:`descend`), then a local search that moves continuously (:func:`.minimise.minimise`).

    The search starts from the sample and the corners of the chart's box only, never from the centres of the
    boxes validated numerics left open: a replay of a certificate that records an open search has no boxes
    (:data:`.validated.OPEN`), and a verdict must be the same at certify time and at replay.  ``recorded``: (point,
    points) of the certified counterexample an earlier check found (:mod:`.witnesses`), judged first and in
    full; where it still refutes, the outcome is the one that check gave, with no sample and no shrink."""
    judge = lambda point: judge_sign(f, point, sign)
    again = _judged(judge, recorded[0]) if recorded is not None else None
    if again is not None:   # judge_sign says "differs" only where an enclosure certifies it
        return _certified(*again, f"not {sign}", recorded[1])
    bad, done, unclear, doubt = _survey(judge, domain, key, n)
    moved = ""
    if not bad and not doubt and done and getattr(f, "arb", None) is not None:
        bad = descend(f, judge, sign, domain, _points(domain, n, key))
        if not bad and _movable(f):
            bad, moved = _moved(f, judge, sign, domain, key)
        if not bad:
            far = far_counterexample(f, sign, domain, _least(f, sign, _points(domain, n, key)))
            if far is not None:
                (*bad, judge), moved = far, FAR
    if bad:
        return _with_search(_refuted(judge, domain, *bad, f"not {sign}", len(done) + 1, steering_sign(f, sign)),
                            moved)
    if doubt:
        return _unwitnessed(doubt, (f,), f"not {sign}", len(done))
    if not done:
        return Outcome(Status.UNDECIDED, "numeric", f"no sample point was conclusive{_inconclusive(unclear)}")
    detail = (f"{sign} at {len(done)} seeded points ({DPS}-digit arithmetic, edges included)"
              f"{_evidence(f)}{_inconclusive(unclear)}")
    return Outcome(Status.VERIFIED, "numeric sample", detail, None, len(done), DPS)


FAR = "found far out along an unbounded integer (10^3 to 10^9 from its end; a sum there in its closed form)"


def _least(f, sign: str, points) -> dict:
    """The sample point where the claim is closest to failing (the first point if none has a value)."""
    points = list(points)
    scored = [(v, k) for k, p in enumerate(points) for v in (_signed_value(f, p, sign),) if v is not None]
    return points[min(scored)[1]] if scored else points[0]


def _movable(*fs) -> bool:
    """Every side enclosed and cheap to evaluate: no quadrature (an integral's closed form) and no sum."""
    return all(getattr(f, "arb", None) is not None and not getattr(f, "closed_integral", False)
               and not f.arb.expr.has(sp.Sum, sp.Integral) for f in fs)


class _Relative:
    """f divided by the sum of the absolute values of its terms: the claim's gap relative to its parts.

    Minimising f itself runs into the places where f tends to 0 through small terms (rho + 2 sqrt(rho L) -
    1.000001 rho at rho -> 0), never to where it fails relative to large ones (rho large, delta near 1); the
    relative gap has the same sign as f everywhere, and a nudged constant or coefficient shows in it."""

    def __init__(self, f, symbols):
        self.f = f
        terms = sp.Add.make_args(f.arb.expr)
        self.scale = compile_expr(sp.Add(*(sp.Abs(t) for t in terms)), symbols) if len(terms) > 1 else None

    def __call__(self, point: dict):
        v = self.f(point)
        if self.scale is None:
            return v
        scale = self.scale(point)
        return v / scale if scale > 0 else v


def _moved(f, judge, sign, domain, key, budget: int = moving.BUDGET):
    """(certified counterexample or None, how the search found it) from :func:`.minimise.minimise`, half the
    budget on the claim itself, half on its relative gap (:class:`_Relative`): the first is flat nowhere the
    claim is, the second sees a nudge that f hides behind terms tending to 0."""
    for steer in (lambda: f, lambda: _Relative(f, f.symbols)):
        try:
            objective = steer()
        except Exception:  # lambdify of an unusual expression: no relative form, nothing more to try
            break
        found = moving.minimise(objective, sign, domain, key, (), budget // 2)
        bad = _judged_inside(judge, domain, found)
        if bad:
            return bad, _searched(found)
    return None, ""


def _judged_inside(judge, domain, found):
    """The point found, judged on its enclosure when its value violates and it lies in ``domain`` (a chart's
    dependent end is the declared one, the assumptions may narrow it further), else None."""
    if not found.violates:
        return None
    point = {s: mp.mpf(v) for s, v in found.point.items()}
    return _judged(judge, point) if dom.contains(domain, point) else None


class _Difference:
    """f - g + TOLERANCE (|f| + |g|) (``sign``: +1) or its mirror g - f + ... (-1): negative only where the
    sides differ by more than the rounding of the search's digits (an identity's two one-sided claims).  Where
    the sides agree it is TOLERANCE (|f| + |g|), which steers towards where they are small (a difference hidden
    behind max(A, c) = A lies where A is small); a relative form would be flat there."""

    TOLERANCE = mp.mpf(10) ** -12

    def __init__(self, f, g, sign: int):
        self.f, self.g, self.sign = f, g, sign

    def __call__(self, point: dict):
        a, b = self.f(point), self.g(point)
        return self.sign * (a - b) + self.TOLERANCE * (abs(a) + abs(b))


def _moved_apart(f, g, judge, domain, key):
    """The local search on the difference of an identity's sides, each way with half the budget."""
    for sign in (1, -1):
        found = moving.minimise(_Difference(f, g, sign), "positive", domain, f"{key}/{sign}", (),
                                moving.BUDGET // 2)
        bad = _judged_inside(judge, domain, found)
        if bad:
            return bad, _searched(found)
    return None, ""


def _searched(found) -> str:
    if not found.starts:   # violated while the starts were scored: a corner of the chart's box
        return (f"found by a local search among its starting points (the seeded sample and the corners of the "
                f"unit-box chart, {found.evaluations} evaluations at {moving.DPS} digits)")
    return (f"reached by a local search (Nelder-Mead in the unit-box chart, {found.evaluations} evaluations at "
            f"{moving.DPS} digits from {found.starts} starts)")


def _with_search(outcome: Outcome, how: str) -> Outcome:
    if not how:
        return outcome
    return Outcome(outcome.status, outcome.method, f"{outcome.detail}; the point {how}", outcome.witness,
                   outcome.points, outcome.digits)


SWEEPS = 4
"""Most sweeps of :func:`descend` over the coordinates."""


def _signed_value(f, point: dict, sign: str):
    """f at ``point`` with the sign that makes the claim read "this is > 0" (or >= 0); None if undefined."""
    try:
        v = f(point)
    except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
        return None
    if not isinstance(v, mp.mpf) or not mp.isfinite(v):
        return None
    return -v if sign in ("negative", "nonpositive") else v


def descend(f, judge, sign: str, domain: dict, points):
    """A certified counterexample reached from the sample's least point by moving one coordinate at a time to
    the edge value (:func:`.domain.edge_values`) that lowers f most, or None.

    A claim false only where several coordinates sit at their edges together (2 eps beta^2 / Delta_Q - 2e-16
    at eps and beta small, Delta_Q large) escapes a sample that puts one coordinate at an edge at a time.  At
    most :data:`SWEEPS` sweeps; mpmath values only steer, the witness is judged by ``judge`` (an enclosure).
    """
    scored = [(v, p) for p in points for v in (_signed_value(f, p, sign),) if v is not None]
    if not scored:
        return None
    best, point = min(scored, key=lambda item: item[0])
    for _ in range(SWEEPS):
        moved = False
        for s, iv in domain.items():
            found = _best_move(f, sign, domain, point, s, iv)
            if found is not None and found[0] < best:
                best, point, moved = found[0], found[1], True
        if not moved:
            break
    return _judged(judge, point)


def _best_move(f, sign, domain, point, s, iv):
    """(value, point) of the least signed value with ``s`` moved to one of its edge values, or None."""
    values = {t: point[t] for t in domain if t != s and list(domain).index(t) < list(domain).index(s)}
    moves = []
    for e in dom.edge_values(iv, values, s):
        moved = {**point, s: e}
        v = _signed_value(f, moved, sign) if dom.contains(domain, moved) else None
        if v is not None:
            moves.append((v, moved))
    return min(moves, key=lambda item: item[0]) if moves else None


def _judged(judge, point):
    try:
        verdict = judge(point)
    except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
        return None
    return (point, verdict) if verdict.kind == "differs" else None


@_at_working_precision
def refute_at(f, sign: str, domain: dict, points) -> tuple[Outcome, dict] | None:
    """A certified counterexample among ``points`` (candidates from validated numerics) and the candidate it
    was shrunk from (a replay starts from that one point and finds the same witness), or None."""
    judge = lambda point: judge_sign(f, point, sign)
    for point in points:
        if not dom.contains(domain, point):
            continue
        try:
            verdict = judge(point)
        except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
            continue
        if verdict.kind == "differs":
            return _refuted(judge, domain, point, verdict, f"not {sign}", 1), point
    return None
