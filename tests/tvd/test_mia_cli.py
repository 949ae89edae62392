"""`symdp mia`: the CLI contract (help, one-line errors with exit 2, JSON against its schema) and its values
against independent oracles (the attaining discrete mechanisms, enumerated)."""
import itertools
import json
import math
import subprocess
import sys
import time

import pytest

from symdp.cli import CALCULATOR_SCHEMA_VERSION, main
from symdp.engine.run.serialize import tool_versions
from test_api import _schema, _validate

CASES = [
    ["mia", "--epsilon", "1", "--fpr", "0.1", "--json"],
    ["mia", "--epsilon", "1", "--delta", "1e-5", "--fpr", "0.1", "--prior-ratio", "9", "--json"],
    ["mia", "--alpha", "0.3", "--fpr", "0.05", "--json"],
    ["mia", "--epsilon", "2", "--delta", "0.01", "--alpha", "0.2", "--fpr", "0.9", "--json"],
    ["mia", "--epsilon", "0", "--delta", "0", "--fpr", "0", "--json"],
    ["mia", "--alpha", "1", "--fpr", "1", "--prior-ratio", "1e-3", "--json"],
    ["mia", "--epsilon", "0.5", "--fpr", "0.3", "--member-fraction", "0.01", "--json"],
]


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    assert out.count("\n") == 1
    return out


@pytest.mark.parametrize("argv", CASES, ids=[" ".join(a[1:-1]) for a in CASES])
def test_json_matches_its_schema(capsys, argv):
    out = _run(capsys, argv)
    doc = json.loads(out)
    schema = _schema("mia")
    _validate(doc, schema)
    assert set(doc) == set(schema["required"]) == set(schema["properties"])
    assert doc["schema_version"] == CALCULATOR_SCHEMA_VERSION == schema["properties"]["schema_version"]["const"]
    assert doc["tools"] == tool_versions() and schema["properties"]["tools"] == _schema("check")["properties"]["tools"]
    assert out == json.dumps(json.loads(out), sort_keys=True) + "\n"
    assert _run(capsys, argv) == out                                  # deterministic
    with pytest.raises(AssertionError):
        _validate(dict(doc, unexpected=1), schema)


def test_schema_is_valid_for_jsonschema_when_installed(capsys):
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(_schema("mia"))
    for argv in CASES:
        jsonschema.validate(json.loads(_run(capsys, argv)), _schema("mia"))


def _roc_of(P, Q, g):
    """Largest TPR at FPR g over all randomised tests of a discrete pair: the concave hull of the subset points."""
    pts = {(0.0, 0.0), (1.0, 1.0)}
    for mask in itertools.product((0, 1), repeat=len(P)):
        pts.add((math.fsum(q for q, s in zip(Q, mask) if s), math.fsum(p for p, s in zip(P, mask) if s)))
    best = 0.0
    for (a, ta), (b, tb) in itertools.combinations(sorted(pts), 2):
        if a <= g <= b:
            best = max(best, ta if a == b else ta + (tb - ta) * (g - a) / (b - a))
    return best


@pytest.mark.parametrize("e,d,a,g,rho", [(1.0, 0.0, 0.3, 0.1, 1.0), (0.5, 0.01, 0.1, 0.5, 4.0),
                                          (2.0, 1e-5, 0.5, 0.02, 99.0), (1.0, 0.05, 0.9, 0.7, 0.5)])
