"""The report of a user's own paper compiles as is: the paper's macros expanded in its printed formulas,
labels and file names verbatim, and each claim saying where its formula was read from.

The papers: the test paper (tests/fixtures/paper: ``\\sens``, ``\\half{...}`` macros, a section brought in
with ``\\input``), the Gaussian paper when it is there, and a small paper written here with labels that the
text-to-math rules used to mangle (``eq:mu`` as ``eq:$\\mu$``, ``eq:zcdp-eps_1``) and a declared erratum.
"""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from symdp.cli import main
from symdp.report import render

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

SMALL_PAPER = r"""\documentclass{article}
\usepackage{amsmath}
\newcommand{\eps}{\epsilon}
\newcommand{\sens}{\Delta Q}
\newcommand{\sq}[1]{{#1}^{2}}
\begin{document}
The Gaussian mechanism has
\begin{equation}\label{eq:mu}
  \mu = \frac{\sens}{\sigma},
\end{equation}
and a $\mu$-GDP mechanism is $(\eps, \delta)$-DP with
\begin{align}
  \eps &= \frac{\sq{\mu}}{2} + \mu\sqrt{2\log(1/\delta)} \label{eq:zcdp-eps_1} \\
  \sigma &= \frac{\sens \sqrt{2\log(1.25/\delta)}}{\sq{\eps}} \label{eq:typo}
\end{align}
and the total variation of two unit normals $\mu$ apart is at most
\begin{equation}\label{eq:tv-delta}
  2\Phi(\mu/2) - 1 \le \frac{\mu}{\sqrt{2\pi}}.
\end{equation}
\end{document}
"""

SMALL_DERIVATIONS = '''import sympy as sp

from symdp import derivation, quote
from symdp.engine.model.status import Status
from symdp.mechanisms import gaussian
from symdp.symbols import dQ, delta, mu, sigma

PAPER = "../paper.tex"


@derivation("mine.gauss", "The Gaussian mechanism of my paper", "paper.tex", "Sec. 1")
def gauss(d):
    d.printed("mu", quote(PAPER, label="eq:mu"), dQ / sigma)
    d.printed("zcdp", quote(PAPER, label="eq:zcdp-eps_1"), mu**2 / 2 + mu * sp.sqrt(2 * sp.log(1 / delta)))
    d.printed("typo", quote(PAPER, label="eq:typo"), gaussian.classic_sigma(), expect=Status.ERRATUM)
    d.printed("tv", quote(PAPER, label="eq:tv-delta"))   # the relation is the whole claim
    d.printed("missing", quote(PAPER, label="eq:nope"), mu, expect=Status.ERROR)   # its detail lists the labels
'''


def _needs_latex():
    if shutil.which("latexmk") is None or shutil.which("pdflatex") is None or shutil.which("pdftoppm") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("latexmk/pdflatex/pdftoppm missing under CI: .ci/run must install the TeX packages")
        pytest.skip("latexmk/pdflatex/pdftoppm not installed")


def _small_paper(root: Path) -> Path:
    (root / "paper.tex").write_text(SMALL_PAPER)
    (root / "derivations").mkdir()
    (root / "derivations" / "mine.py").write_text(SMALL_DERIVATIONS)
    return root / "derivations"


def _report(derivations: Path, out: Path, capsys) -> dict:
    args = ["report", "--path", str(derivations), "--out", str(out), "--cache", str(out.parent / "cache"), "-j", "1"]
    code = main(args)
    printed = capsys.readouterr()
    assert code in (0, 1) and printed.out.startswith("wrote "), printed.out + printed.err  # 1: a claim failed
    return {p.name: p.read_text() for p in out.iterdir() if p.suffix == ".tex"}


def _compiled(out: Path) -> str:
    """Compile the report; the log, after checking it has no error, undefined command or reference."""
    pdf = render.compile_pdf(out)
    log = (out / "symdp-report.log").read_text(errors="replace")
    assert pdf.exists() and "LaTeX Error" not in log and "Undefined control" not in log
    assert not re.search(r"Reference `[^']*' .*undefined", log)
    subprocess.run(["pdftoppm", "-r", "18", "-gray", str(pdf), str(out / "page")], check=True, timeout=300)
    assert any(min(p.read_bytes().split(b"\n", 3)[3]) < 224 for p in out.glob("page*.pgm"))  # ink on a page
    return log


def _fragments(files: dict) -> str:
    return "".join(t for n, t in files.items() if n not in (render.MAIN, render.STYLE))


def test_small_paper_report_expands_macros_and_prints_labels_verbatim(tmp_path, capsys):
    files = _report(_small_paper(tmp_path), tmp_path / "out", capsys)
    body = _fragments(files)
    assert not re.search(r"\\(eps|sens|sq)(?![A-Za-z])", body)   # expanded, not copied
    assert r"\frac{\Delta Q}{\sigma}" in body and r"\frac{{\mu}^{2}}{2}" in body
    assert r"label \texttt{eq:\allowbreak{}mu}" in body
    assert r"label \texttt{eq:\allowbreak{}zcdp-\allowbreak{}eps\_\allowbreak{}1}" in body
    assert "eq:$" not in body and r"Read from the LaTeX source \texttt{paper.\allowbreak{}tex} (line 8)" in body
    error = body.split(r"label \texttt{eq:\allowbreak{}nope}")[1]
    assert r"\texttt{eq:\allowbreak{}tv-\allowbreak{}delta}" in error   # a label named in an error's detail
    assert r"\text{printed: }\ 2\Phi(\mu/2) - 1 \le \frac{\mu}{\sqrt{2\pi}}" in body   # the paper's relation
    main_tex = files[render.MAIN]
    assert "plain-text extraction" not in main_tex and "read from the paper's LaTeX source" in main_tex
    assert r"\input{paper-findings}" in main_tex   # the declared erratum has its findings table
    assert r"\texttt{eq:\allowbreak{}typo}" in files["paper-findings.tex"]   # its place: the label
    _needs_latex()
    _compiled(tmp_path / "out")


def test_fixture_paper_report_compiles(tmp_path, capsys):
    folder = tmp_path / "paper"
    shutil.copytree(FIXTURES / "paper", folder, ignore=shutil.ignore_patterns("__pycache__", ".symdp-cache"))
    files = _report(folder / "derivations", tmp_path / "out", capsys)
    body = _fragments(files)
    assert r"\sens" not in body and r"\half" not in body and r"\frac{\epsilon}{2\Delta Q}" in body
    assert r"(\texttt{sections/results.\allowbreak{}tex}, line 11), label \texttt{eq:\allowbreak{}sigma}" in body
    _needs_latex()
    _compiled(tmp_path / "out")


@pytest.mark.skipif(not (FIXTURES / "gauss_paper").is_dir(), reason="the Gaussian paper fixture is not there yet")
def test_gauss_paper_report_compiles(tmp_path, capsys):
    folder = tmp_path / "gauss_paper"
    shutil.copytree(FIXTURES / "gauss_paper", folder, ignore=shutil.ignore_patterns("__pycache__", ".symdp-cache"))
    derivations = folder / "derivations"
    if not derivations.is_dir():
        pytest.skip("the Gaussian paper has no derivations folder")
    body = _fragments(_report(derivations, tmp_path / "out", capsys))
    assert "eq:$" not in body and "Read from the LaTeX source" in body
    _needs_latex()
    _compiled(tmp_path / "out")
