"""Reports: committed files match what the code renders; the report and its fragments compile cleanly.

The LaTeX runs are few and slow (the full report, then every fragment in a one-column and a
two-column article): they share one rendering of the catalogue.
"""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from symdp.report import render

ROOT = Path(__file__).resolve().parents[2]
OVERFULL = re.compile(r"Overfull \\hbox \(([\d.]+)pt too wide\)")


def _needs_latex():
    if shutil.which("latexmk") is None or shutil.which("pdflatex") is None or shutil.which("pdftoppm") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("latexmk/pdflatex/pdftoppm missing under CI: .ci/run must install the TeX packages")
        pytest.skip("latexmk/pdflatex/pdftoppm not installed")


@pytest.fixture(scope="module")
def rendered(catalogue_results):
    return render.render_all(catalogue_results)


def test_committed_reports_have_not_drifted(rendered):
    assert render.drift(rendered, ROOT / "reports") == []


def test_rendering_is_deterministic(rendered, catalogue_results):
    assert render.render_all(catalogue_results) == rendered


def test_drift_is_reported(tmp_path, rendered):
    render.write(rendered, tmp_path)
    name = next(iter(rendered))
    (tmp_path / name).write_text("changed\n")
    (tmp_path / "old.tex").write_text("x")
    lines = render.drift(rendered, tmp_path)
    assert any(l.startswith("drift:") for l in lines) and any(l.startswith("stale:") for l in lines)


def test_file_names_are_portable(rendered):
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+", name) for name in rendered)  # no ':' (Windows)


def test_rendered_tex_speaks_the_papers_notation(rendered):
    """No erfc where the papers write Phi; no TeX escaped as text; no ASCII mathematics or 1e-05-style numbers in
    text."""
    for name, text in rendered.items():
        if not name.endswith(".tex"):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith(("%", r"\addplot", r"\begin{axis}")):
                continue  # comments, and pgfplots coordinates and limits (machine input)
            where = f"{name}:{n}: {line[:120]}"
            assert "erfc" not in line and "erfinv" not in line, where
            assert "textbackslash" not in line, where   # TeX written in a text outside $...$
            assert "**" not in line and ">=" not in line and "<=" not in line, where
            prose = re.sub(r"\\texttt\{(?:[^{}]|\{\})*\}", "", line)  # identifiers, file names: not numbers
            assert not re.search(r"\d[eE][-+]?\d", prose), where
            assert not re.search(r"\d\.0*[1-9]\d{7,}", line), where  # about six significant figures
            assert "resizebox" not in line or name == "notions.tex", where


def test_every_claim_has_a_label(rendered, catalogue_results):
    text = "".join(rendered.values())
    for r in catalogue_results:
        for c in r.claims:
            assert "\\label{" + render.views.label(r.id, c.claim_id) + "}" in text


def _pages_have_ink(pdf: Path, folder: Path) -> None:
    subprocess.run(["pdftoppm", "-r", "18", "-gray", str(pdf), str(folder / "page")], check=True, timeout=600)
    pages = sorted(folder.glob("page*.pgm"))
    assert pages
    for page in pages:
        data = page.read_bytes()
        pixels = data.split(b"\n", 3)[3]  # P5 header: magic, size, maxval
        assert min(pixels) < 224, f"{page.name} is empty"  # blank is 255 everywhere; text at 18 dpi is grey


def test_report_builds_without_errors_or_overfull_boxes(tmp_path, rendered):
    _needs_latex()
    render.write(rendered, tmp_path)
    pdf = render.compile_pdf(tmp_path)
    assert pdf.exists() and pdf.stat().st_size > 10_000
    log = (tmp_path / "symdp-report.log").read_text(errors="replace")
    assert "LaTeX Error" not in log and "Undefined control" not in log
    assert "Token not allowed in a PDF string" not in log, "a heading with mathematics lacks its plain bookmark"
    assert not re.search(r"(Reference|Citation) `[^']*' .*undefined", log) and "multiply defined" not in log
    wide = [float(w) for w in OVERFULL.findall(log)]
    assert all(w <= 1.0 for w in wide), f"overfull boxes wider than 1 pt: {sorted(wide)[-5:]}"
    _pages_have_ink(pdf, tmp_path)


