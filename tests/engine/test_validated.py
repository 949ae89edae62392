"""Validated numerics (symdp.engine.validated): tight claims PROVED, near misses REFUTED by enclosures.

Near-miss false claims are the true ones shifted by 1e-6 near the touching
point, or with the domain widened past where they hold; each must be REFUTED
with an arb-certified witness, and the witness is re-checked against an
independent 300-digit mpmath evaluation.
"""
import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.model.replay import ReplayFailed
from symdp.engine.run import decide
from symdp.engine import validated
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status
from symdp.engine.validated import search

x = sp.Symbol("x", positive=True)
y = sp.Symbol("y", positive=True)
POS = {x: sp.Interval.open(0, sp.oo)}
NONNEG = {x: sp.Interval(0, sp.oo)}
TINY = sp.Rational(1, 10**6)

TRUE = [
    ("log(1+x) <= x", x - sp.log(1 + x), "nonnegative", NONNEG),
    ("tanh(e/2) <= e/2", x / 2 - sp.tanh(x / 2), "nonnegative", NONNEG),
    ("tanh(e/2) < e/2", sp.tanh(x / 2) - x / 2, "negative", POS),
    ("e^x >= 1 + x + x^2/2", sp.exp(x) - 1 - x - x**2 / 2, "nonnegative", NONNEG),
    ("Zhao: 1/2 - 1/(e^x+1) > x/6", sp.Rational(1, 2) - 1 / (sp.exp(x) + 1) - x / 6, "positive",
     {x: sp.Interval.open(0, sp.Rational(5, 2))}),
    ("log(1+x) >= x/(1+x)", sp.log(1 + x) - x / (1 + x), "nonnegative", NONNEG),
    ("tanh(e/2) >= e/2 - e^3/24", sp.tanh(x / 2) - x / 2 + x**3 / 24, "nonnegative", NONNEG),
    ("dependent end: y <= x on 0 < y <= x", x - y, "nonnegative",
     {x: sp.Interval.open(0, 3), y: sp.Interval(0, x)}),
]

FALSE = [
    ("log(1+x) <= x - 1e-6", x - sp.log(1 + x) - TINY, "nonnegative", NONNEG),
    ("tanh(e/2) <= e/2 - 1e-6 e^3", x / 2 - sp.tanh(x / 2) - TINY * x**3, "nonnegative", NONNEG),
    ("e^x >= 1 + x + x^2/2 + 1e-6 x^2", sp.exp(x) - 1 - x - x**2 / 2 - TINY * x**2, "nonnegative", NONNEG),
    ("Zhao widened to (0, 3)", sp.Rational(1, 2) - 1 / (sp.exp(x) + 1) - x / 6, "positive",
     {x: sp.Interval.open(0, 3)}),
    ("Zhao shifted by 1e-6 at its zero", sp.Rational(1, 2) - 1 / (sp.exp(x) + 1) - x / 6 - TINY, "positive",
     {x: sp.Interval.open(0, sp.Rational(5, 2))}),
    ("thin dip at x = 1", (x - 1) ** 2 + sp.Rational(1, 10**12) - TINY * sp.exp(-(x - 1) ** 2 * 10**8), "positive",
     {x: sp.Interval(0, 2)}),
]


@pytest.mark.parametrize("name, expr, which, domain", TRUE, ids=[t[0] for t in TRUE])
def test_tight_true_claims_are_proved(name, expr, which, domain):
    out = decide.sign(expr, which, domain, "k", Attempts(total=0.0))
    assert out.status is Status.PROVED, out.detail
    assert out.method.startswith("validated numerics: ") and out.method.endswith(" bits")


@pytest.mark.parametrize("name, expr, which, domain", FALSE, ids=[t[0] for t in FALSE])
def test_near_misses_are_refuted_with_an_enclosure(name, expr, which, domain):
    out = decide.sign(expr, which, domain, "k", Attempts(total=0.0))
    assert out.status is Status.REFUTED, out.detail
    assert "certified: arb enclosure [" in out.detail
    point = {sp.Symbol(k, positive=True): v for k, v in out.witness.point}
    with mp.workdps(300):
        value = sp.lambdify(tuple(point), expr, "mpmath")(*(mp.mpf(v) for v in point.values()))
        assert (value < 0) if which in ("positive", "nonnegative") else (value > 0)


def test_the_box_log_replays_and_a_forged_one_fails():
    expr, which, domain = sp.Rational(1, 2) - 1 / (sp.exp(x) + 1) - x / 6, "positive", TRUE[4][3]
    found = validated.prove(expr, which, domain)
    assert found.proved and found.certificate
    again = validated.prove(expr, which, domain, recorded=found.certificate)
    assert again.method == found.method
    bits, rules = search.decode(found.certificate)
    forged = search.encode(["0"], ["E"])
    with pytest.raises(ReplayFailed):
        validated.prove(expr, which, domain, recorded=forged)
    assert len(bits) == len(rules) * 2 - 1


def test_budget_counts_boxes_not_seconds():
    """The same claim gives the same outcome and box count however often it runs."""
    expr = (1 - sp.exp(-x)) - sp.tanh(x / 2)
    first, second = (validated.prove(expr, "positive", POS) for _ in range(2))
    assert (first.proved, first.note, first.candidates) == (second.proved, second.note, second.candidates)


