"""Readings and refusals added after heldout56-59 (a thesis on local DP protocols, notes on f-divergences, a signal
detection course, notes on concentration), each with its near miss:

- newly read: an upper limit that repeats the index (``\\sum_{n = 1}^{n = k}``, also with ``\\limits``, the
  superscript first, or from a macro: read where the limits are built, so messages quote the text as written) is its
  value;
- messages: the long arrows (``\\Longrightarrow``, ``\\Longleftrightarrow``) are named as the implication and the
  equivalence they are, not "not in the notation: a macro of the document?";
- refused: a sum of a term that does not hold the index (``\\sum_{i = x - \\theta}^{i = x + \\theta} q``, where q
  is the i-th probability of the display above; ``-\\sum_{i=1}^{3} p \\log p \\le \\log 3`` and Gibbs' inequality,
  REFUTED in a paper by the reviews), unless the display writes its names plain outside the sum (``\\sum_{t=1}^T
  \\varepsilon \\le T \\varepsilon``) or they are the range's.
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
    assert display(r"\sum\limits_{i=1}^{i=n} x_i").chain == display(r"\sum_{i=1}^{n} x_i").chain
    assert display(r"\sum^{i=n}_{i=1} x_i").chain == display(r"\sum_{i=1}^{n} x_i").chain
    with pytest.raises(LatexError):
        display(r"\sum_{i=1}^{j=n} i")          # another letter in the upper limit: a condition, refused as before
    with pytest.raises(LatexError, match=r"n = k < m"):
        display(r"\sum_{n = 1}^{n = k < m} b_n")   # the message quotes the source as written


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
                                   r"\prod_{j=1}^k p", r"-\sum_{i = 1}^{i = 3} p \log p \le \log 3",
                                   r"\sum_{i = x - \theta}^{i = x + \theta} q^2", r"\sum_{i=1}^n q = 1, \quad q > 0",
                                   r"\sum_{i=1}^{3} p\log\frac{p}{q} \ge 0", r"\sum_{i=1}^{3}(x - \bar x) = 0",
                                   r"\sum_{i=1}^n \frac{(b-a)^2}{4}"])
def test_a_sum_of_one_bare_name_without_the_index_is_refused(latex):
    with pytest.raises(LatexError, match="without its index"):
        display(latex)


def test_constants_in_numbers_or_several_names_are_summed():
    assert display(r"\sum_{i = 1}^{n} 1 = n").chain == (sp.Sum(1, (i, 1, n)), n)
    assert display(r"\sum_{i=1}^n 2c = 2nc").chain == (sp.Sum(2 * c, (i, 1, n)), 2 * n * c)   # c plain outside
    assert len(display(r"\sum_{t=1}^{T} \varepsilon \le T\varepsilon").chain) == 2
    assert display(r"\sum_{i=1}^n \log\frac{1}{n}").chain == (sp.Sum(sp.log(1 / n), (i, 1, n)),)  # the range's name


@pytest.mark.parametrize("latex", [r"\left\| x \right\| \le 1", r"\left\lVert x \right\rVert \le 1",
                                   r"\Bigl\lVert x \Bigr\rVert \le 1"])
def test_norm_delimiters_are_the_norm_a_notation_entry_spells(latex):
    with pytest.raises(LatexError, match="a norm"):
        display(latex)
    from symdp.latex import NOTATION
    assert display(latex, notation=NOTATION.extend(symbols={r"\|x\|": sp.Symbol("N")})).chain == (sp.Symbol("N"), 1)
