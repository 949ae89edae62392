"""Limits (:mod:`symdp.latex.limits`) and the rules found with heldout26 (Geron's differential-calculus notebook):
``\\lim_{x \\to a} E`` in its spellings read as ``sympy.Limit``, its operand the product that follows as ``\\sum``'s;
a function differentiated with one number of arguments and called with another refused; a justification column
that defines a name the formula uses refused; a ``cases`` row ``value \\text{ if } condition`` without ``&``; a sum's
upper end bound by an outer sum or limit.  Each rule has its positive cases and the near misses that stay refused."""
from __future__ import annotations

import pytest
import sympy as sp
from symdp.latex import LatexError, NotAFormula, display
from symdp.latex import parse as _parse

x, a, n, t, eps = sp.symbols("x a n t epsilon")
f, g = sp.Function("f"), sp.Function("g")


def plain(expr):
    """``expr`` with a limit's variable (a real symbol of its own) as the plain symbol of its name."""
    return expr.xreplace({s: sp.Symbol(s.name) for s in expr.atoms(sp.Symbol) if s.assumptions0 == {
        "real": True, **{k: v for k, v in sp.Symbol("r", real=True).assumptions0.items() if k != "real"}}})


def parse(latex, **kw):
    return plain(_parse(latex, **kw))


def chain(latex, **kw):
    return tuple(str(m) for m in display(latex, **kw).chain)


# 1. the spellings of a limit ----------------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"\lim_{x \to a} f(x)",
    r"\lim\limits_{x \to a} f(x)",
    r"\lim_{x \rightarrow a} f(x)",
    r"\underset{x \to a}{\lim} f(x)",
    r"\underset{x \to a}\lim f(x)",
    r"\underset{x \to a}{\lim}\, f(x)",
    r"\mathop{\lim}_{x \to a} f(x)",
    r"\operatorname*{lim}_{x \to a} f(x)",
])
def test_the_spellings_of_a_limit_read_as_the_two_sided_limit(latex):
    assert parse(latex) == sp.Limit(f(x), x, a, dir="+-")


@pytest.mark.parametrize("latex, side", [
    (r"\lim_{x \to a^+} f(x)", "+"), (r"\lim_{x \to a^{+}} f(x)", "+"), (r"\lim_{x \to a+} f(x)", "+"),
    (r"\lim_{x \downarrow a} f(x)", "+"), (r"\lim_{x \searrow a} f(x)", "+"),
    (r"\lim_{x \to a^-} f(x)", "-"), (r"\lim_{x \to a^{-}} f(x)", "-"), (r"\lim_{x \uparrow a} f(x)", "-"),
    (r"\lim_{x \nearrow a} f(x)", "-"), (r"\lim_{x \downarrow a^+} f(x)", "+"),
])
def test_a_side_is_read_from_the_point_s_sign_or_the_arrow(latex, side):
    assert parse(latex) == sp.Limit(f(x), x, a, dir=side)


@pytest.mark.parametrize("latex, point", [
    (r"\lim_{x \to \infty} (1 + 1/x)^x", sp.oo), (r"\lim_{x \to +\infty} (1 + 1/x)^x", sp.oo),
    (r"\lim_{x \to -\infty} (1 + 1/x)^x", -sp.oo),
])
def test_a_limit_at_infinity(latex, point):
    assert parse(latex) == sp.Limit((1 + 1 / x) ** x, x, point)


def test_a_point_that_is_an_expression():
    assert parse(r"\lim_{x \to 2a} x^2") == sp.Limit(x ** 2, x, 2 * a, dir="+-")


def test_the_definition_of_a_derivative_and_an_equation_of_limits():
    assert parse(r"\underset{\epsilon \to 0}\lim\dfrac{f(x + \epsilon) - f(x)}{\epsilon}").args[1].name == "epsilon"
    assert chain(r"\lim_{\alpha \to 1} \frac{\alpha - 1}{\alpha - 1} = 1") == ("Limit(1, alpha, 1, dir='+-')", "1")


# 2. the operand: the product that follows, as a sum's ---------------------------------------------------------

