"""The report's printer, prose and line breaking (fast: no LaTeX run)."""
import re

import sympy as sp

from symdp.engine.model.records import Outcome, Source, Step, Witness
from symdp.engine.model.records import DerivationResult
from symdp.engine.model.status import Status
from symdp.report import display, papers, prose, render, views
from symdp.report.latex import math, tex
from symdp.special import Phi
from symdp.symbols import QDp, alpha, beta, delta, dQ, eps, kappa, sigma, theta, x


def test_text_is_escaped_and_math_kept():
    assert tex("50% of snake_case_name & {c} in file_name.txt") == \
        r"50\% of snake\_case\_name \& \{c\} in file\_name.\allowbreak{}txt"
    assert tex(r"at $\theta \ge Q(D')$ in my_file.py") == r"at $\theta \ge Q(D')$ in my\_file.\allowbreak{}py"
    assert tex("a $ b") == r"a \$ b"  # unbalanced dollar: plain text


def test_math_uses_project_names():
    assert math(eps / dQ + QDp) == r"Q(D') + \frac{\epsilon}{\Delta Q}"


def test_normal_cdf_and_quantile_are_phi():
    """Liu et al. (2019), Thm 6: theta = Phi^{-1}(1 - alpha) sigma + Q(D'), not erfcinv."""
    assert math(sp.erfc(sp.sqrt(2) * x / 2) / 2) == r"\Phi\left(- x\right)"
    shown = math(QDp - sp.sqrt(2) * sigma * sp.erfcinv(2 - 2 * alpha))
    assert shown == r"Q(D') + \sigma \Phi^{-1}\left(1 - \alpha\right)" and "erf" not in shown
    assert math(1 - sp.erfc(sp.sqrt(2) * (theta - QDp) / sigma / 2) / 2) == \
        r"\Phi\left(\frac{\theta - Q(D')}{\sigma}\right)"
    assert math(Phi(x)) == r"\Phi\left(x\right)"


def test_log_one_point_two_five_over_delta_stays_grouped():
    """Dwork and Roth (2014), Thm A.1: sigma = sqrt(2 log(1.25/delta)) Delta Q / epsilon."""
    shown = math(sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta)) * dQ / eps)
    assert r"\sqrt{2 \log\left(1.25/\delta\right)}" in shown


def test_neighbouring_outputs_read_as_q_of_d():
    assert math(sp.exp(eps * (QDp + dQ - theta) / dQ)) == r"e^{\epsilon \left(Q(D) - \theta\right) / \Delta Q}"


def test_numbers_have_six_figures_and_powers_of_ten():
    assert display.math(sp.Float("1e-5")) == "10^{-5}"
    assert math(sp.Float("0.17563936464993592658")) == "0.175639"
    assert prose.number("6.7e+146") == r"6.7 \cdot 10^{146}"
    assert prose.number("1.0") == "1" and prose.number("-0.000012345678") == r"-1.23457 \cdot 10^{-5}"


def test_prose_puts_ascii_mathematics_in_math_mode():
    text = tex("at Delta_Q=1.0, epsilon=164: 0.17563936464993592658 vs 1e-05; x >= t; F*_beta <= 0.5; G_mu")
    assert r"$\Delta Q = 1$" in text and r"$\epsilon = 164$" in text
    assert "$0.175639$" in text and "$10^{-5}$" in text and r"$x \ge t$" in text
    assert r"$F^*_{\beta} \le 0.5$" in text and r"$G_{\mu}$" in text
    assert ">=" not in text and "<=" not in text and "1e-05" not in text and "$$" not in text
    caption = tex("epsilon = 1, Delta Q = 1, Q(D') = 0 (chosen); P_FA")
    assert caption == r"$\epsilon = 1$, $\Delta Q = 1$, $Q(D') = 0$ (chosen); $P_{FA}$"


