"""Rules from heldout25 (the notebooks of "Probabilistic Programming and Bayesian Methods for Hackers"), measured blind
at cc10895: three misreadings now refused (an undeclared function of family members standing alone, an indicator
applied to parentheses, a statement after a word that opens no condition) and refusals now read as TeX sets them
(``\\cr``, one-token scripts and font arguments, a letter bounded as a number, a declaring sentence's final aside).
Each rule has its positive case and near cases that stay refused or stay read as before.  The bound and aside rules
are here as narrowed after the adversarial review (the review's other fixes: test_heldout25_review.py)."""
from __future__ import annotations

import pytest
from symdp.latex import LatexError, display
from symdp.latex.prose import declarations


def chain(latex, **kw):
    return tuple(str(m) for m in display(latex, **kw).chain)


# 1. an undeclared function's value standing alone, its arguments members of a family --------------------------

@pytest.mark.parametrize("latex", [
    r"R(k) = Corr( x_t, x_{t-k} )",      # x_{t-k} is the member of x at t - k, a name all the same
    r"R(k) = f( x_t, x_{t-k} )",
    r"y_t = g(x_{t-1})",
    r"R(k) = Corr( x, y )",              # as before
])
def test_an_undeclared_function_of_members_standing_alone_is_refused(latex):
    with pytest.raises(LatexError, match="nobody declared, standing alone"):
        display(latex)


def test_an_undeclared_function_in_arithmetic_stays_read():
    assert chain(r"R(k) = Corr( x_t, x_{t-k} ) + 1") == ("Corr(x_t, x[-k + t]) + 1",)


# 2. an indicator before parentheses ---------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"y = \frac{1}{N}\sum_{i=1}^N \mathbb{1}_{z > 5 }(Z_i)",
    r"P( Z > 5 ) =  \frac{1}{N}\sum_{i=1}^N \mathbb{1}_{z > 5 }(Z_i)",
    r"y = \mathbb{1}_{z > 5}(x + 1)",
    r"y = \mathbbm{1}(z > 5)(x)",
    r"y = 1[z > 5] (x+1)",
])
def test_an_indicator_before_parentheses_is_refused(latex):
    with pytest.raises(LatexError, match="indicator before parentheses"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"y = 1[z > 5] \cdot (x+1)", "(x + 1)*Piecewise((1, z > 5), (0, True))"),
    (r"y = (x+1) 1[z > 5]", "(x + 1)*Piecewise((1, z > 5), (0, True))"),
    (r"y = \mathbb{1}_{z > 5} Z_i", "Z_i*Piecewise((1, z > 5), (0, True))"),
    (r"y = 1_{[0,1]}(x)", "Piecewise((1, (x >= 0) & (x <= 1)), (0, True))"),    # an interval's indicator at x
    (r"P(Z > 5) = \frac{1}{N}", "1/N"),     # the event's probability dropped as the defined side (OPAQUE, records.py)
])
def test_an_indicator_as_a_factor_stays_read(latex, meant):
    assert chain(latex) == (meant,)


# 3. a statement after a word that opens no condition ----------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"\frac{1^2}{3^2} \lt \frac{3^2}{5^2}, \;\; \text{although} \;\; 3-1 = 5-3",
    r"y = x, \quad \text{but} \quad x > 0",
    r"y = x, \quad \text{and so} \quad y > 0",
    r"y = x \quad \text{i.e.} \quad y > 0",
])
def test_a_statement_after_another_word_is_refused(latex):
    with pytest.raises(LatexError, match="a second statement in the row"):
        display(latex)


@pytest.mark.parametrize("latex, condition", [
    (r"y = x, \quad \text{for } x > 0", "x > 0"),
    (r"y = x, \quad \text{where } x > 0", "x > 0"),
    (r"y = x, \quad \text{if } x > 0", "x > 0"),
    (r"y = x, \quad \text{and } x > 0", "x > 0"),
    (r"y = x, \quad \text{dof} = 3", "Eq(dof, 3)"),              # a word that is a name, then its relation
    (r"y = x, \quad \text{score}(x) > 0", "score(x) > 0"),
])
def test_a_condition_word_or_a_named_word_stays_a_condition(latex, condition):
    assert tuple(str(c) for c in display(latex).conditions) == (condition,)


# 5. \cr ends a row ---------------------------------------------------------------------------------------------

def test_cr_ends_a_cases_row():
    latex = r"\lambda = \begin{cases} \lambda_1 & \text{if } t \lt \tau \cr \lambda_2 & \text{if } t \ge \tau \end{cases}"
    assert chain(latex) == chain(latex.replace(r"\cr", r"\\")) == ("Piecewise((lambda_1, t < tau), (lambda_2, True))",)
    assert chain(r"y = a \cr = b") == ("a", "b")                     # as \\ = continues a chain
    with pytest.raises(LatexError, match="not in the notation"):
        display(r"y = \crit")                                        # a longer command is not \cr


