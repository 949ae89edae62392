"""The kernel's ``signs`` rule (symdp/kernel/signs.py, docs/proof-format.md): a sign read off the goal's tree.

Oracle: each claim's truth is known by hand (the comment says why), and every true claim has a false twin that
differs in one place (an end of an interval, a constant, strictness, an exponent's parity): the twin must be
rejected, never accepted.  A ``signs`` node moved under a false claim, or given an unknown rewrite, is rejected.
"""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.kernel import Proof, Signs, check, identity_claim, sign_claim

x = sp.Symbol("x", real=True)
y = sp.Symbol("y", real=True)
eps, d = sp.symbols("epsilon delta", positive=True)
I, OPEN = sp.Interval, sp.Interval.open
POS = OPEN(0, sp.oo)

# (expression, which, domain, rewrites) that hold, each with its false twin
PAIRS = [
    # e^x + x^2 > 0 for real x (an exp and an even power)  |  e^x - 1 > 0 fails at x = -1
    ((sp.exp(x) + x**2, "positive", {x: I(-1, 1)}), (sp.exp(x) - 1, "positive", {x: I(-1, 1)})),
    # log(1 + eps) > 0 for eps > 0 (log a with a - 1 = eps > 0)  |  log(eps) > 0 fails at eps = 1/2
    ((sp.log(1 + eps), "positive", {eps: POS}), (sp.log(eps), "positive", {eps: POS})),
    # (x - 1)^2 >= 0  |  > 0 fails at x = 1
    (((x - 1)**2, "nonnegative", {x: I(-1, 1)}), ((x - 1)**2, "positive", {x: I(-1, 1)})),
    # 1/x > 0 on (0, 1]  |  on [0, 1] the claim is undefined at 0
    ((1 / x, "positive", {x: I.Lopen(0, 1)}), (1 / x, "positive", {x: I(0, 1)})),
    # x^3 <= 0 on [-2, 0]  |  x^3 <= 0 fails on [-2, 1] at x = 1
    ((x**3, "nonpositive", {x: I(-2, 0)}), (x**3, "nonpositive", {x: I(-2, 1)})),
    # sqrt(x) >= 0 on [0, 4]  |  sqrt(x - 5) on [0, 1] is not real
    ((sp.sqrt(x), "nonnegative", {x: I(0, 4)}), (sp.sqrt(x - 5), "nonnegative", {x: I(0, 1)})),
    # Max(x, 1) > 0  |  Min(x, 1) > 0 fails at x = -1
    ((sp.Max(x, 1), "positive", {x: I(-1, 1)}), (sp.Min(x, 1), "positive", {x: I(-1, 1)})),
    # erf(eps) > 0, tanh(eps) > 0  |  erf(x) > 0 fails at x = -1
    ((sp.erf(eps) * sp.tanh(eps), "positive", {eps: POS}), (sp.erf(x), "positive", {x: I(-1, 1)})),
    # -(eps^2 + 1) < 0  |  -(eps^2 - 1) < 0 fails at eps = 1/2
    ((-eps**2 - 1, "negative", {eps: POS}), (1 - eps**2, "negative", {eps: POS})),
    # |x - y| e^(-x) >= 0  |  > 0 fails at x = y
    ((sp.Abs(x - y) * sp.exp(-x), "nonnegative", {x: I(0, 1), y: I(0, 1)}),
     (sp.Abs(x - y) * sp.exp(-x), "positive", {x: I(0, 1), y: I(0, 1)})),
    # delta / eps^2 > 0  |  (delta - 1) / eps^2 >= 0 fails at delta = 1/2
    ((d * eps**-2, "positive", {d: POS, eps: POS}), ((d - 1) * eps**-2, "nonnegative", {d: POS, eps: POS})),
]


@pytest.mark.parametrize("true, false", PAIRS, ids=[str(t[0]) for t, _ in PAIRS])
def test_a_sign_the_tree_shows_is_accepted_and_its_false_twin_is_not(true, false):
    verdict = check(sign_claim(*true), Proof(Signs(())))
    assert verdict.accepted and verdict.kernel_checked and verdict.rules == ("signs",), verdict.describe()
    twin = check(sign_claim(*false), Proof(Signs(())))
    assert not twin.accepted and twin.node == "signs", twin.describe()


def test_rewrites_run_first_and_must_be_known():
    # (x + 1)^2 - x^2 - 2x = 1 > 0 once expanded; as written the tree shows no sign
    claim = sign_claim((x + 1)**2 - x**2 - 2 * x, "positive", {x: I(-3, 3)})
    assert not check(claim, Proof(Signs(()))).accepted
    assert check(claim, Proof(Signs(("expand",)))).kernel_checked
    v = check(claim, Proof(Signs(("simplify",))))
    assert not v.accepted and "unknown rewrite" in v.reason