def test_the_validated_forms_identities_read_in_the_papers_notation():
    """The Mills and shifted forms' details (symdp.engine.validated) state their identities in ASCII."""
    mills = tex("normal tails written with the Mills ratio, erfc(z) = sqrt(2/pi) e^(-z^2) Mills(sqrt(2) z) and "
                "Phi(z) = phi(z) Mills(-z) (A&S 26.2.12)")
    assert r"$\Phi(-z) = \varphi(z)\,\mathrm{Mills}(z)$" in mills and "erfc" not in mills
    shifted = tex("every e^(k x) written (1 + x exprel(x))^k and expanded; with e^x = 1 + x exprel(x)")
    assert r"$(1 + x\,\mathrm{exprel}(x))^k$" in shifted and "textasciicircum" not in shifted


def test_a_region_read_through_an_inverse_reads_as_phi_inverse():
    """The detail of a region read through v = erfcinv(...) (symdp.engine.regions), as the engine writes it."""
    import sympy as sp
    from symdp.engine import regions
    text = tex(regions._proved(None, sp.Symbol("a"), [[(7, [regions.THROUGH + "x"])]]).detail)
    assert "erfc" not in text and r"$v$, a constant multiple of $\Phi^{-1}$ of a linear function" in text
    assert r"$P - Q \ge 0$ as $\log P - \log Q$" in text and "textgreater" not in text


def test_witness_is_set_in_math():
    w = Witness((("epsilon", "1.0"), ("Delta_Q", "2.0")), "0.17563936464993592658", "0.6967346701436832882")
    assert prose.witness(w) == r"at $\epsilon = 1,\ \Delta Q = 2$: $0.175639$ vs $0.696735$"
    assert prose.witness(Witness((), "1", "2")) == r"$1$ vs $2$"   # no variables: no empty "at $$"


def _balanced(line: str) -> bool:
    return len(re.findall(r"\\left(?![a-z])", line)) == len(re.findall(r"\\right(?![a-z])", line))


def test_long_equations_break_into_balanced_lines():
    terms = sum(sp.exp(k * eps) * beta**k / (k + kappa) for k in range(1, 9))
    found = display.lines(r"F", "=", terms / (1 + beta**2 + kappa * sp.exp(eps)), limit=40)
    assert len(found) >= 2
    assert all(display.width(line) <= 40 for line in found)
    assert all(_balanced(line) for line in found)
    short = display.lines("F", "=", beta + 1)
    assert short == [r"F = \beta + 1"]


def test_a_fraction_wide_above_and_below_breaks_both():
    top = sum(sp.exp(k * eps) * beta**k / (k + kappa) for k in range(1, 13))
    bottom = sum(sp.exp(-k * eps) * kappa**k / (k + beta) for k in range(1, 13))
    found = display.lines("F", "=", top / bottom, limit=40)
    assert sum(r"\Big/" in line for line in found) == 1 and len(found) >= 4
    assert all(display.width(line) <= 60 for line in found)
    assert all(_balanced(line) for line in found)


def _step(kind, exprs, relation="", claim_id="c", expect=None, status=Status.PROVED):
    return Step(kind, "", tuple(exprs), Outcome(status, "m"), claim_id, expect, 0.0, relation)


def _result(*trace):
    source = Source("000_0f0c1e9c4d2d1ce3.txt", "Sec. 4.1.2, Eq. 6")
    return DerivationResult("paper2019.thing", "A thing", source, trace)


def test_trivial_displays_are_left_out_and_sign_claims_keep_their_relation():
    r = _result(_step("define", [(r"\kappa", kappa)], claim_id=None),
                _step("sign", [("", sp.Integer(0)), ("", sp.Integer(0))], r"\ge"),
                _step("sign", [("", beta + 1), ("", sp.Integer(0))], ">", claim_id="pos"))
    shown = [v.displays for v in views.views(r)]
    assert shown[0] == [] and shown[1] == []
    assert shown[2] == [[r"\beta + 1 > 0"]]
    text = render.render_derivation(r)
    assert r"\label{symdp:paper2019.thing:pos}" in text and ": 0" not in text


