"""Max and Min of three or more arguments split by the largest (smallest) argument (engine/symbolic/maxima.py).

Oracles: log-sum-exp lies between the max and the max + log n (e^max <= sum e^{a_i} <= n e^max); a min of three
below their mean.  Each false twin fails at a point by hand (a = b = c = 0) and must never be PROVED.
"""
import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine.symbolic import maxima
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

a, b, c = sp.symbols("a b c", real=True)
LSE = sp.log(sp.exp(a) + sp.exp(b) + sp.exp(c))
ZERO = {a: 0, b: 0, c: 0}

TRUE = {
    "lse >= max": LSE - sp.Max(a, b, c),
    "lse <= max + log 3": sp.Max(a, b, c) + sp.log(3) - LSE,
    "min <= mean": (a + b + c) / 3 - sp.Min(a, b, c),
}
FALSE = {
    "lse <= max + log 2.9": sp.Max(a, b, c) + sp.log(sp.Rational(29, 10)) - LSE,
    "lse >= max + 1e-30": LSE - sp.Max(a, b, c) - sp.log(3) - sp.Rational(1, 10 ** 30),
    "min <= mean - 1e-30": (a + b + c) / 3 - sp.Min(a, b, c) - sp.Rational(1, 10 ** 30),
}


@pytest.mark.parametrize("name", sorted(TRUE))
def test_a_many_argument_max_is_proved_by_cases(name):
    search = Attempts(total=30.0)
    out = decide.sign(TRUE[name], "nonnegative", {}, name, search, numeric=False)
    assert out.status is Status.PROVED, out.detail
    replay = decide.sign(TRUE[name], "nonnegative", {}, name, Attempts(transcript=search.log), numeric=False)
    assert replay.status is Status.PROVED and replay.method == out.method


@pytest.mark.parametrize("name", sorted(FALSE))
def test_a_false_twin_is_never_proved(name):
    expr = FALSE[name]
    assert (expr.subs(ZERO) < 0) is sp.true
    domain = {s: sp.Interval(-sp.oo, sp.oo) for s in (a, b, c)}
    assert maxima.prove_by_many_cases(expr, "nonnegative", domain, Attempts()) is None


def test_symmetric_arguments_need_one_case():
    domain = {s: sp.Interval(-sp.oo, sp.oo) for s in (a, b, c)}
    kinks, _ = maxima._choices(LSE - sp.Max(a, b, c))
    assert maxima._symmetric(LSE - sp.Max(a, b, c), kinks, domain) == {1, 2}
    assert maxima._symmetric(LSE - sp.Max(a, b, c) + a, kinks, domain) == {2}
