"""Exponential polynomials about the origin: e^(k x) = (1 + x exprel(x))^k, expanded by SymPy.

A numerator such as ``eps e^(4 eps + 7 lam) + 2 lam e^(4 eps + 6 lam) - ... + lam`` (integer multiples of
the symbols in every exponent, polynomial in the symbols) is a sum of large terms that nearly cancel
where the symbols are small; an enclosure of each term loses their difference on every box.  With
e^x - 1 = x exprel(x) (exprel(x) = (e^x - 1)/x: positive, increasing, 1 at x = 0; DLMF 4.2.E2) the
cancelling low orders go exactly, in SymPy's expansion, and what is left is a polynomial in the symbols
and in exprel of them, whose factors of the symbols SymPy pulls out (positive symbols are dropped, as in
:mod:`.fraction`).  The rewrite is an identity, so the form has the claim's sign on the whole domain.
"""
from __future__ import annotations

import sympy as sp

from ...special import Exprel
from ..model.budget import BudgetExceeded, within_budget
from .fraction import _core

LIMIT = 30.0
"""Seconds SymPy may take to expand the form (a safety net: well under one second in the catalogue)."""
MAX_OPS = 5000
"""Operations of the expanded form beyond which it is not tried (expansion can explode)."""
MAX_POWER = 12
"""Largest multiple k of a symbol in an exponent that is expanded."""


def form(expr):
    """(core, sign) with expr = sign * (positive factors) * core, core free of exp; None if expr holds a
    function other than exp (normal tails have their own form, :mod:`.tails`), an exponent of expr is not a
    sum of positive integer multiples of symbols, or the form is too large."""
    exps = [a for a in expr.atoms(sp.exp) if a.args[0].free_symbols]
    if not exps or any(not isinstance(a, sp.exp) for a in expr.atoms(sp.Function)) or any(_powers(a.args[0]) is None for a in exps):
        return None
    try:
        core = within_budget(lambda: _expanded(expr, exps), LIMIT)
    except (BudgetExceeded, sp.PolynomialError, TypeError, ValueError):
        return None
    if core is None or core.has(sp.exp) or sp.count_ops(core) > MAX_OPS:
        return None
    sign, core = _core(core)
    return (core, sign) if core.free_symbols else None


def _powers(arg):
    """{x: k} with arg = sum of k x (k a positive integer at most MAX_POWER, x a symbol), else None."""
    out = {}
    for term in sp.Add.make_args(sp.expand(arg)):
        k, x = term.as_coeff_Mul()
        if not (x.is_Symbol and k.is_Integer and 0 < k <= MAX_POWER):
            return None
        out[x] = out.get(x, 0) + int(k)
    return out


def _expanded(expr, exps):
    shifted = {a: sp.Mul(*((1 + x * Exprel(x)) ** k for x, k in _powers(a.args[0]).items())) for a in exps}
    return sp.factor_terms(sp.expand(expr.xreplace(shifted)))
