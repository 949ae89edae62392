"""A sign as the signs of a numerator and a denominator: f = N / D, each boxed on its own.

Where f is a ratio of sums of exponentials, its enclosure suffers twice: every term carries the
factor that all share (e^{-2 lam} in ``(1 - e^lam) e^{eps - 2 lam}/(1 - e^{eps + lam}) - lam e^{-2 lam}/(eps +
lam)``), and the difference of two nearly equal fractions loses the gap.  SymPy writes f as one fraction
(exponentials of sums expanded, ``cancel``), and every factor of N and of D that SymPy knows positive
(e^x for real x, a positive symbol) is dropped: f has the sign of N_core * D_core.  Then f >= 0 follows
from N_core >= 0 and D_core > 0 (or N_core <= 0 and D_core < 0), each proved by branch and bound.
f = N / D wherever f is defined (the rewrites are algebraic identities), and D_core is proved nonzero on
the whole domain.
"""
from __future__ import annotations

import sympy as sp

from ..model.budget import BudgetExceeded, within_budget
from ..model.signs import FLIP

TAG = "frac:"
"""The head of a certificate's box log for this form: ``frac:<D's sign>;<N's log>;<D's log>``."""
LIMIT = 30.0
"""Seconds SymPy may take to write f as one fraction (a safety net: it takes well under one second)."""


def parts(expr):
    """(N_core, D_core, sign) with expr = sign * (positive factors) * N_core / D_core, or None (no denominator
    to clear, or SymPy too slow).  D_core is 1 where every factor of D is positive: the sign is N_core's."""
    try:
        n, d = within_budget(lambda: sp.fraction(sp.cancel(sp.together(sp.expand(expr, power_exp=True)))), LIMIT)
    except (BudgetExceeded, sp.PolynomialError, TypeError, ValueError):
        return None
    if not d.free_symbols:
        return None
    (sn, n), (sd, d) = _core(n), _core(d)
    if not n.free_symbols:
        return None
    return n, d, sn * sd


def _core(x):
    """(sign of the numeric coefficient, x without it and without the factors SymPy knows positive)."""
    c, rest = sp.factor_terms(x).as_coeff_Mul()
    keep = [f for f in sp.Mul.make_args(rest) if f.is_positive is not True]
    return (1 if c > 0 else -1), sp.Mul(*keep)


def claims(which: str, sign: int, denominator: str):
    """The sign the numerator core needs when the denominator core has ``denominator`` ("positive" or
    "negative") and the numeric coefficients multiply to ``sign``."""
    flips = (sign < 0) != (denominator == "negative")
    return FLIP[which] if flips else which
