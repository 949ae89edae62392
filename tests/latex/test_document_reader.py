"""The paper reader's parts, each on a small paper written by the test: what LaTeX would typeset, include and
define.  The oracle is TeX's own rules, stated beside each case (a conditional's test, where a verbatim block
ends, which commands bring in a file, what a definition's arguments are)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from symdp.errors import SymdpError
from symdp.latex import quote
from symdp.latex.document import read
from symdp.latex.macros import Macro, expand
from symdp.latex.mask import mask
from symdp.latex.quote import canonical


def _paper(tmp_path, body: str, preamble: str = "", files: dict | None = None) -> Path:
    """main.tex (``\\begin{document}`` on line 3 when the preamble is one line) and the ``files`` beside it."""
    for name, text in (files or {}).items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n" + preamble + "\\begin{document}\n" + body + "\\end{document}\n")
    return main


def _labels(doc):
    return [e.label for e in doc.equations if e.label]


def _eq(label: str, body: str = "x = 1") -> str:
    return "\\begin{equation} %s \\label{%s} \\end{equation}\n" % (body, label)


@pytest.mark.parametrize("text, live", [
    (r"\iffalse A \fi B", "B"),
    (r"\iffalse A \else B \fi", "B"),
    (r"\iftrue A \else B \fi", "A"),
    (r"\if 0 A \fi B", "B"),                      # \if compares 0 with a space: false
    (r"\if00 A \fi", "A"),                        # 0 with 0: true
    (r"\iffalse \ifnum1=1 A \fi B \fi C", "C"),  # nested conditionals are counted while skipping
    (r"\ifnum 0=1 A \else B \fi", "B"),
    (r"\ifnum\pdf@shellescape=1 A \else B \fi", "A B"),  # undecidable here: both branches kept
    (r"\newif\ifdraft \ifdraft A \fi B", "A B"),
    (r"\ifthenelse{x}{ A }{ B } \iffalse C \fi", "A B"),      # not a TeX conditional (ifthen's command)
    ("A % B \\iffalse\nC", "A C"),                  # a conditional in a comment is no conditional
    (r"A \% B", r"A \% B"),
    ("\\begin{verbatim}\n\\iffalse A\n\\end{verbatim} B", "B"),
    (r"\verb|\iffalse| A", "A"),
    ("\\begin{comment}\nA \\fi\n\\end{comment}\nB", "B"),
])
def test_mask_keeps_what_latex_typesets(text, live):
    masked, unclosed = mask(text)
    assert len(masked) == len(text) and masked.count("\n") == text.count("\n")
    assert " ".join(w for w in masked.split() if re.fullmatch(r"[A-Z]|\\%", w)) == live
    assert unclosed == ()


def test_an_unclosed_iffalse_or_verbatim_is_reported(tmp_path):
    main = _paper(tmp_path, "\\iffalse\n" + _eq("eq:gone"))
    doc = read(main)
    assert _labels(doc) == [] and [(n.kind, n.line) for n in doc.notes] == [("unclosed", 3)]


def test_labels_in_dead_text_are_neither_read_nor_duplicates(tmp_path):
    body = (_eq("eq:a") + "\\if 0\n" + _eq("eq:a") + "\\fi\n\\iffalse\n" + _eq("eq:a") + "\\fi\n"
            "\\begin{comment}\n" + _eq("eq:a") + "\\end{comment}\n\\begin{verbatim}\n" + _eq("eq:a")
            + "\\end{verbatim}\n\\begin{lstlisting}\n" + _eq("eq:a") + "\\end{lstlisting}\n% " + _eq("eq:a"))
    doc = read(_paper(tmp_path, body))
    assert _labels(doc) == ["eq:a"] and doc.duplicates == ()
    twice = read(_paper(tmp_path, _eq("eq:a") + _eq("eq:a")))
    assert [(e.label, e.line) for e in twice.duplicates] == [("eq:a", 4)]


@pytest.mark.parametrize("command", [r"\includegraphics[width=0.6\linewidth]{fig}", r"\includepdf[pages=-]{a.pdf}",
                                     r"\includestandalone{fig}", r"\inputencoding{latin1}", r"\includeonly{}",
                                     r"\lstinputlisting{code.py}", r"\includesvg{fig}"])
def test_commands_that_merely_start_like_include_are_not_includes(tmp_path, command):
    doc = read(_paper(tmp_path, command + "\n" + _eq("eq:a")))
    assert _labels(doc) == ["eq:a"] and doc.notes == () and len(doc.files) == 1


def test_includes_follow_tex_lookup_and_reading_order(tmp_path):
    main = _paper(tmp_path, "\\input{a}\n\\include{sec/b}\n\\input c.tex\n" + _eq("eq:main"),
                  files={"a.tex": _eq("eq:a") + "\\input{sec/d}\n", "sec/b.tex": _eq("eq:b"), "c.tex": _eq("eq:c"),
                         "sec/d.tex": _eq("eq:d")})
    doc = read(main)
    assert _labels(doc) == ["eq:a", "eq:d", "eq:b", "eq:c", "eq:main"]
    assert [e.file for e in doc.equations] == ["a.tex", "sec/d.tex", "sec/b.tex", "c.tex", "main.tex"]
    assert dict((p.name, q.name) for p, q in doc.includers)["d.tex"] == "a.tex"


def test_includeonly_leaves_out_the_others_with_a_note(tmp_path):
    main = _paper(tmp_path, "\\include{a}\n\\include{b}\n", preamble="\\includeonly{b}\n",
                  files={"a.tex": _eq("eq:a"), "b.tex": _eq("eq:b")})
    doc = read(main)
    assert _labels(doc) == ["eq:b"] and [(n.kind, n.construct) for n in doc.notes] == [("excluded", r"\include{a}")]


def test_local_style_files_are_read_once_system_packages_silently_not(tmp_path):
    main = _paper(tmp_path, "", preamble="\\usepackage{amsmath,mine}\n\\RequirePackage{mine}\n\\usepackage[x]{mine}\n",
                  files={"mine.sty": "\\newcommand{\\eps}{\\epsilon}\n"})
    doc = read(main)
    assert [f.name for f in doc.files] == ["main.tex", "mine.sty"] and doc.notes == ()
    assert [m.name for m in doc.macros] == [r"\eps"]


def test_cycles_and_depth_are_refused(tmp_path):
    with pytest.raises(SymdpError, match="cycle"):
        read(_paper(tmp_path, "\\input{a}\n", files={"a.tex": "\\input{b}\n", "b.tex": "\\input{a}\n"}))
    chain = {f"f{k}.tex": f"\\input{{f{k + 1}}}\n" for k in range(20)}
    with pytest.raises(SymdpError, match="deep"):
        read(_paper(tmp_path, "\\input{f0}\n", files=chain))


def test_shell_escapes_are_notes_and_never_run(tmp_path):
    marker = tmp_path / "ran"
    body = (f'\\input|"touch {marker}"\n\\immediate\\write18{{touch {marker}}}\n\\input{{|"touch {marker}"}}\n'
            + _eq("eq:a"))
    doc = read(_paper(tmp_path, body))
    assert [(n.kind, n.line) for n in doc.notes] == [("shell-escape", 3), ("shell-escape", 4), ("shell-escape", 5)]
    assert _labels(doc) == ["eq:a"] and not marker.exists()


def test_definitions_as_papers_write_them(tmp_path):
    preamble = "\n".join([
        r"\newcommand\eps{\varepsilon}", r"\newcommand*{\half}[1]{\frac{#1}{2}}",
        r"\newcommand{\Div}[3][\alpha]{D_{#1}(#2 \| #3)}", r"\renewcommand{\Pr}{\mathbb{P}}",
        r"\providecommand{\eps}{\epsilon}", r"\DeclareMathOperator*{\argmin}{arg\,min}",
        r"\def\norm#1{\lVert #1 \rVert}", r"\def\pair#1#2{(#1, #2)}", r"\def\upto#1.{#1}",
        r"\let\epsilon\eps", r"\let\ph=\phi", r"\NewDocumentCommand{\KL}{O{P} m}{D(#1 \| #2)}",
        r"\DeclarePairedDelimiter\abs{\lvert}{\rvert}", ""])
    doc = read(_paper(tmp_path, "", preamble=preamble))
    table = {m.name: m for m in doc.macros}
    assert table[r"\eps"].body == r"\varepsilon" and table[r"\epsilon"].body == r"\varepsilon"
    assert (table[r"\Div"].nargs, table[r"\Div"].default) == (3, r"\alpha")
    assert table[r"\argmin"].body == r"\operatorname{arg\,min}" and table[r"\ph"].body == r"\phi"
    assert r"\upto" not in table and [(n.kind, n.line) for n in doc.notes] == [("macro", 10)]
    got = expand(r"\half{\eps} + \Div{P}{Q} - \Div[2]{P}{Q} \norm{x} \pair{a}{b} \KL{Q} \KL[R]{Q} \abs{x} \abs*{y}",
                 doc.macros)
    assert got == (r"\frac{\varepsilon}{2} + D_{\alpha}(P \| Q) - D_{2}(P \| Q) \lVert x \rVert (a, b) D(P \| Q) "
                   r"D(R \| Q) \lvert x \rvert \left\lvert y \right\rvert")


def test_expand_still_takes_plain_triples():
    assert expand(r"\h{a}", [(r"\h", 1, r"\frac{#1}{2}")]) == r"\frac{a}{2}"
    assert expand(r"\h{a}", [Macro(r"\h", 1, "x"), (r"\h", 1, "y#1")]) == "ya"  # the later wins
    assert tuple(Macro(r"\h", 1, "x", "d")) == (r"\h", 1, "x")


def test_display_kinds_rows_and_aliases(tmp_path):
    body = "\n".join([
        r"\[ a = 1 \]", r"$$ b = 2 $$", r"\begin{displaymath} c = 3 \end{displaymath}",
        r"\begin{gather*} d = 4 \\ e = 5 \end{gather*}", r"\begin{flalign} f &= 6 \label{eq:f} \end{flalign}",
        r"\begin{alignat*}{2} g &= 7 & h &= 8 \end{alignat*}", r"\begin{eqnarray} i &=& 9 \label{eq:i} \end{eqnarray}",
        r"\begin{equation}\begin{aligned} j &= 1 \\ &= 2 \end{aligned}\label{eq:j}\end{equation}",
        r"\be k = 1 \label{eq:k} \ee", r"Inline $x$$y$ \(z\) is not a display.", ""])
    doc = read(_paper(tmp_path, body, preamble="\\newcommand{\\be}{\\begin{equation}}\\def\\ee{\\end{equation}}\n"))
    assert [e.latex.split("\\label")[0].strip()[:5] for e in doc.equations] == [
        "a = 1", "b = 2", "c = 3", "d = 4", "e = 5", "f &= ", "g &= ", "h &= ", "i &=&", r"\begi", "k = 1"]
    assert _labels(doc) == ["eq:f", "eq:i", "eq:j", "eq:k"] and [e.line for e in doc.equations][-1] == 12


def test_a_section_quote_uses_the_macros_of_the_document_that_includes_it(tmp_path):
    main = _paper(tmp_path, "\\input{sections/gauss}\n", preamble="\\newcommand{\\eps}{\\varepsilon}\n",
                  files={"sections/gauss.tex": _eq("eq:sigma", "\\sigma = \\frac{1}{\\eps}")})
    found = quote(str(tmp_path / "sections" / "gauss.tex"), label="eq:sigma").formula()
    assert [m.name for m in found.macros] == [r"\eps"] and found.part == "" and found.line == 1
    assert main.resolve() in found.files
    via_main = quote(str(main), label="eq:sigma").formula()
    assert via_main.part == "sections/gauss.tex"
    named = quote(str(tmp_path / "sections" / "gauss.tex"), label="eq:sigma", root=str(main)).formula()
    assert named.macros == found.macros
    spaced = quote(str(main), label="eq:sigma", latex="\\sigma=\n  \\frac {1}{ \\eps }").formula()
    assert spaced.line == 1
    with pytest.raises(SymdpError, match="latex"):
        quote(str(main), label="eq:sigma", latex=r"\sigma = \frac{2}{\eps}").formula()


def test_a_quote_of_one_section_does_not_see_the_labels_of_another(tmp_path):
    _paper(tmp_path, "\\input{a}\n\\input{b}\n", files={"a.tex": _eq("eq:a"), "b.tex": _eq("eq:b")})
    with pytest.raises(SymdpError, match="it has: eq:a"):
        quote(str(tmp_path / "a.tex"), label="eq:b").formula()


def test_canonical_keeps_only_the_space_tex_needs():
    assert canonical("\\alpha  b + \\frac {a}{ b }\n - \\sigma^2 \\, x") == "\\alpha b+\\frac{a}{b}-\\sigma^2\\,x"