def test_values_are_attained_by_discrete_mechanisms(capsys, e, d, a, g, rho):
    doc = json.loads(_run(capsys, ["mia", "--epsilon", repr(e), "--delta", repr(d), "--alpha", repr(a),
                                   "--fpr", repr(g), "--prior-ratio", repr(rho), "--json"]))
    q = (1 - d) / (1 + math.exp(e))
    dp_tpr = _roc_of([d, math.exp(e) * q, q, 0.0], [0.0, q, math.exp(e) * q, d], g)
    tvd_tpr = _roc_of([a, 1 - a, 0.0], [0.0, 1 - a, a], g)
    assert doc["dp"]["tpr"] == pytest.approx(dp_tpr, rel=1e-12)
    assert doc["tvd"]["tpr"] == pytest.approx(tvd_tpr, rel=1e-12)
    assert doc["combined"]["tpr"] == pytest.approx(min(dp_tpr, tvd_tpr), rel=1e-12)
    for key in ("dp", "tvd", "combined"):
        b = doc[key]
        assert b["advantage"] == pytest.approx(b["tpr"] - g, abs=1e-14)
        assert b["ppv"] == pytest.approx(b["tpr"] / (b["tpr"] + rho * g), rel=1e-13)
        assert b["max_accuracy"] == pytest.approx((1 + b["max_advantage"]) / 2, rel=1e-14)
    assert doc["dp"]["max_advantage"] == pytest.approx((math.exp(e) - 1 + 2 * d) / (math.exp(e) + 1), rel=1e-14)


def test_text_output(capsys):
    out = _run_text(capsys, ["mia", "--epsilon", "1", "--alpha", "0.2", "--fpr", "0.1"])
    assert "(1.0, 0.0)-DP: TPR <= 0.271828182845905" in out and "0.2-TVD: TPR <= 0.3" in out and "both:" in out


def _run_text(capsys, argv):
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize("argv,flag", [
    (["mia", "--fpr", "0.1"], "--epsilon/--alpha"),
    (["mia", "--epsilon", "-1", "--fpr", "0.1"], "--epsilon"),
    (["mia", "--epsilon", "701", "--fpr", "0.1"], "--epsilon"),
    (["mia", "--epsilon", "1", "--delta", "2", "--fpr", "0.1"], "--delta"),
    (["mia", "--delta", "0.1", "--alpha", "0.2", "--fpr", "0.1"], "--delta"),
    (["mia", "--alpha", "1.5", "--fpr", "0.1"], "--alpha"),
    (["mia", "--alpha", "nan", "--fpr", "0.1"], "--alpha"),
    (["mia", "--alpha", "0.1", "--fpr", "-0.1"], "--fpr"),
    (["mia", "--alpha", "0.1", "--fpr", "inf"], "--fpr"),
    (["mia", "--alpha", "0.1", "--fpr", "0.1", "--prior-ratio", "0"], "--prior-ratio"),
    (["mia", "--alpha", "0.1"], "--fpr"),
    (["mia", "--alpha", "x", "--fpr", "0.1"], "--alpha"),
    (["mia", "--alpha", "0.1", "--fpr", "0.1", "--member-fraction", "1"], "--member-fraction"),
    (["mia", "--alpha", "0.1", "--fpr", "0.1", "--member-fraction", "0.5", "--prior-ratio", "1"], "--member-fraction"),
])
def test_bad_input_is_one_line_exit_2_naming_the_flag(capsys, argv, flag):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and flag in err and "Traceback" not in err


def test_help_and_speed():
    proc = subprocess.run([sys.executable, "-m", "symdp", "mia", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "--prior-ratio" in proc.stdout and "--fpr" in proc.stdout
    argv = ["mia", "--epsilon", "1", "--delta", "1e-5", "--alpha", "0.2", "--fpr", "0.1"]
    main(argv)                                                   # imports done
    t = time.perf_counter()
    for _ in range(20):
        main(argv)
    assert (time.perf_counter() - t) / 20 < 0.05                 # the work itself: well under a second


def test_member_fraction_is_the_prior_ratio(capsys):
    a = json.loads(_run(capsys, ["mia", "--alpha", "0.2", "--fpr", "0.1", "--member-fraction", "0.1", "--json"]))
    b = json.loads(_run(capsys, ["mia", "--alpha", "0.2", "--fpr", "0.1", "--prior-ratio", "9", "--json"]))
    assert a == b and a["tvd"]["ppv"] == pytest.approx(0.1 * 0.3 / (0.1 * 0.3 + 0.9 * 0.1), rel=1e-14)
