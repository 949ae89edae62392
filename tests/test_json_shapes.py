"""The calculators' --json documents: real outputs against their schemas, and one shape with check --json."""
import json

import pytest

from symdp.cli import CALCULATOR_SCHEMA_VERSION, main
from symdp.engine.run.serialize import tool_versions
from test_api import _schema, _validate

CASES = [
    ("epsilon", ["epsilon", "--metric", "fbeta", "--bound", "0.67", "--json"]),
    ("epsilon", ["epsilon", "--metric", "fbeta", "--beta", "2", "--bound", "0.83", "--json"]),  # no epsilon
    ("epsilon", ["epsilon", "--metric", "fbeta", "--bound", "0.67", "--rho-p", "0.2", "--json"]),
    ("epsilon", ["epsilon", "--metric", "fbeta", "--mechanism", "gaussian", "--delta", "1e-5", "--bound", "0.7",
                 "--json"]),
    ("epsilon", ["epsilon", "--metric", "fbeta", "--mechanism", "gaussian", "--delta", "1e-5",
                 "--calibration", "analytic", "--bound", "0.7", "--json"]),
    ("table1", ["table1", "--json"]),
    ("table1", ["table1", "--rho-p", "0.2", "--rho-c", "0.1", "--json"]),
    ("notions-implies", ["notions", "implies", "MP", "DP", "--eps", "1", "--json"]),
    ("notions-implies", ["notions", "implies", "MP", "DP", "--json"]),  # symbolic parameter
    ("notions-implies", ["notions", "implies", "DP", "TVD", "--eps", "1", "--json"]),
    ("guessing-epsilon", ["epsilon", "--metric", "guessing-advantage", "--bound", "0.1", "--prior", "normal", "--mu", "40", "--sigma", "15", "--precision", "5", "--json"]),
    ("guessing-epsilon", ["epsilon", "--metric", "guessing-advantage", "--bound", "0.1", "--prior", "normal", "--mu", "40", "--sigma", "15", "--precision", "5", "--mechanism",
                          "geometric", "--bound-type", "main", "--json"]),
    ("guessing-epsilon", ["epsilon", "--metric", "guessing-advantage", "--bound", "0.3", "--pre", "0.2",
                          "--sup-distance", "1", "--bound-type", "simplified", "--direction", "loss",
                          "--json"]),  # closed form: every epsilon (eta >= Pr_pre)
    ("guessing", ["guessing", "--epsilon", "0.1", "--prior", "normal", "--mu", "40", "--sigma", "15", "--precision", "5", "--mechanism", "geometric", "--json"]),
    ("guessing", ["guessing", "--epsilon", "0.1", "--attribute", "normal:mu=40,sigma=15,precision=5",
                  "--attribute", "exponential:rate=2e-5,precision=5000", "--json"]),  # AND: no exact value
    ("mia", ["mia", "--epsilon", "1", "--fpr", "0.1", "--json"]),
    ("mia", ["mia", "--epsilon", "1", "--delta", "1e-5", "--alpha", "0.3", "--fpr", "0.05", "--prior-ratio", "9",
             "--json"]),
    ("tvd", ["tvd", "--mechanism", "laplace", "--scale", "2", "--json"]),
    ("tvd", ["tvd", "--mechanism", "rr", "--epsilon", "0.5", "--steps", "10", "--json"]),
    ("tvd", ["tvd", "--mechanism", "dp-sgd", "--sigma", "0.7", "--q", "0.005", "--steps", "100", "--points", "4096",
             "--json"]),
]


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    assert out.count("\n") == 1  # one line
    return json.loads(out)


@pytest.mark.parametrize("name,argv", CASES, ids=[" ".join(a[:4]) for _, a in CASES])
def test_real_output_matches_its_schema(capsys, name, argv):
    doc = _run(capsys, argv)
    schema = _schema(name)
    _validate(doc, schema)
    assert set(doc) == set(schema["required"]) == set(schema["properties"])  # every key documented, always present
    assert doc["schema_version"] == CALCULATOR_SCHEMA_VERSION == schema["properties"]["schema_version"]["const"]
    assert doc["tools"] == tool_versions()
    with pytest.raises(AssertionError):
        _validate({k: v for k, v in doc.items() if k != "schema_version"}, schema)
    with pytest.raises(AssertionError):
        _validate(dict(doc, unexpected=1), schema)


def test_every_json_document_carries_the_same_header():
    check = _schema("check")
    for name in ("epsilon", "table1", "notions-implies", "guessing-epsilon", "guessing", "mia", "tvd"):
        schema = _schema(name)
        assert schema["additionalProperties"] is False
        assert {"schema_version", "tools"} <= set(schema["required"])
        assert schema["properties"]["tools"] == check["properties"]["tools"]


def test_schemas_are_valid_for_jsonschema_when_installed(capsys):
    jsonschema = pytest.importorskip("jsonschema")
    for name, argv in CASES:
        jsonschema.Draft202012Validator.check_schema(_schema(name))
        jsonschema.validate(_run(capsys, argv), _schema(name))
