"""Rules from heldout27 (the rrLogit vignette of the U.S. Census Bureau, randomized response and PRAM) and heldout28
(Brewer's STATS 331 notes), both measured blind at e31daf4: a partial derivative of a bare name beside other names,
a function defined of ``\\pi`` whose right side uses ``\\pi``, a bar inside a call (a conditional) refused with its
reason; ``\\mbox{\\it WIF}``, spacing and size switches inside text boxes and struts read as TeX sets them.  Each rule
has its positive case and near cases that stay read (or refused) as before."""
from __future__ import annotations

import pytest
import sympy as sp
from symdp.latex import NOTATION, LatexError, display


def chain(latex, notation=None):
    return tuple(str(m) for m in display(latex, notation).chain)


# 1. a partial derivative of a bare name: a function of the variable alone, or of others too? -----------------

@pytest.mark.parametrize("latex", [
    r"\frac{\partial l_g}{\partial \beta_{jk}} = \left(f_{gk} - N_g \pi_{gk}\right) x_{gj}",   # rrLogit (3150)
    r"\frac{\partial f}{\partial x} = y \cos(x y)",
    r"\frac{\partial^2 f}{\partial x^2} = a x",
])
def test_a_partial_derivative_of_a_bare_name_beside_other_names_is_refused(latex):
    with pytest.raises(LatexError, match="partial derivative of the bare name"):
        display(latex)


@pytest.mark.parametrize("latex,read", [
    (r"\frac{\partial f}{\partial x} = 2x", ("Derivative(f(x), x)", "2*x")),          # the variable alone
    (r"\frac{d f}{d x} = 2 y", ("Derivative(f(x), x)", "2*y")),                        # an ordinary derivative
    (r"\frac{\partial G}{\partial x}\left(\frac{x}{2}\right) = x",                      # at a point (heldout5)
     ("Subs(Derivative(G(x), x), x, x/2)", "x")),
    (r"\frac{\partial}{\partial x} f(x, y) = y", ("Derivative(f(x, y), x)", "y")),    # its arguments written
])
def test_a_derivative_in_the_variable_alone_or_with_its_arguments_is_read(latex, read):
    assert chain(latex) == read


# 2. \pi as the argument of a function defined, used bare on the right ----------------------------------------

def test_a_function_defined_of_pi_using_pi_is_refused_unless_declared():
    row = r"\psi(\pi) = \log \left( \frac{\pi}{1-\pi} \right)"     # rrLogit (1224): pi a probability
    with pytest.raises(LatexError, match=r"\\pi as an argument of the function defined"):
        display(row)
    with pytest.raises(LatexError, match=r"\\pi as an argument"):
        display(r"\psi^\prime(\pi) = \frac{1}{\pi\,(1-\pi)}")
    declared = NOTATION.extend(symbols={r"\pi": sp.Symbol("p_i")})
    assert chain(row, declared) == ("log(p_i/(1 - p_i))",)


@pytest.mark.parametrize("latex,read", [
    (r"f_{mix}(x; \Theta, \pi) = \sum_{k=1}^K \pi_k f(x; \theta_k)",                 # members only (heldout23)
     ("Sum(f(x, theta[k])*pi[k], (k, 1, K))",)),
    (r"f(x) = \pi x", ("pi*x",)),                                                       # the constant
])
def test_pi_stays_read_where_nothing_makes_it_a_variable(latex, read):
    assert chain(latex) == read


# 3. a bar inside a call: a conditional, refused with that reason -----------------------------------------------

def test_a_bar_inside_a_call_is_refused_as_a_conditional():
    with pytest.raises(LatexError, match="a bar inside a call's parentheses"):
        display(r"p(\theta | x) = \frac{p(\theta)p(x|\theta)}{p(x)}")    # STATS 331, Bayes' rule
    with pytest.raises(LatexError, match=r"absolute value \|\.\.\.\| left open"):
        display(r"y = f(|x)")                                              # an absolute value opened


