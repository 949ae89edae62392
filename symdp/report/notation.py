"""The papers' notation: a LaTeX printer and the rewrites that bring SymPy's forms back to it.

SymPy writes the standard normal CDF as ``erfc(-x/sqrt(2))/2``, splits
``sqrt(2 log(1.25/delta))`` into ``sqrt(2) sqrt(log(5/(4 delta)))`` and spells
``Q(D)`` as ``Delta Q + Q(D')`` after a substitution.  The papers (Liu et al.
2019, Sec. 4.3; Dwork and Roth 2014, Thm A.1) write ``Phi``, ``Phi^{-1}``,
``log(1.25/delta)`` and ``Q(D)``.  :func:`paper_form` rewrites an expression
toward that shape (an identity: only the spelling changes), and
:class:`PaperPrinter` prints it with the project's symbol names and numbers to
six significant figures, as ``1.5 \\cdot 10^{-5}`` rather than ``1.5e-5``.
"""
from __future__ import annotations

import re
from decimal import Decimal

import mpmath as mp
import sympy as sp
from sympy.printing.latex import LatexPrinter

from ..special import Phi, PhiInv
from ..symbols import LATEX_NAMES, QD, QDp, dQ

DIGITS = 6
"""Significant figures of every number shown in a report."""

_SQRT2 = sp.sqrt(2)


def number(value, digits: int = DIGITS) -> str:
    """A number in LaTeX math: six significant figures, ``a \\cdot 10^{k}`` outside [1e-4, 1e6)."""
    try:
        v = mp.mpf(str(value).strip())
    except (TypeError, ValueError):
        return str(value)
    if not mp.isfinite(v):
        return r"\infty" if v > 0 else r"-\infty"
    if v == 0:
        return "0"
    text = mp.nstr(v, digits, strip_zeros=True, min_fixed=-4, max_fixed=6)
    mantissa, _, exponent = text.partition("e")
    mantissa = mantissa[:-2] if mantissa.endswith(".0") else mantissa
    if not exponent:
        return mantissa
    power = rf"10^{{{int(exponent)}}}"
    return power if mantissa == "1" else (rf"-{power}" if mantissa == "-1" else rf"{mantissa} \cdot {power}")


def _terminating(r: sp.Rational) -> str | None:
    """``r`` as a short decimal (5/4 -> 1.25) when it has one, else None."""
    if not isinstance(r, sp.Rational) or r.is_Integer or r <= 0:
        return None
    q = int(r.q)
    while q % 2 == 0:
        q //= 2
    while q % 5 == 0:
        q //= 5
    if q != 1:
        return None
    text = str(Decimal(int(r.p)) / Decimal(int(r.q)))
    return text if len(text) <= 6 else None


def _normal_functions(expr):
    """erfc, erf, erfcinv, erfinv in terms of Phi and Phi^{-1} (A&S 26.2.2, DLMF 7.2.2)."""
    expr = expr.replace(sp.erfcinv, lambda y: -PhiInv(y / 2) / _SQRT2)
    expr = expr.replace(sp.erfinv, lambda y: PhiInv((1 + y) / 2) / _SQRT2)
    expr = expr.replace(sp.erfc, lambda a: 2 * Phi(-_SQRT2 * a))
    return expr.replace(sp.erf, lambda a: 2 * Phi(_SQRT2 * a) - 1)


def _complement(add):
    """``1 - Phi(-a)`` as ``Phi(a)``: the paper's tail ``1 - Phi`` kept only where it reads so."""
    ones = [t for t in add.args if t.is_Integer and t >= 1]
    flips = [t for t in add.args if t.is_Mul and t.args[0] == -1 and len(t.args) == 2
             and isinstance(t.args[1], Phi) and t.args[1].args[0].could_extract_minus_sign()]
    if not ones or not flips:
        return add
    t = flips[0]
    return add - ones[0] - t + (ones[0] - 1) + Phi(-t.args[1].args[0])


def _neighbours(add):
    """``c Delta Q + c Q(D')`` as ``c Q(D)`` (Q(D) = Q(D') + Delta Q, symdp.symbols.NEIGHBOURS)."""
    c = add.coeff(QDp)
    if c != 0 and c == add.coeff(dQ) and not c.has(QDp, dQ):
        return add - c * QDp - c * dQ + c * QD
    return add


