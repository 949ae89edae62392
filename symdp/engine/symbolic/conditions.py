"""Discharging the conditions of a Piecewise under the symbols' assumptions.

``Sum(r**k, (k, 1, oo)).doit()`` is ``Piecewise((r/(1 - r), Abs(r) < 1), (Sum(...), True))``:
the closed form holds only where the series converges.  :func:`discharge`
keeps a piece only when SymPy *proves* its condition true for every value the
assumptions allow (and every earlier condition false): a relation is decided
by the sign of the difference of its sides (``is_positive`` and friends, after
``cancel`` or ``factor``), never by sampling or guessing.  Under the
parametrisations of :mod:`.expsubs` (``e^eps = 1 + u``, u > 0) convergence
conditions such as ``|e^{-eps}| < 1`` become signs of rational functions of
positive symbols, which SymPy decides.
"""
from __future__ import annotations

import sympy as sp
from sympy.core import relational as rel

from . import tame


def discharge(e, strict: bool = True):
    """``e`` with every Piecewise replaced by the piece whose condition is proved to hold.

    With ``strict``, a Piecewise whose conditions cannot be decided raises
    NotImplementedError (the rewrite does not apply); otherwise it is left as it is.
    """
    def pick(*args):
        for value, cond in args:
            truth = truth_of(cond)
            if truth is True:
                return value
            if truth is None:
                if strict:
                    raise NotImplementedError(f"condition {cond} not decided under the assumptions")
                return sp.Piecewise(*args)
        raise NotImplementedError("no piece's condition holds")
    return e.replace(lambda x: isinstance(x, sp.Piecewise), lambda x: pick(*x.args))


def truth_of(cond):
    """True / False when SymPy proves ``cond`` true / false for all admissible values, else None."""
    if cond is sp.true or cond is sp.false:
        return bool(cond)
    if isinstance(cond, sp.And):
        return _combine([truth_of(c) for c in cond.args], all_of=True)
    if isinstance(cond, sp.Or):
        return _combine([truth_of(c) for c in cond.args], all_of=False)
    if isinstance(cond, sp.Not):
        inner = truth_of(cond.args[0])
        return None if inner is None else not inner
    if isinstance(cond, rel.Relational):
        return _relation(cond)
    return None


def _combine(truths, all_of: bool):
    decisive = False if all_of else True
    if decisive in truths:
        return decisive
    return None if None in truths else (not decisive)


def _relation(cond):
    sign = _sign(cond.lhs - cond.rhs)
    if sign is None:
        sign = _sign_of_logs(cond.lhs, cond.rhs)
    if sign is None:
        return None
    table = {  # sign of lhs - rhs -> truth of the relation
        rel.StrictLessThan: {"-": True, "0": False, "+": False, "0-": None, "0+": False},
        rel.LessThan: {"-": True, "0": True, "+": False, "0-": True, "0+": None},
        rel.StrictGreaterThan: {"+": True, "0": False, "-": False, "0+": None, "0-": False},
        rel.GreaterThan: {"+": True, "0": True, "-": False, "0+": True, "0-": None},
        rel.Equality: {"0": True, "+": False, "-": False, "0+": None, "0-": None},
        rel.Unequality: {"0": False, "+": True, "-": True, "0+": None, "0-": None},
    }
    return table.get(type(cond), {}).get(sign)


def _sign_of_logs(lhs, rhs):
    """The sign of lhs - rhs for two positive sides, read off log(lhs) - log(rhs) (log increases, so the signs
    agree): ``e^{2 eps} e^{2 lam} != 1`` becomes 2 eps + 2 lam != 0, which SymPy decides under the assumptions.
    ``expand_log`` splits a log only where SymPy knows the factors positive, so the rewrite is exact."""
    if not (lhs.is_positive and rhs.is_positive):
        return None
    return _sign(sp.expand_log(sp.log(lhs)) - sp.expand_log(sp.log(rhs)))


def _sign(d):
    """'+', '-', '0', '0+' (>= 0) or '0-' (<= 0) when SymPy proves it, else None."""
    for form in (lambda: d, lambda: sp.cancel(sp.together(d)), lambda: tame.factor(sp.together(d))):
        try:
            e = form()
        except NotImplementedError:  # too wide to factor (:mod:`.tame`)
            return None
        if e.is_zero:
            return "0"
        if e.is_positive:
            return "+"
        if e.is_negative:
            return "-"
        if e.is_nonnegative:
            return "0+"
        if e.is_nonpositive:
            return "0-"
    return None
