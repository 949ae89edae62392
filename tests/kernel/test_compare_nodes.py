"""The ``logs`` and ``squared`` nodes (symdp/kernel/compare.py): a goal compared as two terms, through their
logarithms (A - B has the sign of log A - log B when A, B > 0) or their squares (A + S >= 0 from A >= 0 and
A^2 - S^2 >= 0, S real).  Each accepted proof has a false twin the same proof must not prove, and tampered nodes
are rejected at the node that fails."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy as sp
from symdp.kernel import Logs, Monotone, Pieces, Proof, Signs, Squared, check, identity_claim, sign_claim
from symdp.kernel.signs import ZERO, Reader
from symdp.kernel.srepr import write

SCHEMA = Path(__file__).resolve().parents[2] / "symdp" / "schemas" / "proof.schema.json"
t = sp.Symbol("t", real=True)
x = sp.Symbol("x", nonnegative=True)
p, q = sp.symbols("p q", positive=True)
LINE = {t: sp.Interval(-sp.oo, sp.oo)}
RAY = {x: sp.Interval(0, sp.oo)}
S = Signs(())


def _hoeffding_gap():
    """t^2/2 - log cosh t >= 0: split at t = 0, each side monotone from it (slope t - tanh t, curvature tanh^2)."""
    below = Monotone("t", "upper", S, Monotone("t", "upper", S, S))
    above = Monotone("t", "lower", S, Monotone("t", "lower", S, S))
    return Pieces("t", (write(sp.Integer(0)),), (below, S, above))


def test_cosh_below_the_gaussian_mgf_through_the_logarithms():
    """Boucheron, Lugosi and Massart (2013), Sec. 2.3: cosh t <= e^{t^2/2}."""
    claim = sign_claim(sp.exp(t ** 2 / 2) - sp.cosh(t), "nonnegative", LINE)
    proof = Proof(Logs(write(sp.cosh(t)), (S, S, _hoeffding_gap())))
    verdict = check(claim, proof)
    assert verdict.kernel_checked and "logs" in verdict.rules
    false = sign_claim(sp.exp(t ** 2 / 2 * sp.Rational(999, 1000)) - sp.cosh(t), "nonnegative", LINE)
    assert not check(false, proof).accepted


def test_a_logs_node_is_rejected_when_tampered():
    claim = sign_claim(sp.exp(t ** 2 / 2) - sp.cosh(t), "nonnegative", LINE)
    other = check(claim, Proof(Logs(write(sp.sinh(t)), (S, S, _hoeffding_gap()))))
    assert not other.accepted and other.node.startswith("logs/part")   # B = sinh t is not > 0
    assert "premises for 3" in check(claim, Proof(Logs(write(sp.cosh(t)), (S, S)))).reason
    foreign = check(claim, Proof(Logs(write(sp.cosh(sp.Symbol("u", real=True))), (S, S, S))))
    assert not foreign.accepted and "domain does not give" in foreign.reason
    unread = check(claim, Proof(Logs("__import__('os')", (S, S, S))))
    assert not unread.accepted and unread.node == "logs"
    identity = identity_claim(sp.cosh(t), sp.cosh(t), LINE)
    assert "identity" in check(identity, Proof(Logs(write(sp.cosh(t)), (S, S, S)))).reason


def test_a_sum_under_a_root_through_its_square():
    """x + 1 >= sqrt(x^2 + 1) on x >= 0: A = x + 1 >= 0 and A^2 - S^2 = 2x >= 0."""
    node = Squared(write(-sp.sqrt(x ** 2 + 1)), (S, Signs(("expand",))))
    assert check(sign_claim(x + 1 - sp.sqrt(x ** 2 + 1), "nonnegative", RAY), Proof(node)).kernel_checked
    false = check(sign_claim(x - sp.sqrt(x ** 2 + 1), "nonnegative", RAY), Proof(node))
    assert not false.accepted and false.node == "squared/part 1/signs"
    strict = check(sign_claim(x + 1 - sp.sqrt(x ** 2 + 1), "positive", RAY), Proof(node))
    assert not strict.accepted   # 2x > 0 fails at x = 0, where the claim is false too


def test_le_cams_step_for_two_bernoulli_laws():
    """1 - (p - q)^2 - (sqrt(pq) + sqrt((1-p)(1-q)))^2 >= 0 on (0, 1)^2 (Tsybakov 2009, Lemma 2.3)."""
    unit = {p: sp.Interval.open(0, 1), q: sp.Interval.open(0, 1)}
    goal = sp.expand(1 - (p - q) ** 2 - (sp.sqrt(p * q) + sp.sqrt((1 - p) * (1 - q))) ** 2)
    term = next(a for a in sp.Add.make_args(goal) if a.has(sp.sqrt(p)))
    node = Squared(write(term), (Signs(("map:p:down", "map:q:down", "together", "expand")), Signs(("factor",))))
    assert check(sign_claim(goal, "nonnegative", unit), Proof(node)).kernel_checked
    assert not check(sign_claim(goal - sp.Rational(1, 10**6), "nonnegative", unit), Proof(node)).accepted


def test_a_term_not_shown_real_is_refused():
    unit = {x: sp.Interval(0, 1)}
    node = Squared(write(sp.sqrt(x - 2)), (S, S))
    verdict = check(sign_claim(1 + sp.sqrt(x - 2), "nonnegative", unit), Proof(node))
    assert not verdict.accepted and "not shown real" in verdict.reason


def test_an_unevaluated_difference_reads_as_its_number_only_when_its_terms_are_defined():
    with sp.evaluate(False):
        cancelled = sp.Add(p, -p)
        poles = sp.Add(1 / (p - p), -1 / (p - p))
        inside = 1 - cancelled ** 2
    domain = {p: sp.Interval.open(0, 1)}
    assert Reader(()).sign(cancelled, domain) == ZERO
    assert Reader(()).sign(inside, domain)[2] and Reader(()).sign(inside, domain)[0]
    assert Reader(()).sign(poles, domain) is None and not Reader(()).real(poles, domain)


def test_the_nodes_match_the_schema_and_round_trip():
    jsonschema = pytest.importorskip("jsonschema")
    for node in (Logs(write(sp.cosh(t)), (S, S, _hoeffding_gap())), Squared(write(-sp.sqrt(x + 1)), (S, S))):
        text = json.loads(Proof(node).dumps())
        jsonschema.validate(text, json.loads(SCHEMA.read_text(encoding="utf-8")))
        assert Proof.from_json(text) == Proof(node)


def test_the_normal_cdf_is_in_the_sign_table_and_closes_the_mills_bound():
    """1 - Phi(t) < phi(t)/t for t > 0 (Gordon 1941; A&S 26.2.12 for the Mills ratio): from t -> oo, where the gap
    tends to 0 (sympy.limit, trusted), with the gap's slope -phi(t)/t^2 < 0."""
    from symdp.kernel import Limit
    from symdp.special import Phi
    s = sp.Symbol("t", positive=True)
    ray = {s: sp.Interval.open(0, sp.oo)}
    assert Reader(()).sign(Phi(s) - 1 + 2, ray) is not None and Reader(()).real(Phi(-s ** 2), ray)
    phi = sp.exp(-s ** 2 / 2) / sp.sqrt(2 * sp.pi)
    node = Monotone("t", "upper", Limit(write(sp.Integer(0)), S), S)
    verdict = check(sign_claim(Phi(s) - 1 + phi / s, "positive", ray), Proof(node))
    assert verdict.accepted and verdict.trusts == (("sympy.limit", 1),)
    false = sign_claim(Phi(s) - 1 + sp.Rational(999, 1000) * phi / s, "positive", ray)
    assert not check(false, Proof(node)).accepted


