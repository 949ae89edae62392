"""Readings and refusals added after heldout16 (Divyanshu Kumar's blog series on differential privacy, written for
MathJax), each with its near miss: a distribution's name written in italic letters before parentheses
(``N + Lap(1/\\epsilon)``, a noisy release), and ``\\Delta f`` where the paragraph calls ``f`` a function (``Given a
function $f : D \\to R$``, the sensitivity of f), with sentences never split inside math; and two misreadings left
from heldout12: ``\\mathbb{N}`` (from 0 or from 1?) and ``c_i`` beside ``c_1`` with no range for i."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, NotAFormula, display
from symdp.latex.prose import function_names, sentences

SIGNATURE = ("Given a function $f : D \\to R$, the $l_1$-sensitivity is defined as:",)


def test_a_distribution_in_italic_letters_before_parentheses_is_a_random_variable():
    for row in (r"\text{Noisy Count} = N + Lap\left(\frac{1}{\epsilon}\right)", r"x + Bern(p)", r"y = Laplace(b) + 1"):
        with pytest.raises(NotAFormula, match="a distribution"):
            display(row)
    assert str(display(r"y = score(x) + 1").chain[0]) == "score(x) + 1"   # a function's word stays a call
    assert str(display(r"f(x) = \frac{x^{a-1}}{Beta(a,b)}").chain[0]) == "x**(a - 1)/Beta(a, b)"  # a function's name
    with pytest.raises(LatexError):
        display(r"y = Lap + 1")                                            # no parentheses: refused as before


def test_delta_before_a_function_the_paragraph_names_is_its_sensitivity():
    got = display(r"b = \frac{\Delta f}{\epsilon} \quad (4)", prose=SIGNATURE)
    assert got.defines == "b" and str(got.chain[0]) == "Delta_f/epsilon"
    with pytest.raises(LatexError, match="the sensitivity of f, or"):
        display(r"b = \frac{\Delta f}{\epsilon}")                          # no sentence: refused as before
    with pytest.raises(LatexError, match="the sensitivity of g, or"):
        display(r"b = \frac{\Delta g}{\epsilon}", prose=SIGNATURE)         # f is the function, not g
    assert function_names(("the utility function $u$ scores each output.",)) == {"u"}
    got = display(r"y = \frac{2\Delta u}{\epsilon}", prose=("the utility function $u$ scores each output.",))
    assert str(got.chain[0]) == "2*Delta_u/epsilon"                       # u declared a function of the paper's own
    got = display(r"b = \frac{\Delta f}{\epsilon}", prose=(r"Given a query $f : \mathbb{R} \to \mathbb{R}$, add noise:",))
    assert str(got.chain[0]) == "Delta_f/epsilon"
    with pytest.raises(LatexError, match="the sensitivity of u, or"):
        display(r"y = \Delta u(r)", prose=("the utility function $u$ scores each output.",))
    assert function_names(("the number $f$ is small.",)) == frozenset()


def test_a_sentence_is_never_split_inside_math():
    assert sentences(SIGNATURE) == SIGNATURE
    assert sentences(("It holds: Then $x$ is. $y$ is big.",)) == ("It holds:", "Then $x$ is.", "$y$ is big.")
    assert sp.Symbol("Delta_f") in display(r"\Delta f \le 1", prose=SIGNATURE).chain[0].free_symbols


def test_the_naturals_are_refused_from_0_or_from_1():
    for row in (r"f(n) \ge 0, \quad n \in \mathbb{N}", r"y = \sum_{n \in \mathbb{N}} 2^{-n}",
                r"|f_n(x)| \leq g(x) \quad \forall n \in \mathbb{N}"):
        with pytest.raises(LatexError, match="from 0 or from 1"):
            display(row)
    assert str(display(r"f(n) \ge 0, \quad n \in \mathbb{Z}, n \ge 1").conditions[1]) == "n >= 1"   # the way out
    assert str(display(r"f(n) \ge 0, \quad n \in \mathbb{N}_0").conditions[0]) == "Contains(n, Naturals0)"
    assert str(display(r"y = \sum_{n \in \mathbb{N}^+} 2^{-n}").chain[0]) == "Sum(2**(-n), (n, 1, oo))"
    assert str(display(r"y = \sum_{n \in \mathbb{Z}} 2^{-|n|}").chain[0]) == "Sum(2**(-Abs(n)), (n, -oo, oo))"


def test_a_member_of_a_family_beside_numbered_members_needs_its_range():
    with pytest.raises(LatexError, match="c_i beside c_1"):
        display(r"\varphi(x) = \begin{cases} 1, & T(x) < c_1, \\ \gamma_i, & T(x) = c_i, \\ 0, & T(x) > c_2 "
                r"\end{cases}")
    with pytest.raises(LatexError, match="c_k beside c_1"):
        display(r"y = c_1 + c_2 + c_k")
    assert str(display(r"x_{i} = x_{1} + (i - 1) h").chain[0]) == "h*(i - 1) + x_1"        # i is the row's variable
    assert str(display(r"y = c_1 + c_\infty").chain[0]) == "c_1 + c_infty"                 # an end, not an index
    assert str(display(r"y = \sum_{i=1}^{n} c_i - c_1").chain[0]).startswith("-c_1 + Sum(")  # bound by the sum
    for row in (r"y = x_1 + x_i, \quad i \ge 2", r"x_{k+1} = \lambda_k x_0 + (1 - \lambda_k) x_k",   # a range, arithmetic
                r"\rho = \frac{\sigma_0^2}{\sigma_0^2 + \sigma_e^2}", r"n = n_1 + n_2 + n_c", r"y = x_1 + x_n"):  # labels
        display(row)
    with pytest.raises(LatexError, match=r"\\sigma_k beside \\sigma_0"):
        display(r"y = \sigma_0 + \sigma_k")
    with pytest.raises(LatexError, match="c_i beside c_1"):
        display(r"y = c_1 + c_i \quad \forall i")                             # a quantifier gives no range
    display(r"x_i = x_1 + \epsilon_i")                                        # the defined side: every member
    display(r"y = \hat x_1 + x_i")                                            # another family than x_1's
    with pytest.raises(LatexError, match="beside"):
        display(r"f = \hat x_1 + \hat x_2 - \hat x_i")                        # the family hat x
    with pytest.raises(LatexError, match="c_i beside c_1"):
        display(r"c_i + c_1 = 2")                                             # not a defined side


def test_a_list_of_values_after_an_equation_is_refused_never_read_as_a_condition_that_is_a_number():
    """``\\text{for } i = 2, 3`` read as the conditions ``i = 2`` and ``3`` (a number: no condition at all, the
    display then held for i = 2 only).  A list of values is refused with the reason; a range with an ellipsis
    is read as before (the near miss)."""
    for row in (r"x_i = i^2 \quad \text{for } i = 2, 3", r"a_i \le 1 \text{ for } i = 1, 2, 3",
                r"f(x) = x + 1, \quad x = 0, 1"):
        with pytest.raises(LatexError, match="a number is not a condition"):
            display(row)
    assert display(r"a_k = 0, \quad k = 0, 1, \ldots, n").conditions[1] == sp.Contains(sp.Symbol("k"), sp.Integers)
    assert [str(c) for c in display(r"y = x, \quad 0 < x, 1 < y").conditions] == ["0 < x", "1 < y"]
