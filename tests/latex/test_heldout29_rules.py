"""Rules from heldout29 (the scoringrules documentation: proper scoring rules, the CRPS and its estimators), measured
blind at 9bb71e3: an expectation or a variance in an operator font or upright before any operand (a bar, a group, a
fraction, a root, a known constant), which was read as a product (``\\mathbb{E} |X - y|`` was ``E_bb*Abs(X - y)``);
``\\phantom{...}`` dropped; ``\\int_{\\mathbb{R}}`` over the real line; a sentence that calls a name *a* function
declares it.  Each rule has its positive case and near cases that stay read (or refused) as before."""
from __future__ import annotations

import pytest
from symdp.latex import LatexError, display


def chain(latex, prose=()):
    return tuple(str(m) for m in display(latex, prose=prose).chain)


# 1. an expectation of what follows, whatever opens it -------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"\mathbb{E} | X - y | - \frac{1}{2} \mathbb{E} | X - X^{\prime} |",    # scoringrules, the theory page, line 167
    r"\mathbb{E}\, \left|X\right|", r"\mathbb{E} \lvert X \rvert", r"\mathbb{E}{|X|}",
    r"\mathbb{E} e^{X}", r"\mathbb{E} \frac{1}{X}", r"\mathbb{E} \sqrt{X}", r"\mathbb{E} \pi",
    r"\mathbb{E}_{X}|X - y|", r"\mathbb{E}_X X", r"\mathbb{P}|X|",
    r"\mathrm{E} X", r"\mathrm{E}\, |X|", r"\operatorname{E} X", r"\text{E} X", r"\mathrm{P}\,x",
    r"\mathrm{Var} X", r"\mathrm{Var}\, X_i", r"\operatorname{Cov} X",
])
def test_an_expectation_before_any_operand_is_not_a_product(latex):
    with pytest.raises(LatexError, match="of what follows"):
        display(latex)


@pytest.mark.parametrize("latex,read", [
    (r"E X", ("E*X",)),                  # an italic E: a name of the paper's (energy, an event), left to other rules
    (r"E |X|", ("E*Abs(X)",)),
    (r"\mathit{E} X", ("E*X",)),
    (r"2E + 1", ("2*E + 1",)),
    (r"\mathbb{E} - 1", ("E_bb - 1",)),  # before an operator: no operand
])
def test_an_italic_e_or_an_operator_after_it_stays_read(latex, read):
    assert chain(latex) == read


# 2. \phantom, and the integral over the real line -----------------------------------------------------------

@pytest.mark.parametrize("latex,read", [
    (r"\phantom{(1 - }\alpha \phantom{)}|x - y|", ("alpha*Abs(x - y)",)),   # scoringrules, the theory page, line 547
    (r"x\phantom{ab}y", ("x*y",)),                                            # room, never a glue between names
    (r"\alpha\hphantom{xx} + 1", ("alpha + 1",)),
    (r"\vphantom{\int} x + 1", ("x + 1",)),
    (r"\int_{\mathbb{R}} w(z) f(z) dz", ("Integral(f(z)*w(z), (z, -oo, oo))",)),
    (r"\int_\mathbb{R} x^2 dx", ("Integral(x**2, (x, -oo, oo))",)),
    (r"\int_{\mathbb R} e^{-x^2} dx", ("Integral(exp(-x**2), (x, -oo, oo))",)),
])
def test_phantoms_print_nothing_and_an_integral_over_the_reals_has_its_ends(latex, read):
    assert chain(latex) == read


@pytest.mark.parametrize("latex", [r"\int_{\mathbb{R}^d} f(x) dx", r"\int_{\mathbb{R}}^{1} x dx"])
def test_an_integral_over_another_set_stays_refused(latex):
    with pytest.raises(LatexError):
        display(latex)


# 3. "suppose $F$ is a cumulative distribution function" ------------------------------------------------------

CDF = ("Let $Y \\in \\mathbb{R}$ and suppose $F$ is a cumulative distribution function over the real line.",)


