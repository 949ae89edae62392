"""A display's lead-in sentence as its domain (:mod:`symdp.paper_leadin`), found by a newcomer's run on a real
statistics supplement (2026-12-08): "For $0 \\le b \\le a$," right before a telescoping bound left it skipped ("no
domain for a"), and "if $0 < \\delta < 1$ and $\\alpha > 1$," before an RDP conversion's sign was not read.

Oracles, by hand: b^2 <= a b for 0 <= b <= a (b (a - b) >= 0), false at a = 1, b = 2 (4 > 2); log(1/delta)/(alpha
- 1) > 0 for delta < 1 < alpha; log(1 + x) >= x fails at x = 1 (0.693 < 1)."""
import pytest

from symdp.latex import NOTATION
from symdp.paper_leadin import conditions
from symdp.paper_standalone import check

BOUND = r"b^2 \le a b"


def _row(tmp_path, before: str, row: str):
    (tmp_path / ".git").mkdir(exist_ok=True)
    paper = tmp_path / "main.tex"
    paper.write_text(f"\\documentclass{{article}}\n\\begin{{document}}\n{before}\n\\begin{{equation}}\\label{{eq:x}} "
                     f"{row} \\end{{equation}}\n\\end{{document}}\n")
    return check(paper).rows[0]


@pytest.mark.parametrize("before", [r"We bound the sum. For $0 \le b \le a$, we have",
                                    r"If $0 \le b$ and $b \le a$, then", r"Let $0 \le b \le a$.",
                                    r"Let $0 \le b \le a$. Then", r"Assume $0 \le b \le a$. We have:"])
def test_the_lead_in_sentence_gives_the_domain(tmp_path, before):
    row = _row(tmp_path, before, BOUND)
    assert row.state in ("proved", "verified") and row.domain == "a in [b, oo), b in [0, oo)", row


def test_a_false_bound_under_its_lead_in_is_refuted(tmp_path):
    row = _row(tmp_path, r"For $0 \le a \le b$, we have", BOUND)
    assert row.state == "refuted", row


def test_the_rdp_sign_under_its_lead_in_is_proved(tmp_path):
    row = _row(tmp_path, r"and, if $0 < \delta < 1$ and $\alpha > 1$,", r"\frac{\log(1/\delta)}{\alpha - 1} \ge 0")
    assert row.state == "proved" and row.domain == "alpha in (1, oo), delta in (0, 1)", row


@pytest.mark.parametrize("before", [
    r"For some $x > 0$ we have",                       # an existential: no domain
    r"For the mechanism with $x > 0$:",                # the formula is not the lead-in's own
    r"For $x > 0$ and $y = 2$,",                       # one formula no order relation: the sentence gives none
    r"For $x > 0$. We then find",                      # a sentence before the last
    r"For $x > 0$, and with $x \le 1$ the map is",    # a formula further in the sentence
    r"For $x > 0$. Then",                              # "Then" after no assumption: the sentence before is not read
    r"Let $x > 0$. Then for all $y$"])                 # a sentence after the assumption with formulas of its own
def test_a_sentence_that_is_no_lead_in_gives_no_condition(before):
    assert conditions(before, NOTATION) == ()


def test_a_lead_in_before_the_previous_display_is_not_carried(tmp_path):
    (tmp_path / ".git").mkdir()
    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n\\begin{document}\nFor $x > 0$, we have\n\\[ x > 0 \\]\nand\n"
                     "\\begin{equation}\\label{eq:x} \\log(1 + x) \\ge x \\end{equation}\n\\end{document}\n")
    assert check(paper).rows[0].state == "skipped"   # no domain for x


def test_an_indexed_family_is_named_in_the_skip(tmp_path):
    row = _row(tmp_path, r"For every $k \geq 1$,", r"\sum_{k=1}^{n} R_k \le \sum_{k=1}^{n} L_k")
    assert row.state == "skipped" and "indexed family (" in row.detail and "a_i" not in row.detail, row
