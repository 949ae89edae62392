"""Proof objects through the sign cases of a claim's kinks: the kernel rules ``cases`` and ``farkas``.

The kernel splits the claim itself (:func:`symdp.kernel.cases.case_claims`: its ``|a|``, ``Max`` and ``Min`` by the
signs of their switches) and names the rows a case may combine (:func:`symdp.kernel.cases.rows`); this module only
looks for a premise per case, as :mod:`.cases` does in the search: a ``signs`` (or, for an identity, ``algebra``)
node the kernel accepts on the case's narrowed domain, else Farkas multipliers found exactly over the rationals
(:func:`.cases.multipliers`), or multipliers showing that the case holds no point.  The kernel judges the result.
"""
from __future__ import annotations

from fractions import Fraction

from .. import kernel
from ..kernel import cases as kcases
from .cases import ONE, linear, multipliers


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
    forms = [(ref, linear(e)) for ref, e in sorted(rows.items())]
    forms = [(ref, f) for ref, f in forms if f is not None]
    goal = kcases.core(case.goal, dict(case.domain))
    target = linear(goal) if goal is not None else None
    if target is not None:
        lam = multipliers(target, [f for _, f in forms], case.strict)
        if lam is not None:
            return kernel.Farkas(tuple((forms[j][0], v) for j, v in sorted(lam.items())), False)
    lifted = [({**coeffs, ONE: const}, Fraction(0)) for _, (coeffs, const) in forms]
    lam = multipliers(({ONE: Fraction(-1)}, Fraction(0)), lifted, False) if lifted else None
    return None if lam is None else kernel.Farkas(tuple((forms[j][0], v) for j, v in sorted(lam.items())), True)
