"""Packaging: one version source, SPDX licence, the pytest11 entry point, and a wheel that ships the catalogue.

The full check (the wheel installed non-editable in a fresh venv outside the repository, then
`symdp check --catalogue`, `pytest -n 2` on a user folder and a notebook-style script) is a step of .ci/run.
"""
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None


@pytest.fixture(scope="module")
def project():
    if tomllib is None:
        pytest.skip("tomllib needs Python 3.11")
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_metadata(project):
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert project["dynamic"] == ["version"] and "version" not in project
    assert "Operating System :: POSIX" in project["classifiers"]
    assert project["entry-points"]["pytest11"] == {"symdp": "symdp.pytest_plugin"}
    assert set(project["urls"]) >= {"Homepage", "Documentation", "Issues"}


def test_one_version_source():
    import symdp
    text = (ROOT / "symdp" / "__init__.py").read_text()
    assert re.search(r'^__version__ = "[^"]+"$', text, re.M)
    assert symdp.__version__ in subprocess.run([sys.executable, "-m", "symdp", "--version"],
                                               capture_output=True, text=True).stdout


def test_catalogue_path_in_the_repository():
    from symdp.catalogue import path
    assert path() == ROOT / "derivations"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(out)],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        pytest.skip(f"cannot build a wheel here (no build backend available?): {proc.stderr[-300:]}")
    (whl,) = out.glob("symdp-*.whl")
    return zipfile.ZipFile(whl)


def test_wheel_ships_the_catalogue_with_its_certificates(wheel):
    names = set(wheel.namelist())
    derivations = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "derivations").rglob("*.py")
                         if "__pycache__" not in p.parts)
    assert derivations
    for rel in derivations:
        shipped = "symdp/catalogue/" + rel
        assert shipped in names, shipped
        if (ROOT / rel).with_suffix(".proofs.json").exists():
            assert shipped[:-3] + ".proofs.json" in names
    assert "symdp/report/templates/report.tex.j2" in names
    assert "symdp/schemas/check.schema.json" in names
    assert not any("__pycache__" in n or n.startswith("tests/") for n in names)
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = wheel.read(meta).decode()
    assert "License-Expression: MIT" in text and "Classifier: Operating System :: POSIX" in text
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "symdp = symdp.pytest_plugin" in wheel.read(entry).decode()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
