"""The imaginary unit: a bare ``i`` or ``j`` where papers mean it.

``z = (x - \\mu + i\\gamma)/(\\sigma\\sqrt{2})`` (the Voigt profile's argument), ``\\lambda_i = a_i + i b_i`` (a complex
eigenvalue), ``e^{i\\theta}``, ``\\exp(2\\pi i k/N)`` and ``1 + j\\omega RC`` (as engineers write the unit) multiply by the
imaginary unit; ``\\sigma_i = i c``, ``2^{-i}``, ``\\binom{2i}{i}`` and ``x_{i+1} = x_i + i`` use an integer i.  The
letter is refused where the unit's shapes stand, a product in the exponent of e (or in exp), a product added to other
terms (a real part plus an imaginary one) and a product as a function's argument (``\\operatorname{erfc}(-iz)``), unless something makes it an integer: a side condition that ranges it
(``i \\ge 1``, ``i = 1, \\ldots, n``; an equation such as ``i^2 = -1`` does not), or the defined function's argument
(``\\varepsilon(i) = i\\varepsilon_0 + ...``).  A notation that declares the letter (``symbols={'i': sympy.I}``) reads it.
Upright ``\\mathrm{i}`` is refused wherever it stands (:meth:`.resolve.Resolver.word`).
"""
from __future__ import annotations

import sympy as sp
from sympy.core.function import AppliedUndef

from .lexer import Tok, fail

UNITS = ("i", "j")


def refuse_bare_units(source: str, raw: list[Tok], chain, conditions, arguments=frozenset()) -> None:
    """Refuse a free symbol i or j of ``chain`` (the display's members, as read) in a shape of the imaginary unit,
    unless ``conditions`` range it or ``arguments`` (the defined function's, as spelled) name it."""
    for name in UNITS:
        if name in arguments or any(_ranges(c, name) for c in conditions):
            continue
        if any(_unit_shaped(e, name) for e in chain if isinstance(e, sp.Basic)):
            at = next((t for t in raw if t.kind == "NAME" and t.text == name), raw[0])
            fail(source, at.start, at.end, f"{name} where the imaginary unit stands (a product in an exponent, or "
                 f"added to other terms: a + {name} b), and nothing makes it an integer (no condition ranges it, no "
                 f"sum binds it): the unit, or an index? State its range, or declare it in the notation "
                 f"(symbols={{'{name}': sympy.I}} for the unit)")


def _ranges(condition, name: str) -> bool:
    """A comparison, a membership or a conjunction of them that holds the name (never an equation)."""
    if isinstance(condition, sp.And):
        return any(_ranges(a, name) for a in condition.args)
    if isinstance(condition, (sp.Eq, sp.Ne)) or not isinstance(condition, sp.Basic):
        return False
    return isinstance(condition, (sp.core.relational.Relational, sp.Contains)) and \
        any(s.name == name for s in condition.free_symbols if isinstance(s, sp.Symbol))


def _unit_shaped(e, name: str) -> bool:
    """The free symbol ``name`` as a factor of a product in an exponent of e, of a product that is one term of a sum, or
    of a product that is a function's argument (sums and products that bind ``name`` are not looked into)."""
    if isinstance(e, (sp.Sum, sp.Product)) and any(lim[0].name == name for lim in e.limits):
        return False
    if isinstance(e, sp.exp) and _a_factor(e.args[0], name, alone=True):
        return True
    if isinstance(e, sp.Function) and not isinstance(e, AppliedUndef) and \
            any(_a_factor(a, name, alone=False) for a in e.args):
        return True   # erfc(-iz), the Faddeeva function's argument (a function of the paper's, f(x, \epsilon j), is left)
    if isinstance(e, sp.Add) and any(_a_factor(t, name, alone=False) for t in e.args):
        return True
    return any(_unit_shaped(a, name) for a in e.args if isinstance(a, sp.Basic))


def _a_factor(term, name: str, alone: bool) -> bool:
    """``name`` is a factor of ``term`` beside another symbol (``i b``, ``2\\pi i k``); with ``alone``, also the whole
    exponent or one with numbers (``e^{i}``, ``e^{-2i}``)."""
    factors = sp.Mul.make_args(term)
    if not any(isinstance(f, sp.Symbol) and f.name == name for f in factors):
        return False
    others = [f for f in factors if not (isinstance(f, sp.Symbol) and f.name == name) and not f.is_number]
    return bool(others) or alone
