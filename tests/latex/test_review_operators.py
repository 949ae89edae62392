"""Findings of a review of the big operators, brackets and functionals (2026-12-07): each construct the reader
misread (a TRUE statement REFUTED, a FALSE one PROVED, or a silent misreading) is now read as meant or refused with
the construct named; its near miss stays read as before."""
from __future__ import annotations

import pytest
from symdp.latex import LatexError, NotAFormula, display


def _read(latex: str) -> str:
    return str(display(latex).chain[0])


@pytest.mark.parametrize("latex, meant", [
    (r"\int_{-1}^{1} |\mu| \, d\mu = 1", "Integral(Abs(mu), (mu, -1, 1))"),
    (r"\int_{-1}^{1} |\epsilon| \, d\epsilon = 1", "Integral(Abs(epsilon), (epsilon, -1, 1))"),
    (r"\sum_{\alpha=-1}^{1} |\alpha| = 2", "Sum(Abs(alpha), (alpha, -1, 1))"),
    (r"\int_{-\infty}^{\infty} \frac{1}{2b} e^{-|\eta|/b}\, d\eta = 1",
     "Integral(exp(-Abs(eta)/b)/(2*b), (eta, -oo, oo))"),
    (r"\sum_{\alpha \in \mathbb{N}_0} 2^{-|\alpha|} = 2", "Sum(2**(-Abs(alpha)), (alpha, 0, oo))"),
    (r"\sum_{\alpha \in \mathbb{Z}} e^{-|\alpha|} = 1", "Sum(exp(-Abs(alpha)), (alpha, -oo, oo))"),
    (r"\int_{-1}^{1} \int_{-1}^{1} |\mu \lambda| \, d\mu \, d\lambda = 1",
     "Integral(Abs(lambda*mu), (mu, -1, 1), (lambda, -1, 1))"),
])
def test_a_bound_variable_drops_the_notations_sign(latex, meant):
    """Finding 1: the notation's mu, epsilon, alpha ... are positive; bound by an integral or a sum they run over
    negative values too, so |mu| is no longer mu (the integrals were 0 = 1, REFUTED)."""
    assert _read(latex) == meant


@pytest.mark.parametrize("latex, meant", [
    (r"|\mu| + \int_{0}^{1} x \, dx = 1", "mu + Integral(x, (x, 0, 1))"),   # outside the integral: the notation's
    (r"\int_{0}^{1} |x| \, dx = 1", "Integral(Abs(x), (x, 0, 1))"),
    (r"\sum_{i=1}^{n} |x_i| = 1", "Sum(Abs(x[i]), (i, 1, n))"),
    (r"\int_{0}^{1} |\mu| \, d\mu = 1", "Integral(mu, (mu, 0, 1))"),   # a range in the sign: the notation's mu
    (r"\sum_{\alpha = 1}^{n} |\alpha| = 1", "Sum(alpha, (alpha, 1, n))"),
])
def test_bound_variable_near_misses_stay_read(latex, meant):
    assert _read(latex) == meant


@pytest.mark.parametrize("latex", [
    r"\int_{0}^{1} p \log \frac{p}{q} \, dx \ge 0",
    r"\int_{0}^{1} p \, dx = 1",
    r"\int_0^1 c \, dx",
])
def test_an_integrand_without_its_variable_is_refused(latex):
    """Finding 2: Gibbs' inequality with densities p, q written without their argument was the integral of a constant
    (REFUTED once p and q had domains); refused as a sum's term without its index is."""
    with pytest.raises(LatexError, match="integrand that does not hold x"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"\int_0^1 p(x) \log \frac{p(x)}{q(x)} \, dx \ge 0", "Integral(p(x)*log(p(x)/q(x)), (x, 0, 1))"),
    (r"\int_0^1 c \, dx = c", "Integral(c, (x, 0, 1))"),     # c written plain beside it: a constant
    (r"\int_0^a b \, dx = ab", "Integral(b, (x, 0, a))"),
])
def test_an_integrand_with_its_variable_or_a_plain_constant_stays_read(latex, meant):
    assert _read(latex) == meant


