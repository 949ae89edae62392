"""Rules from the blind measurement of heldout23 (Distributions.jl's docstrings): an upright word's power before
parentheses is refused (``\\mathrm{sech}^2 \\left(...\\right)`` was read as sech**2 times the parentheses), bars
around a bold letter are refused (``|\\mathbf{R}|`` is a determinant, it was read as Abs), and after "with" or
"where" a name the formula uses, set equal to an expression, is the formula's side definition (kept as the
condition ``z = ...``), not refused as a second quantity."""
from __future__ import annotations

import pytest
import sympy as sp
from symdp.latex import LatexError, display


@pytest.mark.parametrize("latex", [
    r"f(x) = \frac{1}{4 \theta} \mathrm{sech}^2 \left( \frac{x - \mu}{2 \theta} \right)",
    r"y = \mathrm{foo}^2 (x + 1)",
    r"y = \operatorname{sech}^2(x)",
])
def test_an_upright_word_s_power_before_parentheses_is_refused(latex):
    with pytest.raises(LatexError, match="power of a function's value"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"y = \mathrm{SNR}^2 \cdot (x + 1)", "SNR**2*(x + 1)"),   # the product written out
    (r"y = p^2(1-p)", "p**2*(1 - p)"),                         # a letter's power: a product, as before
    (r"y = \mathrm{e}^2 (x + 1)", "(x + 1)*exp(2)"),           # upright e is Euler's number
])
def test_products_that_stay_read(latex, meant):
    assert str(display(latex).chain[0]) == meant


@pytest.mark.parametrize("latex", [r"f(\mathbf{R}) = |\mathbf{R}|^{\eta - 1}", r"y = \left|\mathbf{R}\right|"])
def test_bars_around_a_bold_letter_are_refused(latex):
    with pytest.raises(LatexError, match="determinant"):
        display(latex)


def test_an_absolute_value_stays_read():
    assert str(display(r"y = |x - \mu|").chain[0]) == "Abs(mu - x)"


def test_a_side_definition_after_with_is_a_condition():
    d = display(r"f(x; \mu, \theta) = \frac{1}{\theta} e^{-(z + e^{-z})}, \quad \text{ with } z = \frac{x - \mu}{\theta}")
    assert str(d.chain[0]) == "exp(-z - exp(-z))/theta"
    (cond,) = d.conditions
    assert isinstance(cond, sp.Eq) and str(cond.lhs) == "z"


@pytest.mark.parametrize("latex", [
    r"f(x) = x^2, \quad \text{with } w = x + 1",       # w is not in the formula: a second quantity
    r"f(x) = z^2, \quad z = x + 1",                    # no "with": a condition or a second definition?
    r"\alpha = \mu\phi, \quad \beta = (1 - \mu)\phi",
])
def test_a_second_definition_stays_refused(latex):
    with pytest.raises(LatexError, match="second equation"):
        display(latex)


def test_a_function_defined_after_with_stays_refused():
    """Distributions.jl's Dirichlet row: the density, "with B(alpha) = ...", and the simplex: three statements."""
    with pytest.raises(LatexError):
        display(r"f(x; \alpha) = \frac{1}{B(\alpha)} \prod_{i=1}^k x_i^{\alpha_i - 1}, \quad \text{ with } B(\alpha) = "
                r"\frac{\prod_{i=1}^k \Gamma(\alpha_i)}{\Gamma \left( \sum_{i=1}^k \alpha_i \right)}")
