"""Shared fixtures: the catalogue is run once per session and reused."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "derivations"


@pytest.fixture(scope="session")
def catalogue_results(pytestconfig):
    """The whole catalogue, run once on a process pool; the plugin's claim items (testpaths include
    derivations/) reuse these results instead of running each derivation again."""
    from symdp.engine.registry import discover
    from symdp.engine.runner import run_all
    from symdp.pytest_plugin import share_results
    specs = discover(CATALOGUE)
    results = run_all(specs)
    share_results(pytestconfig, specs, results)
    return results


@pytest.fixture
def derivation_dir(tmp_path):
    """Write a derivation file into a fresh folder and return the folder."""
    def write(source: str, name: str = "example.py"):
        (tmp_path / name).write_text(source)
        return tmp_path
    return write