@pytest.mark.parametrize("latex, meant", [
    (r"\lim_{x \to 0} f(x) + g(t)", sp.Limit(f(x), x, 0, dir="+-") + g(t)),
    (r"\lim_{x \to 0} \frac{f(x)}{x} g(x) - 1", sp.Limit(f(x) * g(x) / x, x, 0, dir="+-") - 1),
    (r"g(x) \lim_{t \to 0} f(t)", g(x) * sp.Limit(f(t), t, 0, dir="+-")),
    (r"\lim_{t \to 0} (2x + t)", sp.Limit(2 * x + t, t, 0, dir="+-")),
    (r"\lim_{t \to 0}{\left[f(t)\right]} + g(x)", sp.Limit(f(t), t, 0, dir="+-") + g(x)),
])
def test_the_operand_is_the_product_that_follows(latex, meant):
    """The first row was ``\\lim_{x \\to 0} f(x) + g(x)``, read Limit(f(x)) + g(x) with x free after the limit;
    since the 2026-12-07 review a term after a limit that uses its variable is refused, as after a sum
    (test_review_operators), so the row's term after the limit is in another name."""
    assert parse(latex) == meant


def test_two_limits_side_by_side_are_a_product_of_limits():
    got = parse(r"\lim_{t \to 0}{f(t)} \, \lim_{t \to 0}{g(t)}")
    assert got == sp.Limit(f(t), t, 0, dir="+-") * sp.Limit(g(t), t, 0, dir="+-")
    assert got.args[0] == sp.Limit(f(t), t, 0, dir="+-")    # in the order written


def test_the_sum_rule_alike():
    """``\\sum_i a_i + b`` ends at the ``+``; so does a limit's operand."""
    assert str(parse(r"\sum_{i=1}^{n} i + x")) == "x + Sum(i, (i, 1, n))"


# 3. the variable is bound as a sum's index is -----------------------------------------------------------------

def test_a_subscript_naming_the_variable_is_a_member_of_a_family():
    assert str(parse(r"\lim_{t \to 0} x_t")) == "Limit(x[t], t, 0, dir='+-')"   # a process at t, no sequence
    assert str(parse(r"\lim_{\alpha \to 1} D_\alpha")) == "Limit(D[alpha], alpha, 1, dir='+-')"


def test_the_variable_is_bound_by_the_limit_a_real_symbol_of_its_own():
    xp = sp.Symbol("x", positive=True)
    got = _parse(r"\lim_{x \to 1} \frac{\log x}{x - 1}", derived=sp.Limit(sp.log(xp) / (xp - 1), xp, 1))
    xr = sp.Symbol("x", real=True)   # the limit binds its own x: real, without the derived symbol's sign
    assert got.args[1] == xr and got == sp.Limit(sp.log(xr) / (xr - 1), xr, 1, dir="+-")
    k = sp.Symbol("k", integer=True, positive=True)
    assert parse(r"\sum_{k=1}^{n} k", derived=sp.Sum(k, (k, 1, n))).limits[0][0] is k


def test_a_sum_s_upper_end_bound_by_an_outer_limit_or_sum():
    with pytest.raises(LatexError, match="a sequence limit"):   # n an integer: no limit of a real variable
        parse(r"\lim_{n \to \infty} \sum_{k=1}^{n} \frac{1}{k^2}")
    assert str(parse(r"\sum_{n=1}^{N} \sum_{k=1}^{n} k")) == "Sum(k, (k, 1, n), (n, 1, N))"
    with pytest.raises(LatexError, match="index .*or a power"):
        parse(r"\sum_k W_j^k")    # as before


# 4. near misses, refused --------------------------------------------------------------------------------------

@pytest.mark.parametrize("latex, why", [
    (r"\lim f(x)", "without its variable and point"),
    (r"\lim_n a_n", "no 'variable \\\\to point'"),
    (r"\lim_{n} a_n", "not one variable, one arrow and one point"),
    (r"\lim_{x \in A} f(x)", "not one variable, one arrow and one point"),
    (r"\lim_{x \to y \to 0} f(x)", "not one variable, one arrow and one point"),
    (r"\lim_{x, y \to 0} f(x)", "variable must be a name|not one variable"),
    (r"\lim_{(x, y) \to (0, 0)} f(x)", "a list where one expression"),
    (r"\lim_{x \to} f(x)", "not one variable, one arrow and one point"),
    (r"\lim_{x \to x} f(x)", "holds its variable"),
    (r"\lim^{x \to 0} f(x)", "superscript on \\\\lim"),
    (r"\lim_{x \to 0}^{1} f(x)", "not one variable, one arrow|misplaced"),
    (r"\lim_{x \to 0} = 1", "no operand"),
    (r"y = \lim_{x \to 0}", "no operand"),
    (r"\lim_{x \downarrow 0^-} f(x)", "two sides"),
    (r"\lim_{x \to \infty^+} f(x)", "side beyond it"),
    (r"\lim_{x \to 0}{\left[f(x)\right]} g(x)", "followed by more factors"),
    (r"\lim_{x \to 0}{f(x)} \cdot g(x)", "followed by more factors"),
    (r"\lim_{x \to 0} x_t", None),   # read: x_t names no variable of the limit (x_t, a name)
])
def test_a_limit_that_is_not_variable_arrow_point_operand_is_refused(latex, why):
    if why is None:
        assert parse(latex) == sp.Limit(sp.Symbol("x_t"), x, 0, dir="+-")
        return
    with pytest.raises(LatexError, match=why):
        parse(latex)


