"""Regression tests of a review of constants, prose and context (findings 2-12): each finding's construct is read as
the author means it or refused naming it, and its near miss stays read as before."""
from __future__ import annotations

from dataclasses import replace

import pytest
import sympy as sp

from symdp.latex import LatexError, NOTATION, display
from symdp.latex.document import read

a, b, n, p, x, T = sp.symbols("a b n p x T")


def _paper(tmp_path, body: str):
    path = tmp_path / "main.tex"
    path.write_text("\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n")
    return read(path)


def _read(doc, label: str):
    eq = doc.labels()[label]
    return display(eq.latex, replace(NOTATION, macros=tuple(doc.macros) + NOTATION.macros), prose=eq.prose)


def test_2_a_where_clause_after_a_later_display_does_not_declare_the_name_for_an_earlier_one(tmp_path):
    doc = _paper(tmp_path, "For every discount factor $\\gamma \\in [0, 1)$ the effective horizon satisfies\n"
                 "\\begin{equation}\\label{a} \\frac{1}{1-\\gamma} \\le \\frac{5}{2}, \\end{equation}\n"
                 "while the harmonic numbers satisfy\n"
                 "\\begin{equation}\\label{b} H_n \\le \\ln n + \\gamma + 1, \\end{equation}\n"
                 "where $\\gamma$ is Euler's constant.")
    assert not _read(doc, "a").chain[0].has(sp.EulerGamma)   # was 1/(1 - EulerGamma) <= 5/2, PROVED
    assert _read(doc, "b").chain[1].has(sp.EulerGamma)        # the clause after b is b's


def test_3_an_incomplete_beta_written_with_another_argument_order_is_refused():
    with pytest.raises(LatexError, match=r"writes B\(a, b; x\) for the incomplete beta function"):
        display(r"B(2, 3; 1) \le \frac{1}{12}", prose="where $B(a, b; x)$ is the incomplete beta function.")
    with pytest.raises(LatexError, match=r"writes B\(x, a, b\)"):
        display(r"F = B(x; a, b)", prose="where $B(x, a, b)$ is the incomplete beta function.")
    near = display(r"F = B(x; a, b)", prose=r"where $B(x;\, a, b)$ is the incomplete beta function.")
    assert near.chain == (sp.betainc(a, b, 0, x),)
    assert display(r"F = \Gamma(a, x)", prose=r"where $\Gamma(a, x)$ is the upper incomplete gamma "
                   "function.").chain == (sp.uppergamma(a, x),)


def test_4_a_macro_redefined_after_a_display_or_in_a_group_is_refused(tmp_path):
    doc = _paper(tmp_path, "\\newcommand{\\cst}{2}\n\\begin{equation}\\label{a} \\cst \\le 2 \\end{equation}\n"
                 "\\renewcommand{\\cst}{3}\n\\begin{equation}\\label{b} \\cst \\le 3 \\end{equation}\n"
                 "\\newcommand{\\K}{2}\n{\\renewcommand{\\K}{1}\n"
                 "\\begin{equation}\\label{c} \\K \\le 1 \\end{equation}\n}\n\\newcommand{\\R}{3}\n"
                 "\\renewcommand{\\R}{4}\n\\begin{equation}\\label{d} \\R \\le 4 \\end{equation}")
    for label, name in (("a", "cst"), ("b", "cst"), ("c", "K")):
        with pytest.raises(LatexError, match=rf"\\{name}: the paper defines it as .* and otherwise before"):
            _read(doc, label)
    assert _read(doc, "d").chain == (4, 4)   # redefined before any display: one body in force


@pytest.mark.parametrize("sentence", ["Throughout, $\\log$ stands for $\\log_2$.", "All logarithms are binary.",
                                      "Entropies are in bits, i.e.\\ $\\log \\equiv \\log_2$.",
                                      "We take logarithms to base two."])
def test_5_and_12_more_sentences_give_the_logarithm_base_2(sentence):
    with pytest.raises(LatexError, match=r"logarithm base 2: .* write \\log_\{2\}"):   # 12: was "base t" of "two"
        display(r"\log 8 = 3", prose=sentence)


def test_5_a_paper_wide_base_sentence_reaches_other_paragraphs(tmp_path):
    doc = _paper(tmp_path, "All logarithms in this paper are to base 2.\n\n"
                 "\\begin{equation}\\label{a} \\log (2n) = 1 + \\log n \\end{equation}")
    with pytest.raises(LatexError, match="base 2"):
        _read(doc, "a")
    near = _paper(tmp_path, "We use the log base 2 of the alphabet size here.\n\n"
                  "\\begin{equation}\\label{a} \\log (2n) = \\log 2 + \\log n \\end{equation}")
    assert _read(near, "a").chain == (sp.log(2 * n), sp.log(2) + sp.log(n))
    assert display(r"\log 8 = 3 \log 2", prose="The log-likelihood of the binary classifier.").chain[0] == sp.log(8)


