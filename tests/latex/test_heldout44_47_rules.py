"""Readings and refusals added after heldout44-47 (dapper's R Journal source, Pisa's statistics notes, a CS 208 student's
DP homework, Wichmann's likelihood notes), each with its near miss:

- misreadings closed: ``\\binom{0.9}{-1.17}`` (a column vector) read as a binomial coefficient of decimals; a function's
  value defined by a formula that holds it (``f(y | x, a, b) = f(x | m, s) f(y | x, a, b)``, the author's joint density
  on the left); ``(a \\quad b)^t`` (a row vector) read as a product; ``\\theta^t t(x)`` (a transpose times a statistic)
  read with t both an exponent and a function;
- newly read: a connective ending the row (``k(1-p) &= (n-k)p \\Leftrightarrow``); a letter raised to a power, with no
  argument after it (``p^2 k``), a number of the display, so ``p(n - k)`` beside it is a product; ``n x_i`` written
  ``nx_i`` where the display writes ``n`` alone as a number (``\\frac{n}{2}``); ``\\mathcal{J}_x(\\theta)`` is the
  paper's function, never the Bessel J.
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
    refused(r"y = \binom{n}{1/2}", "no whole number at least 0")
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


def test_a_letter_both_called_and_a_number_is_refused():
    refused(r"L_x(\theta)=\frac{1}{c(\theta)}\exp[\theta^t t(x)]", "called as a function and also used as a plain")
    t = sp.Function("t")
    assert display(r"y = \theta t(x) + t(z)").chain[0].has(t(x))             # a function only: a call, as before


def test_a_connective_ending_the_row_is_dropped():
    assert display(r"k(1-p)&=(n-k)p\Leftrightarrow").chain == (k * (1 - p), (n - k) * p)
    assert display(r"x = 1 \implies &").chain == (1,)
    refused(r"x \Rightarrow y", "an implication")                                # between formulas: refused


def test_a_letter_raised_to_a_power_is_a_number_of_the_display():
    chain = display(r"(1-2p+p^2)k+p(n-k)=k-2pk+p^2 k+pn-pk").chain
    assert sp.expand(chain[0] - chain[1]) == 0 and not chain[0].atoms(sp.core.function.AppliedUndef)
    refused(r"y = f^2(x) + f(x)", "a power of a function")                      # a power with its argument: the function's
    refused(r"y = g^{(k)}(x) g(x)", "a superscript in parentheses")


def test_a_glued_letter_is_a_factor_where_the_display_writes_it_alone():
    assert display(r"&= nx_i + \frac{n}{e^{\epsilon}-1}").chain[0].has(n * sp.Symbol("x_i"))
    refused(r"&= nx_i", "the product of its letters or one name")               # alone: one name or a product?


def test_a_calligraphic_letter_is_no_bessel_function():
    assert "J_cal_x(theta)" in str(display(r"y = \mathcal{J}_x(\theta) + 1").chain[0])
    refused(r"y = J_0(x)", "the Bessel function J_nu")
