"""What a paper states about a relation's domain is what the standalone check uses, found by a review of the reader
(2026-12-07): a condition column of an ``align`` row (``&& \\text{if } \\varepsilon \\le 1``) was dropped before the
row was read, and a side condition that reaches beyond symdp's assumption (``\\varepsilon \\ge 0`` with symdp's
positive epsilon; ``-1 \\le \\mu \\le 1``) was cut down to it, so that false claims were PROVED.

Oracles, by hand: log(1 + x) >= x/2 on (0, 1] (equal at 0, derivative 1/(1 + x) - 1/2 >= 0 there) and false at x = 10
(2.40 < 5); e^0 - 1 = 0, not > 0; Phi(-1) = 0.1587 < 1/2 (a normal table); beta x <= beta y fails at beta = -1, x = 0,
y = 1."""
import pytest

from symdp.latex import LatexError, display
from symdp.latex.document import read
from symdp.paper_standalone import check

BOUND = r"\log(1 + \varepsilon) &\ge \frac{\varepsilon}{2}"


def _checked(tmp_path, body: str, env: str = "equation") -> dict:
    (tmp_path / ".git").mkdir(exist_ok=True)
    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n\\begin{document}\n" + "".join(
        f"\\begin{{{env}}}\\label{{eq:{k}}} {row} \\end{{{env}}}\n" for k, row in enumerate(body))
        + "\\end{document}\n")
    return {r.label: r for r in check(paper).rows}


@pytest.mark.parametrize("column", [r"&& \text{if } \varepsilon \le 1", r"&& \text{when } \varepsilon \le 1",
                                    r"&& \text{since } \varepsilon \le 1", r"&& \text{for all } \varepsilon \le 1"])
def test_a_condition_column_of_an_align_row_is_the_domain(tmp_path, column):
    rows = _checked(tmp_path, [f"{BOUND} {column}"], env="align")
    assert rows["eq:0"].state == "proved" and rows["eq:0"].domain == "epsilon in (0, 1]", rows["eq:0"]


@pytest.mark.parametrize("column", [r"& \text{for } \varepsilon \le 1", r"&& \text{since } 1 - \varepsilon \ge 0",
                                    r"&& \varepsilon \le 1", r"&& (0 < \varepsilon \le 1)"])
def test_a_column_the_check_cannot_take_for_a_domain_is_skipped_never_refuted(tmp_path, column):
    """A third column with one ``&`` (a condition, a fact used, or a second pair?), a condition that is no interval of
    one symbol, a relation with no word: each was dropped, and the bound REFUTED at epsilon = 10."""
    assert _checked(tmp_path, [f"{BOUND} {column}"], env="align")["eq:0"].state == "skipped"


def test_the_column_stays_with_its_equation_in_the_document(tmp_path):
    (tmp_path / ".git").mkdir()
    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n\\begin{document}\n\\begin{align}\n"
                     f"{BOUND} && \\varepsilon \\le 1 \\label{{eq:a}} \\\\\n x &= 1 & y &= 2\n"
                     "\\end{align}\n\\end{document}\n")
    assert [e.latex for e in read(paper).equations] == [BOUND + r" && \varepsilon \le 1 \label{eq:a}", "x &= 1",
                                                        "y &= 2"]


@pytest.mark.parametrize("rows, label, state, domain", [
    ([r"e^{\varepsilon} - 1 > 0, \quad \varepsilon \ge 0"], "eq:0", "refuted", "epsilon in [0, oo)"),
    ([r"\Phi(\mu) \ge \frac{1}{2}, \quad -1 \le \mu \le 1"], "eq:0", "refuted", "mu in [-1, 1]"),
    ([r"\Phi(\mu) \ge \frac{1}{2}, \quad \mu \in \mathbb{R}"], "eq:0", "refuted", "mu in (-oo, oo)"),
    ([r"\log(1 + \varepsilon) \ge \frac{\varepsilon}{2}, \quad \varepsilon \le 1"], "eq:0", "proved",
     "epsilon in (0, 1]"),
    ([r"e^{\varepsilon} - 1 > 0, \quad \varepsilon > 0"], "eq:0", "proved", "epsilon in (0, oo)")])
