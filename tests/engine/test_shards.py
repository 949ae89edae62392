"""Sharded runs (symdp.engine.run.shards): K shards merged give exactly the unsharded result."""
import json

import pytest

from symdp import api
from symdp.engine.proof import certificates as certs
from symdp.engine.run import shards
from symdp.engine.run.registry import discover
from symdp.engine.run.runner import run_all, run_one
from symdp.engine.run.serialize import to_json
from symdp.engine.model.status import Status

HEADER = '''
import mpmath as mp
import sympy as sp
from symdp import Status, derivation
x = sp.Symbol("x", positive=True)
y = sp.Symbol("y", real=True)
'''

MANY = HEADER + '''
@derivation(id="t.many", title="many claims", paper="p.txt", where="Eq. 1")
def many(d):
    f = d.define("f", (x + 1) ** 2, "a density")
    d.identity("expand", f, x**2 + 2*x + 1, {x: sp.Interval.open(0, 5)})
    g = d.differentiate("g", f, x)
    d.sign("g-positive", g, "positive", {x: sp.Interval.open(0, 5)})
    d.note("a remark between claims")
    d.monotone("f-increasing", f, x, True, {x: sp.Interval.open(0, 5)})
    d.cross_check("oracle", sp.exp(-x), lambda x: mp.exp(-x), {x: sp.Interval.open(0, 3)}, n=6)
    d.printed("eq1", x**2 + 1, f, {x: sp.Interval.open(0, 5)}, where="Eq. 1", expect=Status.ERRATUM)
    d.table("t1", "a table", ["a", "b"], [["1", "2"]])
    d.printed_value("cell", True, "printed 0.5, derived 0.5")
    d.printed_bound("bound", 0.3, 0.304, "at most", 2, what="epsilon")
    h = d.rewrite("h", sp.sin(y)**2 + sp.cos(y)**2, "simplify")
    d.identity("pythagoras", h, 1, {y: sp.Interval(-3, 3)})
    d.sign("tail", sp.exp(-x) - 2, "negative", {x: sp.Interval.open(0, 5)})
    d.figure("f1", "a figure", "x", "y", {"exp": [(0, 1), (1, 0.367879)]})
    d.identity("wrong", x + 1, x + 2, {x: sp.Interval.open(0, 5)}, expect=Status.REFUTED)
'''


def toy(name, *body):
    """A derivation ``t.<name>`` whose function runs ``body`` (one statement a line)."""
    lines = "".join(f"    {line}\n" for line in body)
    return HEADER + f'@derivation(id="t.{name}", title="{name}", paper="p.txt", where="-")\ndef {name}(d):\n{lines}'


BOOM = toy("boom", 'd.identity("one", x + x, 2 * x)', 'd.identity("two", x * x, x**2)',
           'd.sign("three", x + 1, "positive")', 'raise RuntimeError("kaput")')
ODD = toy("odd", 'd.identity("a", x, x)', 'd.sign("b", x, "sideways")', 'd.identity("c", x, x)')


def spec_of(derivation_dir, source, name="example.py"):
    return discover(derivation_dir(source, name))


def sharded(spec, k, owners=(), **kw):
    return shards.run_sharded(lambda s, decides: run_one(s, decides=decides, **kw), spec, k, owners)


def same(a, b):
    """Equal as ``symdp check --json`` prints them, with the same certificates."""
    return to_json([a]) == to_json([b]) and a.certificates == b.certificates and a.error == b.error


def test_three_shards_merge_to_the_unsharded_trace(derivation_dir):
    (spec,) = spec_of(derivation_dir, MANY)
    whole, merged = run_one(spec), sharded(spec, 3)
    assert merged is not None and same(whole, merged)
    assert [c.status for c in whole.claims] == [c.status for c in merged.claims]
    assert [(c.outcome.method, c.outcome.detail, c.outcome.witness) for c in whole.claims] == \
           [(c.outcome.method, c.outcome.detail, c.outcome.witness) for c in merged.claims]
    assert len(whole.claims) == 10 and whole.ok
    assert all(e.kind != "claim-elsewhere" for e in merged.trace)


