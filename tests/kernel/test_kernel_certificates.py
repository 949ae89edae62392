"""Proof objects in certificates (issue 51, item 3): keyed by the claim, accepted by the kernel, no search.

A claim certified with a proof object is accepted after the prover's source changed (its transcript key no longer
matches) with no search and the same verdict; a tampered proof object, or one filed under another claim's key,
is rejected by the kernel and never proves anything: the claim is searched as if nothing were recorded.
"""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
import sympy as sp

from symdp.engine.proof import certificates as certs
from symdp.engine import validated
from symdp.engine.run.recorder import Recorder
from symdp.engine.model.status import Status

x = sp.Symbol("x", positive=True)
BOXED = (sp.log(1 + x) - x / (1 + x), "nonnegative", {x: sp.Interval(0, 3)})
"""log(1 + x) >= x/(1 + x) on [0, 3]: true (the derivative x/(1 + x)^2 >= 0 and equality at 0), proved by boxes."""


def _certified(claim=BOXED):
    d = Recorder("t", certify=True)
    d.sign("c", *claim, symbolic=False)
    (cert,) = d.certificates
    assert d.trace[-1].outcome.status is Status.PROVED and cert.kernel and cert.key
    return d.trace[-1].outcome, cert


def _book(*records):
    """A book as a file after a prover change: only the proof objects (transcripts keyed by the old prover)."""
    return {c.key: replace(c, fingerprint=c.key, transcript=None) for c in records}


@pytest.fixture
def no_search(monkeypatch):
    searched, run = [], validated.search.Search.run
    monkeypatch.setattr(validated.search.Search, "run", lambda self, box: searched.append(box) or run(self, box))
    return searched


def test_a_proof_object_is_accepted_with_no_search_after_a_prover_change(no_search):
    proved, cert = _certified()
    no_search.clear()
    d = Recorder("t", book=_book(cert))
    d.sign("c", *BOXED, symbolic=False)
    step = d.trace[-1]
    assert step.certificate == "kernel-checked" and not no_search
    assert (step.outcome.status, step.outcome.method, step.outcome.detail) == (Status.PROVED, proved.method,
                                                                              proved.detail)


def test_the_file_round_trips_and_format_1_and_older_proof_objects_are_still_read(tmp_path):
    _, cert = _certified()
    path = tmp_path / "f.proofs.json"
    path.write_text(certs.dumps([cert]))
    data = json.loads(path.read_text())
    assert data["format"] == 2 and list(data["kernel"]) == [cert.key] and list(data["proofs"]) == [cert.fingerprint]
    loaded = certs.load(path)
    assert loaded[cert.key].kernel == cert.kernel and loaded[cert.fingerprint].transcript == cert.transcript
    older = json.loads(json.dumps(data))   # a file an earlier kernel wrote: its proof objects are skipped, not fatal
    for entry in older["kernel"].values():
        entry["proof"]["format"] = 1
    path.write_text(json.dumps(older))
    assert set(certs.load(path)) == {cert.fingerprint}
    del data["kernel"]
    data["format"] = 1
    path.write_text(json.dumps(data))
    assert set(certs.load(path)) == {cert.fingerprint}


def _tampered(cert, change):
    entry = cert.entry
    change(entry["proof"]["proof"])
    return replace(cert, kernel=json.dumps(entry))


def _drop_leaf(node):
    node["premise"]["leaves"] = node["premise"]["leaves"][1:]


def _widen_first_leaf(node):
    box = node["premise"]["leaves"][0]["box"]
    box[0] = [box[0][0], "1"]


@pytest.mark.parametrize("change", [_drop_leaf, _widen_first_leaf], ids=["a leaf dropped", "a leaf widened"])
def test_a_tampered_proof_object_is_rejected_and_the_claim_searched(change):
    _, cert = _certified()
    if len(cert.entry["proof"]["proof"]["premise"]["leaves"]) < 2:
        pytest.skip("one leaf: nothing to drop or widen into")
    d = Recorder("t", book=_book(_tampered(cert, change)))
    d.sign("c", *BOXED, symbolic=False)
    assert d.trace[-1].certificate == "searched"


