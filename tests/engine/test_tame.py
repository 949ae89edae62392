"""Factoring refuses what no budget could interrupt (:mod:`symdp.engine.symbolic.tame`)."""
import pytest
import sympy as sp

from symdp.engine.symbolic import tame

x = sp.Symbol("x", positive=True)


def test_a_wide_exponent_is_not_factored():
    """SymPy reads exp(1000001 x / 10^6) as a power 1000001 of exp(x / 10^6); factoring it sat for an hour
    in primality tests (single C calls) under a 12 s budget."""
    wide = 1 - sp.exp(-sp.Rational(1000001, 1000000) * x) / (1 + sp.exp(-x))
    with pytest.raises(NotImplementedError, match="1000"):
        tame.factor(sp.together(wide))
    with pytest.raises(NotImplementedError):
        tame.factor(x ** 1000001 - 1)


def test_an_ordinary_expression_is_factored():
    assert tame.factor(x ** 2 - 1) == (x - 1) * (x + 1)
    assert tame.factor(sp.exp(2 * x) - 1) == (sp.exp(x) - 1) * (sp.exp(x) + 1)
    assert not tame.wide(sp.exp(-sp.Rational(999, 1000) * x) + x ** 1000)
