"""symdp.latex.display: a display read as the paper means it (chain, relations, side conditions, the
quantity defined), and NotAFormula for a row that states no closed form.

Oracles: the expected chains are written by hand from the formulas' meaning.
"""
import pytest
import sympy as sp

from symdp.latex import Display, LatexError, NotAFormula, display, members
from symdp.symbols import alpha, delta, eps, mu

x = sp.Symbol("x")


def test_a_chain_of_relations_keeps_its_members_and_ops():
    got = display(r"0 \le 1 - e^{-\epsilon} < \epsilon")
    assert got == Display((0, 1 - sp.exp(-eps), eps), ("<=", "<"))


def test_a_single_expression_is_a_chain_of_one():
    assert display(r"\frac{e^\epsilon - 1}{2}") == Display(((sp.exp(eps) - 1) / 2,), ())


def test_a_power_of_a_name_on_the_left_is_the_quantity_defined():
    derived = 2 * sp.log(sp.Rational(5, 4) / delta) / eps**2
    got = display(r"\sigma^2 = \frac{2\log(1.25/\delta)}{\epsilon^2}.", derived=derived)
    assert got.defines == r"\sigma^2" and got.chain == (derived,) and got.ops == ()


def test_a_left_side_whose_symbols_the_derived_expression_uses_is_compared():
    got = display(r"\epsilon = \log 2", derived=eps)
    assert got.defines == "" and got.chain == (eps, sp.log(2)) and got.ops == ("=",)


def test_a_function_style_left_side_is_defined():
    got = display(r"\delta(\varepsilon) = e^{-\varepsilon}", derived=sp.exp(-eps))
    assert got.defines == r"\delta(\varepsilon)" and got.chain == (sp.exp(-eps),)


@pytest.mark.parametrize("text, formula, condition", [
    (r"\frac{1}{\alpha - 1} \; \alpha > 1", 1 / (alpha - 1), alpha > 1),
    (r"\frac{\mu}{2} \qquad \mu<1", mu / 2, mu < 1),
    (r"x^2, \quad x < 1", x**2, x < 1),
    (r"x^2 \quad \text{for } x < 1", x**2, x < 1),
])
def test_a_side_condition_is_a_condition_never_a_factor(text, formula, condition):
    got = display(text)
    assert got.chain == (formula,) and got.conditions == (condition,)


def test_members_keeps_its_meaning():
    assert members(r"\sigma = \sqrt{2} = 1.414") == (sp.sqrt(2), sp.Rational(1414, 1000))
    rel = members(r"e^{\epsilon} \ge 1")
    assert rel == (sp.exp(eps) >= 1,)


def test_not_a_formula_is_a_latex_error_naming_its_construct():
    assert issubclass(NotAFormula, LatexError)


@pytest.mark.parametrize("text, construct", [
    (r"X \sim \mathcal{N}(0, \sigma^2)", r"\sim"),
    (r"S = \{x : x > 0\}", "set-builder"),
    (r"\Pr[M(D) \in S] \le e^\epsilon \Pr[M(D') \in S] + \delta", r"\Pr[...]"),
    (r"\epsilon = \inf_{\alpha > 1} \rho\alpha", r"\inf"),
    (r"y_i = x_i + \mathcal{N}(0, 1)", r"\mathcal{N}"),
])
def test_a_row_that_states_no_closed_form_raises_not_a_formula(text, construct):
    with pytest.raises(NotAFormula) as info:
        display(text)
    assert info.value.construct == construct and "not a formula" in str(info.value)


@pytest.mark.parametrize("text, defines", [
    (r"\mathrm{TV} = \frac{e^\epsilon - 1}{e^\epsilon + 1}", r"\mathrm{TV}"),
    (r"D_\alpha(P \| Q) = \frac{\alpha \Delta^2}{2\sigma^2}", r"D_\alpha(P \| Q)"),
    (r"D_\alpha(\mathcal{N}(0,\sigma^2) \| \mathcal{N}(\Delta,\sigma^2)) = \frac{\alpha \Delta^2}{2\sigma^2}",
     r"D_\alpha(\mathcal{N}(0,\sigma^2) \| \mathcal{N}(\Delta,\sigma^2))"),
    (r"\hat\theta = \frac{1}{2}", r"\hat\theta"),
    (r"F^*_\beta = \frac{1}{2}", r"F^*_\beta"),
])
def test_named_left_sides_are_defined(text, defines):
    assert display(text).defines == defines


