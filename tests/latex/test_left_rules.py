"""Readings and refusals after the review of the label, product and subscript rules (each with its near misses):
a superscript 0 or 1 however it is braced; one name twice in a product joined by \\cdot, \\times or a slash; a
declared name with a letter superscript before a subscript under a sum; arithmetic on numbers in a subscript; the
prime and the subscript 2 of epsilon in one display."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import NOTATION, LatexError, display
from symdp.symbols import eps2

i, j, n, x = sp.symbols("i j n x")


def value(latex: str, **kw):
    return display(latex, **kw).chain[0]


def refused(latex: str, match: str, **kw) -> None:
    with pytest.raises(LatexError, match=match):
        display(latex, **kw)


# -- a superscript 0 or 1 on a name, braced or grouped ----------------------------------------------------------

@pytest.mark.parametrize("latex", [r"y = x^{{1}}", r"y = {\theta}^{1}", r"y = {x}^0", r"y = {x_i}^1",
                                   r"y = {\hat\theta}^1", r"y = {{x}}^{0}", r"y = x_i^{{1}}", r"y = (x)^1",
                                   r"y = 1 - \left(x\right)^0", r"y = \sum_{i=1}^n {Y_i}^1", r"y = x'^1",
                                   r"y = 2(x)^1", r"y = \log {x}^1"])
def test_a_braced_superscript_0_or_1_on_a_name_is_a_label(latex):
    refused(latex, "label")                        # were x, theta, 1, x_i, ...: read as powers 0 and 1


@pytest.mark.parametrize("latex, expected", [(r"y = {e}^{1}", sp.E), (r"y = e^{{1}}", sp.E), (r"y = 2^{{1}}", 2),
                                             (r"y = {x}^2", x ** 2), (r"y = x^{{2}}", x ** 2),
                                             (r"y = (x+1)^1", x + 1), (r"y = \log(x)^1", sp.log(x))])
def test_numbers_e_and_other_powers_stay_read(latex, expected):
    assert value(latex) == expected


# -- one name twice in a product with \cdot, \times or a slash --------------------------------------------------

@pytest.mark.parametrize("latex", [r"y = W_n \Sigma_n^{-1} \cdot W_n", r"y = W_n \cdot \Sigma_n^{-1} \cdot W_n",
                                   r"y = a \times b \times a", r"y = a \cdot b a", r"y = a \cdot 2 \cdot a",
                                   r"y = -a \cdot b \cdot a", r"y = a / b \cdot a",
                                   r"y = \sum_{t=1}^n x_t \cdot y_t \cdot x_t"])
def test_one_name_twice_around_other_factors_joined_by_cdot_is_refused(latex):
    refused(latex, "twice in one product")          # were W_n**2/Sigma_n, a**2*b, ...


def test_a_name_beside_itself_joined_by_cdot_is_its_square():
    a, b = sp.symbols("a b")
    assert value(r"y = x \cdot x") == x ** 2
    assert value(r"y = 2 \cdot x \cdot x") == 2 * x ** 2
    assert value(r"y = a \cdot a \cdot b") == a ** 2 * b
    assert value(r"y = x \cdot -x") == -x ** 2
    assert value(r"y = a b / a") == b
    assert str(value(r"y = \sum_{t=1}^n x_t \cdot x_{t-1}")) == "Sum(x[t - 1]*x[t], (t, 1, n))"


# -- a declared name with a letter superscript before its subscript ---------------------------------------------

def test_a_declared_label_before_a_sums_index_is_the_declared_names_member():
    dx = sp.Symbol("D^x", positive=True)
    notation = NOTATION.extend(symbols={r"D^x": dx})
    got = value(r"y = \sum_{i,j=1}^n D^x_{ij}", notation=notation)
    assert got == sp.Sum(sp.IndexedBase(dx)[i, j], (j, 1, n), (i, 1, n))          # never Sum(D[i, j]**x)
    assert value(r"y = \sum_{i=1}^n D^x_{i}", notation=notation) == sp.Sum(sp.IndexedBase(dx)[i], (i, 1, n))


def test_a_spelling_declared_whole_is_refused_where_its_subscript_is_a_sums_index():
    notation = NOTATION.extend(symbols={r"D^x_{ij}": sp.Symbol("D^x_ij")})
    assert value(r"y = D^x_{ij}", notation=notation) == sp.Symbol("D^x_ij")       # as declared
    refused(r"y = \sum_{i,j=1}^n D^x_{ij}", "declared as one symbol", notation=notation)   # was Sum(D[i, j]**x)


@pytest.mark.parametrize("latex", [r"y = \sum_{i=1}^n D_i^x", r"y = D_{ij}^{x}", r"y = \sum_{i=1}^n D^x_i - D_1^x"])
def test_a_declared_label_written_after_the_subscript_is_refused(latex):
    notation = NOTATION.extend(symbols={r"D^x": sp.Symbol("D^x", positive=True)})
    refused(latex, "declared name's member", notation=notation)          # was D_i**x: TeX sets D_i^x as D^x_i


def test_a_letter_power_after_a_subscript_stays_read():
    notation = NOTATION.extend(symbols={r"D^x": sp.Symbol("D^x", positive=True)})
    y = sp.Symbol("y")
    assert value(r"y = D_i^y", notation=notation) == sp.Symbol("D_i") ** y
    assert value(r"y = D_i^2", notation=notation) == sp.Symbol("D_i") ** 2
    assert value(r"y = D_i^x") == sp.Symbol("D_i") ** x                    # nothing declared: the power


@pytest.mark.parametrize("latex", [r"y = D^x_{ij}", r"y = \sum_{i,j=1}^n D^x_{ij}", r"y = \sum_{i=1}^n D^{x}_{i}"])
def test_an_undeclared_label_before_a_subscript_stays_refused(latex):
    refused(latex, "label of the name")


# -- arithmetic on numbers in a subscript -----------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"y = x_{1-3}", r"y = x_{2+1}", r"y = \sum_{t=1}^n x_{1-3}", r"y = x^2_{1-3}",
                                   r"y = \hat x_{2+1}", r"y = x_{{1-3}}", r"y = \left(x_{1 - 3}\right)"])
def test_arithmetic_on_numbers_in_a_subscript_is_refused_however_written(latex):
    refused(latex, "arithmetic on numbers")


def test_index_arithmetic_and_numbers_in_a_subscript_stay_read():
    assert str(value(r"y = \sum_{i=1}^n x_{i-1}")) == "Sum(x[i - 1], (i, 1, n))"
    assert str(value(r"y = \sum_{t=1}^n x_{t+h}")) == "Sum(x[h + t], (t, 1, n))"
    assert str(value(r"y = \sum_{n=1}^N x_{n-1}")) == "Sum(x[n - 1], (n, 1, N))"
    assert str(value(r"y = \sum_{i=1}^n x_{n-1}")) == "Sum(x[n - 1], (i, 1, n))"
    assert value(r"y = x_{-1}") == sp.IndexedBase(x)[-1]


# -- the prime and the subscript 2 of epsilon ---------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"y = \varepsilon' + \varepsilon_2", r"y = \epsilon^{\prime} \epsilon_{2}",
                                   r"\varepsilon_2 \le \varepsilon'", r"y = e^{\epsilon'} - e^{\epsilon_2}",
                                   r"y = \epsilon' + \epsilon^2_2", r"y = \frac{\epsilon'}{\left(\epsilon_{2}\right)}"])
def test_the_prime_and_the_subscript_2_of_epsilon_together_are_refused(latex):
    refused(latex, "printed alike")                   # were epsilon_2 + epsilon_2: two symbols, one printed name
    refused(latex, "printed alike", derived=eps2)     # or one symbol for both


def test_the_prime_or_the_subscript_2_of_epsilon_alone_is_read():
    assert value(r"y = \varepsilon'") == eps2
    assert value(r"y = \varepsilon_2") == sp.Symbol("epsilon_2")
    assert str(value(r"y = \delta' + \delta_2")) == "delta' + delta_2"
    assert str(value(r"y = x' + x_2")) == "x' + x_2"
    assert str(value(r"y = \hat\epsilon' + \hat\epsilon_2")) == "epsilon_hat' + epsilon_hat_2"
    assert str(value(r"y = \epsilon'' + \epsilon_2")) == "epsilon'' + epsilon_2"
    assert str(value(r"y = F_{\epsilon'} + \epsilon_2")) == "F_epsilon' + epsilon_2"   # the subscript's prime


def test_a_prime_declared_as_its_own_name_beside_the_subscript_2_is_read():
    primed = sp.Symbol("epsilon'", positive=True)
    notation = NOTATION.extend(symbols={r"\epsilon'": primed})
    assert value(r"y = \varepsilon' + \varepsilon_2", notation=notation) == primed + sp.Symbol("epsilon_2")
