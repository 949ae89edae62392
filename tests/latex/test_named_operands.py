"""Readings added for heldout7's refused closed forms, each with the near-miss that must stay refused (or read
otherwise): a word in \\text standing alone as an operand (textnames.py), a row opening with \\text{where } and a
definition (conditions.where_definition), \\Delta u of a function the display applies (sensitivities.py), p(1 - q)
where the display subtracts p (quantities.py), n1 beside n_{1} (glued.py), pasted Unicode glyphs and font sizes
(rewrite.GLYPHS, lexer.SPACING)."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display

a, b, d, p, q, r, s, x, y, z = sp.symbols("a b d p q r s x y z")


def chain(latex: str, **kw) -> tuple:
    return tuple(str(m) for m in display(latex, **kw).chain)


# -- \text{word} as a name -----------------------------------------------------------------------------------

def test_a_text_word_between_operators_is_one_name():
    assert chain(r"lb = \frac{1}{\text{dof}}") == ("1/dof",)
    assert chain(r"\alpha_r = \frac{2\pi\alpha}{\text{high} - \text{low}}") == ("2*pi*alpha/(high - low)",)
    assert chain(r"s = 1 / (\sqrt{v + \text{eps\_root}} + \text{eps})") == ("1/(eps + sqrt(eps_root + v))",)


def test_a_text_phrase_is_one_name_with_its_words_joined():
    got = display(r"\sigma_{\text{cohort size}} * \frac{\text{cohort size}}{\text{target cohort size}}").chain[0]
    assert {str(v) for v in got.free_symbols} == {"sigma_cohort_size", "cohort_size", "target_cohort_size"}


def test_a_text_word_after_a_condition_keyword_is_a_name():
    got = display(r"\begin{cases} 0 & \text{for } x < \text{lower}, \\ 1 & \text{for } \text{lower} \le x "
                  r"\end{cases}").chain[0]
    assert isinstance(got, sp.Piecewise) and sp.Symbol("lower") in got.free_symbols


@pytest.mark.parametrize("latex, why", [
    (r"n \text{ even}", "prose"),                      # spaced inside its braces: prose around the formula
    (r"y = 2 \text{dof}", "against an operand"),       # a number times it, or a unit?
    (r"y = \text{dof} \, x", "against an operand"),    # a function applied without parentheses?
    (r"y = \text{size of all} + 1", "prose"),          # an English connective inside
    (r"y = \text{undefined}", "names a value"),
    (r"y = \text{mod} + 1", "names a value"),
])
def test_a_text_word_that_may_be_anything_else_is_refused(latex, why):
    with pytest.raises(LatexError, match=why):
        display(latex)


# -- \text{where } opening a row --------------------------------------------------------------------------------

def test_a_row_opening_with_where_and_a_definition_is_that_definition():
    got = display(r"\text{where } \sigma^2 = \frac{2s^2 \log(1.25/\delta)}{\epsilon^2}")
    assert got.defines == r"\sigma^2" and len(got.chain) == 1 and "log" in str(got.chain[0])


@pytest.mark.parametrize("latex", [r"\text{where } x > 0",          # a condition, not a claim
                                   r"\text{where } a + b = 1",      # no name defined
                                   r"\text{where } x = 1 < y",      # a chain, not a definition
                                   r"\text{if } x = 1"])            # another opening word
def test_a_where_row_that_defines_no_name_is_refused(latex):
    with pytest.raises(LatexError):
        display(latex)


# -- \Delta u with u applied in the display ---------------------------------------------------------------------

def test_delta_of_a_function_the_display_applies_is_one_name():
    assert chain(r"\exp \Big(\frac{\epsilon u(x, r)}{2 \Delta u} \Big)") == ("exp(epsilon*u(x, r)/(2*Delta_u))",)
    assert "Delta_q" in chain(r"\frac{\epsilon}{2 \Delta q} \exp(-\frac{\epsilon |r - q(x)|}{\Delta q})")[0]


@pytest.mark.parametrize("latex", [r"\frac{\epsilon}{\Delta u}",             # u applied nowhere
                                   r"\frac{\Delta q}{q(1-q)}",               # q(1 - q) applies nothing
                                   r"\frac{1}{\Delta f^2} + f(x)",           # (Delta f)^2 or Delta(f^2)?
                                   r"\Delta u(x) + u(y)"])                   # Delta of u(x)?
def test_delta_before_a_name_stays_refused_otherwise(latex):
    with pytest.raises(LatexError, match="sensitivity"):
        display(latex)


# -- p(1 - q) where the display subtracts p -----------------------------------------------------------------------

def test_a_name_the_display_subtracts_times_parentheses_is_a_product():
    assert display(r"\epsilon = \log{\left(\frac{p (1-q)}{(1-p) q}\right)}").chain == (
        sp.log(p * (1 - q) / ((1 - p) * q)),)


@pytest.mark.parametrize("latex", [r"y = q(b + c) + q^2",          # q only powered: no bare operand
                                   r"y = \log(1 + p(e^x - 1)) p z",  # p against another factor
                                   r"y = f(1 - q) + (1 - f)"])       # a function letter: a call as before
def test_the_product_reading_needs_a_bare_arithmetic_operand(latex):
    try:
        got = display(latex).chain[0]
    except LatexError:
        return
    assert any(isinstance(f, sp.core.function.AppliedUndef) for f in got.atoms(sp.Function))


# -- n1 beside n_{1} --------------------------------------------------------------------------------------------

def test_a_glued_letter_is_the_subscripted_name_the_display_writes():
    got = display(r"d = \frac{(n_{1} - 1) a + (n_{2} - 1) b}{n1 + n2 - 2}").chain[0]
    assert {str(v) for v in got.free_symbols} == {"n_1", "n_2", "a", "b"}


@pytest.mark.parametrize("latex", [r"n1 + n_2", r"x2 + x_1", r"n1 + 1"])
def test_a_glued_letter_without_its_subscripted_twin_is_refused(latex):
    with pytest.raises(LatexError, match="letter followed by digits"):
        display(latex)


# -- pasted glyphs, font sizes ----------------------------------------------------------------------------------

def test_pasted_glyphs_are_the_commands_that_print_them():
    assert chain("\\small \\frac{\u2206 \\times 2}{\\epsilon}") == ("2*Delta/epsilon",)
    assert chain("\u03c3 \u2264 \u03b4 \u00b7 2") == chain(r"\sigma \le \delta \cdot 2")
    assert display("\u03b5 = 1").defines in (r"\varepsilon", "\\varepsilon ")


# -- \bmod, \mod -------------------------------------------------------------------------------------------------

def test_bmod_is_the_remainder_of_its_juxtaposed_operands_first_in_a_sum():
    assert chain(r"(x + \pi) \bmod 2 \pi - \pi") == ("Mod(x + pi, 2*pi) - pi",)
    assert chain(r"(x + \pi) \mod{2 \pi} - \pi") == ("Mod(x + pi, 2*pi) - pi",)  # amsmath's argument, in braces
    assert chain(r"y = (a + b) \mod n") == ("Mod(a + b, n)",)                     # the modulus ends the sum


@pytest.mark.parametrize("latex", [r"(x + \pi) \mod 2 \pi - \pi",  # the modulus 2 pi, or 2 pi - pi?
                                   r"a \cdot b \bmod n",            # which first?
                                   r"x - a \bmod n",                # the remainder of x - a?
                                   r"a \bmod b \bmod c"])
def test_a_modulus_that_may_end_elsewhere_is_refused(latex):
    with pytest.raises(LatexError):
        display(latex)


# -- \mid k \mid -------------------------------------------------------------------------------------------------

def test_two_mid_bars_after_an_operator_enclose_an_absolute_value():
    assert chain(r"f(k) = e^{\frac{-\mid k \mid}{\alpha}}") == ("exp(-Abs(k)/alpha)",)
    assert chain(r"y = \mid x \mid + 1") == ("Abs(x) + 1",)


@pytest.mark.parametrize("latex", [r"a \mid b",                    # divisibility: the bar follows an operand
                                   r"y = \mid x \mid z \mid",       # three bars
                                   r"y = \mid x > 0 \mid",          # a relation inside
                                   r"y = \{ x \mid x > 0 \}"])      # a set-builder
def test_any_other_mid_stays_not_a_formula(latex):
    with pytest.raises(LatexError):
        display(latex)
