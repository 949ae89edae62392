"""Judging one sample point with certainty: agreement, a certain disagreement, or unclear.

Every verdict on an expression that compiles to ball arithmetic (:mod:`.arb`)
is read off an *enclosure*: a disagreement (or a violated sign) is certain only
when the arb ball of the difference (or of the value) excludes 0 on the wrong
side, at a precision raised from 64 up to :data:`MAX_BITS` bits while it still
contains 0; agreement is an enclosure of the difference that is small relative
to the sides.  Digits that repeat as the precision rises are never a certificate
(evalf can lose every digit the same way at every precision).  Where an
expression cannot be enclosed (an mpmath oracle, an unevaluated integral), the
point is judged in mpmath as *evidence* only: it may agree, it never witnesses.
Witnesses are then shrunk to points a reader can check by hand (:func:`shrink`).
"""
from __future__ import annotations

import builtins
from dataclasses import dataclass

import mpmath as mp
import sympy as sp

from ..model import domain as dom
from ..enclose.arb import NotRigorous, compile_arb
from ..model.budget import BudgetExceeded, within_budget
from ..enclose.judge import Verdict, judge_equal_arb, judge_sign_arb
from ..enclose.kinks import smooth_pieces, split_at_kinks

DPS = 60
"""Working precision (significant decimal digits) of every numeric check."""
LEVELS = (1, 2, 4, 8)
"""Multiples of DPS through which an unsettled point is escalated."""
STABLE = 10
"""Leading digits an mpmath-only disagreement (no enclosure) must keep when the precision doubles; such a point
is reported "mpmath oracle, not enclosed", never as a certified witness (docs/soundness.md)."""
QUAD = {"method": "tanh-sinh", "error": mp.mpf(0), "used": False}
"""The quadrature rule in force and the largest error estimate seen (module state, one process)."""


def _quad(f, *intervals):
    value, err = mp.quad(f, *intervals, method=QUAD["method"], error=True)
    QUAD["used"], QUAD["error"] = True, max(QUAD["error"], abs(err))
    return value


def _mp_range(a, b=None):
    """``range`` over mpf numbers, for sums with integer or floor limits."""
    lo, hi = (0, a) if b is None else (a, b)
    return (mp.mpf(k) for k in builtins.range(int(lo), int(hi)))


def _namespace() -> dict:
    from ...special import MPMATH_NAMESPACE  # Phi, PhiInv, erfcinv deep in the tails
    return {**MPMATH_NAMESPACE, "quad": _quad, "range": _mp_range}


@dataclass(frozen=True)
class Compiled:
    """An expression compiled to an mpmath function of the domain's symbols, and to ball arithmetic."""

    fn: object
    symbols: tuple
    zero: bool = False
    """The expression is the literal 0 (its exact zeros are genuine)."""
    arb: object = None
    """The :class:`.arb.ArbFn` enclosing the expression, or None (then :attr:`why` says why not)."""
    why: str = ""
    closed_integral: bool = False
    """The enclosure is of SymPy's closed form of an integral that :attr:`fn` evaluates by quadrature."""

    def __call__(self, point: dict):
        return self.fn(*(point[s] for s in self.symbols))


COMPILE_LIMIT = 120.0
"""Seconds lambdify may take (a safety net: it raises BudgetExceeded, reported as UNDECIDED)."""
INTEGRATE_LIMIT = 120.0
"""Seconds SymPy may take to evaluate a definite integral in closed form (a safety net, as COMPILE_LIMIT)."""


def _closed_integral(integral: sp.Integral):
    """SymPy's closed form of a definite integral, or the integral itself (no form, or an Integral left in it;
    a Piecewise of convergence conditions has no enclosure and falls back to quadrature in :func:`compile_expr`)."""
    value = _doit(integral)
    if value.has(sp.Integral):  # |g| with a symbolic kink: the smooth pieces between the kinks
        pieces = smooth_pieces(integral)
        value = sp.Add(*(_doit(piece) for piece in pieces)) if pieces else value
    return integral if value.has(sp.Integral) else value


def _doit(integral: sp.Integral):
    try:
        return within_budget(integral.doit, INTEGRATE_LIMIT)
    except (BudgetExceeded, RecursionError, ValueError, TypeError, NotImplementedError):
        return integral


