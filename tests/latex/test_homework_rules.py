"""Readings and refusals added after heldout10 (students' LaTeX for a DP course's homework), each with its near-miss:
two capitals written together (GS, a global sensitivity) refused as a product or an acronym; \\text{max}(a, b) the
maximum as \\max(a, b) is; a decoration over a primed letter, \\bar{x'}, the decorated letter primed; TeX's \\not\\in and
\\not= the relations they print; plain TeX's {n \\choose k} (tests/latex/test_captions_and_primes.py)."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display


def chain(latex: str) -> tuple:
    return tuple(str(m) for m in display(latex).chain)


def refused(latex: str, words: str) -> None:
    with pytest.raises(LatexError, match=words):
        display(latex)


@pytest.mark.parametrize("latex", [r"GS", r"\frac{GS}{\epsilon}", r"&= TV + 1"])
def test_two_capitals_written_together_are_refused_naming_both_readings(latex):
    refused(latex, r"the product . . or one name \(an acronym")


@pytest.mark.parametrize("latex, want", [(r"G S", "G*S"), (r"\mathrm{GS}/\epsilon", "GS/epsilon"), (r"nk", "k*n"),
                                         (r"Np", "N*p")])
def test_spaced_capitals_a_word_and_lower_case_runs_still_read(latex, want):
    assert chain(latex) == (want,)


@pytest.mark.parametrize("latex, want", [
    (r"\text{max}\left(\dfrac{1-a}{1-b}, \dfrac{a}{b}\right)", "Max(a/b, (1 - a)/(1 - b))"),
    (r"\mathrm{max}(a, b)", "Max(a, b)"),
    (r"e^{\epsilon}\cdot \text{max}\{p, 1-p\} + \delta", "delta + exp(epsilon)*Max(p, 1 - p)"),
    (r"\operatorname{min}\{p, 1-p\}", "Min(p, 1 - p)"),
])
def test_an_upright_max_or_min_before_a_list_is_the_maximum_or_minimum(latex, want):
    assert chain(latex) == (want,)


@pytest.mark.parametrize("latex, words", [(r"\text{max}_{x} f(x)", "optimisation"),
                                          (r"\text{max}(a)", "two or more expressions")])
def test_an_upright_max_over_an_index_or_of_one_expression_is_refused(latex, words):
    refused(latex, words)


def test_a_decoration_over_a_primed_letter_is_the_decorated_letter_primed():
    assert chain(r"\bar{x'} - \bar{x}'") == ("0",)
    (got,) = display(r"\bar{x} - \bar{x'} \leq \delta").chain[:1]
    assert sorted(s.name for s in got.free_symbols) == ["x_bar", "x_bar'"]
    assert chain(r"\hat{\theta''} + 1") == ("theta_hat'' + 1",)


def test_a_decoration_over_an_expression_is_still_refused():
    refused(r"\bar{x' + 1}", "over an expression")


def test_not_in_and_not_equal_are_the_relations_they_print():
    (got,) = display(r"f_Y(y) = \begin{cases} e^{-y} & \text{if } y \in [0, 1] \\ 0 & \text{if } y \not\in [0, 1] "
                     r"\end{cases}").chain
    y = next(iter(got.free_symbols))
    assert got.subs(y, sp.Rational(1, 2)) == sp.exp(-sp.Rational(1, 2)) and got.subs(y, 2) == 0
    assert chain(r"x \not \in [0, 1]") == chain(r"x \notin [0, 1]")
    refused(r"x \not= 1", r"\\neq")


@pytest.mark.parametrize("latex", [r"x \not\le 1", r"x \not\infty"])
def test_any_other_not_is_refused(latex):
    refused(latex, r"\\not")


# -- after heldout11 (a DP blog's proofs) ---------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"\exp\left(\frac{1}{b} g(f, D) \right)", r"h(f) + 1", r"T(F, G) + 1", r"S(g_1)"])
def test_a_call_taking_a_function_letter_is_a_functional_and_refused(latex):
    refused(latex, "a letter papers use for a function: a functional of")


def test_a_call_of_names_or_of_the_defined_sides_function_still_reads():
    assert chain(r"g(x, D) + 1") == ("g(x, D) + 1",)
    (got,) = display(r"J(f,d) = \frac{1}{n}\sum_{i=1}^{n}l(f(x_{i}),y_{i}) + \Lambda N(f)").chain
    assert "N(f)" in str(got)


def test_a_left_side_whose_parentheses_hold_a_sum_defines_nothing():
    refused(r"c \left((1-p) + \frac{p}{k} - \frac{p}{k}\right) &= 1", "ambiguous: c")
    assert chain(r"G(1 - \alpha) = 2") == ("G(1 - alpha)", "2")
    assert chain(r"\delta(\varepsilon) = \Phi(-\varepsilon/\mu + \mu/2)") == ("Phi(-epsilon/mu + mu/2)",)
    assert chain(r"f(x; a, -b) = x") == ("x",)


# -- after heldout12 (a statistics blog: Bayesian estimation, foundations of testing) -------------------------

@pytest.mark.parametrize("latex", [r"&= R(\pi, g_\pi)", r"R(\mu, g_{\nu, m}) \leq \frac{\sigma^2}{n} + (\mu - \nu)^2"])
def test_a_call_taking_a_subscripted_function_letter_is_a_functional_and_refused(latex):
    refused(latex, "a letter papers use for a function: a functional of")


def test_an_integral_with_no_limits_is_refused_one_with_limits_reads():
    refused(r"&=\int (\tilde{\varphi} - \varphi) p_1 dx", r"no limits: over the whole space")
    x = sp.Symbol("x")
    (got,) = display(r"\int_0^1 x \, dx").chain
    assert got.subs({s: x for s in got.free_symbols}).doit() == sp.Rational(1, 2)


@pytest.mark.parametrize("latex, event", [
    (r"\tilde{\varphi}(x) = 1_{\lbrace T(x) > c\rbrace} + \gamma", "c < T(x)"),
    (r"\varphi(x) = 1_{\lbrace \overline{X}_n > c \rbrace}", "X_bar_n > c"),
    (r"\mathbb{1}_{\{x > c\}} + 1", "c < x"),
])
def test_a_one_subscripted_by_an_event_in_set_braces_is_its_indicator(latex, event):
    (got,) = display(latex).chain
    (piece,) = [p for p in sp.preorder_traversal(got) if isinstance(p, sp.Piecewise)]
    assert piece.args[0][0] == 1 and str(piece.args[0][1]) == event and piece.args[1] == (0, True)


@pytest.mark.parametrize("latex", [r"1_{A}(x)", r"1_{[0,1]}", r"10_{\{x\}}"])   # 1_{[0,1]}(x): test_notes_rules.py
def test_a_one_subscripted_by_a_set_or_a_number_with_a_subscript_is_still_refused(latex):
    with pytest.raises(LatexError):
        display(latex)


def test_lbrace_and_rbrace_are_the_braces_they_print():
    (got,) = display(r"x = \left\lbrace \begin{array}{cl} 1, & x > 0 \\ 0, & x \le 0 \end{array} \right.").chain
    assert isinstance(got, sp.Piecewise)
    refused(r"\lbrace x : x > 0 \rbrace", "set-builder")


def test_h_and_ell_as_arguments_are_numbers_a_bandwidth_an_index():
    assert chain(r"\mathrm{MSE}_j(h) + 1") != ()
