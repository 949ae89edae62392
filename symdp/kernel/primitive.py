"""The rule ``primitive``: an integral or a sum of the claim replaced by its value from a recorded primitive.

* ``Integral(f, (x, a, b))``, ``a < b``: with ``F' = f`` on ``(a, b)`` (the ``slope`` premise, an identity) and
  ``F``, ``F'`` and ``f`` shown defined there as written (so ``F`` is continuously differentiable: the recorded
  ``F`` has no kink, :mod:`.srepr`), the fundamental theorem of calculus on every closed subinterval gives
  ``int_u^v f = F(v) - F(u)``; letting ``u -> a+`` and ``v -> b-``, the integral (improper at an open or infinite
  end) is ``F(b-) - F(a+)``.  At a finite end where ``F`` is shown defined, ``F(a+) = F(a)`` (the table's
  functions are continuous where defined); elsewhere ``sympy.limit`` gives it (trusted, asked again).
* ``Sum(f, (k, a, b))``, ``a, b`` integers (or ``-oo``, ``oo``) with ``b + 1 >= a``: with ``F(k + 1) - F(k) = f(k)``
  on ``[a, b]`` (the ``slope`` premise) and ``F`` defined on ``[a, b + 1]``, the terms telescope to ``F(b + 1) -
  F(a)``; an infinite end is the limit of the partial sums, ``lim F`` there (``sympy.limit``).

The ``premise`` proves the claim with the atom replaced by that value.  The integration (summation) variable is a
plain real symbol on the interval, whatever its own assumptions.
"""
from __future__ import annotations

import sympy as sp

from .algebra import spelled
from .claim import Claim
from .monotone import limit_value
from .signs import POS, Reader
from .srepr import read


def premises(node, claim):
    """(slope claim, replaced claim), or a str saying why the rule does not apply."""
    every = sp.sympify(claim.goal).atoms(sp.Integral, sp.Sum)
    atoms = [a for a in every if spelled(node.atom, a)]
    if len(atoms) != 1 or len(atoms[0].limits) != 1 or len(atoms[0].limits[0]) != 3:
        return "the proof's atom is not an integral or sum of the claim's goal with one variable and both ends"
    if any(atoms[0] in outer.args[0].atoms(sp.Integral, sp.Sum) | set(outer.limits[0][1:]) for outer in every
           if outer != atoms[0]):
        return "the atom lies inside another integral or sum (whose variable it may mention): the outer one first"
    atom, domain = atoms[0], dict(claim.domain)
    (x, a, b), r = atom.limits[0], sp.Dummy(atom.limits[0][0].name, real=True)
    try:
        F = read(node.primitive).xreplace({x: r})
    except ValueError as exc:
        return f"the primitive: {exc}"
    if not F.free_symbols <= (atom.free_symbols | {r}):
        return "the primitive mentions a symbol the atom does not"
    f = atom.function.xreplace({x: r})
    found = (_integral if isinstance(atom, sp.Integral) else _sum)(node, F, f, r, a, b, domain)
    if isinstance(found, str):
        return found
    slope, value = found
    if isinstance(value, str):
        return value
    put = lambda e: sp.sympify(e).xreplace({atom: value})
    return slope, Claim(put(claim.lhs), claim.relation, put(claim.rhs), claim.domain)


def _integral(node, F, f, r, a, b, domain):
    if a == sp.oo or b == -sp.oo or (a != -sp.oo and b != sp.oo and Reader(()).sign(b - a, domain) != POS):
        return "the integral's ends are not shown in order (a < b)"
    plain, slope = {**domain, r: sp.Interval.open(a, b)}, sp.diff(F, r)
    if not all(Reader(()).real(e, plain) for e in (f, F, slope)):
        return "the integrand, the primitive and its derivative are not shown defined, as written, between the ends"
    return Claim(slope, "=", f, tuple(plain.items())), _ends(node, F, r, a, b, domain)


def _sum(node, F, f, r, a, b, domain):
    integral = lambda e: e in (sp.oo, -sp.oo) or e.is_integer is True
    if not (integral(a) and integral(b)) or a == sp.oo or b == -sp.oo or \
            (a != -sp.oo and b != sp.oo and not (Reader(()).sign(b + 1 - a, domain) or (False,))[0]):
        return "the sum's ends are not integers with b + 1 >= a"
    terms, values = {**domain, r: sp.Interval(a, b)}, {**domain, r: sp.Interval(a, b + 1)}
    if not (Reader(()).real(f, terms) and Reader(()).real(F, values)):
        return "the terms and the primitive are not shown defined, as written, on the range"
    step = Claim(F.xreplace({r: r + 1}) - F, "=", f, tuple(terms.items()))
    return step, _ends(node, F, r, a, b if b == sp.oo else b + 1, domain)


def _ends(node, F, r, a, b, domain):
    """F(b) - F(a), each end by substitution (recorded "") or by ``sympy.limit`` (the recorded answer); or why not."""
    lower, upper = (_end(F, r, at, side, recorded, domain) for at, side, recorded in
                    ((a, "lower", node.lower), (b, "upper", node.upper)))
    for value in (lower, upper):
        if isinstance(value, str):
            return value
    return upper - lower


def _end(F, r, at, side, recorded, domain):
    if recorded:
        return limit_value(recorded, F, r, at, side, domain)
    with sp.evaluate(False):
        unevaluated = F.xreplace({r: at})
    if not (at.is_finite and Reader(()).real(unevaluated, domain)):
        return f"the primitive is not shown defined at {at} (an infinite end, or a singular one, takes a limit)"
    return F.xreplace({r: at})


def limits(node) -> int:
    """The number of ``sympy.limit`` answers the node trusts."""
    return bool(node.lower) + bool(node.upper)
