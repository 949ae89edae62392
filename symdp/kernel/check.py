"""``check(claim, proof) -> Verdict``: the kernel's one entry point (docs/proof-format.md).

A proof is accepted when its root proves the claim by its rule.  The kernel checks every rule but ``oracle``,
accepted unchecked when its kind is one of :data:`ORACLES` and it answers the claim's own question: the verdict
lists it in its trust base; a proof with no oracle node is *kernel-checked*.  A rejected proof names the node
that fails (a path such as ``chart/boxes/leaf 12``) and why.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import sympy as sp

from .algebra import check_algebra, spelled
from .boxes import check_chart
from .cases import case_claims, check_farkas
from .compare import logs_claims, quotient_claims, squared_claims
from .induction import induction_claims
from .monotone import premises
from .pieces import piece_claims
from .primitive import limits
from .primitive import premises as primitive_premises
from .proof import (FORMAT, Algebra, Cases, Chart, Farkas, Induction, Limit, Logs, Monotone, Oracle, Pieces, Primitive,
                    Proof, Quotient, Signs, Squared)
from .signs import check_signs, excluded

ORACLES = {
    "sympy.simplify": "SymPy's simplify reduced the claim's difference (lhs - rhs) to 0",
}
"""The kinds of ``oracle`` node the kernel knows, with the question each answers (an identity's difference is 0).
A ``limit`` node (:mod:`.monotone`) is the other trusted step: counted as ``sympy.limit``, asked again."""


@dataclass(frozen=True)
class Verdict:
    accepted: bool
    rules: tuple = ()
    """The rules the accepted proof uses (node kinds, and leaf rules as ``boxes:<rule>``), sorted."""
    trusts: tuple = ()
    """(oracle kind, count) pairs: empty for a kernel-checked proof."""
    node: str = ""
    """The failing node's path, when rejected."""
    reason: str = ""

    @property
    def kernel_checked(self) -> bool:
        return self.accepted and not self.trusts

    def describe(self) -> str:
        if not self.accepted:
            return f"REJECTED at {self.node}: {self.reason}"
        if not self.trusts:
            return "PROVED (kernel-checked)"
        return "PROVED (trusts: " + ", ".join(f"{k} x{n}" for k, n in self.trusts) + ")"


def check(claim, proof: Proof) -> Verdict:
    """Accept or reject ``proof`` as a proof of ``claim`` (never raises on a malformed proof: it rejects)."""
    if proof.format != FORMAT:
        return Verdict(False, node="proof", reason=f"format {proof.format}, this kernel checks format {FORMAT}")
    root = proof.root
    domain = dict(claim.domain)
    outside = [str(s) for s, iv in domain.items()
               if excluded(s, iv, {k: v for k, v in domain.items() if k != s})]
    if outside:
        return Verdict(False, node="claim", reason=f"the domain gives {', '.join(outside)} an interval its own "
                                                         "sign assumptions exclude (a vacuous claim)")
    try:
        node, reason = _check(root, claim)
    except Exception as exc:   # any failure to check (a SymPy error, a recursion too deep) is a rejection, named
        node, reason = getattr(root, "rule", "proof"), f"{type(exc).__name__}: {exc}"
    if node:
        return Verdict(False, node=node, reason=reason)
    return Verdict(True, _rules(root), _trusts(root))


def _check(root, claim):
    """(path of the failing node, reason), ("", "") when ``root`` proves ``claim``."""
    for kind, rule in _ONE_NODE.items():
        if isinstance(root, kind):
            why = rule(root, claim)
            return (root.rule, why) if why else ("", "")
    if isinstance(root, Chart):
        return check_chart(root, claim, "chart")
    if isinstance(root, Cases):
        return _check_cases(root, claim)
    if isinstance(root, Monotone):
        value = root.value.premise if isinstance(root.value, Limit) else root.value
        return _below(root, premises(root, claim), {"value": value, "slope": root.slope})
    if isinstance(root, Primitive):
        return _below(root, primitive_premises(root, claim), {"slope": root.slope, "premise": root.premise})
    if isinstance(root, Induction):
        return _below(root, induction_claims(root, claim), {"base": root.base, "step": root.step})
    if isinstance(root, (Logs, Squared, Quotient)):
        claims = _COMPARED[type(root)](root, claim)
        if not isinstance(claims, str) and len(claims) != len(root.premises):
            claims = f"{len(root.premises)} premises for {len(claims)} claims"
        return _below(root, claims, {f"part {i}": p for i, p in enumerate(root.premises)})
    if isinstance(root, Pieces):
        claims = piece_claims(root, claim)
        if not isinstance(claims, str) and len(claims) != len(root.premises):
            claims = f"{len(root.premises)} premises for {len(claims)} regions and cut points"
        return _below(root, claims, {f"part {i}": p for i, p in enumerate(root.premises)})
    return "proof", f"unknown node {type(root).__name__}"


def _below(node, claims, named: dict):
    """Each premise of ``named`` proves its claim of ``claims`` (a str: why the node's rule does not apply)."""
    if isinstance(claims, str):
        return node.rule, claims
    for (name, premise), stated in zip(named.items(), claims):
        failed, why = _check(premise, stated)
        if why:
            return f"{node.rule}/{name}/{failed}", why
    return "", ""


def _check_cases(node: Cases, claim):
    """Each premise proves its case's claim (:func:`.cases.case_claims`); a ``farkas`` premise with the case's rows."""
    cases = case_claims(claim)
    if isinstance(cases, str):
        return "cases", cases
    if len(node.premises) != len(cases):
        return "cases", f"{len(node.premises)} premises for {len(cases)} sign cases"
    for i, (premise, (case, constraints)) in enumerate(zip(node.premises, cases)):
        if isinstance(premise, Farkas):
            failed, why = ("farkas", check_farkas(premise, case, constraints))
        elif isinstance(premise, (Signs, Algebra)):
            failed, why = _check(premise, case)
        else:
            failed, why = premise.rule, "a case is closed by signs, algebra or farkas"
        if why:
            return f"cases/case {i}/{failed or premise.rule}", why
    return "", ""


def _check_oracle(node: Oracle, claim) -> str:
    if node.oracle not in ORACLES:
        return f"unknown oracle kind {node.oracle!r} (known: {', '.join(sorted(ORACLES))})"
    if claim.relation != "=":
        return f"{node.oracle} answers identities, the claim is a '{claim.relation}' relation"
    if not spelled(node.input, claim.goal):
        return "the oracle was asked about another expression than the claim's difference"
    if not spelled(node.answer, sp.Integer(0)):
        return f"the oracle's answer {node.answer[:60]!r} is not 0"
    return ""


_COMPARED = {Logs: logs_claims, Squared: squared_claims, Quotient: quotient_claims}
"""The rules that compare a goal as terms (:mod:`.compare`), each giving its premises' claims."""
_ONE_NODE = {Algebra: check_algebra, Signs: check_signs, Oracle: _check_oracle}
"""The rules checked on one node, each by a function returning "" or the reason it fails."""


def _children(node) -> list:
    """The nodes below ``node`` (a chart's ``boxes`` is read with it)."""
    if isinstance(node, Chart):
        return []
    return [getattr(node, name) for name in ("value", "slope", "premise", "base", "step") if hasattr(node, name)] + \
        list(getattr(node, "premises", ()))


def _trusts(root) -> tuple:
    """(oracle kind, count) pairs of the tree: ``oracle`` nodes by kind, ``limit`` nodes and the limits of
    ``primitive`` nodes as ``sympy.limit``."""
    found = Counter()
    stack = [root]
    while stack:
        node = stack.pop()
        found[node.oracle if isinstance(node, Oracle) else "sympy.limit"] += isinstance(node, (Oracle, Limit))
        found["sympy.limit"] += limits(node) if isinstance(node, Primitive) else 0
        stack.extend(_children(node))
    return tuple(sorted((k, n) for k, n in found.items() if n))


def _rules(root) -> tuple:
    rules = {root.rule}
    if isinstance(root, Chart):
        rules |= {"boxes"} | {f"boxes:{leaf.rule}" for leaf in root.premise.leaves}
    for child in _children(root):
        rules |= set(_rules(child))
    return tuple(sorted(rules))
