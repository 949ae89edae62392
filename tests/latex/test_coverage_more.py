"""More of what papers write, read as meant or refused with the notation entry that settles it (issue 48).

Calls with a list of arguments after a Greek letter, cases written as ``\\left\\{ \\begin{array} ... \\right.``,
floors and ceilings in a sum's bounds, an index range with ``\\ldots`` in a side condition, the hypergeometric
``{}_2F_1(a; b; z)``; and the guards that keep each from a silent misreading (a product reading is never
taken where a call or one name may be meant).
"""
from __future__ import annotations

import pytest
import sympy as sp
from sympy.core.function import AppliedUndef

from symdp.latex import NOTATION
from symdp.latex.lexer import LatexError, NotAFormula
from symdp.latex.parse import display

x, y, z, n, q, a, b, c, i, t, T = sp.symbols("x y z n q a b c i t T")


def _read(tex, notation=None):
    return display(tex, notation)


def _refused(tex, *words, notation=None):
    with pytest.raises(LatexError) as info:
        display(tex, notation)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def _names(expr) -> set:
    return {s.name for s in expr.free_symbols}


# -- a Greek letter before a list of arguments -----------------------------------------------------------------

def test_a_greek_letter_before_a_list_is_a_call_never_a_product():
    got = _read(r"M(S) = \theta(S, S') + \eta").chain[0]
    calls = got.atoms(AppliedUndef)
    assert [type(f).__name__ for f in calls] == ["theta"]
    assert next(iter(calls)).args == (sp.Symbol("S"), sp.Symbol("S'"))
    assert not any(isinstance(term, sp.Mul) for term in sp.Add.make_args(got))


@pytest.mark.parametrize("tex,entry", [
    (r"F(x) = \gamma\left(1,x\right) = 1-e^{-x}", "sympy.lowergamma"),
    (r"(-1)^{n+1} n! \zeta\left(n+1,z\right)", "sympy.zeta"),
    (r"\Psi = \psi(n, x)", "sympy.polygamma"),
])
def test_a_greek_special_function_before_a_list_is_refused_naming_the_entry(tex, entry):
    message = _refused(tex, "standard notation", entry, "paper's own")
    assert "times" not in message.split("ambiguous:")[-1].split("?")[0]


def test_a_declared_special_function_reads_as_declared():
    notation = NOTATION.extend(functions={r"\gamma": sp.lowergamma})
    got = _read(r"F(x) = \gamma\left(1,x\right) = 1-e^{-x}", notation)
    assert len(got.chain) == 2 and sp.simplify(got.chain[0] - got.chain[1]) == 0  # lowergamma(1, x) = 1 - e^{-x}
    s = _read(r"F(x) = \gamma\left(s,x\right)", notation).chain[0]
    assert isinstance(s, sp.lowergamma)


def test_a_bessel_letter_before_parentheses_is_refused_naming_the_entry():
    _refused(r"p(x) = \frac{e^{\kappa \cos(x-\mu)}}{2\pi I_0(\kappa)}", "Bessel", "sympy.besseli(0, z)")


# -- cases as an array ----------------------------------------------------------------------------------------

def test_an_array_in_a_left_brace_reads_as_cases():
    got = _read(r"f(x) = \left\{\begin{array}{ll} x^2 & x > 0 \\ 0 & \text{otherwise} \end{array}\right.").chain[0]
    assert isinstance(got, sp.Piecewise)
    assert got.args[-1].cond == sp.true and got.args[-1].expr == 0


def test_an_array_with_an_empty_column_and_a_call_read_in_both_rows():
    tex = (r"G\left(q;c\right) & = & \left\{ \begin{array}{ccc} r_{c}\left(q\right) &  & 0\leq q<\frac{1}{2}\\ "
           r"2\pi-r_{c}\left(1-q\right) &  & \frac{1}{2}\leq q\leq1 \end{array} \right.")
    got = _read(tex).chain[0]
    assert isinstance(got, sp.Piecewise) and len(got.args) == 2
    assert {type(f).__name__ for f in got.atoms(AppliedUndef)} == {"r_c"}