def test_a_signs_node_proves_no_identity_and_no_false_claim_under_it():
    assert not check(identity_claim(x, x), Proof(Signs(()))).accepted
    # the proof of e^x + x^2 > 0 moved under e^x + x^2 - 1 > 0 (false at x = 0)
    assert not check(sign_claim(sp.exp(x) + x**2 - 1, "positive", {x: I(-1, 1)}), Proof(Signs(()))).accepted


def test_assumptions_count_where_no_interval_is_given():
    assert check(sign_claim(eps * d + eps, "positive", {}), Proof(Signs(()))).kernel_checked
    assert not check(sign_claim(x + 1, "positive", {}), Proof(Signs(()))).accepted   # x real, no interval


t = sp.Symbol("t", real=True)
lam, p0 = sp.symbols("lambda p_0", positive=True)
p1 = sp.Symbol("p_1", real=True)

# Format 3: a sum read as a pair (exp's logs, one increasing function) or between the ends of an affine symbol;
# each true claim with a false twin that differs in one place
PAIRS_3 = [
    # e^eps - 1 > 0 for eps > 0 (exp increasing, 1 = e^0)  |  on eps > -1 it fails at eps = -1/2
    ((sp.exp(eps) - 1, "positive", {eps: POS}), (sp.exp(x) - 1, "positive", {x: OPEN(-1, sp.oo)})),
    # 2 e^x - 2 t^2 - 2 > 0 for x > log(t^2 + 1): the exp against the rest, at x's end the logs cancel  |  x >= 0
    ((2 * sp.exp(x) - 2 * t**2 - 2, "positive", {t: I(-1, 1), x: OPEN(sp.log(t**2 + 1), sp.oo)}),
     (2 * sp.exp(x) - 2 * t**2 - 2, "positive", {t: I(-1, 1), x: OPEN(0, sp.oo)})),
    # e^(2 eps) >= e^(eps s1) e^(-eps s2) for s1, s2 in [-1, 1] (powsimp, then ends in s1, s2)  |  > fails at s1=1, s2=-1
    ((sp.exp(2 * eps) - sp.exp(eps * x) * sp.exp(-eps * y), "nonnegative", {eps: POS, x: I(-1, 1), y: I(-1, 1)}),
     (sp.exp(2 * eps) - sp.exp(eps * x) * sp.exp(-eps * y), "positive", {eps: POS, x: I(-1, 1), y: I(-1, 1)})),
    # log(1 + eps) - log(eps) > 0 (log increasing)  |  log(eps) - log(1 + eps) > 0 is false everywhere
    ((sp.log(1 + eps) - sp.log(eps), "positive", {eps: POS}), (sp.log(eps) - sp.log(1 + eps), "positive", {eps: POS})),
    # tanh(eps + 1) - tanh(eps) > 0  |  tanh(x) - tanh(1) > 0 fails at x = 0
    ((sp.tanh(eps + 1) - sp.tanh(eps), "positive", {eps: POS}), (sp.tanh(x) - sp.tanh(1), "positive", {x: I(0, 2)})),
    # (1 - x) > 0 on [0, 1): its ends 1 and 0 (open)  |  on [0, 1] it is 0 at x = 1
    ((1 - x, "positive", {x: I.Ropen(0, 1)}), (1 - x, "positive", {x: I(0, 1)})),
    # p_1 - lambda p_0 >= 0 for p_1 >= lambda p_0 (slope 1 towards +oo)  |  p_1 > lambda p_0 fails at the included end
    ((p1 - lam * p0, "nonnegative", {lam: POS, p0: POS, p1: I(lam * p0, sp.oo)}),
     (p1 - lam * p0, "positive", {lam: POS, p0: POS, p1: I(lam * p0, sp.oo)})),
    # 1 - y (1/2 - x) - x >= 0 up to y's upper end, where it is 0  |  with y up to twice that end it fails
    ((1 - y * (sp.Rational(1, 2) - x) - x, "nonnegative",
      {x: OPEN(0, sp.Rational(1, 2)), y: I.Lopen(0, (1 - x) / (sp.Rational(1, 2) - x))}),
     (1 - y * (sp.Rational(1, 2) - x) - x, "nonnegative",
      {x: OPEN(0, sp.Rational(1, 2)), y: I.Lopen(0, 2 * (1 - x) / (sp.Rational(1, 2) - x))})),
]


