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
        f"\\begin{{{env}}}\\label{{eq:{k}}} {row} \\end{{{env}}}\n" for k, row in enumerate(body)) + "\\end{document}\n")
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
