"""heldout34 (Stanford CS229M's notes on concentration and uniform convergence; measured blind at 2701005: 21/25 = 84 %,
3 misread, all |C|, a cover's size, read as an absolute value)."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display


@pytest.mark.parametrize("text", [r"|C| \le \left( \frac{2B\sqrt{p}}{\epsilon} +1\right)^p",
                                  r"\ln{\vert C \vert} - 2n\delta^2 \le p", r"\sigma = \frac{C}{|B|}", r"\frac{1}{|D|}"])
def test_a_bare_capitals_bars_are_a_sets_size_or_an_absolute_value(text):
    with pytest.raises(LatexError, match="a set's size"):
        display(text)


@pytest.mark.parametrize("text", [r"|X| + 1", r"|Y'| + 1", r"|L_i| \le \epsilon", r"|x - y| \le 1"])
def test_a_random_variables_or_a_subscripted_names_bars_are_its_absolute_value(text):
    assert any(m.atoms(sp.Abs) for m in display(text).chain if isinstance(m, sp.Basic))


def test_a_letter_alone_in_braces_before_its_prime_is_the_letter():
    """heldout35 (NetShaper's arXiv source, blind at 8ee2c1a: 1/6, 0 misread): ``{R}_{k}'`` read as R'_k."""
    (lhs, _) = display(r"(L_{k-1} - L_{k-1}') \cdot ({R}_{k} - {R}_{k}') \geq 0 ,").chain
    assert {str(s) for s in lhs.free_symbols} >= {"R_k", "k"}
    with pytest.raises(LatexError):   # a fraction's braces are no letter's
        display(r"\frac{a}{b}_{c}")


def test_mathop_prints_its_argument():
    """heldout36 (stdlib-js's READMEs, blind at b851e02: 11/16 = 69 %, 0 misread; now 15/16): ``\\mathop{\\mathrm{erf}}``."""
    (got,) = display(r"\frac{1}{2} \left[ 1 + \mathop{\mathrm{erf}}\left( \frac{x-\mu}{\sigma\sqrt{2}} \right) \right]").chain
    assert got.atoms(sp.erf)
    (got,) = display(r"\tfrac{1}{2} \mathop{\mathrm{sgn}}(x-\mu)").chain
    assert got.atoms(sp.sign)