def test_a_sentence_calling_a_name_a_function_declares_it():
    crps = r"\int_{-\infty}^{\infty} (F(x) - \mathbf{1}\{y \le x\})^{2} dx"     # scoringrules, the theory page, line 166
    assert chain(crps) == chain(crps, CDF)   # since 2026-12-07 F(x) is a call of a function F, not F_bound times x
    assert chain(crps, CDF) == ("Integral(Piecewise(((F(x) - 1)**2, x >= y), (F(x)**2, True)), (x, -oo, oo))",)
    assert chain(r"w(x) + 1", ("$w$ is a weight function on the real line",)) == ("w(x) + 1",)
    assert chain(r"F(x) + 1", ("$F$ is a predictive distribution function.",)) == ("F(x) + 1",)


@pytest.mark.parametrize("latex,prose", [
    (r"\psi(x) + 1", ("suppose $\\psi$ is a distribution function of $X$",)),   # "of": what it depends on
    (r"\psi(x) + 1", ("suppose $\\psi$ is the cumulative distribution function",)),   # the: the vocabulary's, or none
    (r"F(x, y) + 1", CDF),                                                # declared with one argument
])
def test_other_sentences_declare_nothing_new(latex, prose):
    with pytest.raises(LatexError):
        display(latex, prose=prose)


def test_a_function_of_a_quantity_is_no_declaration_and_the_notations_functions_stay():
    assert chain(r"n(n+1)", ("where $n$ is a function of $\\varepsilon$",)) == ("n*(n + 1)",)
    assert chain(r"\Phi(x) + 1", ("where $\\Phi$ is a cumulative distribution function",)) == ("Phi(x) + 1",)


# 4. an adversarial review of the rules above (helper, read-only) ----------------------------------------------

@pytest.mark.parametrize("latex,words", [
    (r"\int_{\mathbb{R}} f \, d\mu", "against a measure"),        # the set rewrite led an integral against a measure
    (r"\int_{\mathbb{R}} g(x) \, dP", "against a measure"),       # into the integral over the measure's letter
    (r"\int_{\mathbb{R}} x^2 \, dF", "against a measure"),
    (r"\int_0^1 f\,d\mu", "against a measure"),                    # older, the same hole
    (r"\int_0^1 3 \, dP", "against a measure"),
    (r"\int_{\mathbb{R}} e^{-x^2} dx^2", "script on the differential"),   # the ^2 was dropped
    (r"x^\phantom{2} y", "phantom"), (r"2^\phantom{x}3", "phantom"),      # a phantom a script or a command takes:
    (r"x_\phantom{i} y", "phantom"), (r"\sqrt\phantom{x}{y}", "phantom"),  # dropping it handed them the next token
])
def test_the_reviews_misreadings_are_refused(latex, words):
    with pytest.raises(LatexError, match=words):
        display(latex)


@pytest.mark.parametrize("latex,read", [
    # a constant over a variable's range, written plain beside it (a lone \int_0^1 c \, dx is refused since the
    # 2026-12-07 review, as a sum's term without its index is: a constant, or a function of x without its argument?)
    (r"\int_0^1 c \, dx = c", ("Integral(c, (x, 0, 1))", "c")),
    (r"\int_0^1 e^{-\lambda} d\lambda", ("Integral(exp(-lambda), (lambda, 0, 1))",)),   # a measure's letter, used
])
def test_an_integral_over_a_variable_stays_read(latex, read):
    assert chain(latex) == read


@pytest.mark.parametrize("latex,prose,read", [
    (r"\beta(x - \mu)^2", ("where $\\beta$ is a coefficient of the function.",), ("beta*(-mu + x)**2",)),
    (r"k(x - y)", ("where $k$ is a constant of the function.",), ("k*(x - y)",)),
    (r"\lambda(a+b)", ("$\\lambda$ is a constant times a function.",), ("lambda*(a + b)",)),
])
def test_a_property_of_a_function_declares_no_function(latex, prose, read):
    assert chain(latex, prose) == read
