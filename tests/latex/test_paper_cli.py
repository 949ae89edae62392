"""`symdp paper`: the test paper (tests/fixtures/paper) against the derivations that quote it by label.

The oracle for every verdict is the fixture's derivations (library closed forms and SymPy algebra,
written independently of the paper's text); the mutations below are made by hand.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from symdp.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "paper"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def paper(tmp_path):
    folder = tmp_path / "paper"
    shutil.copytree(FIXTURE, folder, ignore=shutil.ignore_patterns("__pycache__", ".symdp-cache"))
    return folder


def run(folder, capsys, *extra):
    code = main(["paper", str(folder / "main.tex"), "--path", str(folder / "derivations"),
                 "--cache", str(folder.parent / "cache"), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def edit(path: Path, old: str, new: str):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_the_fixture_agrees(paper, capsys):
    code, out, _ = run(paper, capsys)
    assert code == 0, out
    assert "16 labelled equations, 15 bound: 15 agrees, 0 disagrees" in out
    assert "sections/results.tex:11" in out and "eq:sigma" in out
    assert "eq:unbound               unbound" in out


def test_json(paper, capsys):
    code, out, _ = run(paper, capsys, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["ok"] and doc["summary"]["agrees"] == 15 and doc["summary"]["unbound"] == 1
    sigma = next(e for e in doc["equations"] if e["label"] == "eq:sigma")
    assert sigma == {"label": "eq:sigma", "file": "sections/results.tex", "line": 11, "state": "agrees",
                     "why": None, "claims": sigma["claims"]}
    assert sigma["claims"][0]["id"] == "paper:results::sigma"


@pytest.mark.parametrize("file, old, new, label, line", [
    ("sections/results.tex", r"\log(1.25/\delta)", r"\log(1.5/\delta)", "eq:sigma", "sections/results.tex:11"),
    ("main.tex", r"\frac{\Delta Q \log 2(1-\alpha)}{\epsilon} + Q(D')", r"\frac{\Delta Q \log 2(1-\alpha)}{\epsilon} - Q(D')",
     "eq:threshold", "main.tex:16"),
])
def test_a_changed_constant_or_sign_fails_naming_label_line_and_witness(paper, capsys, file, old, new, label, line):
    assert run(paper, capsys)[0] == 0  # cached as passing: the edit below must invalidate the entry
    edit(paper / file, old, new)
    code, out, _ = run(paper, capsys)
    assert code == 1
    row = next(r for r in out.splitlines() if label in r)
    assert line in row and "DISAGREES" in row
    assert "witness at " in out.split(row, 1)[1].splitlines()[1]


def test_a_deleted_bound_label_is_bad_input_naming_it(paper, capsys):
    edit(paper / "sections/results.tex", r"\label{eq:tail}", "")
    code, out, err = run(paper, capsys)
    assert code == 2 and out == ""
    assert "eq:tail" in err and "paper:results::tail" in err and len(err.strip().splitlines()) == 1


def test_a_moved_label_or_an_unrelated_edit_changes_nothing(paper, capsys):
    _, before, _ = run(paper, capsys)
    edit(paper / "main.tex", r"  \label{eq:laplace-density}", "  % the label moved up")
    edit(paper / "main.tex", r"p(o) = \frac", r"\label{eq:laplace-density} p(o) = \frac")
    edit(paper / "main.tex", "adds noise of scale", "adds Laplace noise of scale")
    code, after, _ = run(paper, capsys)
    assert code == 0 and after == before


@pytest.mark.parametrize("include", [r"\input{/etc/passwd}", r"\input{../../x}", r"\input{missing}"])
def test_an_include_outside_the_paper_or_missing_is_a_note_and_its_labels_are_not_checked(paper, capsys, include):
    edit(paper / "main.tex", r"\input{sections/results}", include)
    code, out, err = run(paper, capsys)
    assert code == 1 and err == ""
    assert "4 labelled equations" in out and "11 bound label(s) not in the paper as read" in out
    assert any(r.split()[:2] == ["eq:sigma", "NOT"] for r in out.splitlines())
    notes = [r for r in out.splitlines() if r.startswith("note: ")]
    assert len(notes) == 1 and notes[0].startswith(f"note: main.tex:35: {include}: ")


def test_a_cycle_of_includes_is_bad_input(paper, capsys):
    edit(paper / "main.tex", r"\input{sections/results}", r"\include{../paper/main}")
    code, out, err = run(paper, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and err.startswith("symdp: error:")


def test_python_payloads_are_never_run(paper, capsys, tmp_path):
    marker = tmp_path / "pwned"
    payloads = [f"__import__('os').system('touch {marker}')", "(lambda: __import__('os'))()",
                f"eval(\"open('{marker}', 'w')\")"]
    extra = "".join(f"\\begin{{equation}} x = {p} \\label{{eq:payload{k}}} \\end{{equation}}\n"
                    for k, p in enumerate(payloads))
    edit(paper / "main.tex", r"\end{document}", extra + r"\end{document}")
    code, out, _ = run(paper, capsys)
    assert code == 0 and not marker.exists()
    rows = [r for r in out.splitlines() if "eq:payload" in r]
    assert len(rows) == 3 and all(" unparsed" in r for r in rows)
    assert "3 of them unparsed" in out


def test_missing_paper_or_path_is_bad_input(paper, capsys):
    assert main(["paper", str(paper / "nope.tex"), "--path", str(paper / "derivations")]) == 2
    assert main(["paper", str(paper / "main.tex"), "--path", str(paper / "nope")]) == 2
    assert capsys.readouterr().out == ""


def test_the_pytest_plugin_fails_the_disagreeing_claim(paper):
    edit(paper / "sections/results.tex", r"\log(1.25/\delta)", r"\log(1.5/\delta)")
    proc = subprocess.run([sys.executable, "-m", "pytest", str(paper / "derivations"), "-q", "-p", "no:cacheprovider",
                           "-p", "symdp", "-o", f"symdp_cache={paper.parent / 'cache'}", "--rootdir", str(paper)],
                          capture_output=True, text=True, cwd=paper, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "1 failed, 14 passed" in proc.stdout and "sigma" in proc.stdout
    assert r"printed: ../main.tex (sections/results.tex:11) \label{eq:sigma}" in proc.stdout


def test_a_bound_equation_that_does_not_parse_fails_with_the_reason(paper, capsys):
    edit(paper / "sections/results.tex", r"\epsilon^* = \log", r"\epsilon^* = \hat{f(x)}\log")
    code, out, _ = run(paper, capsys)
    row = next(r for r in out.splitlines() if "eq:prior" in r)
    assert code == 1 and "UNPARSED" in row and "sections/results.tex:35" in row
    assert r"\hat" in out.split(row, 1)[1].splitlines()[1]


def test_check_json_of_quoted_claims_follows_the_schema(paper, capsys):
    from test_api import _validate
    code = main(["check", "--path", str(paper / "derivations"), "--json", "--cache", str(paper.parent / "cache")])
    doc = json.loads(capsys.readouterr().out)
    schema = json.loads((ROOT / "symdp" / "schemas" / "check.schema.json").read_text())
    _validate(doc, schema)
    claim = doc["derivations"][1]["claims"][1]
    assert code == 0 and claim["printed"] == {
        "file": "../main.tex", "part": "sections/results.tex", "line": 11, "label": "eq:sigma", "number": None,
        "latex": r"\sigma &= \sqrt{2\log(1.25/\delta)}\,\frac{\Delta Q}{\epsilon} \label{eq:sigma}", "reading": None}


def test_help_says_what_the_command_reports_and_its_exit_codes(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["paper", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert exc.value.code == 0
    for phrase in ("reading order", "not checked (the derivation that quotes it raised, timed out, was skipped or "
                   "did not import", "an inequality (<=, <, >=, >, or a chain) is proved", "derived may then be "
                   "omitted", r"(\sigma^2 = ...) is reported, never compared", "Exit 0 when every bound label agrees "
                   "and every derivation ran to its end", "2 for bad input"):
        assert phrase in text, phrase
