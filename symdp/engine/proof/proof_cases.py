"""Proof objects through the sign cases of a claim's kinks: the kernel rules ``cases`` and ``farkas``.

The kernel splits the claim itself (:func:`symdp.kernel.cases.case_claims`: its ``|a|``, ``Max`` and ``Min`` by the
signs of their switches) and names the rows a case may combine (:func:`symdp.kernel.cases.rows`); this module only
looks for a premise per case, as :mod:`.cases` does in the search: a ``signs`` (or, for an identity, ``algebra``)
node the kernel accepts on the case's narrowed domain, else Farkas multipliers found exactly over the rationals
(:func:`multipliers`, solved exactly with SymPy matrices), or multipliers showing that the case holds no point.
The kernel judges the result.  (The search's own Farkas step, :mod:`.cases`, is left untouched: its source is part
of the certificates' prover digest, and every transcript would be searched again.)
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from ... import kernel
from ...kernel import cases as kcases

MAX_SUPPORT = 6
"""Rows combined at most (as the search's :data:`.cases.MAX_SUPPORT`)."""


def by_cases(claim, sign_rewrites, algebra_steps):
    """A ``cases`` proof of ``claim`` the kernel accepts, or None."""
    found = kcases.case_claims(claim)
    if isinstance(found, str):
        return None
    premises = []
    for case, constraints in found:
        premise = _premise(case, constraints, sign_rewrites, algebra_steps)
        if premise is None:
            return None
        premises.append(premise)
    proof = kernel.Proof(kernel.Cases(tuple(premises)))
    return proof if kernel.check(claim, proof).accepted else None


def _premise(case, constraints, sign_rewrites, algebra_steps):
    steps = ([kernel.Algebra(r, c) for r, c in algebra_steps] if case.relation == "="
             else [kernel.Signs(r) for r in sign_rewrites])
    found = next((node for node in steps if kernel.check(case, kernel.Proof(node)).accepted), None)
    if found is not None or case.relation == "=":
        return found
    return _farkas(case, constraints)


def _farkas(case, constraints):
    rows = kcases.rows(case, constraints)
    refs = sorted(rows)
    goal = kcases.core(case.goal, dict(case.domain))
    if goal is not None:
        lam = multipliers(goal, [rows[r] for r in refs], case.strict)
        if lam is not None:
            return kernel.Farkas(tuple((refs[j], v) for j, v in sorted(lam.items())), False)
    lam = multipliers(sp.Integer(-1), [rows[r] for r in refs], False, empty=True)
    return None if lam is None else kernel.Farkas(tuple((refs[j], v) for j, v in sorted(lam.items())), True)


def multipliers(target, rows, strict, empty=False):
    """{row index: l > 0} on at most MAX_SUPPORT rows with ``target - sum l_j row_j`` a rational >= 0 (> 0 when
    strict) as an identity of polynomials, or, with ``empty``, ``sum l_j row_j = target`` (a negative number)."""
    gens = sorted(set().union(target.free_symbols, *(r.free_symbols for r in rows)), key=str)
    try:
        polys = [sp.Poly(e, *gens) if gens else None for e in (target, *rows)]
    except sp.PolynomialError:
        return None
    if not gens or any(not all(c.is_Rational for c in p.coeffs()) for p in polys):
        return None
    monomials = sorted(set().union(*(p.as_dict() for p in polys)) - ({(0,) * len(gens)} if not empty else set()))
    column = lambda p: sp.Matrix([p.as_dict().get(m, 0) for m in monomials])
    for size in range(1, min(MAX_SUPPORT, len(rows)) + 1):
        for support in itertools.combinations(range(len(rows)), size):
            lam = _solved(sp.Matrix.hstack(*(column(polys[j + 1]) for j in support)), column(polys[0]))
            if lam is None or any(v < 0 for v in lam):
                continue
            rest = sp.expand(target - sum(v * rows[j] for v, j in zip(lam, support)))
            if (empty and rest == 0) or (not empty and rest.is_Rational and (rest > 0 or (rest == 0 and not strict))):
                return {j: Fraction(int(v.p), int(v.q)) for j, v in zip(support, lam) if v != 0}
    return None


def _solved(a, b):
    """The unique exact solution of a l = b, or None."""
    try:
        sol, params = a.gauss_jordan_solve(b)
    except ValueError:
        return None
    return None if params.shape[0] else list(sol)
