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