@pytest.mark.parametrize("true, false", PAIRS_3, ids=[str(t[0]) for t, _ in PAIRS_3])
def test_a_sum_read_as_a_pair_or_between_its_ends_and_its_false_twin(true, false):
    for rewrites in ((), ("powsimp",), ("together",)):
        verdict = check(sign_claim(*true), Proof(Signs(rewrites)))
        if verdict.accepted:
            break
    assert verdict.kernel_checked, verdict.describe()
    for rewrites in ((), ("powsimp",), ("expand",), ("together",)):
        twin = check(sign_claim(*false), Proof(Signs(rewrites)))
        assert not twin.accepted, (rewrites, twin.describe())


def test_ends_need_a_symbol_no_other_interval_mentions():
    # x - y >= 0 with y in [0, x] is true, but y's interval mentions x: x's ends may not be read while y depends on x
    claim = sign_claim(x - y, "nonnegative", {x: I(0, 1), y: I(0, x)})
    assert check(claim, Proof(Signs(()))).accepted            # y's ends: x - x = 0 and x - 0 = x >= 0
    wrong = sign_claim(y - x, "nonnegative", {x: I(0, 1), y: I(0, x)})
    assert not check(wrong, Proof(Signs(()))).accepted


def test_a_coefficient_of_unknown_sign_reads_no_pair():
    # c log(a) - c log(b) with c of either sign: no reading (x (log 2 - log 1) < 0 at x = -1)
    claim = sign_claim(x * sp.log(2) - x * sp.log(1 + eps), "positive", {x: I(-1, 1), eps: OPEN(0, 1)})
    assert not check(claim, Proof(Signs(()))).accepted
    assert not check(sign_claim(-sp.log(2) + sp.log(x), "positive", {x: I(-1, 3)}), Proof(Signs(()))).accepted


# A constant the table cannot read (a sum of mixed signs) is read by its ball; the twins differ in one constant.
CONSTANTS = [
    # e^-1 + e/4 - 1 = 0.0475... > 0  |  e^-1 + e/4 - 11/10 = -0.052... < 0
    ((sp.exp(-1) + sp.E / 4 - 1, "positive"), (sp.exp(-1) + sp.E / 4 - sp.Rational(11, 10), "positive")),
    # pi - 3 - 1/10 = 0.0416 > 0  |  pi - 3 - 1/7 = -0.0013 < 0 (22/7 exceeds pi)
    ((sp.pi - 3 - sp.Rational(1, 10), "positive"), (sp.pi - 3 - sp.Rational(1, 7), "positive")),
    # log(3) - 1 = 0.0986 >= 0  |  log(2) - 7/10 = -0.0069 < 0
    ((sp.log(3) - 1, "nonnegative"), (sp.log(2) - sp.Rational(7, 10), "nonnegative")),
]


@pytest.mark.parametrize("true, false", CONSTANTS, ids=[str(t[0]) for t, _ in CONSTANTS])
def test_a_constant_is_read_by_its_ball_and_its_false_twin_is_not(true, false):
    assert check(sign_claim(true[0], true[1], {}), Proof(Signs(()))).kernel_checked
    twin = check(sign_claim(false[0], false[1], {}), Proof(Signs(())))
    assert not twin.accepted and "read: < 0" in twin.reason, twin.describe()


def test_factor_shows_a_sign_the_expanded_tree_hides():
    # Liu et al.'s Proposition 2: e^eps - 2 + e^-eps = (e^eps - 1)^2 e^-eps >= 0, and 4(a - 1)^2 e^-eps - e^-eps
    # = (2a - 1)(2a - 3) e^-eps < 0 on 1/2 < a < 1; twins: > 0 fails at eps -> 0, and the second on 0 < a < 1
    a = sp.Symbol("a", real=True)
    square = sp.exp(eps) - 2 + sp.exp(-eps)
    assert not check(sign_claim(square, "nonnegative", {eps: POS}), Proof(Signs(()))).accepted
    assert check(sign_claim(square, "nonnegative", {eps: POS}), Proof(Signs(("factor",)))).kernel_checked
    product = 4 * (a - 1)**2 * sp.exp(-eps) - sp.exp(-eps)
    assert check(sign_claim(product, "negative", {a: OPEN(sp.Rational(1, 2), 1), eps: POS}),
                 Proof(Signs(("factor",)))).kernel_checked
    assert not check(sign_claim(product, "negative", {a: OPEN(0, 1), eps: POS}), Proof(Signs(("factor",)))).accepted
    assert not check(sign_claim(sp.exp(eps) - 2 + sp.exp(-eps), "positive", {eps: I(0, sp.oo)}),
                     Proof(Signs(("factor",)))).accepted
