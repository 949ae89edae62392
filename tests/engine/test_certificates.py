"""Certificates files: a failed search never overwrites a recorded proof of the same content."""
from types import SimpleNamespace

from symdp.engine import certificates as certs
from symdp.engine.certificates import Certificate


def _write(tmp_path, *cs):
    file = tmp_path / "d.py"
    result = SimpleNamespace(id="x.d", certificates=list(cs))
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


def test_sample_seeds_do_not_move_with_the_prover(monkeypatch):
    """A certificate's key names the prover (a changed prover re-searches); a sample's seed names the claim only,
    so a new rewrite cannot move the points a sampled claim (a library audit, say) is judged at."""
    import sympy as sp
    x = sp.Symbol("x", positive=True)
    before = certs.content_key("sign", x - 1, "positive", {}), certs.fingerprint("sign", x - 1, "positive", {})
    certs.prover_digest.cache_clear()
    monkeypatch.setattr(certs, "prover_digest", lambda: "another prover")
    after = certs.content_key("sign", x - 1, "positive", {}), certs.fingerprint("sign", x - 1, "positive", {})
    assert before[0] == after[0] and before[1] != after[1]
    assert certs.content_key("sign", x - 2, "positive", {}) != before[0]
