"""Rules from the blind measurement of heldout23 (Distributions.jl's docstrings): an upright word's power before
parentheses is refused (``\\mathrm{sech}^2 \\left(...\\right)`` was read as sech**2 times the parentheses), bars
around a bold letter are refused (``|\\mathbf{R}|`` is a determinant, it was read as Abs); a second equation
after "with" stays refused."""
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
    with pytest.raises(LatexError, match="power of a function's value|the function name"):
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


@pytest.mark.parametrize("latex", [
    # a side definition after "with" was read for one stop and withdrawn: a review found it misread bound indices
    # (\sum_i z, where z = i^2), the defined side, decorated names (\hat z^2 with z = ...), a definition of itself
    r"f(x; \mu, \theta) = \frac{1}{\theta} e^{-(z + e^{-z})}, \quad \text{ with } z = \frac{x - \mu}{\theta}",
    r"y = \sum_{i=1}^n z, \quad \text{where } z = i^2",
    r"f(x) = \hat z^2, \quad \text{with } z = x + 1",
    r"f(x) = z^2, \quad \text{with } z = z + 1",
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


# --- from the adversarial review of the rules above -----------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"y = \mathrm{log} 2", r"y = \mathrm{ln} 2", r"y = \mathrm{sin} x", r"y = \mathrm{sech}^2 x",
    r"y = \frac{1}{4} \mathrm{sech}^2 \frac{x - \mu}{2\theta}", r"y = \mathrm{tr}\,A", r"y = \mathrm{exp}\{x\}",
    r"y = 1 - \mathrm{tanh}^2 x", r"y = \mathrm{sech}^2 [x]", r"y = \operatorname{sech}^{2}{\left(x \right)}",
])
def test_an_upright_function_name_before_an_operand_is_refused(latex):
    """They were products (\\mathrm{log} 2 was 2 times a name log)."""
    with pytest.raises(LatexError):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"y = \mathrm{log}(x)", "log(x)"), (r"y = \mathrm{sin}(x)", "sin(x)"),
    (r"y = \operatorname{sign}{\left(x\right)}", "sign(x)"),     # SymPy's own printing of a call
    (r"y = \mathrm{log}{\left(x\right)}", "log(x)"), (r"y = \log{\left(x \right)}", "log(x)"),
    (r"y = 2{\left(x+1\right)}", "2*x + 2"), (r"y = \mathrm{KL} + 1", "KL + 1"),
    (r"y = \overline{x} - \underline{x}", "x_bar - x_under"),   # was 0: both decorations gave x_bar
])
def test_readings(latex, meant):
    assert str(display(latex).chain[0]) == meant


@pytest.mark.parametrize("latex", [
    r"y = f{\left(x\right)}",                                    # was f*x, while f(x) is refused
    r"y = |{\mathbf{R}}|", r"y = |{\mathbf R}|", r"y = |\mathbf{R}'|", r"y = \frac{1}{|\mathbf{R}'|}",
    r"y = |\textbf{R}|", r"y = \textbf{x} - x", r"y = \mathbf{x}' + 1", r"y = |\vec{x}|",
    r"\alpha = \mu\phi, \quad \hat\beta = (1 - \mu)\phi",         # a second definition, decorated
])
def test_refused_after_the_review(latex):
    with pytest.raises(LatexError):
        display(latex)
