"""Readings and refusals after the second review of the reader (each with its near misses): braces that print
nothing between an operator and a power; a primed epsilon with a subscript; one name twice in a product through
parenthesised groups; two definitions run together in a display that writes its products with *; italic names of
the hyperbolic functions and the tangent before their parentheses."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import NOTATION, LatexError, display
from symdp.symbols import eps2

x, y, h, z, theta = sp.symbols("x y h z theta")


def value(latex: str, **kw):
    return display(latex, **kw).chain[0]


def refused(latex: str, match: str, **kw) -> None:
    with pytest.raises(LatexError, match=match):
        display(latex, **kw)


# -- \log {x}^2 prints as \log x^2: read alike -------------------------------------------------------------------

@pytest.mark.parametrize("braced, plain", [(r"y = \log {x}^2", r"y = \log x^2"), (r"y = \ln {x}^2", r"y = \ln x^2"),
                                           (r"y = \exp {x}^2", r"y = \exp x^2"), (r"y = \sin {x}^2", r"y = \sin x^2"),
                                           (r"y = \cos {x}^{2}", r"y = \cos x^{2}"),
                                           (r"y = \log {x}^{2} y", r"y = \log x^{2} y"),
                                           (r"y = \log {x_i}^2", r"y = \log x_i^2"),
                                           (r"y = \log {x}^{-1}", r"y = \log x^{-1}"),
                                           (r"y = \log^3 {x}^2", r"y = \log^3 x^2"),
                                           (r"y = \log_2 {x}^2", r"y = \log_2 x^2")])
def test_braces_before_a_power_after_an_operator_print_nothing(braced, plain):
    assert value(braced) == value(plain)              # \log {x}^2 was (log x)^2, \log x^2 is log(x^2)


@pytest.mark.parametrize("latex, match", [(r"y = \log {2x}^2", "braces around a product"),
                                          (r"y = \sin {x y}^2", "braces around a product"),
                                          (r"y = \log {(x)}^2", "braces around parentheses"),
                                          (r"y = \log {\left(x\right)}^2", "braces around parentheses"),
                                          (r"y = \Phi {x}^2", "followed by its argument in parentheses")])
def test_braces_that_print_otherwise_than_they_group_are_refused(latex, match):
    refused(latex, match)                             # were log(2x)^2, sin(xy)^2, log(x)^2, Phi(x)^2


@pytest.mark.parametrize("latex, expected", [(r"y = \log{x}", sp.log(x)), (r"y = \log {x^2}", sp.log(x ** 2)),
                                             (r"y = \log (x)^2", sp.log(x) ** 2),
                                             (r"y = \log \left(x\right)^2", sp.log(x) ** 2),
                                             (r"y = \log^2 {x}", sp.log(x) ** 2), (r"y = \sin(x)^2", sp.sin(x) ** 2),
                                             (r"y = \log {x} + 1", sp.log(x) + 1)])
def test_braces_without_a_power_and_parentheses_keep_their_reading(latex, expected):
    assert value(latex) == expected


# -- a primed epsilon with a subscript ------------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"y = \epsilon'_2", r"y = \epsilon_{2}'", r"y = \epsilon_2'", r"y = \varepsilon'_2",
                                   r"y = \epsilon^{\prime}_2", r"y = \epsilon'_1", r"y = \epsilon'_{t-1}",
                                   r"y = e^{\epsilon'_2}", r"y = \epsilon'_2 + \epsilon_2",
                                   r"y = \frac{\epsilon'_{2}}{2}", r"y = \epsilon_1'^2"])
def test_a_primed_epsilon_with_a_subscript_is_refused(latex):
    refused(latex, "primed epsilon with a subscript")       # were epsilon_2[2], epsilon_2[1], ...: members of eps2


def test_a_primed_epsilon_alone_under_a_sum_or_declared_keeps_its_reading():
    n, i = sp.symbols("n i")
    assert value(r"y = \epsilon'") == eps2
    assert value(r"y = \epsilon'^2") == eps2 ** 2
    got = value(r"y = \sum_{i=1}^n \epsilon'_i")                 # the family epsilon', member i
    assert isinstance(got, sp.Sum) and got.limits == ((i, 1, n),)
    declared = NOTATION.extend(symbols={r"\epsilon'_2": sp.Symbol("e2p")})
    assert value(r"y = \epsilon'_2 + 1", notation=declared) == sp.Symbol("e2p") + 1
    assert eps2 in value(r"y = \epsilon' + \epsilon_1").free_symbols


@pytest.mark.parametrize("latex, expected", [(r"y = x'_2", sp.IndexedBase(sp.Symbol("x'"))[2]),
                                             (r"y = x_2'", sp.Symbol("x_2'")),
                                             (r"y = \delta'_2", sp.IndexedBase(sp.Symbol("delta'"))[2]),
                                             (r"y = \epsilon''_2", sp.IndexedBase(sp.Symbol("epsilon''"))[2])])
def test_other_primed_names_with_a_subscript_keep_their_reading(latex, expected):
    assert str(value(latex)) == str(expected)


# -- one name twice in a product through parenthesised groups --------------------------------------------------------

@pytest.mark.parametrize("latex", [r"y = (W \Sigma^{-1}) \cdot W", r"y = (W \Sigma^{-1}) W", r"y = (a)(b)(a)",
                                   r"y = \left(W \Sigma^{-1}\right) W", r"y = (a b) a", r"y = a (b a)",
                                   r"y = (a \cdot b) \cdot a", r"y = (a b)(c a)", r"y = (x_i)(y)(x_i)",
                                   r"y = {a b} a", r"y = ((a b)) a", r"y = (a / b) a", r"y = (-a b) \cdot a"])
def test_one_name_twice_around_other_factors_through_groups_is_refused(latex):
    refused(latex, "twice in one product")          # were W**2/Sigma, a**2*b, ...: read as scalar products


@pytest.mark.parametrize("latex, expected", [(r"y = (x+y)(x-y)", (x + y) * (x - y)), (r"y = (x)(x)", x ** 2),
                                             (r"y = 2(x)(x)", 2 * x ** 2), (r"y = x (x + 1)", x * (x + 1)),
                                             (r"y = (x y)^2 x", x ** 3 * y ** 2), (r"y = (x)^2 (x)", x ** 3),
                                             (r"y = (x y)(y h)", x * y ** 2 * h), (r"y = (x)(x)(y)", x ** 2 * y),
                                             (r"y = \log(x y) x", x * sp.log(x * y)),
                                             (r"y = \exp(x y) \cdot x", x * sp.exp(x * y)),
                                             (r"y = (1 - x) n (1 - x)", sp.Symbol("n") * (1 - x) ** 2)])
def test_groups_of_sums_squares_powers_and_arguments_keep_their_reading(latex, expected):
    assert value(latex) == expected


# -- two definitions run together in a row that writes its products with * -------------------------------------------

@pytest.mark.parametrize("latex", [r"\alpha = \mu * \nu \beta = (1 - \mu) * \nu", r"\alpha = \mu * \nu^2 \beta = 1",
                                   r"\alpha = \mu * \nu_1 \beta_2 = (1 - \mu) * \nu",
                                   r"\alpha = \mu * \nu \hat\beta = 2", r"\alpha = \mu * \nu \beta' = 2",
                                   r"\alpha = \mu * \nu^{-1} \beta = 2", r"\alpha = \mu * \nu \beta \le 1",
                                   r"y = a * b c = d", r"y = a * \mathrm{MSE} \beta = d"])
def test_names_side_by_side_before_a_relation_in_a_row_written_with_stars_are_refused(latex):
    refused(latex, "two statements run together")   # were alpha = mu*nu*beta = (1 - mu)*nu, a chain


@pytest.mark.parametrize("latex, expected", [(r"y = x * h z", (x * h * z,)), (r"y = x * h = z", (x * h, z)),
                                             (r"y = x * h \cdot z = 1", (x * h * z, 1)),
                                             (r"y = (x * h) z = 1", (x * h * z, 1)),
                                             (r"y = x * 2 h = z", (2 * x * h, z)),
                                             (r"y = x h * z = 1", (x * h * z, 1)), (r"x h = z * y", (x * h, z * y)),
                                             (r"y = x * (h z) = 1", (x * h * z, 1)),
                                             (r"y = x * h, \quad z h > 0", (x * h,)),
                                             (r"y = x \cdot h z = 1", (x * h * z, 1)),
                                             (r"y = x h z = 1", (x * h * z, 1))])
def test_rows_without_stars_or_without_a_pair_before_a_relation_keep_their_reading(latex, expected):
    assert display(latex).chain == expected


def test_a_star_on_a_name_is_no_product():
    got = display(r"y = x^* h = z").chain
    assert got[0] == sp.Symbol("x^*") * h and got[1] == z


# -- italic names of operators before their parentheses ----------------------------------------------------------

@pytest.mark.parametrize("italic, backslashed", [(r"y = cosh^h(\frac{z}{2})", r"y = \cosh^h(\frac{z}{2})"),
                                                 (r"y = cosh^2(x)", r"y = \cosh^2(x)"), (r"y = cosh(x)", r"y = \cosh(x)"),
                                                 (r"y = h cosh(x)", r"y = h \cosh(x)"),
                                                 (r"y = sinh(x) + 1", r"y = \sinh(x) + 1"),
                                                 (r"y = tan^2(x) + 1", r"y = \tan^2(x) + 1"),
                                                 (r"y = arctan(x) + 1", r"y = \arctan(x) + 1"),
                                                 (r"y = cosh^{h}\left(\frac{z}{2}\right)",
                                                  r"y = \cosh^{h}\left(\frac{z}{2}\right)"),
                                                 (r"y = tanh^h(x)", r"y = \tanh^h(x)"),
                                                 (r"y = sin^2(x)", r"y = \sin^2(x)")])
def test_an_italic_operator_name_before_its_parentheses_is_the_operator(italic, backslashed):
    assert value(italic) == value(backslashed)    # cosh^h(...) was refused, cosh(x) an undeclared function cosh


@pytest.mark.parametrize("latex, match", [(r"y = cosh x", "no known name"), (r"y = cosh^h z", "no known name"),
                                          (r"y = abc^2(x)", "no known name")])
def test_an_italic_operator_name_without_parentheses_stays_refused(latex, match):
    refused(latex, match)


def test_letters_apart_stay_a_product():
    c, o, s = sp.symbols("c o s")
    assert value(r"y = c o s h") == c * o * s * h


@pytest.mark.parametrize("latex", [r"y = \sin^{-1}(x)", r"y = \tan^{-1} x", r"y = \cosh^{-1}(x)", r"y = tan^{-1}(x)",
                                   r"y = \log^{-1}(x)"])
def test_an_operator_to_the_power_minus_one_is_refused(latex):
    refused(latex, "the inverse function")          # were 1/sin(x), 1/tan(x): arcsin, arctan in most papers


@pytest.mark.parametrize("latex, expected", [(r"y = (\sin x)^{-1}", 1 / sp.sin(x)), (r"y = \sin(x)^{-1}", 1 / sp.sin(x)),
                                             (r"y = \sin^{-2}(x)", sp.sin(x) ** -2), (r"y = \log^2 x", sp.log(x) ** 2),
                                             (r"y = \arctan(x)", sp.atan(x))])
def test_other_powers_of_operators_keep_their_reading(latex, expected):
    assert value(latex) == expected
