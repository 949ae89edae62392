"""Readings and refusals added after heldout15 (Yuchen Pei's blog post on differential privacy, "A Tail of Two
Densities", written for MathJax), each with its near-miss: plain TeX's infix \\over; an equation number written by
hand at the end of a row; a function the paper names e or pi; an expectation written without brackets; a law's
measure of a set; a log applied to a power followed by more factors; a term named a noise."""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, NotAFormula, display

d, e_, n, t, x, y = sp.symbols("delta e n t x y")


def refused(latex: str, words: str, kind=LatexError) -> None:
    with pytest.raises(kind, match=words):
        display(latex)


def value(latex: str):
    return display(latex).chain[-1]


def test_plain_tex_over_in_a_group_is_a_fraction():
    assert str(value(r"y = e^{- {x^2 \over 2}}")) == "exp(-x**2/2)"
    assert str(value(r"y = {1 \over 2 b} e^{- {|x| \over b}}")) == "exp(-Abs(x)/b)/(2*b)"
    assert str(value(r"y = (2 \epsilon)^{- {1 \over 2}}")) == "sqrt(2)/(2*sqrt(epsilon))"
    assert str(value(r"y = {a \over {b \over c}}")) == "a*c/b"                     # the inner group first
    refused(r"1 \over 2", "infix fraction outside a group")                       # it would take the whole row
    refused(r"y = {a \over b \over c}", "infix fraction")                          # two in one group
    assert str(value(r"y = {n \choose k}")) == "binomial(n, k)"


def test_a_hand_written_equation_number_is_dropped_a_condition_is_not():
    got = display(r"t &> 1 \qquad (6.93)")
    assert got.ops == (">",) and got.chain[-1] == 1
    assert str(display(r"p \le \delta, \qquad (3)").chain[-1]) == "delta"
    assert str(display(r"a \le b \quad (B.1).").chain[-1]) == "b"
    refused(r"x = 2 \quad (x > 0)", "a condition where an expression")           # parentheses with a relation
    refused(r"y = 2 \quad (x + 1)", "parentheses after a wide space")          # a sum: never a number's tag


def test_e_or_pi_before_one_name_is_a_function_or_a_product_a_sum_is_a_product():
    refused(r"y = e(y) / p(y)", "Euler's number in the notation")
    refused(r"y = \pi(\theta) + 1", "the number pi in the notation")
    assert str(value(r"y = e(1 - \delta)")) == "E*(1 - delta)"
    assert str(value(r"y = 2 \pi (x - 1)")) == "2*pi*(x - 1)"
    assert str(value(r"y = e^{\epsilon}(1 - \delta)")) == "(1 - delta)*exp(epsilon)"


def test_a_blackboard_expectation_without_brackets_is_not_a_formula():
    refused(r"| X_i - X_{i - 1} | = | L_i - \mathbb E L_i | \le 2 b", "an expectation of what follows", NotAFormula)
    refused(r"y = \mathbb{P} A", "a probability of what follows", NotAFormula)
    assert str(value(r"y = E X")) == "E*X"                                         # a plain E: a quantity


def test_a_law_letter_of_a_capital_is_a_measure_of_a_set():
    refused(r"p(S) \le e^\epsilon q(S) + \delta", "a law's measure of a set", NotAFormula)
    refused(r"f(Y) = 1 - (q(T) - \exp(\epsilon) p(T))", "a law's measure", NotAFormula)
    assert str(value(r"r = p(y) / q(y)")) == "p(y)/q(y)"                            # a density at a point
    assert str(value(r"r = f(Y) + 1")) == "f(Y) + 1"                                # f: a function letter


def test_a_log_of_a_power_followed_by_factors_is_refused_a_power_alone_is_read():
    refused(r"t > \sqrt{\log (2 \pi)^{-1} \delta^{-2}}", "the power of")
    assert str(value(r"y = \log(x)^2 + 1")) == "log(x)**2 + 1"
    assert str(value(r"y = \log (2) n")) == "n*log(2)"
    assert str(value(r"y = exp(-1)^{k} exp(k - x)")) == "exp(-k)*exp(k - x)"      # a second call: a product


def test_a_term_named_a_noise_is_random_a_scale_subscripted_by_it_is_not():
    refused(r"M(x) := f(x) + \text{noise}.", "a noise or a release", NotAFormula)
    assert str(value(r"\epsilon = \Delta / \sigma_{\text{noise}}")) == "Delta/sigma_noise"
    assert display(r"n_{\text{sample}} = 10").chain[-1] == 10


def test_vee_and_wedge_between_values_in_parentheses_are_max_and_min():
    assert str(value(r"y = (1 \vee x) + 2")) == "Max(1, x) + 2"
    assert str(value(r"y = \sqrt{a \wedge b}")) == "sqrt(Min(a, b))"
    refused(r"y = 1 \vee x", "at the top of a member")                             # y = 1, or x?
    refused(r"x > 0 \vee x < -1", "at the top of a member")                        # an or of two relations
    assert str(display(r"y = x, \quad x > 0 \vee x < -1").conditions[0]) == "(x > 0) | (x < -1)"


def test_a_standalone_group_subscripted_plus_is_its_positive_part():
    assert str(value(r"\mu(x) = (p(x) - e^\epsilon q(x))_+.")) == "Max(0, p(x) - q(x)*exp(epsilon))"
    assert str(value(r"y = \left(a - b\right)_{+}")) == "Max(0, a - b)"
    refused(r"y = f(x)_+", "a sign as a script or a label")                # after a name: not read


def test_a_known_symbols_inverse_power_before_a_sum_or_a_maximum_is_a_product():
    assert str(value(r"y = \epsilon^{-1} (a + b)")) == "(a + b)/epsilon"
    assert str(value(r"y = \epsilon^{-1} (1 \vee x)")) == "Max(1, x)/epsilon"
    refused(r"y = \epsilon^{-1}(\delta)", "an inverse or a power")                 # a privacy profile's inverse?
    refused(r"y = b^{-1}(a + b)", "an inverse or a power")                          # b: not a known symbol


def test_a_log_of_braces_followed_by_factors_is_refused():
    refused(r"y = 2 \log {5 \over 4} \delta^{-1}", "the braces do not print")
    assert str(value(r"y = \log{x} + 1")) == "log(x) + 1"
    assert str(value(r"y = \log{x} \log{y}")) == "log(x)*log(y)"


def test_ensuremath_from_a_macro_body_prints_its_argument():
    """mit-pdos/6.1600-notes defines \\vk as \\ensuremath{\\mathsf{vk}}; a formula expanding it reads the argument."""
    assert str(value(r"y = \ensuremath{\alpha} + 1")) == "alpha + 1"
    refused(r"y = \ensuremathx", "not in the notation")                         # another command, not the prefix


def test_a_prime_after_a_braced_subscript_is_the_letters():
    """NetShaper's appendix (amir-sabzi/NetShaper_arxiv) writes L_{k-1}' for the neighbouring queue's length."""
    assert str(value(r"y = L_{k-1} - L_{k-1}'")) == "-L'[k - 1] + L[k - 1]"
    assert str(value(r"y = F_{Y'}(t) + 1")) == "F_Y'(t) + 1"                         # the prime inside: the subscript's


def test_a_row_opened_by_forall_is_not_a_formula_a_trailing_one_is_a_condition():
    refused(r"\forall k \geq 0 : |L_{k} - L_{k}'| \le 1", "a statement for all", NotAFormula)
    assert str(display(r"y = x \quad \forall x > 0").conditions[0]) == "x > 0"