@pytest.mark.parametrize("latex, construct", [
    (r"\limsup_{n \to \infty} a_n", r"\limsup"),
    (r"\liminf_{n \to \infty} a_n", r"\liminf"),
    (r"lim_{x \to 0} f(x)", "lim"),                         # italic letters: left as before
    (r"\underset{x \in A}{\mathrm{argmin}} f(x)", r"\underset"),   # \underset over anything but \lim
    (r"\underset{x}{\sup} f(x)", r"\underset"),
])
def test_what_stays_not_a_formula(latex, construct):
    with pytest.raises(NotAFormula) as caught:
        display(latex)
    assert caught.value.construct == construct


# 5. a function differentiated with one number of arguments and called with another ----------------------------

def test_a_partial_of_a_bare_name_beside_its_call_with_more_arguments_is_refused():
    with pytest.raises(LatexError, match="differentiated as a function of 1 argument"):
        display(r"\dfrac{\partial f}{\partial x} = \underset{\epsilon \to 0}\lim\dfrac{f(x+\epsilon, y) - f(x,y)}"
                r"{\epsilon}")


def test_a_partial_of_a_bare_name_alone_stays_read():
    assert parse(r"\frac{\partial G}{\partial x}") == sp.Derivative(sp.Function("G")(x), x)
    assert chain(r"\frac{\partial f}{\partial x} = \lim_{t \to 0} \frac{f(x + t) - f(x)}{t}")[0] == \
        "Derivative(f(x), x)"


# 6. a justification that defines a name the formula uses -----------------------------------------------------

@pytest.mark.parametrize("latex", [
    r"& = \lim_{\theta \to 0}\dfrac{\sin(z+\theta) - \sin(z)}{\theta} && \quad \text{using }z = x + \dfrac{\pi}{2}",
    r"& = \lim_{\epsilon \to 0} \frac{\ln(1 + u)}{xu} && \quad \text{defining }u=\dfrac{\epsilon}{x}",
    r"y &= x_i + 1 && \text{using } x_i = 2",
    # review of 5a79438: every spelling of a definition, and any remark naming a letter of the formula
    r"& = \lim_{\epsilon \to 0} \frac{\ln(1 + u)}{xu} && \quad (u = \epsilon / x)",
    r"& = \lim_{\epsilon \to 0} \frac{\ln(1 + u)}{xu} && \text{defining } u \overset{\text{def}}{=} \epsilon / x",
    r"& = \lim_{\epsilon \to 0} \frac{\ln(1 + u)}{xu} && \text{defining } u \text{ as } \epsilon / x",
    r"y &= x_{A} + 1 && \text{using } x_A = 2", r"y &= x_{1} + 1 && \text{using } x_1 = 2",
    r"y &= \hat{x} + 1 && \text{using } \hat{x} = 2", r"y &= x' + 1 && \text{using } x' = 2",
    r"& = \sin(z) && \text{using } x + \pi/2 = z", r"y &= a + 1 && \text{using } a = x = 2",
    r"y &= a + 1 && \text{using } a \doteq 2", r"y &= a + 1 && \text{using } a := 2",
    r"y &= a + 1 && \text{using } a \equiv 2", r"y &= z + 1 && \text{where } z \text{ is } x+1",
    r"y &= z + 1 && \text{substituting } x+1 \text{ for } z",
    r"& = f(x) + 1 && \quad \text{using }f(x) = x^2",                  # f defined: dropped, f(x) undeclared
    r"& = \lim_{\epsilon \to 0} \frac{\ln(1 + u)}{xu} && \text{defining } u \text{ as } \epsilon / x",
    r"y = x + 1 \quad \text{(by Lemma 2 with } x)",                    # a remark after a wide space
])
def test_a_justification_defining_a_name_the_formula_uses_is_refused(latex):
    with pytest.raises(LatexError, match="defined or constrained in a justification or remark while the formula"):
        display(latex)


