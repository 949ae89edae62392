"""The README's example derivation works when pasted."""
import re
from pathlib import Path

from symdp.engine.registry import discover
from symdp.engine.runner import run_all

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_example_runs(tmp_path):
    (code,) = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    (tmp_path / "example.py").write_text(code)
    (result,) = run_all(discover(tmp_path), jobs=1)
    assert result.ok and len(result.claims) == 4