def test_an_array_that_is_a_matrix_stays_refused():
    _refused(r"A = \left\{\begin{array}{ccc} 1 & 2 & 3 \\ 0 & 1 & 1 \end{array}\right.", "array")


def test_math_inside_a_text_condition_of_cases():
    got = _read(r"P(x;l, m, r) = \begin{cases} \frac{2(x-l)}{(r-l)(m-l)}& \text{for $l \leq x \leq m$},\\ "
                r"0& \text{otherwise}. \end{cases}").chain[0]
    assert isinstance(got, sp.Piecewise) and len(got.args) == 2


# -- floors and ceilings in a sum's bounds; a range with \ldots in a condition ---------------------------------

@pytest.mark.parametrize("tex,lo,hi", [
    (r"\sum_{i=1}^{\lceil n/2 \rceil} x_i", 1, sp.ceiling(sp.Symbol("n") / 2)),
    (r"\sum_{i=\lfloor n/2 \rfloor}^{n} x_i", sp.floor(sp.Symbol("n") / 2), sp.Symbol("n")),
])
def test_floors_and_ceilings_in_a_sums_bounds(tex, lo, hi):
    got = _read(tex).chain[0]
    assert isinstance(got, sp.Sum)
    _, low, high = got.limits[0]
    assert str(low) == str(lo) and str(high) == str(hi)


@pytest.mark.parametrize("tex", [
    r"f_{\varepsilon,\delta}(\alpha_i) \le \beta_i \quad \text{for all } i = 1, \ldots, n",
    r"a_i \le b_i \quad i \in \{1, \dots, n\}",
])
def test_an_index_range_with_an_ellipsis_is_a_condition(tex):
    got = _read(tex)
    assert got.ops == ("<=",)
    text = " ".join(str(c) for c in got.conditions)
    assert "1 <= i" in text and "i <= n" in text and "Integers" in text


@pytest.mark.parametrize("tex,want", [
    (r"x_1 + \cdots + x_n", "Sum(x[i], (i, 1, n))"),
    (r"x_1 + x_2 + \cdots + x_n", "Sum(x[i], (i, 1, n))"),     # x_1 continues the pattern (was x_1 beside x[i])
    (r"Y_t = \nu + A_1 Y_{t-1} + \ldots + A_p Y_{t-p} + u_t", "nu + u_t + Sum(A[i]*Y[-i + t], (i, 1, p))"),
    (r"\frac{1}{2} + \cdots + \frac{1}{n}", "Sum(1/i, (i, 2, n))"),
])
def test_a_sum_written_with_an_ellipsis_reads_as_the_sum(tex, want):
    assert str(_read(tex).chain[0]) == want


@pytest.mark.parametrize("tex", [
    r"x_1 + \cdots + x_{n-1}",  # the last term's index is an expression
    r"p_1 q_2 + \cdots + p_n q_{n+1}",  # two numbers that differ
    r"p_1 q_2 + \cdots + p_n q_n",  # 1 and 2 both become n: no one pattern
    r"2 + \cdots + 2",  # nothing varies
    r"a_1 a_2 \cdots a_n",  # a product's ellipsis
])
def test_an_ellipsis_without_one_plain_pattern_stays_refused(tex):
    _refused(tex, "ellipsis")


def test_the_hypergeometric_function_is_refused_with_its_reason():
    _refused(r"M\left(t\right)=\frac{c}{1-t}\,_{2}F_{1}\left(1+c,\,1-t\,;\,2-t\,;-1\right)", "hypergeometric",
             "sympy.hyper")


# -- misreading guards -------------------------------------------------------------------------------------------