def test_each_shard_decides_only_its_claims(derivation_dir):
    (spec,) = spec_of(derivation_dir, MANY)
    parts = [run_one(spec, decides=shards.Task(0, k, 3).decides) for k in range(3)]
    for k, part in enumerate(parts):
        decided = [n for n, c in enumerate(part.claims) if c.kind != "claim-elsewhere"]
        assert decided == list(range(k, 10, 3))
    assert shards.merge(parts[:1] + parts[1:]) is not None


def test_certify_mode_gives_the_same_certificates(derivation_dir):
    (spec,) = spec_of(derivation_dir, MANY)
    whole, merged = run_one(spec, certify=True), sharded(spec, 3, certify=True)
    assert merged.certificates == whole.certificates
    assert certs.dumps(merged.certificates) == certs.dumps(whole.certificates)
    assert [c.claim.split("::")[1] for c in merged.certificates][:2] == ["expand", "g-positive"]


def test_exception_mid_derivation_gives_one_error_step(derivation_dir):
    (spec,) = spec_of(derivation_dir, BOOM)
    whole, merged = run_one(spec), sharded(spec, 2)
    assert same(whole, merged)
    errors = [s for s in merged.steps if s.status is Status.ERROR]
    assert len(errors) == 1 and merged.trace[-1] is errors[0] and "kaput" in merged.error.message


def test_duplicate_claim_id_is_the_same_error_in_every_shard(derivation_dir):
    (spec,) = spec_of(derivation_dir, toy("twice", 'd.identity("a", x, x)', 'd.identity("a", x, x)'))
    assert same(run_one(spec), sharded(spec, 2))


def test_an_exception_in_one_shard_only_is_a_disagreement(derivation_dir):
    (spec,) = spec_of(derivation_dir, ODD)
    parts = [run_one(spec, decides=shards.Task(0, k, 2).decides) for k in range(2)]
    assert parts[1].error is not None and parts[0].error is None
    assert shards.merge(parts) is None


def test_a_timeout_is_reported_after_the_steps_every_shard_reached(derivation_dir):
    src = toy("slow", 'd.identity("a", x, x)', 'd.identity("b", x, x)', 'd.identity("c", x + x, 2 * x)',
              '__import__("time").sleep(5)')
    (spec,) = spec_of(derivation_dir, src)
    merged = sharded(spec, 2, timeout=0.5)
    assert merged.error.message.startswith("TimeoutError") and merged.status is Status.ERROR
    assert [c.claim_id for c in merged.claims] == ["a", "b", "c"]
    assert sum(s.status is Status.ERROR for s in merged.steps) == 1


def test_count_splits_only_long_claim_bound_derivations():
    long = shards.Estimate(40.0, 0.1, 14)
    assert shards.count(long, 2, share=50.0) == 2
    assert shards.count(long, 4, share=25.0) == 4
    assert shards.count(long, 1, share=100.0) == 1
    assert shards.count(shards.Estimate(40.0, 30.0, 14), 2, 50.0) == 1   # bookkeeping would be repeated
    assert shards.count(shards.Estimate(2.0, 0.1, 14), 2, 50.0) == 1     # small
    assert shards.count(shards.Estimate(40.0, None, 14), 2, 50.0) == 1   # no timing: unsharded
    assert shards.count(shards.Estimate(40.0, 0.0, 1), 2, 50.0) == 1     # one claim


def test_owners_balance_the_longest_claims():
    seconds = [0.0, 0.7] + [0.0] * 5 + [3.25] + [0.0] * 5 + [4.48, 0.1]   # tvd2023.s4-mechanism-tv's claims
    owners, loads = shards.assign(seconds, 2)
    assert owners[7] != owners[13] and owners == shards.assign(seconds, 2)[0]   # round-robin: both odd
    assert loads == pytest.approx([4.48, 3.25 + 0.7 + 0.1])
    assert shards.Task(0, owners[13], 2, owners=owners).decides(13)
    assert shards.Task(0, 1, 2, owners=(0, 0)).decides(3) and not shards.Task(0, 0, 2, owners=(0, 0)).decides(3)