N = sp.Symbol("n", integer=True, positive=True)
J = sp.Symbol("j", integer=True, positive=True)
FROM_1 = {N: sp.Interval(1, sp.oo)}
INDUCTION = __import__("symdp.kernel", fromlist=["Induction"]).Induction


def test_a_partial_sum_bound_by_induction_on_its_bound():
    """sum_{j=1}^n 1/j^2 <= 2 - 1/n for n >= 1 (telescoping 1/j^2 <= 1/(j - 1) - 1/j): base 0 >= 0, step
    1/n - 1/(n + 1) - 1/(n + 1)^2 >= 0 for every real n >= 1."""
    node = INDUCTION("n", S, Signs(("map:n:shift", "together", "factor")))
    claim = sign_claim(2 - sp.Integer(1) / N - sp.Sum(1 / J ** 2, (J, 1, N)), "nonnegative", FROM_1)
    assert check(claim, Proof(node)).kernel_checked
    false = sign_claim(sp.Rational(16449, 10000) - sp.Sum(1 / J ** 2, (J, 1, N)), "nonnegative", FROM_1)
    verdict = check(false, Proof(node))
    assert not verdict.accepted and verdict.node == "induction/step/signs"   # pi^2/6 = 1.64493... > 1.6449
    strict = sign_claim(2 - sp.Integer(1) / N - sp.Sum(1 / J ** 2, (J, 1, N)), "positive", FROM_1)
    assert check(strict, Proof(node)).node == "induction/base/signs"   # 0 > 0 fails at n = 1, where it is false