def test_two_letters_alone_as_an_argument_are_refused_not_multiplied():
    _refused(r"y = g(x, df) + \frac{1}{\sqrt{\pi df}}", "df", "one name", "symbols=")
    _refused(r"P(x) = g(x; df)", "df", "one name")
    notation = NOTATION.extend(symbols={"df": sp.Symbol("df", positive=True)})
    got = _read(r"P(x, df) = \frac{1}{\sqrt{\pi df}}", notation).chain[0]
    assert "df" in _names(got) and "d" not in _names(got)


def test_the_defined_variable_before_a_sum_is_a_product_but_an_unknown_name_stays_ambiguous():
    got = _read(r"G\left(q;a,b\right) & = & \left\lceil q\left(b-a\right)+a\right\rceil").chain[0]
    assert not got.atoms(AppliedUndef)
    assert sp.simplify(got - sp.ceiling(got.args[0])) == 0
    _refused(r"y = q\left(b-a\right)+a", "ambiguous", "q")


def test_a_function_argument_of_the_defined_side_is_still_called():
    got = _read(r"J(f,d) = \frac{1}{n}\sum_{i=1}^{n}l(f(x_{i}),y_{i})").chain[0]
    assert "f" in {type(g).__name__ for g in got.atoms(AppliedUndef)}


def test_a_function_greek_letter_on_the_defined_argument_stays_ambiguous():
    _refused(r"f(x) = \phi(x) + 1", "ambiguous")


def test_the_output_of_a_noise_function_under_a_divergence_is_not_a_formula():
    with pytest.raises(NotAFormula):
        display(r"D_{\mathrm{MaxDivergence}}(\mathrm{laplace\_noise}(u), \mathrm{laplace\_noise}(v)) \leq d_{out}")


def test_a_lone_undeclared_function_value_is_not_a_formula():
    with pytest.raises(NotAFormula):
        display(r"&= d_{M}(u, v)  && \text{since \texttt{DI} is a }\texttt{DatasetDomain}")
    assert _read(r"d_{\mathrm{Abs}}(a, b) = |a - b|").chain[0] == sp.Abs(a - b) or \
        isinstance(_read(r"d_{\mathrm{Abs}}(a, b) = |a - b|").chain[0], sp.Abs)


def test_a_squared_family_member_under_a_sum():
    got = _read(r"Q = \sum_{i=1}^{n} X^2_i").chain[0]
    assert isinstance(got, sp.Sum)
    assert isinstance(got.function, sp.Pow) and isinstance(got.function.base, sp.Indexed)


def test_a_sums_upper_limit_t_is_a_bound_and_a_transpose_stays_refused():
    got = _read(r"\sum_{t=2}^T e_t").chain[0]
    assert isinstance(got, sp.Sum) and str(got.limits[0][2]) == "T"
    assert isinstance(got.function, sp.Indexed)  # e_t: a family named e, never Euler's number
    _refused(r"x^T y", "transpose")


def test_a_greek_quantity_before_a_sized_bracket_and_a_functional_bracket():
    got = _read(r"\frac{1}{\pi \gamma \bigl[ 1+ x^2 \bigr] }").chain[0]
    assert not got.atoms(AppliedUndef) and "gamma" in _names(got)
    _refused(r"\epsilon [1 + x]", "functional")


def test_a_subscripted_word_before_parentheses_is_a_call_never_a_product():
    got = _read(r"y = \mathrm{MSE}_j(h) + 1").chain[0]
    assert [type(f).__name__ for f in got.atoms(AppliedUndef)] == ["MSE_j"]
    assert not got.atoms(sp.Indexed)


def test_a_sums_index_on_a_function_letter_without_argument_is_a_family():
    got = _read(r"Y_t = \mu + \sum_{i=0}^\infty \Phi_i u_{t-i}").chain[0]
    (term,) = got.atoms(sp.Sum)
    assert {str(x.base) for x in term.function.atoms(sp.Indexed)} == {"Phi", "u"}
    _refused(r"\Phi x", "argument in parentheses")  # the CDF without its argument stays refused


