"""Certificates files: a failed search never overwrites a recorded proof of the same content."""
from types import SimpleNamespace

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.proof import certificates as certs
from symdp.engine.proof.certificates import Certificate


def _write(tmp_path, *cs, error=None, skipped=""):
    file = tmp_path / "d.py"
    result = SimpleNamespace(id="x.d", certificates=list(cs), error=error, skipped=skipped)
    certs.write([result], {"x.d": str(file)})
    return certs.load(certs.path_for(str(file)))


def test_a_failed_search_keeps_the_earlier_proof(tmp_path):
    proved = Certificate("f1", "x.d::a", ("0", None), "rewrite expand")
    _write(tmp_path, proved)
    after = _write(tmp_path, Certificate("f1", "x.d::renamed", (None, None, None), ""))
    assert after == {"f1": Certificate("f1", "x.d::renamed", ("0", None), "rewrite expand")}


def test_new_proofs_and_new_content_replace_the_old(tmp_path):
    _write(tmp_path, Certificate("f1", "x.d::a", (None,), ""), Certificate("f2", "x.d::b", ("0",), "cancel"))
    after = _write(tmp_path, Certificate("f1", "x.d::a", ("1",), "factor"))
    assert after == {"f1": Certificate("f1", "x.d::a", ("1",), "factor")}  # f2's claim is gone from the run


@pytest.mark.parametrize("unfinished", [{"error": "TimeoutError: the derivation exceeded --timeout 1 s"},
                                        {"skipped": "dp_accounting is not installed"}])
def test_a_derivation_that_did_not_finish_keeps_its_certificates(tmp_path, unfinished):
    _write(tmp_path, Certificate("f1", "x.d::a", ("0",), "cancel"), Certificate("f2", "x.d::b", ("1",), "factor"))
    after = _write(tmp_path, Certificate("f1", "x.d::a", ("2",), "expand"), **unfinished)  # stopped before b
    assert after == {"f1": Certificate("f1", "x.d::a", ("2",), "expand"),
                     "f2": Certificate("f2", "x.d::b", ("1",), "factor")}


def test_keys_name_the_claim_and_the_transcripts_format_never_the_prover(monkeypatch):
    """A certificate's key names the claim and the transcripts' format (raised when a replay reads a log
    differently: every transcript is then searched afresh); a sample's seed names the claim only, so neither an
    edited search nor a new transcript format moves the points a sampled claim (a library audit, say) is judged
    at.  No key hashes the prover's source (an edited search keeps the transcripts that replay, issue 51)."""
    import sympy as sp
    x = sp.Symbol("x", positive=True)
    before = certs.content_key("sign", x - 1, "positive", {}), certs.fingerprint("sign", x - 1, "positive", {})
    assert not hasattr(certs, "prover_digest")
    monkeypatch.setattr(certs, "TRANSCRIPTS", certs.TRANSCRIPTS + 1)
    after = certs.content_key("sign", x - 1, "positive", {}), certs.fingerprint("sign", x - 1, "positive", {})
    assert before[0] == after[0] and before[1] != after[1]
    assert certs.content_key("sign", x - 2, "positive", {}) != before[0]


def test_a_sign_without_symbolic_route_records_and_replays_its_box_log(monkeypatch):
    """symbolic=False claims were searched afresh on every check (a 1485-box proof, 29 s); now certified."""
    from symdp.engine import validated
    from symdp.engine.run.recorder import Recorder
    from symdp.engine.model.status import Status
    x = sp.Symbol("x", positive=True)
    claim = (sp.log(1 + x) - x / (1 + x), "nonnegative", {x: sp.Interval(0, 3)})
    first = Recorder("t", certify=True)
    first.sign("c", *claim, symbolic=False)
    (cert,) = first.certificates
    assert first.trace[-1].outcome.status is Status.PROVED and cert.boxes and cert.proved.startswith("validated")
    searches = []
    monkeypatch.setattr(validated.search.Search, "run", lambda self, box: searches.append(box) or False)
    again = Recorder("t", book={cert.fingerprint: cert})
    again.sign("c", *claim, symbolic=False)
    assert again.trace[-1].outcome.status is Status.PROVED and not searches  # replayed, not searched


