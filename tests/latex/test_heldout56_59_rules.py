"""Readings and refusals added after heldout56-59 (a thesis on local DP protocols, notes on f-divergences, a signal
detection course, notes on concentration), each with its near miss:

- newly read: an upper limit that repeats the index (``\\sum_{n = 1}^{n = k}``) is its value;
- messages: the long arrows (``\\Longrightarrow``, ``\\Longleftrightarrow``) are named as the implication and the
  equivalence they are, not "not in the notation: a macro of the document?";
- refused: a sum of one bare name that does not hold the index (``\\sum_{i = x - \\theta}^{i = x + \\theta} q``, where
  q is the i-th probability of the display above), which the first rule would otherwise have read as a constant.
"""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, NotAFormula, display

i, j, k, m, n, b, c = sp.symbols("i j k m n b c")


def test_an_upper_limit_that_repeats_the_index_is_its_value():
    chain = display(r"\sum_{n = 1}^{n = k} b_n = 1 - \frac{1}{k + 1}").chain
    assert chain[0] == sp.Sum(sp.IndexedBase("b")[n], (n, 1, k))
    assert display(r"\prod_{j=0}^{j = m-1} x_j").chain[0] == sp.Product(sp.IndexedBase("x")[j], (j, 0, m - 1))
    with pytest.raises(LatexError):
        display(r"\sum_{i=1}^{j=n} i")          # another letter in the upper limit: a condition, refused as before


@pytest.mark.parametrize("latex, words", [(r"a = b + 1 \Longrightarrow", "an implication"),
                                          (r"a = 1 \Longleftrightarrow (p = a)", "an equivalence"),
                                          (r"x_n \longrightarrow 0", "a map")])
def test_long_arrows_are_named(latex, words):
    with pytest.raises(NotAFormula, match=words):
        display(latex)


def test_a_connective_opening_the_row_still_opens_it():
    assert len(display(r"\Longleftrightarrow a = b + 1").chain) == 2
    assert display(r"\lim_{x \longrightarrow 0} \frac{\sin x}{x} = 1").chain[1] == 1


@pytest.mark.parametrize("latex", [r"p + \sum_{i = x - \theta}^{i = x + \theta} q = 1", r"\sum_{i=1}^{n} q = 1",
                                   r"\prod_{j=1}^k p"])
def test_a_sum_of_one_bare_name_without_the_index_is_refused(latex):
    with pytest.raises(LatexError, match="without its index"):
        display(latex)


def test_constants_in_numbers_or_several_names_are_summed():
    assert display(r"\sum_{i = 1}^{n} 1 = n").chain == (sp.Sum(1, (i, 1, n)), n)
    assert display(r"\sum_{i=1}^n 2c = 2nc").chain == (sp.Sum(2 * c, (i, 1, n)), 2 * n * c)
