"""Rules from heldout30 (QuantEcon's lectures on randomized response, divergences and sequential tests), measured blind
at fe26365 with 14 misread: ``\\pi`` a probability (Warner's randomized response writes ``\\pi p + (1 - \\pi)(1 - p)``)
read as the number pi; ``\\delta(x - x_i)``, the Dirac delta by its sentence, read as delta times the group; the
entropy ``H`` of members of a family of laws read as a function of numbers.  Each rule has its positive case and near
cases that stay read as before."""
from __future__ import annotations

import pytest
from symdp.latex import LatexError, display

PI = "$\\pi$ : True probability of A in the population"        # rand_resp, the glossary line
DIRAC = "where $\\delta(x - x_i)$ is the Dirac delta function centered at $x_i$:"


def chain(latex, prose=()):
    return tuple(str(m) for m in display(latex, prose=prose).chain)


# 1. pi, the number or a probability ----------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"\pi p + (1-\pi)(1-p)=\frac{n_1}{n}",     # Warner (1965), as the lecture writes it
    r"(1-\pi)^2", r"\frac{1}{1 - \pi}", r"x = [1 - \pi] y",
])
def test_one_minus_pi_with_no_sentence_is_refused(latex):
    with pytest.raises(LatexError, match="complement of a probability"):
        display(latex)


@pytest.mark.parametrize("latex,read", [
    (r"x = 1-\pi/4", ("1 - pi/4",)), (r"1 - \pi^2/6", ("1 - pi**2/6",)),   # the number, divided or raised
    (r"2\pi r", ("2*pi*r",)), (r"21 - \pi", ("21 - pi",)),
])
def test_the_number_pi_stays_read(latex, read):
    assert chain(latex) == read


@pytest.mark.parametrize("prose", [(PI,), ("where $\\pi$ is the probability of a yes",),
                                   ("$\\pi$ denotes the proportion of the population in group A.",)])
def test_a_sentence_or_a_glossary_line_makes_pi_a_quantity(prose):
    assert chain(r"\pi p + (1-\pi)(1-p)", prose) == ("p*pi + (1 - p)*(1 - pi)",)


def test_a_sentence_on_another_pi_or_another_name_changes_nothing():
    assert chain(r"2\pi r", ("where $\\pi$ is the number pi",)) == ("2*pi*r",)
    assert chain(r"x^2 + \pi", ("$x$ : a parameter",)) == ("x**2 + pi",)


# 2. the Dirac delta, by its sentence ------------------------------------------------------------------------

def test_the_dirac_delta_is_read_where_its_sentence_names_it():
    assert chain(r"p_e(x) = \frac{1}{n} \sum_{i=1}^n \delta(x - x_i)", ("Given a sample", DIRAC)) == \
        ("Sum(DiracDelta(x - x[i]), (i, 1, n))/n",)
    assert chain(r"\delta(x - y)") == ("delta*(x - y)",)   # no sentence: symdp's delta times the group, as before


# 3. a functional of members of a family of laws -------------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"\sum_{i=1}^n \alpha_i H(f_i)",                       # the Jensen-Shannon divergence's second term
    r"H\left(\sum_{i=1}^n \alpha_i f_i\right)",            # the entropy of a mixture
    r"H(f_{i})",
])
def test_a_functional_of_a_member_or_a_mixture_of_laws_is_refused(latex):
    with pytest.raises(LatexError, match="a letter papers use for a function"):
        display(latex)


@pytest.mark.parametrize("latex,read", [
    (r"\sum_{i=1}^n g(x_i)", ("Sum(g(x[i]), (i, 1, n))",)),
    (r"h\left(\sum_{i=1}^n a_i x_i\right)", ("h(Sum(a[i]*x[i], (i, 1, n)))",)),
])
def test_a_function_of_members_of_numbers_stays_read(latex, read):
    assert chain(latex) == read


# 4. an adversarial review of the rules above (helper, read-only) ----------------------------------------------

@pytest.mark.parametrize("latex,prose", [
    (r"A = \pi r^2", "$\\pi$ is not a parameter here: it is the number 3.14159."),
    (r"A = \pi r^2", "$\\pi$ is the same constant whatever the sampling rate."),
    (r"A = \pi r^2", "$\\pi$ is the constant whose digits occur with equal frequency."),
    (r"\omega = 2\pi f", "$f$ and $\\pi$ are the frequency and the circle constant."),   # a list's phrase
    (r"\omega = 2\pi f", "$\\pi$ : the circle constant (not a parameter)"),
    (r"P = \pi/4", "$\\pi$ is approximately four times the fraction of points that land inside the circle."),
])
def test_a_sentence_that_only_mentions_a_proportion_leaves_pi_the_number(latex, prose):
    import sympy as sp
    assert any(m.has(sp.pi) for m in display(latex, prose=(prose,)).chain)


@pytest.mark.parametrize("latex,prose", [
    (r"\delta_a(x)", "where $\\delta_a$ is the Dirac delta centred at $a$."),       # DiracDelta(x - a), not (x)
    (r"\delta_{x_0}(x)", "where $\\delta_{x_0}$ is the Dirac delta function centered at $x_0$"),
    (r"\phi(x)", "where $\\phi$ is the standard normal density centered at $\\mu$"),
])
def test_a_function_centred_elsewhere_than_its_argument_is_not_declared(latex, prose):
    with pytest.raises(LatexError):
        display(latex, prose=(prose,))