def test_an_empty_cases_row_is_nothing():
    latex = r"y = \begin{cases} 1 & x > 0 \\ \\ 0 & x \le 0 \end{cases}"
    assert chain(latex) == ("Piecewise((1, x > 0), (0, True))",)


# 6. an unbraced script takes one token -------------------------------------------------------------------------

@pytest.mark.parametrize("latex, meant", [
    (r"Y_k = \left( \;\frac{1}{N}\sum_{i=1}^NZ_i  - 4.5 \; \right)^2", "(-9/2 + Sum(Z[i], (i, 1, N))/N)**2"),
    (r"y = x^2y", "x**2*y"),                  # as before
    (r"y = x^N Z", "Z*x**N"),                 # (x^NZ, x^ab, x_ij: refused, test_heldout25_review.py)
    (r"y = x^{23}", "x**23"),
    (r"y = x^2 3", "3*x**2"),                 # spaced: the product TeX sets
])
def test_an_unbraced_script_takes_one_token(latex, meant):
    assert chain(latex) == (meant,)


@pytest.mark.parametrize("latex", [r"y = x^23", r"y = x_12", r"y = 2^10", r"y = x^2.5"])
def test_a_number_right_after_a_one_digit_script_is_refused(latex):
    with pytest.raises(LatexError, match="one-digit script"):
        display(latex)


@pytest.mark.parametrize("latex", [r"y = x^{NZ}", r"y = NZ"])
def test_letters_run_together_outside_a_script_stay_refused(latex):
    with pytest.raises(LatexError, match="NZ is the product"):
        display(latex)


# 7. a letter the row bounds by a number is a number before parentheses only when it is also written as a factor --
#    (authors bound functions the same way: a nonnegative weight w, a survival function 0 <= S <= 1)

@pytest.mark.parametrize("latex, meant", [
    (r"y = c x + c(x - 1), \quad c > 0", "c*x + c*(x - 1)"),
    (r"y = 2 c + c(x - 1), \quad 0 < c < 1", "c*(x - 1) + 2*c"),
    (r"y = c(x - 1) + \frac{c}{2}, \quad c > 2", "c*(x - 1) + c/2"),
    (r"y = \alpha x + \alpha(x - 1), \quad 0 < \alpha < 1", "alpha*x + alpha*(x - 1)"),
    (r"y = \begin{cases} c(x - 1) + c x & x > 0 \\ 0 & 0 < c < x \end{cases}",    # 0 < c in the same row
     "Piecewise((c*x + c*(x - 1), x > 0), (0, (c > 0) & (c < x)))"),
    (r"y = 1 - p + p(x - 1)", "p*(x - 1) - p + 1"),                    # an arithmetic operand, as before
])
def test_a_bounded_letter_also_written_as_a_factor_is_a_number(latex, meant):
    assert chain(latex) == (meant,)


@pytest.mark.parametrize("latex, name", [
    (r"y = \int_0^1 f(x - t) w(t - 1)\,dt, \quad w \ge 0", "w"),      # a nonnegative weight
    (r"y = S(t - 1), \quad 0 \le S \le 1", "S"),                       # a survival function
    (r"y = q(x - 1), \quad q \ge 0", "q"),
    (r"y = c(x - 1), \quad 0 < c < 1", "c"),                            # a bound alone, however strict
    (r"y = c(x - 1), \quad c > 2", "c"),
    (r"y = c(x - 1) + x_c, \quad 0 < c < 1", "c"),                      # a subscript is no factor
    (r"y = \begin{cases} c(x - 1) & x > 0 \\ 0 & 0 < c < x \end{cases}", "c"),
    (r"y = c(x - 1)", "c"),                                             # bounded nowhere
    (r"y = c(x - 1), \quad c > x", "c"),                                # bounded by a name, not a number
])
def test_a_letter_bounded_but_not_written_as_a_factor_stays_refused(latex, name):
    with pytest.raises(LatexError, match=f"{name} an unknown name"):
        display(latex)


@pytest.mark.parametrize("latex", [r"y = c x + c(x), \quad c > 0", r"y = 1 - p + p(x)"])
def test_a_number_before_a_single_name_in_parentheses_is_refused(latex):
    with pytest.raises(LatexError, match="a number elsewhere in the display"):
        display(latex)      # c times x, or the function c at x? (read as the call before)


@pytest.mark.parametrize("latex, meant", [
    (r"y = c(x) + 1, \quad c > 0", "c(x) + 1"),        # a function of one name, bounded or not, as before
    (r"y = w(t) + 1, \quad w \ge 0", "w(t) + 1"),
])
def test_a_bounded_function_of_one_name_stays_a_call(latex, meant):
    assert chain(latex) == (meant,)


