"""The bookkeeping steps of a derivation's recorder: definitions, substitutions, rewrites, derivatives, integrals,
limits, ``solve``, and the artefacts (notes, tables, figures).

Each returns its result, so that a derivation reads like the algebra it records; each lands in the trace as a
:class:`..model.records.Step` (or a note, table, figure).  Claims are :class:`.recorder.Recorder`'s.
"""
from __future__ import annotations

import time

import mpmath as mp
import sympy as sp

from ..model.budget import BudgetExceeded, within_budget
from ..model.records import Figure, Note, Outcome, Series, Step, Table
from ..model.status import Status
from ..symbolic import solving
from ..symbolic.pieces import active_piece
from ..symbolic.rewrites import REWRITES
from .stopping import Running

_DONE = Outcome(Status.PROVED, "")

STEP_LIMIT = 120.0
"""Seconds a bookkeeping step (diff, integrate, solve, ...) may take: a safety net, not a search
budget, so that the trace does not depend on the machine's speed."""


class Steps:
    """The recorder's bookkeeping steps and artefacts (a mixin of :class:`.recorder.Recorder`, which holds
    ``trace`` and ``running``)."""

    # -- bookkeeping -------------------------------------------------------

    def _step(self, kind, text, exprs, outcome=_DONE, started=None, claim_id=None, expect=None, relation="",
              certificate="", printed_latex="", provenance=None):
        seconds = time.perf_counter() - started if started else 0.0
        step = Step(kind, text, tuple(exprs), outcome, claim_id, expect, seconds, relation, certificate,
                    printed_latex, provenance)
        self.trace.append(step)
        return step

    def define(self, label: str, expr, text: str = ""):
        """State a definition (a density, a metric, a printed formula)."""
        self._step("define", text, [(label, expr)], Outcome(Status.PROVED, "definition"))
        return expr

    def substitute(self, label: str, expr, subs: dict, text: str = "", domain: dict | None = None):
        """Substitute and record before and after; ``domain`` ({symbol: open interval}) is where the values'
        symbols range, for showing that each value meets its symbol's assumptions."""
        started = time.perf_counter()
        result, outcome = solving.substituted(expr, subs, domain)
        self._step("substitute", text, [(label, result)], outcome, started)
        return result

    def _budgeted(self, kind, label, text, method, fn, fallback):
        started = time.perf_counter()
        self.running = Running(kind, label, text)
        try:
            result = within_budget(fn, STEP_LIMIT)
        except BudgetExceeded:
            outcome = Outcome(Status.UNDECIDED, method, f"exceeded the {STEP_LIMIT:g} s limit")
            self._step(kind, text, [(label, fallback)], outcome, started)
            self.running = None
            return fallback
        status = Status.UNDECIDED if result.has(sp.Integral, sp.Limit) else Status.PROVED
        self._step(kind, text, [(label, result)], Outcome(status, method), started)
        self.running = None
        return result

    def piece(self, label: str, expr, var, at, text: str = ""):
        """Restrict a Piecewise to the interval of ``var`` that contains ``at``."""
        result = active_piece(expr, var, at)
        method = f"conditions decided at {var} = {sp.sstr(at)}"
        self._step("restrict", text, [(label, result)], Outcome(Status.PROVED, method))
        return result

    def rewrite(self, label: str, expr, how: str = "cancel", text: str = ""):
        """Apply one of the named rewrites of :data:`.rewrites.REWRITES`."""
        fn = dict(REWRITES)[how]
        return self._budgeted("rewrite", label, text, how, lambda: fn(expr), expr)

    def differentiate(self, label: str, expr, var, text: str = ""):
        return self._budgeted("differentiate", label, text, "sympy.diff",
                              lambda: sp.diff(expr, var), sp.Derivative(expr, var))

    def integrate(self, label: str, expr, *limits, text: str = ""):
        """Integrate over one or more ranges: ``d.integrate("I", f, (x, 0, 1), (y, 0, x))``."""
        if limits and isinstance(limits[-1], str):  # the older form integrate(label, expr, limits, text)
            limits, text = limits[:-1], limits[-1]
        return self._budgeted("integrate", label, text, "sympy.integrate",
                              lambda: sp.integrate(expr, *limits), sp.Integral(expr, *limits))

    def limit(self, label: str, expr, var, point, direction: str = "+", text: str = ""):
        return self._budgeted("limit", label, text, "sympy.limit",
                              lambda: sp.limit(expr, var, point, direction),
                              sp.Limit(expr, var, point, direction))

    def solve(self, label: str, equation, var, text: str = "", domain=None):
        """Solve ``equation = 0`` for ``var`` (a symbol, or a list of symbols for a system).

        Each root is checked and, with ``domain`` (an interval for one symbol, or {symbol: interval}),
        placed by the sign prover: a root shown outside is dropped, the others returned, every one listed
        in the step's detail (:mod:`.solving`).  Returns the list of roots for one symbol, the list of
        {symbol: value} for a system.
        """
        started = time.perf_counter()
        self.running = Running("solve", label, text)
        solved = within_budget(lambda: solving.solve(equation, var, domain), STEP_LIMIT)
        found = [r.solution for r in solved.kept]
        system = isinstance(var, (list, tuple))
        exprs = []
        for k, sol in enumerate(found):
            tag = f"_{{{k + 1}}}" if len(found) > 1 else ""
            exprs += [(f"{sp.latex(v)}{tag}" if system else f"{label}{tag}", e) for v, e in sol.items()]
        self._step("solve", text, exprs, solved.outcome(", ".join(map(str, var)) if system else str(var)), started)
        self.running = None
        return found if system else [sol[var] for sol in found]

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