def test_a_word_the_defined_function_takes_as_a_parameter_is_one_name_everywhere():
    """NumPy writes ``P(x, df)``, ``P(x; mean, scale)``: a function being defined names its parameters, so the
    letters written together there are one name, in the formula too (``\\pi df``, ``-scale(x - mean)^2``)."""
    got = _read(r"P(x, df) = \frac{\Gamma(\frac{df+1}{2})}{\sqrt{\pi df}}").chain[0]
    assert "df" in _names(got) and "d" not in _names(got)
    got = _read(r"P(x;mean,scale) = e^ \frac{-scale(x-mean)^2}{2\cdotp mean^2x}").chain[0]
    scale, mean, x = sp.symbols("scale mean x")
    assert not got.atoms(AppliedUndef)
    assert sp.simplify(got - sp.exp(-scale*(x - mean)**2/(2*mean**2*x))) == 0
    _refused(r"P(x, df) = abc", "abc")  # another run of letters is still no name


def test_a_ratio_of_sums_an_indicator_in_braces_and_a_max_with_semicolons():
    """statsmodels: Durbin-Watson's ratio of sums, a sign-agreement rate with ``1\\{...\\}``, Clayton's copula."""
    got = _read(r"\sum_{t=2}^T((e_t - e_{t-1})^2)/\sum_{t=1}^Te_t^2").chain[0]
    e, t, T = sp.IndexedBase("e"), sp.Symbol("t"), sp.Symbol("T")
    assert sp.srepr(got).count("Sum") == 2 and got.is_Mul
    got = _read(r"y = \sum_{t=1}^n 1\{x_t > 0\}").chain[0]
    assert isinstance(got.function, sp.Piecewise)
    got = _read(r"y = \max\left\{ u - 1 ; 0 \right\}").chain[0]
    assert isinstance(got, sp.Max)


def test_a_distribution_after_a_wide_space_is_kept_apart_never_a_factor():
    got = _read(r"y_t = \phi_1 y_{t-1} + \epsilon_t, \quad \epsilon_t \sim N(0, \sigma^2)")
    assert got.unread == (r"\epsilon_t \sim N(0, \sigma^2)",) and got.conditions == ()
    assert "sigma" not in _names(got.chain[0])


def test_a_primed_subscript_joins_the_name_and_a_subscripted_call_is_never_a_product():
    """SmartNoise's snapping notes: ``F_{Y'}(...)`` is the CDF of Y' applied to its argument (it was read as a
    product with an indexed F); ``y_{t-1}(a + b)`` and ``\\sum_i f_i(x)`` are refused, ``\\sum_i w_i (x_i - \\mu)`` is
    still the product it is."""
    got = _read(r"y = 1 - F_{Y'}(B - f(D))").chain[0]
    assert {type(g).__name__ for g in got.atoms(AppliedUndef)} == {"F_Y'", "f"}
    _refused(r"y = y_{t-1}(a+b)", "ambiguous", "y_{t-1}")
    _refused(r"y = \sum_{i=1}^n f_i(x)", "ambiguous", "f_i")
    got = _read(r"y = \sum_{i=1}^n w_i (x_i - \mu)").chain[0]
    assert not got.atoms(AppliedUndef)


def test_a_row_that_continues_the_previous_rows_expression_is_refused():
    _refused(r"&\hspace{10pt} + 1 \nonumber", "continues the previous row")
    assert _read(r"& - x = 1").chain[0] == -sp.Symbol("x")


def test_a_lone_sign_superscript_is_part_of_the_name_never_a_power():
    got = _read(r"k = \frac{2}{\epsilon^{-} - 1} + P_{L}^{+}").chain[0]
    assert {"epsilon^-", "P_L^+"} <= _names(got)
    _refused(r"y = x^-1", "")  # TeX's x^{-}1: the power x^{-1} is meant, the sign alone is not read