def test_integer_symbols_are_left_to_sampling():
    k = sp.Symbol("k", integer=True, positive=True)
    found = validated.prove(k - sp.Rational(1, 2), "positive", {k: sp.Interval(1, sp.oo)})
    assert not found.proved and "integer" in found.note


def test_unenclosable_expression_is_not_proved():
    found = validated.prove(sp.Integral(sp.exp(-y * x), (y, 0, 1)), "positive", POS)
    assert not found.proved and "not applicable" in found.note
    opaque = validated.prove(sp.Function("g")(x), "positive", POS)
    assert not opaque.proved and "no ball-arithmetic enclosure" in opaque.note


def test_false_claim_never_proved_at_the_open_end():
    """r > 0 is true on (0, 1], false on [0, 1] at 0 (the face value is exactly 0)."""
    r = sp.Symbol("r", real=True)
    assert validated.prove(r * (2 - r), "positive", {r: sp.Interval.Lopen(0, 1)}).proved
    assert not validated.prove(r * (2 - r), "positive", {r: sp.Interval(0, 1)}).proved
    closed = decide.sign(r * (2 - r), "positive", {r: sp.Interval(0, 1)}, "k", Attempts(total=0.0))
    assert closed.status is Status.REFUTED


def test_the_issue_tanh_claim_is_proved_through_the_exponential_chart():
    """(1 - e^-eps) - tanh(eps/2) > 0: both terms tend to 1; in w = e^(-eps/2) the gap is w^2 (1 - w^2)/(1 + w^2)."""
    out = decide.sign((1 - sp.exp(-x)) - sp.tanh(x / 2), "positive", POS, "k", Attempts(total=0.0))
    assert out.status is Status.PROVED and "exponential chart at infinity" in out.detail
    near_miss = (1 - sp.exp(-x)) - sp.tanh(x / 2) - TINY * sp.exp(-x)
    refuted = decide.sign(near_miss, "positive", POS, "k", Attempts(total=0.0))
    assert refuted.status is Status.REFUTED and "certified: arb enclosure [" in refuted.detail


R = sp.Symbol("r", real=True)
HALF = sp.Rational(1, 2)
NONSMOOTH_FALSE = [   # each false at a point checked by hand
    ("floor: floor(r) >= r - 1/2 on [0, 2] (r = 0.9: -0.4)", sp.floor(R) - R + HALF, {R: sp.Interval(0, 2)}),
    ("jump: x then x - 1 at 1, minus x + 1/2 (r = 1.5: -0.5)",
     sp.Piecewise((R, R < 1), (R - 1, True)) - R + HALF, {R: sp.Interval(0, 2)}),
    ("jump up: 1 - r then 2 - r at 1, minus 1/2 (r = 0.9: -0.4)",
     sp.Piecewise((1 - R, R < 1), (2 - R, True)) - HALF, {R: sp.Interval(HALF, 3 * HALF)}),
    ("kink: 3 max(r - 1, 0) - r + 1/2 (r = 1: -0.5)", 3 * sp.Max(R - 1, 0) - R + HALF, {R: sp.Interval(0, 2)}),
]


@pytest.mark.parametrize("name, expr, domain", NONSMOOTH_FALSE, ids=[t[0] for t in NONSMOOTH_FALSE])
def test_derivative_rules_never_cross_a_jump_or_a_kink(name, expr, domain):
    """Regression: SymPy differentiates a Piecewise piece by piece (and floor to a Derivative), so the Taylor
    chains and the mean-value form once proved these false claims; f must be smooth for them to apply."""
    assert not validated.prove(expr, "nonnegative", domain).proved
    assert decide.sign(expr, "nonnegative", domain, "k", Attempts(total=0.0)).status is not Status.PROVED


def test_mean_value_form_closes_what_enclosures_leave_open():
    """(x - 1)^2 + 1/10 > 0 near its minimum, where x^2 - 2x + 11/10 as written suffers the
    dependency problem (x^2 and -2x enclosed independently); the mean-value form is second-order tight there."""
    expr = x**2 - 2 * x + sp.Rational(11, 10)
    p, _ = validated.problem(expr, "positive", {x: sp.Interval(0, 2)})
    from fractions import Fraction
    box = ((Fraction(1, 2) - Fraction(1, 16), Fraction(1, 2) + Fraction(1, 16)),)   # x in [0.875, 1.125]
    assert not p.check("E", box) and p.check("M", box)


def test_a_dependent_end_is_charted_as_the_finite_end_it_is():
    """g in [-D, D] with D > 0: the chart once took -D as infinite (SymPy's is_finite is None for a symbol) and
    searched the whole line, where eps (1 - |g|/D) >= 0 is false."""
    d, g = sp.Symbol("D", positive=True), sp.Symbol("g", real=True)
    c = validated.chart({d: sp.Interval.open(0, sp.oo), g: sp.Interval(-d, d)})
    u0, u1 = c.coords
    assert c.infinite[1] == (False, False)
    assert sp.simplify(c.forward[g].subs(u1, 0) + c.forward[d]) == 0
    assert sp.simplify(c.forward[g].subs(u1, 1) - c.forward[d]) == 0