def closed_integrals(expr: sp.Basic) -> sp.Basic:
    """``expr`` with every definite integral SymPy evaluates in closed form replaced by that form.

    Only the enclosure is compiled from it: the mpmath side keeps its quadrature, an independent evaluation
    that must agree with the enclosure before a disagreement counts (:func:`_quadrature_agrees`).
    """
    definite = lambda e: isinstance(e, sp.Integral) and all(len(limits) == 3 for limits in e.limits)
    return expr.replace(definite, _closed_integral)


def compile_expr(expr: sp.Basic, symbols) -> Compiled:
    """Compile a SymPy expression for mpmath and for arb (our own expressions, never user text).

    Expressions too large for Python's compiler (lambdify of ~3000-term sums
    raises RecursionError) are evaluated through SymPy's ``evalf`` instead.
    """
    symbols = tuple(symbols)
    try:
        smooth = split_at_kinks(expr)  # quadrature over smooth pieces only
        fn = within_budget(lambda: sp.lambdify(symbols, smooth, modules=[_namespace(), "mpmath"]), COMPILE_LIMIT)
        fn.__globals__["range"] = _mp_range  # lambdify puts the builtin back for Sum; ours yields mpf
    except (RecursionError, SyntaxError, MemoryError):
        fn = _evalf(expr, symbols)
    closed = closed_integrals(expr) if isinstance(expr, sp.Basic) and expr.has(sp.Integral) else expr
    enclosure, why = _enclosure(closed, symbols)
    if enclosure is None and closed is not expr:  # the closed form has no enclosure: say why the integral has none
        (enclosure, why), closed = _enclosure(expr, symbols), expr
    return Compiled(fn, symbols, sp.sympify(expr) == 0, enclosure, why, closed is not expr)


def _enclosure(expr, symbols):
    """The :class:`.arb.ArbFn` of ``expr`` and "", or None and why there is none."""
    try:
        return compile_arb(expr, symbols), ""
    except NotRigorous as exc:
        return None, str(exc)
    except RecursionError:
        return None, "no ball-arithmetic enclosure (expression too deep)"


def _evalf(expr, symbols):
    def fn(*values):
        subs = {s: sp.Float(mp.nstr(v, mp.mp.dps + 5), mp.mp.dps + 5) for s, v in zip(symbols, values)}
        return mp.mpf(sp.N(expr.xreplace(subs), mp.mp.dps))
    return fn


def digits_agreed(a, b, dps: int) -> int:
    """Significant decimal digits on which ``a`` and ``b`` agree (capped at ``dps``)."""
    diff = abs(a - b)
    if diff == 0:
        return dps
    scale = max(abs(a), abs(b))
    return max(0, min(dps, int(mp.floor(-mp.log10(diff / scale)))))


def _evaluate(f, point: dict, dps: int):
    with mp.workdps(dps):
        value = f({s: mp.mpf(v) for s, v in point.items()})
        if isinstance(value, (int, float)):
            value = mp.mpf(value)
        if not isinstance(value, mp.mpf) or not mp.isfinite(value):
            raise ArithmeticError(f"not a finite real number: {value}")
        return +value


def _values(fs, point: dict, dps: int, method: str = "tanh-sinh"):
    """Each of ``fs`` at ``point``; QUAD then says whether quadrature ran, and its worst error."""
    QUAD.update(method=method, error=mp.mpf(0), used=False)
    return [_evaluate(f, point, dps) for f in fs]


def _settled(x, y, exact_zero_ok: bool) -> bool:
    """``y`` (higher precision) repeats ``x``'s leading digits and is not a suspicious 0."""
    if y == 0:
        return x == 0 and exact_zero_ok
    return digits_agreed(x, y, STABLE) >= STABLE


CONFIRM_DPS = DPS
"""Precision of the Gauss-Legendre confirmation: its nodes cost minutes at 480 digits, and on a half-line it
converges no faster with more digits (its error estimate, not the precision, decides)."""


def _confirmed(fs, point, dps, combine) -> bool:
    """No quadrature ran, or Gauss-Legendre repeats the quantity far above both error estimates."""
    if not QUAD["used"]:
        return True
    first_err = QUAD["error"]
    value = combine(_values(fs, point, dps))
    other = combine(_values(fs, point, min(dps, CONFIRM_DPS), "gauss-legendre"))
    err = max(first_err, QUAD["error"])
    return abs(value) > 1000 * err and _settled(value, other, False)