def test_an_end_the_paper_states_beyond_the_assumption_is_the_papers(tmp_path, rows, label, state, domain):
    """An end the display leaves unsaid is the assumption's (epsilon <= 1: (0, 1]); one it states is its own."""
    row = _checked(tmp_path, rows)[label]
    assert (row.state, row.domain) == (state, domain), row


@pytest.mark.parametrize("text, why", [
    (r"\frac{e^{\varepsilon}-1}{\varepsilon} \ge 2 \quad \text{for some } \varepsilon > 0", "some value"),
    (r"2\sigma^2 \eqqcolon \tau", "name on its right"), (r"2\sigma^2 \triangleq \tau", "name on its right"),
    (r"\frac{\varepsilon^2}{2} \le \varepsilon \triangleq \gamma", "name on its right"),
    (r"\sqrt{2} = 1.4142 \quad \text{(to four decimals)}", "decimals"), (r"e^{-1} &= 0.368 && \text{(rounded)}",
                                                                          "qualifier")])
def test_what_is_no_relation_to_check_is_refused(text, why):
    with pytest.raises(LatexError, match=why):
        display(text)


def test_a_definition_with_its_name_on_the_left_stays_read():
    assert display(r"\tau := 2\sigma^2").defines == r"\tau"


def _paper(tmp_path, body: str):
    (tmp_path / ".git").mkdir(exist_ok=True)
    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n")
    return {r.label: r for r in check(paper).rows}


def _eq(label: str, row: str) -> str:
    return f"\\begin{{equation}}\\label{{{label}}} {row} \\end{{equation}}\n"


def test_a_bound_on_a_lone_name_is_an_assumption_not_a_claim(tmp_path):
    rows = _paper(tmp_path, _eq("eq:a", r"0 < \varepsilon \le 1") + _eq("eq:b", r"\sigma \ge \frac{\sqrt{2\ln(1.25/"
                                                                          r"\delta)}}{\varepsilon}")
                  + _eq("eq:c", r"0 < \mu = \frac{1}{\sigma} \le 1, \quad \sigma \ge 1"))
    assert {k: (r.state, r.detail.split(":")[0]) for k, r in rows.items()} == {
        k: ("skipped", f"bounds or sets {n} alone") for k, n in (("eq:a", "epsilon"), ("eq:b", "sigma"),
                                                                 ("eq:c", "mu"))}


def test_a_name_an_earlier_display_sets_is_not_checked_as_free(tmp_path):
    """epsilon = ln 3 makes e^eps/(1 + e^eps) = 3/4 true; checked with epsilon free it was REFUTED at epsilon = 1."""
    rows = _paper(tmp_path, _eq("eq:eps", r"\varepsilon = \ln 3") + _eq("eq:p", r"\frac{e^{\varepsilon}}{1 + "
                                                                                 r"e^{\varepsilon}} = \frac{3}{4}"))
    assert rows["eq:p"].state == "skipped" and "eq:eps sets" in rows["eq:p"].detail


@pytest.mark.parametrize("row", [r"n! \ge 2^{n-1}, \quad n \ge 1", r"\lceil n/2 \rceil + \lfloor n/2 \rfloor = n, "
                                                                      r"\quad n \ge 1"])
def test_a_name_that_must_be_an_integer_is_not_sampled_at_reals(tmp_path, row):
    assert _paper(tmp_path, _eq("eq:a", row))["eq:a"].state == "skipped"


def test_a_definition_holds_outside_symdps_assumptions(tmp_path):
    """S(beta) = sign(beta) max(|beta| - 1, 0) was read with symdp's positive beta (Max(0, beta - 1)): S(-3) = -2
    REFUTED as 0 = -2."""
    rows = _paper(tmp_path, _eq("eq:s", r"S(\beta) = \operatorname{sign}(\beta)\max(|\beta| - 1, 0)")
                  + _eq("eq:v", r"S(-3) = -2"))
    assert rows["eq:v"].state == "proved", rows["eq:v"]


