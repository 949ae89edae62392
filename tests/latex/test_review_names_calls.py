"""Names before parentheses and the sides of a relation, from an adversarial review of the reader (2026-12-07):
each shape was read silently as something its author did not mean, and some then REFUTED a true statement (k(0) >
0 read 0 > 0) or PROVED a false one (k(0) <= 0)."""
from __future__ import annotations

import pytest

from symdp.latex import LatexError, display


@pytest.mark.parametrize("text", [r"k(0) > 0", r"k(2x) \le k(0)", r"n(0) e^{rt}",
                                  r"\frac{1}{nh}\sum_{i=1}^n k\left(\frac{x - x_i}{h}\right)"])
def test_a_count_letter_before_a_number_or_a_fraction_is_ambiguous(text):
    """A kernel's value k(0), or k times 0?  Before a sum (``k(1 - f)``) a count letter stays a product."""
    with pytest.raises(LatexError, match="ambiguous"):
        display(text)


@pytest.mark.parametrize("text, meant", [(r"k(1 - f)", "k*(1 - f)"), (r"n(n+1)", "n*(n + 1)"),
                                         (r"n(\bar{x})^2", "n*x_bar**2")])
def test_a_count_letter_before_a_sum_or_a_grouped_name_stays_a_product(text, meant):
    assert [str(m) for m in display(text).chain] == [meant]


@pytest.mark.parametrize("text", [r"p^{*}(1 - q) \le 1", r"n^*(1+\epsilon) \le 1", r"x^{+}(1+x)"])
def test_a_starred_name_before_parentheses_is_no_word(text):
    """``p^{*}`` is spelled in four characters but is one letter with a star: not a word like ``score``."""
    with pytest.raises(LatexError, match="ambiguous"):
        display(text)


@pytest.mark.parametrize("text", [r"\lambda \ge \lambda(t + 1)", r"\theta - \eta g = \theta(t+1)"])
def test_a_sequence_step_is_refused_on_either_side(text):
    with pytest.raises(LatexError, match="next step"):
        display(text)


@pytest.mark.parametrize("text", [r"xy = \frac{(x+y)^2 - (x-y)^2}{4}", r"pq = p - p(1-q)"])
def test_letters_written_together_that_the_other_side_uses_alone_are_refused(text):
    with pytest.raises(LatexError, match="product of its letters"):
        display(text)


@pytest.mark.parametrize("text, members", [(r"\Gamma(1/2) = \sqrt{\pi}", ["sqrt(pi)", "sqrt(pi)"]),
                                           (r"\Phi(0) = \frac13", ["1/2", "1/3"])])
def test_a_known_function_at_a_number_is_a_claim_not_a_definition(text, members):
    read = display(text)
    assert [str(m) for m in read.chain] == members and not read.defines


def test_a_known_function_of_a_variable_is_still_defined():
    assert display(r"\Phi(x) = \frac{1}{2}").defines == r"\Phi(x)"


@pytest.mark.parametrize("text", [r"e^{h} = 1 + h + o(h)", r"\frac{n(n+1)}{2} = \Theta(n^2 + 1)",
                                  r"\Omega(\log n + 1)", r"T(n) \le \mathcal{O}(h)"])
def test_a_landau_symbol_is_no_formula(text):
    with pytest.raises(LatexError, match="Landau"):
        display(text)


@pytest.mark.parametrize("text", [r"x, y \ge 0", r"\varepsilon, \delta > 0", r"a_{1}, a_{2} \ge 0"])
def test_a_list_of_names_sharing_a_relation_is_refused(text):
    """``x, y >= 0`` was read as x alone with the condition y >= 0."""
    with pytest.raises(LatexError, match="list of names"):
        display(text)


@pytest.mark.parametrize("text", [r"T = 5\,\mathrm{ms}", r"T \le 5\,\text{s}", r"1\,\mathrm{km} = 1000\,\mathrm{m}"])
def test_an_upright_unit_after_a_number_is_refused(text):
    """``1\\,\\mathrm{km} = 1000\\,\\mathrm{m}`` was the identity km = 1000 m between two names."""
    with pytest.raises(LatexError, match="unit"):
        display(text)


@pytest.mark.parametrize("text, meant", [(r"\int_0^1 2\,\mathrm{d}x", "Integral(2, (x, 0, 1))"),
                                         (r"2\,\mathrm{min}(a, b)", "2*Min(a, b)")])
def test_a_differential_or_an_operator_after_a_number_is_no_unit(text, meant):
    assert [str(m) for m in display(text).chain] == [meant]
