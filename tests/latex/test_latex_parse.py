"""symdp.latex.parse: the papers' formulas read into SymPy; the unknown and the ambiguous refused.

Oracles: the expected expressions are written by hand from the formulas' meaning (Liu et al. 2019
Eq. 6, 9, 12 as the seed text prints them; Dwork and Roth 2014 Thm A.1 for the Gaussian sigma), not
computed by the parser's own code.
"""
import time

import pytest
import sympy as sp

from symdp.errors import SymdpError
from symdp.latex import NOTATION, LatexError, members, parse
from symdp.special import Phi, PhiInv
from symdp.symbols import QD, QDp, alpha, beta, dQ, delta, eps, o, rho_p, sigma, theta

HALF = sp.Rational(1, 2)


@pytest.mark.parametrize("text, expected", [
    (r"\sqrt{2 \log(1.25/\delta)}\,\frac{\Delta Q}{\epsilon}", sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta)) * dQ / eps),
    (r"\frac{e^\varepsilon - 1}{e^\epsilon + 1}", (sp.exp(eps) - 1) / (sp.exp(eps) + 1)),
    (r"\tanh(\epsilon/2)", sp.tanh(eps / 2)),
    (r"\ln 2", sp.log(2)),
    (r"\log 2(1-\alpha)", sp.log(2 * (1 - alpha))),
    (r"\Delta Q \log 2\alpha", dQ * sp.log(2 * alpha)),
    (r"\exp\left(-\frac{\epsilon|o-Q(D)|}{\Delta Q}\right)", sp.exp(-eps * sp.Abs(sp.Symbol("o") - QD) / dQ)),
    (r"1 - \Phi\left(\frac{\theta - Q(D')}{\sigma}\right)", 1 - Phi((theta - QDp) / sigma)),
    (r"\Phi^{-1}(1 - \delta)", PhiInv(1 - delta)),
    (r"\beta^2e^\epsilon", beta**2 * sp.exp(eps)),
    (r"e^{-e^{-\epsilon}}", sp.exp(-sp.exp(-eps))),
    (r"\max\left\{0, 1 - \delta - e^{\epsilon}\alpha\right\}", sp.Max(0, 1 - delta - sp.exp(eps) * alpha)),
    (r"\min(1, \epsilon^2/2)", sp.Min(1, eps**2 / 2)),
    (r"\frac12 \cdot \rho_p", rho_p / 2),
    (r"0.5 \times 10^{-3}", sp.Rational(1, 2000)),
    (r"\sqrt[3]{\epsilon}", sp.root(eps, 3)),
    (r"\binom{4}{2}", 6),
    (r"\dfrac{\Delta Q}{\epsilon}", dQ / eps),
])
def test_formulas_of_the_seed_kinds(text, expected):
    assert parse(text) == expected


def test_cases_to_piecewise_with_conditions():
    """Liu et al. Eq. 6 as the seed text prints it (line 175), equation number and all."""
    text = (r"\theta = \begin{cases} -\frac{\Delta Q \log 2\alpha}{\epsilon} + Q(D'), & \alpha \in [0, 0.5] \\ "
            r"\frac{\Delta Q \log 2(1-\alpha)}{\epsilon} + Q(D'), & \alpha \in (0.5, 1] \end{cases} \quad (6)")
    got = parse(text)
    assert got == sp.Piecewise((QDp - dQ * sp.log(2 * alpha) / eps, sp.And(0 <= alpha, alpha <= HALF)),
                               (QDp + dQ * sp.log(2 - 2 * alpha) / eps, sp.And(HALF < alpha, alpha <= 1)))


def test_cases_otherwise_and_if():
    got = parse(r"\begin{cases} e^\epsilon & \text{if } o > Q(D) \\ 1 & \text{otherwise} \end{cases}", derived=o)
    assert got == sp.Piecewise((sp.exp(eps), o > QD), (1, True))


def test_sum_and_integral():
    k, n, x, t = sp.symbols("k n x t")
    assert parse(r"\sum_{k=0}^{n} e^{-\epsilon k}") == sp.Sum(sp.exp(-eps * k), (k, 0, n))
    assert parse(r"\int_{0}^{t} \epsilon e^{-\epsilon x} \, dx") == sp.Integral(eps * sp.exp(-eps * x), (x, 0, t))


