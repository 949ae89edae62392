"""What the kernel is asked to accept: a claim ``lhs REL rhs`` for every point of a domain.

A claim is stated independently of its proof (the caller builds it from the derivation), so a proof is only
accepted for the statement it was made for: a changed claim under the same proof is checked afresh.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

RELATIONS = ("=", ">", ">=", "<", "<=")


@dataclass(frozen=True)
class Claim:
    """``lhs relation rhs`` at every point of ``domain`` (symbol, interval) pairs, in the order given.

    The symbols keep their SymPy assumptions (positive, real, ...): they are part of the statement."""

    lhs: sp.Expr
    relation: str
    rhs: sp.Expr
    domain: tuple = ()

    def __post_init__(self):
        if self.relation not in RELATIONS:
            raise ValueError(f"relation {self.relation!r} is not one of {RELATIONS}")

    @property
    def goal(self) -> sp.Expr:
        """The expression whose sign (or vanishing) the claim states: lhs - rhs, or rhs - lhs for < and <=."""
        if self.relation in ("<", "<="):
            return sp.sympify(self.rhs) - sp.sympify(self.lhs)
        return sp.sympify(self.lhs) - sp.sympify(self.rhs)

    @property
    def strict(self) -> bool:
        """The goal must be > 0 (not merely >= 0)."""
        return self.relation in (">", "<")


def sign_claim(expr, which: str, domain) -> Claim:
    """``expr`` is positive / negative / nonnegative / nonpositive on ``domain`` (a dict or pairs)."""
    relation = {"positive": ">", "negative": "<", "nonnegative": ">=", "nonpositive": "<="}[which]
    return Claim(sp.sympify(expr), relation, sp.Integer(0), tuple(dict(domain).items()))


def identity_claim(lhs, rhs, domain=()) -> Claim:
    return Claim(sp.sympify(lhs), "=", sp.sympify(rhs), tuple(dict(domain).items()))
