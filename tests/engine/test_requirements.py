"""Derivations that audit a library (``requires=``): skipped with a reason when it is missing, versions
recorded when it is present; the outputs of derivations without ``requires=`` keep their shape."""
import json
import math
import subprocess
import sys
import textwrap

import mpmath as mp
import pytest

from symdp import derivation
from symdp.audit import BROKE, agrees, at_least, at_most, finite, log10_inputs, measured_digits, within
from symdp.engine.run import cache as result_cache
from symdp.engine.run.registry import Spec
from symdp.engine.model.requirements import resolve, validate
from symdp.engine.run.runner import run_one
from symdp.engine.run.serialize import derivation_dict, passed, to_json, to_junit, to_text, trace_text
from symdp.errors import SymdpError
from test_api import _schema, _validate

MISSING = "no_such_library_xyz"


def _spec(fn):
    return getattr(fn, "__symdp_derivation__")


@derivation(id="t.missing", title="audit of a missing library", paper="dp-libraries", where="w",
            requires={MISSING: "1.0"})
def _missing(d):
    raise AssertionError("a skipped derivation must not run")


@derivation(id="t.present", title="audit of an installed library", paper="dp-libraries", where="w",
            requires={"mpmath": "0.0.1"})
def _present(d):
    d.note("ran")


@derivation(id="t.plain", title="no library", paper="p", where="w")
def _plain(d):
    d.note("nothing")


def test_missing_library_skips_with_a_one_line_reason():
    r = run_one(_spec(_missing))
    assert r.skipped == f"{MISSING} is not installed: pip install 'symdp[audit]'"
    assert r.ok and r.claims == () and r.shown_status == "SKIPPED"
    assert r.libraries[0].name == MISSING and r.libraries[0].installed == ""
    assert passed([r])  # never a failure: exit 0


def test_skipped_is_visible_in_text_json_and_junit():
    r = run_one(_spec(_missing))
    text = to_text([r])
    assert f"SKIPPED t.missing: {MISSING} is not installed" in text and "skipped: 1 derivation(s)" in text
    doc = json.loads(to_json([r]))
    assert doc["skipped"] == [{"derivation": "t.missing", "reason": r.skipped}]
    assert doc["derivations"][0]["status"] == "SKIPPED" and doc["ok"] is True
    assert doc["derivations"][0]["libraries"] == {MISSING: {"written_against": "1.0", "installed": None}}
    _validate(doc, _schema("check"))
    xml = to_junit([r])
    assert 'skipped="1"' in xml and "<skipped message=" in xml
    assert "skipped:" in trace_text(r)


def test_installed_version_is_recorded_and_a_drift_noted():
    r = run_one(_spec(_present))
    assert not r.skipped and r.ok
    lib = r.libraries[0]
    assert (lib.name, lib.written, lib.installed) == ("mpmath", "0.0.1", mp.__version__)
    assert any("written against mpmath 0.0.1" in getattr(e, "text", "") for e in r.trace)
    entry = json.loads(to_json([r]))["derivations"][0]
    assert entry["libraries"]["mpmath"]["installed"] == mp.__version__ and "skipped" not in entry


def test_outputs_without_requires_keep_their_shape():
    r = run_one(_spec(_plain))
    assert set(derivation_dict(r)) == {"id", "title", "source", "status", "ok", "claims"}
    doc = json.loads(to_json([r]))
    assert "skipped" not in doc and "skipped" not in to_junit([r]) and "skipped" not in to_text([r])


def test_skipped_results_are_not_cached(tmp_path):
    spec = Spec("t.missing", "t", _spec(_missing).source, _missing, __file__, str(tmp_path), ((MISSING, "1.0"),))
    result_cache.store(tmp_path / "cache", spec, run_one(spec))
    assert not (tmp_path / "cache").exists() or not list((tmp_path / "cache").iterdir())


@pytest.mark.parametrize("bad", [["dp_accounting"], {"dp-accounting": "1"}, {"x": 1}, {"x": ""}, {"": "1"}])
def test_bad_requires_is_an_error_naming_it(bad):
    with pytest.raises(SymdpError, match="requires"):
        validate(bad)


def test_resolve_lists_every_missing_library():
    libs, reason = resolve((("mpmath", "1"), (MISSING, "1"), (MISSING + "2", "1")))
    assert reason.startswith(f"{MISSING}, {MISSING}2 are not installed")
    assert [lib.installed != "" for lib in libs] == [True, False, False]


def test_pytest_skips_a_derivation_whose_library_is_missing(tmp_path):
    folder = tmp_path / "audits"
    folder.mkdir()
    (folder / "audit.py").write_text(textwrap.dedent(f'''
        from symdp import derivation

        @derivation(id="a.missing", title="t", paper="dp-libraries", where="w", requires={{"{MISSING}": "1.0"}})
        def audit(d):
            import {MISSING}
    '''))
    proc = subprocess.run([sys.executable, "-m", "pytest", str(folder / "audit.py"), "-p", "symdp", "-rs", "-q",
                           "-p", "no:cacheprovider"], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 skipped" in proc.stdout and f"{MISSING} is not installed" in proc.stdout


# -- the oracles of symdp.audit ------------------------------------------------------------

def test_agreement_margin_is_negative_exactly_when_digits_are_lost():
    exact = lambda x: mp.mpf(1) / 3
    assert agrees(lambda x: 1 / 3, exact, 15)(x=mp.mpf(1)) >= 0
    assert agrees(lambda x: 0.3333333, exact, 15)(x=mp.mpf(1)) < 0
    assert within(lambda x: 0.3333333, exact, "1e-6")(x=mp.mpf(1)) >= 0


def test_a_library_that_breaks_is_a_certain_violation():
    exact = lambda x: mp.mpf(1)
    for broken in (lambda x: math.nan, lambda x: math.inf, lambda x: 1 / 0):
        for oracle in (agrees(broken, exact, 3), at_least(broken, exact), at_most(broken, exact), finite(broken)):
            assert oracle(x=mp.mpf(2)) == BROKE


def test_the_library_is_called_on_doubles_and_the_exact_side_at_the_same_doubles():
    seen = []
    lib = lambda delta: seen.append(delta) or delta
    exact = lambda delta: delta  # equal only if both see the same double
    margin = at_least(lib, exact, log10_inputs("delta"))
    with mp.workdps(60):
        assert margin(log10_delta=mp.mpf("-300.1")) == 0
    assert seen == [10.0 ** -300.1]
    assert measured_digits(lambda x: 1 / 3, lambda x: mp.mpf(1) / 3, [{"x": 1}]) == "exact"