@pytest.mark.parametrize("latex, meant", [
    (r"y &= x + 1 && \text{using } z = 2", ("x + 1",)),              # z not in the formula
    (r"& = \dfrac{1}{x}\ln(e) && \quad \text{since }e=\lim_{u \to 0}{(1 + u)^{1/u}}", ("1/x",)),   # a constant
    (r"y &= x + 1 && \text{by } x_i = 2", ("x + 1",)),               # x_i is not x
    (r"y &= x + 1 && \text{by Jensen's inequality}", ("x + 1",)),
    (r"& = \lim_{t \to 0} \frac{c - c}{t} && \quad \text{using }f(x) = c", ("Limit(0, t, 0, dir='+-')",)),   # f
    (r"& = \lim_{t \to 0} \frac{(x + t)^2 - x^2}{t} && \text{since } (x + t)^2 = x^2 + 2xt + t^2",
     ("Limit((-x**2 + (t + x)**2)/t, t, 0, dir='+-')",)),             # names mentioned, none defined
    (r"& = g(x) \lim_{t \to 0} \frac{h(x + t) - h(x)}{t} && \text{taking } g(x) \text{ out: it does not depend on } t",
     ("g(x)*Limit((-h(x) + h(t + x))/t, t, 0, dir='+-')",)),
    (r"y &= x + 1 && (\text{Lemma 2})", ("x + 1",)),
    (r"y = x + 1 \quad \text{by Lemma 2}", ("x + 1",)),
])
def test_a_justification_that_defines_nothing_the_formula_uses_is_dropped(latex, meant):
    assert chain(latex) == meant


# 7. a cases row "value \text{ if } condition" without & -------------------------------------------------------

@pytest.mark.parametrize("latex, meant", [
    (r"h(x,y)=\begin{cases}0 \text { if } x=0 \text{ or } y=0\\1 \text { otherwise}\end{cases}",
     "Piecewise((0, Eq(x, 0) | Eq(y, 0)), (1, True))"),
    (r"f(x) = \begin{cases} x \text{ if } x > 0 \\ 0 \text{ otherwise} \end{cases}", "Piecewise((x, x > 0), (0, True))"),
    (r"f(x) = \begin{cases} x, \text{ if } x > 0 \\ 0, \text{ otherwise} \end{cases}",
     "Piecewise((x, x > 0), (0, True))"),   # as before
])
def test_a_cases_row_with_its_keyword_and_no_ampersand(latex, meant):
    assert chain(latex) == (meant,)


def test_a_cases_row_with_neither_keyword_nor_ampersand_stays_refused():
    with pytest.raises(LatexError):
        display(r"f(x) = \begin{cases} x \; x > 0 \\ 0 \; x \le 0 \end{cases}")


# review of 5a79438 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("latex, name", [
    (r"\lim_{\epsilon \to 0} \frac{|\epsilon|}{\epsilon}", "epsilon"),
    (r"\lim_{\varepsilon \to 0} \frac{|\varepsilon|}{\varepsilon}", "epsilon"),
    (r"\lim_{\delta \to 0} \frac{|\delta|}{\delta}", "delta"),
    (r"\lim_{\lambda \to 0} \frac{\sqrt{\lambda^2}}{\lambda}", "lambda"),
])
def test_the_limit_s_variable_has_no_sign_from_the_notation(latex, name):
    got = _parse(latex)
    v = sp.Symbol(name, real=True)
    assert got.args[1] == v and got.args[1].is_positive is None and str(got.args[3]) == "+-"
    assert got.args[0] != 1 and got.args[0].subs(v, -1) == -1   # |e|/e kept, two-sided: no limit
    assert _parse(r"\lim_{\epsilon \to 0^+} \frac{|\epsilon|}{\epsilon}").args[3].name == "+"


@pytest.mark.parametrize("latex", [
    r"\lim_{x \to +0} f(x)", r"\lim_{x \to -0} f(x)", r"\lim_{x \to a + 0} f(x)", r"\lim_{x \to a - 0} f(x)",
    r"\lim_{x \to a+0} f(x)", r"f(a+0) = \lim_{x \to a+0} f(x)", r"\lim_{x \to 0 + 0} f(x)",
])
def test_a_side_written_as_a_plus_zero_is_refused(latex):
    with pytest.raises(LatexError, match=r"a side written as a\+0 / a-0: write a\^\+ or a\^-"):
        _parse(latex)


