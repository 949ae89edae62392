"""The measure of issue 49: refutations and errata of a ``symdp check --json`` run, and which an enclosure certifies."""
import json

from count_enclosed import findings, merged, statuses, summary


def _run(*claims, did="d"):
    return {"derivations": [{"id": did, "claims": [{"id": cid, "status": st, "method": m} for cid, st, m in claims]}]}


RUN = _run(("a", "REFUTED", "numeric counterexample (certified)"),
           ("b", "ERRATUM", "piece by piece; numeric counterexample (certified)"),
           ("c", "ERRATUM", "ball arithmetic (arb enclosure at 64 bits)"),
           ("d", "REFUTED", "numeric counterexample (mpmath oracle, not enclosed)"),
           ("e", "ERRATUM", "closed form at 50 digits"),
           ("f", "ERRATUM", "one-sided comparison (printed at most derived), exact rational arithmetic against the "
                            "derived value at 50 digits"),
           ("g", "VERIFIED", "numeric sample"), ("h", "PROVED", "symbolic"))


def test_findings_and_enclosures():
    found = findings(RUN)
    assert [f.claim for f in found] == list("abcdef")
    assert [f.claim for f in found if f.enclosed] == ["a", "b", "c"]
    assert summary(found) == "6 refutations and errata, 3 certified by an enclosure (50.0 %)"
    assert statuses(RUN)[("d", "g")] == "VERIFIED"


def test_a_later_run_replaces_a_derivation(tmp_path):
    first, second = tmp_path / "all.json", tmp_path / "one.json"
    first.write_text(json.dumps(RUN))
    second.write_text(json.dumps(_run(("d", "REFUTED", "numeric counterexample (certified)"))))
    found = findings(merged([str(first), str(second)]))
    assert [(f.claim, f.enclosed) for f in found] == [("d", True)]
