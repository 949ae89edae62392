"""heldout32 (Mironov's Renyi Differential Privacy as transcribed in Markdown, and a DP thesis; measured blind at
cec0fff: 15/22 = 68 %, 7 misread): the rules its misreadings asked for, each with the near miss that stays read."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display


@pytest.mark.parametrize("text", [r"\sqrt{2\log 1.25/\delta}", r"\log 2n/\delta", r"\log n / n", r"\log x^2/y",
                                  r"\exp 1/x", r"\log{1}/\delta", r"\sin \log 1/x", r"a/b \log 1/Q"])
def test_an_operator_whose_operand_a_slash_follows_is_refused(text):
    """``\\log 1/Q`` was read log(1)/Q = 0: the printed "log 1/Q" is the log of the quotient in DP papers, and
    "log n / n" a quotient of the log in others; only parentheses or a fraction say which (but see below for the
    literal one)."""
    with pytest.raises(LatexError, match="quotient"):
        display(text)


@pytest.mark.parametrize("text, meant", [
    (r"\exp\left(\sqrt{2\varepsilon n \log 1/Q}\right) \cdot Q", "Q*exp(sqrt(2)*sqrt(epsilon)*sqrt(n*log(1/Q)))"),
    (r"\frac{\log 1/\delta}{\alpha - 1}", "log(1/delta)/(alpha - 1)"), (r"\ln 1/x + 1", "log(1/x) + 1"),
    (r"\log^2 1/\delta", "log(1/delta)**2"), (r"2 \log 1 / (1 - p)", "2*log(1/(1 - p))")])
def test_the_log_of_one_over_a_factor_is_the_log_of_the_quotient(text, meant):
    """``\\log 1/\\delta``: the log of 1 is 0 and no author divides it, so the printed "log 1/delta" has one reading,
    log(1/delta); a divisor of several factors stays an ambiguous slash."""
    assert [str(m) for m in display(text).chain] == [meant]
    with pytest.raises(LatexError, match="ambiguous slash"):
        display(r"\log 1/\delta n")


def test_parentheses_or_a_fraction_say_which():
    n, delta, x, y = sp.symbols("n delta x y")
    assert [str(m) for m in display(r"\log(1/\delta)").chain] == ["log(1/delta)"]
    assert [str(m) for m in display(r"\frac{\log n}{n}").chain] == ["log(n)/n"]
    assert [str(m) for m in display(r"\log x + 1/y").chain] == ["log(x) + 1/y"]


def test_a_calligraphic_letter_against_a_functions_value_is_refused():
    with pytest.raises(LatexError, match="calligraphic"):
        display(r"\mathcal{L}_{\varepsilon} f(x) \triangleq f(x) + \Lambda(0, \Delta_1 f/\varepsilon),")


def test_a_letter_another_member_adds_is_a_number_before_parentheses():
    """Mironov's ``x(1 + \\beta\\lambda + ...) + y(...) = (1 + ...)(x + y) + ...``: x and y are added in the last
    member, so numbers in the first; alone (``x(1 + a) = 2``) the call stays ambiguous."""
    (lhs, rhs) = display(r"x(1 + \beta\lambda) + y(1 - \beta\lambda) = (x + y) + \beta\lambda(x - y)").chain
    assert sp.expand(lhs - rhs) == 0
    with pytest.raises(LatexError, match="ambiguous"):
        display(r"x(1 + a) = 2")