def test_a_redefined_letter_is_not_carried(tmp_path):
    """An unlabelled display, an unreadable one or an inline formula that writes g(...) = again: the earlier g is not
    used after it (g(2) <= 1 was REFUTED as 4 <= 1), nor the new one (a new function, or a value on part of the
    domain: only the text says)."""
    body = (_eq("eq:g", r"g(x) = x^2") + "\\[ g(x) = x^3 \\]\n" + _eq("eq:a", r"g(2) = 8")
            + _eq("eq:h", r"h(x) = x^2") + _eq("eq:hcdf", r"h(x) = \Pr[M(D) \le x]") + _eq("eq:b", r"h(2) \le 1")
            + _eq("eq:k", r"k(t) = t^2") + "Next, let $k(t) = e^{t}$. Then\n" + _eq("eq:c", r"k(0) = 1"))
    rows = _paper(tmp_path, body)
    assert (rows["eq:a"].state, rows["eq:b"].state, rows["eq:c"].state) == ("skipped", "skipped", "skipped")


def test_a_function_the_paper_defines_is_called_in_later_rows(tmp_path):
    """sigma(w x + b) after sigma(z) = 1/(1 + e^{-z}): the sigmoid, never sigma times the sum (REFUTED before)."""
    rows = _paper(tmp_path, _eq("eq:s", r"\sigma(z) = \frac{1}{1 + e^{-z}}")
                  + _eq("eq:a", r"0 < \sigma(2\varepsilon - 1) < 1"))
    assert rows["eq:a"].state == "proved" and "eq:s" in rows["eq:a"].uses[0]


@pytest.mark.parametrize("row, domain", [(r"\Phi(\mu) < \frac{1}{2}, \quad \mu < 0", "mu in (-oo, 0)")])
def test_a_condition_against_the_assumption_is_the_papers_alone(tmp_path, row, domain):
    """mu < 0 with symdp's positive mu left the empty interval (0, 0): a traceback ended the whole run."""
    got = _paper(tmp_path, _eq("eq:a", row))["eq:a"]
    assert (got.state, got.domain) == ("proved", domain)


@pytest.mark.parametrize("row", [r"x \ge 1, \quad x \ge 2, \quad x \le 1", r"0 < \delta < 1, \quad \delta > 2"])
def test_conditions_that_leave_no_interval_skip_the_row(tmp_path, row):
    assert _paper(tmp_path, _eq("eq:a", r"e^{x} \ge 1, " + row.split(",", 1)[1]))["eq:a"].state == "skipped"


@pytest.mark.parametrize("body", [
    "\\begin{align}\n(1+x)^2 &= 1 + 2x \\label{eq:a}\\\\\n&\\qquad + x^2\n\\end{align}",
    "\\begin{align}\n\\log(1+\\varepsilon) &\\ge \\frac{\\varepsilon}{2} \\label{eq:a}\\\\\n&\\qquad 0 < \\varepsilon "
    "\\le 1 \\nonumber\n\\end{align}",
    "\\begin{gather}\ne^{\\varepsilon} - 1 \\le 2\\varepsilon, \\label{eq:a} \\\\\n0 < \\varepsilon \\le 1 \\nonumber\n"
    "\\end{gather}",
    "\\begin{align}\ne^{\\varepsilon} - 1 &\\le 2\\varepsilon, & 0 &< \\varepsilon \\le 1 \\label{eq:a}\n\\end{align}"])
def test_a_row_continued_on_the_next_or_in_another_pair_is_never_checked_alone(tmp_path, body):
    """The rest of the expression or the condition on the next row, or a pair that only bounds a name: read alone,
    the labelled row was REFUTED."""
    assert _paper(tmp_path, body)["eq:a"].state != "refuted"


@pytest.mark.parametrize("row, state", [(r"\sqrt{2} = 1.4142", "proved"), (r"\Phi(1.645) = 0.95", "proved"),
                                        (r"e^{-1} = 0.37", "proved"), (r"e^{-1} = 0.36", "refuted"),
                                        (r"\Gamma(1/2) = \sqrt{\pi}", "proved")])
def test_a_printed_decimal_agrees_to_its_last_digit(tmp_path, row, state):
    """sqrt(2) = 1.41421..., Phi(1.645) = 0.95002 (a normal table), 1/e = 0.36788: a number printed with k decimals is
    right when it is within half a unit of its last decimal, as a reader takes it (sqrt(2) = 1.4142 was REFUTED as an
    exact identity); 0.36 is off by 0.0079 > 0.005."""
    got = _paper(tmp_path, _eq("eq:a", row))["eq:a"]
    assert got.state == state, got


