"""`symdp paper PAPER.tex --scaffold [OUT.py]`: one claim per unbound label, importable and runnable as is,
every placeholder an ERROR that names its label until the researcher writes the derived side."""
import shutil
from pathlib import Path

from symdp.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "paper"

PAPER = r"""\documentclass{article}
\usepackage{amsmath}
\newcommand{\sens}{\Delta Q}
\begin{document}
\begin{equation}\label{eq:sigma}
  \sigma = \frac{\sens \sqrt{2\log(1.25/\delta)}}{\epsilon}.
\end{equation}
\begin{equation}\label{eq:gdp-tv}
  2\Phi(\mu/2) - 1 \le \frac{\mu}{\sqrt{2\pi}}, \quad \mu > 0
\end{equation}
\begin{equation}\label{eq:odd}
  b = \foo{x}
\end{equation}
\end{document}
"""


def _paper(root: Path) -> Path:
    (root / "paper.tex").write_text(PAPER)
    return root / "paper.tex"


def scaffold(paper: Path, capsys, *extra):
    code = main(["paper", str(paper), "--path", str(paper.parent / "derivations"), "--cache",
                 str(paper.parent / "cache"), "--scaffold", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def check(folder: Path, capsys):
    code = main(["check", "--path", str(folder), "--cache", str(folder.parent / "cache"), "-j", "1"])
    return code, capsys.readouterr().out


def test_scaffold_runs_and_lists_each_claim_as_not_written(tmp_path, capsys):
    code, out, _ = scaffold(_paper(tmp_path), capsys)
    written = tmp_path / "derivations" / "paper_claims.py"
    assert code == 0 and f"wrote {written}: 2 claims to fill in" in out
    text = written.read_text()
    assert "PAPER = '../paper.tex'" in text and "from symdp.symbols import dQ, delta, eps, mu" in text
    assert "d.printed('eq:sigma', quote(PAPER, label='eq:sigma'), FillIn('eq:sigma'))" in text
    assert "#   defines \\sigma (not compared)" in text
    assert "#   read as: sqrt(2)*Delta_Q*sqrt(log(5/(4*delta)))/epsilon" in text
    assert "#   read as: 2*Phi(mu/2) - 1 <= sqrt(2)*mu/(2*sqrt(pi))" in text
    assert "#   not read: latex: cannot read '\\\\foo'" in text                   # the parser's refusal, quoted
    assert "    # d.printed('eq:odd', quote(PAPER, label='eq:odd'), FillIn('eq:odd'))" in text
    code, out = check(written.parent, capsys)
    assert code == 1
    for label in ("eq:sigma", "eq:gdp-tv"):
        assert f":: {label}: ERROR" in out and f"the derived side of {label} is not written yet" in out
    code = main(["paper", str(tmp_path / "paper.tex"), "--path", str(written.parent), "--cache", str(tmp_path / "c")])
    assert code == 1 and "ERROR" in capsys.readouterr().out   # symdp paper is not green on placeholders


def test_filled_in_claims_check_the_paper(tmp_path, capsys):
    scaffold(_paper(tmp_path), capsys)
    written = tmp_path / "derivations" / "paper_claims.py"
    derived = "dQ * sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta)) / eps"
    text = written.read_text().replace("FillIn('eq:sigma')", derived)
    written.write_text(text.replace(", FillIn('eq:gdp-tv'))", ")"))   # the relation is the whole claim
    code, out = check(written.parent, capsys)
    assert code == 0, out
    code = main(["paper", str(tmp_path / "paper.tex"), "--path", str(written.parent), "--cache", str(tmp_path / "c")])
    out = capsys.readouterr().out
    assert code == 0 and "2 bound: 2 agrees" in out


def test_existing_file_is_kept_unless_forced(tmp_path, capsys):
    paper = _paper(tmp_path)
    assert scaffold(paper, capsys)[0] == 0
    written = tmp_path / "derivations" / "paper_claims.py"
    written.write_text(written.read_text() + "# my notes\n")
    code, _, err = scaffold(paper, capsys)
    assert code == 2 and "--force" in err and written.read_text().endswith("# my notes\n")
    code, out, _ = scaffold(paper, capsys, "--force")   # its own claims do not count as bound
    assert code == 0 and "2 claims to fill in (0 labels already quoted" in out
    assert not written.read_text().endswith("# my notes\n")


def test_quote_paths_are_relative_to_the_written_file(tmp_path, capsys):
    (tmp_path / "paper").mkdir()
    paper = _paper(tmp_path / "paper")
    out_file = tmp_path / "work" / "checks" / "gauss.py"
    code, out, _ = scaffold(paper, capsys, str(out_file))
    assert code == 0 and out_file.is_file()
    assert "PAPER = '../../paper/paper.tex'" in out_file.read_text()
    code, out = check(out_file.parent, capsys)
    assert code == 1 and "not written yet" in out and "reachable" not in out   # the quotes found the paper
    code, _, err = scaffold(paper, capsys, str(tmp_path / "notes.txt"))
    assert code == 2 and "--scaffold" in err and ".py" in err


def test_fixture_scaffold_holds_only_the_unbound_label(tmp_path, capsys):
    folder = tmp_path / "paper"
    shutil.copytree(FIXTURE, folder, ignore=shutil.ignore_patterns("__pycache__", ".symdp-cache"))
    code, out, _ = scaffold(folder / "main.tex", capsys, str(tmp_path / "new" / "claims.py"))
    assert code == 0 and "1 claims to fill in (15 labels already quoted by a derivation)" in out
    text = (tmp_path / "new" / "claims.py").read_text()
    assert text.count("    d.printed(") == 1 and "label='eq:unbound'" in text and "#   defines b" in text
    assert "PAPER = '../paper/main.tex'" in text
