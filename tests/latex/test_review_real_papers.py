"""What a newcomer's run of ``symdp paper`` on four real papers found (2026-12-08: two DP talks, a survey, a statistics
paper and its supplement, none in the corpus), besides the refutations on a letter's assumption alone
(test_paper_meanings.py): a power of a name on the left of its own identity skipped as a definition; a sign as a
subscript (``|a_- - a_+|``) refused as a bar left open, or as a construct with no name; ``\\Big/`` refused as a
delimiter missing; amsmath's ``\\arg`` and ``\\substack`` called macros of the document; a floor's argument called an
integer with no way to check it over the reals; and ``symdp paper PAPER.tex`` with no derivations yet ended with exit 2.

Oracles, by hand: x^{1/2} = sqrt(x) for x > 0; x^{1/2} = sqrt(2x) fails at x = 1 (1 against 1.414); (e/(1 + e)) /
(1/(1 + e)) = e; floor(x) <= x."""
import pytest

from symdp.cli.main import main
from symdp.latex import LatexError, display
from symdp.paper_standalone import check, to_text


def _paper(tmp_path, *rows: str):
    (tmp_path / ".git").mkdir(exist_ok=True)
    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n\\begin{document}\n" + "".join(
        f"\\begin{{equation}}\\label{{eq:{k}}} {row} \\end{{equation}}\n" for k, row in enumerate(rows))
        + "\\end{document}\n")
    return paper


@pytest.mark.parametrize("latex, state", [(r"x^{1/2} = \sqrt{x}, \qquad x > 0", "proved"),
                                          (r"x^{1/2} = \sqrt{2x}, \qquad x > 0", "refuted")])
def test_a_power_whose_name_its_right_side_uses_is_an_identity_not_a_definition(tmp_path, latex, state):
    row = check(_paper(tmp_path, latex)).rows[0]
    assert row.state == state, row


def test_a_power_defined_by_other_names_is_still_a_definition(tmp_path):
    row = check(_paper(tmp_path, r"\sigma^2 = \frac{2 \log(1.25/\delta)}{\varepsilon^2}")).rows[0]
    assert row.state == "skipped" and row.detail.startswith("defines"), row


@pytest.mark.parametrize("latex", [r"|a_--a_+| = 4\epsilon", r"|a_{-}-a_{+}| = 4\epsilon", r"x_{+} \ge 0"])
def test_a_sign_as_a_subscript_is_named_as_such(latex):
    with pytest.raises(LatexError, match="a sign as a script or a label"):
        display(latex)


def test_a_sized_slash_is_the_division():
    assert display(r"\frac{e^\epsilon}{1+e^\epsilon} \Big/ \frac{1}{1+e^\epsilon}").chain == \
        display(r"\frac{e^\epsilon}{1+e^\epsilon} / \frac{1}{1+e^\epsilon}").chain


@pytest.mark.parametrize("latex, said", [(r"\arg\min_{x} (x-1)^2 = 1", r"LaTeX's \arg"),
                                         (r"\max_{\substack{x \in [0,1]}} x^2 \le 1", r"LaTeX's \substack")])
def test_latex_own_commands_are_not_called_macros_of_the_document(latex, said):
    with pytest.raises(LatexError) as caught:
        display(latex)
    assert said in str(caught.value) and "macro of the document" not in str(caught.value)


def test_a_floor_is_checked_over_the_reals_when_the_domain_is_given(tmp_path):
    paper = _paper(tmp_path, r"\lfloor x\rfloor \le x, \qquad x>0")
    skipped = check(paper).rows[0]
    assert skipped.state == "skipped" and '--domain "x=(LO,HI)"' in skipped.detail, skipped
    assert check(paper, domains=("x=(0,10)",)).rows[0].state in ("proved", "verified")


def test_a_first_run_with_no_derivations_checks_the_paper_as_it_stands(tmp_path, monkeypatch, capsys):
    paper = _paper(tmp_path, r"x^{1/2} = \sqrt{x}, \qquad x > 0")
    monkeypatch.chdir(tmp_path)
    assert main(["paper", str(paper)]) == 0
    assert "no derivations folder" in capsys.readouterr().out
    assert main(["paper", str(paper), "--path", str(tmp_path / "nope")]) == 2   # a folder named and missing


def test_display_rows_with_no_label_are_counted_not_passed_over_in_silence(tmp_path):
    (tmp_path / ".git").mkdir()
    paper = tmp_path / "talk.tex"
    paper.write_text("\\documentclass{beamer}\n\\begin{document}\n$$ e^{\\epsilon} \\ge 1 + \\epsilon $$\n"
                     "\\[ \\log(1 + x) \\le x \\]\n\\end{document}\n")
    result = check(paper)
    assert result.unlabelled == 2 and "2 display row(s) with no \\label not checked" in to_text(result)
