"""Sign claims with kinks (|.|, max, min, two-piece Piecewise) proved case by case (engine/symbolic/cases.py), and each
nudged into a false one never PROVED.

The oracle of truth is the mathematics stated beside each claim (triangle inequalities, the Laplace privacy
loss bounded by eps |g|/Delta, a positive part); the mutations shift a claim by 1e-30, scale a coefficient by
1 + 1e-30 or widen the domain past where it holds.  Each false claim is also shown false at a point by hand.
"""
import pytest
import sympy as sp

from symdp.engine.symbolic import cases
from symdp.engine.run import decide
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

p, q, r, o, t = sp.symbols("p q r o t", real=True)
eps, D = sp.symbols("epsilon Delta", positive=True)
a1, a2, b1, b2 = sp.symbols("a_1 a_2 b_1 b_2", positive=True)
MEDIANT = (a1 + a2) / (b1 + b2)        # between a_1/b_1 and a_2/b_2: a_1 b_2 - a_2 b_1 >= 0 gives itself
g = sp.Symbol("g", real=True)
TINY = sp.Rational(1, 10 ** 30)
LINE = sp.Interval(-sp.oo, sp.oo)
G = {g: sp.Interval(-D, D)}


def loss(shift=0):
    """|q - o| - |q + g - o| <= |g| <= Delta: the Laplace privacy loss at o is at most eps (q = Q(D'))."""
    return eps + shift + eps * (sp.Abs(q - o) - sp.Abs(q + g - o)) / D


TRUE = {
    "triangle": (sp.Abs(p - q) - sp.Abs(p - r) + sp.Abs(q - r), "nonnegative", {}),
    "reverse triangle": (sp.Abs(p - q) - (sp.Abs(p) - sp.Abs(q)), "nonnegative", {}),
    "loss within eps": (loss(), "nonnegative", G),
    "loss sup": (eps - eps * sp.Abs(g) / D, "nonnegative", G),
    "max above": (sp.Max(p, q) - q, "nonnegative", {}),
    "positive part": (sp.Max(0, t) - r * t, "nonnegative", {r: sp.Interval(0, 1)}),
    "strict": (1 + sp.Abs(t) - sp.Abs(t - 1) + sp.Rational(1, 2), "positive", {}),
    "piecewise": (sp.Piecewise((t, t >= 0), (-t, True)) - sp.Min(t, -t), "nonnegative", {}),
    "mediant below the max": (sp.Max(a1 / b1, a2 / b2) - MEDIANT, "nonnegative", {}),
    "mediant above the min": (MEDIANT - sp.Min(a1 / b1, a2 / b2), "nonnegative", {}),
}

FALSE = {   # name: (claim, which, domain, a point where it fails)
    "triangle - 1e-30": (sp.Abs(p - q) - sp.Abs(p - r) + sp.Abs(q - r) - TINY, "nonnegative", {},
                         {p: 0, q: 0, r: 0}),
    "loss, eps scaled": (loss() - eps * TINY, "nonnegative", G, {eps: 1, D: 1, g: 1, q: 0, o: 0}),
    "loss, domain widened": (loss(), "nonnegative", {g: sp.Interval(-D, D + TINY)},
                             {eps: 1, D: 1, g: 1 + TINY, q: 0, o: 0}),
    "loss sup, domain widened": (eps - eps * sp.Abs(g) / D, "nonnegative", {g: sp.Interval(-D - TINY, D)},
                                 {eps: 1, D: 1, g: -1 - TINY}),
    "max above, shifted": (sp.Max(p, q) - q - TINY, "nonnegative", {}, {p: 0, q: 0}),
    "positive part, r above 1": (sp.Max(0, t) - r * t, "nonnegative", {r: sp.Interval(0, 1 + TINY)},
                                 {r: 1 + TINY, t: 1}),
    "strict, touching": (1 + sp.Abs(t) - sp.Abs(t - 1), "positive", {}, {t: 0}),
    "mediant - 1e-30": (sp.Max(a1 / b1, a2 / b2) - MEDIANT - TINY, "nonnegative", {}, {a1: 1, a2: 1, b1: 1, b2: 1}),
    "mediant, doubled": (sp.Max(a1 / b1, a2 / b2) - 2 * MEDIANT, "nonnegative", {}, {a1: 1, a2: 1, b1: 1, b2: 1}),
}


@pytest.mark.parametrize("name", sorted(TRUE))
def test_cases_prove_the_claim(name):
    expr, which, domain = TRUE[name]
    out = decide.sign(expr, which, domain, name, Attempts(), numeric=False)
    assert out.status is Status.PROVED, out.detail
    assert out.method.startswith("symbolic")


@pytest.mark.parametrize("name", sorted(FALSE))
def test_a_false_claim_is_never_proved(name):
    expr, which, domain, point = FALSE[name]
    value = expr.subs(point)
    assert (value < 0 if which == "nonnegative" else value <= 0) is sp.true   # false, by hand at the point
    full = {s: domain.get(s, LINE) for s in expr.free_symbols}
    full = {**full, **{s: sp.Interval.open(0, sp.oo) for s in (eps, D, a1, a2, b1, b2) if s in full}}
    assert cases.prove_by_cases(expr, which, dict(sorted(full.items(), key=lambda kv: kv[0] in G)),
                                Attempts()) is None
    assert decide.sign(expr, which, domain, name, Attempts(), numeric=False).status is not Status.PROVED


def test_farkas_needs_a_nonnegative_combination():
    x, y = sp.symbols("x y", real=True)
    rows = [cases._polynomial(c, {x: LINE, y: LINE}, True) for c in (x - y, y)]    # x >= y >= 0
    assert cases._combination(cases._polynomial(x, {}), rows, strict=False)      # x = (x - y) + y
    assert not cases._combination(cases._polynomial(x - 2 * y - TINY, {}), rows, strict=False)
    assert cases._empty([cases._polynomial(c, {}, True) for c in (x - 1, -x)])        # x >= 1 and x <= 0


def test_cases_use_constraints_scaled_by_a_positive_symbol():
    """Pankova & Laud's cafeteria (noisy:d-private): |Delta|/(n b) >= (|y - m - Delta/n| - |y - m|)/b, the
    triangle inequality with the average's sensitivity Delta/n.  The case Delta >= 0, m >= y,
    Delta/n + m - y <= 0 forces Delta = 0 and m = y; its Farkas certificate needs n (m - y) >= 0, the
    case's constraint m - y >= 0 times n >= 1.  Shifted by 1e-30 it fails at Delta = 0, m = y."""
    y, m, delta = sp.symbols("y m Delta", real=True)
    n, b = sp.symbols("n b", positive=True)
    domain = {y: sp.Interval(-20, 20), m: sp.Interval(-10, 10), delta: sp.Interval(-10, 10), n: sp.Interval(1, 50),
              b: sp.Interval(sp.Rational(1, 10), 10)}
    claim = sp.Abs(delta) / (n * b) - (sp.Abs(y - m - delta / n) - sp.Abs(y - m)) / b
    out = decide.sign(claim, "nonnegative", domain, "cafeteria", Attempts(budget=60.0, total=120.0))
    assert out.status is Status.PROVED and "cases" in out.method
    assert cases.prove_by_cases(claim - TINY, "nonnegative", domain, Attempts()) is None
