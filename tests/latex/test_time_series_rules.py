"""Readings and refusals added after heldout20 (astropy's statistics, hyppo's test statistics) and heldout21 (arch's
volatility models and cointegration tests), each with its near miss: scripts in either order; a double sum and
members with two indices; arithmetic in a subscript; pairs; powers of names before parentheses; one name twice in a
product."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display

t, n, i, j = sp.symbols("t n i j")


def value(latex: str):
    return display(latex).chain[0]


def refused(latex: str, match: str) -> None:
    with pytest.raises(LatexError, match=match):
        display(latex)


def member(name: str, *indices):
    return sp.IndexedBase(sp.Symbol(name))[indices]


def test_a_number_written_before_a_subscript_is_the_members_power():
    got = value(r"y = \omega + \alpha \epsilon_{t-1}^2 + \beta \sigma^2_{t-1}")
    assert got == value(r"y = \omega + \alpha \epsilon_{t-1}^2 + \beta \sigma_{t-1}^2")
    assert value(r"y = x^{-1}_{t}") == value(r"y = x_{t}^{-1}")
    assert value(r"y = \sum_{t=1}^n x^2_{t-1}") == value(r"y = \sum_{t=1}^n x_{t-1}^2")


@pytest.mark.parametrize("latex", [r"y = D^x_{ij}", r"y = x^b_a", r"y = \mathrm{Dcov}^b_n", r"y = K^{x}_{t-1}"])
def test_a_letter_written_before_a_subscript_is_a_label_or_a_power(latex):
    refused(latex, "label of the name")


def test_a_star_before_a_subscript_is_the_starred_name():
    assert value(r"y = Y^\star_t") == value(r"y = Y_t^\star")
    assert value(r"y = P^+_L") == value(r"y = P_L^+")


def test_a_decoration_over_a_letter_and_its_subscript_is_the_decorated_member():
    assert value(r"y = \hat{\gamma_k}") == value(r"y = \hat{\gamma}_k")
    assert value(r"y = \sum_{k=1}^n \hat{\gamma_{k}}") == value(r"y = \sum_{k=1}^n \hat{\gamma}_{k}")
    refused(r"y = \hat{x + 1}", "over an expression")


def test_a_double_sum_and_members_with_two_indices():
    got = value(r"y = \sum_{i,j=1}^n a_{ij}")
    assert got == sp.Sum(member("a", i, j), (j, 1, n), (i, 1, n))
    assert value(r"y = \sum_{i=1}^n \sum_{j=1}^n a_{ij}") == got           # was Sum(a[i*j])
    assert value(r"y = \sum_{i=1}^n a_{i,j}") == value(r"y = \sum_{i=1}^n a_{ij}")


@pytest.mark.parametrize("latex", [r"y = \sum_{t=1}^n D_{1t}",              # was Sum(D[t]): the 1 dropped
                                   r"y = \sum_{n=1}^N \theta_{2n}"])        # the member 2n, or series 2 at n?
def test_a_number_beside_a_sums_index_in_a_subscript_is_refused(latex):
    refused(latex, "index")


def test_index_arithmetic_with_an_operator_is_read():
    assert str(value(r"y = \sum_{n=1}^N \theta_{2n-1}")) == "Sum(theta[2*n - 1], (n, 1, N))"
    assert str(value(r"y = \sum_{n=1}^N \theta_{2 \cdot n}")) == "Sum(theta[2*n], (n, 1, N))"


@pytest.mark.parametrize("latex", [r"y = \hat\omega_{11\cdot2}", r"y = x_{2+1}", r"y = x_{1/2}"])
def test_arithmetic_on_numbers_in_a_subscript_is_refused(latex):
    refused(latex, "arithmetic on numbers")


def test_a_number_as_a_subscript_is_read():
    assert value(r"y = x_{-1}") == member("x", -1)
    assert value(r"y = x_{10}") == sp.Symbol("x_10")


@pytest.mark.parametrize("latex", [r"CI = (n-\sqrt{n}, n+\sqrt{n})", r"y < (a, b)", r"f(x) = (x, 1)"])
def test_a_pair_beside_a_value_is_refused(latex):
    refused(latex, "open interval or a pair")


def test_a_pair_equal_to_a_pair_is_a_point():
    assert display(r"(a, b) = (1, 2)").chain[1] == sp.Tuple(1, 2)


@pytest.mark.parametrize("latex", [r"P(f) = \chi^2(f)", r"y = \sigma^2(f)", r"y = \varepsilon^2(\alpha)",
                                   r"y = a^2(b, c)", r"y = \phi^2(x - \mu)"])
def test_a_power_of_a_name_before_one_name_in_parentheses_is_refused(latex):
    refused(latex, "power of a function's value")


def test_a_power_before_arithmetic_in_parentheses_is_a_product():
    p = sp.Symbol("p")
    assert value(r"y = p^2(1-p)") == p**2 * (1 - p)
    assert value(r"y = x^2(x+1)") == sp.Symbol("x") ** 2 * (sp.Symbol("x") + 1)
    assert str(value(r"y = \sigma^2(1-\rho)")) == "sigma**2*(1 - rho)"


@pytest.mark.parametrize("latex", [r"y = W_n\Sigma_n^{-1}W_n", r"y = T^{-1} \hat\Sigma^{-1} \hat S \hat\Sigma^{-1}",
                                   r"y = x (1-x) x"])
def test_one_name_twice_around_other_factors_is_refused(latex):
    refused(latex, "twice in one product")


def test_a_name_beside_itself_is_its_square():
    assert value(r"y = a a") == sp.Symbol("a") ** 2


def test_italic_sgn_is_the_sign_function():
    x = sp.Symbol("x")
    assert value(r"y = 1 + sgn(x)").has(sp.sign)
    assert value(r"y = 1 + sgn(x)") == value(r"y = 1 + \mathrm{sgn}(x)")
    assert not value(r"y = 1 + sgn(x)").has(sp.Function("sgn")(x))
