"""A claim with normal tails, in the Mills form: each tail a Gaussian factor times a bounded Mills ratio.

Where the domain reaches a point at which the normal tails vanish, f and every one of its terms vanish
there together, and no enclosure of their difference keeps its sign.  The classical Gaussian calibration
is the example: delta - [Phi(mu/2 - c) - e^eps Phi(-mu/2 - c)] with c = sqrt(2 log(1.25/delta)), both
sides tending to 0 as delta -> 0.  The tails are rewritten with the Mills ratio (A&S 26.2.12: 1 - Phi(x)
= phi(x) Mills(x)), for every real z:

    erfc(z) = sqrt(2/pi) e^{-z^2} Mills(sqrt(2) z),        Phi(z) = phi(z) Mills(-z).

The Gaussian factor joins the other exponentials of its term, where SymPy cancels it against them
(e^{-c^2/2} = delta/1.25), and f is divided by a term SymPy knows positive (delta).  Each form keeps
f's sign on the whole domain: the rewrites are identities, x^k = e^{k log x} for a positive symbol x, and
the divisor is positive.  The Mills ratio is bounded and monotone, so the quotient has enclosures up to
the end of the domain where the tails vanish (extended arithmetic, :mod:`.ext`).
"""
from __future__ import annotations

import sympy as sp

from ...special import Mills, Phi
from ..model.budget import BudgetExceeded, within_budget
from .fraction import _core, claims

DIVISORS = 2
"""Terms of f tried as divisors (in SymPy's order of the terms), after f itself: the forms are a function of
the claim alone."""
LIMIT = 30.0
"""Seconds SymPy may take to write one form (a safety net: it takes well under one second)."""


def applies(expr) -> bool:
    return expr.has(sp.erfc, Phi)


def forms(expr) -> list:
    """[(g, sign)]: f = sign * (positive) * g in each form (f itself first, then f over a positive term)."""
    try:
        return within_budget(lambda: _forms(expr), LIMIT)
    except (BudgetExceeded, sp.PolynomialError, TypeError, ValueError):
        return []


def _forms(expr) -> list:
    out = _of(expr)
    other = _complemented(expr)
    for form in [] if other is None else _of(other):   # each new form once (two divisors may give the same)
        if form not in out:
            out.append(form)
    return out


def _of(expr) -> list:
    f = sp.expand(_mills(expr), power_exp=True)
    divisors = [t for t in sp.Add.make_args(f) if t.free_symbols and t.is_positive is True][:DIVISORS]
    out = []
    for g in (f, *(sp.expand(f / t) for t in divisors)):
        sign, core = _core(_combined(g))
        out.append((core, sign))
    return out


def _complemented(expr):
    """``expr`` with each Phi(z) written 1 - Phi(-z) (erfc(z) as 2 - erfc(-z)), when that cancels terms
    (an upper tail written 1 - Phi(t): its Mills form is then phi(t) Mills(t), bounded as t -> oo, where
    phi(t) Mills(-t) of Phi(t) loses the tail to the cancelling 1); None when it cancels nothing.  Its forms
    come after f's own, so a certificate's form index names the same form."""
    before = sp.Add.make_args(sp.expand(expr))
    other = sp.expand(expr.replace(Phi, lambda z: 1 - Phi(-z)).replace(sp.erfc, lambda z: 2 - sp.erfc(-z)))
    return other if len(sp.Add.make_args(other)) < len(before) else None


def which_for(which: str, sign: int) -> str:
    """The sign claimed of the form's core when f = sign * (positive) * core."""
    return claims(which, sign, "positive")


def _mills(expr):
    expr = expr.replace(sp.erfc, lambda z: sp.sqrt(2 / sp.pi) * sp.exp(-z**2) * Mills(sp.sqrt(2) * z))
    return expr.replace(Phi, lambda z: sp.exp(-z**2 / 2) / sp.sqrt(2 * sp.pi) * Mills(-z))


def _combined(g):
    """Each term's exponentials and powers of positive symbols as one exponential of a tidy exponent."""
    return sp.Add(*(_one_exponential(t) for t in sp.Add.make_args(g)))


def _one_exponential(term):
    logs, rest = [], []
    for factor in sp.Mul.make_args(term):
        base, k = factor.as_base_exp()
        if base is sp.E:
            logs.append(k)
        elif base.is_Symbol and base.is_positive is True:
            logs.append(k * sp.log(base))
        else:
            rest.append(factor)
    return sp.Mul(*rest) * sp.exp(_tidy(sp.Add(*logs)))


def _tidy(exponent):
    """The exponent with log(x) collected (its coefficient factored, so that SymPy keeps x^(1/eps - 1) inside
    the exponential instead of splitting off 1/x) and the rest collected on 1/x, x the positive symbols: in
    interval arithmetic -log(5)/eps + 2 log(2)/eps loses what log(4/5)/eps keeps."""
    exponent = sp.expand(exponent)
    positive = sorted((x for x in exponent.free_symbols if x.is_positive is True), key=str)
    by_log = sp.collect(exponent, [sp.log(x) for x in positive], evaluate=False)
    rest = sp.collect(by_log.pop(sp.S.One, sp.S.Zero), [1 / x for x in positive])
    return rest + sp.Add(*(sp.factor(c) * log for log, c in sorted(by_log.items(), key=lambda kv: str(kv[0]))))