def test_a_proof_filed_under_a_false_claims_key_proves_nothing():
    """The kernel checks the claim as the derivation states it now: a proof moved to a false claim's key is
    rejected there, and the false claim is refuted."""
    _, cert = _certified()
    false = (sp.log(1 + x) - x / (1 + x) - sp.Rational(1, 100), "nonnegative", {x: sp.Interval(0, 3)})
    key = certs.claim_key("sign-numeric", *false)
    d = Recorder("t", book={key: replace(cert, fingerprint=key, key=key, transcript=None)})
    d.sign("c", *false, symbolic=False)
    assert d.trace[-1].outcome.status is Status.REFUTED and d.trace[-1].certificate == "searched"


def test_an_identity_changed_under_its_proof_is_not_proved():
    """An algebra proof of (x + 1)^2 / (x + 2) = (x^2 + 2x + 1) / (x + 2), filed under the key of the wrong
    identity with x^2 + 2x + 2 above: the kernel rejects it and the claim is refuted."""
    d = Recorder("t", certify=True)
    d.identity("c", (x + 1) ** 2 / (x + 2), (x ** 2 + 2 * x + 1) / (x + 2))
    (cert,) = d.certificates
    assert cert.kernel, "the identity's proof has a kernel form"
    wrong = ((x + 1) ** 2 / (x + 2), (x ** 2 + 2 * x + 2) / (x + 2))
    key = certs.claim_key("identity", *wrong, {}, True, None)
    d = Recorder("t", book={key: replace(cert, fingerprint=key, key=key, transcript=None)})
    d.identity("c", *wrong)
    assert d.trace[-1].outcome.status is not Status.PROVED and d.trace[-1].certificate == "searched"


def test_certify_keeps_what_still_holds_and_fresh_searches():
    _, cert = _certified()
    kept = Recorder("t", book={cert.fingerprint: cert, cert.key: replace(cert, fingerprint=cert.key)}, certify=True)
    kept.sign("c", *BOXED, symbolic=False)
    assert kept.trace[-1].certificate == "kernel-checked" and kept.certificates[0].kernel == cert.kernel
    fresh = Recorder("t", book={cert.key: replace(cert, fingerprint=cert.key)}, certify=certs.FRESH)
    fresh.sign("c", *BOXED, symbolic=False)
    assert fresh.trace[-1].certificate == "recorded" and fresh.trace[-1].outcome.status is Status.PROVED