def _joined_sqrt(mul):
    """``sqrt(2) sqrt(log(...))`` as ``sqrt(2 log(...))``: the grouping the papers print."""
    roots = [f for f in mul.args if f.is_Pow and f.exp == sp.S.Half]
    numeric = [f for f in roots if f.base.is_Rational]
    symbolic = [f for f in roots if f.base.has(sp.log)]
    if not numeric or len(symbolic) != 1:
        return mul
    inner = sp.Mul(numeric[0].base, symbolic[0].base, evaluate=False)
    rest = [f for f in mul.args if f is not numeric[0] and f is not symbolic[0]]
    return sp.Mul(*rest, sp.Pow(inner, sp.S.Half, evaluate=False), evaluate=False)


def _walk(expr):
    if not isinstance(expr, sp.Basic) or not expr.args or isinstance(expr, (sp.Symbol, sp.Number)):
        return expr
    try:
        expr = expr.func(*[_walk(a) for a in expr.args])
    except (TypeError, ValueError):
        return expr
    if isinstance(expr, sp.Add):
        expr = _neighbours(_complement(expr))
    if isinstance(expr, sp.Mul):
        expr = _joined_sqrt(expr)
    return expr


def paper_form(expr):
    """``expr`` spelled as the papers spell it (same value; see the module docstring)."""
    if not isinstance(expr, sp.Basic):
        return expr
    try:
        return _walk(_normal_functions(expr))
    except Exception:  # a display must never fail a report: fall back to SymPy's own form
        return expr


class PaperPrinter(LatexPrinter):
    """SymPy's LaTeX printer with the project's names, short numbers and grouped logarithms."""

    def __init__(self, settings=None):
        super().__init__({"symbol_names": LATEX_NAMES, **(settings or {})})

    def _print_Float(self, expr):
        return number(mp.mpf(expr._mpf_), DIGITS)

    def _print_Integer(self, expr):
        return number(int(expr)) if abs(int(expr)) >= 10**7 else str(int(expr))

    def _print_log(self, expr, exp=None):
        arg = expr.args[0]
        c, rest = arg.as_coeff_Mul()
        short = _terminating(sp.Rational(c)) if c.is_Rational and rest != 1 else None
        if short and rest.is_Pow and rest.exp == -1:
            body = rf"\log\left({short}/{self._print(rest.base)}\right)"
            return body if exp is None else rf"{body}^{{{exp}}}"
        return super()._print_log(expr, exp)

    def _as_ordered_terms(self, expr, order=None):
        """A sum with a positive term first, as the papers write it: theta - Q(D'), not -Q(D') + theta."""
        terms = list(super()._as_ordered_terms(expr, order=order))
        if terms and terms[0].could_extract_minus_sign():
            first = next((k for k, t in enumerate(terms) if not t.could_extract_minus_sign()), None)
            if first is not None:
                terms.insert(0, terms.pop(first))
        return terms

    def _print_exp(self, expr, exp=None):
        """``e^{...}`` with the exponent's short fractions folded, as the papers set them."""
        inner = PaperPrinter({"fold_short_frac": True})
        body = rf"e^{{{inner._print(expr.args[0])}}}"
        return body if exp is None else rf"\left({body}\right)^{{{exp}}}"

    def _print_ITE(self, expr):
        """if c then a else b (a condition of a nested Piecewise) as (c and a) or (not c and b)."""
        c, a, b = expr.args
        return self._print(sp.Or(sp.And(c, a, evaluate=False), sp.And(sp.Not(c), b, evaluate=False),
                                 evaluate=False))

    def _print_Symbol(self, expr, style="plain"):
        if expr in LATEX_NAMES:
            return LATEX_NAMES[expr]
        return super()._print_Symbol(expr, style)


def math(expr) -> str:
    """``expr`` in LaTeX, in the papers' notation."""
    if not isinstance(expr, sp.Basic):
        return str(expr)
    return PaperPrinter().doprint(paper_form(expr))


_SYMBOL_TEXT = {str(s): tex for s, tex in LATEX_NAMES.items()}


def symbol(name: str) -> str:
    """The LaTeX of a symbol given by its SymPy name (``Delta_Q`` -> ``\\Delta Q``)."""
    if name in _SYMBOL_TEXT:
        return _SYMBOL_TEXT[name]
    return PaperPrinter().doprint(sp.Symbol(name))


_NUMBER = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")


def value(text: str) -> str:
    """A witness value (a number, or ``-inf``, or a word) in LaTeX math."""
    text = str(text).strip()
    if _NUMBER.match(text) or text in ("inf", "-inf", "+inf"):
        return number(text)
    return r"\text{%s}" % text.replace("_", r"\_")
