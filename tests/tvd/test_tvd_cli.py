"""`symdp tvd`: the CLI contract (help, one-line errors with exit 2 before any work, JSON against its schema)
and its values against the library's independent checks."""
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
    ["--mechanism", "laplace", "--scale", "1"],
    ["--mechanism", "laplace", "--scale", "2", "--steps", "5"],
    ["--mechanism", "gaussian", "--sigma", "2", "--steps", "4"],
    ["--mechanism", "gaussian", "--sigma", "1", "--q", "0.1"],
    ["--mechanism", "rr", "--epsilon", "0.5", "--steps", "10"],
    ["--mechanism", "rr", "--epsilon", "1", "--k", "4", "--steps", "3"],
    ["--mechanism", "dp-sgd", "--sigma", "0.7", "--q", "0.005", "--steps", "100", "--delta", "1e-5"],
    ["--mechanism", "dp-sgd", "--sigma", "1", "--q", "0.01", "--steps", "50", "--direction", "both",
     "--points", "4096"],
]


def _json(capsys, argv):
    code = main(["tvd", *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and out.count("\n") == 1, err
    return json.loads(out)


@pytest.mark.parametrize("argv", CASES, ids=[" ".join(a[:4]) for a in CASES])
def test_json_matches_its_schema(capsys, argv):
    doc = _json(capsys, argv)
    schema = _schema("tvd")
    _validate(doc, schema)
    assert set(doc) == set(schema["required"]) == set(schema["properties"])
    assert doc["schema_version"] == CALCULATOR_SCHEMA_VERSION == schema["properties"]["schema_version"]["const"]
    assert doc["tools"] == tool_versions() and schema["properties"]["tools"] == _schema("check")["properties"]["tools"]
    with pytest.raises(AssertionError):
        _validate(dict(doc, unexpected=1), schema)


def test_schema_is_valid_for_jsonschema_when_installed(capsys):
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(_schema("tvd"))
    for argv in CASES[:3]:
        jsonschema.validate(_json(capsys, argv), _schema("tvd"))


def test_json_is_deterministic(capsys):
    argv = CASES[6]
    assert _json(capsys, argv) == _json(capsys, argv)


def test_values(capsys):
    lap = _json(capsys, CASES[0])
    assert lap["exact"]["value"] == pytest.approx(1 - math.exp(-0.5), rel=1e-11)
    gau = _json(capsys, CASES[2])
    assert gau["exact"]["value"] == pytest.approx(math.erf(2 / (2 * math.sqrt(2) * 2)), rel=1e-11)
    sub = _json(capsys, CASES[3])
    assert sub["exact"]["value"] == pytest.approx(0.1 * math.erf(1 / (2 * math.sqrt(2))), rel=1e-11)
    assert sub["bounds"]["subsampling"] == sub["exact"]["value"]           # Thm 10 attained
    sgd = _json(capsys, CASES[6])
    assert sgd["exact"]["lower"] <= sgd["exact"]["upper"] < sgd["bounds"]["pinsker"]
    assert sgd["dp"]["conversion"] == "improved" and sgd["dp"]["epsilon"] > 0


def test_laplace_by_epsilon_is_scale_sensitivity_over_epsilon(capsys):
    # the Laplace mechanism with sensitivity D and epsilon has scale D/epsilon; its TV is 1 - e^{-epsilon/2}
    by_eps = _json(capsys, ["--mechanism", "laplace", "--sensitivity", "2", "--epsilon", "0.5"])
    by_scale = _json(capsys, ["--mechanism", "laplace", "--sensitivity", "2", "--scale", "4"])
    assert by_eps == by_scale
    assert math.isclose(by_eps["exact"]["value"], 1 - math.exp(-0.25), rel_tol=1e-11)


def test_text_output(capsys):
    assert main(["tvd", "--mechanism", "dp-sgd", "--sigma", "0.7", "--q", "0.005", "--steps", "6000"]) == 0
    out = capsys.readouterr().out
    assert "exact TV in [0.3646" in out and "pinsker bound: 0.4828" in out


def test_help():
    with pytest.raises(SystemExit) as exc:
        main(["tvd", "--help"])
    assert exc.value.code == 0


BAD = [
    (["--mechanism", "cauchy"], "--mechanism"),
    (["--mechanism", "laplace"], "--scale"),
    (["--mechanism", "laplace", "--scale", "0"], "--scale"),
    (["--mechanism", "laplace", "--scale", "1", "--sigma", "1"], "--sigma"),
    (["--mechanism", "laplace", "--scale", "1", "--epsilon", "1"], "--epsilon"),
    (["--mechanism", "laplace", "--epsilon", "0"], "--epsilon"),
    (["--mechanism", "gaussian", "--sigma", "1", "--epsilon", "1"], "--epsilon"),
    (["--mechanism", "gaussian", "--sigma", "1", "--q", "2"], "--q"),
    (["--mechanism", "gaussian", "--sigma", "1", "--q", "0.1", "--steps", "3"], "--mechanism"),
    (["--mechanism", "rr", "--epsilon", "1", "--k", "1"], "--k"),
    (["--mechanism", "rr", "--epsilon", "nan"], "--epsilon"),
    (["--mechanism", "dp-sgd", "--sigma", "0.01", "--q", "0.1"], "--sigma"),
    (["--mechanism", "dp-sgd", "--sigma", "1", "--q", "0.1", "--steps", "0"], "--steps"),
    (["--mechanism", "dp-sgd", "--sigma", "1", "--q", "0.1", "--points", "10"], "--points"),
    (["--mechanism", "dp-sgd", "--sigma", "1", "--q", "0.1", "--delta", "1"], "--delta"),
    (["--mechanism", "dp-sgd", "--sigma", "1", "--q", "0.1", "--direction", "up"], "--direction"),
]


@pytest.mark.parametrize("argv,flag", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_exit_2_before_any_work(capsys, monkeypatch, argv, flag):
    from symdp.tvd import calculator as tvd_cli
    monkeypatch.setattr(tvd_cli, "compute", lambda p: pytest.fail("work started before validation"))
    assert main(["tvd", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("symdp: error: " + flag)


def test_answers_in_well_under_a_second_in_process():
    # DP-SGD at the paper's point (T = 6000, both directions of one computation at the default grid): the
    # measured CPU time is ~0.3 s; the bound here leaves room for a loaded machine
    t0 = time.process_time()
    assert main(["tvd", "--mechanism", "dp-sgd", "--sigma", "0.7", "--q", "0.005", "--steps", "6000"]) == 0
    assert time.process_time() - t0 < 2.0


def test_subprocess_contract():
    proc = subprocess.run([sys.executable, "-m", "symdp", "tvd", "--mechanism", "laplace"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == "" and proc.stderr.count("\n") == 1
