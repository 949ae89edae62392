"""A refusal of the grammar names what the author probably wrote (:mod:`symdp.latex.unexpected`): each place the
grammar has no reading for, from the corpus's rows that only said "a construct the grammar does not have", with the
words its message must hold; and the rows whose reading does not change (a message is never a reading)."""
from __future__ import annotations

import re

import pytest

from symdp.latex import LatexError, display, parse

PLACES = [
    (r"PD = \sum_{b \in T} l(b)", "over the members of a set"),                        # scikit-bio's phylogenetic diversity
    (r"y \leq \sum_{h \in \mathcal{H}} 2\exp(-2n\epsilon^2)", "over the members of a set"),
    (r"Z = \int_{\mathbb{R}^d} \exp(x) dx", "an integral over a set"),
    (r"f = p^k (1 - p)^{1-k}, \quad k \in \{0, 1\}", "membership in a set"),
    (r"g = p(y) 1[y \in T] + q(y) 1[y \notin T]", "membership in a set"),
    (r"y = \frac{1}{1/(N_{i} - 1))} - 1", "pairs with no opening one"),
    (r"y = \sqrt{((N-S+1)^2 + S -1}}", "pairs with no opening one"),
    (r"y = (a + b]", "pairs with no opening one"),                                  # no interval: no comma
    (r"D(p || q) + D(q || p) \le \epsilon", "a bar inside parentheses"),
    (r"y = \lfloor x 2^{-k}\rceil", "rounding to the nearest integer"),
    (r"LR_+ = \frac{a}{b}", "a sign as a script or a label"),
    (r"y = f(x)_+", "a sign as a script or a label"),
    (r"y = f(y_{\le i})", "a relation in a subscript"),
    (r"y = \left\langle (X-\mu)^2 \right\rangle", "angle brackets"),
    (r"\text{and}&", "a connective standing alone"),
    (r"y = 2/n \sum_{k=1}^n \cos(k)", "a sum after a slash"),
    (r"y = ((n \cdot 2) // d + 1) // 2", "integer division"),
    (r"\kappa = \sqrt(\frac{q}{1-q})", r"\\sqrt\( with parentheses"),
    (r"y = \int k(x, \cdotp) dx", "a placeholder for an argument"),
    (r"y = \frac{{}a}{b}", "an empty group"),
    (r"r_{x, y ; z} = \frac{a}{b}", "a semicolon"),
    (r"y = (x + 1)^*", "a star as a script"),
    (r"\text{If}\; \lVert x_i \rVert_2 \le 1", "words in text where a term"),
    (r"&= \sum_i^k \cdot \exp(x)", "right after a sum's or an integral's limits"),
]


@pytest.mark.parametrize("latex, words", PLACES)
def test_the_refusal_names_the_construct(latex, words):
    with pytest.raises(LatexError) as refusal:
        display(latex)
    assert re.search(words, str(refusal.value)), str(refusal.value)
    assert "a construct the grammar does not have" not in str(refusal.value)


@pytest.mark.parametrize("latex, want", [
    (r"y = \sum_{i=1}^{n} x_i", "Sum(x[i], (i, 1, n))"),        # a range, not a set
    (r"y = \frac{1}{N - 1}", "1/(N - 1)"),                        # brackets that pair
    (r"y = |x|/2", "Abs(x)/2"),                                   # bars outside parentheses
    (r"2 x^*", "2*x^*"),                                          # a star on a name is the name's
])
def test_near_misses_read_as_before(latex, want):
    assert str(parse(latex)) == want


def test_a_decimal_after_a_closing_bar_is_refused_as_after_any_factor():
    for latex in (r"|x| .5", r"|x|.5", r"p(a|b) |x| .5", r"\left|x\right| .5"):
        with pytest.raises(LatexError, match="a decimal written .5 right after a factor"):
            parse(latex)
    assert str(parse(r"|.5 x|")) == "Abs(x)/2"        # the bar opens: the decimal is a term's
    assert str(parse(r"|x| 0.5")) == "Abs(x)/2"       # a leading zero says which
