"""Readings and refusals added for heldout9 (NumPyro's distribution docstrings), each with its near-miss: bold letters
(vectors, matrices) refused in arithmetic but read as a function's arguments; a second definition after ``\\quad``
refused, a condition ``x = 0`` kept; ``\\operatorname{sgn}(z)`` the sign function and ``\\operatorname{sgn} z``
refused; ``N(0, \\sigma^2)`` (the normal distribution?) refused off the defined side; declarations in prose through
an rST link, on ``\\text{B}``, and of the logistic sigmoid; a semicolon in a word's call."""
from __future__ import annotations

import pytest

from symdp.latex import LatexError, display


def chain(latex: str, **kw) -> tuple:
    return tuple(str(m) for m in display(latex, **kw).chain)


def refused(latex: str, words: str, **kw) -> None:
    with pytest.raises(LatexError, match=words or None):
        display(latex, **kw)


@pytest.mark.parametrize("latex", [r"z_t = \mathbf{A} \mathbf{z}_{t-1} + \boldsymbol{\epsilon}_t",
                                   r"y = \mathbf{A}^t \mathbf{z}_0", r"y = 2\mathbf{x}", r"y = \mathbf{x} + 1"])
def test_bold_letters_in_arithmetic_are_vectors_or_matrices(latex):
    refused(latex, "bold letter")


def test_a_bold_letter_as_an_argument_is_a_name():
    assert chain(r"f(\mathbf{x}|\mathbf{a}) = \prod_{i=1}^k x_i^{a_i - 1}") == (
        "Product(x[i]**(a[i] - 1), (i, 1, k))",)


@pytest.mark.parametrize("latex", [r"\alpha = \mu \phi, \quad \beta = (1 - \mu) \phi",
                                   r"P = g, \qquad f(x) = (1 - g) x \;\text{for } x > 0"])
def test_a_second_definition_after_the_formula_is_refused(latex):
    refused(latex, "second equation")


@pytest.mark.parametrize("latex", [r"f(x) = x^2, \quad x = 0", r"f = p + q, \quad p + q = 1",
                                   r"a_i = b_i \quad \text{for } i = 1, \dots, n"])
def test_a_condition_that_is_an_equation_stays_a_condition(latex):
    assert len(display(latex).chain) == 1


def test_operatorname_sgn_is_the_sign_function_and_needs_its_parentheses():
    assert chain(r"F = \frac{1}{2} - \frac{1}{2} \operatorname{sgn}(z)") == ("1/2 - sign(z)/2",)
    assert chain(r"F = \mathrm{arctanh}(r)") == ("atanh(r)",)
    refused(r"F = \operatorname{sgn} z", "without parentheses")
    refused(r"F = \operatorname{Var} X", "a variance of what follows")   # an operator on X (heldout29)


def test_the_normal_distributions_letter_applied_to_a_list_is_refused_off_the_defined_side():
    refused(r"ZSN(\sigma) = N(0, \sigma^2 (I - \tfrac{1}{n}J))", "normal distribution")
    assert chain(r"N(a, b) = a + b") == ("a + b",)


def test_prose_through_an_rst_link_declares_the_lower_incomplete_gamma():
    prose = (r"where, :math:`\gamma(\cdot,\cdot)` is the `lower incomplete gamma function <https://x.org/a>`_.",)
    latex = r"F_X(x \mid \alpha, \lambda) = \frac{1}{\Gamma(\alpha)} \gamma\left(\alpha, \lambda x\right)"
    assert chain(latex, prose=prose) == ("lowergamma(alpha, lambda*x)/gamma(alpha)",)
    refused(latex, "lower incomplete gamma")   # without its sentence


def test_prose_declares_a_text_letter_and_the_logistic_sigmoid():
    beta = (r"and :math:`\text{B}(\alpha, \beta)` is the Beta function.",)
    assert chain(r"f(x) = \frac{x^{\alpha-1}}{\text{B}(\alpha, \beta)}", prose=beta) == (
        "x**(alpha - 1)/beta(alpha, beta)",)
    sigmoid = (r"where :math:`\sigma` is the logistic sigmoid.",)
    assert chain(r"F(x) = \sigma(z)", prose=sigmoid) == ("1/(1 + exp(-z))",)
    refused(r"F(x) = \sigma(z)", r"\\sigma")


def test_a_semicolon_in_a_words_call_separates_arguments():
    refused(r"I = \frac{\text{B}(x; \alpha, \beta)}{\text{B}(\alpha, \beta)}", "incomplete beta function")


@pytest.mark.parametrize("latex, low", [(r"a_k = \ln p_k, \quad k \in \{0, 1, \dots, K-1\}", "0 <= k"),
                                        (r"a_k = k, \quad k = 1, 2, \ldots, n", "1 <= k")])
def test_a_range_written_with_its_first_two_terms_is_every_integer_between(latex, low):
    assert low in str(display(latex).conditions[0])


def test_a_range_whose_second_term_skips_is_refused():
    refused(r"a_k = k, \quad k \in \{0, 2, \dots, K\}", "ellipsis")
