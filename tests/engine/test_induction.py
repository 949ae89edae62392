"""Finite sums with a symbolic integer bound (engine/symbolic/induction.py): induction on the bound, else the closed form.

Oracles: the mathematics beside each claim (the step m e^{(m-1) eps}(e^eps - 1) >= 0 of the geometric bound;
H_m <= 1 + log m by log(1 + 1/m) >= 1/(m + 1)); each false twin is shown false at a point by hand (m = 1) and
must never be PROVED.
"""
import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine.symbolic import induction
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

eps = sp.Symbol("epsilon", positive=True)
m = sp.Symbol("m", integer=True, positive=True)
j = sp.Symbol("j", integer=True, nonnegative=True)
M1 = {m: sp.Interval(1, sp.oo)}
GEOM = sp.Sum(sp.exp(j * eps), (j, 0, m - 1))
HARMONIC = sp.Sum(1 / j, (j, 1, m))

TRUE = {
    "geometric <= m e^{(m-1) eps}": (m * sp.exp((m - 1) * eps) - GEOM, "nonnegative"),
    "harmonic <= 1 + log m": (1 + sp.log(m) - HARMONIC, "nonnegative"),
    "geometric >= m": (GEOM - m, "nonnegative"),
}
FALSE = {   # name: (claim, which, value at m = 1, eps = 1)
    "geometric, 0.999": (sp.Rational(999, 1000) * m * sp.exp((m - 1) * eps) - GEOM, "nonnegative"),
    "geometric, one term more": (m * sp.exp((m - 1) * eps) - sp.Sum(sp.exp(j * eps), (j, 0, m)), "nonnegative"),
    "harmonic <= 0.999 + log m": (sp.Rational(999, 1000) + sp.log(m) - HARMONIC, "nonnegative"),
}


@pytest.mark.parametrize("name", sorted(TRUE))
def test_a_sum_with_a_symbolic_bound_is_proved(name):
    expr, which = TRUE[name]
    search = Attempts()
    out = decide.sign(expr, which, M1, name, search, numeric=False)
    assert out.status is Status.PROVED, out.detail
    replay = decide.sign(expr, which, M1, name, Attempts(transcript=search.log), numeric=False)
    assert replay.status is Status.PROVED and replay.method == out.method


@pytest.mark.parametrize("name", sorted(FALSE))
def test_a_false_twin_is_never_proved(name):
    expr, which = FALSE[name]
    assert (expr.subs({m: 1, eps: 1}).doit() < 0) is sp.true   # false at m = 1, by hand
    assert decide.sign(expr, which, M1, name, Attempts(), numeric=False).status is not Status.PROVED


def test_the_step_cancels_the_sum():
    step = induction._step(m * sp.exp((m - 1) * eps) - GEOM, m)
    k = induction._plain(m)   # the step is taken over m as a plain integer (its sign assumptions left out)
    assert sp.simplify(step - (k * sp.exp(k * eps) - k * sp.exp((k - 1) * eps))) == 0


def test_the_step_ignores_the_bound_s_sign_assumptions():
    """|(n + 1) - 2| is n - 1 for a positive n, not at n = 0, the first value of [0, oo) (kernel review)."""
    n = sp.Symbol("n", integer=True, positive=True)
    step = induction._step(n ** 2 - 4 * n + 2 - sp.Abs(n - 2), n)
    assert step.has(sp.Abs) and step.xreplace({induction._plain(n): 0}) == -2


def test_a_summand_with_the_bound_in_it_is_not_inducted():
    assert induction._step(sp.Sum(sp.binomial(m, j), (j, 0, m)) - m, m) is None
