"""The kernel rules ``cases`` and ``farkas`` (issue 51): a claim through the sign cases of its kinks.

Oracle: the triangle inequality and the Laplace mechanism's privacy-loss bound are textbook facts; each accepted
proof has a tampered twin (a case dropped, a multiplier changed or negative, a row that does not exist, a case's
premise swapped, a false claim under the true claim's proof) that the kernel must reject, naming the node.
"""
from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest
import sympy as sp

from symdp.engine.proof.proof_cases import by_cases
from symdp.engine.proof.proof_export import AFRESH, SIGN_REWRITES
from symdp.kernel import Cases, Farkas, Proof, Signs, check, sign_claim
from symdp.kernel.cases import case_claims

p, q, r = sp.symbols("p q r", nonnegative=True)
x, y, xp = sp.symbols("x y x'", real=True)
eps, b = sp.symbols("epsilon b", positive=True)
HALF = {s: sp.Interval(0, sp.oo) for s in (p, q, r)}
# |p - r| <= |p - q| + |q - r|
TRIANGLE = sign_claim(sp.Abs(p - q) + sp.Abs(q - r) - sp.Abs(p - r), "nonnegative", HALF)
# the Laplace mechanism's privacy loss: eps (|x' - y| - |x - y|)/b <= eps |x - x'|/b
LAPLACE = sign_claim(eps * sp.Abs(x - xp) / b - eps * (sp.Abs(xp - y) - sp.Abs(x - y)) / b, "nonnegative",
                     {eps: sp.Interval.open(0, sp.oo), b: sp.Interval.open(0, sp.oo), x: sp.Interval(-sp.oo, sp.oo),
                      xp: sp.Interval(-sp.oo, sp.oo), y: sp.Interval(-sp.oo, sp.oo)})
SCHEMA = Path(__file__).resolve().parents[2] / "symdp" / "schemas" / "proof.schema.json"


@pytest.fixture(scope="module")
def triangle():
    proof = by_cases(TRIANGLE, SIGN_REWRITES, AFRESH)
    assert proof is not None
    return proof


def test_textbook_kinked_inequalities_are_kernel_checked(triangle):
    assert check(TRIANGLE, triangle).describe() == "PROVED (kernel-checked)"
    laplace = by_cases(LAPLACE, SIGN_REWRITES, AFRESH)
    assert laplace is not None and check(LAPLACE, laplace).kernel_checked
    assert "farkas" in check(LAPLACE, laplace).rules


def test_the_cases_cover_every_sign_of_every_kink():
    cases = case_claims(TRIANGLE)
    assert len(cases) == 8
    assert {tuple(sorted(map(str, c))) for _, c in cases} == {
        tuple(sorted(map(str, (s1 * (p - q), s2 * (p - r), s3 * (q - r))))) for s1 in (1, -1) for s2 in (1, -1)
        for s3 in (1, -1)}


def test_a_false_twin_is_not_proved_and_the_true_proof_does_not_carry_over(triangle):
    false = sign_claim(sp.Abs(p - q) - sp.Abs(q - r) - sp.Abs(p - r), "nonnegative", HALF)   # a sign flipped
    assert by_cases(false, SIGN_REWRITES, AFRESH) is None
    verdict = check(false, triangle)
    assert not verdict.accepted and verdict.node.startswith("cases/case ")


def _farkas_case(proof):
    return next(i for i, n in enumerate(proof.root.premises) if isinstance(n, Farkas) and n.multipliers)


@pytest.mark.parametrize("tamper", ["drop", "zero", "negative", "row", "premise"])
def test_tampered_cases_proofs_are_rejected_naming_the_node(triangle, tamper):
    premises = list(triangle.root.premises)
    i = _farkas_case(triangle)
    node = premises[i]
    (ref, lam), *rest = node.multipliers
    if tamper == "drop":
        premises.pop()
    elif tamper == "zero":
        premises[i] = Farkas(((ref, F(0)), *rest), False)
    elif tamper == "negative":
        premises[i] = Farkas(((ref, -lam), *rest), False)
    elif tamper == "row":
        premises[i] = Farkas((("case:9", lam), *rest), False)
    else:
        premises[i] = Signs(())
    verdict = check(TRIANGLE, Proof(Cases(tuple(premises))))
    assert not verdict.accepted
    assert verdict.node == "cases" if tamper == "drop" else verdict.node.startswith(f"cases/case {i}/")


def test_an_empty_case_needs_rows_that_contradict():
    claim = sign_claim(sp.Abs(x) + sp.Abs(x - 1) - 1, "nonnegative", {x: sp.Interval(-sp.oo, sp.oo)})
    proof = by_cases(claim, SIGN_REWRITES, AFRESH)
    assert proof is not None and check(claim, proof).kernel_checked
    empty = [n for n in proof.root.premises if isinstance(n, Farkas) and n.empty]
    assert empty   # x <= 0 and x >= 1 together hold no point
    assert not check(sign_claim(sp.Abs(x) + sp.Abs(x - 1) - 2, "nonnegative", {x: sp.Interval(-sp.oo, sp.oo)}),
                     proof).accepted


def test_cases_proofs_survive_their_json_form_and_match_the_schema(triangle):
    jsonschema = pytest.importorskip("jsonschema")
    text = json.loads(triangle.dumps())
    jsonschema.validate(text, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert Proof.from_json(text) == triangle
    with pytest.raises(ValueError, match="multipliers"):
        Proof.from_json({"format": 3, "proof": {"rule": "farkas", "multipliers": [["case:0", 2]], "empty": False}})
