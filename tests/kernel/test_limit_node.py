"""The ``limit`` node: a ``monotone`` goal's value at an open end where it is not defined (an infinite end, a
removable singularity), by ``sympy.limit`` asked again by the kernel and named in the trust base.  Each acceptance
has near-miss twins that must be rejected: an altered answer, a false claim, a closed end, a limit node elsewhere."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy as sp
from symdp.kernel import Limit, Monotone, Proof, Signs, check, sign_claim
from symdp.kernel.algebra import canonical
from symdp.kernel.monotone import end_limit

t = sp.Symbol("t", real=True)
x = sp.Symbol("x", positive=True)
LINE = sp.Interval(-sp.oo, sp.oo)
SOFTPLUS = sp.log(1 + sp.exp(t)) - t          # log(1 + e^t) > t, tends to 0 as t -> oo
MILLS = sp.erfc(x / sp.sqrt(2)) * sp.sqrt(sp.pi / 2) * sp.exp(x**2 / 2) * x / (1 + x**2)


def _proof(answer, slope=("together",), end="upper", symbol="t"):
    return Proof(Monotone(symbol, end, Limit(answer, Signs(())), Signs(slope)))


def test_softplus_above_the_line_from_its_limit_at_infinity():
    claim = sign_claim(SOFTPLUS, "positive", {t: LINE})
    verdict = check(claim, _proof(end_limit(claim, "t", "upper")))
    assert verdict.accepted and not verdict.kernel_checked
    assert verdict.trusts == (("sympy.limit", 1),) and verdict.describe() == "PROVED (trusts: sympy.limit x1)"
    assert "limit" in verdict.rules and "monotone" in verdict.rules


def test_an_altered_answer_is_rejected():
    claim = sign_claim(SOFTPLUS, "positive", {t: LINE})
    verdict = check(claim, _proof(canonical(sp.Integer(1))))
    assert not verdict.accepted and "records another answer" in verdict.reason


def test_a_false_claim_under_a_true_limit_is_rejected():
    """t - log(1 + e^t) > 0 is false everywhere: its limit at oo is 0 but its slope is positive, not negative."""
    claim = sign_claim(-SOFTPLUS, "positive", {t: LINE})
    assert not check(claim, _proof(end_limit(claim, "t", "upper"))).accepted
    # shifted down by 1/100: the limit -1/100 is negative, so the value premise fails
    shifted = sign_claim(SOFTPLUS - sp.Rational(1, 100), "positive", {t: LINE})
    assert not check(shifted, _proof(end_limit(shifted, "t", "upper"))).accepted


def test_an_infinite_limit_is_no_value():
    """e^t - t > 0 on the line: the limit at -oo is oo, which proves nothing (the rule needs a finite limit)."""
    claim = sign_claim(sp.exp(t) - t, "positive", {t: LINE})
    verdict = check(claim, _proof(end_limit(claim, "t", "lower"), slope=(), end="lower"))
    assert not verdict.accepted and "not a finite expression" in verdict.reason


def test_a_closed_end_takes_no_limit():
    """A limit node stands only at an open end: where the end is included the goal's own value there counts (a
    goal may jump at its end), so the plain monotone rule applies and a limit node is refused."""
    claim = sign_claim(x - sp.log(1 + x), "nonnegative", {x: sp.Interval(0, 1)})
    proof = Proof(Monotone("x", "lower", Limit(end_limit(claim, "x", "lower"), Signs(())), Signs(("together",))))
    verdict = check(claim, proof)
    assert not verdict.accepted and "open end" in verdict.reason
    assert check(claim, Proof(Monotone("x", "lower", Signs(()), Signs(("together",))))).accepted


def test_a_limit_node_outside_monotone_is_rejected():
    claim = sign_claim(SOFTPLUS, "positive", {t: LINE})
    assert not check(claim, Proof(Limit(canonical(sp.Integer(0)), Signs(())))).accepted


def test_a_removable_singularity_at_an_open_end():
    """log(1 + x)/x, 0/0 as written at x = 0: its limit 1 at 0+ is the value a limit node records; the slope
    (x/(1 + x) - log(1 + x))/x^2 is negative, so ``> 0`` from the lower end is rejected at the slope, not at the
    value."""
    claim = sign_claim(sp.log(1 + x) / x, "positive", {x: sp.Interval.open(0, 1)})
    answer = end_limit(claim, "x", "lower")
    assert answer == canonical(sp.Integer(1))
    verdict = check(claim, Proof(Monotone("x", "lower", Limit(answer, Signs(())), Signs(()))))
    assert not verdict.accepted and verdict.node.startswith("monotone/slope")


def test_the_limit_node_matches_the_schema_and_round_trips():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parents[2] / "symdp" / "schemas" / "proof.schema.json").read_text())
    proof = _proof(canonical(sp.Integer(0)))
    jsonschema.validate(proof.to_json(), schema)
    assert Proof.from_json(json.loads(proof.dumps())) == proof


def test_the_limit_reads_no_assumption_the_intervals_contradict():
    """The review's probe: a positive a on (-2, -1) (a vacuous domain by the claim's own assumptions, a false claim
    as printed: 1 - e^{3/2} < 0 at a = -3/2, s = 1).  SymPy's limit reads the assumption (1 at oo), the table reads
    the interval: the kernel refuses to mix them."""
    a = sp.Symbol("a", positive=True)
    s = sp.Symbol("s", real=True)
    claim = sign_claim(1 - sp.exp(-a * s), "positive", {s: sp.Interval.open(0, sp.oo), a: sp.Interval.open(-2, -1)})
    verdict = check(claim, Proof(Monotone("s", "upper", Limit(end_limit(claim, "s", "upper"), Signs(())), Signs(()))))
    assert not verdict.accepted and "assumptions" in verdict.reason


def test_a_map_in_a_nested_premise_finds_its_symbol_by_name():
    """A monotone node's slope premise is stated on a Dummy named like the symbol: ``map:x:shift`` there finds it by
    its name (it was looked up by ``str``, ``_x``, and refused), and two symbols of one name stay refused."""
    claim = sign_claim(x - sp.log(1 + x), "positive", {x: sp.Interval.open(0, sp.oo)})
    node = Monotone("x", "lower", Signs(()), Signs(("map:x:shift", "together")))
    assert check(claim, Proof(node)).kernel_checked
    twin = sign_claim(x - 2 * sp.log(1 + x), "positive", {x: sp.Interval.open(0, sp.oo)})   # false at x = 1
    assert not check(twin, Proof(node)).accepted