def test_unknown_names_take_the_derived_symbols_and_their_assumptions():
    q = sp.Symbol("q", positive=True)
    got = parse(r"q (e^\epsilon - 1)", derived=q * eps)
    assert got == q * (sp.exp(eps) - 1) and got.free_symbols == {q, eps}
    assert parse("q", derived=q).is_positive


def test_a_derived_symbol_is_a_product_before_parentheses_a_declared_function_a_call():
    q = sp.Symbol("q", positive=True)
    assert parse(r"q(e^\epsilon - 1)", derived=q) == q * (sp.exp(eps) - 1)
    f = sp.Function("f")
    assert parse(r"q(e^\epsilon - 1)", NOTATION.extend(functions={"q": f})) == f(sp.exp(eps) - 1)


def test_equations_and_chains():
    assert parse(r"\sigma = \sqrt{2}") == sp.sqrt(2)
    assert parse(r"\frac{e^\epsilon - 1}{e^\epsilon + 1} = \tanh(\epsilon/2)") == (
        (sp.exp(eps) - 1) / (sp.exp(eps) + 1), sp.tanh(eps / 2))
    assert members(r"F_{\beta\text{score}}^* = \frac{1}{2} = 0.5") == (HALF, HALF)
    assert parse(r"\Lambda(o) = e^\epsilon") == sp.exp(eps)
    assert parse(r"&= 2\epsilon") == 2 * eps  # an align row continuing a chain


def test_notation_extension_macros_and_symbols():
    k = sp.Symbol("kappa_0", positive=True)
    table = NOTATION.extend(symbols={r"\kappa_0": k}, macros={r"\eps": r"\epsilon", r"\half": (1, r"\frac{#1}{2}")})
    assert parse(r"\half{\eps} + \kappa_0", table) == eps / 2 + k


@pytest.mark.parametrize("text, fragment", [
    (r"M(e^\epsilon - 1)", "M("),
    (r"1/2D_{KL}", "/2D_{KL}"),
    (r"precision", "precision"),
    (r"\hat{f(x)}", r"\hat"),
    (r"\Phi \epsilon", r"\Phi"),
    (r"\max_{x} f", r"\max"),
    (r"\begin{matrix} 1 \end{matrix}", "matrix"),
    (r"2 3", "2 3"),
    (r"\frac{1}{", "{"),
])
def test_refused_with_the_fragment_quoted(text, fragment):
    with pytest.raises(LatexError) as info:
        parse(text)
    assert fragment in info.value.fragment or fragment in str(info.value)
    assert isinstance(info.value, SymdpError) and "\n" not in str(info.value)


def test_a_name_the_table_and_the_derived_expression_mean_differently_is_refused():
    other = sp.Symbol("epsilon", real=True)
    with pytest.raises(LatexError, match="ambiguous"):
        parse(r"2\epsilon", derived=other)


def test_no_sympify_no_eval():
    """Python-looking text is refused by the grammar: nothing is evaluated."""
    for payload in ("__import__('os').system('touch /tmp/symdp-pwned')", "lambda: 1", "eval('1')",
                    r"\input{/etc/passwd}", "exec(\"import os\")", "().__class__"):
        with pytest.raises(SymdpError):
            parse(payload)


def test_parse_time_per_formula():
    """A seed formula (Liu et al. Eq. 12) parses in well under 100 ms once the grammar is built."""
    text = (r"\begin{cases} \frac{1+\beta^2}{2+\beta^2}, & \epsilon < \log(1+\beta^2) \\ \frac{(1+\beta^2)"
            r"(\sqrt{1+4\beta^2e^\epsilon}-1)}{(1+\beta^2)\sqrt{1+4\beta^2e^\epsilon}-1+\beta^2}, & \epsilon \geq "
            r"\log(1+\beta^2) \end{cases}")
    parse(text)
    started = time.process_time()
    for _ in range(5):
        parse(text)
    assert (time.process_time() - started) / 5 < 0.5


def test_hostile_sizes_are_refused_in_one_line():
    from symdp.latex import NOTATION as table
    for text in ("(" * 5000 + "x" + ")" * 5000, r"\frac{" * 3000 + "1" + "}{2}" * 3000):
        with pytest.raises(SymdpError):
            parse(text)
    with pytest.raises(SymdpError, match="recursive"):
        parse(r"\a", table.extend(macros={r"\a": r"\a\a"}))
