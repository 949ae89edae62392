"""A paper whose macros live above its folder (course notes: ``Lec10/Lec10.tex`` inputs ``../newMacros``, as
sshekhar17/ECE598 does) in a tree with no ``.git``: the files outside the paper's project are notes with a hint
in every mode of ``symdp paper`` (standalone included), and ``--root`` reads them, for the paper and for the
derivations' quotes alike (``symdp check --root`` too)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from symdp.cli import main

MACROS = r"\newcommand{\lp}{\left(}" "\n" r"\newcommand{\rp}{\right)}" "\n"
LECTURE = r"""\documentclass{article}
\input{../newMacros}
\begin{document}
\begin{equation}\label{eq:bound}
  \frac{\mu}{\sqrt{2\pi}} \ge 2\Phi\lp \frac{\mu}{2} \rp - 1, \quad \mu > 0
\end{equation}
\end{document}
"""


@pytest.fixture
def lecture(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("SYMDP_PROJECT_ROOT", raising=False)
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "newMacros.tex").write_text(MACROS, encoding="utf-8")
    (tmp_path / "notes" / "Lec10").mkdir()
    paper = tmp_path / "notes" / "Lec10" / "Lec10.tex"
    paper.write_text(LECTURE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return paper


def _run(capsys, *args):
    code = main(["paper", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_without_root_the_outside_file_is_a_note_and_a_hint_in_standalone_mode(lecture, capsys):
    code, out, _ = _run(capsys, lecture, "--standalone", "--no-cache")
    assert code == 0 and "eq:bound" in out and "skipped" in out and r"\lp is not in the notation" in out
    assert r"note: Lec10.tex:2: \input{../newMacros}: outside the project" in out
    assert "give --root FOLDER" in out


def test_root_reads_the_macros_and_the_bound_is_proved(lecture, capsys, monkeypatch):
    monkeypatch.setattr("os.environ", dict(__import__("os").environ))   # --root sets it for this process
    code, out, _ = _run(capsys, lecture, "--standalone", "--no-cache", "--root", lecture.parent.parent)
    assert code == 0 and "note:" not in out and "hint:" not in out
    assert "eq:bound" in out and "proved" in out.split("eq:bound")[1].split("\n")[0]


def test_json_lists_the_notes(lecture, capsys):
    code, out, _ = _run(capsys, lecture, "--standalone", "--no-cache", "--json")
    notes = json.loads(out)["standalone"]["notes"]
    assert code == 0 and [n["kind"] for n in notes] == ["outside"] and notes[0]["line"] == 2


def test_a_root_that_does_not_hold_the_paper_is_refused_before_any_work(lecture, capsys, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    code, out, err = _run(capsys, lecture, "--standalone", "--root", tmp_path / "elsewhere")
    assert code == 2 and out == "" and "root" in err and len(err.strip().splitlines()) == 1


DERIVATION = '''from symdp import derivation, quote

PAPER = "../Lec10.tex"


@derivation("lec10:bound", "The TV bound of Lecture 10", "Lec10.tex", "eq:bound")
def bound(d):
    d.printed("bound", quote(PAPER, label="eq:bound"))
'''


def _check(capsys, *args):
    code = main(["check", "--no-cache", "-j", "1", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_check_reads_a_quoted_paper_in_the_project_root_names(lecture, capsys, monkeypatch):
    """``symdp check --root``: the derivations' quotes read the paper with the macros above its folder."""
    monkeypatch.setattr("os.environ", dict(__import__("os").environ))   # --root sets it for this process
    (lecture.parent / "derivations").mkdir()
    (lecture.parent / "derivations" / "bound.py").write_text(DERIVATION, encoding="utf-8")
    code, out, _ = _check(capsys, "--path", lecture.parent / "derivations")
    assert code == 1 and r"\lp" in out                     # the macro is outside the paper's own folder
    code, out, _ = _check(capsys, "--path", lecture.parent / "derivations", "--root", lecture.parent.parent)
    assert code == 0 and "PROVED" in out, out


def test_check_refuses_a_root_that_is_not_a_folder_before_any_work(lecture, capsys, tmp_path):
    (tmp_path / "derivations").mkdir()
    code, out, err = _check(capsys, "--path", tmp_path / "derivations", "--root", tmp_path / "nowhere")
    assert code == 2 and out == "" and "--root" in err and len(err.strip().splitlines()) == 1
