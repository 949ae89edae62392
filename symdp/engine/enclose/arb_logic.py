"""Piecewise in ball arithmetic: conditions decided on the ball, three-valued.

A condition is True, False or undecided on a ball (``x < 1`` on [0.9, 1.1]).
The value of a Piecewise is the first piece whose condition is True, joined
(``arb.union``) with every earlier piece whose condition was undecided; when no
piece is certainly active, the union of the live pieces, and a non-finite ball
when some input may fall outside every piece.
"""
from __future__ import annotations

import sympy as sp
from flint import arb

from .arb import NotRigorous

_NAN = arb("nan")


def _relation(rel, symbols, compile_):
    diff = compile_(rel.lhs - rel.rhs, symbols)
    tests = {
        sp.StrictLessThan: (lambda d: d < 0, lambda d: d >= 0),
        sp.LessThan: (lambda d: d <= 0, lambda d: d > 0),
        sp.StrictGreaterThan: (lambda d: d > 0, lambda d: d <= 0),
        sp.GreaterThan: (lambda d: d >= 0, lambda d: d < 0),
        sp.Eq: (lambda d: d.is_zero(), lambda d: not d.contains(0)),
        sp.Ne: (lambda d: not d.contains(0), lambda d: d.is_zero()),
    }
    yes, no = tests[type(rel)]
    def decide(env):
        d = diff(env)
        if not d.is_finite():
            return None
        return True if yes(d) else (False if no(d) else None)
    return decide


def condition(cond, symbols, compile_):
    """``env -> True / False / None`` (undecided) for a SymPy condition."""
    if cond is sp.true:
        return lambda env: True
    if cond is sp.false:
        return lambda env: False
    if isinstance(cond, sp.core.relational.Relational):
        return _relation(cond, symbols, compile_)
    parts = [condition(c, symbols, compile_) for c in cond.args]
    if isinstance(cond, sp.And):
        return lambda env: _and([p(env) for p in parts])
    if isinstance(cond, sp.Or):
        return lambda env: _not(_and([_not(p(env)) for p in parts]))
    if isinstance(cond, sp.Not):
        return lambda env: _not(parts[0](env))
    if isinstance(cond, sp.ITE):  # SymPy's form of a condition on a Piecewise (a threshold that is one)
        return lambda env: _ite(*(p(env) for p in parts))
    raise NotRigorous(f"the condition {cond}")


def _not(v):
    return None if v is None else not v


def _ite(test, then, other):
    """ITE(test, then, other) three-valued: undecided ``test`` settles only when both branches agree."""
    if test is None:
        return then if then == other else None
    return then if test else other


def _and(values):
    if False in values:
        return False
    return True if all(v is True for v in values) else None


def piecewise(e, symbols, compile_):
    pieces = [(compile_(v, symbols), condition(c, symbols, compile_)) for v, c in e.args]
    def f(env):
        live = []
        for value, cond in pieces:
            truth = cond(env)
            if truth is False:
                continue
            live.append(value(env))
            if truth is True:
                break
        else:
            return _NAN
        out = live[0]
        for v in live[1:]:
            out = arb.union(out, v)
        return out
    return f
