"""Whole real paper trees (tests/fixtures/trees/): ``symdp paper`` reads each document of them.

Every file under the trees that holds ``\\documentclass`` is a document; ``symdp paper DOC --path EMPTY``
must exit 0 or 1 (never 2 on a valid paper) and never print a traceback.  The trees keep their files at
their real relative paths (OpenDP's proof documents ``\\input{../../lib.sty}``).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TREES = Path(__file__).resolve().parents[1] / "fixtures" / "trees"
DOCUMENTS = sorted(p for p in TREES.rglob("*.tex") if "\\documentclass" in p.read_text(errors="replace"))


def test_there_are_trees():
    assert len(DOCUMENTS) >= 3


@pytest.mark.parametrize("doc", DOCUMENTS, ids=[str(p.relative_to(TREES)) for p in DOCUMENTS])
def test_symdp_paper_reads_the_tree(doc, tmp_path):
    derivations = tmp_path / "derivations"
    derivations.mkdir()
    run = subprocess.run([sys.executable, "-m", "symdp", "paper", str(doc), "--path", str(derivations)],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert "Traceback" not in run.stderr + run.stdout, run.stderr[-2000:]
    assert run.returncode in (0, 1), f"exit {run.returncode}: {(run.stderr or run.stdout)[-1000:]}"
