"""Registry, discovery and the run verdict: expected errata and their absence."""
from pathlib import Path

import pytest

from symdp.engine.run.registry import discover, select
from symdp.engine.run.runner import run_all
from symdp.engine.model.status import Status
from symdp.errors import SymdpError

HEADER = '''
import sympy as sp
from symdp import Status, derivation
x = sp.Symbol("x", positive=True)
'''

DERIVATION = HEADER + '''
@derivation(id="t.one", title="one", paper="p.txt", where="Eq. 1")
def one(d):
    d.printed("eq1", {printed}, (x + 1) ** 2, where="Eq. 1"{expect})
'''


def run(folder):
    return run_all(discover(folder), jobs=1)


def test_expected_erratum_found_passes(derivation_dir):
    (r,) = run(derivation_dir(DERIVATION.format(printed="x**2 + 1", expect=", expect=Status.ERRATUM")))
    (c,) = r.claims
    assert c.status is Status.ERRATUM and c.ok and r.ok
    assert c.outcome.witness is not None


def test_unexpected_erratum_fails(derivation_dir):
    (r,) = run(derivation_dir(DERIVATION.format(printed="x**2 + 1", expect="")))
    assert r.claims[0].status is Status.ERRATUM and not r.ok


def test_expected_erratum_that_disappears_fails(derivation_dir):
    (r,) = run(derivation_dir(DERIVATION.format(printed="x**2 + 2*x + 1", expect=", expect=Status.ERRATUM")))
    assert r.claims[0].status is Status.PROVED and not r.ok


def test_exception_becomes_error_step(derivation_dir):
    src = HEADER + '''
@derivation(id="t.boom", title="boom", paper="p.txt", where="-")
def boom(d):
    d.define("x", x)
    raise RuntimeError("kaput")
'''
    (r,) = run(derivation_dir(src))
    assert r.status is Status.ERROR and not r.ok


def test_duplicate_ids_are_rejected(derivation_dir):
    src = DERIVATION.format(printed="(x+1)**2", expect="")
    derivation_dir(src, "a.py")
    folder = derivation_dir(src, "b.py")
    with pytest.raises(SymdpError, match="t.one"):
        discover(folder)


def test_unknown_path_and_id():
    with pytest.raises(SymdpError, match="^path="):   # the Python parameter; the CLI names --path
        discover("/no/such/folder")
    with pytest.raises(SymdpError, match="nope"):
        select([], ["nope"])


def test_parallel_run_equals_serial():
    # both run here: the session's catalogue_results may come from the result cache, kept by a serial run
    from symdp.engine.run.serialize import to_json
    specs = discover(Path(__file__).resolve().parents[2] / "derivations")[:2]
    assert to_json(run_all(specs, jobs=2)) == to_json(run_all(specs, jobs=1))


def test_cache_reuses_unchanged_and_reruns_changed(derivation_dir, tmp_path):
    from symdp.engine.run.serialize import to_json
    folder = derivation_dir(DERIVATION.format(printed="(x + 1)**2", expect=""))
    cache = tmp_path / "cache"
    first = run_all(discover(folder), jobs=1, cache=str(cache))
    assert len(list(cache.glob("*.result.json"))) == 1
    again = run_all(discover(folder), jobs=1, cache=str(cache))
    assert to_json(again) == to_json(first)
    derivation_dir(DERIVATION.format(printed="x**2 + 2*x + 1", expect=""))
    changed = run_all(discover(folder), jobs=1, cache=str(cache))
    assert len(list(cache.glob("*.result.json"))) == 2 and changed[0].ok


def test_parallel_results_come_in_catalogue_order_and_a_closed_stream_stops(derivation_dir):
    from symdp import api
    for k, printed in enumerate(["(x + 1)**2", "x**2 + 1", "x**2 + 2*x + 1"]):
        src = DERIVATION.format(printed=printed, expect="").replace("t.one", f"t.n{k}").replace("def one", f"def n{k}")
        folder = derivation_dir(src, f"n{k}.py")
    specs = discover(folder)
    results = run_all(specs, jobs=2)
    assert [r.id for r in results] == [s.id for s in specs] == ["t.n0", "t.n1", "t.n2"]
    assert [r.ok for r in results] == [True, False, True]
    stream = api.iter_results(specs, jobs=2)
    spec, result = next(stream)
    stream.close()
    assert result.id == spec.id