def test_the_loss_row_stays_refused_at_c():
    latex = (r"L( \theta, \hat{\theta} ) = \begin{cases} ( \theta -  \hat{\theta} )^2 & \hat{\theta} \lt \theta \\ "
             r"c( \theta -  \hat{\theta} )^2 & \hat{\theta} \ge \theta, \;\; 0\lt c \lt 1 \end{cases}")
    with pytest.raises(LatexError, match="c an unknown name"):
        display(latex)      # c bounded by 0 < c < 1 and written nowhere else: a number, or a function into (0, 1)?


# 8. a declaring sentence's final aside: dropped only when it is a known remark ---------------------------------

@pytest.mark.parametrize("sentence, declared", [
    ("where $B$ is the [Beta function](http://en.wikipedia.org/wiki/Beta_function) (hence the name).", "B"),
    ("where $B$ is the Beta function (see below).", "B"),
    ("where :math:`\\beta` is the beta function (see :scipydoc:`special.beta`).", "\\beta"),
    ("where $\\Gamma(1 - \\nu, z)$ is the upper incomplete gamma function (``uppergamma``).", "\\Gamma"),
    ("where $B$ is the Beta function (Abramowitz and Stegun 1964).", "B"),        # a citation
    ("where $B$ is the Beta function (\\cite{dlmf}).", "B"),
    ("where $B$ is the Beta function (https://dlmf.nist.gov/5.12).", "B"),       # a link
])
def test_a_final_remark_in_parentheses_is_dropped(sentence, declared):
    assert [d.spelling for d in declarations(sentence)] == [declared]


@pytest.mark.parametrize("sentence", [
    "where $B$ is the Beta function (regularized).",
    "where $B$ is the Beta function (regularised).",              # respelled only after the aside is judged
    "where $g$ is the standard normal density (unnormalised).",
    "where $g$ is the standard normal density (up to a constant).",
    "where $\\phi$ is the standard normal pdf (bivariate).",
    "where $\\phi$ is the standard normal pdf (in $d$ dimensions).",
    "where $\\sigma$ is the logistic function (with temperature $T$).",
    "where $F$ is the standard normal CDF (evaluated at $-x$).",
    "where $Q$ is the standard normal CDF (its complement).",
    "where $\\Gamma$ is the gamma function (in logs).",
    "where $\\Gamma$ is the gamma function (reciprocal).",
    "where $\\sigma$ is the sigmoid function (tanh).",
    "where $\\Gamma$ is the gamma function (of two arguments).",
    "where $\\Gamma(1 - \\nu, z)$ is the upper incomplete gamma function (``gammaincc``).",   # another function's code
    "where $B$ is the Beta function ().",
    "where $B$ is the Beta function of the paper.",
])
def test_any_other_final_aside_keeps_the_phrase_whole(sentence):
    assert declarations(sentence) == ()


def test_the_beta_call_is_read_with_its_sentence():
    prose = ("where $B$ is the [Beta function](http://en.wikipedia.org/wiki/Beta_function) (hence the name).",)
    assert chain(r"y = \frac{x^{a - 1}}{B(a, b)}", prose=prose) == ("x**(a - 1)/beta(a, b)",)
    with pytest.raises(LatexError, match="beta function"):
        display(r"y = \frac{x^{a - 1}}{B(a, b)}")


# 9. a font command takes one unbraced token --------------------------------------------------------------------

@pytest.mark.parametrize("latex, meant", [
    (r"y = \textbf x", "x_bf"),
    (r"y = \mathcal D", "D_cal"),
    (r"y = \bm x", "x_bf"),
    (r"y = \mathrm d", "d"),
    (r"y = f({\textbf X})", None),
])
def test_a_font_command_takes_one_token(latex, meant):
    if meant is None:
        with pytest.raises(LatexError, match="nobody declared"):     # read as far as the undeclared f
            display(latex)
    else:
        assert chain(latex) == (meant,)


def test_the_reals_without_braces():
    assert tuple(str(c) for c in display(r"y = x^2, \quad x \in \mathbb R").conditions) == ("Contains(x, Reals)",)


@pytest.mark.parametrize("latex", [
    r"y = {\textbf X} + 1",                  # a bold letter in arithmetic, braces or not
    r"y = {\mathbf{x}} + 1",
    r"y = 2{\mathbf{x}}",
    r"y = \boldsymbol\mu + 1",
    r"y = \mathbf x + y",                    # (\mathbf xy: a font letter before letters, test_heldout25_review.py)
])
def test_a_bold_letter_in_arithmetic_stays_refused(latex):
    with pytest.raises(LatexError, match="bold letter"):
        display(latex)


def test_a_font_command_before_another_command_is_left_to_be_refused():
    with pytest.raises(LatexError, match="mathbf"):
        display(r"y = \mathbf \hat x")