def test_a_point_s_superscript_with_a_sign_that_is_not_one_sign_is_refused():
    for latex in (r"\lim_{x \to 0^{+0}} f(x)", r"\lim_{x \to a^{b+}} f(x)", r"\lim_{x \to 0^{-1}} f(x)"):
        with pytest.raises(LatexError, match="superscript"):
            _parse(latex)
    assert str(_parse(r"\lim_{x \to a - b} f(x)").args[3]) == "+-"
    assert str(_parse(r"\lim_{x \to 1^{ - }} f(x)").args[3]) == "-"


@pytest.mark.parametrize("latex", [
    r"y = \lim_{x \to 0} \frac{|x|}{x} \quad \text{for } x > 0",
    r"y = \lim_{x \to 0} \frac{|x|}{x}, \quad x > 0",
    r"y = \lim_{x \to 0} \frac{|x|}{x} = 1 \quad \text{for } x \neq 0",
    r"\lim_{x \to 0} \frac{|x|}{x} = 1 && \text{if } x > 0",
])
def test_a_side_condition_on_the_limit_s_variable_is_refused(latex):
    with pytest.raises(LatexError, match="the variable a limit binds"):
        display(latex)


def test_a_side_condition_on_another_name_stays():
    d = display(r"y = \lim_{h \to 0} \frac{f(x+h)-f(x)}{h} \quad \text{for } x > 0")
    assert [str(c) for c in d.conditions] == ["x > 0"]


def test_a_notation_symbol_differentiated_beside_a_call_of_its_letter_is_refused():
    with pytest.raises(LatexError, match="F is differentiated"):
        display(r"\frac{\partial F}{\partial x} = \lim_{h\to0}\frac{F(x+h,y)-F(x,y)}{h}")
    assert len(display(r"\frac{d f}{d x} = \lim_{h\to0}\frac{f(x+h)-f(x)}{h}").chain) == 2


@pytest.mark.parametrize("latex, name", [
    (r"v_{\mathrm{lim}} = 2 x", "v_lim"), (r"\epsilon_{\mathrm{lim}} = 2 x", "epsilon_lim"),
    (r"T_{\operatorname{lim}} = 2 x", "T_lim"),
])
def test_lim_in_a_subscript_is_a_label_not_the_limit(latex, name):
    d = display(latex)
    assert d.defines and [str(m) for m in d.chain] == ["2*x"]
    assert parse(r"\mathrm{lim}_{x \to a} f(x)") == sp.Limit(f(x), x, a, dir="+-")
    assert parse(r"\underset{x \to a}{\mathrm{lim}} f(x)") == sp.Limit(f(x), x, a, dir="+-")


@pytest.mark.parametrize("latex", [
    r"\lim_{n\to\infty} a_n", r"\lim_{n \to \infty} x_{n+1}", r"\lim_{n \to \infty} a_n b_n",
    r"\lim_{n\to\infty} \sum_{k=1}^n \frac{1}{k}", r"\lim_{N\to\infty} \frac{1}{N}\sum_{i=1}^N x_i",
    r"\lim_{n \to \infty} \prod_{k=1}^{n} (1 + 1/k^2)",
])
def test_a_sequence_limit_is_refused(latex):
    with pytest.raises(LatexError, match=r"a sequence limit \(. integer\): symdp reads limits of a real variable"):
        _parse(latex)


def test_a_limit_over_a_variable_the_notation_makes_an_integer_is_refused():
    from symdp.latex import NOTATION
    integer = NOTATION.extend(symbols={"n": sp.Symbol("n", integer=True)})
    with pytest.raises(LatexError, match="a sequence limit"):
        _parse(r"\lim_{n\to\infty} \sin(n\pi)", integer)
    with pytest.raises(LatexError, match="sequence limit"):   # an index letter at infinity, whatever the notation
        parse(r"\lim_{n \to \infty} (1 + 1/n)^n")


@pytest.mark.parametrize("row", [r"\lim_{n\to\infty} \sin(n\pi) = 0", r"\lim_{k \to \infty} (1 + 1/k)^k = e",
                                 r"\lim_{N \to -\infty} e^{N} = 0"])
def test_a_limit_at_infinity_in_an_index_letter_is_refused(row):
    """sin(n pi) -> 0 over the integers, no limit over the reals: the letter says a sequence, symdp reads a real
    variable (review of 2026-12-06, M6 with the default notation)."""
    with pytest.raises(LatexError, match="sequence limit"):
        display(row)
