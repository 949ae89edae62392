"""The README works when pasted: its example derivation runs, every command of its command block runs (in a
fresh folder holding the example as ``mine/example.py`` and a copy of the test paper as ``main.tex``), its
test command is the one CI runs, and it stays a front door (a few screens).

The main job (``pip install -e . && symdp check``, the whole catalogue) and the test command are not re-run
here: CI runs the test command itself (``.ci/run``'s last line), and that command collects every claim of
the catalogue through the pytest plugin.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from symdp.engine.run.registry import discover
from symdp.engine.run.runner import run_all

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAPER = ROOT / "tests" / "fixtures" / "gauss_paper"
MAX_BYTES = 12 * 1024


def _example() -> str:
    (code,) = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    return code


def _shell_lines() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(), re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def commands() -> list[str]:
    """The README's ``symdp ...`` command lines, comments and all (bash drops them)."""
    return [line for line in _shell_lines() if line.startswith("symdp ")]


def test_readme_example_runs(tmp_path):
    (tmp_path / "example.py").write_text(_example())
    (result,) = run_all(discover(tmp_path), jobs=1)
    assert result.ok and len(result.claims) == 4


def test_readme_is_a_front_door():
    assert len(README.read_bytes()) <= MAX_BYTES
    assert 8 <= len(commands()) <= 14


def test_readme_test_command_is_the_one_ci_runs():
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line.strip()]
    assert ci[-1] in _shell_lines(), f"README must show exactly the command .ci/run runs: {ci[-1]}"


@pytest.fixture(scope="module")
def user_folder(tmp_path_factory):
    """A fresh folder as a reader has it: the README's example in mine/, the test paper as main.tex."""
    folder = tmp_path_factory.mktemp("reader")
    (folder / "mine").mkdir()
    (folder / "mine" / "example.py").write_text(_example())
    shutil.copytree(PAPER, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("derivations", "*.proofs.json"))
    return folder


@pytest.mark.parametrize("command", commands())
def test_readme_command_runs(command, user_folder):
    line = re.sub(r"^symdp ", f"{sys.executable} -m symdp ", command)
    env = dict(os.environ, COLUMNS="100")
    done = subprocess.run(["bash", "-c", line], cwd=user_folder, capture_output=True, text=True, timeout=600,
                          env=env)
    assert done.returncode == 0, f"{command}\nexit {done.returncode}\n{done.stdout[-1500:]}\n{done.stderr[-1500:]}"
