"""Three routes of issue 20's last catalogue claims: a square root removed by squaring (Bretagnolle-Huber's
Cauchy-Schwarz step), positive factors pulled out of max(., 0) (Theorem 8 of the TVD paper: the unchanged
block's TV), and a difference g(A) - g(B) enclosed by its mean-value form (the Laplace posterior of a normal
prior).  Each must prove (or enclose) its claim and never prove a near miss; the oracles are 60-digit mpmath
values at random points, which the routes do not use.
"""
import random
from fractions import Fraction

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine.enclose.arb import ArbFn
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.symbolic.provers import prove_sign
from symdp.engine.model.status import Status
from symdp.engine.validated.rules import _ball
from symdp.special import Phi

p, q = sp.symbols("p q", positive=True)
r = sp.Symbol("r", nonnegative=True)
eps, y = sp.symbols("epsilon y", positive=True)
UNIT = sp.Interval.open(0, 1)
BC = sp.sqrt(p * q) + sp.sqrt((1 - p) * (1 - q))
BH = 1 - (p - q) ** 2 - BC**2


def _attempts(budget: float = 8.0):
    return Attempts(budget=budget, total=1.5 * budget)   # 8 s: what `symdp certify` gives a claim


# --- squaring ----------------------------------------------------------------------------------------

def test_the_bhattacharyya_bound_is_proved_by_squaring():
    # the route's reach, not its speed: the search takes 9-10 s on the slow two-core machine of 2026-12-07, past
    # certify's 8 s (its certificate keeps the proof); the near misses below keep certify's budget
    method = prove_sign(BH, "nonnegative", {p: UNIT, q: UNIT}, _attempts(60.0))
    assert method and method.startswith("squared")
    f = sp.lambdify((p, q), BH, "mpmath")
    rng = random.Random(3)
    with mp.workdps(60):
        assert all(f(mp.mpf(rng.random()), mp.mpf(rng.random())) >= 0 for _ in range(200))


@pytest.mark.parametrize("near_miss, which", [
    (BH - sp.Rational(1, 10**6), "nonnegative"),                       # false on the diagonal p = q
    (BH, "positive"),                                                  # 0 on the diagonal
    (1 - (p - q) ** 2 - BC**2 * sp.Rational(1000001, 1000000), "nonnegative"),
    (sp.sqrt(p) - p, "nonnegative"),                                   # false above p = 1 ...
])
def test_squaring_never_proves_a_near_miss(near_miss, which):
    domain = {p: UNIT, q: UNIT} if near_miss.has(q) else {p: sp.Interval.open(0, 2)}
    assert prove_sign(near_miss, which, domain, _attempts()) is None


def test_squaring_needs_real_roots():
    """sqrt(p - 2) is imaginary on (0, 1), where A^2 - S^2 = 1 - (p - 2) > 0 would otherwise "prove" 1 - sqrt(p - 2)
    >= 0 for a complex number: the radicand must be proved nonnegative first."""
    claim = 1 - sp.sqrt(p - 2)
    assert prove_sign(claim, "nonnegative", {p: UNIT}, _attempts()) is None


# --- positive factors out of max(., 0) ---------------------------------------------------------------

def _tv(P, Q):
    return sum(sp.Max(P.get(k, 0) - Q.get(k, 0), 0) for k in set(P) | set(Q))


def _prod(P, Q):
    return {(i, j): P[i] * Q[j] for i in P for j in Q}


P, Q, R = {0: p, 1: 1 - p}, {0: q, 1: 1 - q}, {0: r, 1: 1 - r}


def test_an_unchanged_block_leaves_the_tv_unchanged():
    out = decide.identity(_tv(_prod(P, R), _prod(Q, R)), _tv(P, Q), {p: UNIT, q: UNIT, r: UNIT}, "k",
                          _attempts(), numeric=False)
    assert out.status is Status.PROVED and "max/min" in out.method


@pytest.mark.parametrize("rhs", [_tv(P, Q) * (1 + sp.Rational(1, 10**9)), _tv(P, Q) + r / 10**6,
                                 _tv(P, Q) + sp.Max(p - r, 0) / 10**6])