FRAGMENT_DOCS = {
    "one-column.tex": r"\documentclass{article}" "\n" r"\usepackage[level=subsection,clearpage,wide]{symdp}",
    "two-column.tex": r"\documentclass[twocolumn]{article}" "\n" r"\usepackage{symdp}",
}


def test_every_fragment_compiles_in_a_plain_article(tmp_path, rendered):
    """Each fragment needs symdp.sty only, in one column and in one column of a two-column paper."""
    _needs_latex()
    render.write(rendered, tmp_path)
    fragments = sorted(n[:-4] for n in rendered if n.endswith(".tex") and n != render.MAIN)
    body = "\n".join(rf"\input{{{f}}}" for f in fragments)
    for name, head in FRAGMENT_DOCS.items():
        (tmp_path / name).write_text(f"{head}\n\\begin{{document}}\n{body}\n\\end{{document}}\n")
        proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name], cwd=tmp_path,
                              capture_output=True, text=True, timeout=900)
        log = (tmp_path / name.replace(".tex", ".log")).read_text(errors="replace")
        assert proc.returncode == 0 and "LaTeX Error" not in log, name + "\n" + proc.stdout[-2000:]


def test_plot_coordinates_are_rounded_to_the_axis_resolution():
    """A coordinate that is 0 up to rounding noise prints as 0 on any machine (tvd2023's optimal composition began
    at 1.8e-19 on one machine and 5.4e-19 on another); others keep a millionth of the axis span."""
    from symdp.report.views import _coordinate
    assert _coordinate(1.79995e-19, 1.0) == _coordinate(5.42101e-19, 1.0) == _coordinate(-3e-19, 1.0) == "0"
    assert _coordinate(0.0702534, 1.0) == "0.070253"
    assert _coordinate(-3.9, 8.0) == "-3.9" and _coordinate(0.00336897, 0.1) == "0.003369"


def test_the_outcome_names_how_a_proof_may_be_trusted():
    """The certificate state a check gives a claim (symdp.engine.proof.kernel_proofs.state), in the report's words."""
    from symdp.report.views import _certificate
    assert _certificate("kernel-checked") == "kernel-checked proof"
    assert _certificate("replayed") == "replayed from the recorded proof; not kernel-checked"
    assert _certificate("trusts: sympy.simplify x1, sympy.limit x2") == (
        "kernel-checked, except 1 call to \\texttt{sympy.\\allowbreak{}simplify}, 2 calls to "
        "\\texttt{sympy.\\allowbreak{}limit} taken on trust")
    assert _certificate("") == ""


def test_a_seed_paper_is_quoted_by_its_citation_never_its_file_name():
    from symdp.engine.model.records import Provenance
    from symdp.report import quoted
    seed = quoted.origin(Provenance("000_0f0c1e9c4d2d1ce3.txt", line=230, number="(11)"))
    assert seed == r"Quoted from \cite{liu2019}, Eq. (11) (line 230 of the plain-text extraction). "
    own = quoted.origin(Provenance("notes.txt", line=4))
    assert "notes" in own and r"\cite" not in own


def test_a_heading_with_mathematics_has_a_plain_bookmark():
    from symdp.report import prose
    title = prose.tex(r"Table 1: the largest $\epsilon$ under a bound on $F^*_{\beta}$ ($\le$ 1)")
    assert prose.bookmark(title) == r"Table 1: the largest ε under a bound on F\textasciicircum *\textunderscore β (≤ 1)"
    assert prose.bookmark(prose.tex("Definitions 1-4")) == ""
