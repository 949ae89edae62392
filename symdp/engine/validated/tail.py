"""The box at infinity through an exponential chart: x = -q log w, w in (0, e^(-X/q)].

Near +oo, differences like (1 - e^-x) - tanh(x/2) cancel in every enclosure:
both terms tend to 1.  Written in w = e^(-x/q) (q clears the denominators of
the rates c in every exp(c x), after tanh, sinh, cosh are rewritten through
exp) such a claim becomes one about a function of w on (0, W], W = e^(-X/q)
for the box's lower end X, where the cancellation is algebraic (SymPy's
``cancel``) and the touching point w = 0 (x = +oo) is an open end: a
derivative chain from it closes the box (Hardy's exponential fields; the
method of "Validated numerics", Tucker 2011, ch. 5, with the end at infinity).
The map w <-> x is a decreasing bijection, so the sign claims are the same.
"""
from __future__ import annotations

import functools
import math

import sympy as sp

from ..model.budget import BudgetExceeded, within_budget
from .chart import chart

TAIL_BOXES = 60
"""Boxes the tail's own branch and bound may use."""
REWRITE_LIMIT = 20.0
"""Seconds SymPy may take to rewrite the claim in w (a safety net, rarely reached)."""
W = sp.Symbol("w", positive=True)


def exponential_form(f, x):
    """(g(w), q) with f(x) = g(e^(-x/q)), or None when f is not a rational function of exponentials of x."""
    try:
        return within_budget(lambda: _form(f, x), REWRITE_LIMIT)
    except (BudgetExceeded, TypeError, ValueError, NotImplementedError, RecursionError, ZeroDivisionError):
        return None


def _form(f, x):
    e = f.rewrite(sp.exp)
    rates = []
    for atom in e.atoms(sp.exp):
        c = sp.diff(atom.args[0], x)
        if c.free_symbols or not c.is_Rational or sp.diff(atom.args[0], x, 2) != 0:
            return None
        rates.append(c)
    if not rates:
        return None
    q = functools.reduce(lambda a, b: a * b // math.gcd(a, b), (int(c.q) for c in rates), 1)
    g = sp.cancel(sp.powsimp(e.xreplace({x: -q * sp.log(W)}), force=True))
    if x in g.free_symbols or g.has(sp.log):
        return None
    return g, q


def close(problem, box) -> bool:
    """The tail box of a one-dimensional claim, proved in the exponential chart."""
    c = problem.chart
    if len(c.coords) != 1 or not c.infinite[0][1] or box[0][1] != 1 or box[0][0] == 0:
        return False
    form = problem.cached("exponential form", lambda: exponential_form(problem.f, c.symbols[0]))
    if form is None:
        return False
    g, q = form
    end = c.forward[c.symbols[0]].xreplace({c.coords[0]: sp.Rational(box[0][0].numerator, box[0][0].denominator)})
    from .rules import Problem
    from .search import Search, unit_box
    sub = problem.cached(("tail", box[0][0]), lambda: _sub(Problem, g, problem, end, q))
    if sub is None:
        return False
    return Search(sub, budget=TAIL_BOXES).run(unit_box(1))


def _sub(Problem, g, problem, end, q):
    try:
        return Problem(g, problem.strict, chart({W: sp.Interval.Lopen(0, sp.exp(-end / q))}), problem.prec)
    except Exception:  # NotRigorous or a SymPy failure: the rule does not apply
        return None