def test_an_indicator_in_blackboard_one_and_a_condition_keyword_with_its_letter():
    got = _read(r"y = a \cdot \mathbbm{1}\left(x \geq b\right)").chain[0]
    assert got.atoms(sp.Piecewise)
    got = _read(r"F(k) = \begin{cases} a & \text{if k} \le 0 \\ b & \text{otherwise} \end{cases}").chain[0]
    k = next(s for s in got.free_symbols if s.name == "k")
    assert got.subs(k, -1) == sp.Symbol("a") and got.subs(k, 1) == sp.Symbol("b")


def test_two_alignment_pairs_in_one_row_are_refused_never_chained():
    """OpenIntro's ``\\mu &= np &\\sigma &= \\sqrt{np(1-p)}`` was read as the chain mu = n p sigma = ...; and
    ``x &= 1 &\\quad y &= 2`` as x = 1 under the condition y = 2."""
    _refused(r"\mu &= p &\sigma&= \sqrt{p(1-p)}", "second alignment pair")
    _refused(r"x &= 1 &\quad y &= 2", "second alignment pair")
    assert _read(r"f(x) = x^2, \quad x > 0").conditions


def test_a_sums_index_as_a_superscript_on_a_subscripted_name_is_refused_never_a_power():
    """cumbiostats' R_j^k (the k-th observation of group j) under \\sum_k was read as R_j to the power k, and
    cdeets' W_k^{(j)} under a double sum too; q^k under \\sum_k stays the power it is."""
    _refused(r"\tilde{W}_j = \sum_{k=1}^{m_j} W_j^k", "index", "power")
    _refused(r"A = \sum_{k=1}^{n} \sum_{j=1}^{n_k} W_k^{(j)}", "index")
    got = _read(r"y = \sum_{k=0}^n q^k").chain[0]
    assert isinstance(got, sp.Sum) and got.function.is_Pow


def test_a_trailing_spacing_command_before_the_full_stop_is_dropped_whole():
    got = _read(r"F(t) = \begin{cases} 1 & \text{if } t > 0 \\ 0 & \text{otherwise} \end{cases} \; .")
    assert isinstance(got.chain[0], sp.Piecewise)
    assert _read(r"y = a\,.").chain[0] == sp.Symbol("a")


# -- spaced products, and calls of a single (subscripted) name -----------------------------------------------------

def test_a_wide_space_around_a_product_sign_spaces_the_product():
    """``\\sqrt{2/\\pi} \\;\\cdot\\; G(x)`` (cdeets paper.tex:258): no side condition begins with a product sign."""
    assert _read(r"\sqrt{2} \;\cdot\; y = x").chain == (sp.sqrt(2) * y, x)
    assert _read(r"z \cdot \; y").chain == (y * z,)
    kept = _read(r"\frac{1}{x - 1} \; x > 1")  # a wide space before a condition still starts the condition
    assert kept.chain == (1 / (x - 1),) and kept.conditions == (x > 1,)
    kept = _read(r"f(x) = x \quad -1 < x < 1")
    assert str(kept.conditions[0]) == "(-1 < x) & (x < 1)"


def test_an_unknown_letter_before_one_subscripted_name_is_a_call():
    """``r(S_k)`` (cdeets paper.tex:546): parentheses around one name are never needed for a product."""
    got = _read(r"\sigma = \sum_{k=1}^n r(S_k) (1 - r(S_k))").chain[0]
    calls = {f.func.__name__ for f in got.atoms(AppliedUndef)}
    assert calls == {"r"} and isinstance(got, sp.Sum)
    _refused(r"y = 1 + q(x_i + 1)", "ambiguous", "q(...)")  # a sum inside: a call or a product, as before


# -- heldout6's blind misreadings (PreliZ's distribution gallery, SmartNoise samples), now refused ------------------

