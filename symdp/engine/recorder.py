"""The recorder a derivation receives: every step it takes lands in the trace.

Bookkeeping steps (define, substitute, rewrite, differentiate, integrate,
limit, solve) return their result so the derivation reads like the algebra
it records.  Claim steps (identity, sign, monotone, cross_check, printed)
are decided by :mod:`.decide` and carry an id, a status and the evidence.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import replace

import mpmath as mp
import sympy as sp

from . import decide
from . import numeric as num
from . import domain as dom
from .budget import BudgetExceeded, within_budget
from .provers import BUDGET, REWRITES, Attempts, active_piece
from .records import Figure, Note, Outcome, Series, Step, Table
from .status import Status

_DONE = Outcome(Status.PROVED, "")


class Recorder:
    """Collects the trace of one derivation."""

    def __init__(self, derivation_id: str, budget: float = BUDGET):
        self.derivation_id = derivation_id
        self.budget = budget
        self.trace: list = []
        self._ids: set[str] = set()

    # -- bookkeeping -------------------------------------------------------

    def _step(self, kind, text, exprs, outcome=_DONE, started=None, claim_id=None, expect=None, relation=""):
        seconds = time.perf_counter() - started if started else 0.0
        step = Step(kind, text, tuple(exprs), outcome, claim_id, expect, seconds, relation)
        self.trace.append(step)
        return step

    def define(self, label: str, expr, text: str = ""):
        """State a definition (a density, a metric, a printed formula)."""
        self._step("define", text, [(label, expr)], Outcome(Status.PROVED, "definition"))
        return expr

    def substitute(self, label: str, expr, subs: dict, text: str = ""):
        """Substitute and record before and after."""
        started = time.perf_counter()
        result = expr.subs(subs)
        self._step("substitute", text, [(label, result)], Outcome(Status.PROVED, "substitution"), started)
        return result

    def _budgeted(self, kind, label, text, method, fn, fallback):
        started = time.perf_counter()
        try:
            result = within_budget(fn, self.budget)
        except BudgetExceeded:
            outcome = Outcome(Status.UNDECIDED, method, f"exceeded the {self.budget:g} s budget")
            self._step(kind, text, [(label, fallback)], outcome, started)
            return fallback
        status = Status.UNDECIDED if result.has(sp.Integral, sp.Limit) else Status.PROVED
        self._step(kind, text, [(label, result)], Outcome(status, method), started)
        return result

    def piece(self, label: str, expr, var, at, text: str = ""):
        """Restrict a Piecewise to the interval of ``var`` that contains ``at``."""
        result = active_piece(expr, var, at)
        method = f"conditions decided at {var} = {sp.sstr(at)}"
        self._step("restrict", text, [(label, result)], Outcome(Status.PROVED, method))
        return result

    def rewrite(self, label: str, expr, how: str = "cancel", text: str = ""):
        """Apply one of the named rewrites of :data:`.provers.REWRITES`."""
        fn = dict(REWRITES)[how]
        return self._budgeted("rewrite", label, text, how, lambda: fn(expr), expr)

    def differentiate(self, label: str, expr, var, text: str = ""):
        return self._budgeted("differentiate", label, text, "sympy.diff",
                              lambda: sp.diff(expr, var), sp.Derivative(expr, var))

    def integrate(self, label: str, expr, limits, text: str = ""):
        return self._budgeted("integrate", label, text, "sympy.integrate",
                              lambda: sp.integrate(expr, limits), sp.Integral(expr, limits))

    def limit(self, label: str, expr, var, point, direction: str = "+", text: str = ""):
        return self._budgeted("limit", label, text, "sympy.limit",
                              lambda: sp.limit(expr, var, point, direction),
                              sp.Limit(expr, var, point, direction))

    def solve(self, label: str, equation, var, text: str = ""):
        """Solve ``equation = 0`` for ``var`` (a symbol, or a list of symbols for a system).

        Solutions are filtered by the symbols' assumptions.  Returns the list
        of roots for one symbol, the list of {symbol: value} for a system.
        """
        started = time.perf_counter()
        found = within_budget(lambda: sp.solve(equation, var, dict=True), self.budget)
        system = isinstance(var, (list, tuple))
        sols = found if system else [sol[var] for sol in found]
        exprs = []
        for k, sol in enumerate(found):
            tag = f"_{{{k + 1}}}" if len(found) > 1 else ""
            exprs += [(f"{sp.latex(v)}{tag}" if system else f"{label}{tag}", e) for v, e in sol.items()]
        names = ", ".join(map(str, var)) if system else str(var)
        method = f"sympy.solve ({len(found)} solution(s) consistent with the assumptions on {names})"
        self._step("solve", text, exprs, Outcome(Status.PROVED, method), started)
        return sols

    # -- claims --------------------------------------------------------------

    def _claim_id(self, cid: str) -> str:
        if cid in self._ids:
            raise ValueError(f"claim id {cid!r} used twice in {self.derivation_id}")
        self._ids.add(cid)
        return cid

    @contextmanager
    def _claim(self, kind, cid, text, exprs, expect, relation=""):
        """Run a claim body that yields an outcome; exceptions become ERROR."""
        cid = self._claim_id(cid)
        started = time.perf_counter()
        box: list = []
        try:
            yield box
            outcome = box[0]
        except Exception as exc:  # recorded, never swallowed silently
            outcome = Outcome(Status.ERROR, "exception", f"{type(exc).__name__}: {exc}")
        self._step(kind, text, exprs, outcome, started, cid, expect, relation)

    def identity(self, cid: str, lhs, rhs, domain=None, text: str = "",
                 expect: Status | None = None, numeric: bool = True, hint: str | None = None):
        """Claim ``lhs == rhs`` on ``domain``; ``hint`` names the rewrite to try first."""
        exprs = [("", sp.sympify(lhs)), ("", sp.sympify(rhs))]
        with self._claim("identity", cid, text, exprs, expect, "=") as box:
            attempts = Attempts(self.budget, hint=hint)
            box.append(_noted(decide.identity(lhs, rhs, domain, self._key(cid), attempts, numeric), attempts))

    def sign(self, cid: str, expr, which: str, domain=None, text: str = "",
             expect: Status | None = None, numeric: bool = True, n: int = num.POINTS,
             symbolic: bool = True):
        """Claim that ``expr`` is positive / negative / nonnegative / nonpositive on ``domain``.

        ``expr`` may also be an mpmath function of the domain's symbols (by
        name), for quantities with no closed form; that, and a claim with
        ``symbolic=False`` (known to be out of SymPy's reach), is decided by
        sampling only.
        """
        rel = {"positive": ">", "negative": "<", "nonnegative": r"\ge", "nonpositive": r"\le"}[which]
        if not isinstance(expr, sp.Basic):
            symbolic = False
        exprs = [("", expr), ("", sp.Integer(0))] if isinstance(expr, sp.Basic) else []
        with self._claim("sign", cid, text, exprs, expect, rel if exprs else "") as box:
            if symbolic:
                attempts = Attempts(self.budget)
                box.append(_noted(decide.sign(expr, which, domain, self._key(cid), attempts, numeric), attempts))
            else:  # no symbolic route: sampling only (VERIFIED at best)
                f = _by_name(expr) if not exprs else num.compile_expr(expr, tuple(dom.complete(domain, expr.free_symbols)))
                full = dom.complete(domain, expr.free_symbols if exprs else set())
                box.append(num.check_sign(f, which, full, self._key(cid), n))

    def monotone(self, cid: str, expr, var, increasing: bool, domain=None, text: str = "",
                 expect: Status | None = None):
        """Claim strict monotonicity in ``var`` on ``domain`` via the sign of the derivative."""
        which = "positive" if increasing else "negative"
        exprs = [(rf"\frac{{\partial}}{{\partial {sp.latex(var)}}}", expr), ("", sp.Integer(0))]
        with self._claim("monotone", cid, text, exprs, expect, ">" if increasing else "<") as box:
            attempts = Attempts(self.budget)
            outcome = decide.sign(sp.diff(expr, var), which, domain, self._key(cid), attempts)
            box.append(_noted(replace(outcome, detail=f"derivative {which}: {outcome.detail}"), attempts))

    def cross_check(self, cid: str, closed, oracle, domain=None, text: str = "",
                    n: int = num.POINTS, expect: Status | None = None):
        """Compare a closed form with an independent numeric ``oracle(**{name: mpf})``.

        ``closed`` is a SymPy expression, or an mpmath function taking the
        domain's symbols by name (a library routine with no closed form).
        """
        symbolic = isinstance(closed, sp.Basic)
        exprs = [("", closed)] if symbolic else []
        with self._claim("cross-check", cid, text, exprs, expect) as box:
            domain = dom.complete(domain, closed.free_symbols if symbolic else set())
            f = num.compile_expr(closed, tuple(domain)) if symbolic else _by_name(closed)
            box.append(num.check_equal(f, _by_name(oracle), domain, self._key(cid), "closed form and oracle", n))

    def printed(self, cid: str, printed, derived, domain=None, where: str = "",
                text: str = "", expect: Status | None = None):
        """Compare a formula as printed in the paper with the derived one."""
        exprs = [(r"\text{printed}", printed), (r"\text{derived}", derived)]
        with self._claim("printed", cid, text or f"printed {where} against the derivation", exprs, expect) as box:
            attempts = Attempts(self.budget)
            outcome = decide.identity(printed, derived, domain, self._key(cid), attempts)
            box.append(_noted(_as_erratum(outcome, where), attempts))

    def printed_value(self, cid: str, matches: bool, detail: str, text: str = "",
                      expect: Status | None = None):
        """A printed number (a table cell) against the derived one, as judged by the derivation.

        ``detail`` must give both numbers; a mismatch is an ERRATUM.
        """
        status = Status.VERIFIED if matches else Status.ERRATUM
        with self._claim("printed-value", cid, text, [], expect) as box:
            box.append(Outcome(status, "closed form at 50 digits", detail))

    def _key(self, cid: str) -> str:
        return f"{self.derivation_id}:{cid}"

    # -- artefacts ---------------------------------------------------------

    def note(self, text: str):
        """A remark that is not algebra (say, a definitions-level argument): recorded, never a claim."""
        self.trace.append(Note(text))

    def table(self, tid: str, caption: str, header, rows):
        self.trace.append(Table(tid, caption, tuple(header), tuple(tuple(r) for r in rows)))

    def figure(self, fid: str, caption: str, xlabel: str, ylabel: str, series: dict):
        """``series`` maps a label to (x, y) pairs of numbers, stored to 6 significant digits."""
        fmt = lambda v: mp.nstr(mp.mpf(v), 6, strip_zeros=False)
        curves = tuple(Series(k, tuple((fmt(a), fmt(b)) for a, b in pts)) for k, pts in series.items())
        self.trace.append(Figure(fid, caption, xlabel, ylabel, curves))


def _by_name(fn):
    """Adapt ``fn(epsilon=..., beta=...)`` to a function of a point {symbol: value}."""
    return lambda point: fn(**{str(s): v for s, v in point.items()})


def _noted(outcome: Outcome, attempts: Attempts) -> Outcome:
    return replace(outcome, note=attempts.note().lstrip("; "))


def _as_erratum(outcome: Outcome, where: str) -> Outcome:
    """A refuted printed-vs-derived identity is an erratum of the printed text."""
    if outcome.status is not Status.REFUTED:
        return Outcome(outcome.status, outcome.method, "printed form agrees: " + outcome.detail,
                       None, outcome.points, outcome.digits)
    return Outcome(Status.ERRATUM, outcome.method,
                   f"printed {where} disagrees with the derivation; corrected form is the derived one; "
                   + outcome.detail, outcome.witness, outcome.points, 0)
