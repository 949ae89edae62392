"""Location and scale: a claim that depends on x, a and b only through t = (x - a)/b (b > 0) is a claim in t.

Liu et al. state the Laplace mechanism's tests in the threshold theta, the query value Q(D') and the
sensitivity Delta_Q; the rates depend on them only through (theta - Q(D'))/Delta_Q.  With x = a + b t the
claim loses a and b, and its Piecewise breakpoints become constants (t = 0, t = 1), where cases and boxes
split.  The reduction is an equivalence: for fixed a and b, x -> (x - a)/b maps x's interval onto t's, the
same interval for every a and b (checked: its ends must not contain a or b), so the claim holds for all
(a, b, x) exactly when the reduced one holds for all t.
"""
from __future__ import annotations

import sympy as sp

T = sp.Symbol("t_ls", real=True)
"""The reduced coordinate (a fresh name: no derivation uses it)."""
MAX_SYMBOLS = 6
"""Most free symbols a claim may have for the (x, a, b) triples to be tried (at most 120)."""


def _relation(rel):
    """``lhs - rhs`` (rel) 0 with the difference expanded and its positive factors divided out."""
    d = sp.factor_terms(sp.expand(rel.lhs - rel.rhs))
    c, factors = d.as_coeff_mul()
    kept = [f for f in factors if not f.is_positive]
    if c.is_zero:
        return type(rel)(0, 0)
    return type(rel)(sp.sign(c) * sp.Mul(*kept), 0)


def normalised(expr):
    """``expr`` with relations as (difference, positive factors out) against 0 and exponents expanded."""
    expr = expr.replace(lambda e: isinstance(e, sp.core.relational.Relational), _relation)
    return expr.replace(lambda e: isinstance(e, sp.exp), lambda e: sp.exp(sp.expand(sp.cancel(e.args[0]))))


def _end(end, a, b):
    return end if end.is_infinite else sp.cancel((end - a) / b)


def reduce(expr, domain: dict):
    """(x, a, b, reduced expression, reduced domain) of the first triple that removes a and b, or None.

    Triples in the order of the symbols' names; x real with an interval in ``domain`` whose ends are free of
    a and b after the map, a real, b positive, their intervals free of x (for each a and b, x then runs over
    its whole interval), no other interval mentioning x, a or b.
    """
    syms = sorted(expr.free_symbols, key=str)
    if len(syms) > MAX_SYMBOLS or T in syms:
        return None
    for x in syms:
        for a in syms:
            for b in syms:
                found = _triple(expr, domain, x, a, b)
                if found is not None:
                    return found
    return None


def _triple(expr, domain, x, a, b):
    if len({x, a, b}) < 3 or not (x.is_real and a.is_real and b.is_positive):
        return None
    others = {s: iv for s, iv in domain.items() if s not in (x, a, b)}
    if any(iv.free_symbols & {x, a, b} for iv in others.values()) or any(
            x in domain[s].free_symbols for s in (a, b) if s in domain):
        return None
    g = normalised(expr.xreplace({x: a + b * T}))
    if g.free_symbols & {a, b}:
        return None
    iv = domain.get(x, sp.Interval(-sp.oo, sp.oo))
    lo, hi = _end(iv.start, a, b), _end(iv.end, a, b)
    if (lo.free_symbols | hi.free_symbols) & {a, b, x}:
        return None
    return x, a, b, g, {**others, T: sp.Interval(lo, hi, iv.left_open, iv.right_open)}
