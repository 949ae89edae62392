"""symdp.latex.display: a display read as the paper means it (chain, relations, side conditions, the
quantity defined), and NotAFormula for a row that states no closed form.

Oracles: the expected chains are written by hand from the formulas' meaning.
"""
import pytest
import sympy as sp

from symdp.latex import Display, LatexError, NotAFormula, display, members
from symdp.symbols import alpha, delta, eps, mu

x = sp.Symbol("x")


def test_a_chain_of_relations_keeps_its_members_and_ops():
    got = display(r"0 \le 1 - e^{-\epsilon} < \epsilon")
    assert got == Display((0, 1 - sp.exp(-eps), eps), ("<=", "<"))


def test_a_single_expression_is_a_chain_of_one():
    assert display(r"\frac{e^\epsilon - 1}{2}") == Display(((sp.exp(eps) - 1) / 2,), ())


def test_a_power_of_a_name_on_the_left_is_the_quantity_defined():
    derived = 2 * sp.log(sp.Rational(5, 4) / delta) / eps**2
    got = display(r"\sigma^2 = \frac{2\log(1.25/\delta)}{\epsilon^2}.", derived=derived)
    assert got.defines == r"\sigma^2" and got.chain == (derived,) and got.ops == ()


def test_a_left_side_whose_symbols_the_derived_expression_uses_is_compared():
    got = display(r"\epsilon = \log 2", derived=eps)
    assert got.defines == "" and got.chain == (eps, sp.log(2)) and got.ops == ("=",)


def test_a_function_style_left_side_is_defined():
    got = display(r"\delta(\varepsilon) = e^{-\varepsilon}", derived=sp.exp(-eps))
    assert got.defines == r"\delta(\varepsilon)" and got.chain == (sp.exp(-eps),)


@pytest.mark.parametrize("text, formula, condition", [
    (r"\frac{1}{\alpha - 1} \; \alpha > 1", 1 / (alpha - 1), alpha > 1),
    (r"\frac{\mu}{2} \qquad \mu<1", mu / 2, mu < 1),
    (r"x^2, \quad x < 1", x**2, x < 1),
    (r"x^2 \quad \text{for } x < 1", x**2, x < 1),
])
def test_a_side_condition_is_a_condition_never_a_factor(text, formula, condition):
    got = display(text)
    assert got.chain == (formula,) and got.conditions == (condition,)


def test_members_keeps_its_meaning():
    assert members(r"\sigma = \sqrt{2} = 1.414") == (sp.sqrt(2), sp.Rational(1414, 1000))
    rel = members(r"e^{\epsilon} \ge 1")
    assert rel == (sp.exp(eps) >= 1,)


def test_not_a_formula_is_a_latex_error_naming_its_construct():
    assert issubclass(NotAFormula, LatexError)
