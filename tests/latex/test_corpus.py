"""The real-paper corpus: every display row of public DP LaTeX is read as its source means it, or refused.

The rows (tests/fixtures/corpus/rows.py, and heldout_rows.py, heldout2_rows.py, heldout3_rows.py, heldout4_rows.py and
heldout5_rows.py from other sources, which the parser's author does not read) carry their meaning written by hand.  One test item per row: a
MISREAD (read, but not as meant, or read where it must be refused) or a CRASH fails it; a refusal passes it.  Then,
per file, no row is misread and at least 90 % of the rows that state a closed form must MATCH (a file short of it is
listed in BELOW_TARGET with its measured figure, a strict expected failure).  ``pytest -s`` prints the tally;
``python tests/fixtures/corpus/summarize.py`` lists the failing rows.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "corpus"
sys.path.insert(0, str(CORPUS))

from compare import judge  # noqa: E402
from summarize import TARGET, load, report, tally  # noqa: E402

FILES = ("rows", "heldout_rows", "heldout2_rows", "heldout3_rows", "heldout4_rows", "heldout5_rows", "heldout6_rows",
         "heldout7_rows", "heldout8_rows", "heldout9_rows", "heldout10_rows", "heldout11_rows", "heldout12_rows",
         "heldout13_rows", "heldout14_rows", "heldout15_rows", "heldout16_rows", "heldout17_rows",
         "heldout18_rows", "heldout19_rows", "heldout20_rows", "heldout21_rows", "heldout22_rows", "heldout23_rows",
         "heldout24_rows", "heldout25_rows", "heldout26_rows", "heldout27_rows", "heldout28_rows", "heldout29_rows",
         "heldout30_rows", "heldout31_rows", "heldout32_rows",
         "heldout33_rows", "heldout34_rows", "heldout35_rows",
         "heldout36_rows", "heldout37_rows", "heldout38_rows", "heldout39_rows", "heldout40_rows",
         "heldout41_rows", "heldout42_rows", "heldout43_rows", "heldout44_rows", "heldout45_rows", "heldout46_rows",
         "heldout47_rows", "heldout48_rows", "heldout49_rows", "heldout50_rows", "heldout51_rows", "heldout53_rows",
         "heldout54_rows", "heldout55_rows", "heldout56_rows", "heldout57_rows", "heldout58_rows", "heldout59_rows",
         "heldout60_rows", "heldout61_rows", "heldout62_rows")
HELDOUT = ("heldout_rows", "heldout2_rows", "heldout3_rows", "heldout4_rows", "heldout5_rows", "heldout6_rows",
           "heldout7_rows", "heldout8_rows", "heldout9_rows", "heldout10_rows", "heldout11_rows", "heldout12_rows",
           "heldout13_rows", "heldout14_rows", "heldout15_rows", "heldout16_rows", "heldout17_rows",
         "heldout18_rows", "heldout19_rows", "heldout20_rows", "heldout21_rows", "heldout22_rows", "heldout23_rows",
         "heldout24_rows", "heldout25_rows", "heldout26_rows", "heldout27_rows", "heldout28_rows", "heldout29_rows",
         "heldout30_rows", "heldout31_rows", "heldout32_rows",
         "heldout33_rows", "heldout34_rows", "heldout35_rows",
         "heldout36_rows", "heldout37_rows", "heldout38_rows", "heldout39_rows", "heldout40_rows",
         "heldout41_rows", "heldout42_rows", "heldout43_rows", "heldout44_rows", "heldout45_rows", "heldout46_rows",
         "heldout47_rows", "heldout48_rows", "heldout49_rows", "heldout50_rows", "heldout51_rows", "heldout53_rows",
         "heldout54_rows", "heldout55_rows", "heldout56_rows", "heldout57_rows", "heldout58_rows", "heldout59_rows",
         "heldout60_rows", "heldout61_rows", "heldout62_rows")
ROWS = {name: load(name) for name in FILES if (CORPUS / f"{name}.py").exists()}
_SEEN: dict = {}


def outcome(name: str, k: int):
    """The outcome of row ``k`` of ``name``, judged once per session."""
    if (name, k) not in _SEEN:
        _SEEN[(name, k)] = judge(ROWS[name][k])
    return _SEEN[(name, k)]


MISREAD_BLIND: dict = {
    "heldout61_rows": ((1,),
                       "measured blind at 5c47aa6 (with the review's fixes): 11/16 with 3 misread (README.md), this "
                       "one "
                       "left as it stands: p(\\mathcal{D}|h) \\triangleq (1/\\text{size}(h))^N = (1/|h|)^N is read as "
                       "defining a function p of D and h (the convention of heldout36's f(x \\mid \\mu, b)), where the "
                       "blind meaning refuses the book's one letter p for every distribution"),
    "heldout50_rows": ((18, 19),
                       "read since 2026-12-07 (\\ln 1 / \\delta is read as the log of the quotient; the rows were "
                       "refused on it before), left as it stands: the notes' P g, P_n g (a distribution applied to a "
                       "function, the expectation of g under P) are read as products; nothing in the rows says so "
                       "(\\varepsilon_n(\\mathcal{G}, P) takes P as an argument, as T(n) <= c n takes n)"),
    "heldout53_rows": ((16,),
                       "measured blind at 88121bd: 1/6 with 1 misread (README.md), left as it stands: \\log \\frac{a}{b} "
                       "= \\log(a) - \\log(b) is read with the natural log, where the chapter says once, far from the "
                       "row, that it always uses base 2 (the row's prose does not hold the sentence); the identity holds "
                       "in every base"),
    "heldout54_rows": ((39,),
                       "measured blind at 88121bd: 27/39 with 1 misread (README.md), left as it stands: SSE(\\beta_0, "
                       "\\dots, \\beta_p) = \\sum_i (...)^2 is read as defining SSE(...) (its right side read, the defined "
                       "side never compared), where the blind meaning refuses a call on a list written with \\dots"),
    "heldout49_rows": ((52, 53, 56, 62, 63, 71, 73, 93, 95),
                       "measured blind at 27d6a83: 8/12 with 5 misread (README.md), left as they stand: sums written "
                       "x_{1} + x_{2} + \\cdots + x_{N} (the sample mean and standard deviation, repeated in the "
                       "book's margins) are read as the sum from 1 to N, the plain pattern the ellipsis rule reads "
                       "(rewrite.py; heldout51's meanings read them so); the blind meaning refuses every \\cdots sum "
                       "(heldout34's convention)"),
    "heldout42_rows": ((80,),
                       "measured blind at aea4363: 12/21 with 1 misread (README.md), left as it stands: "
                       "\\operatorname{Vol}(K)^{2/d} is read as the value of the paper's own operator Vol at K (a call, "
                       "the product the row states), where the blind meaning refuses a set function the row does not "
                       "define"),
    "heldout40_rows": ((2,),
                       "measured blind at 41faa90: 11/15 with 1 misread (README.md), left as it stands: the row "
                       "p_\\beta(\\texttt{H}) p_\\beta(\\texttt{H}) p_\\beta(\\texttt{T}) p_\\beta(\\texttt{H}) is read as "
                       "four values of the function p_beta, p_beta(H)**3*p_beta(T), the product the row states; the "
                       "blind meaning refuses probabilities of outcomes (heldout30/32/34's convention for Pr)"),
    "heldout30_rows": ((10, 11, 18),
                       "measured blind at fe26365 with 14 misread (README.md); eleven are now read right or refused "
                       "(\\pi a probability: read as a quantity by the glossary line '$\\pi$ : True probability of A', "
                       "refused at 1 - \\pi with no sentence; \\delta(x - x_i) the Dirac delta by its sentence; H of "
                       "a mixture of laws f_i). Left: two continuation rows of an aligned block with no sentence and no "
                       "1 - \\pi (-2\\pi^2 + 2\\pi - 1/2, (\\pi - 1/2)^2), read with the number pi, which only the "
                       "text says is a proportion; and, by the deliberate rule of heldout28, a ratio of upright words "
                       "(\\text{MSE Ratio}) read as an equation between named quantities"),
    "heldout28_rows": ((75, 77),
                       "measured blind on 2026-12-06 at e31daf4 with 2 misread (README.md). Left, by a deliberate rule "
                       "(upright words in math are one name each, as heldout26's slope, rise, run): Bayes' rule in "
                       "words, \\textnormal{posterior} = \\textnormal{prior} x \\textnormal{likelihood} / "
                       "\\textnormal{marginal likelihood} and its odds form, read as the equations they write between "
                       "named quantities, where the blind meaning takes a rule in words for no closed form"),
    "heldout25_rows": ((98,),
                       "measured blind at cc10895 with 4 misread (README.md); three are now refused (Corr(x_t, "
                       "x_{t-k}) alone, row 35; an indicator before parentheses, row 54; a statement after "
                       "'although', row 67). Left, by a deliberate rule: \\overbrace{X}^{\\text{note}} is read as X "
                       "(rewrite._braces, test_captions_and_primes), so the schematic conjugacy p_beta . f_alpha(X) = "
                       "p_beta' (braces of the words prior, data, posterior) is read as the equation it writes, "
                       "where the blind meaning refuses it as schematic"),
    "heldout24_rows": ((1, 27, 45),
                       "measured blind on 2026-12-06 at d16a70c with 7 misread (README.md); five are now read right or "
                       "refused (\\gamma declared the Euler-Mascheroni constant by the sentence after the display, rows "
                       "22, 29, 32; italic 'where' typed in math mode, row 78; \\zeta{(s)} as \\zeta(s), row 108). "
                       "Left: \\operatorname{li} read as an undeclared function li in Li(x) = li(x) - li(2) (row 27), "
                       "where the blind meaning takes SymPy's logarithmic integral that another docstring of the file "
                       "defines; B(a,1) = 1/a (row 1) read as the definition of B(a,1), which compare cannot drop as "
                       "the defined side (its _namelike accepts a call of names only): the harness's, or a property "
                       "of the Beta function read as a definition; likewise \\psi(x) := ... (row 45, since primes "
                       "read as derivatives where the text speaks of them), whose ':=' defines psi(x), which the blind "
                       "meaning writes polygamma(0, x)"),
    "heldout22_rows": ((66, 97),
                       "measured blind on 2026-12-06 at 639d9f7 with 4 misread (README.md); one was the harness's "
                       "(symdp's Phi against the meaning's erf form), one is now refused (two definitions run together "
                       "in one row). Left: a three-argument \\text{normal_cdf}(...) read as an undeclared function, "
                       "where the blind meaning refuses it; an AR recursion x_t = rho_0 + rho_1 x_{t-1} + \\ldots + "
                       "rho_p x_{t-p} + epsilon_t read with the elided sum it abbreviates, where the blind meaning "
                       "refuses every \\ldots"),
    "heldout21_rows": ((17, 30),
                       "measured blind on 2026-12-06 at 7cbee03 with 6 misread (README.md); four are now refused or "
                       "read right. Left, by conventions a formula cannot show: h_t = \\omega + [1 - \\beta L - (1 - "
                       "\\phi L)(1 - L)^d] \\epsilon_t^2 + ... read with L a name, where the prose makes it the lag "
                       "operator; \\Omega = \\Gamma_0 + \\Lambda_1 + \\Lambda_1^\\prime read with a primed name (as "
                       "\\epsilon' in DP papers), where the prose makes it a transpose"),
    "heldout19_rows": ((93,),
                       "measured blind on 2026-12-05 at 94bcf00 with 2 misread (README.md); dx before a sum is now "
                       "refused. Left: b_i = ... \\ln(g(x_{r_i})/g(x_{s_i})) read with x_{r_i} the member of x at index "
                       "r_i, where the docstring's prose makes it the sub-composition of the parts r_i tags (a vector "
                       "the formula cannot show) and the blind meaning refuses it"),
    "heldout4_rows": ((11,),
                      "read since 2026-12-05 (a function's argument in sized brackets, \\Phi^{-1}\\left[...\\right], is "
                      "its argument): a tumult-core docstring's quantile formula read with \\Phi the standard normal CDF, "
                      "as symdp's notation declares it, where the blind meaning refuses every special function its "
                      "source does not declare; refused before only by the brackets"),
    "heldout9_rows": ((45, 65),
                      "measured blind on 2026-12-03 after dea8935 with 8 rows misread (README.md); 6 are now refused. "
                      "Left: row 45 expands sigma(z) to the logistic sigmoid its sentence declares, where the meaning "
                      "keeps an undeclared call sigma(z); row 65 reads a plain gamma where the meaning has Euler's "
                      "constant, which only the code (euler_gamma), not the text, says"),
    "heldout17_rows": ((17,),
                       "measured blind on 2026-12-05 at 757ab83 with 4 misread (README.md); 3 are now refused. Left: row "
                       "17, X^{(N)} = \\sum_{i=1}^N X_i, read as the definition of the name X^{(N)} (its value the sum), "
                       "where the meaning refuses the superscript index as heldout5 does"),
    "heldout13_rows": ((112, 113, 118, 119, 120),
                       "measured blind on 2026-12-04 at 126472f: 9/21 with 2 misread and 3 crashes (README.md), all "
                       "fixed. Left, by a disagreement of conventions: five align rows opened by \\implies "
                       "(c'_i + (r^* + 1) > c'_j + r_j) are read as the relation that follows, as rows.py row 446 and "
                       "heldout4's row 125 are (Display.consequence marks them; symdp paper --standalone does not check "
                       "them alone); the blind meaning refuses every row opened by an implication"),
    "heldout15_rows": ((60,),
                       "measured blind on 2026-12-05 at 3cf8153 with 13 misread (README.md); 12 are now refused or "
                       "read right. Left, by a disagreement of conventions: M(x) = f(x) + \\zeta is read as the "
                       "definition of a function M (what the row says), where the blind meaning refuses a mechanism's "
                       "noisy release; the noise \\zeta is a letter only the paragraph calls random"),
}
"""Held-out files registered with the misreadings of their blind measurement, not yet fixed: those rows' items and the
file's no-misread test are strict expected failures, so a fix (or a misreading elsewhere in the file, which fails its own
row) asks for the entry to be updated.  The parser's author removes an index once that row is refused or read right."""


