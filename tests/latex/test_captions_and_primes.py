"""Readings and refusals added for heldout8 (lifelines' survival-analysis docs), each with its near-miss: a primed
function S'(t) (derivative or a function of its own?) and a primed name against a name x' \\beta (econometrics'
transpose) refused; a family member before a function of a name, v_j(\\log t), refused like p_i(x); the upright
differential \\mathrm{d}z closing an integral; \\underbrace/\\overbrace captions dropped; a caption opening a row
(\\text{Wilcoxon:}\\quad); a name times a trailing \\text word (\\beta_1 \\text{fin}); a sibling S_B(...) of the
defined S_A(t) read as a call; the regularized incomplete gammas named in prose."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display


def chain(latex: str, **kw) -> tuple:
    return tuple(str(m) for m in display(latex, **kw).chain)


def refused(latex: str, words: str, **kw) -> None:
    with pytest.raises(LatexError, match=words or None):
        display(latex, **kw)


# -- primes -------------------------------------------------------------------------------------------------

def test_a_primed_function_applied_is_refused_naming_both_readings():
    refused(r"h(t) = \frac{-S'(t)}{S(t)}", "derivative of S")
    refused(r"F'(x) + f(x)", "a primed name")


def test_a_prime_inside_the_subscript_is_the_subscripts_and_stays_a_call():
    assert chain(r"P = 1 - F_{Y'}(B - f(D))") != ()


def test_a_primed_name_against_a_name_may_be_a_transpose():
    refused(r"H(t|x) = H_0(t) \exp(x' \beta)", "transposed")
    refused(r"h(t) = h_0(t) \exp(\beta' x)", "transposed")


@pytest.mark.parametrize("latex, want", [
    (r"2 x' + \beta", "beta + 2*x'"),                   # a prime with a number before it
    (r"\beta x'", "beta*x'"),                            # the primed name on the right
    (r"x' \cdot \beta", "beta*x'"),                      # the product written out
])
def test_a_primed_name_in_a_plain_product_still_reads(latex, want):
    assert chain(latex) == (want,)


def test_symdps_own_primed_symbols_are_names_not_transposes():
    assert chain(r"\epsilon' \delta") == ("delta*epsilon_2",)


# -- a family of functions --------------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"\sum_{j=2}^N \phi_j v_j(\log{t})", r"\sum_{j=2}^N \phi_j v_j(\log t)"])
def test_a_member_of_a_family_before_a_function_of_a_name_is_refused(latex):
    refused(latex, "indexed family")


def test_a_member_times_a_sum_in_parentheses_is_a_product():
    assert chain(r"\sum_{j=2}^N c_j (\log t + 1)") == ("Sum((log(t) + 1)*c[j], (j, 2, N))",)


# -- integrals, braces, captions ----------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"\int_0^t h(z) \mathrm{d}z", r"\int_0^t h(z) \mathrm{d} z", r"\int_0^t h(z)\,dz"])
def test_the_upright_differential_closes_an_integral(latex):
    assert chain(latex) == ("Integral(h(z), (z, 0, t))",)


@pytest.mark.parametrize("latex", [r"x \mathrm{d}z", r"p(z) \mathrm{d} z", r"f \,\text{d}\mu"])
def test_an_upright_differential_outside_an_integral_is_refused_a_plain_d_is_a_product(latex):
    refused(latex, "outside an integral")
    assert chain(r"x d z") == ("d*x*z",)


def test_under_and_over_braces_keep_the_term_and_drop_the_caption():
    d = display(r"\underbrace{h(t | x)}_{\text{hazard}} = \overbrace{b_0(t)}^{\text{baseline}} \exp(b_1 x)")
    assert d.defines == "h(t | x)" and tuple(map(str, d.chain)) == ("b_0(t)*exp(b_1*x)",)
    assert chain(r"2\underbrace{a + b}_{n} + 1") == ("2*a + 2*b + 1",)   # the term stays one group


def test_a_brace_without_its_group_is_refused():
    refused(r"\underbrace a", "underbrace")


@pytest.mark.parametrize("latex, want", [
    (r"\text{Wilcoxon:}\quad n_i", "n_i"),
    (r"\text{Tarone-Ware:}\quad \sqrt{n_i}", "sqrt(n_i)"),
    (r"\text{Fleming-Harrington}\quad \hat{S}(t_i)^p \times (1 - \hat{S}(t_i))^q",
     "(1 - S_hat(t_i))**q*S_hat(t_i)**p"),
])
def test_a_caption_opening_a_row_is_dropped(latex, want):
    assert chain(latex) == (want,)


@pytest.mark.parametrize("latex", [r"\text{Fleming}\quad x", r"x = 1 \text{Note:}"])
def test_a_word_that_is_no_caption_is_still_refused(latex):
    refused(latex, "")


# -- text words, siblings, prose ----------------------------------------------------------------------------

def test_a_name_times_a_trailing_text_word_is_a_product():
    assert chain(r"\beta_1\text{fin} + \beta_2\text{wexp} + \beta_5 \text{age} \cdot \text{prio}") == \
        ("age*beta_5*prio + beta_1*fin + beta_2*wexp",)


@pytest.mark.parametrize("latex", [r"x = 2 \text{ll}", r"n = 5 \text{ms}", r"2\text{sign} x", r"n \text{ even}"])
def test_a_word_after_a_number_or_before_an_operand_is_refused(latex):
    refused(latex, "")


def test_a_sibling_of_the_defined_function_is_a_call():
    d = display(r"S_A(t) = S_B\left(\frac{t}{\lambda}\right)")
    assert tuple(map(str, d.chain)) == ("S_B(t/lambda)",)


def test_an_unrelated_subscripted_name_before_parentheses_stays_ambiguous():
    refused(r"S_A(t) = Q_B\left(\frac{t}{\lambda}\right)", "ambiguous")


def test_the_regularized_lower_incomplete_gamma_named_in_prose():
    s, x = sp.symbols("s x", positive=True)
    d = display(r"P = \Gamma_{RL}(s, x)",
                prose=("where :math:`\\Gamma_{RL}` is the regularized lower incomplete Gamma function.",))
    got = d.chain[0]
    assert sp.simplify(got.subs({sp.Symbol(v.name): v for v in (s, x)}) - sp.lowergamma(s, x) / sp.gamma(s)) == 0


# -- plain TeX's \choose -------------------------------------------------------------------------------------

@pytest.mark.parametrize("latex, want", [
    (r"{2i \choose i}", sp.binomial(2 * sp.Symbol("i"), sp.Symbol("i"))),
    (r"\frac{1}{n \choose 2}", 1 / sp.binomial(sp.Symbol("n"), 2)),
    (r"{{n+1} \choose {k}}^2", sp.binomial(sp.Symbol("n") + 1, sp.Symbol("k")) ** 2),
])
def test_choose_takes_the_whole_group_it_stands_in(latex, want):
    (got,) = display(latex).chain
    assert got.subs({s: sp.Symbol(s.name) for s in got.free_symbols}) == want


@pytest.mark.parametrize("latex", [r"n \choose k", r"{a \choose b \choose c}"])
def test_choose_outside_a_group_or_twice_in_one_is_refused(latex):
    refused(latex, r"\\choose")
