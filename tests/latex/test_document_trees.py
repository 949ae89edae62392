"""Whole paper trees through :func:`symdp.latex.document.read` and :func:`symdp.paper.check`.

Trees (tests/fixtures/trees/): OpenDP proof documents with their shared ``lib.sty`` (real, copied unchanged,
provenance in its README), and a thesis-like tree written for these tests.  The oracle is the trees' own text,
read by eye: the files LaTeX would read, the displays it would typeset with their labels and lines, the macros
the preamble and the local style file define, and what LaTeX never typesets (comments, ``\\iffalse``/``\\if 0``
blocks, ``comment`` and ``verbatim`` environments, ``\\verb``).
"""
from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from symdp.latex.document import read
from symdp.latex.macros import expand
from symdp.paper import check

TREES = Path(__file__).resolve().parents[1] / "fixtures" / "trees"
THESIS = TREES / "thesis" / "thesis.tex"
OPENDP = TREES / "opendp" / "rust" / "src"
GAUSS_TAIL = OPENDP / "accuracy" / "tail_bounds" / "conservative_continuous_gaussian_tail_to_alpha.tex"
GEOMETRIC = OPENDP / "traits" / "samplers" / "cks20" / "sample_geometric_exp_fast.tex"
DOCUMENTS = (THESIS, GAUSS_TAIL, GEOMETRIC)


def _rows(doc):
    return [(e.file, e.line, e.label) for e in doc.equations]


def test_the_thesis_reads_as_latex_typesets_it():
    doc = read(THESIS)
    assert [f.relative_to(TREES / "thesis").as_posix() for f in doc.files] == [
        "thesis.tex", "thesismacros.sty", "chapters/background.tex", "chapters/gaussian.tex"]
    assert _rows(doc) == [
        ("thesis.tex", 27, "eq:sigma"),
        ("chapters/background.tex", 5, "eq:renyi"), ("chapters/background.tex", 6, "eq:max"),
        ("chapters/background.tex", 7, ""),
        ("chapters/background.tex", 11, "eq:pair-a"), ("chapters/background.tex", 12, "eq:pair-b"),
        ("chapters/background.tex", 16, "eq:alignat"), ("chapters/background.tex", 16, ""),  # two side by side
        ("chapters/background.tex", 18, ""), ("chapters/background.tex", 19, ""),
        ("chapters/gaussian.tex", 3, "eq:mu"), ("chapters/gaussian.tex", 7, "eq:gauss-renyi"),
        ("chapters/gaussian.tex", 13, "eq:eps-delta"), ("chapters/gaussian.tex", 17, "")]
    assert doc.duplicates == ()  # the second eq:sigma stands in \iffalse ... \fi


def test_the_thesis_macros_with_their_arguments_and_defaults():
    doc = read(THESIS)
    table = {m.name: m for m in doc.macros}
    assert table[r"\eps"].body == r"\varepsilon"  # \providecommand after \newcommand changes nothing
    assert (table[r"\D"].nargs, table[r"\D"].default) == (2, r"\alpha")
    assert table[r"\argmax"].body == r"\operatorname{arg\,max}" and table[r"\Var"].body == r"\operatorname{Var}"
    assert (table[r"\sens"].nargs, table[r"\phi"].body) == (1, r"\varphi")
    assert table[r"\KL"].file == "thesismacros.sty" and table[r"\KL"].line == 4
    assert expand(r"\D{P} - \D[\infty]{Q} + \sens{2}/\eps", doc.macros) == \
        r"D_{\alpha}\left(P\right) - D_{\infty}\left(Q\right) + \Delta_{2}/\varepsilon"


def test_the_thesis_notes_what_it_did_not_read_or_run():
    doc = read(THESIS)
    assert [(n.kind, n.file, n.line) for n in doc.notes] == [
        ("shell-escape", "thesis.tex", 16), ("missing", "thesis.tex", 48), ("shell-escape", "thesis.tex", 49)]
    assert doc.notes[1].construct == r"\input{chapters/missing}"
    assert "thesis.tex:49:" in doc.notes[2].describe() and "never run" in doc.notes[2].describe()
    assert not (THESIS.parent / "pwned").exists()


def test_a_file_outside_the_given_project_is_a_note_not_read(tmp_path):
    folder = tmp_path / "thesis"
    shutil.copytree(TREES / "thesis", folder)
    main = folder / "thesis.tex"
    main.write_text(main.read_text().replace(r"\input{chapters/missing}", r"\input{../secret}"))
    (tmp_path / "secret.tex").write_text("\\newcommand{\\leak}{x}\n")
    doc = read(main)  # no .git above: the project is the paper's folder
    assert [n.kind for n in doc.notes if n.construct == r"\input{../secret}"] == ["outside"]
    assert r"\leak" not in {m.name for m in doc.macros}
    assert read(main, root=tmp_path).macros[-1].name == r"\leak"


def test_opendp_documents_read_their_style_file_and_never_run_it():
    doc = read(GAUSS_TAIL)
    assert doc.root == Path(__file__).resolve().parents[2]  # the repository: nearest .git above
    assert [f.name for f in doc.files] == [GAUSS_TAIL.name, "lib.sty"]
    assert [(n.kind, n.file, n.line) for n in doc.notes] == [("shell-escape", "../../lib.sty", k) for k in (47, 52, 81)]
    names = {m.name for m in doc.macros}
    assert {r"\din", r"\dout", r"\X", r"\asOfCommit", r"\validMeasurement"} <= names
    assert [(e.line, e.latex[:14]) for e in doc.equations] == [
        (18, r"f(x) = \frac{1"), (26, r"\mathrm{erf}(z"), (34, r"\mathrm{erfc}("), (55, r"\alpha = P[X \ge t]"[:14]),
        (61, r"\alpha &= P[X "), (62, r"&= \frac{1}{\s"), (63, r"&= \frac{1}{2}"), (64, r"&= \frac{1}{2}")]
    rows = read(GEOMETRIC).equations
    assert [e.line for e in rows] == [74, 89, 91, 92, 93, 94, 113, 115, 116, 117, 118, 130, 131, 132, 133]


def test_an_opendp_document_copied_alone_notes_its_style_file_outside(tmp_path):
    folder = tmp_path / "accuracy"
    shutil.copytree(OPENDP / "accuracy", folder)
    paper = folder / "tail_bounds" / GAUSS_TAIL.name
    assert [(n.kind, n.construct, n.line) for n in read(paper).notes] == [("outside", r"\input{../../lib.sty}", 2)]
    assert [n.kind for n in read(paper, root=tmp_path).notes] == ["missing"]
    shutil.copy(OPENDP / "lib.sty", tmp_path / "lib.sty")
    assert [n.kind for n in read(paper).notes] == ["outside"]
    doc = read(paper, root=tmp_path)
    assert len(doc.macros) == 45 and [n.kind for n in doc.notes] == ["shell-escape"] * 3
    assert len(doc.equations) == 8


@pytest.mark.parametrize("paper", DOCUMENTS, ids=[p.name for p in DOCUMENTS])
def test_paper_check_runs_on_every_tree(paper, tmp_path):
    derivations = tmp_path / "derivations"
    derivations.mkdir()
    result = check(paper, derivations, cache=str(tmp_path / "cache"))
    assert sorted(v.label for v in result.verdicts) == sorted(e.label for e in read(paper).equations if e.label)


def test_reading_is_fast():
    start = time.perf_counter()
    for _ in range(5):
        read(THESIS)
        read(GEOMETRIC)
    assert (time.perf_counter() - start) / 5 < 0.5
