"""Declarations read from prose (symdp/latex/prose.py): a sentence around a display that names a function of the
closed vocabulary declares it for that display; anything else declares nothing, and the name stays refused."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import NOTATION, LatexError, display
from symdp.latex.document import read
from symdp.latex.prose import declarations, sentences

a, b, p, x, z, kappa, alpha = sp.symbols("a b p x z kappa alpha")
BETA = "where $B$ is the [Beta function](https://en.wikipedia.org/wiki/Beta_function)."


def test_a_sentence_declares_the_beta_function_and_the_reading_says_which():
    got = display(r"f = \frac{1}{B(a, b)}", prose=BETA)
    assert [str(m) for m in got.chain] == [str(1 / sp.beta(a, b))]
    assert [(d.spelling, d.what, d.sentence) for d in got.declared] == [
        ("B", "beta function", "where $B$ is the Beta function.")]


def test_without_the_sentence_the_refusal_names_the_entry_and_the_sentence_that_settle_it():
    with pytest.raises(LatexError, match=r"functions=\{r'B': sympy\.beta\}.*where \$B\$ is the beta function"):
        display(r"f = \frac{1}{B(a, b)}")


def test_a_phrase_outside_the_vocabulary_declares_nothing():
    assert declarations("where $Q_1$ is the [Marcum Q-function](https://x).") == ()
    assert declarations("where $\\gamma$ is the incomplete gamma function.") == ()  # lower or upper? never guessed
    with pytest.raises(LatexError, match="Marcum"):
        display(r"F = 1 - Q_1(a, b)", prose="where $Q_1$ is the Marcum Q-function.")
    with pytest.raises(LatexError, match=r"\\phi"):
        display(r"f = 2 \Phi(a) \phi(x, a, b)", prose="where $\\Phi$ is the standard normal CDF and $\\phi$ is the "
                "normal PDF.")


def test_a_name_declared_with_another_arity_is_refused_naming_the_sentence():
    prose = r"where $B(x;\alpha,\beta)$ is the Incomplete beta function."
    assert display(r"F = B(x; a, b)", prose=prose).chain == (sp.betainc(a, b, 0, x),)
    with pytest.raises(LatexError, match=r"B with 2 argument\(s\): the text declares B as incomplete beta function "
                                         r"of 3 argument\(s\) by \"where \$B\(x;"):
        display(r"F = \frac{B(x; a, b)}{B(a, b)}", prose=prose)


def test_a_sentence_about_another_name_declares_nothing_here():
    with pytest.raises(LatexError, match="beta function"):
        display(r"f = \frac{1}{B(a, b)}", prose="where $\\Gamma$ is the gamma function.")


def test_the_arguments_the_sentence_writes_must_fit_the_function():
    assert declarations("where $B(a, b, c)$ is the Beta function.") == ()


def test_a_subscript_argument_and_a_fallback_to_the_notation():
    got = display(r"F = I_{1 - p}(a, b + 1)",
                  prose=r"where $I_x(a, b)$ denotes the regularized incomplete beta function.")
    assert got.chain == (sp.betainc_regularized(a, b + 1, 0, 1 - p),)
    got = display(r"F = \frac{\Gamma(a, x)}{\Gamma(a)}", prose=r"where $\Gamma(\alpha, x)$ is the upper incomplete "
                  "gamma function.")
    assert got.chain == (sp.uppergamma(a, x) / sp.gamma(a),)
    got = display(r"f = \frac{1}{2\pi I_0(\kappa)}",
                  prose="where $I_0$ is the modified Bessel function of the first kind.")
    assert str(got.chain) == str((1 / (2 * sp.pi * sp.besseli(0, kappa)),))  # symdp's kappa has assumptions


def test_called_the_and_a_display_after_the_phrase():
    hurwitz = "where :math:`\\zeta\\left(k,x\\right)` is a generalization of the Riemann zeta function called " \
              "the Hurwitz\nzeta function."
    assert display(r"f = \zeta\left(2, z\right)", prose=hurwitz).chain == (sp.zeta(2, z),)
    polygamma = "Note that the polygamma function is\n\n.. math::\n   :nowrap:\n\n    \\begin{eqnarray*} " \
                "\\psi_{n}\\left(z\\right) & = & \\log\\Gamma\\left(z\\right)\\\\"
    assert display(r"f = \psi_{1}\left(z\right)", prose=polygamma).chain == (sp.polygamma(1, z),)


def test_words_named_as_bounds_are_quantities():
    row = r"\begin{cases} 0 & \text{for } x < \text{lower}, \\ 1 & \text{for } x > \text{upper}, \end{cases}"
    with pytest.raises(LatexError, match="lower"):  # the letters run together: a name only if the text says so
        display(row.replace(r"\text{lower}", "lower"))
    assert display(row).declared == ()  # a \text word standing alone is one name anyway (textnames.py)
    got = display(row, prose="where `lower` and `upper` are the lower and upper bounds of the distribution.")
    lower, upper = sp.symbols("lower upper")
    assert got.chain == (sp.Piecewise((0, x < lower), (1, x > upper)),)
    assert {d.spelling for d in got.declared} == {"lower", "upper"}
    assert declarations("where `lower` is the lower tail.") == ()


def test_sentences_read_links_as_their_text():
    assert sentences("where $B$ is the [Beta function](https://x). Next, $y$ is a name.") == (
        "where $B$ is the Beta function.", "Next, $y$ is a name.")


def test_the_paper_reader_passes_the_paragraph_around_a_display(tmp_path):
    (tmp_path / "main.tex").write_text("\\documentclass{article}\n\\begin{document}\nThe density is\n"
                                       "\\begin{equation}\\label{eq:vm}\nf(x) = \\frac{1}{2\\pi I_0(\\kappa)},\n"
                                       "\\end{equation}\n"
                                       "where $I_0$ is the modified Bessel function of the first kind.\n"
                                       "\nAnother paragraph.\n\\end{document}\n")
    eq = read(tmp_path / "main.tex").equations[0]
    assert eq.prose[-1] == "where $I_0$ is the modified Bessel function of the first kind."
    assert str(display(eq.latex, prose=eq.prose).chain) == str((1 / (2 * sp.pi * sp.besseli(0, kappa)),))


def test_a_row_break_with_space_and_a_condition_that_defines_a_name():
    assert display(r"f = \begin{cases} 1 & x > 0, \\[0.5em] 2 & x \le 0 \end{cases}").chain == (
        sp.Piecewise((1, x > 0), (2, x <= 0)),)
    with pytest.raises(LatexError, match="a condition that also defines x"):
        display(r"f = \begin{cases} 1 & \text{for } x = \frac{z}{a} \leq 0, \\ 2 & \text{for } x = \frac{z}{a} > 0 "
                r"\end{cases}")


def test_the_notation_given_on_purpose_wins_over_the_text():
    mine = NOTATION.extend(functions={"B": sp.Function("B")})
    got = display(r"f = \frac{1}{B(a, b)}", mine, prose=BETA)
    assert str(got.chain) == "(1/B(a, b),)" and got.declared == ()
