"""Routes that split a claim into smaller true ones (issue 20): Piecewise conditions decided through logs,
sums split by symbol, min/max removed one atom at a time, and a sign read off a numerator and a denominator.

Each route is checked on a claim it must prove and on near misses it must never prove; the proved claims
are checked at random points in 60-digit arithmetic (an oracle the routes do not use).
"""
import random

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.model.replay import ReplayFailed
from symdp.engine.symbolic import conditions
from symdp.engine.run import decide
from symdp.engine import validated
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.symbolic.provers import prove_sign
from symdp.engine.model.status import Status
from symdp.engine.validated import fraction

eps, lam = sp.symbols("epsilon lambda", positive=True)
u, v, w, z = sp.symbols("u v w z", positive=True)
p1, p2, R = sp.symbols("p_1 p_2 R", positive=True)
POS4 = {s: sp.Interval.open(0, sp.oo) for s in (u, v, w, z)}
PRIORS = {p1: sp.Interval.open(0, 1), p2: sp.Interval.open(0, 1), eps: sp.Interval.open(0, 20),
          R: sp.Interval.open(0, 20)}
SQUARE = {lam: sp.Interval(sp.Rational(1, 10), 5), eps: sp.Interval(sp.Rational(1, 10), 5)}


def _attempts():
    return Attempts(budget=8.0, total=12.0)   # what `symdp certify` gives a claim


def _holds(expr, which, domain, n=40, seed=7):
    """The claim at n random points of the domain in 60-digit arithmetic (the oracle)."""
    rng, f = random.Random(seed), sp.lambdify(list(domain), expr, "mpmath")
    with mp.workdps(60):
        for _ in range(n):
            point = [_inside(domain[s], rng) for s in domain]
            value = f(*point)
            assert {"positive": value > 0, "nonnegative": value >= 0, "negative": value < 0,
                    "nonpositive": value <= 0}[which], (point, value)


def _inside(iv, rng):
    lo = float(iv.start)
    hi = float(iv.end) if iv.end.is_finite else lo + 50
    return mp.mpf(lo + (hi - lo) * (0.001 + 0.998 * rng.random()))


# --- Piecewise conditions through logs -------------------------------------------------------------

def test_a_condition_on_a_product_of_exponentials_is_decided_by_its_log():
    assert conditions.truth_of(sp.Ne(sp.exp(2 * eps) * sp.exp(2 * lam), 1)) is True
    assert conditions.truth_of(sp.Eq(sp.exp(2 * eps) * sp.exp(2 * lam), 1)) is False
    assert conditions.truth_of(sp.exp(eps) * sp.exp(-lam) > 1) is None   # eps - lam has no sign


def test_an_evaluated_integral_with_its_convergence_condition_is_proved_equal():
    """Pankova's "this is precise" (the main theorem attained): SymPy's integral carries the condition
    e^{2 eps} e^{2 lam} != 1, true for positive eps and lam."""
    ratio = sp.Piecewise((1 / (sp.exp(2 * eps) * sp.exp(2 * lam) - 1), sp.Ne(sp.exp(2 * eps) * sp.exp(2 * lam), 1)),
                         (sp.oo, True))
    out = decide.identity(1 / (1 + ratio), 1 - sp.exp(-2 * eps - 2 * lam), {}, "t", _attempts(), numeric=False)
    assert out.status is Status.PROVED, out
    wrong = decide.identity(1 / (1 + ratio), 1 - sp.exp(-2 * eps - lam), {}, "t", _attempts(), numeric=False)
    assert wrong.status is not Status.PROVED


# --- sums split by symbol ------------------------------------------------------------------------

UNION = (p1 / (p1 + (1 - p1) * sp.exp(-R * eps)) - p1) + (p2 / (p2 + (1 - p2) * sp.exp(-R * eps)) - p2)


def test_a_sum_of_two_signed_groups_is_proved():
    method = prove_sign(UNION, "nonnegative", PRIORS, _attempts())
    assert method, method
    _holds(UNION, "nonnegative", PRIORS)


@pytest.mark.parametrize("name, expr", [
    ("one group shifted", UNION - sp.Rational(1, 10**4)),
    ("one group reversed", (p1 / (p1 + (1 - p1) * sp.exp(R * eps)) - p1) + (p2 / (p2 + (1 - p2) * sp.exp(-R * eps)) - p2)),
])
def test_a_sum_with_a_negative_group_is_never_proved(name, expr):
    assert not prove_sign(expr, "nonnegative", PRIORS, Attempts())


# --- min and max -----------------------------------------------------------------------------------

OVERLAP = sp.Min(u * v, w * z) - sp.Min(u, w) * sp.Min(v, z)


def test_the_overlap_of_products_is_proved_atom_by_atom():
    method = prove_sign(OVERLAP, "nonnegative", POS4, _attempts())
    assert method and "min/max at the top" in method
    _holds(OVERLAP, "nonnegative", POS4)


@pytest.mark.parametrize("name, expr", [
    ("max instead of min", sp.Min(u * v, w * z) - sp.Max(u, w) * sp.Min(v, z)),
    ("shifted", OVERLAP - sp.Rational(1, 10**6)),
    ("second factor a max", sp.Min(u * v, w * z) - sp.Min(u, w) * sp.Max(v, z)),
    ("max below its argument", u - sp.Max(u, v)),
    ("max above the sum", sp.Max(u, v) - u - v),
    ("min of a sum", sp.Min(u, v) - u),
])
def test_min_max_near_misses_are_never_proved(name, expr):
    assert not prove_sign(expr, "nonnegative", POS4, Attempts())
    assert not prove_sign(-expr, "nonpositive", POS4, Attempts())