def test_induction_refuses_what_its_step_does_not_cover():
    node = INDUCTION("n", S, S)
    moving = sign_claim(sp.Sum(N / J ** 2, (J, 1, N)), "nonnegative", FROM_1)   # the summand moves with n
    assert "does not gain one term" in check(moving, Proof(node)).reason
    real = sp.Symbol("x", positive=True)
    assert "integer symbol" in check(sign_claim(real, "positive", {real: sp.Interval(1, 2)}),
                                     Proof(INDUCTION("x", S, S))).reason
    one = sign_claim(sp.Sum(1 / J, (J, 1, N)), "positive", {N: sp.Interval(1, sp.Rational(3, 2))})
    assert "fewer than two" in check(one, Proof(node)).reason
    late = sign_claim(sp.Sum(1 / J, (J, 80, N)), "nonnegative", FROM_1)   # base sum over a reversed range (Karr)
    assert not check(late, Proof(node)).accepted
    assert not check(identity_claim(sp.Sum(J, (J, 1, N)), N * (N + 1) / 2, FROM_1), Proof(node)).accepted


def test_induction_review_findings_are_rejected():
    """Adversarial review (2026-12-06): m's own assumptions shaped the step below the interval's first value (SymPy
    wrote |(n + 1) - 2| as n - 1 for a positive n, false at n = 0), and an expanded step cancelled the poles of F."""
    from symdp.kernel import Cases
    n = sp.Symbol("n", integer=True, positive=True)
    F = n ** 2 - 4 * n + 2 - sp.Abs(n - 2)   # F(1) = F(2) = F(3) = -2
    both = Proof(INDUCTION("n", S, Cases((S, S))))
    assert not check(sign_claim(F, "nonnegative", {n: sp.Interval(0, sp.oo)}), both).accepted
    m, j = sp.Symbol("m", integer=True), sp.Symbol("j", integer=True)
    poles = sp.Sum(1 / (j - 2) - 1 / (j - 1), (j, 0, m)) + sp.Rational(1, 2) + 1 / (m - 1)   # 1/0 at m = 1
    verdict = check(sign_claim(poles, "nonnegative", {m: sp.Interval(0, 3)}), Proof(INDUCTION("m", S, S)))
    assert not verdict.accepted and "not shown defined" in verdict.reason


