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


# -- after the adversarial review of these rules (2026-12-06) ------------------------------------------------------

@pytest.mark.parametrize("latex", [r"y = \chi^2_{n-1}(1-\alpha/2)", r"y = \sigma^2_{t-1}(f)",
                                   r"y = \sum_{i=1}^n \sigma_i^2(\theta)", r"y = G^{-1}_{n-1}(1-\alpha)",
                                   r"y = F_{n-1}^{-1}(u)", r"y = \sum_{i=1}^n F_i^{-1}(u)"])
def test_a_members_power_before_a_functions_parentheses_is_refused(latex):
    refused(latex, "ambiguous")                    # quantiles, variances as functions, inverses: were products


def test_a_members_power_before_arithmetic_is_a_product():
    assert str(value(r"y = \epsilon_{t-1}^2 (1 + \beta)")) == "(beta + 1)*epsilon[t - 1]**2"
    assert str(value(r"y = \sum_{i=1}^n w_i^2(x_i - m)^2")) == "Sum((-m + x[i])**2*w[i]**2, (i, 1, n))"


def test_parentheses_around_one_name_before_a_power_group_it():
    assert str(value(r"y = \sum_{i=1}^n x_i^2 - n(\bar{x})^2")) == "-n*x_bar**2 + Sum(x[i]**2, (i, 1, n))"
    refused(r"y = c (\bar{x})^2 + d", "only group it for the power")  # was the call c(x_bar) squared


@pytest.mark.parametrize("latex", [r"y = Y^1_i - Y^0_i", r"y = \hat\theta - \theta^0", r"y = \beta_j^0",
                                   r"y = \mu^{1}_t"])
def test_a_superscript_0_or_1_on_a_name_is_a_label(latex):
    refused(latex, "label")                         # was Y_i - 1, theta_hat - 1, 1


def test_e_to_the_0_or_1_and_numbers_are_read():
    assert value(r"y = 2^0 + 10^{1}") == 11


@pytest.mark.parametrize("latex", [r"y = \rho_{xy \cdot z}", r"y = \sigma^2_{y \cdot x}"])
def test_names_joined_by_cdot_in_a_subscript_are_a_label(latex):
    refused(latex, "cdot")                          # was rho[x*y*z]: rho_{xy.z} and rho_{xz.y} the same member


@pytest.mark.parametrize("latex", [r"(a,b) < (c,d)", r"y = \sum_{i,j = i}^n a_{ij}", r"y = \sum_{i,i=1}^n a_{ii}",
                                   r"y = x_{(n)}", r"y = \sum_{t=1}^T x_{t\,\mathrm{obs}}"])
def test_orders_of_pairs_bad_double_sums_order_statistics_and_labels_beside_an_index_are_refused(latex):
    with pytest.raises(LatexError):
        display(latex)


def test_the_subscript_after_a_power_is_read_and_a_star_keeps_an_expression_subscript():
    assert str(value(r"y = x^2_{-1}")) == "x[-1]**2"
    assert str(value(r"y = x^*_{t-1}")) == "x^*[t - 1]"
    assert str(value(r"y = \sum_{i=1}^n x^*_i")) == "Sum(x^*[i], (i, 1, n))"


def test_different_members_around_a_factor_are_no_sandwich():
    assert str(value(r"y = x_{t-1} a x_{t-2}")) == "a*x[t - 1]*x[t - 2]"
    refused(r"y = x_{t-1} a x_{t-1}", "twice in one product")


# -- after the second review (2026-12-06) --------------------------------------------------------------------------

def test_a_functions_value_to_a_power_stays_a_call_and_a_decorated_name_is_grouped():
    assert str(value(r"v = m(x)^2")) == "m(x)**2"                      # a regression function, squared
    assert str(value(r"V(\theta) = i(\theta)^{-1}")) == "1/i(theta)"    # the inverse Fisher information
    assert str(value(r"y = n(\bar x)^2")) == "n*x_bar**2"


@pytest.mark.parametrize("latex", [r"v = \sum_{j=1}^p \beta_{1 \cdot j}", r"v = \rho_{12\cdot k}",
                                   r"v = \sum_{i=1}^n x_{i,\mathrm{obs}}"])
def test_given_labels_and_words_among_indices_are_refused(latex):
    refused(latex, "label")


def test_the_names_own_letter_in_the_parentheses_makes_a_product():
    assert str(value(r"v = \phi_1^2(1-\phi_2)")) == "phi_1**2*(1 - phi_2)"
    assert str(value(r"v = \sum_{i=1}^n h_i^2 (1-h_i)^{-1}")) == "Sum(h[i]**2/(1 - h[i]), (i, 1, n))"


def test_mixture_weights_and_pairwise_weights_under_sums():
    assert str(value(r"v = \sum_{k=1}^K \pi_k \mu_k")) == "Sum(mu[k]*pi[k], (k, 1, K))"
    assert str(value(r"v = \sum_{i,j=1}^{N} w_{ij}(x_i - x_j)^2")) == \
        "Sum((x[i] - x[j])**2*w[i, j], (j, 1, N), (i, 1, N))"


def test_a_typewriter_switch_is_a_name_and_2n_beside_2n_minus_1_is_index_arithmetic():
    got = value(r"y = \theta_0 + \sum_{n=1}^{\tt nterms} [\theta_{2n-1}\sin(n t) + \theta_{2n}\cos(n t)]")
    assert "theta[2*n]" in str(got) and "theta[2*n - 1]" in str(got) and "nterms" in str(got)
    refused(r"y = \sum_{n=1}^N \theta_{2n}", "index")      # alone: the member 2n, or the series theta_2 at n?