@pytest.mark.parametrize("tex, words", [
    (r"f = \frac{x^{a - 1}}{B(a, b)}", ("the beta function", "sympy.beta")),            # PreliZ gallery, beta page, line 53
    (r"F = 1 - Q_1\left(\frac{x}{s}, \frac{v}{s}\right)", ("Marcum Q",)),             # PreliZ gallery, rice page, line 86
    (r"F = 1 - 2 T \left( \frac{x - m}{s}, a \right)", ("Owen's T",)),                # PreliZ gallery, skewnormal page, line 89
    (r"f = 2 \Phi(x) \phi(x,\mu,\tau)", ("a Greek letter papers use for a function",)),  # the skewnormal page, line 52
    (r"f(x) = \sum_{i=1}^n \, w_i \, p_i(x)", ("a family of functions",)),            # PreliZ gallery, mixture page, line 36
    (r"F = \sum_{i=0}^{x} p_i \quad x < |p|", ("|p| of the indexed family p",)),       # the categorical page, line 55
])
def test_a_standard_special_function_or_a_family_of_functions_is_refused_never_guessed(tex, words):
    _refused(tex, *words)


def test_a_mechanism_applied_to_a_dataset_is_no_formula():
    """``M(D) \\in [M_{DP}(D) - a, M_{DP}(D) + a]`` (smartnoise-samples, mental-health tutorial): an accuracy event of
    a random release."""
    with pytest.raises(NotAFormula):
        display(r"M(D) \in [M_{DP}(D)-a, M_{DP}(D)+a]")


def test_the_guards_leave_products_and_plain_calls_alone():
    got = _read(r"v = \sum_{i=1}^n p_i(1 - p_i)").chain[0]  # parentheses around a sum: a product
    assert isinstance(got, sp.Sum) and not got.atoms(AppliedUndef)
    assert _read(r"y = 1 + B(x)").chain[0].atoms(AppliedUndef).pop().func.__name__ == "B"  # one argument: no beta
    assert _read(r"y = 1 + f(D)").chain[0].atoms(AppliedUndef).pop().func.__name__ == "f"  # f: no mechanism letter


def test_a_density_written_with_a_bar_before_its_parameters():
    """PreliZ's gallery (``f(x \\mid lower, upper) = ...``, ``F(x) = \\sum_i f(i \\mid \\psi, \\mu)``): the bar after a
    function letter's or word's variable separates the parameters, which are then names wherever the display writes
    them (``\\text{lower}`` too); after any other letter it stays a conditional probability."""
    got = _read(r"f(x \mid lower, upper) = \frac{1}{upper - (\text{lower} - 1)}")
    assert got.chain == (1 / (sp.Symbol("upper") - sp.Symbol("lower") + 1),)
    assert _read(r"F = \sum_{i=0}^{x} f(i \mid a, b)").chain[0].function == sp.Function("f")(i, a, b)
    assert _read(r"y = 1 + \text{PDF}(x \mid t)").chain[0] == 1 + sp.Function("PDF")(x, t)
    with pytest.raises(NotAFormula):
        display(r"y = 1 + p(x \mid t)")
    # not a parameter of the defined function: a word standing alone is still one name (textnames.py), but not
    # against an operand
    assert _read(r"f(x) = \frac{1}{\text{upper}}").chain == (1 / sp.Symbol("upper"),)
    _refused(r"f(x) = \frac{1}{2 \text{upper}}", "against an operand")


def test_a_cases_row_may_give_its_condition_after_a_comma_and_a_keyword():
    """PreliZ's hurdle densities (``\\begin{array}{l} (1 - \\psi), \\text{if } x = 0 \\\\ ...``): no ``&``, the
    condition after ``, \\text{if}``; a comma with no keyword still needs its ``&``."""
    got = _read(r"f = \begin{cases} 1 - x, \text{if } x < 0 \\ 2, \text{otherwise} \end{cases}").chain[0]
    assert got == sp.Piecewise((1 - x, x < 0), (2, True))
    _refused(r"f = \begin{cases} 1, x > 0 \end{cases}", "grammar")