def test_an_undefined_macro_on_the_left_defines_nothing_and_is_refused():
    with pytest.raises(LatexError, match=r"\\pub"):
        display(r"\pub = (\texttt{age}, \texttt{sex})")


def test_justification_columns_punctuation_and_leading_conditions():
    assert display(r"a &= 2b && \text{by Lemma \ref{l:2}}").chain == (2 * sp.Symbol("b"),)
    assert display(r"&\le e^{-1/s} && \text{since } t > 0").chain == (sp.exp(-1 / sp.Symbol("s")),)
    y = sp.Symbol("y")
    got = display(r"\forall y \ge 0 \qquad g(y) = e^{-y}.")
    assert got.defines == "g(y)" and got.chain == (sp.exp(-y),) and got.conditions == (y >= 0,)
    cases = display(r"f(x) = \begin{cases} 1 & x < 0, \\ 0 & x \ge 0. \end{cases}")
    assert cases.chain == (sp.Piecewise((1, x < 0), (0, x >= 0)),)
    assert display(r"\frac{x}{2} \quad \forall x \in \mathbb{R}").conditions == (sp.Contains(x, sp.Reals),)


def test_what_dp_papers_write_reads():
    n, k, p = sp.symbols("n k p")
    assert display(r"\delta = 10^{-5}").chain == (sp.Rational(1, 10**5),)
    assert display(r"n = 1{,}000").chain == (1000,)
    assert display(r"\binom{n}{k} p^k").chain == (sp.binomial(n, k) * p**k,)
    assert display(r"\lvert x \rvert + \lfloor x \rfloor").chain == (sp.Abs(x) + sp.floor(x),)
    assert display(r"\hat\theta + \bar{x} + \mathcal{M}").chain == (sp.Symbol("theta_hat") + sp.Symbol("x_bar")
                                                                     + sp.Symbol("M_cal"),)
    assert display(r"\texttt{d\_in} \cdot 2").chain == (2 * sp.Symbol("d_in"),)
    assert display(r"\frac{x^n}{n!} + 1[x \ne 0]").chain == (x**n / sp.factorial(n)
                                                            + sp.Piecewise((1, sp.Ne(x, 0)), (0, True)),)


def test_the_notation_can_add_a_control_symbol_macro():
    from symdp.latex import NOTATION
    P, Q = sp.symbols("P Q")
    table = NOTATION.extend(macros={r"\|": r"/", r"\KL": (2, r"D(#1 \| #2)")})
    assert display(r"P \| Q", table).chain == (P / Q,)
    assert display(r"\KL{P}{Q} = 2", table).defines == "D(P / Q)"


# -- eqnarray rows: the alignment & around a relation, wherever it stands ----------------------------------------

y = sp.Symbol("y")


@pytest.mark.parametrize("text, chain, ops, defines", [
    (r"y & = & x^2 + 1", (x**2 + 1,), (), "y"),                     # today: a relation with an empty side
    (r"y &=& x^2 + 1", (x**2 + 1,), (), "y"),
    (r"x^2 & \le & x^2 + 1", (x**2, x**2 + 1), ("<=",), ""),
    (r"& = & x + 1", (x + 1,), (), ""),                              # a row continuing the chain above it
    (r"y & = & x \\ & = & x + 0", (x, x), ("=",), "y"),
    (r"x & \le & x^2 + 1 && \text{by Lemma 2}", (x, x**2 + 1), ("<=",), ""),
    (r"x^2 + 1 & \ge & 2x", (x**2 + 1, 2 * x), (">=",), ""),
    (r"y &=& x^2 \\", (x**2,), (), "y"),                               # the row quoted with its row break
    (r"y & = & x^2, \nonumber \\", (x**2,), (), "y"),
])
def test_eqnarray_alignment_around_a_relation_is_dropped(text, chain, ops, defines):
    got = display(text)
    assert (got.chain, got.ops, got.defines) == (chain, ops, defines)


def test_an_eqnarray_row_with_a_cases_block_keeps_its_cases():
    got = display(r"f(x) & = & \begin{cases} 1 & x > 0 \\ 0 & x \le 0 \end{cases}")
    assert got.defines == "f(x)" and got.chain == (sp.Piecewise((1, x > 0), (0, True)),)


# -- a command nobody defined (a paper's macro not expanded) refuses the display, wherever it stands --------------

