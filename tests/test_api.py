"""symdp.run, the notebook display of results, the tutorial, and the JSON outputs against their schemas."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import sympy as sp

import symdp
from symdp.engine.model.status import Status

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial"
SCHEMAS = ROOT / "symdp" / "schemas"


@pytest.fixture(scope="module")
def tutorial():
    return symdp.run(TUTORIAL)


def test_tutorial_runs_as_documented(tutorial):
    (result,) = tutorial
    assert tutorial.ok and result.ok
    claims = {c.claim_id: c.status for c in result.claims}
    assert claims["draft-b"] is Status.ERRATUM and claims["a-quadrature"] is Status.VERIFIED
    assert claims["dp-bound"] is Status.PROVED and claims["sum-is-cosh"] is Status.PROVED
    # its .proofs.json is committed: a proof object accepted by the kernel, or a transcript replayed
    assert all(c.certificate in ("kernel-checked", "replayed", "") for c in result.claims)


def test_tutorial_snippets_are_in_the_file():
    code = (TUTORIAL / "laplace_testing.py").read_text()
    doc = (ROOT / "docs" / "tutorial.md").read_text()
    for line in ('d.sign("dp-bound", a + sp.exp(eps) * b - 1, "nonnegative", domain=UNIT',
                 'd.printed("draft-b", sp.exp(-eps * t) / 2, b, domain=UNIT, where="draft, Eq. 3", '
                 'expect=Status.ERRATUM)'):
        assert line in code and line in doc


def test_run_a_function_and_a_plain_function():
    from symdp import derivation

    @derivation(id="api.one", title="One", paper="p", where="w")
    def one(d):
        d.identity("same", sp.Integer(2), sp.Integer(1) + 1)

    def plain(d):
        """A plain function."""
        d.identity("same", sp.Integer(1), sp.Integer(1))

    r = symdp.run(one)
    assert r.ok and r.id == "api.one" and r.claims[0].status is Status.PROVED
    p = symdp.run(plain)
    assert p.id == "plain" and p.title == "A plain function." and p.ok
    with pytest.raises(symdp.SymdpError):
        symdp.run(one, jobs=0)


def test_results_are_frozen_and_display(tutorial):
    result = tutorial["tutorial.laplace-testing"]
    with pytest.raises(Exception):
        result.id = "other"
    assert repr(result) == ("<DerivationResult tutorial.laplace-testing: ERRATUM, 8 claim(s) "
                            "(1 ERRATUM, 6 PROVED, 1 VERIFIED), ok>")
    assert len(repr(result)) < 120 and repr(tutorial).startswith("<symdp.Run 1 derivation(s), 8 claim(s)")
    assert repr(result.claims[0]) == "<Step cross-check a-quadrature: VERIFIED by numeric sample, ok>"
    latex = result._repr_latex_()
    assert latex.startswith("$$\\begin{array}") and latex.endswith("\\end{array}$$")
    assert r"\mathtt{printed\ draft-b}" in latex and r"\color{orange}{\textbf{ERRATUM}}" in latex
    assert latex.count(r"\\") == len(result.trace)           # one row per trace entry, and the title
    html = result._repr_html_()
    assert "witness: at epsilon=1" in html and "&#10003;" in html and "\\(" in html
    assert "<table>" in tutorial._repr_html_() and "array" in tutorial._repr_latex_()
    assert result.claims[0]._repr_latex_().startswith("$$")


def test_figures_show_as_svg():
    from symdp.api import figure_svg
    from symdp.engine.model.records import Figure, Series
    fig = Figure("f", "c", "x", "y", (Series("a", (("0", "0"), ("1", "1"))), Series("b", (("0", "1"),))))
    svg = figure_svg(fig)
    assert svg.startswith("<svg") and svg.count("<polyline") == 2


def test_run_a_folder_with_a_helper_module(tmp_path):
    (tmp_path / "helper.py").write_text("import sympy as sp\nTWO = sp.Integer(2)\n")
    (tmp_path / "uses.py").write_text(
        "import sympy as sp\nfrom symdp import derivation\nfrom helper import TWO\n\n"
        "@derivation(id='h.two', title='t', paper='p', where='w')\n"
        "def two(d):\n    d.identity('two', TWO, sp.Integer(2))\n")
    run = symdp.run(tmp_path)
    assert run.ok and [r.id for r in run] == ["h.two"] and run.summary["PROVED"] == 1


# -- JSON outputs against their schemas ----------------------------------------------------

def _validate(doc, schema, root=None, where="$"):
    """A small JSON Schema validator (the keywords the schemas use); jsonschema is not a dependency."""
    root = root or schema
    if "$ref" in schema:
        ref = schema["$ref"].split("/")[1:]
        target = root
        for part in ref:
            target = target[part]
        return _validate(doc, target, root, where)
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        kinds = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
                 "integer": int, "number": (int, float)}
        ok = any(isinstance(doc, kinds[n]) and not (n in ("integer", "number") and isinstance(doc, bool))
                 for n in names)
        assert ok, f"{where}: {doc!r} is not {names}"
    if "const" in schema:
        assert doc == schema["const"], where
    if "enum" in schema:
        assert doc in schema["enum"], f"{where}: {doc!r} not in {schema['enum']}"
    if "anyOf" in schema:
        errors = []
        for option in schema["anyOf"]:
            try:
                _validate(doc, option, root, where)
                break
            except AssertionError as exc:
                errors.append(str(exc))
        else:
            raise AssertionError(f"{where}: no option matches: {errors}")
    if "minimum" in schema:
        assert doc >= schema["minimum"], where
    if "exclusiveMinimum" in schema:
        assert doc > schema["exclusiveMinimum"], where
    if isinstance(doc, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            assert key in doc, f"{where}: missing {key}"
        extra = schema.get("additionalProperties", True)
        for key, value in doc.items():
            if key in props:
                _validate(value, props[key], root, f"{where}.{key}")
            elif extra is False:
                raise AssertionError(f"{where}: unexpected key {key}")
            elif isinstance(extra, dict):
                _validate(value, extra, root, f"{where}.{key}")
    if isinstance(doc, list) and "items" in schema:
        for k, value in enumerate(doc):
            _validate(value, schema["items"], root, f"{where}[{k}]")


def _schema(name):
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text())


def _cli(*args):
    proc = subprocess.run([sys.executable, "-m", "symdp", *args], capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def test_check_json_matches_its_schema(tutorial, tmp_path):
    doc = json.loads(tutorial.to_json())
    _validate(doc, _schema("check"))
    assert doc["schema_version"] == 1 and set(doc["tools"]) == {"symdp", "sympy", "mpmath", "python"}
    assert doc["tools"]["symdp"] == symdp.__version__
    (tmp_path / "bad.py").write_text("raise RuntimeError('no')\n")
    (tmp_path / "fails.py").write_text(
        "import sympy as sp\nfrom symdp import derivation\nfrom symdp.symbols import eps\n\n"
        "@derivation(id='f.fails', title='t', paper='p', where='w')\n"
        "def fails(d):\n    d.identity('wrong', sp.exp(eps), 1 + eps)\n")
    failing = json.loads(symdp.run(tmp_path).to_json())
    _validate(failing, _schema("check"))
    assert failing["errors"] and failing["derivations"][0]["claims"][0]["witness"]["point"]
    with pytest.raises(AssertionError):
        _validate(dict(doc, extra=1), _schema("check"))


@pytest.mark.parametrize("name,args", [
    ("epsilon", ["epsilon", "--metric", "fbeta", "--bound", "0.67", "--json"]),
    ("epsilon", ["epsilon", "--metric", "fbeta", "--bound", "0.5", "--json"]),
    ("epsilon", ["epsilon", "--metric", "fbeta", "--mechanism", "gaussian", "--delta", "1e-5", "--bound", "0.7",
                 "--json"]),
    ("table1", ["table1", "--rho-p", "0.2", "--json"]),
    ("notions-implies", ["notions", "implies", "MP", "DP", "--eps", "1", "--json"]),
])
def test_calculator_json_matches_its_schema(name, args):
    _validate(_cli(*args), _schema(name))


def test_schemas_are_valid_for_jsonschema_when_installed(tutorial):
    jsonschema = pytest.importorskip("jsonschema")
    for path in SCHEMAS.glob("*.schema.json"):
        jsonschema.Draft202012Validator.check_schema(json.loads(path.read_text()))
    jsonschema.validate(json.loads(tutorial.to_json()), _schema("check"))
