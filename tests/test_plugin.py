"""The pytest plugin: derivation files as items, one per claim, with and without pytest-xdist.

Each test runs pytest in a subprocess on a small folder in tmp_path (the
plugin is loaded through its ``pytest11`` entry point, ``-p symdp``).
"""
import os
import subprocess
import sys
import textwrap

import pytest

RR = '''
import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.symbols import eps
from helper import truth, mark


@derivation(id="mine.{name}", title="Randomised response", paper="notes.txt", where="Eq. 1")
def randomised_response(d):
    mark(d, "{name}")
    p = d.define("p", truth(), "probability of answering truthfully")
    ratio = d.rewrite(r"\\Lambda", p / (1 - p), "cancel")
    d.identity("ratio", ratio, sp.exp(eps))
    d.cross_check("p-numeric", p, lambda epsilon: mp.exp(epsilon) / (1 + mp.exp(epsilon)))
    d.printed("eq1", sp.exp(eps) / (1 + sp.exp(-eps)), p, where="Eq. 1", expect=Status.ERRATUM)
    d.printed("eq2", sp.exp(eps) / (2 + sp.exp(eps)), p, where="Eq. 2"{expect2})
'''

HELPER = '''
import os
import sympy as sp
from symdp.symbols import eps


def truth():
    return sp.exp(eps) / (1 + sp.exp(eps))


def mark(d, name):
    """Log every run of a derivation: the recorder's class says whether it is the real run."""
    with open(os.path.join(os.path.dirname(__file__), "runs.log"), "a") as fh:
        fh.write(f"{name} {type(d).__name__} {os.environ.get('PYTEST_XDIST_WORKER', '-')}\\n")
'''


def _folder(tmp_path, names=("rr",), fixed=()):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "helper.py").write_text(HELPER)
    for name in names:
        expect2 = ", expect=Status.ERRATUM" if name in fixed else ""
        (mine / f"{name}.py").write_text(RR.format(name=name, expect2=expect2))
    (mine / "test_other.py").write_text("def test_plain():\n    assert True\n")
    (mine / "notes.py").write_text("x = 1  # not a derivation: never imported by the plugin\nraise SystemExit\n")
    return mine


def _pytest(tmp_path, *args, ini=""):
    if ini:
        (tmp_path / "pytest.ini").write_text(textwrap.dedent(ini))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "symdp", "-p", "no:cacheprovider",
                           "--rootdir", str(tmp_path), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stdout + proc.stderr


def _runs(mine):
    log = mine / "runs.log"
    return log.read_text().split("\n")[:-1] if log.exists() else []


def test_one_item_per_claim_with_stable_ids(tmp_path):
    _folder(tmp_path)
    code, out = _pytest(tmp_path, "--collect-only", "-q", "mine")
    assert code == 0, out
    ids = [line for line in out.splitlines() if "::" in line]
    assert ids == ["mine/rr.py::mine.rr::ratio", "mine/rr.py::mine.rr::p-numeric", "mine/rr.py::mine.rr::eq1",
                   "mine/rr.py::mine.rr::eq2", "mine/test_other.py::test_plain"]


def test_expected_findings_pass_unexpected_fail_with_witness(tmp_path):
    mine = _folder(tmp_path)
    code, out = _pytest(tmp_path, "mine", "-rA")
    assert code == 1, out
    assert "4 passed, 1 failed" in out.replace("1 failed, 4 passed", "4 passed, 1 failed")
    assert "FAILED mine/rr.py::mine.rr::eq2" in out
    assert "unexpected ERRATUM" in out and "witness: at epsilon=" in out
    assert "PASSED mine/rr.py::mine.rr::eq1" in out        # the declared erratum
    real = [r for r in _runs(mine) if "Listing" not in r]
    assert len(real) == 1                                  # one real run shared by the four claims
    assert (tmp_path / ".symdp-cache").is_dir() is False   # failing results are not cached


def test_k_x_and_cache(tmp_path):
    mine = _folder(tmp_path, fixed=("rr",))
    code, out = _pytest(tmp_path, "mine", "-k", "ratio or eq1", "-q")
    assert code == 0 and "2 passed" in out, out
    assert any((tmp_path / ".symdp-cache").glob("*.result.json"))  # a passing result is cached
    before = len(_runs(mine))
    code, out = _pytest(tmp_path, "mine/rr.py", "-q", "-x")
    assert code == 0 and "4 passed" in out, out
    assert len(_runs(mine)) == before                        # cached: neither listed nor run again


def test_xdist_runs_each_derivation_once_on_one_worker(tmp_path):
    pytest.importorskip("xdist")
    mine = _folder(tmp_path, names=("a", "b", "c"), fixed=("a", "c"))
    code, out = _pytest(tmp_path, "-n", "2", "-v", "mine")
    assert code == 1, out
    assert "DerivationScheduling" in out
    assert "FAILED mine/b.py::mine.b::eq2" in out and "witness: at epsilon=" in out
    real = [r.split() for r in _runs(mine) if "Listing" not in r]
    assert sorted(name for name, _, _ in real) == ["a", "b", "c"]   # each derivation ran once
    for name, _, worker in real:                                     # all its claims ran where it ran
        lines = [ln for ln in out.splitlines() if f"mine/{name}.py::mine.{name}::" in ln and "[gw" in ln]
        assert lines and all(f"[{worker}]" in ln for ln in lines), (name, worker, lines)


def test_errors_and_symdp_paths(tmp_path):
    mine = _folder(tmp_path, fixed=("rr",))
    (mine / "broken.py").write_text(textwrap.dedent('''
        from symdp import derivation

        @derivation(id="mine.broken", title="t", paper="p", where="w")
        def broken(d):
            d.define("x", 1)
            raise ValueError("boom")
    '''))
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "skipped.py").write_text((mine / "rr.py").read_text().replace("mine.rr", "other.rr"))
    code, out = _pytest(tmp_path, "mine", "elsewhere", "-q", ini="[pytest]\nsymdp_paths = mine\n")
    assert code == 1, out
    assert "mine/broken.py::mine.broken::__error__" in out
    assert "broken.py:7: ValueError: boom" in out
    assert "other.rr" not in out                               # outside symdp_paths: not collected
    assert "5 passed" in out                                   # rr's four claims and test_plain



SLOW = '''
import sympy as sp
from symdp import derivation
x, y, z = sp.symbols("x y z", positive=True)


@derivation(id="mine.slow", title="a slow claim", paper="notes.txt", where="-")
def slow(d):
    d.identity("first", (x + 1)**2, x**2 + 2*x + 1)
    d.sign("slowone", sp.exp(x*y*z) - 1 - x*y*z*sp.cos(x - y)**2 + sp.sin(z*x)**4/100, "positive",
           domain={x: sp.Interval(0, 3), y: sp.Interval(0, 3), z: sp.Interval(0, 3)})
    d.identity("third", x, x)
'''


def test_a_timeout_names_the_claim_that_was_running_and_its_line(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "slow.py").write_text(SLOW)
    code, out = _pytest(tmp_path, "-q", "--symdp-timeout", "1", "--symdp-no-cache", "mine")
    assert code == 1, out
    assert "slow.py:10: stopped by --timeout 1 s while this sign step was running" in out
    assert "while claim 'slowone' (sign) was running" in out
