"""`symdp paper` on a paper written the way papers are (tests/fixtures/gauss_paper), checked without editing its LaTeX.

The paper has a preamble of macros (``\\eps``, ``\\sq{#1}``, ``\\DeclareMathOperator{\\TV}``), ``graphicx`` and a
figure whose file does not exist, three sections brought in with ``\\input``, 16 labelled displays with trailing
punctuation (equations, inequalities, a chain, side conditions after ``\\quad``/``\\qquad``, ``\\mu_i`` in a sum).
The oracle for every verdict is the fixture's derivations (symdp's library closed forms and SymPy algebra written
apart from the paper's text); the mutations below are made by hand, each in a copy under tmp_path.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from symdp.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gauss_paper"
ROOT = Path(__file__).resolve().parents[2]
ORDER = ["eq:dp", "eq:density", "eq:classic", "eq:exp-linear", "eq:chernoff", "eq:renyi", "eq:zcdp", "eq:zcdp-dp",
         "eq:gdp-mu", "eq:tradeoff", "eq:gdp-delta", "eq:gdp-zcdp", "eq:gdp-tv", "eq:tv-linear", "eq:composition",
         "eq:composition-equal"]
"""The labels in reading order: background, mechanism, gdp (\\input order; by file name gdp would come second)."""
GDP_LABELS = ["eq:gdp-delta", "eq:gdp-zcdp", "eq:gdp-tv", "eq:tv-linear"]
"""The labels gauss:gdp quotes after its tradeoff claim."""


@pytest.fixture
def paper(tmp_path):
    folder = tmp_path / "gauss"
    shutil.copytree(FIXTURE, folder, ignore=shutil.ignore_patterns("__pycache__", ".symdp-cache"))
    return folder


def run(folder, capsys, *extra):
    code = main(["paper", str(folder / "main.tex"), "--path", str(folder / "derivations"),
                 "--cache", str(folder.parent / "cache"), *extra])
    out, err = capsys.readouterr()
    assert code in (0, 1) and err == "", (code, err)  # never bad input, never a traceback
    return code, out


def row(out: str, label: str) -> tuple[str, list[str]]:
    """The output row of ``label`` and the indented lines under it."""
    lines = out.splitlines()
    k = next(n for n, r in enumerate(lines) if f" {label} " in r + " ")
    under = []
    for r in lines[k + 1:]:
        if not r.startswith("      "):
            break
        under.append(r.strip())
    return lines[k], under


def edit(path: Path, old: str, new: str):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_the_paper_agrees_as_written(paper, capsys):
    code, out = run(paper, capsys)
    assert code == 0, out
    assert "16 labelled equations, 15 bound: 15 agrees, 0 disagrees; 1 unbound (1 of them not a formula)" in out


def test_labels_in_reading_order_and_the_calibration_agrees(paper, capsys):
    _, out = run(paper, capsys)
    listed = [r.split()[1] for r in out.splitlines()[1:] if r.startswith("  ") and not r.startswith("      ")]
    assert listed == ORDER
    sigma, under = row(out, "eq:classic")
    assert "sections/mechanism.tex:6" in sigma and " agrees " in sigma and "gauss:mechanism::classic" in sigma
    assert r"defines \sigma^2 (not compared)" in under
    for label in ("eq:exp-linear", "eq:chernoff", "eq:tv-linear", "eq:zcdp-dp", "eq:gdp-tv", "eq:tradeoff"):
        assert " agrees " in row(out, label)[0], out
    assert row(out, "eq:dp")[1] == [r"not a formula: \Pr[...]"]
    assert "on (epsilon <= 1) & (0 < epsilon)" in row(out, "eq:exp-linear")[1]  # the condition after \quad, as written


@pytest.mark.parametrize("file, old, new, label", [
    ("sections/gdp.tex", r"2\Phi(\mu/2) - 1 \le \frac{\mu}{\sqrt{2\pi}}",
     r"2\Phi(\mu/2) - 1 \ge \frac{\mu}{\sqrt{2\pi}}", "eq:tv-linear"),
    ("sections/mechanism.tex", r"e^{\eps} - 1 \le 2\eps", r"e^{\eps} + 1 \le 2\eps", "eq:exp-linear"),
    ("sections/mechanism.tex", r"1 - \Phi(t) \le", r"1 + \Phi(t) \le", "eq:chernoff"),
])
def test_a_changed_sign_in_a_bound_exits_1_naming_the_label_and_a_witness(paper, capsys, file, old, new, label):
    edit(paper / file, old, new)
    code, out = run(paper, capsys)
    line, under = row(out, label)
    assert code == 1 and "DISAGREES" in line and file in line
    assert under[0].startswith("witness at "), out


def test_the_side_condition_is_the_domain(paper, capsys):
    """Without its side condition 0 < eps <= 1, e^eps - 1 <= 2 eps is false (at eps = 2): the condition is used."""
    edit(paper / "sections/mechanism.tex", r"e^{\eps} - 1 \le 2\eps, \quad 0 < \eps \le 1,", r"e^{\eps} - 1 \le 2\eps,")
    _, out = run(paper, capsys)
    line, under = row(out, "eq:exp-linear")
    assert "DISAGREES" in line and under[0].startswith("witness at epsilon=")


RAISE = '    d.printed("tradeoff", quote(PAPER, label="eq:tradeoff"), tradeoff.gaussian_tradeoff(alpha, mu))\n'


@pytest.mark.parametrize("old, new, why", [
    (RAISE, RAISE + '    raise RuntimeError("boom")\n', "not checked: gauss:gdp raised RuntimeError: boom ("),
    ('@derivation("gauss:gdp", "Gaussian differential privacy", "main.tex", "Sec. 3 (sections/gdp.tex)")',
     '@derivation("gauss:gdp", "Gaussian differential privacy", "main.tex", "Sec. 3 (sections/gdp.tex)", '
     'requires={"no_such_library_xyz": "1.0"})', "not checked: gauss:gdp was skipped: "),
])
def test_a_derivation_that_raises_or_is_skipped_exits_1_and_its_labels_are_not_checked(paper, capsys, old, new, why):
    edit(paper / "derivations/gauss_checks.py", old, new)
    code, out = run(paper, capsys)
    assert code == 1
    for label in GDP_LABELS:
        line, under = row(out, label)
        assert "NOT CHECKED" in line and under[-1].startswith(why), out
    if "raised" in why:  # the claims made before the raise stand
        assert " agrees " in row(out, "eq:gdp-mu")[0] and " agrees " in row(out, "eq:tradeoff")[0]
    assert "derivation not run to its end: gauss:gdp " in out


def test_a_derivation_file_that_does_not_import_exits_1(paper, capsys):
    edit(paper / "derivations/gauss_checks.py", "import sympy as sp\n",
         "import sympy as sp\nimport no_such_module_xyz\n")
    code, out = run(paper, capsys)
    assert code == 1
    for label in ORDER[1:]:
        line, under = row(out, label)
        assert "NOT CHECKED" in line and "gauss_checks.py did not import: ModuleNotFoundError" in under[-1], out


def test_the_command_line_prints_no_traceback(paper):
    edit(paper / "derivations/gauss_checks.py", RAISE, RAISE + "    1 / 0\n")
    proc = subprocess.run([sys.executable, "-m", "symdp", "paper", str(paper / "main.tex"), "--path",
                           str(paper / "derivations"), "--cache", str(paper.parent / "cache"), "--json"],
                          capture_output=True, text=True, cwd=paper,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 1 and proc.stderr == "", proc.stderr
    doc = json.loads(proc.stdout)
    assert not doc["ok"] and [e["label"] for e in doc["equations"]] == ORDER
    assert doc["failures"][0]["derivation"] == "gauss:gdp" and "ZeroDivisionError" in doc["failures"][0]["why"]
    classic = next(e for e in doc["equations"] if e["label"] == "eq:classic")
    assert classic["state"] == "agrees" and classic["claims"][0]["defines"] == r"\sigma^2"
    tv = next(e for e in doc["equations"] if e["label"] == "eq:tv-linear")
    assert tv["state"] == "not checked" and tv["why"].startswith("not checked: gauss:gdp raised ZeroDivisionError")
