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


def refuse_bare_units(source: str, raw: list[Tok], chain, conditions, arguments=frozenset(),
                      defined_end: int = 0) -> None:
    """Refuse a free symbol i or j of ``chain`` (the display's members, as read) in a shape of the imaginary unit,
    unless ``conditions`` range it, ``arguments`` (the defined function's, as spelled) name it, or it indexes the
    defined side (``\\epsilon_j = \\epsilon + j\\delta``: the display defines the family's member for each j; the
    tokens of ``raw`` before ``defined_end``)."""
    indices = _subscripted([t for t in raw if t.end <= defined_end])
    for name in UNITS:
        if name in arguments or name in indices or any(_ranges(c, name) for c in conditions):
            continue
        if any(_unit_shaped(e, name) for e in chain if isinstance(e, sp.Basic)):
            at = next((t for t in raw if t.kind == "NAME" and t.text == name), raw[0])
            fail(source, at.start, at.end, f"{name} where the imaginary unit stands (a product in an exponent, a "
                 f"term a + {name} b or 3 + 4{name}, a special function's argument), and no condition gives it a "
                 f"range: the unit, or an integer? State its range, or declare it in the notation "
                 f"(symbols={{'{name}': sympy.I}} for the unit)")


def _ranges(condition, name: str) -> bool:
    """A comparison, or a membership in a set of reals, that holds the name and where the name is not itself in a
    shape of the unit (``|x + iy| < 1`` ranges nothing); a conjunction of them; never an equation."""
    if isinstance(condition, sp.And):
        return any(_ranges(a, name) for a in condition.args)
    if isinstance(condition, (sp.Eq, sp.Ne)) or not isinstance(condition, (sp.core.relational.Relational,
                                                                           sp.Contains)):
        return False
    if isinstance(condition, sp.Contains) and not condition.args[1].is_subset(sp.S.Reals):
        return False
    holds = any(s.name == name for s in condition.free_symbols if isinstance(s, sp.Symbol))
    return holds and not any(_unit_shaped(a, name) for a in condition.args if isinstance(a, sp.Expr))


def _unit_shaped(e, name: str) -> bool:
    """The free symbol ``name`` in a shape of the unit: a factor of a product in an exponent (of e or of any base),
    of a product that is one term of a sum, or of a product that is a special function's argument; or a term of a
    sum whose other terms are numbers (``3 + 4i``, ``1 + i``).  Sums and products that bind ``name`` are not looked
    into."""
    if isinstance(e, (sp.Sum, sp.Product)) and any(lim[0].name == name for lim in e.limits) or \
            isinstance(e, sp.Indexed):   # a member's index (x_{i+1}) is an integer
        return False
    if isinstance(e, sp.exp) and _a_factor(e.args[0], name, alone=True):
        return True
    if isinstance(e, sp.Pow) and _a_factor(e.exp, name, alone=False):
        return True
    if isinstance(e, sp.Add) and (any(_a_factor(t, name, alone=False) for t in e.args) or _literal(e, name)):
        return True
    if isinstance(e, sp.Function) and not isinstance(e, AppliedUndef) and \
            any(_a_factor(a, name, alone=False) for a in e.args):
        return True   # erfc(-iz), the Faddeeva function's argument (a function of the paper's, f(x, \\epsilon j), is left)
    return any(_unit_shaped(a, name) for a in e.args if isinstance(a, sp.Basic))


def _unit(f, name: str) -> bool:
    """``f`` is the letter, or a power of it (``j^2`` of an expanded (j omega tau)^2, ``1/j`` of 1/(j omega C))."""
    base = f.base if isinstance(f, sp.Pow) and f.exp.is_integer else f
    return isinstance(base, sp.Symbol) and base.name == name


def _a_factor(term, name: str, alone: bool) -> bool:
    """``name`` is a factor of ``term`` beside another symbol (``i b``, ``2\\pi i k``, ``1/(j\\omega C)``); with ``alone``,
    also the whole exponent or one with numbers (``e^{i}``, ``e^{-2i}``)."""
    factors = sp.Mul.make_args(term)
    if not any(_unit(f, name) for f in factors):
        return False
    others = [f for f in factors if not _unit(f, name) and not f.is_number]
    return bool(others) or alone


def _literal(e: sp.Add, name: str) -> bool:
    """A complex number written out: numbers and multiples of the letter, one of them not 1 or -1 times it, nothing
    else (``3 + 4i``, ``1 + i\\sqrt 3``; ``j - 1``, index arithmetic, is left)."""
    units = [t for t in e.args if any(_unit(f, name) for f in sp.Mul.make_args(t))]
    scaled = [t for t in units if abs(sp.Mul(*(f for f in sp.Mul.make_args(t) if f.is_number))) != 1]
    return bool(scaled) and all(t.is_number for t in e.args if t not in units) and \
        all(all(_unit(f, name) or f.is_number for f in sp.Mul.make_args(t)) for t in units)


def _subscripted(tokens: list[Tok]) -> set:
    """The names that stand in a subscript among ``tokens`` (``\\epsilon_j``, ``x_{ij}``, ``x_{a_{k} i}``)."""
    out, k = set(), 0
    while k < len(tokens):
        if tokens[k].kind == "SUB" and k + 1 < len(tokens):
            if tokens[k + 1].kind != "LBRACE":
                out.add(tokens[k + 1].text if tokens[k + 1].kind == "NAME" else "")
                k += 2
                continue
            depth, k = 0, k + 1
            while k < len(tokens):
                depth += (tokens[k].kind == "LBRACE") - (tokens[k].kind == "RBRACE")
                if tokens[k].kind == "NAME":
                    out.add(tokens[k].text)
                k += 1
                if depth == 0:
                    break
            continue
        k += 1
    return out - {""}
