"""Verdicts do not depend on the machine: a loaded run equals an unloaded one.

The claims below went from PROVED to VERIFIED on a busy 2-core machine when a
wall-clock claim budget decided how far the proof search got.  Now each claim
replays its recorded certificate, so a run on a machine made to look a
thousand times slower (search budgets of a millisecond, both cores busy with
other processes) gives the same statuses, methods and witnesses.  No timing
is asserted.
"""
import multiprocessing
from pathlib import Path

import pytest

from symdp.engine.proof import certificates
from symdp.engine.symbolic import rewrites
from symdp.engine.run import recorder
from symdp.engine.run.recorder import Recorder
from symdp.engine.run.registry import discover, select
from symdp.engine.model.status import Status

CATALOGUE = Path(__file__).resolve().parents[2] / "derivations"
FLIPPED = {"liu2019.fbeta-auxiliary": ("eq18:continuous", "inverse:round-trip"),
           "liu2019.fbeta-laplace": ("inverse:round-trip",)}


def _burn():
    while True:
        pass


def _verdicts(spec, budget=rewrites.BUDGET):
    d = Recorder(spec.id, budget=budget, book=certificates.load(certificates.path_for(spec.file)))
    spec.fn(d)
    return {s.claim_id: (s.status, s.outcome.method, s.outcome.detail, s.outcome.witness, s.certificate)
            for s in d.trace if getattr(s, "claim_id", None)}


@pytest.fixture
def loaded_machine(monkeypatch):
    """Both cores busy, and every symbolic search allowed a millisecond."""
    monkeypatch.setattr(recorder, "CLAIM_BUDGET", 1e-3)
    ctx = multiprocessing.get_context("fork")
    burners = [ctx.Process(target=_burn, daemon=True) for _ in range(2)]
    for p in burners:
        p.start()
    yield 1e-3
    for p in burners:
        p.kill()
        p.join()


@pytest.fixture(scope="module")
def idle_verdicts():
    specs = select(discover(CATALOGUE), sorted(FLIPPED))
    return {s.id: _verdicts(s) for s in specs}


def test_loaded_run_equals_idle_run(idle_verdicts, loaded_machine):
    for spec in select(discover(CATALOGUE), sorted(FLIPPED)):
        assert _verdicts(spec, budget=loaded_machine) == idle_verdicts[spec.id]


def test_the_claims_that_flipped_are_proved_from_their_certificates(idle_verdicts):
    for did, claims in FLIPPED.items():
        for cid in claims:
            status, method, _, _, certificate = idle_verdicts[did][cid]
            assert status is Status.PROVED and certificate in ("replayed", "kernel-checked"), (did, cid, method)


def test_every_catalogue_claim_with_a_symbolic_route_replays_a_certificate(catalogue_results):
    searched = [(r.id, c.claim_id) for r in catalogue_results for c in r.claims if c.certificate == "searched"]
    assert searched == [], "run `symdp certify` and commit the .proofs.json files"


def test_mpmath_backend_does_not_change_a_verdict():
    # gmpy2 (a dependency) only speeds up mpmath's integer arithmetic; a run on the pure-Python backend
    # (MPMATH_NOGMPY=1) must give byte-identical JSON: numeric claims, counterexamples and shrunk witnesses
    import os
    import subprocess
    import sys
    ids = ["fdp.tradeoff", "liu2019.fbeta-gaussian", "pankova2023.shells"]
    runs = []
    for env in ({}, {"MPMATH_NOGMPY": "1"}):
        out = subprocess.run([sys.executable, "-m", "symdp", "check", *ids, "--path", str(CATALOGUE),
                              "--no-cache", "-j", "1", "--json"], capture_output=True, text=True,
                             env={**os.environ, **env})
        assert out.returncode == 0, out.stderr
        runs.append(out.stdout)
    assert runs[0] == runs[1]