def test_pulled_factors_never_prove_a_near_miss(rhs):
    out = decide.identity(_tv(_prod(P, R), _prod(Q, R)), rhs, {p: UNIT, q: UNIT, r: UNIT}, "k",
                          _attempts(), numeric=False)
    assert out.status is not Status.PROVED


# --- mean-value form of a difference -----------------------------------------------------------------

DIFFERENCES = [
    Phi(2 * eps + sp.Rational(3, 4)) - Phi(2 * eps + sp.Min(sp.Rational(3, 4), sp.Max(-sp.Rational(1, 4), y))),
    (Phi(3 * eps - y) - Phi(eps)) * sp.exp(2 * eps * y),
    sp.exp(-eps) - sp.exp(-2 * eps) + sp.erf(y) - sp.erf(eps * y),
    3 * sp.erfc(eps) - 3 * sp.erfc(y + eps),
]


@pytest.mark.parametrize("expr", DIFFERENCES)
def test_a_difference_of_one_function_is_enclosed(expr):
    """Every value at 60 random points of random boxes lies in the box's enclosure (mpmath at 60 digits)."""
    fn, rng = ArbFn(expr, (eps, y)), random.Random(11)
    f = sp.lambdify((eps, y), expr, modules=[{"Phi": mp.ncdf}, "mpmath"])
    for _ in range(30):
        e0, y0 = Fraction(rng.randint(1, 300), 100), Fraction(rng.randint(-300, 300), 100)
        w = Fraction(1, rng.choice((4, 16, 256)))
        ball = fn({eps: _ball(e0, e0 + w), y: _ball(y0, y0 + w)}, 128)
        assert ball.is_finite()
        with mp.workdps(60):
            for _ in range(2):
                a, b = e0 + w * Fraction(rng.random()), y0 + w * Fraction(rng.random())
                v = f(mp.mpf(a.numerator) / a.denominator, mp.mpf(b.numerator) / b.denominator)
                assert ball.lower() <= v <= ball.upper() or abs(v) < mp.mpf(10) ** -50 and ball.contains(0)


def test_a_difference_that_is_exactly_zero_on_the_box_encloses_to_zero():
    """y above 3/4: both Phi arguments are 2 eps + 3/4, so the term times e^{2 eps y} is 0, not a wide ball."""
    expr = DIFFERENCES[0] * sp.exp(2 * eps**2 + 2 * eps * y)
    ball = ArbFn(expr, (eps, y))({eps: _ball(Fraction(2), Fraction(129, 64)), y: _ball(Fraction(1), Fraction(65, 64))},
                                 128)
    assert ball.is_zero()


# --- one expression at two points ------------------------------------------------------------------

def _fbeta_gap(shift=0):
    from symdp.adversary import closed_forms
    from symdp.symbols import eps as e
    a = sp.Symbol("a", positive=True)
    return closed_forms.fbeta_star() - closed_forms.fbeta_star(e=a * e) - shift, a


def _full(domain, expr):
    from symdp.engine.model import domain as dom
    return dom.complete(domain, expr.free_symbols)


def test_f_beta_at_a_smaller_epsilon_is_smaller():
    """Liu et al. Sec. 4.2: F*_beta(a eps) <= F*_beta(eps) for a in (0, 1] (the bounded-DP worst pair)."""
    gap, a = _fbeta_gap()
    method = prove_sign(gap, "nonnegative", _full({a: sp.Interval.Lopen(0, 1)}, gap), _attempts())
    assert method and method.startswith("G(epsilon) - G(a*epsilon)")


def test_one_expression_at_two_points_never_proves_a_near_miss():
    gap, a = _fbeta_gap()
    assert prove_sign(gap, "nonnegative", _full({a: sp.Interval.Lopen(0, sp.Rational(1000001, 1000000))}, gap),
                      _attempts()) is None                  # a eps may pass eps
    shifted, a = _fbeta_gap(sp.Rational(1, 10**9))
    assert prove_sign(shifted, "nonnegative", _full({a: sp.Interval.Lopen(0, 1)}, shifted), _attempts()) is None
    x = sp.Symbol("x", positive=True)
    pole = -1 / (x - 1) + 1 / (x / 2 - 1)                   # rises on both sides of x = 1, jumps down there
    assert prove_sign(pole, "nonnegative", {x: sp.Interval.open(0, 4)}, _attempts()) is None