def _items():
    for name, rows in ROWS.items():
        known, why = MISREAD_BLIND.get(name, ((), ""))
        for k, row in enumerate(rows):
            marks = [pytest.mark.xfail(reason=why, strict=True)] if k in known else []
            yield pytest.param(name, k, id=f"{name}:{row.id}", marks=marks)


@pytest.mark.parametrize("name,k", list(_items()))
def test_row_is_read_as_meant_or_refused(name, k):
    got = outcome(name, k)
    ok = got.kind in ("MATCH", "REFUSED")
    if name in HELDOUT:  # its content is kept from the parser's author: say only which row and how
        kind = str(got.kind)
        del got
        assert ok, f"held-out row {k} ({ROWS[name][k].id}): {kind}"
        return
    row = ROWS[name][k]
    assert ok, f"{got.kind}: {row.latex}\n  -> {got.detail}"


BELOW_TARGET: dict = {  # heldout7 left it on 2026-12-03 at 44/48 (measured blind 30/48 with 7 misread; README.md)
    # heldout11 left it with heldout26's limits (57/63 = 90 %: its \lim_{\alpha \to 1} row)
    # heldout17 (45/48) left it on 2026-12-07 with integrands written with \cdot (README.md)
    "heldout34_rows": "21/25 = 84 % of the closed-form rows read as meant (a third column holding a relation, "
                      "'&(\\sqrt{n/p} \\le n)', and a justification '(for odd $k$, ...)' refused: a condition or a fact "
                      "used?; \\tikz labels refused), 0 misread; measured blind at 2701005: 21/25 = 84 % with 3 misread "
                      "(README.md)",
    "heldout53_rows": "2/6 = 33 % of the closed-form rows read as meant (P(x) probabilities, \\sum_{1 \\le x \\le 32} "
                      "with its range as a condition refused; siunitx's \\num read since 2026-12-07), 1 misread "
                      "(MISREAD_BLIND); measured blind at 88121bd: 1/6 with 1 misread (README.md)",
    "heldout54_rows": "27/39 = 69 % of the closed-form rows read as meant (acronyms SSE, SST, df_R, model labels R:, "
                      "\\widehat{Cov}(X,Y) refused), 1 misread (MISREAD_BLIND); measured blind at 88121bd: 27/39 with 1 "
                      "misread (README.md)",
    "heldout3_rows": "57/64 = 89 % of the closed-form rows read as meant (left the target on 2026-12-07: '\\sum_{i = "
                     "1}^{m} 2R', a sum of a term without the index, refused since heldout56's reviews; "
                     "measured blind: README.md)",
    "heldout4_rows": "101/116 = 87 % of the closed-form rows read as meant, 1 misread (MISREAD_BLIND; left the target "
                     "on 2026-12-07: eight rows of a proof summing the bound \\frac{(b-a)^2}{4} over i, a sum of a term "
                     "without the index, refused since heldout56's reviews: constants, or quantities of i with the "
                     "index left out?; measured blind: README.md)",
    "heldout60_rows": "8/14 = 57 % of the closed-form rows read as meant (Kato's /2\\sigma^2 slashes, rows broken "
                      "mid-member refused), 0 misread; measured blind at 5c47aa6 with the review's fixes: 8/14 with 1 "
                      "misread (README.md)",
    "heldout61_rows": "11/16 = 69 % of the closed-form rows read as meant (B(a, b) with its notation table far away, "
                      "Bb(x|a,b,M) refused), 1 misread (MISREAD_BLIND); measured blind at 5c47aa6 with the review's "
                      "fixes: 11/16 with 3 misread (README.md)",
    "heldout62_rows": "19/34 = 56 % of the closed-form rows read as meant (\\eps_{\\mathrm{account}}(\\delta) calls, "
                      "statements joined by \\qquad refused), 0 misread; measured blind at 5c47aa6 with the review's "
                      "fixes: 19/34 with 5 misread (README.md)",
    "heldout56_rows": "8/18 = 44 % of the closed-form rows read as meant (rows ending with \\Longleftrightarrow, "
                      "equations set in \\mathbf{...}, a(...) beside plain a refused), 0 misread; measured blind at "
                      "088eb0a: 7/18 with 0 misread (README.md)",
    "heldout57_rows": "3/4 = 75 % of the closed-form rows read as meant (f''(1 + tu), a primed call, refused), 0 "
                      "misread; measured blind at 088eb0a: 3/4 with 0 misread (README.md)",
    "heldout58_rows": "10/17 = 59 % of the closed-form rows read as meant (conditionals L(H_0 | r), the course's own "
                      "Q(...), sequences h[n] refused), 0 misread; measured blind at 088eb0a: 10/17 with 0 misread "
                      "(README.md)",
    "heldout59_rows": "14/20 = 70 % of the closed-form rows read as meant (\\Lambda_\\xi(\\lambda) Greek calls, C' t, "
                      "the run tCk refused), 0 misread; measured blind at 088eb0a: 14/20 with 0 misread (README.md)",
    "heldout55_rows": "12/19 = 63 % of the closed-form rows read as meant (ai + b with i an index, \\operatorname{mod} "
                      "without parentheses, a statement after \\text{using} refused), 0 misread; measured blind at "
                      "88121bd: 12/19 with 0 misread (README.md)",
    "heldout50_rows": "8/12 = 67 % of the closed-form rows read as meant (N_2(\\varepsilon, G, n) with G a function "
                      "letter, L_{n+1}(w) a family member or a product?, G^{2}(z) a power of a function, a remark "
                      "\\text{ implying ...} refused), 2 misread (MISREAD_BLIND); measured blind at 27d6a83: 8/12 = 67 % with 0 misread "
                      "(README.md)",
    "heldout48_rows": "0/1 of the closed-form rows read as meant (Adv, an italic word, refused with no sentence naming "
                      "it), 0 misread; measured blind at d855dd3: 0/1 with 0 misread (README.md)",
    "heldout44_rows": "6/7 = 86 % of the closed-form rows read as meant (\\eta(s \\mid x), a density written with a "
                      "Greek letter, refused as a conditional probability), 0 misread; measured blind at 5780dd1: 6/7 "
                      "= 86 % with 2 misread (README.md)",
    "heldout45_rows": "10/22 = 45 % of the closed-form rows read as meant (\\forall statements, \\equiv, products "
                      "\\prod_i^N with no start, \\text{pow}_T(i) families refused), 0 misread; measured blind at "
                      "5780dd1: 10/22 = 45 % with 0 misread (README.md)",
    "heldout46_rows": "21/30 = 70 % of the closed-form rows read as meant (integrals without their differential, "
                      "\\phi(...) without a sentence, a justification holding a relation refused), 0 misread; "
                      "measured blind at 5780dd1: 19/30 = 63 % with 0 misread (README.md)",
    "heldout47_rows": "26/36 = 72 % of the closed-form rows read as meant (partial derivatives of bare names beside "
                      "others, f_\\theta(x) standing alone, a row ending with \\Leftrightarrow refused), 0 misread; measured blind at 5780dd1: 25/36 = 69 % "
                      "with 3 misread (README.md)",
    "heldout43_rows": "2/3 = 67 % of the closed-form rows read as meant (\\imath_X, a macro of the notes' own, "
                      "refused), 0 misread; measured blind at aea4363: 2/3 = 67 % with 1 misread (README.md)",
    "heldout40_rows": "13/15 = 87 % of the closed-form rows read as meant (beta twice in a product with a factor "
                      "between, \\sigma(z) refused; rows opened by \\Longleftrightarrow & read since 2026-12-07), 1 misread "
                      "(MISREAD_BLIND); "
                      "measured blind at 41faa90: 11/15 = 73 % with 1 misread (README.md)",
    "heldout41_rows": "17/21 = 81 % of the closed-form rows read as meant (proof steps \\overset{(a)}{\\le} read "
                      "since 2026-12-07; \\max in a nested subscript, a remark after \\text{, since } refused), 0 "
                      "misread; measured blind at 41faa90: 14/21 = 67 % with 2 misread (README.md)",
    "heldout38_rows": "6/17 = 35 % of the closed-form rows read as meant (divergences of measures B_\\alpha(\\mu, \\nu) "
                      "inside kl(...) and h_2(...) not a formula, \\mathcal{B}_\\xi(\\mu, \\nu) calls refused), 0 misread; "
                      "measured blind at a4661ab: 6/17 = 35 % with 1 misread (README.md)",
    "heldout39_rows": "18/22 = 82 % of the closed-form rows read as meant (\\text{padding}[0] refused), 0 misread; "
                      "measured blind at a4661ab with the \\pi rule (then uncommitted): 18/22 = 82 % with 0 "
                      "misread (README.md)",
    "heldout30_rows": "19/27 = 70 % of the closed-form rows read as meant (expectations, sums with no range, "
                      "\\cdots products, superscript labels refused), 3 misread (MISREAD_BLIND); measured blind at "
                      "fe26365: 12/27 = 44 % with 14 misread (README.md)",
    "heldout35_rows": "4/6 = 67 % of the closed-form rows read as meant (a \\forall statement, 1.(1 - \\beta) refused), 0 "
                      "misread; measured blind at 8ee2c1a: 1/6 = 17 % with 0 misread (README.md)",
    "heldout33_rows": "38/44 = 86 % of the closed-form rows read as meant (KL[P || Q] as a member, "
                      "p_1^x refused; integrands written with \\cdot read since 2026-12-07, x(t - \\lambda) under "
                      "\\int ... dx since a later session), 0 misread; measured blind at "
                      "c7ea112: 28/44 = 64 % with 3 misread (README.md)",
    "heldout31_rows": "29/42 = 69 % of the closed-form rows read as meant (acronyms TP/FN, tp \\times tn, sums with no "
                      "range, set sizes |U| refused), 0 misread; measured blind at 57ce701: "
                      "21/42 = 50 % with 7 misread (README.md)",
    "heldout29_rows": "35/45 = 78 % of the closed-form rows read as meant (order statistics x_{(i)}, h_{i,j}(...) "
                      "refused; F(x) a call since 2026-12-07; two sums over i of terms in j, the source's slip, refused "
                      "as sums of terms without the index since heldout56's reviews), 0 misread; measured blind at 9bb71e3: "
                      "27/45 = 60 % with 4 misread, \\mathbb{E} |X - y| read as a product (README.md)",
    "heldout27_rows": "16/21 = 76 % of the closed-form rows read as meant, 0 misread; measured blind at e31daf4: 7/21 = "
                      "33 % with 7 misread, six of them the harness's naming of pi[g, y] against \\pi_{gy} (README.md)",
    "heldout28_rows": "21/29 = 72 % of the closed-form rows read as meant (p(x | \\theta) calls, \\propto rows, the "
                      "binomial written as a one-column array refused; asides \\textnormal{ (the posterior mean)} "
                      "dropped since 2026-12-07), 2 misread (MISREAD_BLIND); measured blind at "
                      "e31daf4: 18/29 = 62 % with 2 misread (README.md)",
    "heldout26_rows": "100/129 = 78 % of the closed-form rows read as meant (limits read since heldout26, primes "
                      "as derivatives where the text speaks of them since 2026-12-07; two justifications that state a "
                      "condition refused since the second review of 2026-12-07), 0 misread; "
                      "measured blind at aef6397: 27/129 = 21 % with 0 misread (README.md)",
    "heldout25_rows": "31/36 = 86 % of the closed-form rows read as meant, 1 misread (MISREAD_BLIND); measured blind "
                      "at cc10895: 28/36 = 78 % with 4 misread (README.md)",
    "heldout24_rows": "67/101 = 66 % of the closed-form rows read as meant (\\Gamma(1 - \\nu, z) declared by its "
                      "sentence's '(``uppergamma``)' aside since heldout25; upright B(a, b) and \\Gamma(s, x) refused: "
                      "a ball, a paper's bound, a Gamma distribution), 3 misread (MISREAD_BLIND); measured blind "
                      "on 2026-12-06 at d16a70c: 61/101 = 60 % with 7 misread (README.md)",
    "heldout23_rows": "38/53 = 72 % of the closed-form rows read as meant, 0 misread; measured blind on 2026-12-06 at "
                      "31c7841: 35/53 = 66 % with 3 misread (README.md)",
    "heldout22_rows": "57/69 = 83 % of the closed-form rows read as meant, 2 misread (MISREAD_BLIND); measured blind "
                      "on 2026-12-06 at 639d9f7: 55/69 = 80 % with 4 misread (README.md)",
    "heldout8_rows": "55/63 = 87 % of the closed-form rows read as meant, 0 misread (measured blind on 2026-12-03 "
                     "at 8b44b11: 47/63 with 6 misread; README.md)",
    "heldout9_rows": "41/53 = 77 % of the closed-form rows read as meant (a cases branch on alpha = -1 refused since "
                     "2026-12-05: never true under the notation's alpha > 0), 2 misread (MISREAD_BLIND); measured blind on "
                     "2026-12-03 after dea8935 with the working tree's uncommitted symdp/latex changes of that time: "
                     "37/53 = 70 % with 8 misread (34/53 = 64 % at b49abfe alone; README.md)",
    "heldout12_rows": "30/50 = 60 % of the closed-form rows read as meant, 0 misread (the last two refused on "
                      "2026-12-05: \\mathbb{N} from 0 or 1, c_i beside c_1); measured blind on "
                      "2026-12-04 at fd89ba5: 20/50 = 40 % with 4 misread (README.md)",
    "heldout13_rows": "14/21 = 67 % of the closed-form rows read as meant, 5 misread by the blind meanings' convention "
                      "for a leading \\implies (MISREAD_BLIND); measured blind on 2026-12-04 at 126472f: 9/21 = 43 % "
                      "with 2 misread and 3 crashes (README.md)",
    "heldout14_rows": "17/25 = 68 % of the closed-form rows read as meant (with the source's macros, PREAMBLE; "
                      "\\bar{X}_n after \\eqcolon, the name defined, refused since a later session), 0 "
                      "misread; measured blind on 2026-12-05 at 4a53bb7: 6/25 = 24 % with 3 misread read bare, 13/25 "
                      "= 52 % with 6 misread once the macros were expanded (README.md)",
    "heldout15_rows": "17/27 = 63 % of the closed-form rows read as meant, 1 misread (MISREAD_BLIND); measured blind on "
                      "2026-12-05 at 3cf8153: 3/27 = 11 % with 13 misread (README.md)",
    "heldout19_rows": "42/47 = 89 % of the closed-form rows read as meant (nx_i beside a lone n read since 2026-12-07), "
                      "1 misread (MISREAD_BLIND); measured blind on "
                      "2026-12-05 at 94bcf00: 39/47 = 83 % with 2 misread (README.md)",
    "heldout20_rows": "22/35 = 63 % of the closed-form rows read as meant, 0 misread; measured blind on 2026-12-06 at "
                      "a2a9d4a: 19/35 = 54 % with 8 misread (README.md)",
    "heldout18_rows": "27/37 = 73 % of the closed-form rows read as meant (\\beta declared by 'the beta function "
                      "(see ...)' since heldout25), 0 misread (four lmfit line shapes with "
                      "{2\\sigma}^2, printed 2 sigma squared and grouped (2 sigma) squared, refused); measured blind on "
                      "2026-12-05 at 48ca91c: 19/37 = 51 % with 4 misread (README.md)",
}
"""Files whose coverage is short of TARGET, with the measured figure: an expected failure that must fail (strict),
so reaching the target turns it into an error that asks for the entry to be removed.  Misreadings are never here."""


def _outcomes(name: str) -> tuple:
    rows = ROWS[name]
    outcomes = [outcome(name, k) for k in range(len(rows))]
    print("\n" + report(name, rows, outcomes, details=False))
    return tally(rows, outcomes)


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(reason=MISREAD_BLIND[n][1], strict=True))
                                  if n in MISREAD_BLIND else n for n in ROWS])
def test_no_row_is_misread(name):
    t = _outcomes(name)
    assert t.misread == 0 and t.crashed == 0, f"{t.misread} misread, {t.crashed} crashed rows in {name}"


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(reason=BELOW_TARGET[n], strict=True))
                                  if n in BELOW_TARGET else n for n in ROWS])
def test_closed_form_rows_mostly_match(name):
    t = _outcomes(name)
    assert t.rate >= TARGET, f"{name}: {t.closed_matched}/{t.closed} closed-form rows read as meant"


def test_corpus_is_large_and_varied():
    rows = ROWS["rows"]
    assert len(rows) >= 150
    assert len({r.repo for r in rows}) >= 2
    keys = [(r.repo, r.path, r.line, r.latex) for r in rows]
    assert len(keys) == len(set(keys)), "a row is listed twice"
