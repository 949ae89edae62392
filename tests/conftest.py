"""Shared fixtures: the catalogue is run once per session and reused."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "derivations"


@pytest.fixture(scope="session")
def catalogue_results():
    from symdp.engine.registry import discover
    from symdp.engine.runner import run_all
    return run_all(discover(CATALOGUE))


@pytest.fixture
def derivation_dir(tmp_path):
    """Write a derivation file into a fresh folder and return the folder."""
    def write(source: str, name: str = "example.py"):
        (tmp_path / name).write_text(source)
        return tmp_path
    return write