def test_any_assignment_of_claims_merges_to_the_unsharded_trace(derivation_dir):
    (spec,) = spec_of(derivation_dir, MANY)
    whole = run_one(spec)
    assert same(whole, sharded(spec, 2, owners=(1, 1, 1, 0, 1)))   # the rest round-robin
    assert same(whole, sharded(spec, 3, owners=(2,) * 10))          # shards 0 and 1 decide nothing


def write_hints(cache, specs, seconds):
    hints = {shards.hint_key(s): {"seconds": t, "body": 0.0, "claims": [t / 10] * 10} for s, t in zip(specs, seconds)}
    _write_hints(cache, json.dumps(hints))


def test_plan_starts_the_longest_first(derivation_dir, tmp_path):
    derivation_dir(BOOM, "a.py")
    specs = spec_of(derivation_dir, MANY, "b.py")
    cache = tmp_path / "cache"
    write_hints(cache, specs, [1.0, 30.0])
    tasks = shards.plan(specs, 2, shards.load_hints(cache))
    assert [(t.index, t.shard, t.shards) for t in tasks] == [(1, 0, 2), (1, 1, 2), (0, 0, 1)]
    assert shards.plan(specs, 1, shards.load_hints(cache))[0].shards == 1


def merges(monkeypatch):
    """The results :func:`shards.merge` made in this (the parent) process."""
    made, merge = [], shards.merge
    monkeypatch.setattr(shards, "merge", lambda parts: made.append((len(parts), merge(parts))) or made[-1][1])
    return made


def test_parallel_sharded_runs_equal_serial_in_catalogue_order(derivation_dir, tmp_path, monkeypatch):
    derivation_dir(BOOM, "a.py")
    specs = spec_of(derivation_dir, MANY, "b.py")
    cache = tmp_path / "cache"
    write_hints(cache, specs, [1.0, 30.0])
    serial = run_all(specs, jobs=1)
    made = merges(monkeypatch)
    parallel = run_all(specs, jobs=2, cache=str(cache), fresh=True)
    assert [(n, r.id) for n, r in made if n > 1] == [(2, "t.many")]
    assert [r.id for r in parallel] == [s.id for s in specs] == ["t.boom", "t.many"]
    assert to_json(parallel) == to_json(serial)
    assert [r.certificates for r in parallel] == [r.certificates for r in serial]
    write_hints(cache, specs, [1.0, 30.0])
    streamed = dict((s.id, r) for s, r in api.iter_results(specs, jobs=2, cache=str(cache), fresh=True))
    assert to_json([streamed[s.id] for s in specs]) == to_json(serial)


def test_shards_that_disagree_fall_back_to_an_unsharded_run(derivation_dir, tmp_path, monkeypatch):
    specs = spec_of(derivation_dir, ODD)
    cache = tmp_path / "cache"
    write_hints(cache, specs, [30.0])
    made = merges(monkeypatch)
    (result,) = run_all(specs, jobs=2, cache=str(cache), fresh=True)
    assert made == [(2, None)]
    assert to_json([result]) == to_json(run_all(specs, jobs=1)) and "which='sideways' is invalid" in result.error.message


def test_hints_are_written_and_bad_ones_ignored(derivation_dir, tmp_path):
    specs = spec_of(derivation_dir, BOOM)
    cache = tmp_path / "cache"
    run_all(specs, jobs=1, cache=str(cache))
    (hint,) = shards.load_hints(cache).values()
    assert len(hint["claims"]) == 3 and hint["seconds"] >= hint["body"] >= 0
    _write_hints(cache, '{"x": {"seconds": -1, "body": 0, "claims": []}, "y": 3, '
                                        '"z": {"seconds": 1, "body": 0, "claims": [true]}}')
    assert shards.load_hints(cache) == {}
    _write_hints(cache, "not json")
    assert shards.load_hints(cache) == {} and shards.load_hints(None) == {}


@pytest.mark.parametrize("k", [1, 2, 5])
def test_more_shards_than_claims(derivation_dir, k):
    (spec,) = spec_of(derivation_dir, BOOM)
    assert same(run_one(spec), sharded(spec, k))


def _write_hints(cache, text):
    path = shards.hints_path(cache)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
