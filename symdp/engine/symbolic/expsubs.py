"""Exponentials as powers of fresh symbols: identities and signs become rational algebra.

``(e^eps - 1)/(e^eps + 1) = tanh(eps/2)`` is a rational identity in ``T =
e^{eps/2}``; ``sum_k e^{-k eps}`` is a geometric series in ``1/T``.  After
hyperbolic and trigonometric functions are written with ``exp``, every
``exp(c * m * key)`` (``c`` rational, ``m`` a product of integer-valued
factors, ``key`` the rest) becomes ``T_key ** (c L m)`` with ``T_key =
exp(key / L)`` and ``L`` the common denominator of the ``c`` of that key.

Soundness: ``exp(c m key) = exp(key/L)^(c L m)`` because ``c L m`` is an
integer.  ``T_key`` is written through the sign of ``key`` under the symbols'
assumptions: ``1 + u`` (u > 0) when key > 0, ``1 + u`` (u >= 0) when key >= 0,
``1/(1 + u)`` when key < 0 (or <= 0), a positive symbol when key is real, a
plain symbol otherwise.  The range of the new expression covers every value
``exp(key/L)`` takes, so an identity or a sign shown for all values of ``u``
holds for the original expression; distinct keys get independent symbols,
which can only make a claim harder to show, never easier.
"""
from __future__ import annotations

import math

import sympy as sp

HYPERBOLIC = (sp.sinh, sp.cosh, sp.tanh, sp.coth, sp.sech, sp.csch)
_HYPERBOLIC_TRIG = HYPERBOLIC + (sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc)


def substitute(e, evaluate=lambda e: e):
    """``e`` with hyperbolic/trig functions in exp form and each exp a power of a fresh symbol.

    ``evaluate`` runs on the substituted expression (say, evaluating sums whose
    terms have become geometric).  Raises NotImplementedError when ``e`` has no
    exponential to substitute (the rewrite does not apply).
    """
    e = e.rewrite(list(_HYPERBOLIC_TRIG), sp.exp)
    e = e.xreplace({a: sp.expand(a) for a in e.atoms(sp.exp)})
    reps = _replacements(e.atoms(sp.exp))
    if not reps:
        raise NotImplementedError("no exponential of a symbol")
    return evaluate(e.xreplace(reps))


def _split(arg):
    """(c, m, key) with arg = c * m * key: c rational, m the integer-valued factors, key the rest."""
    c, rest = arg.as_coeff_Mul()
    ints = [f for f in sp.Mul.make_args(rest) if f.is_integer and f.free_symbols]
    others = [f for f in sp.Mul.make_args(rest) if f not in ints]
    key = sp.Mul(*others)
    if key == 1:
        return sp.Rational(c), sp.Integer(1), rest
    return sp.Rational(c), sp.Mul(*ints), key


def _replacements(atoms) -> dict:
    split = {}
    for a in atoms:
        arg = a.args[0]
        if not arg.free_symbols or not arg.as_coeff_Mul()[0].is_Rational:
            continue
        split[a] = _split(arg)
    denominators: dict = {}
    for c, _, key in split.values():
        denominators[key] = math.lcm(denominators.get(key, 1), int(c.q))
    powers = {key: _power_symbol(key) for key in sorted(denominators, key=sp.default_sort_key)}
    return {a: sp.Pow(powers[key], c * denominators[key] * m) for a, (c, m, key) in split.items()}


def _power_symbol(key):
    """An expression whose values cover those of exp(key / L) for every L > 0 (see the module docstring)."""
    if key.is_positive:
        return 1 + sp.Dummy("u", positive=True)
    if key.is_nonnegative:
        return 1 + sp.Dummy("u", nonnegative=True)
    if key.is_negative:
        return 1 / (1 + sp.Dummy("u", positive=True))
    if key.is_nonpositive:
        return 1 / (1 + sp.Dummy("u", nonnegative=True))
    if key.is_real:
        return sp.Dummy("T", positive=True)
    return sp.Dummy("T", nonzero=True)
