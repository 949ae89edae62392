"""The leaf rule ``vertex`` (symdp/kernel/chain.py): F monotone along every coordinate on a leaf is least at the vertex
its derivatives point to; that value has the claimed sign by its ball, or is an exact 0 at a vertex of the unit box
(for a strict claim only where a strictly monotone coordinate reaches it at an open end).  The search's rule ``V``
(symdp/engine/validated/rules.py), which Pankova et al.'s shell claims use: each accepted proof has a false twin the
same proof must not prove."""
from __future__ import annotations

from fractions import Fraction as F

import sympy as sp
from symdp.kernel import Boxes, Chart, Leaf, Proof, check, sign_claim

x, y = sp.symbols("x y", real=True)
UNIT = ((F(0), F(1)), (F(0), F(1)))


def _one_leaf(names=("x", "y"), box=UNIT):
    return Proof(Chart(names, ("affine",) * len(names), Boxes(128, (Leaf(box, "vertex"),))))


def test_a_claim_rising_in_both_coordinates_is_least_at_its_lower_corner():
    square = {x: sp.Interval(0, 1), y: sp.Interval(0, 1)}
    verdict = check(sign_claim(x * y + x + 2 * y + sp.Rational(1, 10), "positive", square), _one_leaf())
    assert verdict.kernel_checked and "boxes:vertex" in verdict.rules
    false = check(sign_claim(x * y + x + 2 * y - sp.Rational(1, 10**6), "nonnegative", square), _one_leaf())
    assert not false.accepted and "vertex" in false.reason


def test_a_falling_coordinate_points_to_its_upper_end():
    square = {x: sp.Interval(0, 1), y: sp.Interval(0, 1)}
    falling = 2 - x - (y + 1) ** 2 / 4
    assert check(sign_claim(falling, "nonnegative", square), _one_leaf()).kernel_checked   # 0 at (1, 1)
    assert not check(sign_claim(falling, "positive", square), _one_leaf()).accepted        # false there


def test_an_exact_zero_at_a_corner_proves_a_strict_claim_only_at_an_open_end():
    closed = {x: sp.Interval(0, 1), y: sp.Interval(0, 1)}
    opened = {x: sp.Interval.Lopen(0, 1), y: sp.Interval(0, 1)}
    assert check(sign_claim(x + y, "nonnegative", closed), _one_leaf()).kernel_checked
    assert not check(sign_claim(x + y, "positive", closed), _one_leaf()).accepted   # 0 at (0, 0), a point of it
    assert check(sign_claim(x + y, "positive", opened), _one_leaf()).kernel_checked  # x > 0 lifts every point


def test_a_derivative_of_both_signs_on_the_leaf_is_rejected():
    square = {x: sp.Interval(0, 1), y: sp.Interval(0, 1)}
    verdict = check(sign_claim((x - sp.Rational(1, 2)) ** 2 + y + 1, "positive", square), _one_leaf())
    assert not verdict.accepted and "no one sign" in verdict.reason   # true, but not monotone in x on the leaf


def test_a_claim_undefined_on_its_domain_is_never_proved():
    """log(-1 - 2x) - log(-1 - x) on [0, 1] takes logs of negative numbers everywhere, but its derivative
    2/(1 + 2x) - 1/(1 + x) is finite and positive, and SymPy writes its value at 0 as log(-1) - log(-1) = 0.  The
    review of the vertex rule found it accepted (the difference of logs enclosed by its mean-value form, whose
    slope 1/z is finite where log is not defined); every leaf rule now rejects it."""
    goal = sp.log(-1 - 2 * x) - sp.log(-1 - x)
    for rule in ("vertex", "chain:lower:0:1", "chain:lower:0:2", "enclosure", "mean-value"):
        leaves = tuple(Leaf(((F(k, 4), F(k + 1, 4)),), rule) for k in range(4))
        proof = Proof(Chart(("x",), ("affine",), Boxes(128, leaves)))
        for interval in (sp.Interval(0, 1), sp.Interval.Lopen(0, 1)):
            assert not check(sign_claim(goal, "nonnegative", {x: interval}), proof).accepted, rule
    legit = tuple(Leaf(((F(k, 4), F(k + 1, 4)),), "enclosure") for k in range(4))
    assert check(sign_claim(sp.log(2 + 2 * x) - sp.log(1 + x), "positive", {x: sp.Interval(0, 1)}),
                 Proof(Chart(("x",), ("affine",), Boxes(128, legit)))).kernel_checked   # log 2, a difference