@pytest.mark.parametrize("body, label, state", [
    (_eq("eq:h", r"h(x) = x + |\mu|") + _eq("eq:a", r"h(\delta) \le \delta + \mu, \quad \mu \in \mathbb{R}"),
     "eq:a", "refuted"),
    (_eq("eq:h", r"h(x) = x + |\mu|") + _eq("eq:a", r"h(\delta) \ge \delta + \mu, \quad \mu \in \mathbb{R}"),
     "eq:a", "proved"),
    (_eq("eq:a", r"\frac{\mu}{|\mu|} = 1, \quad \mu \in \mathbb{R}"), "eq:a", "refuted"),
    (_eq("eq:a", r"\sqrt{\mu^2} = -\mu, \quad \mu < 0"), "eq:a", "proved")])
def test_a_wider_domain_reaches_what_the_first_reading_simplified(tmp_path, body, label, state):
    """A second review: h(x) = x + |mu| was stored as x + mu (symdp's positive mu), so h(x) <= x + mu was PROVED on
    the reals (false at mu = -1); mu/|mu| = 1 read 1 = 1 before the domain was looked at (false at mu = -1)."""
    got = _paper(tmp_path, body)[label]
    assert got.state == state, got


@pytest.mark.parametrize("row, state", [(r"\frac{7}{10} = \ln 2 < e^{0.7}", "refuted"),
                                        (r"-\sqrt{2} = -1.4142", "proved"),
                                        (r"e^{-10} = 4.54 \times 10^{-5}", "proved"),
                                        (r"\pi = 3.14159265358979323846264338327950288419716939937510", "skipped")])
def test_only_a_side_printed_as_a_decimal_is_rounded(tmp_path, row, state):
    """7/10 = ln 2 was taken as a rounding because 0.7 stood in an exponent elsewhere (PROVED; ln 2 = 0.693 is no
    seven tenths); a sign or a power of ten belongs to the printed number; fifty decimals are past the precision."""
    assert _paper(tmp_path, _eq("eq:a", row))["eq:a"].state == state


def test_a_letter_defined_otherwise_on_part_of_the_domain_is_not_carried(tmp_path):
    """S(x) = x - 1, x >= 1 after S(x) = max(|x| - 1, 0) was carried with its condition, and S(x) <= x PROVED on [1,
    oo) (false at x = -3 with the first S)."""
    rows = _paper(tmp_path, _eq("eq:s", r"S(x) = \max(|x| - 1, 0)") + _eq("eq:b", r"S(x) = x - 1, \quad x \ge 1")
                  + _eq("eq:c", r"S(x) \le x"))
    assert rows["eq:c"].state == "skipped"


@pytest.mark.parametrize("between", [r"\[ f \colon x \mapsto x^3 \]", r"Let $f(t) \equiv t^3$."])
def test_a_letter_defined_by_a_map_or_an_equivalence_is_forgotten(tmp_path, between):
    rows = _paper(tmp_path, _eq("eq:f", r"f(x) = x^2") + between + "\n" + _eq("eq:a", r"f(2) = 8"))
    assert rows["eq:a"].state == "skipped"


def test_a_bound_on_a_power_of_a_lone_name_is_a_requirement(tmp_path):
    row = r"\sigma^2 \ge \frac{2\ln(1.25/\delta)}{\varepsilon^2}"
    assert _paper(tmp_path, _eq("eq:a", row))["eq:a"].detail.startswith("bounds or sets sigma alone")


def test_a_row_with_its_own_label_is_never_joined_to_the_row_before(tmp_path):
    """A joined row's label vanished from the paper's labels (a derivation quoting it would fail)."""
    (tmp_path / ".git").mkdir()
    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n\\begin{document}\n\\begin{align}\na &\\le b \\label{eq:a} \\\\\n"
                     "&\\qquad + c \\label{eq:b}\n\\end{align}\n\\end{document}\n")
    assert set(read(paper).labels()) == {"eq:a", "eq:b"}
