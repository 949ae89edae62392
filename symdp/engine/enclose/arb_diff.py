"""Differences g(A) - g(B) of one smooth function inside a sum, enclosed also by the mean-value form.

Evaluated term by term, Phi(2 eps + 3/4) - Phi(2 eps + min(3/4, y)) on a box with y > 3/4 is a ball of
the width of Phi's variation over the box, around a difference that is exactly 0; a factor e^{2 eps y}
then turns it into a ball around 0 that no split removes (the Laplace posterior of a normal prior, Pankova
& Laud).  By the mean-value theorem g(A) - g(B) = (A - B) g'(xi) for some xi between A and B, where A - B
is the one expression SymPy simplifies (here 3/4 - min(3/4, y), exactly 0).  Both enclosures contain the
value, so their intersection does.
"""
from __future__ import annotations

import sympy as sp
from flint import arb

from ...special import Phi

SLOPES = {
    Phi: lambda x, mono, power: mono(arb.exp)(-power(x, 2) / 2) / (2 * arb.pi()).sqrt(),
    sp.erf: lambda x, mono, power: 2 * mono(arb.exp)(-power(x, 2)) / arb.pi().sqrt(),
    sp.erfc: lambda x, mono, power: -2 * mono(arb.exp)(-power(x, 2)) / arb.pi().sqrt(),
    sp.exp: lambda x, mono, power: mono(arb.exp)(x),
}
"""g' of each function paired, on a ball (``mono``: a monotone function through the ball's ends; ``power``:
an integer power, exact in range on a wide ball)."""


def _split(term):
    """(coefficient, g, argument) of a term c g(A) with g in SLOPES and c a number, or None."""
    c, rest = term.as_coeff_Mul()
    if type(rest) in SLOPES and len(rest.args) == 1:
        return c, type(rest), rest.args[0]
    return None


def pairs(terms):
    """[(i, j)] of terms c g(A) (at i) and -c g(B) (at j), each term in one pair at most."""
    parts = [_split(t) for t in terms]
    used, found = set(), []
    for i, a in enumerate(parts):
        for j in range(i + 1, len(parts)):
            b = parts[j]
            if a and b and i not in used and j not in used and a[1] is b[1] and a[0] == -b[0]:
                used |= {i, j}
                found.append((i, j))
    return found


def difference(a, b, compile_, symbols, unary, mono, power):
    """The compiled c g(A) - c g(B) (terms ``a`` and ``b``): the direct enclosure met with c (A - B) g'(xi)."""
    c, g, A = _split(a)
    B = _split(b)[2]
    fa, fb, gap, fn = compile_(A, symbols), compile_(B, symbols), compile_(A - B, symbols), unary[g]
    coef = compile_(c, symbols)

    def f(env):
        x, y = fa(env), fb(env)
        k = coef(env)
        direct = k * fn(x) - k * fn(y)
        mean = k * gap(env) * SLOPES[g](arb.union(x, y), mono, power)
        return direct.intersection(mean) if direct.is_finite() and mean.is_finite() and direct.overlaps(mean) \
            else direct
    return f