def _judge_equal_mp(f, g, point: dict, digits: int) -> Verdict:
    """mpmath evidence: agreement to ``digits`` at some precision, a stable disagreement, or unclear.

    A difference that shrinks by DPS/2 orders when the precision doubles is
    rounding noise around a common value ("vanishes": the sides agree to the
    precision of the arithmetic, though perhaps not relatively, e.g. a gain of
    1e-939 against a plain difference of two numbers near 1).
    """
    prev = None
    for k in LEVELS:
        dps = k * DPS
        a, b = _values((f, g), point, dps)
        if digits_agreed(a, b, dps) >= digits:
            return Verdict("agrees", min(DPS, digits_agreed(a, b, dps)), a, b)
        if prev and abs(a - b) <= abs(prev[0] - prev[1]) * mp.mpf(10) ** (-(DPS // 2)):
            return Verdict("vanishes", 0, a, b)
        if prev and _certain_pair(prev, (a, b), f, g):
            if not _confirmed((f, g), point, dps, lambda v: v[0] - v[1]):
                return Verdict("unclear")  # settled, but the second rule (fixed precision) disagrees at any level
            return Verdict("uncertified", 0, a, b, f"the mpmath difference keeps its sign and {STABLE} "
                                                   f"leading digits at {dps // 2} and {dps} digits")
        prev = (a, b)
    return Verdict("unclear")


def _certain_pair(prev, now, f, g) -> bool:
    (a0, b0), (a1, b1) = prev, now
    return (_settled(a0, a1, getattr(f, "zero", False)) and _settled(b0, b1, getattr(g, "zero", False))
            and a1 - b1 != 0 and _settled(a0 - b0, a1 - b1, False))


SIGNS = {
    "positive": lambda v: v > 0,
    "negative": lambda v: v < 0,
    "nonnegative": lambda v: v >= 0,
    "nonpositive": lambda v: v <= 0,
}


def _judge_sign_mp(f, point: dict, sign: str) -> Verdict:
    """mpmath evidence: the sign holds, a stable violation, or unclear.

    A value far from 0 (above 10^-(DPS/3)) with the right sign holds at once.
    Otherwise the point is escalated: a value that repeats its leading digits
    at the next precision is real, whatever its size (e^-700 is not 0); an
    exact 0 satisfies a non-strict sign but never witnesses a violation.
    """
    prev = None
    for k in LEVELS:
        (v,) = _values((f,), point, k * DPS)
        far = abs(v) > mp.mpf(10) ** (-(DPS // 3))
        if SIGNS[sign](v) and (far or (v == 0 and sign.startswith("non"))):
            return Verdict("holds", DPS, v, 0)
        if prev is not None and v != 0 and _settled(prev, v, False):
            if SIGNS[sign](v):
                return Verdict("holds", DPS, v, 0)
            if not _confirmed((f,), point, k * DPS, lambda vs: vs[0]):
                return Verdict("unclear")  # as in _judge_equal_mp: a higher precision changes nothing
            return Verdict("uncertified", 0, v, mp.mpf(0), f"the mpmath value keeps its sign and {STABLE} "
                                                           f"leading digits at {k * DPS // 2} and {k * DPS} digits")
        prev = v
    return Verdict("unclear")


def _uncertified(verdict: Verdict, *fs) -> Verdict:
    """An mpmath judgement of an expression with no enclosure: agreement is evidence, a difference is not."""
    if verdict.kind != "uncertified":
        return verdict
    why = next((getattr(f, "why", "") for f in fs if getattr(f, "arb", None) is None), "")
    reason = why or "an mpmath function has no ball-arithmetic enclosure"
    return Verdict("uncertified", 0, verdict.lhs, verdict.rhs, f"{verdict.why}, but {reason}: not a certificate")


def _enclosed(*fs) -> bool:
    return all(getattr(f, "arb", None) is not None for f in fs)


def judge_equal(f, g, point: dict, digits: int) -> Verdict:
    """Agreement to ``digits``, a disagreement certified by an enclosure, or unclear (or mpmath evidence)."""
    if _enclosed(f, g):
        return _quadrature_agrees(judge_equal_arb(f.arb, g.arb, point, digits, DPS), point, f, g)
    verdict = _judge_equal_mp(f, g, point, digits)
    if verdict.kind == "uncertified" and _witnessed(f) and _witnessed(g):
        certain = judge_equal_arb(_witnessed(f), _witnessed(g), point, digits, DPS)
        if certain.kind == "differs":
            return certain
    return _uncertified(verdict, f, g)


def judge_sign(f, point: dict, sign: str) -> Verdict:
    """The sign holds, a violation certified by an enclosure, or unclear (or mpmath evidence)."""
    if _enclosed(f):
        return _quadrature_agrees(judge_sign_arb(f.arb, point, sign, DPS), point, f)
    verdict = _judge_sign_mp(f, point, sign)
    if verdict.kind == "uncertified" and _witnessed(f):
        certain = judge_sign_arb(_witnessed(f), point, sign, DPS)
        if certain.kind == "differs":
            return certain
    return _uncertified(verdict, f)


def steering_sign(f, sign: str):
    """A judge for shrinking a witness of ``f`` (an audit oracle with an enclosure, see :func:`_witnessed`)
    without enclosing every candidate: the shrink steers on one mpmath evaluation at :data:`DPS` digits (a
    judgement escalates to twice the digits, where an audit's exact value by quadrature costs several times
    more), and the point it settles on is certified once, by :func:`judge_sign`; a point it wrongly took for a
    violation fails that judgement and the witness first found stands (None when ``f`` has no such enclosure:
    every candidate is judged in full)."""
    if _enclosed(f) or getattr(f, "witness_enclosure", None) is None:
        return None

    def judge(point):
        (v,) = _values((f,), point, DPS)
        return Verdict("holds", DPS, v, 0) if v == 0 or SIGNS[sign](v) else Verdict("differs", 0, v, mp.mpf(0))
    return judge


def _witnessed(f):
    """The enclosure a point of an mpmath function is certified on, if it has one: ``f.arb`` (a compiled
    expression), else ``f.witness_enclosure(point, bits)`` (an audit oracle, :func:`.arguments.by_name`).  It is
    asked only where mpmath found a stable disagreement: a sampled verdict that holds is never re-judged, so the
    enclosure can certify a witness and change nothing else."""
    return getattr(f, "arb", None) or getattr(f, "witness_enclosure", None)


def _quadrature_agrees(verdict: Verdict, point: dict, *fs) -> Verdict:
    """A verdict on an integral enclosed through SymPy's closed form counts only where the quadrature of the
    integral repeats the enclosure's value (STABLE digits): a wrong closed form never witnesses or agrees."""
    closed = [(f, value) for f, value in zip(fs, (verdict.lhs, verdict.rhs)) if getattr(f, "closed_integral", False)]
    if not closed or verdict.kind == "unclear":
        return verdict
    for f, value in closed:
        try:
            (quadrature,) = _values((f,), point, DPS)
        except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
            return Verdict("unclear")
        if abs(quadrature - value) > abs(value) * mp.mpf(10) ** -STABLE + mp.mpf(10) ** -(DPS // 2):
            return Verdict("unclear")
    return Verdict(verdict.kind, verdict.digits, verdict.lhs, verdict.rhs,
                   verdict.why + " (the integral enclosed through its closed form, which quadrature repeats)")


# --- witnesses a reader can check by hand --------------------------------------

SIMPLE = ("1", "2", "0.5", "0.1", "10")
SHRINK_TRIES = 24
"""At most this many candidate points are judged while shrinking a witness."""


def _candidates(v):
    """Simpler numbers near ``v``: canonical ones first, then ``v`` rounded to 1-3 digits."""
    out = [mp.mpf(c) for c in SIMPLE] + [mp.mpf(mp.nint(v))]
    out += [mp.mpf(mp.nstr(v, k)) for k in (1, 2, 3)]
    return [c for c in dict.fromkeys(out) if c != v]


def shrink(judge, domain: dict, point: dict, verdict: Verdict):
    """A simpler point where the disagreement is still certain (coordinate by coordinate)."""
    tries = 0
    for s in list(point):
        for c in _candidates(point[s]):
            trial = {**point, s: c}
            if tries >= SHRINK_TRIES or not dom.contains(domain, trial):
                continue
            tries += 1
            try:
                found = judge(trial)
            except (ValueError, ZeroDivisionError, TypeError, OverflowError, ArithmeticError):
                continue
            if found.kind == "differs":
                point, verdict = trial, found
                break
    return point, verdict