def test_a_sum_of_floats_is_not_read_by_its_rounded_value():
    big = sp.Float(1e20)
    assert not check(sign_claim(sp.Add(-big, -1, big, evaluate=False), "nonnegative", {}), Proof(S)).accepted
    y = sp.Symbol("y", real=True)
    drift = sp.Add(-big * y, y, big * y, evaluate=False)   # y < 0 on the domain
    assert not check(sign_claim(drift, "nonnegative", {y: sp.Interval(-2, -1)}), Proof(S)).accepted


# quotient: a goal as a numerator over a denominator --------------------------------------------------------

u = sp.Symbol("u", real=True)
ONE_THREE = {u: sp.Interval(1, 3)}
QUOTIENT = __import__("symdp.kernel", fromlist=["Quotient"]).Quotient


def _quotient(n, d, premises=(Signs(("factor",)), S)):
    return Proof(QUOTIENT(write(n), write(d), premises))


def test_a_ratio_has_its_numerators_sign_over_a_positive_denominator():
    """(u - 1)/(u + 2) + (u - 1)/(u + 5) >= 0 on [1, 3]: one fraction (u - 1)(2u + 7) / ((u + 2)(u + 5)), q = 1."""
    goal = (u - 1) / (u + 2) + (u - 1) / (u + 5)
    claim = sign_claim(goal, "nonnegative", ONE_THREE)
    verdict = check(claim, _quotient(sp.expand((u - 1) * (2 * u + 7)), sp.expand((u + 2) * (u + 5))))
    assert verdict.kernel_checked and "quotient" in verdict.rules
    scaled = check(claim, _quotient(sp.expand((u - 1) * (2 * u + 7)), 3 * sp.expand((u + 2) * (u + 5))))
    assert scaled.kernel_checked   # q = 3 > 0: a positive factor between the goal and N/D
    false = sign_claim(goal - sp.Rational(1, 10**6), "nonnegative", ONE_THREE)
    assert not check(false, _quotient(sp.expand((u - 1) * (2 * u + 7)), sp.expand((u + 2) * (u + 5)))).accepted


def test_a_quotient_node_is_rejected_when_tampered():
    goal = (u - 1) / (u + 2)
    claim = sign_claim(goal, "nonnegative", ONE_THREE)
    flipped = check(claim, _quotient(1 - u, -u - 2))   # q = 1, but D > 0 fails
    assert not flipped.accepted and flipped.node.startswith("quotient/part 0")   # N = 1 - u >= 0 fails first
    negative = check(claim, _quotient(1 - u, u + 2))   # q = -1: the goal has the opposite sign of N
    assert not negative.accepted and "not read > 0" in negative.reason
    other = check(claim, _quotient(u - 2, u + 2))      # q = (u - 1)/(u - 2) changes sign on [1, 3]
    assert not other.accepted and other.node == "quotient"
    zero = check(claim, _quotient(sp.Integer(0), u + 2))
    assert not zero.accepted and "numerator is 0" in zero.reason
    short = check(claim, _quotient(u - 1, u + 2, (S,)))
    assert "premises for 2" in short.reason
    identity = identity_claim(goal, goal, ONE_THREE)
    assert "identity" in check(identity, _quotient(u - 1, u + 2)).reason


def test_a_quotient_needs_the_goal_defined_as_written():
    """(u^2 - 1)/(u - 1) - 2 >= 0 on [1, 3] reads as u - 1 >= 0 over 1 once cancelled, but is not defined at u = 1
    (a removable singularity): rejected, whatever N and D say."""
    claim = sign_claim((u ** 2 - 1) / (u - 1) - 2, "nonnegative", ONE_THREE)
    verdict = check(claim, _quotient(u - 1, sp.Integer(1)))
    assert not verdict.accepted and "not shown defined" in verdict.reason


def test_the_quotient_node_matches_the_schema_and_round_trips():
    jsonschema = pytest.importorskip("jsonschema")
    proof = _quotient(u - 1, u + 2)
    text = json.loads(proof.dumps())
    jsonschema.validate(text, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert Proof.from_json(text) == proof
