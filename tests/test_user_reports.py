"""A user's own report holds their chapters only; the notions chapter comes with its evidence.

Also: ``symdp check --catalogue`` from another directory writes its cache there, never into the catalogue.
"""
import os
import subprocess
import sys
from pathlib import Path

import symdp
import symdp.catalogue
from symdp.cli import main
from symdp.notions.registry import IMPLICATIONS
from symdp.report import render

USER_FILE = '''import sympy as sp
from symdp import derivation
from symdp.symbols import eps


@derivation(id="mine.cosh", title="A user's own result", paper="My paper (2026)", where="Eq. 1")
def cosh(d):
    d.identity("cosh", (sp.exp(eps) + sp.exp(-eps)) / 2, sp.cosh(eps))
'''


def _user_folder(root: Path) -> Path:
    folder = root / "mine"
    folder.mkdir()
    (folder / "cosh.py").write_text(USER_FILE)
    return folder


def test_user_report_has_only_their_chapters(tmp_path, capsys):
    folder, out = _user_folder(tmp_path), tmp_path / "reports"
    args = ["--path", str(folder), "--out", str(out), "--cache", str(tmp_path / "cache"), "-j", "1"]
    assert main(["report", *args]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in out.iterdir()) == sorted(["mine-cosh.tex", render.STYLE, render.MAIN])
    main_tex = (out / render.MAIN).read_text()
    assert "\\input{mine-cosh}" in main_tex and "\\input{notions}" not in main_tex
    assert "evidence not in this run" not in "".join(p.read_text() for p in out.iterdir())
    assert main(["report", "--check", *args]) == 0  # no missing or stale notions.tex either way
    assert capsys.readouterr().out == ""


def test_notions_chapter_comes_with_its_evidence():
    results = list(symdp.run(symdp.catalogue.path(), "liu2019.notions"))
    claims = {(r.id, c.claim_id) for r in results for c in r.claims}
    assert any(ref in claims for e in IMPLICATIONS.values() for ref in e.evidence)
    assert render.has_notions_evidence(results)
    files = render.render_all(results)
    assert render.NOTIONS_FILE in files and "\\input{notions}" in files[render.MAIN]
    assert not render.has_notions_evidence([])
    assert render.NOTIONS_FILE not in render.render_all([])


def test_catalogue_check_from_elsewhere_caches_in_the_current_folder(tmp_path):
    catalogue = symdp.catalogue.path()

    def listing():
        return sorted(str(p.relative_to(catalogue)) for p in catalogue.rglob("*")
                      if "__pycache__" not in p.parts)
    before = listing()
    env = dict(os.environ, PYTHONPATH=str(Path(symdp.__file__).resolve().parents[1]))
    proc = subprocess.run([sys.executable, "-m", "symdp", "check", "--catalogue", "liu2019.notions", "-j", "1"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert any((tmp_path / ".symdp-cache").iterdir())  # the default cache: ./.symdp-cache of the caller
    assert listing() == before and not (catalogue / ".symdp-cache").exists()
