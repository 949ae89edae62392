"""Letters a display can mean two ways, each refused with the reason where nothing in the display says which, with
the near misses that stay read (the last stop's notes: read silently before).

- a bare ``e`` added to terms in names (``y = X\\beta + e``, a regression's error term) was Euler's number;
- ``x(t + 1) = r x (1 - x)`` (the logistic map, the next step of a sequence) was x times (t + 1).
"""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, display

x, n, c, p = sp.symbols("x n c p")


def refused(latex: str, words: str) -> None:
    with pytest.raises(LatexError, match=words):
        display(latex)


@pytest.mark.parametrize("latex", [r"y = X\beta + e", r"Y = a + bX + e", r"f(x) = x + e", r"y = x - e"])
def test_a_bare_e_added_to_terms_in_names_is_refused(latex):
    refused(latex, "an error term")


def test_e_stays_eulers_number_where_the_display_says_so():
    assert display(r"1 + e").chain == (1 + sp.E,)                                 # no names beside it
    assert display(r"\frac{e}{e - 1}").chain == (sp.E / (sp.E - 1),)
    assert str(display(r"e^{\epsilon} - e").chain[0]) == "exp(epsilon) - E"      # e raised elsewhere: the number
    assert display(r"x + \mathrm{e}").chain == (x + sp.E,)                         # set upright: the number
    assert display(r"y = X\beta + e_i").chain[0].has(sp.Symbol("e_i"))             # a subscripted name is a name


@pytest.mark.parametrize("latex", [r"x(t+1) = r x (1-x)", r"N(t + 1) = N + b"])
def test_a_sequence_step_on_the_left_beside_the_plain_letter_is_refused(latex):
    refused(latex, "a sequence's next step")


def test_products_whose_parentheses_hold_the_displays_names_stay_products():
    assert display(r"n(n+1) = n^2 + n").chain == (n * (n + 1), n**2 + n)
    assert display(r"c(1 - p) = c - cp").chain == (c * (1 - p), c - c * p)
