"""Readings and refusals added after heldout44-47 (dapper's R Journal source, Pisa's statistics notes, a CS 208 student's
DP homework, Wichmann's likelihood notes), each with its near miss:

- misreadings closed: ``\\binom{0.9}{-1.17}`` (a column vector) read as a binomial coefficient of decimals; a function's
  value defined by a formula that holds it (``f(y | x, a, b) = f(x | m, s) f(y | x, a, b)``, the author's joint density
  on the left); ``(a \\quad b)^t`` (a row vector) read as a product; ``\\theta^t t(x)`` (a transpose times a statistic)
  read with t both an exponent and a function;
- newly read: ``n x_i`` written ``nx_i`` where the display writes ``n`` alone as a number (``\\frac{n}{2}``);
  ``\\mathcal{J}_x(\\theta)`` is the paper's function, never the Bessel J; ``x_1 + x_2 + \\cdots + x_N`` sums from 1
  (it was ``x_1`` plus a sum from 2, the name x_1 beside the member x[i]); ``k \\equiv 1 + 20/N^2`` defines k;
- tried and undone after the review: a connective ending the row (a premise, or a relation whose target is on the
  next row), a letter raised to a power as a number of the display (a function's value written bare, ``x(t + 1) = r x
  - r x^2``).
"""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display

x, y, p, k, n, a, b = sp.symbols("x y p k n a b")


def refused(latex: str, words: str) -> None:
    with pytest.raises(LatexError, match=words):
        display(latex)


def test_a_binomial_whose_lower_part_is_no_whole_number_is_refused():
    refused(r"\mu = \binom{0.9}{-1.17}", "a column vector written with")
    refused(r"y = \binom{n}{1/2}", "no whole number")
    refused(r"y = \binom{1}{-1}", "a column vector written with")              # the vector (1, -1), not 0
    assert display(r"y = \binom{n}{k}").chain == (sp.binomial(n, k),)
    assert display(r"y = \binom{1/2}{3}").chain == (sp.Rational(1, 16),)    # a generalised coefficient: a count below


def test_a_value_defined_by_a_formula_that_holds_it_is_refused():
    refused(r"f(y \mid x, \alpha, \beta) &= f(x \mid \mu_x, \sigma_x)f(y \mid x, \alpha, \beta)", "holds")
    f = sp.Function("f")
    assert display(r"f(x) = 2 f(x/2)").chain == (2 * f(x / 2),)              # a functional equation: other arguments


def test_a_wide_space_between_terms_in_brackets_sets_entries_apart():
    refused(r"V=\left(-\frac{1}{\sigma^2}\sum_{i=1}^n(x_i-\mu)\quad\frac{n}{2\sigma^2}\right)^t", "a vector or a list")
    refused(r"y = (a \quad b)", "a vector or a list")
    assert display(r"y = a \quad a > 0").conditions == (a > 0,)               # at the top: a condition, as before
    # a binary operator spaced widely is no entry (the review's near misses); other constructs keep their reasons
    assert display(r"y = \left( a \quad - \quad b \right)^2").chain == ((a - b) ** 2,)
    assert display(r"y = \left( a \quad \cdot \quad b \right)").chain == (a * b,)
    assert display(r"y = \left( x \quad \bmod p \right)").chain == (sp.Mod(x, p),)
    refused(r"y=\left(a \quad \approx b\right)", "an approximation")
    assert display(r"y = \left( a \quad \wedge \quad b \right)").chain == (sp.Min(a, b),)   # the third review
    assert display(r"y = \Big( a + b \quad \Big) c").chain == (sp.Symbol("c") * (a + b),)
    refused(r"y = (a \quad \otimes b)", "a tensor product")
    for latex in (r"y = (1 \quad -1)", r"y = (\cos\theta \quad -\sin\theta)", r"y = (a \quad \varepsilon)",
                  r"y = (a \quad \infty)", r"y = (a \quad \max(b, c))"):          # the second review's vectors
        refused(latex, "a vector or a list")


def test_a_letter_both_called_and_a_number_is_refused():
    refused(r"L_x(\theta)=\frac{1}{c(\theta)}\exp[\theta^t t(x)]", "called as a function and also used as a plain")
    # t an argument elsewhere (an integration variable, another call's) does not excuse the exponent
    refused(r"y = \exp(\theta^t t(x) - A(\theta)) + \int_0^1 g(t) dt",   # t integrated over: a number (bound_variables)
            "called as a function and also|a number elsewhere")
    refused(r"y = c(\theta)\exp(\theta^t t(x)) s(t)", "called as a function and also")
    refused(r"y = g(\theta^t t(x))", "called as a function and also")          # inside another call's argument
    refused(r"y = g(t^2) + t(x)", "called as a function and also")
    t = sp.Function("t")
    assert display(r"y = \theta t(x) + t(z)").chain[0].has(t(x))             # a function only: a call, as before
    assert display(r"y = g(t) + t(x)").chain[0].has(t(x))                      # t only as an argument