def test_declared_findings_read_as_findings():
    r = _result(_step("printed", [(r"\text{printed}", beta), (r"\text{derived}", beta + 1)], claim_id="eq6",
                      expect=Status.ERRATUM, status=Status.ERRATUM))
    line = render._status_line(r)
    assert "FAILED" not in line and "declared" in line and "1 erratum" in line
    assert "(a declared finding)" in render.render_derivation(r)


def test_piecewise_cases_follow_the_printed_order():
    printed = sp.Piecewise((beta, theta >= QDp), (kappa, True))
    derived = sp.Piecewise((kappa + 0, theta < QDp), (beta, True))
    assert views._aligned(printed, derived).args == printed.args


def test_labels_and_file_names_are_portable():
    assert views.label("liu2019.fbeta-laplace", "table1:beta=0.5:F=0.55") == \
        "symdp:liu2019.fbeta-laplace:table1:beta-0.5:F-0.55"
    name = render._file(_result())
    assert ":" not in name and name == "paper2019-thing.tex"


def test_bibliography_holds_the_seeds():
    bib = papers.bibliography(["000_0f0c1e9c4d2d1ce3.txt", "003_0de8f9880065b2b9.txt"])
    assert "10.2478/popets-2019-0045" in bib and "Information Sciences" in bib
    assert papers.place("Sec. 4.1.3, Eq. 9") < papers.place("Sec. 4.3, Thm 6")


def test_identifiers_and_program_names_read_as_written():
    # arXiv ids are not numbers: 1805.06530 rounded to six figures cited another paper (arXiv:1805.07)
    assert tex("Balle and Wang 2018 (arXiv:1805.06530, Eq. 6); arXiv:2004.00010v2") == \
        "Balle and Wang 2018 (arXiv:1805.06530, Eq. 6); arXiv:2004.00010v2"
    assert tex("dp_accounting through compute_epsilon and RDP_laplace") == \
        r"dp\_accounting through compute\_epsilon and RDP\_laplace"
    assert tex("G_mu, P_FA, k_max") == r"$G_{\mu}$, $P_{FA}$, $k_{max}$"   # one-letter bases, short subscripts: math
    assert tex("(e^3.4 + 1)") == "(e$^{3.4}$ + 1)"


def test_negative_letter_and_parenthesised_powers_are_maths_not_carets():
    # the library tables printed e\textasciicircum{}-$\epsilon$ for e^-eps (dp-libraries-findings, autodp fdp_bank)
    assert tex("e^-eps (1 - a)") == r"e$^{-\epsilon}$ (1 - a)"
    assert tex("Phi^-1(a)") == "Phi$^{-1}$(a)"
    assert tex("p^a q^(1-a)") == "p$^{a}$ q$^{1-a}$"
    assert tex("min(1, e^((alpha - 1)(rho(alpha) - eps)))") == \
        r"min(1, e$^{(\alpha  - 1)(\rho (\alpha ) - \epsilon )}$)"
    assert tex("e^abc and a^(b*c)") == r"e\textasciicircum{}abc and a\textasciicircum{}(b*c)"   # not a power it can read


def test_a_skipped_derivation_says_why_and_lists_no_steps():
    # without the audit extra a library audit is skipped: an empty enumerate stopped latexmk
    result = DerivationResult("libraries.x", "X", Source("dp-libraries", "x 1.0"), (), 0.0,
                              skipped="x is not installed (pip install 'symdp[audit]')")
    page = render.render_derivation(result)
    assert r"\symdpstatus{SKIPPED}: x is not installed" in page and "0 of 0" not in page
    assert r"\begin{enumerate}" not in page


def test_a_nested_condition_reads_as_and_or():
    # ITE(c, a, b) of a nested Piecewise's condition: (c and a) or (not c and b), never \operatorname{ITE}
    shown = math(sp.Piecewise((x, sp.ITE(x < 1, theta < 2, theta < 3)), (theta, True)))
    assert "ITE" not in shown and r"\wedge" in shown and r"\vee" in shown