def test_6_a_sentence_saying_e_is_a_quantity_refuses_the_bare_e():
    for sentence in ("Let $e \\in [0, 1]$ denote the error rate of the classifier.",
                     "where $e$ is the estimation error and $\\epsilon > 0$.", "Let $e$ be the error."):
        with pytest.raises(LatexError, match="a sentence around the display says what e is"):
            display(r"e^2 \le e", prose=sentence)
    for sentence in ("where $e$ is Euler's number.", "One of them states that $e$ is the unique positive number "
                     "for which $\\lim_{x \\to 0} (e^x - 1)/x = 1$."):
        assert display(r"e^2 \ge e", prose=sentence).chain == (sp.exp(2), sp.E)
    assert display(r"e_1 \le \mathrm{e}", prose="where $e$ is the error.").chain[1] == sp.E


def test_7_the_complement_of_pi_bracketed_and_pi_bounded_by_0_and_1_are_refused():
    for text in (r"1-{\pi} \ge 0", r"1-\left(\pi\right) \ge 0"):
        with pytest.raises(LatexError, match=r"1 - \\pi: the complement"):
            display(text)
    with pytest.raises(LatexError, match=r"\\pi bounded by 0 and 1"):
        display(r"1 \ge \pi \ge 0")
    assert display(r"1-(\pi)^2 \le 0").chain == (1 - sp.pi**2, 0)   # raised: the number
    assert display(r"3 \le \pi \le 4").chain == (3, sp.pi, 4)


def test_8_a_multiple_of_e_added_to_names_or_a_distributed_e_is_refused():
    for text in (r"y = \mu + \sigma e, \quad e \sim \mathcal{N}(0, 1)", r"\tilde{x} = x + b e", r"y = X\beta + 2e"):
        with pytest.raises(LatexError, match="e (added alone|distributed)"):
            display(text)
    assert display(r"1 + 2e \ge 2").chain == (1 + 2 * sp.E, 2)   # free of names: the number
    assert display(r"(1 + 1/n)^n \le e").chain == ((1 + 1 / n)**n, sp.E)


def test_9_a_transposed_e_e_beside_its_entries_and_e_bound_by_a_differential_are_refused():
    with pytest.raises(LatexError, match=r"e transposed"):
        display(r"e^T e = \sum_{i=1}^n e_i^2")
    with pytest.raises(LatexError, match="e bound by a differential"):
        display(r"\int_0^1 e \, de = \frac{1}{2}")
    with pytest.raises(LatexError, match="e beside entries e_i"):
        display(r"e \ge e_1")
    assert display(r"e^{T} \ge 1 + T").chain == (sp.exp(T), 1 + T)   # T a name elsewhere: a power
    assert display(r"\int_0^1 e^x \, dx = e - 1").chain[1] == sp.E - 1


def test_10_pi_in_a_condition_beside_a_decorated_pi_or_alone_on_the_right_is_refused():
    with pytest.raises(LatexError, match=r"\\pi in a condition free of other names"):
        display(r"\pi p \le p, \quad \pi \in [0,1]")
    with pytest.raises(LatexError, match=r"\\pi beside a decorated pi"):
        display(r"H = -\pi \log \pi - \bar\pi \log \bar\pi")
    with pytest.raises(LatexError, match=r"alone on the right of = with names on the left"):
        display(r"\frac{1}{K} = \pi")
    assert display(r"x \le 4, \quad 0 \le x \le \pi").conditions[0].has(sp.pi)   # a condition on x
    assert display(r"\pi p \le p, \quad \pi \in [0,1]", prose="where $\\pi$ is the mixing weight.").chain == (
        sp.Symbol("pi") * p, p)


@pytest.mark.parametrize("sentence", ["where $\\gamma$ is the Euler--Mascheroni constant.",
                                      "where $\\gamma$ is the Euler constant.",
                                      "where $\\gamma \\approx 0.5772$ is the Euler-Mascheroni constant."])
def test_11_more_spellings_of_the_euler_mascheroni_constant(sentence):
    assert display(r"H_n \le \ln n + \gamma + 1", prose=sentence).chain[1] == sp.log(n) + sp.EulerGamma + 1
    assert not display(r"H_n \le \ln n + \gamma + 1", prose="where $\\gamma$ is the discount.").chain[1].has(
        sp.EulerGamma)