@pytest.mark.parametrize("latex", [
    r"\left[\frac{n}{2}\right] + \left[\frac{n+1}{2}\right] = n",
    r"[2x] \le 2[x], \quad x > 0",
    r"[x]^2 = 1",
    r"a = 2^{[x]}",
    r"a = e^{[x]}",
])
def test_square_brackets_that_group_nothing_are_refused(latex):
    """Finding 3: with "[x] denotes the integer part of x", the brackets were dropped: n + 1/2 = n REFUTED, and
    2x <= 2x PROVED (false for the integer part at x = 0.5)."""
    with pytest.raises(LatexError, match="square brackets around one term"):
        display(latex)


@pytest.mark.parametrize("latex", [r"\lfloor x \rfloor + \{x\} = x", r"\{x\} + 1 = x", r"\{2x\} \le 2\{x\}"])
def test_set_braces_around_one_term_are_refused(latex):
    """Finding 4: the fractional part {x} was read as x inside a sum (floor(x) + x = x, REFUTED)."""
    with pytest.raises(LatexError, match="set braces around one term"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"[a + b] c = 1", "c*(a + b)"),                          # a sum: the brackets group
    (r"[2x]^2 = 4x^2", "4*x**2"),                             # a product a power follows
    (r"\sum_{i=1}^n [x_i - y]^2 = 1", "Sum((-y + x[i])**2, (i, 1, n))"),
    (r"y = 1[x > 0]", "Piecewise((1, x > 0), (0, True))"),    # an indicator
    (r"\exp[-x^2/2] = 1", "exp(-x**2/2)"),                    # a function's argument
    (r"f = \frac{A}{\pi} \big[\frac{\sigma}{(x - \mu)^2 + \sigma^2}\big]", "A*sigma/(pi*(sigma**2 + (-mu + x)**2))"),
    (r"y = \lim_{h \to 0}{\left[e^x \frac{e^h - 1}{h}\right]}", "Limit((exp(h) - 1)*exp(x)/h, h, 0, dir='+-')"),
])
def test_brackets_that_group_stay_read(latex, meant):
    assert _read(latex) == meant


def test_a_names_bracketed_superscript_stays_refused_as_a_label():
    with pytest.raises(LatexError, match="a superscript in parentheses or brackets"):
        display(r"a = W^{[l]}a^{[l-1]} + b^{[l]}")


@pytest.mark.parametrize("latex", [
    r"\frac{d}{dx} x \cdot e^{x} = e^{x}",
    r"\frac{d}{dx}\sin x \cdot \cos x = \cos 2x",
    r"\frac{d}{dx} x \times e^{x} = e^{x}",
])
def test_a_derivative_without_brackets_before_a_cdot_is_refused(latex):
    """Finding 5: the operand stopped at the \\cdot (e^x times the derivative of x, PROVED equal to e^x), while sums
    and limits carry on past it: either reading is possible."""
    with pytest.raises(LatexError, match="without brackets, its operand followed by"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"\frac{d}{dx}\left(x e^{x}\right) \cdot 2 = 1", "2*Derivative(x*exp(x), x)"),
    (r"\frac{d}{dx} x e^{x} = e^{x}", "Derivative(x*exp(x), x)"),
    (r"2 \cdot \frac{d}{dx} x^2 = 4x", "2*Derivative(x**2, x)"),
])
def test_a_derivative_with_brackets_or_without_a_cdot_stays_read(latex, meant):
    assert _read(latex) == meant


@pytest.mark.parametrize("latex", [
    r"\lim_{x \to \infty} x - \sqrt{x^2 - x} = \frac{1}{2}",
    r"\lim_{t \to 0} \frac{\sin t}{t} - t = 1",
    r"\lim_{x \to 0} \frac{e^x - 1}{x} + x \le 1",
    r"\lim_{x \to 0} f(x) + g(x)",
])
def test_a_limits_variable_after_its_operand_is_refused(latex):
    """Finding 6: Limit(x, x, oo) - sqrt(x**2 - x), x free after the limit; refused as a sum's index there is."""
    with pytest.raises(LatexError, match="which it binds"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"\lim_{x \to \infty} \left(x - \sqrt{x^2 - x}\right) = \frac{1}{2}", "Limit(x - sqrt(x**2 - x), x, oo, dir='-')"),
    (r"\lim_{x \to 0} \frac{\sin x}{x} + y = 1 + y", "y + Limit(sin(x)/x, x, 0, dir='+-')"),
    (r"\left(\lim_{x \to 0} \frac{\sin x}{x}\right) + x = 1 + x", "x + Limit(sin(x)/x, x, 0, dir='+-')"),
])
def test_a_limit_closed_by_brackets_or_followed_by_other_names_stays_read(latex, meant):
    assert _read(latex) == meant


