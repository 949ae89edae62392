"""Signs at a removable singularity (:mod:`symdp.engine.symbolic.removable`): a Renyi divergence of order alpha,
written with 1/(alpha - 1), against its alpha -> 1 limit and its slope in alpha; near-miss twins never proved."""
import sympy as sp

from symdp.engine.symbolic import removable
from symdp.engine.symbolic.attempts import Attempts

alpha, eps = sp.Symbol("alpha", positive=True), sp.Symbol("epsilon", positive=True)
DOMAIN = {alpha: sp.Interval.open(1, sp.oo), eps: sp.Interval.open(0, sp.oo)}
KL = eps + sp.exp(-eps) - 1


def renyi(order):
    return sp.log(order / (2 * order - 1) * sp.exp((order - 1) * eps)
                  + (order - 1) / (2 * order - 1) * sp.exp(-order * eps)) / (order - 1)


def _proved(expr, which):
    assert removable.applies(expr, DOMAIN)
    return removable.prove(expr, which, DOMAIN, Attempts(total=120))


def test_above_its_limit_at_the_pole():
    assert "monotone in alpha from alpha -> 1+" in _proved(renyi(alpha) - KL, "nonnegative")


def test_increasing_in_the_order():
    assert _proved(sp.diff(renyi(alpha), alpha), "positive")


def test_near_miss_twins_are_not_proved():
    assert _proved(renyi(alpha) - sp.Rational(1001, 1000) * KL, "nonnegative") is None
    assert _proved(sp.Rational(999, 1000) * renyi(alpha) - KL, "nonnegative") is None


def test_no_pole_no_route():
    assert not removable.applies(eps - sp.log(1 + eps), {eps: sp.Interval.open(0, sp.oo)})


def test_the_search_replays_whatever_came_before():
    """A replay asks what the search asked, however many Dummies the process made before each (a Dummy's hash,
    and so SymPy's order of generators of one printed name, depends on their count)."""
    expr = renyi(alpha) - KL
    search = Attempts(total=120)
    method = removable.prove(expr, "nonnegative", DOMAIN, search)
    assert method
    for made in (1, 7, 301):
        _ = [sp.Dummy("y", positive=True) for _ in range(made)] + [sp.Dummy("log") for _ in range(made)]
        assert removable.prove(expr, "nonnegative", DOMAIN, Attempts(transcript=search.log)) == method
