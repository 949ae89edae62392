"""Integrands written with ``\\cdot`` and justification columns written with one ``&`` (heldout33: The Book of
Statistical Proofs' moment-generating functions, 28/44 -> 34/44; heldout34: CS229M's ``&\\le ... &(\\text{dfn of }
\\delta)``; heldout11, heldout17)."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display

def _one(text):
    (member,) = display(text).chain
    return member


@pytest.mark.parametrize("text, integrand", [
    (r"\int_0^{\infty} e^{tx} \cdot \lambda e^{-\lambda x} dx", "exp(t*x)*lam*exp(-lam*x)"),
    (r"\int_0^{\infty} e^{tx}\cdot \lambda e^{-\lambda x} \, \mathrm{d}x", "exp(t*x)*lam*exp(-lam*x)"),
    (r"\int_1^2 1/x \, dx", "1/x"),
    (r"\int_1^2 \frac{1}{x} \cdot x^2 dx", "x"),
    (r"\int_0^1 x \times t \, dx", "x*t"),
])
def test_an_integrand_written_with_a_product_sign_runs_to_its_differential(text, integrand):
    got = _one(text)
    assert isinstance(got, sp.Integral)
    plain = got.function.subs({s: sp.Symbol(s.name) for s in got.function.free_symbols})
    want = sp.sympify(integrand).subs(sp.Symbol("lam"), sp.Symbol("lambda"))
    assert sp.simplify(plain - want) == 0


def test_what_follows_the_differential_is_outside_the_integral():
    got = _one(r"\int_0^1 x \cdot t \, dx \cdot t")
    assert isinstance(got, sp.Mul) and any(isinstance(a, sp.Integral) for a in got.args)
    assert _one(r"\int_1^2 \frac{1}{x} \cdot x^2 dx + 1").is_Add


@pytest.mark.parametrize("text", [
    r"\int_0^1 a/b c \, dx",              # the slash's reach stays refused inside the integrand
    r"\int_0^1 x \cdot y",                # no differential at all
    r"\int_0^1 x + y \cdot z \, dx",      # a sum before the differential: which terms does it integrate?
])
def test_what_was_refused_stays_refused(text):
    with pytest.raises(LatexError):
        display(text)


def test_an_inner_integral_takes_its_own_product():
    got = _one(r"\int_0^1 \int_0^1 x \cdot t \, dx \, dt")
    assert isinstance(got, sp.Integral) and len(got.limits) == 2


@pytest.mark.parametrize("text", [
    r"&\leq p \ln(B\kappa n) &(\text{dfn of } \delta)",
    r"&\leq p \ln(B\kappa n) &\text{these terms dominate}",
    r"a &\leq p \ln(B\kappa n) &(\text{dfn of } \delta)",
])
def test_a_third_column_of_text_or_in_parentheses_is_a_justification(text):
    d = display(text)
    assert "log" in str(d.chain[-1]) and not d.conditions


@pytest.mark.parametrize("text", [
    r"x &= 1 & y &= 2",                         # two equations
    r"\mu &= p &\sigma &= \sqrt{p}",
    r"f(x) &= 1 & \text{if } x > 0",            # a condition, or a second pair? (left refused, as before)
    r"a &= u + 1 & (u = x^2)",                  # a remark that defines a name of the formula
])
def test_a_second_pair_or_a_defining_remark_is_still_refused(text):
    with pytest.raises(LatexError):
        display(text)


@pytest.mark.parametrize("text, kept", [
    (r"\hat{\theta} = 4.988 \textnormal{ (the posterior mean)}", ""),   # heldout28, STATS331's summaries.tex
    (r"x = y \text{ (for } y > 0)", "y > 0"),
])
def test_a_text_opening_with_a_printed_space_and_a_parenthesis_is_an_aside(text, kept):
    """As after ``\\quad``: a remark is dropped, a condition kept (the space inside the braces prints)."""
    d = display(text)
    assert [str(c) for c in d.conditions] == ([kept] if kept else [])


@pytest.mark.parametrize("text", [r"x = 2 \text{(the mean)}",          # no printed space: glued to the 2
                                  r"x = 3 \text{ (in meters)}",        # a qualifier, not a remark
                                  r"x = u + 1 \text{ (} u = 2)"])      # a relation in parentheses
def test_other_texts_after_a_formula_stay_refused(text):
    with pytest.raises(LatexError):
        display(text)
