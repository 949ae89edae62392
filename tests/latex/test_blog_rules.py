"""Readings and refusals added after heldout13 (two DP blog posts and a translation of Dwork and Roth), each with its
near-miss: a superscript star names an optimum (z^*, r^{*}, \\alpha^\\star) and is a subscript's own (F_{Y^*}(t), a
call, as F_{Y'}(t)); a superscript holding a list (K^{d,d'}) is refused, not a crash; a call before parentheses around
a name (M(\\theta, d)(x)) is refused; a range for a name only a later member of an equation uses (a mean-value form)
is refused; a word of a script written without spaces (\\text{总人数}) is one name, a single non-Latin character is
not a letter; a row opened by an implication is marked a consequence."""
from __future__ import annotations

import pytest

from symdp.latex import LatexError, display


def names(latex: str) -> set:
    return {s.name for m in display(latex).chain for s in m.free_symbols}


def refused(latex: str, words: str) -> None:
    with pytest.raises(LatexError, match=words):
        display(latex)


@pytest.mark.parametrize("latex, want", [(r"y = z^* + 1", {"z^*"}), (r"y = r^{*} - r_j", {"r^*", "r_j"}),
                                         (r"y = \alpha^\star", {"alpha^*"}), (r"y = x_{a^*} + x_a^*",
                                                                              {"x_{a^*}", "x_a^*"})])
def test_a_superscript_star_names_a_quantity(latex, want):
    assert names(latex) == want


def test_a_star_on_an_expression_or_a_number_is_refused():
    refused(r"y = (x + 1)^*", "a star as a script where no name takes it")
    refused(r"y = 2^*", "a star as a script where no name takes it")


def test_a_starred_subscript_keeps_the_call_as_a_primed_one_does():
    assert str(display(r"p_L = F_{Y^*}(-B - \hat{f}(D))").chain[0]) == "F_{Y^*}(-B - f_hat(D))"
    assert str(display(r"p_L = F_{Y'}(-B - \hat{f}(D))").chain[0]) == "F_Y'(-B - f_hat(D))"


def test_a_superscript_holding_a_list_is_refused_not_a_crash():
    refused(r"y = x^{a,b}", "a list .items separated by commas. where one value was expected")


def test_a_call_before_parentheses_around_a_name_is_refused():
    refused(r"c = \log\frac{\mathcal{M}_t(\theta_{t-1},d)(\theta)}{\mathcal{M}_t(\theta_{t-1},d')(\theta)}",
            "a call before parentheses around names")
    refused(r"y = \exp(x)(y)", "a call before parentheses around names")
    assert str(display(r"y = f(x)(1 - x)").chain[0]) == "(1 - x)*f(x)"   # a sum inside: a product


def test_a_range_only_a_later_member_uses_is_a_mean_value_form():
    refused(r"\frac{p - p^\alpha q^{1-\alpha}}{1 - \alpha} = p^{\sigma} q^{1-\sigma} \ln\frac{p}{q}, "
            r"\sigma \in (\alpha, 1)", "a range for sigma, which only a later member")
    assert len(display(r"\binom{n}{k} = \frac{n!}{k!(n-k)!}, \quad 0 \le k \le n").chain) == 2
    assert len(display(r"e^x \ge 1 + x, \quad x > 0").chain) == 2   # an inequality: for every x


def test_an_unspaced_script_word_is_one_name_and_a_lone_character_no_letter():
    assert names(r"q = \frac{\text{回答是的人数}}{\text{总人数}}") == {"回答是的人数", "总人数"}
    refused(r"a > 0 \text{且} b > 0", "against an operand")
    refused(r"y = x \text{的} + 1", "against an operand")
    assert names(r"y = \beta_1 \text{fin} + 1") == {"beta_1", "fin"}


def test_a_functional_of_a_starred_estimator_is_refused():
    refused(r"R(\pi, g^*) = \int_0^1 R(\vartheta, g^*) d\vartheta", r"takes g\^\*, a letter papers use for a function")


@pytest.mark.parametrize("latex, consequence", [(r"\implies c'_i + (r^* + 1) > c'_j + r_j", True),
                                                (r"\therefore x > 1", True), (r"x > 1", False)])
def test_a_row_opened_by_an_implication_is_marked_a_consequence(latex, consequence):
    assert display(latex).consequence is consequence


@pytest.mark.parametrize("old, new", [(r"y = {\cal L} + z", r"y = \mathcal{L} + z"),
                                      (r"\int_0^1 x^2 \, {\rm d}x = \frac{1}{3}", r"\int_0^1 x^2 \, \mathrm{d}x = \frac{1}{3}"),
                                      (r"y = {\rm e}^{x}", r"y = \mathrm{e}^{x}"),
                                      (r"y = g({\bf \theta}) + 1", r"y = g(\mathbf{\theta}) + 1")])
def test_plain_tex_font_switches_alone_in_their_group_read_as_the_commands(old, new):
    assert display(old).chain == display(new).chain


@pytest.mark.parametrize("latex", [r"y = {\cal R + x}", r"y = \cal R", r"y = {\rm d x}"])
def test_a_font_switch_over_more_than_one_word_is_refused(latex):
    refused(latex, r"\\cal|\\rm|grammar|notation")


def test_parallel_is_the_separator_of_a_divergence_as_a_double_bar_is():
    refused(r"D_f(P \parallel Q) \le 1", "the separator of a divergence")


BITS = ("Interestingly, $2$ is also equal to the negative of the logarithm of the probability assigned to each value "
        "$i$ to the base $2$; that is, $2 = \\log(1/p_i) = \\log(4)$.",)


def test_a_plain_log_is_refused_where_the_text_gives_another_base():
    with pytest.raises(LatexError, match="base 2"):
        display(r"L = \sum_{i=0}^3 p_i \log (1/p_i)", prose=BITS)
    with pytest.raises(LatexError, match="base 10"):
        display(r"y = \log x", prose=("All logarithms are to the base 10.",))
    with pytest.raises(LatexError, match="base 2"):
        display(r"y = \log x", prose=("Here log denotes the binary logarithm.",))


def test_a_log_with_its_base_or_natural_text_reads_as_before():
    assert str(display(r"L = \log_2 (1/p)", prose=BITS).chain[0]) == "log(1/p)/log(2)"
    assert str(display(r"y = \log x", prose=("We use natural logarithms throughout.",)).chain[0]) == "log(x)"
    assert str(display(r"y = \log x", prose=("The logarithm is to the base $e$.",)).chain[0]) == "log(x)"


def test_bars_around_a_capital_letter_nobody_declared_are_refused_as_a_set_size():
    refused(r"|B_H(v_0, d/4)| \leq 4^d 3^{-3d/4}", "the size of a set")
    assert str(display(r"y = |f(x) - f(z)|").chain[0]) == "Abs(f(x) - f(z))"
    assert str(display(r"y = |g(x)|").chain[0]) == "Abs(g(x))"
