"""Rows that state other than one relation, found by heldout60-62 (two posts on privacy accounting, a Bayesian cheat
sheet, a DP auditing report): each read silently before, each refused now, with its near miss.
"""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, NotAFormula, display


@pytest.mark.parametrize("latex", [r"\left(\frac{k\alpha}{2\sigma^2} + \frac{\log(1/\delta)}{\alpha-1}, \delta\right).",
                                   r"\left(\frac{1+a}{2},\frac{1-a}{2}\right)."])
def test_a_pair_standing_alone_is_no_formula(latex):
    with pytest.raises(NotAFormula, match="a tuple of values"):
        display(latex)


def test_a_pair_equal_to_a_pair_is_still_read():
    assert len(display(r"(x^*, y^*) = (1, 2)").chain) == 2


def test_a_row_opened_by_and_quad_without_a_relation_continues_the_row_before():
    with pytest.raises(NotAFormula, match="the rest of the previous row"):
        display(r"& \quad \left[\dbinom{N}{N_1}\theta^{N_1}(1-\theta)^{N_0}\right]")
    assert display(r"\binom{N}{N_1}\theta^{N_1}").chain   # not opened so: an expression


def test_a_lowercase_word_as_the_value_after_equals_is_no_formula():
    with pytest.raises(NotAFormula, match="'median'"):
        display(r"& \therefore f(\vec{x})=\text{median}")
    assert len(display(r"\text{regret} \le 2\sqrt{T}").chain) == 2      # a named quantity bounded: read
    assert len(display(r"0 \le \text{loss} \le 1").chain) == 3


@pytest.mark.parametrize("latex", [r"p^*=\frac{1+a}{2}, \qquad q^*=\frac{1-a}{2}.",
                                   r"A_\alpha(u)=(u+a)^\alpha u^{1-\alpha}, \qquad "
                                   r"B_\alpha(u)=(1-u-a)^\alpha(1-u)^{1-\alpha},",
                                   r"\sigma_{\text{Gumb}}' = \frac{\pi \sqrt{k}}{\sqrt{6}\varepsilon'}, \qquad "
                                   r"\sigma_{\text{Lap}}' = \frac{2\sqrt{2k}}{\varepsilon'}.",
                                   r"\mu=\frac{a+b}{2}, \qquad \sigma^2_{\text{U}}=\frac{(b-a)^2}{12}",
                                   r"\varepsilon_{\text{tot}}=k\varepsilon, \qquad \delta_{\text{tot}}=T\delta_0"])
def test_a_second_definition_after_a_wide_space_is_no_condition(latex):
    with pytest.raises(LatexError, match="two statements in one row"):
        display(latex)


def test_conditions_on_the_formulas_names_stay_conditions():
    c, x = sp.symbols("c x")
    d = display(r"f(x) = x^2 + c, \quad c = 1")
    assert d.conditions == (sp.Eq(c, 1),)
    assert display(r"z = 1.96, \quad \alpha = 0.05").conditions    # a setting in numbers only: kept