def test_an_edited_prover_keeps_every_certificate_and_runs_no_search(monkeypatch):
    """The tutorial's file as committed, checked after an edit to the search (issue 51: the rewrites tried in the
    reverse order, a side condition's box budget halved): every claim is kernel-checked from its proof object or
    replayed from its transcript, none is searched or uncertified, the verdicts are those it had, and no rewrite
    is tried but those the transcripts record as having worked."""
    from pathlib import Path

    from symdp.engine.symbolic import attempts
    from symdp.engine.regions import sides
    from symdp.engine.run.registry import collect
    from symdp.engine.run.runner import run_one
    file = Path(__file__).resolve().parents[2] / "docs" / "tutorial" / "laplace_testing.py"
    (spec,) = collect(file).specs
    before = run_one(spec)
    objects = {c.claim for c in certs.load(certs.path_for(str(file))).values() if c.kernel}
    monkeypatch.setattr(attempts, "REWRITES", tuple(reversed(attempts.REWRITES)))
    monkeypatch.setattr(sides, "SIDE_BOXES", sides.SIDE_BOXES // 2)
    searched = []
    monkeypatch.setattr(attempts.Attempts, "_search", lambda self, *a: searched.append(a) or None)
    after = run_one(spec)
    checked = {f"{spec.id}::{c.claim_id}" for c in after.claims if c.certificate == "kernel-checked"}
    assert objects and checked >= objects          # two claims of the same content share one proof object
    assert {c.certificate for c in after.claims if c.kind != "cross-check"} <= {"kernel-checked", "replayed"}
    assert not searched
    assert [(c.claim_id, c.outcome.status, c.outcome.method, c.outcome.detail) for c in after.claims] == \
           [(c.claim_id, c.outcome.status, c.outcome.method, c.outcome.detail) for c in before.claims]


def test_check_says_which_claims_the_kernel_accepted(capsys, tmp_path):
    """`symdp check -v`: a claim accepted from its proof object says so on its line, and the totals count them."""
    import shutil
    from pathlib import Path

    from symdp.cli import main
    tutorial = Path(__file__).resolve().parents[2] / "docs" / "tutorial"
    for name in ("laplace_testing.py", "laplace_testing.proofs.json"):
        shutil.copy(tutorial / name, tmp_path / name)
    assert main(["check", "-v", "--path", str(tmp_path), "--no-cache", "-j", "1"]) == 0
    out = capsys.readouterr().out
    assert "tutorial.laplace-testing :: sum-is-cosh: PROVED by symbolic (identical) [kernel-checked]" in out
    assert "kernel-checked: 6 proof(s) accepted by the proof kernel" in out  # dp-bound read after factor
    assert "a-decreasing: PROVED by symbolic sign analysis [kernel-checked]" in out   # the signs rule
    assert "dp-bound: PROVED by symbolic sign analysis [kernel-checked]" in out   # signs after factor


def test_an_accepted_proof_with_an_oracle_step_names_its_trust_base_never_kernel_checked():
    """gamma(x + 1)/gamma(x) = x is proved through sympy.simplify, an oracle step: the claim accepted from its proof
    object says ``trusts: sympy.simplify x1`` (-v, the JSON's certificate, JUnit, the totals), not kernel-checked."""
    from symdp.engine.run.serialize import to_junit, to_text
    from symdp.engine.model.records import DerivationResult
    d = Recorder("t", certify=True)
    d.identity("c", sp.gamma(x + 1) / sp.gamma(x), x)
    (cert,) = d.certificates
    assert "sympy.simplify" in cert.kernel
    again = Recorder("t", book=_book(cert))
    again.identity("c", sp.gamma(x + 1) / sp.gamma(x), x)
    step = again.trace[-1]
    assert step.outcome.status is Status.PROVED and step.certificate == "trusts: sympy.simplify x1"
    result = DerivationResult("t", "t", "", tuple(again.trace), 0.0)
    assert "kernel-accepted, trusting oracles (1): t :: c (trusts: sympy.simplify x1)" in to_text([result])
    assert "kernel-checked" not in to_text([result])
    assert "PROVED [trusts: sympy.simplify x1]:" in to_junit([result])


def test_a_rejected_proof_object_is_named_in_the_claims_note():
    """A recorded proof object the kernel rejects (here: its oracle's answer altered) is not trusted: the claim is
    searched again, and its note (``symdp show``) names the node the kernel rejected, so a proof that stopped
    checking is never silent."""
    d = Recorder("t", certify=True)
    d.identity("c", sp.gamma(x + 1) / sp.gamma(x), x)
    (cert,) = d.certificates
    tampered = cert.kernel.replace('"answer":"Integer(0)"', '"answer":"Integer(1)"')
    assert tampered != cert.kernel
    again = Recorder("t", book=_book(replace(cert, kernel=tampered)))
    again.identity("c", sp.gamma(x + 1) / sp.gamma(x), x)
    step = again.trace[-1]
    assert step.outcome.status is Status.PROVED and step.certificate == "searched"
    assert "its recorded proof object was rejected by the kernel at" in step.outcome.note