def test_a_connective_ending_the_row_stays_refused():
    refused(r"k(1-p)&=(n-k)p\Leftrightarrow", "an equivalence")                  # named since heldout56's sets
    refused(r"|f(x) - f(y)| \le 1 \implies", "an implication")


def test_a_letter_raised_to_a_power_makes_no_number():
    refused(r"x(t + 1) = r x - r x^2", "a sequence's next step")                 # the logistic map, x(t) written bare
    refused(r"(1-2p+p^2)k+p(n-k)=k-2pk+p^2 k+pn-pk", "ambiguous")
    refused(r"y = e^{", "unbalanced|incomplete|braces")                            # a row cut in an exponent: no crash


def test_a_glued_letter_is_a_factor_where_the_display_writes_it_alone():
    assert display(r"&= nx_i + \frac{n}{e^{\epsilon}-1}").chain[0].has(n * sp.Symbol("x_i"))
    refused(r"&= nx_i", "the product of its letters or one name")               # alone: one name or a product?


def test_a_calligraphic_letter_is_no_bessel_function():
    assert "J_cal_x(theta)" in str(display(r"y = \mathcal{J}_x(\theta) + 1").chain[0])
    refused(r"y = J_0(x)", "the Bessel function J_nu")


def test_an_ellipsis_sum_starts_at_its_first_written_term():
    xs = sp.IndexedBase("x")
    i, N = sp.symbols("i N")
    got = display(r"\hat{\mu} = \frac{x_{1} + x_{2} + \cdots + x_{N}}{N}").chain[0]
    assert got.dummy_eq(sp.Sum(xs[i], (i, 1, N)) / N), got
    assert str(display(r"y = x_1 + x_2 + x_3 + \cdots + x_n").chain[0]) == "Sum(x[i], (i, 1, n))"
    assert str(display(r"y = a + x_2 + \cdots + x_N").chain[0]) == "a + Sum(x[i], (i, 2, N))"   # another term before
    refused(r"y = x_0 + x_2 + \cdots + x_N", "an ellipsis")                     # no pattern a reader can continue
    refused(r"y = x_1 + x_3 + \cdots + x_n", "an ellipsis")
    for latex in (r"y = x_1 - x_2 + x_3 + \cdots + x_n", r"y = -x_1 + x_2 + \cdots + x_n",     # the second review
                  r"y = x_1 - x_2 + \cdots + x_n", r"y = 1 - \frac12 + \frac13 + \cdots + \frac1n",
                  r"y = 0.5 + \cdots + 0.9", r"y = 1 + 2.5 + \cdots + n", r"y = 1 + 3 + \cdots + n"):
        refused(latex, "an ellipsis")                                            # a sign or a step: refused, no crash
    assert str(display(r"y = a + 1 + 2 + \cdots + n").chain[0]) == "a + Sum(i, (i, 1, n))"
    refused(r"y = x_5 + \cdots + x_1", "an ellipsis")                            # counting down


def test_parentheses_after_a_wide_space_are_no_call():
    refused(r"\tau = t / T \quad (\text{dimensionless})", "parentheses after a wide space")   # was T(dimensionless)
    refused(r"y = T \quad (b + c)", "parentheses after a wide space")
    refused(r"y = x^2 \quad (0 < x < 1)", "a condition where an expression was expected")    # its own reason


def test_equiv_after_a_bare_name_defines_it():
    d = display(r"k&\equiv& 1+\frac{20}{N^{2}}")
    assert d.defines == "k" and d.chain == (1 + 20 / sp.Symbol("N") ** 2,)
    refused(r"a \equiv b \pmod n", "an equivalence")                          # a congruence
    refused(r"f(x) \equiv 0", "an equivalence")                                # identically: not a definition
    refused(r"x \equiv y \equiv z", "an equivalence")
    for latex in (r"n \equiv 0 \quad [2]", r"x \equiv 1 \quad (4)", r"x \equiv 1", r"xy \equiv 1 + a",
                  "x \\equiv a \n \\pmod{4}"):                                   # congruences, a word
        refused(latex, "an equivalence")
    refused(r"e \equiv y - \hat{y}", "an equivalence")
    for latex in (r"f \equiv \frac{h}{N} \label{eq:model}", r"k \equiv \frac{h}{N} \quad (3)", r"\[ k \equiv \frac{h}{N} \]"):
        assert display(latex).chain == (sp.Symbol("h") / sp.Symbol("N"),)        # a label, a number, delimiters: stripped first
    refused(r"x \equiv \frac{1}{2}", "an equivalence")                         # numbers only on the right: no name                         # e, i, pi: never defined by \equiv


def test_a_constant_letter_alone_on_the_left_of_a_definition_is_refused():
    for latex in (r"e = y - \hat{y}", r"\pi = \frac{1}{K}", r"e := y - \hat{y}"):
        refused(latex, "a claim about the constant")
    assert display(r"e_i = y_i - \hat{y}_i").defines == "e_i"                     # a residual's member: a name
    assert display(r"e = \sum_{k=0}^{\infty} \frac{1}{k!}").chain[0] == sp.E    # a fact about the number
