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


@pytest.mark.parametrize("latex", [r"y = X\beta + e", r"Y = a + bX + e", r"f(x) = x + e", r"y = x - e",
                                   r"y - X\beta = e", r"f(x) = x^2, \quad x \le a + e"])
def test_a_bare_e_added_to_terms_in_names_is_refused(latex):
    refused(latex, "an error term")


def test_e_alone_beside_a_bound_stays_eulers_number():
    assert display(r"\left(1+\frac1n\right)^n \le e, \quad n\ge1").chain[1] == sp.E
    assert display(r"\varepsilon \le e").chain[1] == sp.E
    sentence = "where $e$ is Euler's constant."       # e, never the Euler-Mascheroni gamma
    assert display(r"\left(1+\frac1n\right)^n \le e", prose=(sentence,)).chain[1] == sp.E


def test_e_set_upright_elsewhere_makes_the_bare_one_another_quantity():
    refused(r"\mathrm{e}^{\varepsilon} + e", "looks like another quantity")


@pytest.mark.parametrize("sentence", ["Here $e$ denotes Euler's number.",
                                      "where $e$ is the base of the natural logarithm."])
def test_a_sentence_that_names_e_eulers_number_settles_it(sentence):
    assert display(r"y = x + e", prose=(sentence,)).chain == (x + sp.E,)


def test_e_stays_eulers_number_where_the_display_says_so():
    assert display(r"1 + e").chain == (1 + sp.E,)                                 # no names beside it
    assert display(r"\frac{e}{e - 1}").chain == (sp.E / (sp.E - 1),)
    assert str(display(r"e^{\epsilon} - e").chain[0]) == "exp(epsilon) - E"      # e raised elsewhere: the number
    assert display(r"x + \mathrm{e}").chain == (x + sp.E,)                         # set upright: the number
    assert display(r"y = X\beta + e_i").chain[0].has(sp.Symbol("e_i"))             # a subscripted name is a name


@pytest.mark.parametrize("latex", [r"x(t+1) = r x (1-x)", r"N(t + 1) = N + b", r"\theta(t+1) = \theta - \eta g",
                                   r"w(t-1) = w - \eta g", r"V(t+1) \le V - c", r"S(n+1) = S + n + 1",
                                   r"c(\tau+1) = c + 1", r"y(1+t) = y + 2", r"x(t_0+1) = x+1", r"x(2t+1) = x+1"])
def test_a_sequence_step_on_the_left_beside_the_plain_letter_is_refused(latex):
    refused(latex, "a sequence's next step")


def test_products_whose_parentheses_hold_the_displays_names_stay_products():
    assert display(r"n(n+1) = n^2 + n").chain == (n * (n + 1), n**2 + n)
    assert display(r"c(1 - p) = c - cp").chain == (c * (1 - p), c - c * p)
    assert display(r"c(1 - p) = c - d").chain[0] == c * (1 - p)            # no step in the parentheses
    assert len(display(r"n(1 - \delta) \le n - m").chain) == 2              # a bound, not an update
    assert len(display(r"N(\varepsilon + 1) = N + M").chain) == 2          # no index letter in them: no step
    assert display(r"k(k-1) = k^2 - k").chain[0] == sp.Symbol("k") * (sp.Symbol("k") - 1)   # the name is the index
    assert display(r"x\,(t+1) = x + 1").chain[0] == x * (sp.Symbol("t") + 1)   # the author's space: a product
    assert display(r"\log(t+1) = \log t + \log(1 + 1/t)").chain[0] == sp.log(sp.Symbol("t") + 1)