@pytest.mark.parametrize("text, command", [
    (r"f(\x) = y^2 + 1", r"\x"),                  # today: defines f(\x), the macro dropped unseen
    (r"g(\xprime, \din) = 2", r"\xprime"),
    (r"\hat\theta_{\x} = 2", r"\x"),
    (r"\x + 1", r"\x"),
    (r"f(x) = 2 \quad \text{for } \din > 0", r"\din"),
])
def test_an_undefined_command_refuses_the_display(text, command):
    with pytest.raises(LatexError) as info:
        display(text)
    assert f"{command} is not in the notation: a macro of the document?" in str(info.value)


def test_a_defined_macro_on_the_left_side_is_expanded_and_read():
    from symdp.latex import NOTATION
    got = display(r"f(\x) = \x^2", NOTATION.extend(macros={r"\x": "x"}))
    assert got.defines == "f(x)" and got.chain == (x**2,)


# -- relations between function-valued objects (f-DP trade-off functions) -----------------------------------------

@pytest.mark.parametrize("text, construct", [
    (r"T(M(S), M(S')) \ge f", "T(M(...), ...)"),                        # today: a scalar relation of calls
    (r"T\left(M(S), M(S')\right) \ge G_\mu", "T(M(...), ...)"),
    (r"G_\mu := T\left(N(0, 1), N(\mu, 1)\right) \quad\text{for}\quad \mu \ge 0", "T(N(...), ...)"),
    (r"D(\mathcal{M}(x), \mathcal{M}(x')) \le \epsilon", "D(M_cal(...), ...)"),
])
def test_a_functional_of_mechanisms_or_distributions_is_not_a_formula(text, construct):
    with pytest.raises(NotAFormula) as info:
        display(text)
    assert info.value.construct == construct


def test_compositions_of_functions_stay_calls():
    f, g, d, F_f = (sp.Function(n) for n in ("f", "g", "d", "F_f"))
    xp = sp.Symbol("x'")
    assert display(r"f(g(x))").chain == (f(g(x)),)
    assert display(r"d(f(x), f(x')) \le 1").chain == (d(f(x), f(xp)), 1)
    assert display(r"1 - f(F_f(x-1))").chain == (1 - f(F_f(x - 1)),)


@pytest.mark.parametrize("text, condition", [
    (r"f(x) = \frac{\mu}{2} \quad \text{for } \mu \ge 0", sp.GreaterThan(mu, 0, evaluate=False)),  # today: True
    (r"\frac{\varepsilon^2}{2} \quad \varepsilon > 0", sp.StrictGreaterThan(eps, 0, evaluate=False)),
    (r"\frac{\mu}{2} \quad \mu \in [0, 1]", sp.And(sp.Le(0, mu, evaluate=False), sp.Le(mu, 1))),
])
def test_a_condition_the_assumptions_decide_is_kept_as_written(text, condition):
    got = display(text)
    assert got.conditions == (condition,) and got.conditions[0] is not sp.true


def test_a_name_the_derived_side_uses_only_as_an_indexed_family_is_defined_on_the_left():
    """GDP composition (Dong, Roth and Su 2022, Cor. 3.3): ``\\mu = \\sqrt{\\sum_i \\mu_i^2}`` defines mu; the
    derived side's ``mu[i]`` is the family, not mu.  Where the derived side also has mu alone, mu is compared."""
    import sympy as sp
    from symdp.latex import display
    i, k = sp.symbols("i k", integer=True, positive=True)
    mu = sp.IndexedBase(sp.Symbol("mu", positive=True))
    derived = sp.sqrt(sp.Sum(mu[i] ** 2, (i, 1, k)))
    text = r"\mu = \sqrt{\sum_{i=1}^k \mu_i^2}"
    read = display(text, derived=derived)
    assert read.defines == r"\mu" and read.chain == (derived,) and read.ops == ()
    both = display(text, derived=derived + sp.Symbol("mu", positive=True))
    assert both.defines == "" and both.ops == ("=",)


@pytest.mark.parametrize("text, chain", [
    (r"\varepsilon^{\prime} = \sqrt{2k\ln(1/\delta)}", "sqrt(2)*sqrt(k*log(1/delta))"),
    (r"x^\prime + y^{\prime\prime}", "x' + y''"),
    (r"{J = a + b}", "a + b"),
    (r"{a} + {b}", "a + b"),
])
def test_primes_spelled_as_superscripts_and_a_display_wrapped_in_braces(text, chain):
    """``^{\\prime}`` is what TeX makes of ``'`` (a decoration, never a power or an unknown command); a brace
    group around the whole display typesets nothing."""
    from symdp.latex import display
    assert str(display(text).chain[-1]) == chain
