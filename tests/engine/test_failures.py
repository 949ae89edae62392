"""Failures in plain sight: files that do not import and derivations that raise are
reported with file, line and ``ExcType: message`` in text, JSON and JUnit, counted,
and make ``symdp check`` and ``symdp list`` exit 1; the other files still run."""
import json
import xml.etree.ElementTree as ET

import pytest

from symdp.cli import main
from symdp.engine.run.registry import collect, discover, select
from symdp.errors import SymdpError

GOOD = '''import sympy as sp
from symdp import derivation
x = sp.Symbol("x", positive=True)

@derivation(id="t.good", title="good", paper="p.txt", where="-")
def good(d):
    d.identity("square", (x + 1) ** 2, x**2 + 2*x + 1)
'''

SYNTAX = '''import sympy as sp

def broken(:
    pass
'''

IMPORT = '''import sympy as sp
import symdp_no_such_module
'''

RAISES = '''import sympy as sp
from symdp import derivation
x = sp.Symbol("x", positive=True)

@derivation(id="t.raises", title="raises", paper="p.txt", where="-")
def raises(d):
    d.define("x", x)
    d.define("y", foo * x)
'''

LIBRARY = RAISES.replace('d.define("y", foo * x)', 'd.substitute("y", x, 5)')

# (source, line, message, derivation id or None for a file that did not import)
CASES = {
    "syntax": (SYNTAX, 3, "SyntaxError: invalid syntax", None),
    "import": (IMPORT, 2, "ModuleNotFoundError: No module named 'symdp_no_such_module'", None),
    "raises": (RAISES, 8, "NameError: name 'foo' is not defined", "t.raises"),
}


@pytest.fixture(params=sorted(CASES))
def case(request, derivation_dir):
    """A folder with a good derivation and a broken file; the expected error."""
    source, line, message, derivation = CASES[request.param]
    derivation_dir(GOOD, "a_good.py")
    folder = derivation_dir(source, "b_broken.py")
    return folder, f"{folder / 'b_broken.py'}:{line}", message, derivation


def check(capsys, folder, *options):
    code = main(["check", "--path", str(folder), "--jobs", "1", "--no-cache", *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_names_file_line_and_message(capsys, case):
    folder, where, message, derivation = case
    code, out, err = check(capsys, folder)
    prefix = f"{derivation} :: " if derivation else ""
    assert code == 1 and err == "" and "Traceback" not in out
    assert f"ERROR {prefix}{where}: {message}\n" in out
    assert "t.good      PROVED          1  ok" in out  # the other file still ran
    assert "ERROR 1\n" in out and "errors (1, counted in ERROR)" in out


def test_json_lists_and_counts_the_error(capsys, case):
    folder, where, message, derivation = case
    code, out, _ = check(capsys, folder, "--json")
    doc = json.loads(out)
    file, line = where.rsplit(":", 1)
    assert code == 1 and doc["ok"] is False
    assert doc["errors"] == [{"file": file, "line": int(line), "message": message, "derivation": derivation}]
    assert doc["summary"]["ERROR"] == 1 and doc["summary"]["PROVED"] == 1
    assert [d["id"] for d in doc["derivations"]] == ["t.good"] + ([derivation] if derivation else [])


def test_junit_has_an_error_testcase(capsys, case, tmp_path):
    folder, where, message, derivation = case
    junit = tmp_path / "junit.xml"
    code, _, _ = check(capsys, folder, "--junit", str(junit))
    text = junit.read_text()
    suite = ET.fromstring(text)
    assert code == 1 and "time=" not in text and "timestamp" not in text
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "0", "1")
    (error_case,) = [c for c in suite.findall("testcase") if c.find("error") is not None]
    assert error_case.get("classname") == (derivation or where.rsplit(":", 1)[0])
    assert error_case.find("error").get("message") == message
    assert error_case.find("error").text == f"{where}: {message}"
    check(capsys, folder, "--junit", str(junit))
    assert junit.read_text() == text  # byte for byte reproducible


def test_list_reports_collection_errors_on_stderr(capsys, case):
    folder, where, message, derivation = case
    code = main(["list", "--path", str(folder)])
    out, err = capsys.readouterr()
    assert "t.good  good" in out
    if derivation:  # it imports: listed, nothing to report until it runs
        assert code == 0 and err == "" and derivation in out
    else:
        assert code == 1 and err == f"ERROR {where}: {message}\n"


def test_error_step_names_the_line_in_the_derivation_file(derivation_dir):
    from symdp.engine.run.runner import run_one
    folder = derivation_dir(LIBRARY)
    (spec,) = discover(folder)
    result = run_one(spec)
    step = result.steps[-1]
    # raised inside SymPy: the innermost frame in the derivation's file is the step's call
    assert result.error.file == spec.file and result.error.line == 8
    assert result.error.message.startswith("ValueError: ")
    assert step.outcome.detail == f"{spec.file}:8: {result.error.message}"


def test_discover_is_strict_and_select_names_unimported_files(derivation_dir):
    derivation_dir(GOOD, "a_good.py")
    folder = derivation_dir(SYNTAX, "b_broken.py")
    found = collect(folder)
    assert [s.id for s in found.specs] == ["t.good"] and len(found.errors) == 1
    with pytest.raises(SymdpError, match="b_broken.py:3.*SyntaxError: invalid syntax"):
        discover(folder)
    with pytest.raises(SymdpError, match="not imported: .*b_broken.py"):
        select(list(found.specs), ["t.missing"], found.errors)
