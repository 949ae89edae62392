"""Primes read as derivatives where the text around the display speaks of them; F(x) a call; spacing inside an upright
word; a definition missing its '='; two letters as the whole argument.

From the refusals of the held-out sets on 2026-12-07 (heldout26's calculus notes, heldout24's SymPy docstrings,
heldout17/29's F(b) - F(a)); each rule has its near miss, refused as before.
"""
from __future__ import annotations

import pytest
import sympy as sp

from symdp.latex import LatexError, NotAFormula, display

x, t, a, b, s = sp.symbols("x t a b s")
g, h, u, f = sp.Function("g"), sp.Function("h"), sp.Function("u"), sp.Function("f")
RULE = ("## Product rule: $f(x)=g(x)h(x)$",)
DIFF = ("Differentiating both sides gives",)


def chain(text, **kw):
    return display(text, **kw).chain


def test_a_prime_is_the_derivative_where_a_sentence_names_a_rule_of_calculus():
    got = chain("f(x) = g'(x)h(x) + g(x)h'(x)", prose=RULE)
    assert got == (sp.Derivative(g(x), x) * h(x) + g(x) * sp.Derivative(h(x), x),)


def test_the_reading_names_the_sentence_that_declared_each_prime():
    d = display("f(x) = g'(x)h(x)", prose=RULE)
    assert {dec.spelling for dec in d.declared} == {"g'"}
    assert all(dec.sentence.startswith("## Product rule") for dec in d.declared)


def test_a_prime_at_a_point_other_than_a_name_is_evaluated_there():
    (got,) = chain("g'(h(x))", prose=DIFF)
    assert isinstance(got, sp.Subs) and got.point == (h(x),)
    assert got.expr.doit() == sp.Derivative(g(got.variables[0]), got.variables[0])


def test_primes_count_the_order_and_known_functions_are_the_notations():
    assert chain("g''(x) + g(x)", prose=DIFF) == (g(x) + sp.Derivative(g(x), (x, 2)),)
    assert chain(r"\frac{\Gamma'(z)}{\Gamma(z)}", prose=DIFF) == (
        sp.Derivative(sp.gamma(sp.Symbol("z")), sp.Symbol("z")) / sp.gamma(sp.Symbol("z")),)
    (got,) = chain(r"\sin'(x)\cos(x)", prose=DIFF)   # SymPy's sin differentiated, never a function named sin
    assert got == sp.Derivative(sp.sin(x), x) * sp.cos(x)


@pytest.mark.parametrize("text,prose", [
    ("g'(x) + 1", ()),                          # no sentence speaks of derivatives
    ("g'(x) + 1", ("where $g$ is a test",)),
    ("M'(D) - M(D)", DIFF),                     # a second mechanism, never a derivative
    ("x'(t) + x", DIFF),                        # x is no function letter and is not applied unprimed
    ("q'(x) + 1", DIFF),
])
def test_a_prime_without_a_sentence_or_a_function_letter_stays_refused(text, prose):
    with pytest.raises(LatexError, match="primed name"):
        display(text, prose=prose)


def test_a_letter_the_display_applies_unprimed_is_a_function_there():
    w = sp.Function("w")
    assert chain("w'(x) + w(x)", prose=DIFF) == (w(x) + sp.Derivative(w(x), x),)
    with pytest.raises(LatexError, match="primed name"):   # a law's letter: the neighbour's density
        display("q'(x) + q(x)", prose=DIFF)


@pytest.mark.parametrize("text", [r"B(a, b) + 1", r"\mathrm{B}(a,b) + 1", r"\mathrm{B}(x, r) + 1",
                                  r"\frac{1}{B(a,b)} \int_0^x t^{a-1} dt"])
def test_b_of_two_arguments_stays_refused_upright_too(text):
    """Upright B(a, b) is DLMF's beta function, and a ball B(x, r) or a paper's own bound B(epsilon, delta): the
    review of 2026-12-07 undid a rule that read it as the beta function."""
    with pytest.raises(LatexError, match="beta function"):
        display(text)


@pytest.mark.parametrize("text", [r"\Gamma(s) - \Gamma(s, x)", r"\Gamma(\mu, \nu)", r"\Gamma(a, b, c)"])
def test_gamma_of_two_arguments_stays_refused(text):
    """The upper incomplete gamma function, a Gamma distribution Gamma(alpha, beta), or the couplings of mu and nu."""
    with pytest.raises(LatexError, match="argument"):
        display(text)


def test_f_of_a_name_is_a_call_not_symdps_bound_times_it():
    F = sp.Function("F")
    assert chain(r"\int_a^b f(x) \, dx = F(b) - F(a)") == (sp.Integral(f(x), (x, a, b)), F(b) - F(a))
    for text in (r"G(x) = F(x + \Delta)", r"F(x) \le F(x + \epsilon)", r"F(x) + F"):   # a sum inside; both uses
        with pytest.raises(LatexError, match="F"):
            display(text)