def test_a_false_sign_without_symbolic_route_is_refuted_before_any_box_search(monkeypatch):
    from symdp.engine import validated
    from symdp.engine.run.recorder import Recorder
    from symdp.engine.model.status import Status
    x = sp.Symbol("x", positive=True)
    monkeypatch.setattr(validated.search.Search, "run", lambda self, box: pytest.fail("searched"))
    d = Recorder("t", certify=True)
    d.sign("c", sp.log(1 + x) - x / 2, "nonnegative", {x: sp.Interval(0, 10)}, symbolic=False)
    outcome = d.trace[-1].outcome
    assert outcome.status is Status.REFUTED and "enclosure" in outcome.detail
    with mp.workdps(50):  # oracle: log(1 + x) < x/2 at the witness, by mpmath directly
        at = mp.mpf(dict(outcome.witness.point)["x"])
        assert mp.log(1 + at) < at / 2


def _identity_run(monkeypatch, rhs, book, total):
    """Certify ``tanh(x/2) = rhs`` with ``book`` as the file's earlier certificates and ``total`` seconds of search:
    (outcome, certificate); the claim's certificate state (recorded, or carried forward) in ``_identity_run.state``."""
    from symdp.engine.run import recorder
    from symdp.engine.run.recorder import Recorder
    monkeypatch.setattr(recorder, "CERTIFY_TOTAL", total)
    x = sp.Symbol("x", positive=True)
    d = Recorder("t", book=book, certify=True)
    d.identity("c", sp.tanh(x / 2), rhs(x))
    _identity_run.state = d.trace[-1].certificate
    return d.trace[-1].outcome, d.certificates[0]


def test_certify_replays_the_earlier_proof_where_the_fresh_search_finds_none(monkeypatch):
    """A changed prover (new fingerprints) on a slow machine: the search runs out of time, the earlier proof of the
    same claim replays under the new prover and is kept (certification never loses a proof that still holds)."""
    from symdp.engine.run.recorder import Recorder
    from symdp.engine.model.status import Status
    true = lambda x: (sp.exp(x) - 1) / (sp.exp(x) + 1)
    outcome, proof = _identity_run(monkeypatch, true, {}, 60.0)
    assert outcome.status is Status.PROVED and _identity_run.state == "recorded"
    starved, _ = _identity_run(monkeypatch, true, {}, 0.0)
    assert starved.status is not Status.PROVED          # the fresh search alone fails
    earlier = Certificate("an older prover's key", proof.claim, proof.transcript, proof.proved)
    outcome, carried = _identity_run(monkeypatch, true, {earlier.fingerprint: earlier}, 0.0)
    assert outcome.status is Status.PROVED and carried.transcript == proof.transcript
    assert carried.fingerprint == proof.fingerprint     # filed under this prover's key
    assert _identity_run.state == "carried"              # and said so (certify's summary counts them)
    x = sp.Symbol("x", positive=True)
    check = Recorder("t", book={carried.fingerprint: carried})
    check.identity("c", sp.tanh(x / 2), true(x))
    assert check.trace[-1].outcome.status is Status.PROVED


def test_an_earlier_proof_never_proves_a_changed_false_claim(monkeypatch):
    """Mutation: the claim under the same name is nudged into a false one; its old proof must not carry over."""
    from symdp.engine.model.status import Status
    _, proof = _identity_run(monkeypatch, lambda x: (sp.exp(x) - 1) / (sp.exp(x) + 1), {}, 60.0)
    earlier = Certificate("an older prover's key", proof.claim, proof.transcript, proof.proved)
    false = lambda x: (sp.exp(x) - 1) / (sp.exp(x) + 1) + sp.Rational(1, 10**6)
    outcome, cert = _identity_run(monkeypatch, false, {earlier.fingerprint: earlier}, 0.0)
    assert outcome.status not in (Status.PROVED, Status.VERIFIED) and not cert.proved
