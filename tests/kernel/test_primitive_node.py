"""The ``primitive`` node: an integral or a sum of the claim replaced by F(b) - F(a) from a recorded primitive,
its step (F' = f, or F(k + 1) - F(k) = f(k)) proved by a premise, an infinite end by ``sympy.limit`` (trusted).
Every acceptance has tampered twins the kernel must reject: another primitive, an altered limit, ends out of order,
a pole inside, a kink, a non-integer range, an atom the claim lacks, a claim changed under its proof."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy as sp
from symdp.kernel import Algebra, Primitive, Proof, check, identity_claim, sign_claim
from symdp.kernel.algebra import canonical
from symdp.kernel.monotone import ask_limit
from symdp.kernel.srepr import read

x = sp.Symbol("x", real=True)
z = sp.Symbol("z", real=True)
b = sp.Symbol("b", positive=True)
j = sp.Symbol("j", integer=True)
n = sp.Symbol("n", integer=True, positive=True)
POS, LINE = sp.Interval.open(0, sp.oo), sp.Interval(-sp.oo, sp.oo)
TAIL = sp.Integral(sp.exp(-x / b) / b, (x, z, sp.oo))          # the Laplace tail, e^{-z/b}
HALVES = sp.Sum(2 ** (-j), (j, 0, n - 1))                      # 2 - 2^{1-n}
CLOSE = Algebra((), "cancel")


def _at(F, var, end, side):
    r = sp.Dummy(var.name, real=True)
    return canonical(ask_limit(F.xreplace({var: r}), r, end, side))


def _node(atom, F, lower="", upper="", slope=CLOSE, premise=CLOSE):
    return Proof(Primitive(canonical(atom), sp.srepr(F), lower, upper, slope, premise))


def _tail_claim(rhs=sp.exp(-z / b)):
    return identity_claim(TAIL, rhs, {b: POS, z: LINE})


def test_the_laplace_tail_from_its_primitive_trusts_one_limit():
    F = -sp.exp(-x / b)
    verdict = check(_tail_claim(), _node(TAIL, F, upper=_at(F, x, sp.oo, "upper")))
    assert verdict.accepted and verdict.trusts == (("sympy.limit", 1),)
    assert verdict.rules == ("algebra", "primitive")


def test_a_finite_geometric_sum_telescopes_kernel_checked():
    claim = identity_claim(HALVES, 2 - 2 ** (1 - n), {n: sp.Interval(1, sp.oo)})
    verdict = check(claim, _node(HALVES, -2 ** (1 - j), slope=Algebra(("expand",), "cancel")))
    assert verdict.kernel_checked, verdict.describe()


def test_another_primitive_is_rejected_at_its_step():
    F = -sp.exp(-x / b) + sp.exp(-x) / 7          # tends to the same limit, but its derivative is not the integrand
    verdict = check(_tail_claim(), _node(TAIL, F, upper=_at(F, x, sp.oo, "upper")))
    assert not verdict.accepted and verdict.node == "primitive/slope/algebra"


def test_an_altered_limit_and_a_claim_changed_under_the_proof_are_rejected():
    F = -sp.exp(-x / b)
    assert "another answer" in check(_tail_claim(), _node(TAIL, F, upper=canonical(sp.Integer(1)))).reason
    proof = _node(TAIL, F, upper=_at(F, x, sp.oo, "upper"))
    assert not check(_tail_claim(2 * sp.exp(-z / b)), proof).accepted
    assert not check(_tail_claim(), _node(TAIL, F)).accepted        # an infinite end takes a limit


def test_a_pole_inside_the_range_is_rejected():
    """The textbook trap: int_{-1}^{1} dx/x^2 "= [-1/x] = -2" (the integral diverges)."""
    atom = sp.Integral(1 / x ** 2, (x, -1, 1))
    verdict = check(identity_claim(atom, -2), _node(atom, -1 / x))
    assert not verdict.accepted and "not shown defined" in verdict.reason


def test_ends_out_of_order_and_an_atom_the_claim_lacks_are_rejected():
    atom = sp.Integral(2 * x, (x, z, 1))                           # z in (2, 3): the range runs backwards
    assert "in order" in check(identity_claim(atom, 1 - z ** 2, {z: sp.Interval(2, 3)}), _node(atom, x ** 2)).reason
    other = sp.Integral(2 * x, (x, 0, 1))
    assert not check(identity_claim(other, 1), _node(sp.Integral(2 * x, (x, 0, 2)), x ** 2)).accepted
    assert check(identity_claim(other, 1), _node(other, x ** 2)).kernel_checked


def test_a_sum_needs_integer_ends_in_order():
    y = sp.Symbol("y", positive=True)                              # not an integer: no range of integers
    atom = sp.Sum(2 ** (-j), (j, 0, y))
    assert "integers" in check(identity_claim(atom, 2 - 2 ** (-y)), _node(atom, -2 ** (1 - j))).reason
    m = sp.Symbol("m", integer=True)
    backwards = sp.Sum(2 ** (-j), (j, 0, m))                       # m in [-5, -3]: b + 1 < a
    claim = identity_claim(backwards, 2 - 2 ** (-m), {m: sp.Interval(-5, -3)})
    assert "b + 1 >= a" in check(claim, _node(backwards, -2 ** (1 - j))).reason


def test_the_primitive_text_is_read_never_run():
    F = sp.srepr(-sp.exp(-x / b))
    for text in ("__import__('os').system('true')", f"Abs({F})", "Symbol('x', real=1)", "Float('0.5')"):
        with pytest.raises(ValueError):
            read(text)
        proof = Proof(Primitive(canonical(TAIL), text, "", canonical(sp.Integer(0)), CLOSE, CLOSE))
        assert "primitive" in check(_tail_claim(), proof).reason


def test_a_sign_claim_with_a_primitive():
    """int_0^t 2x dx = t^2 >= 0: the premise is the sign of the replaced claim."""
    t = sp.Symbol("t", real=True)
    from symdp.kernel import Signs
    claim = sign_claim(sp.Integral(2 * x, (x, 0, t)), "nonnegative", {t: sp.Interval(1, 2)})
    proof = Proof(Primitive(canonical(claim.goal), sp.srepr(x ** 2), "", "", CLOSE, Signs(())))
    assert check(claim, proof).kernel_checked
    false = sign_claim(-sp.Integral(2 * x, (x, 0, t)), "positive", {t: sp.Interval(1, 2)})
    atom = sp.Integral(2 * x, (x, 0, t))
    assert not check(false, Proof(Primitive(canonical(atom), sp.srepr(x ** 2), "", "", CLOSE, Signs(())))).accepted


def test_the_primitive_node_matches_the_schema_and_round_trips():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parents[2] / "symdp" / "schemas" / "proof.schema.json").read_text())
    proof = _node(TAIL, -sp.exp(-x / b), upper=canonical(sp.Integer(0)))
    jsonschema.validate(proof.to_json(), schema)
    assert Proof.from_json(json.loads(proof.dumps())) == proof


def test_the_review_s_nested_integral_is_refused():
    """helper review: the inner integral's y is bound by the outer one; checked on the claim's domain it read y
    positive and a divergent double integral "closed" to -2 log 3."""
    y = sp.Symbol("y", real=True)
    inner = sp.Integral(1 / (x + y) ** 2, (x, 0, 1))
    claim = identity_claim(sp.Integral(2 * inner, (y, -sp.Rational(1, 2), -sp.Rational(1, 4))), -2 * sp.log(3),
                           {y: sp.Interval(1, 2)})
    verdict = check(claim, _node(inner, -1 / (x + y)))
    assert not verdict.accepted and "inside another" in verdict.reason


def test_the_review_s_ends_of_unknown_finiteness_and_contradicting_domain():
    """int_z^{-1} dx/x^2 with z on [1, 2] (the range crosses 0): the order is asked of the table whatever SymPy
    knows of z's finiteness; a positive z on [-2, -1] contradicts its assumptions and is refused as a claim."""
    plain = sp.Symbol("z")
    atom = sp.Integral(1 / x ** 2, (x, plain, -1))
    verdict = check(identity_claim(atom, 1 + 1 / plain, {plain: sp.Interval(1, 2)}),
                    _node(atom, -1 / x, lower=canonical(-1 / plain)))
    assert not verdict.accepted and "in order" in verdict.reason
    zp = sp.Symbol("z", positive=True)
    atom = sp.Integral(1 / x ** 2, (x, zp, 1))
    verdict = check(identity_claim(atom, 1 / zp - 1, {zp: sp.Interval(-2, -1)}), _node(atom, -1 / x))
    assert not verdict.accepted and verdict.node == "claim"


def test_a_huge_integer_power_is_not_read():
    with pytest.raises(ValueError):
        read("Pow(Integer(7), Integer(30000000))")
