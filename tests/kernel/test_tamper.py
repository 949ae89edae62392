"""The kernel rejects tampered proofs and names the node that fails (issue 51, "Tamper tests").

Each test starts from a proof the kernel accepts, changes one thing (a box widened or dropped, a leaf's rule,
the claim under the proof, an algebra rewrite, an oracle's answer) and checks the verdict and its node.
"""
from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

import pytest
import sympy as sp

from symdp.kernel import Algebra, Boxes, Chart, Leaf, Oracle, Proof, Signs, check, identity_claim, sign_claim
from symdp.kernel.algebra import canonical
from symdp.kernel.boxes import cover_gap

x = sp.Symbol("x", real=True)
p, q = sp.symbols("p q", positive=True)
SCHEMA = Path(__file__).resolve().parents[2] / "symdp" / "schemas" / "proof.schema.json"

# x (1 - x) - x + x^2 + 1/1000 > 0 on [0, 1] (it is 1/1000, written so that enclosures suffer from the dependency
# problem): each half closes by the mean-value form (the derivative is 0), not by enclosures, even halved
BUMP = sign_claim(x * (1 - x) - x + x**2 + sp.Rational(1, 1000), "positive", {x: sp.Interval(0, 1)})
HALVES = (Leaf(((F(0), F(1, 2)),), "mean-value"), Leaf(((F(1, 2), F(1)),), "mean-value"))


def _chart(leaves, symbols=("x",)):
    return Proof(Chart(symbols, ("affine",) * len(symbols), Boxes(128, tuple(leaves))))


def test_the_untampered_box_proof_is_kernel_checked():
    v = check(BUMP, _chart(HALVES))
    assert v.accepted and v.kernel_checked and v.describe() == "PROVED (kernel-checked)"
    assert v.rules == ("boxes", "boxes:mean-value", "chart")


def test_a_widened_box_is_rejected():
    wide = (Leaf(((F(0), F(5, 8)),), "mean-value"), HALVES[1])
    v = check(BUMP, _chart(wide))
    assert not v.accepted and v.node == "chart/boxes" and "overlap" in v.reason


def test_a_box_widened_past_the_domain_is_rejected():
    v = check(BUMP, _chart((HALVES[0], Leaf(((F(1, 2), F(9, 8)),), "mean-value"))))
    assert not v.accepted and v.node == "chart/boxes" and "leaf 1" in v.reason


def test_a_dropped_box_is_rejected():
    v = check(BUMP, _chart(HALVES[:1]))
    assert not v.accepted and v.node == "chart/boxes" and "gap" in v.reason


def test_a_changed_leaf_rule_is_rejected():
    v = check(BUMP, _chart((replace(HALVES[0], rule="enclosure"), HALVES[1])))
    assert not v.accepted and v.node == "chart/boxes/leaf 0" and "enclosure" in v.reason
    v = check(BUMP, _chart((HALVES[0], replace(HALVES[1], rule="hunch"))))
    assert not v.accepted and v.node == "chart/boxes/leaf 1" and "unknown leaf rule" in v.reason


def test_a_claim_changed_under_its_proof_is_rejected():
    false = sign_claim(x * (1 - x) - x + x**2 - sp.Rational(1, 1000), "positive", {x: sp.Interval(0, 1)})
    assert check(false, _chart(HALVES)).node == "chart/boxes/leaf 0"
    shifted = sign_claim(x * (1 - x) - x + x**2 + sp.Rational(1, 1000), "positive", {x: sp.Interval(-1, 1)})
    assert check(shifted, _chart(HALVES)).accepted   # the same true statement on a wider domain: still proved
    steeper = sign_claim(x - x**2 + sp.Rational(1, 1000), "positive", {x: sp.Interval(0, 1)})
    assert check(steeper, _chart(HALVES)).node == "chart/boxes/leaf 0"
    other = sign_claim(p - p**2 + sp.Rational(1, 8), "positive", {p: sp.Interval(0, 1)})
    assert check(other, _chart(HALVES)).node == "chart"


def test_a_two_dimensional_cover_is_checked_exactly():
    y = sp.Symbol("y", real=True)
    claim = sign_claim((x - y)**2 + sp.Rational(1, 2) - x / 4, "positive", {x: sp.Interval(0, 1), y: sp.Interval(0, x)})
    grid = [Leaf(((F(i, 4), F(i + 1, 4)), (F(j, 4), F(j + 1, 4))), "enclosure" if (i + j) % 2 else "mean-value")
            for i in range(4) for j in range(4)]
    assert check(claim, _chart(grid, ("x", "y"))).accepted
    assert check(claim, _chart(grid, ("y", "x"))).reason == "y's interval depends on a symbol not charted before it"
    assert "gap" in cover_gap(grid[:7] + grid[8:], 2)
    shifted = replace(grid[5], box=((F(1, 4), F(1, 2)), (F(1, 4), F(9, 16))))
    assert "overlap" in cover_gap(grid[:5] + [shifted] + grid[6:], 2)


