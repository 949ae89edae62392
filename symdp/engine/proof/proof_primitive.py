"""``primitive`` nodes (:mod:`symdp.kernel.primitive`) for a claim with integrals or sums: each replaced by its value
from a primitive the search finds here (SymPy's ``integrate`` for an integral, Gosper's algorithm for a sum), the
kernel checking the primitive's derivative (its step) and the claim that is left.

This module only proposes: the kernel accepts or rejects every node it builds.
"""
from __future__ import annotations

import sympy as sp
from sympy.concrete.gosper import gosper_term

from ... import kernel
from ...kernel.algebra import canonical
from ...kernel.monotone import ask_limit
from ...kernel.primitive import premises
from ...kernel.srepr import read, write

SIZE = 200
"""Operations (``count_ops``) of an atom above which no primitive is sought (no clock at export: counted)."""


def by_primitives(claim, close, steps):
    """A ``primitive`` node proving ``claim`` with its first integral or sum replaced by its value (then the next,
    nested), the claim left closed by ``close(claim)`` (a node or None) and each step by the first ``algebra`` of
    ``steps`` (rewrite list, closing) the kernel accepts; or None."""
    atoms = sorted(sp.sympify(claim.goal).atoms(sp.Integral, sp.Sum), key=sp.default_sort_key)
    if not atoms:
        return close(claim)
    atom = atoms[0]
    F = _primitive(atom) if sp.count_ops(atom) <= SIZE else None
    node = _placed(claim, atom, F) if F is not None else None
    if node is None:
        return None
    step, left = premises(node, claim)
    slope = next((kernel.Algebra(r, c) for r, c in steps if kernel.check(step, kernel.Proof(kernel.Algebra(r, c))).accepted),
                 None)
    rest = by_primitives(left, close, steps) if slope is not None else None
    return None if rest is None else kernel.Primitive(node.atom, node.primitive, node.lower, node.upper, slope, rest)


def _placed(claim, atom, F):
    """A ``primitive`` node (premises still to fill) whose ends the kernel takes: each end by substitution where
    the primitive is defined there, else by the limit SymPy gives (asked as the kernel asks it); or None."""
    x, a, b = atom.limits[0]
    b = b + 1 if isinstance(atom, sp.Sum) and b != sp.oo else b   # as the kernel takes a sum's upper end
    for lower, upper in (("", ""), ("", None), (None, ""), (None, None)):
        if (lower == "" and not a.is_finite) or (upper == "" and not b.is_finite):
            continue
        lower = _asked(F, x, a, "lower") if lower is None else lower
        upper = _asked(F, x, b, "upper") if upper is None else upper
        node = kernel.Primitive(canonical(atom), write(F), lower, upper, None, None)
        if None not in (lower, upper) and not isinstance(premises(node, claim), str):
            return node
    return None


def _asked(F, x, at, side):
    """SymPy's limit of F at that end, asked as the kernel asks it (canonical text), or None where SymPy cannot
    say (a limit that depends on a sign its assumptions do not give)."""
    r = sp.Dummy(x.name, real=True)
    try:
        return canonical(ask_limit(F.xreplace({x: r}), r, at, side))
    except (NotImplementedError, ValueError, TypeError):
        return None


def _primitive(atom):
    """F with F' = f (an integral) or F(k + 1) - F(k) = f(k) (a sum), in the atom's variable, that the kernel can
    read (:mod:`symdp.kernel.srepr`), or None."""
    if len(atom.limits) != 1 or len(atom.limits[0]) != 3:
        return None
    x = atom.limits[0][0]
    F = _integrated(atom.function, x) if isinstance(atom, sp.Integral) else _telescoped(atom.function, x)
    try:
        return F if F is not None and read(write(F)) == F else None
    except ValueError:
        return None


def _integrated(f, x):
    """SymPy's antiderivative of ``f``, as written, else with its exponentials merged (e^(-x^2/2) e^(mu x) as one
    e^(-x^2/2 + mu x), which SymPy integrates to an erf), or None."""
    r = sp.Dummy(x.name, real=True)
    f = f.xreplace({x: r})
    for form in (f, sp.powsimp(sp.expand(f), combine="exp")):
        try:
            F = sp.integrate(form, r)
        except Exception:   # SymPy's integrate refuses some inputs (noncommutative factors) by raising: no primitive
            continue
        if not F.has(sp.Integral, sp.Piecewise):
            return F.xreplace({r: x})
    return None


def _telescoped(f, k):
    """Gosper's G = f g with G(k + 1) - G(k) = f(k); each ``exp(c k + d)`` written ``w^k e^d`` (w positive, for
    e^c) first, as Gosper's algorithm reads powers, not exponentials."""
    bases = {}

    def power(e):
        c, d = sp.Poly(e.args[0], k).all_coeffs()
        w = bases.setdefault(c, sp.Dummy("w", positive=True))
        return sp.exp(d) * w ** k

    linear = lambda e: isinstance(e, sp.exp) and e.args[0].is_polynomial(k) and sp.degree(e.args[0], k) == 1
    try:
        g = gosper_term(f.replace(linear, power), k)
    except Exception:   # Gosper's algorithm raises on terms it cannot read (not hypergeometric, ...): no primitive
        return None
    return None if g is None else sp.powsimp(f * g.xreplace({w: sp.exp(c) for c, w in bases.items()}))