def test_a_max_whose_argument_may_be_negative_is_not_bounded_by_it():
    """max(u, -1) > 0, but the slope argument may only use values of the atom's own kind: -1 is not one."""
    expr = sp.Max(u, -1) * v - v / 2
    assert not prove_sign(expr, "nonnegative", POS4, Attempts())


# --- numerator and denominator ----------------------------------------------------------------------

SHELLS = ((1 - sp.exp(lam)) * sp.exp(eps - 2 * lam) / (1 - sp.exp(eps + lam))
          - lam * sp.exp(-2 * lam) / (eps * (1 + lam / eps)))


def test_a_ratio_of_exponentials_is_proved_on_its_numerator_and_denominator():
    """Pankova's reversed shell sum: every term carries e^{-2 lam}, and boxes on f stay open."""
    found = validated.prove(SHELLS, "nonnegative", SQUARE)
    assert found.proved and found.method.startswith("validated numerics on numerator and denominator")
    assert found.certificate.startswith(validated.FRACTION)
    assert validated.prove(SHELLS, "nonnegative", SQUARE, found.certificate).proved
    _holds(SHELLS, "nonnegative", SQUARE)


def test_a_fraction_certificate_of_another_claim_does_not_replay():
    found = validated.prove(SHELLS, "nonnegative", SQUARE)
    with pytest.raises(ReplayFailed):
        validated.prove(SHELLS - sp.Rational(1, 10), "nonnegative", SQUARE, found.certificate)


def test_the_shell_sum_just_below_its_minimum_is_not_proved():
    """The minimum is 8.6e-7 at lam = 5, eps = 1/10 (mpmath below): shifted by 1e-6 the claim is false."""
    with mp.workdps(30):
        low = sp.lambdify((lam, eps), SHELLS, "mpmath")(5, mp.mpf(1) / 10)
        assert mp.mpf("8.6e-7") < low < mp.mpf("8.7e-7")
    assert not validated.prove(SHELLS - sp.Rational(1, 10**6), "nonnegative", SQUARE).proved


def test_fraction_parts_drop_only_positive_factors():
    n, d, sign = fraction.parts(SHELLS)
    assert not n.has(sp.exp(-2 * lam)) and sign in (1, -1)
    assert fraction.claims("nonnegative", 1, "negative") == "nonpositive"
    assert fraction.claims("positive", -1, "negative") == "positive"
    assert fraction.parts(u + v) is None   # no denominator: nothing to split


# --- erfcinv of an argument inside (0, 2) is real ------------------------------------------------------

mu = sp.Symbol("mu", positive=True)
SLOPE = -sp.sqrt(2) * sp.exp(-(mu + sp.sqrt(2) * sp.erfcinv(2 - 2 / (sp.exp(eps) + 1))) ** 2 / 2) / (2 * sp.sqrt(sp.pi))


def test_the_gdp_slope_at_the_kink_is_negative():
    """d/dmu of G_mu at a* = 1/(1 + e^eps): a negative constant times exp of a real square."""
    domain = {eps: sp.Interval.open(0, sp.oo), mu: sp.Interval.open(0, sp.oo)}
    assert prove_sign(SLOPE, "negative", domain, _attempts())
    assert not prove_sign(SLOPE + sp.Rational(1, 10**6), "negative", domain, Attempts())


def test_erfcinv_outside_its_real_range_is_not_taken_real():
    domain = {eps: sp.Interval.open(0, sp.oo)}
    assert not prove_sign(sp.exp(sp.erfcinv(2 + eps) ** 2) - 1, "positive", domain, Attempts())


def test_a_split_whose_parts_share_a_variable_through_an_interval_is_not_tried():
    """Zhao's step bound t^2 - r_1/(w r_1 + (1 - w) r_2) >= 0 with r_i in [1/t, t]: t^2 and the ratio share t
    (the ratio's intervals depend on it), so no split is tried and the direct route keeps the whole budget."""
    t, r1, r2, w_ = sp.symbols("t r_1 r_2 w", positive=True)
    box = {t: sp.Interval.open(1, sp.oo), r1: sp.Interval(1 / t, t), r2: sp.Interval(1 / t, t),
           w_: sp.Interval.open(0, 1)}
    method = prove_sign(t**2 - r1 / (w_ * r1 + (1 - w_) * r2), "nonnegative", box, _attempts())
    assert method and not method.startswith("sum split")


def test_assumptions_are_not_used_on_a_domain_beyond_them():
    """u is declared positive; on a domain reaching below 0 neither a condition nor an atom's kind may be read
    from that declaration (min(u, 1) - u/2 >= 0 fails at u = -1)."""
    wide = {u: sp.Interval(-1, 1)}
    assert not prove_sign(sp.Min(u, 1) - u / 2, "nonnegative", wide, Attempts())
    out = decide.identity(sp.Piecewise((1, sp.Ne(sp.exp(u), 1)), (0, True)), sp.Integer(1), wide, "t", Attempts(),
                          numeric=False)
    assert out.status is not Status.PROVED
