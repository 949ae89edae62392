"""Readings and refusals added after heldout14 (Shekhar's ECE 598 notes on information theory and statistics), each
with its near-miss: plain TeX's font switches; a plain log where the text names base 2 (in test_blog_rules.py);
bars around a set (a capital letter's value nobody declared, a calligraphic letter); a calligraphic functional
R(P, L); a semicolon's mutual information I(X; Y); a definition sign after an expression (=: written :=); a second
equation after "and"."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display


def refused(latex: str, words: str) -> None:
    with pytest.raises(LatexError, match=words):
        display(latex)


def test_bars_around_a_calligraphic_letter_are_a_set_size():
    refused(r"|{\cal V}| \geq 2^d 3^{3d/4} 4^{-d}", "a set or a family")
    assert str(display(r"y = |v| + 1").chain[0]) == "Abs(v) + 1"


def test_a_calligraphic_function_of_a_calligraphic_family_is_a_functional():
    refused(r"{\cal R}({\cal P}, L) \geq \frac{w(\delta)}{2}", "a functional")
    assert str(display(r"y = f(\mathcal{D}) + 1").chain[0]) == "f(D_cal) + 1"


def test_a_semicolon_after_a_capital_letter_is_a_mutual_information():
    refused(r"y = I(V; X) + 1", "mutual information")
    assert str(display(r"y = c F(t; \theta)").chain[0]) == "c*F(t, theta)"
    assert str(display(r"y = \max\{a; 0\}").chain[0]) == "Max(0, a)"


def test_a_definition_sign_after_an_expression_is_refused():
    refused(r"& = -\sum_{i=1}^n p_i \log p_i \coloneqq H(P_X).", "a definition sign after an expression")
    refused(r"a + b := c", "a definition sign after an expression")
    assert display(r"\sigma^2 \coloneqq \frac{2}{\varepsilon^2}").defines == r"\sigma^2"
    assert str(display(r"g(x+1) := x + 1").chain[-1]) == "x + 1"


def test_a_second_equation_after_and_is_refused_a_name_set_after_and_is_a_condition():
    refused(r"\sum_{i=1}^k \frac{p_i}{c + x_i} = 1, \quad \text{and} \quad \sum_{i=1}^k \frac{p_i x_i}{c + x_i} = m",
            "a second equation")
    assert str(display(r"y = x^2 \quad \text{and} \quad x = 2").conditions[0]) == "Eq(x, 2)"
    assert str(display(r"y = x^2, \text{ and } x > 0").conditions[0]) == "x > 0"


def test_a_bold_one_with_an_event_is_an_indicator_an_index_is_not():
    got = display(r"y = \boldsymbol{1}_{w=1} + \boldsymbol{1}_{w=0}").chain[0]
    assert got.subs("w", 1) == 1 and got.subs("w", 0) == 1 and got.subs("w", 2) == 0
    assert str(display(r"y = \mathbbm{1}\{x > 0\}").chain[0]) == "Piecewise((1, x > 0), (0, True))"
    refused(r"y = 1_i + 2", "a subscript on an expression")


BUMP = (r"\item Let us consider a bump function $\phi: [0, 1] \to [0,1]$ defined as ",
        r"\item For any $j \geq 1$, define the scaled-and-shifted bump function $\phi_j$ as ")


def test_a_signature_or_the_word_function_before_a_name_declares_a_function_of_the_paper():
    got = display(r"\theta_j(x)= h \phi_j(x) = h \phi\left( m \left( x - \frac{j-1}{m} \right) \right), \quad "
                  r"\text{with} \quad h > 0, \quad 3 m h \leq C.", prose=BUMP)
    assert [str(m) for m in got.chain] == ["h*phi_j(x)", "h*phi(m*(x - (j - 1)/m))"] and len(got.conditions) == 2
    assert str(display(r"y = \phi(x) + 1", prose=(r"Catoni's $\phi:\mathbb{R} \to \mathbb{R}$ is increasing.",)
                       ).chain[0]) == "phi(x) + 1"


def test_without_the_sentence_or_with_a_known_function_the_reading_is_as_before():
    refused(r"y = \phi(x) + 1", "a function of their own")
    with pytest.raises(LatexError):
        display(r"y = \phi(x) + 1", prose=(r"Let $\phi: A \times B \to C$ be given.",))   # two arguments: not declared
    assert str(display(r"y = \Gamma(x)", prose=(r"the gamma function $\Gamma$ again",)).chain[0]) == "gamma(x)"


def test_eqcolon_names_its_right_side_and_is_refused():
    """``\\eqcolon`` (mathtools' =:) defines the name on its right: read as an equation, the definition was checked
    (and refuted, X_bar_n free) as a relation; refused since a review of 2026-12-07 (tests/latex/test_stated_domains.py)."""
    refused(r"\widehat{\theta}(X^n) = \frac{1}{n} \sum_{i=1}^n X_i \eqcolon \bar{X}_n.", "the name defined")


def test_the_indicator_of_an_interval_at_a_point():
    got = display(r"y = x 1_{[0,1]}(x) + 1_{(0, \infty)}(t)").chain[0]
    assert got.subs({"x": sp.Rational(1, 2), "t": 1}) == sp.Rational(3, 2) and got.subs({"x": 2, "t": 0}) == 0
    refused(r"y = 1_{[0,1]} + 2", "a subscript on an expression")
    refused(r"y = 1_{A}(t)", "a member of an indexed family")