# 4. text boxes as TeX sets them -----------------------------------------------------------------------------------

@pytest.mark.parametrize("latex,read", [
    (r"\mbox{\it FMI}(\beta_j) = 1 - \frac{1}{\left[\mbox{\it WIF}(\beta_j)\right]^2}",   # rrLogit (3601)
     ("1 - 1/WIF(beta_j)**2",)),
    (r"y = \sqrt{\frac{1}{\rule{0pt}{12pt}1 - x}}", ("sqrt(1/(1 - x))",)),               # a strut
    (r"x = \left\{ \begin{array}{ll} 1 & \mbox{if\, $r=s$}, \\ 2 & \mbox{otherwise}, \end{array} \right.",
     ("Piecewise((1, Eq(r, s)), (2, True))",)),
    (r"y = f_{\mbox{\scriptsize (min)}}", ("f_(min)",)),
])
def test_text_boxes_are_read_as_tex_sets_them(latex, read):
    assert chain(latex) == read


def test_a_rule_with_a_width_stays_refused():
    with pytest.raises(LatexError, match=r"\\rule"):
        display(r"y = \rule{2pt}{3pt} x")


# 5. the adversarial review of d530204: every bypass it found ------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"\frac{\partial \mathcal{L}}{\partial \theta} = \sum_{i=1}^{n} (y_i - \theta)",   # a decorated or font name
    r"\frac{\partial \hat{f}}{\partial x} = x y",
    r"\dfrac{\partial f}{\partial x} = y x",                                              # other fractions, spacing
    r"\frac{\partial\,f}{\partial\,x} = y x",
    r"\frac{\partial ^2 f}{\partial x^2} = a x",
    r"\frac{\partial f}{\partial x} = y + g_f(x)",                                       # another function's call
    r"\frac{\partial f}{\partial x} = y + \hat f(y)",
    r"g(y) = \frac{\partial f}{\partial x}",                                              # the defined side's argument
    r"\frac{\partial f}{\partial x}(b) = x + b",                                          # x free outside the point
])
def test_review_partial_derivative_bypasses_are_refused(latex):
    with pytest.raises(LatexError, match="partial derivative of the bare name"):
        display(latex)


@pytest.mark.parametrize("latex,read", [
    (r"f(x) = \frac{\partial G}{\partial x}", ("Derivative(G(x), x)",)),
    (r"h(y) = \frac{\partial G}{\partial x}(y)", ("Subs(Derivative(G(x), x), x, y)",)),
    (r"\frac{\partial f}{\partial x} = 2 f(x)", ("Derivative(f(x), x)", "2*f(x)")),
])
def test_review_partial_derivatives_that_stay_read(latex, read):
    assert chain(latex) == read


@pytest.mark.parametrize("latex", [
    r"\psi({\pi}) = \log \frac{\pi}{1-\pi}",          # a braced or upright argument
    r"\psi(\mathrm{\pi}) = \pi",
    r"f({\pi}) = \sin(\pi)",
    r"f(\mathrm{e}) = \mathrm{e}^2",                   # Euler's e, upright or italic
    r"f(e) = e^2",
    r"f(x, \mathrm{e}) = x \mathrm{e}",
])
def test_review_constant_arguments_are_refused(latex):
    with pytest.raises(LatexError, match="as an argument of the function defined"):
        display(latex)


@pytest.mark.parametrize("latex,read", [
    (r"f(\pi) = 3", ("3",)), (r"g(\epsilon) = e^{\epsilon}", ("exp(epsilon)",)), (r"f(x) = e^x", ("exp(x)",)),
])
def test_review_constants_that_stay_read(latex, read):
    assert chain(latex) == read


def test_review_a_strut_as_a_script_stays_refused():
    with pytest.raises(LatexError, match=r"\\rule"):
        display(r"x^\rule{0pt}{12pt} 2")