@pytest.mark.parametrize("latex, words", [
    (r"\binom{n}{k} = \frac{(n)_k}{k!}", "Pochhammer"),
    (r"(x)_2 = x(x-1)", "Pochhammer"),
    (r"(\alpha)_k = 1", "Pochhammer"),
    (r"(n - 1)_k = 1", "a subscript on an expression"),   # as before
    (r"[n]_k = 1", "Pochhammer"),
    (r"\{n\}_k = 1", "Pochhammer"),
    (r"y = \left[ x \right]_{a}^{b}", "an evaluation"),
])
def test_a_subscript_on_a_bracketed_name_is_refused(latex, words):
    """Finding 7: the falling factorial (n)_k was read as the member n[k] of a family."""
    with pytest.raises(LatexError, match=words):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"\sum_{i=1}^n x_i = 1", "Sum(x[i], (i, 1, n))"),
    (r"\sum_{i=1}^n (x_i)^2 = 1", "Sum(x[i]**2, (i, 1, n))"),
])
def test_a_subscript_on_a_name_stays_read(latex, meant):
    assert _read(latex) == meant


@pytest.mark.parametrize("latex", [
    r"\frac{\lambda}{2} ||w||^2 = 1",
    r"||x - y|| \le ||x|| + ||y||",
    r"\left|\left|w\right|\right| = 1",
])
def test_doubled_bars_are_refused_as_a_norm(latex):
    """Finding 8: ||w|| was read as Abs(Abs(w)), an absolute value; \\|w\\| is refused as a norm, so is this."""
    with pytest.raises(LatexError, match="a norm"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"||x| - |y|| \le |x - y|", "Abs(Abs(x) - Abs(y))"),     # the inner bars close before the outer
    (r"|x||y| = |xy|", "Abs(x)*Abs(y)"),
    (r"\big| |x| - 1 \big| = 1", "Abs(Abs(x) - 1)"),
])
def test_nested_absolute_values_stay_read(latex, meant):
    assert _read(latex) == meant


def test_a_primed_name_at_a_number_defines_nothing():
    """Finding 9 (in part): \\Phi'(0) = 1/sqrt(2 pi) was reported as defining \\Phi'(0); a derivative's value at a
    number is a claim, read (and refused, a primed call) as on any other side."""
    with pytest.raises(LatexError, match="primed name"):
        display(r"\Phi'(0) = \frac{1}{\sqrt{2\pi}}")


@pytest.mark.parametrize("latex, defined", [
    (r"\Phi'(x) = \frac{1}{\sqrt{2\pi}} e^{-x^2/2}", r"\Phi'(x)"),   # at a variable: a definition, as before
    (r"\Phi(0) = \frac{1}{2}", ""),   # a known function at a number: a claim (test_review_names_calls.py)
])
def test_a_primed_name_at_a_variable_still_defines(latex, defined):
    assert display(latex).defines == defined


@pytest.mark.parametrize("latex", [
    r"\prod_{i=1}^n x_i \cdot 2^{-n} = 1",
    r"\prod_{k=1}^{n} \frac{k+1}{k} \cdot \frac{1}{n+1} = 1",
])
def test_a_factor_without_the_index_after_a_cdot_in_a_product_is_refused(latex):
    """Finding 10: Product(x[i]/2**n): the factor after the \\cdot taken n times (inside) or once (after)?"""
    with pytest.raises(LatexError, match="does not hold"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"\prod_{i=1}^n x_i \cdot y_i = 1", "Product(x[i]*y[i], (i, 1, n))"),
    (r"\prod_{i=1}^n 2 x_i = 1", "Product(2*x[i], (i, 1, n))"),
    (r"\sum_{i=1}^n x_i \cdot 2 = 1", "Sum(2*x[i], (i, 1, n))"),      # a sum's constant factor: the same either way
])
def test_a_products_factors_with_the_index_stay_read(latex, meant):
    assert _read(latex) == meant