def test_f_stays_ambiguous_where_the_derived_expression_names_f():
    with pytest.raises(LatexError, match="ambiguous"):
        display("F(x) + 1", derived=2 * sp.Symbol("F"))


def test_a_control_space_in_an_upright_word_is_a_space():
    (got,) = chain(r"f(x) = \begin{cases} 0 & \mathrm{for\ } x < a, \\ 1 & \mathrm{for\ } x \ge a \end{cases}")
    assert isinstance(got, sp.Piecewise) and got.args[0][0] == 0 and got.args[0][1] in (x < a, a > x)


def test_a_function_value_beside_an_integral_with_no_relation_is_refused():
    with pytest.raises(LatexError, match="'=' is missing"):
        display(r"Z(x,y)  \int^{1}_{0} t^{x-1} (1-t)^{y-1} \mathrm{d}t.")
    assert chain(r"\exp(x) \int_0^1 t \, dt") == (sp.exp(x) * sp.Integral(t, (t, 0, 1)),)
    p, q = sp.Function("p"), sp.Function("q")
    y = sp.Symbol("y")
    assert chain(r"p(x) \int_0^1 q(y) dy = 1") == (p(x) * sp.Integral(q(y), (y, 0, 1)), 1)


def test_two_letters_that_are_the_whole_argument_and_the_displays_own_names_are_their_product():
    y = sp.Symbol("y")
    assert chain(r"f(x, y) = \sin(xy)") == (sp.sin(x * y),)
    for text in (r"P(x, df)", r"\sin(xy) + 1"):   # a list's parameter; letters standing nowhere alone
        with pytest.raises(LatexError, match="alone as an argument"):
            display(text)


def test_a_bare_names_partial_derivatives_of_two_orders_do_not_count_as_its_call():
    """``\\partial^2 f / \\partial x^2 = \\partial f / \\partial x [y \\cos(xy)]`` (handson-ml3): f read as a function of
    x alone beside y; its first-order derivative was taken for a call of f that writes its arguments."""
    with pytest.raises(LatexError, match="partial derivative of the bare name f"):
        display(r"\dfrac{\partial^2 f}{\partial x^2} = \dfrac{\partial f}{\partial x}\left[y\cos(xy)\right] = "
                r"-y^2\sin(xy)")


@pytest.mark.parametrize("text,prose", [
    (r"\frac{p(o)}{p'(o)} \le e^{\varepsilon}", ("an adversary cannot differentiate between $D$ and $D'$",)),
    (r"|\ell(h(x), y) - \ell(h'(x), y)| \le L |h(x) - h'(x)|",
     ("Since the derivative of $\\ell$ is bounded by $L$, for any two hypotheses $h, h'$,",)),
    (r"|f(D) - f'(D)| \le 1", ("Differentiating,",)),
    (r"|g(x) - g'(x)| \le 1", (r"Let $g' : \mathbb{R}\to\mathbb{R}$ be the query on $D'$, whose derivative is bounded.",)),
    (r"L(x) = \log \frac{f(x)}{f'(x)}", ("the logarithm of the Radon-Nikodym derivative of $P$ with respect to $P'$.",)),
    (r"\sum_{x=1}^{n} f(x)\log\frac{f(x)}{f'(x)}", ("By the chain rule for KL divergence,",)),
])
def test_a_prime_that_names_a_second_object_is_never_a_derivative(text, prose):
    """The review of 2026-12-07: "differentiate between", a Radon-Nikodym derivative, the chain rule of KL, two
    hypotheses h, h', a query g' the text declares, f' at a dataset, a neighbour's density p'."""
    with pytest.raises(LatexError, match="primed name"):
        display(text, prose=prose)


def test_a_primed_letter_the_text_declares_is_the_derivative_of_that_function():
    (lhs, _) = chain(r"\phi'(x) + x\phi(x) = 0", prose=("where $\\phi$ is the standard normal density.",
                                                        "Differentiating, we obtain"))
    assert sp.simplify(lhs.doit()) == 0   # Stein's identity for the normal density, not a function named phi


@pytest.mark.parametrize("text", [r"\hat\theta = \operatorname{arg\,min}_{\theta} \sum_{i=1}^n (y_i-\theta)^2",
                                  r"\operatorname{lim\,sup}_{n} a_n", r"\mathrm{ess\,sup}_t f(t)"])
def test_an_optimisation_with_a_thin_space_is_not_a_formula(text):
    with pytest.raises(NotAFormula):
        display(text)