TANH = identity_claim(sp.tanh(x), (sp.exp(2 * x) - 1) / (sp.exp(2 * x) + 1))


def test_an_altered_algebra_rewrite_is_rejected():
    assert check(TANH, Proof(Algebra(("hyperbolic-exp",), "cancel"))).kernel_checked
    v = check(TANH, Proof(Algebra((), "cancel")))
    assert not v.accepted and v.node == "algebra" and "does not close" in v.reason
    v = check(TANH, Proof(Algebra(("erf-form",), "cancel")))
    assert not v.accepted and v.node == "algebra" and "does not close" in v.reason
    v = check(TANH, Proof(Algebra(("hyperbolic-exps",), "cancel")))
    assert not v.accepted and v.node == "algebra" and "not in the rewrite table" in v.reason
    assert not check(TANH, Proof(Algebra((), "identical"))).accepted
    # log(x^2) = 2 log(x) only for x > 0: no rewrite of the table applies it to a real x
    assert not check(identity_claim(sp.log(x * x), 2 * sp.log(x)), Proof(Algebra(("expand-log",), "cancel"))).accepted
    assert check(identity_claim(sp.log(p * p), 2 * sp.log(p)), Proof(Algebra(("expand-log",), "cancel"))).accepted


PYTHAGORAS = identity_claim(sp.sin(x)**2 + sp.cos(x)**2, 1)


def test_an_altered_oracle_answer_is_rejected():
    good = Oracle("sympy.simplify", canonical(PYTHAGORAS.goal), canonical(0))
    v = check(PYTHAGORAS, Proof(good))
    assert v.accepted and not v.kernel_checked and v.trusts == (("sympy.simplify", 1),)
    assert v.describe() == "PROVED (trusts: sympy.simplify x1)"
    v = check(PYTHAGORAS, Proof(replace(good, answer=canonical(1))))
    assert not v.accepted and v.node == "oracle" and "answer" in v.reason
    v = check(identity_claim(sp.sin(x)**2 + sp.cos(x)**2, 2), Proof(good))
    assert not v.accepted and v.node == "oracle" and "another expression" in v.reason
    assert not check(PYTHAGORAS, Proof(replace(good, oracle="sympy.limit"))).accepted


def test_a_proof_survives_its_json_form_and_matches_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    for proof in (_chart(HALVES), Proof(Algebra(("hyperbolic-exp",), "cancel")), Proof(Signs(("expand",))),
                  Proof(Oracle("sympy.simplify", canonical(PYTHAGORAS.goal), canonical(0)))):
        text = json.loads(proof.dumps())
        jsonschema.validate(text, schema)
        assert Proof.from_json(text) == proof
    with pytest.raises(ValueError, match="format"):
        Proof.from_json({"format": 1, "proof": {"rule": "signs", "rewrites": []}})  # format 1 had no signs rule
    with pytest.raises(ValueError, match="unknown rule"):
        Proof.from_json({"format": 3, "proof": {"rule": "magic"}})


TOUCHING = sign_claim(sp.exp(x) - 1 - x, "nonnegative", {x: sp.Interval(0, 1)})


def test_a_derivative_chain_from_the_touching_face_and_its_tampered_faces():
    whole = ((F(0), F(1)),)
    assert check(TOUCHING, _chart([Leaf(whole, "chain:lower:0:2")])).kernel_checked
    v = check(TOUCHING, _chart([Leaf(whole, "chain:upper:0:2")]))
    assert not v.accepted and v.node == "chart/boxes/leaf 0" and "face" in v.reason
    strict = sign_claim(sp.exp(x) - 1 - x, "positive", {x: sp.Interval(0, 1)})   # 0 at x = 0: false
    assert check(strict, _chart([Leaf(whole, "chain:lower:0:2")])).node == "chart/boxes/leaf 0"
    opened = sign_claim(sp.exp(x) - 1 - x, "positive", {x: sp.Interval.Lopen(0, 1)})   # true without x = 0
    assert check(opened, _chart([Leaf(whole, "chain:lower:0:2")])).accepted
    assert "unknown leaf rule" in check(TOUCHING, _chart([Leaf(whole, "chain:lower:0:4")])).reason
