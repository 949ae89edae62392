"""Reports: committed files match what the code renders; they compile."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from symdp.report import render

ROOT = Path(__file__).resolve().parents[2]


def test_committed_reports_have_not_drifted(catalogue_results):
    files = render.render_all(catalogue_results)
    assert render.drift(files, ROOT / "reports") == []


def test_rendering_is_deterministic(catalogue_results):
    assert render.render_all(catalogue_results) == render.render_all(catalogue_results)


def test_drift_is_reported(tmp_path, catalogue_results):
    files = render.render_all(catalogue_results)
    render.write(files, tmp_path)
    name = next(iter(files))
    (tmp_path / name).write_text("changed\n")
    (tmp_path / "old.tex").write_text("x")
    lines = render.drift(files, tmp_path)
    assert any(l.startswith("drift:") for l in lines) and any(l.startswith("stale:") for l in lines)


def test_report_compiles_with_pdflatex(tmp_path, catalogue_results):
    if shutil.which("latexmk") is None or shutil.which("pdflatex") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("latexmk/pdflatex missing under CI: .ci/run must install the TeX packages")
        pytest.skip("latexmk/pdflatex not installed")
    render.write(render.render_all(catalogue_results), tmp_path)
    pdf = render.compile_pdf(tmp_path)
    assert pdf.exists() and pdf.stat().st_size > 10_000
    log = (tmp_path / "symdp-report.log").read_text(errors="replace")
    assert "Undefined" not in log and "LaTeX Error" not in log
