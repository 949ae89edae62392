"""Quotes: one equation of a source, by ``\\label`` in a .tex file or by line in a seed text.

``quote("paper.tex", label="eq:threshold")`` reads the paper (relative to the
derivation file) and takes the labelled equation.  A file of a paper
(``quote("sections/results.tex", label=...)``) is read within the document
that brings it in, whose macros it uses (:func:`.mains.document_of`; or
``root="main.tex"`` names that document), and its label is looked up in that
file and what it brings in.  A quote's ``latex=`` matches the paper's text
whatever the whitespace and line breaks of either.  ``quote("000_...txt",
line=175, number="(6)", latex=r"...")`` carries the formula itself: the file
is provenance, checked when reachable (the seed texts are found in a
``shared/papers`` folder above the derivation or the working directory, or
in ``$SYMDP_PAPERS``): the LaTeX must stand verbatim (whitespace aside) at
that line.  When the file is not reachable the quote still works.
"""
from __future__ import annotations

import hashlib
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SymdpError

PAPERS_ENV = "SYMDP_PAPERS"
"""Environment variable naming the folder of the seed texts (else a ``shared/papers`` folder is searched)."""
WINDOW = 12
"""Lines after the quoted line in which a multi-line display may continue."""


def canonical(text: str) -> str:
    """``text`` without whitespace, but for one space where it ends a command before a letter (``\\alpha b``)."""
    kept = re.sub(r"(\\[A-Za-z]+)\s+(?=[A-Za-z])", "\\1\x00", text)
    return re.sub(r"\s+", "", kept).replace("\x00", " ")


def papers_folder(*starts) -> Path | None:
    """The folder of the seed texts: ``$SYMDP_PAPERS``, else the first ``shared/papers`` above a start."""
    env = os.environ.get(PAPERS_ENV)
    if env:
        return Path(env) if Path(env).is_dir() else None
    for start in (*starts, Path.cwd()):
        for folder in (Path(start).resolve(), *Path(start).resolve().parents):
            if (folder / "shared" / "papers").is_dir():
                return folder / "shared" / "papers"
    return None


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Quote:
    """One equation of a source file (see the module docstring); made by :func:`quote`."""

    path: str
    label: str | None = None
    line: int | None = None
    latex: str | None = None
    number: str | None = None
    origin: str = field(default="", compare=False)
    """The folder of the derivation file that made the quote (paths are relative to it)."""
    root: str | None = None
    """The main document that brings the quoted file in (relative to the derivation file), when given."""

    def locate(self) -> Path | None:
        """The quoted file, when reachable: beside the derivation, else among the seed texts."""
        given = Path(self.path)
        candidates = [given] if given.is_absolute() else [Path(self.origin or ".") / given]
        papers = papers_folder(self.origin or ".")
        if papers is not None and not given.is_absolute() and ".." not in given.parts:
            candidates.append(papers / given)
        return next((c.resolve() for c in candidates if c.is_file()), None)

    def formula(self) -> Found:
        """The quoted LaTeX, the line it stands on and the file read (None when unreachable)."""
        found = self.locate()
        if found is None:
            if self.latex is None:
                raise SymdpError("quote", self.path, "a file reachable from the derivation's folder "
                                 f"({self.origin or '.'}) or among the seed texts, or latex= with the formula")
            return Found(self.latex, self.line or 0, None)
        if self.label is not None:
            return self._by_label(found)
        return self._by_line(found)

    def _by_label(self, found: Path) -> Found:
        from .mains import document_of
        main = None if self.root is None else Path(self.origin or ".") / self.root
        if main is not None and not main.is_file():
            raise SymdpError("root", self.root, f"the main document, a file relative to {self.origin or '.'}")
        doc = document_of(found, main)
        inside = doc.under(found)
        eq = next((e for e in doc.equations if e.label == self.label and doc.where(e) in inside), None)
        if eq is None:
            have = sorted({e.label for e in doc.equations if e.label and doc.where(e) in inside})
            raise SymdpError("label", self.label, f"a \\label of a display equation in {self.path} "
                             f"(it has: {', '.join(have) or 'none'})")
        if self.latex is not None and canonical(self.latex) not in canonical(eq.latex):
            raise SymdpError("latex", self.latex, f"the formula labelled {self.label} in {self.path}, "
                             f"which reads {eq.latex!r}")
        where = doc.where(eq)
        part = "" if where == found else os.path.relpath(where, found.parent)
        return Found(self.latex if self.latex is not None else eq.latex, eq.line, found, tuple(doc.files),
                     doc.macros, part)

    def _by_line(self, found: Path) -> Found:
        lines = found.read_text(encoding="utf-8", errors="replace").splitlines()
        if not 1 <= self.line <= len(lines):
            raise SymdpError("line", self.line, f"a line of {self.path} (1..{len(lines)})")
        window = lines[self.line - 1:self.line - 1 + WINDOW]
        text = canonical("\n".join(window))
        first = len(canonical(window[0])) + 1
        latex = self.latex if self.latex is not None else _display_at(window, self.path, self.line)
        at = text.find(canonical(latex))
        if at < 0 or at > first:
            raise SymdpError("latex", latex, f"the formula as it stands at {self.path}:{self.line} "
                             f"(that line reads {window[0].strip()[:120]!r})")
        tag = r"\tag{" + (self.number or "").strip("()") + "}"
        if self.number is not None and canonical(self.number) not in text[at:] and tag not in text[at:]:
            raise SymdpError("number", self.number, f"the equation number printed with the formula at "
                             f"{self.path}:{self.line}")
        return Found(latex, self.line, found)


@dataclass(frozen=True)
class Found:
    latex: str
    line: int
    file: Path | None
    files: tuple = ()
    """Every file read (a paper and what it \\input's); just ``file`` when empty."""
    macros: tuple = ()
    """The macros of the document the quoted file belongs to (:class:`.macros.Macro` records, which unpack as
    (name, nargs, body)), for a :class:`.notation.Notation`'s ``macros``."""
    part: str = ""
    """The \\input file holding a labelled equation (relative to the paper's folder), when not the paper."""

    def reads(self) -> dict:
        """{absolute path: sha256} of the files read."""
        files = self.files or ((self.file,) if self.file else ())
        return {str(f): digest(Path(f)) for f in files}


def _display_at(window: list[str], path: str, line: int) -> str:
    """The display math (``$$...$$``) that starts on the first line of ``window``."""
    text = "\n".join(window)
    m = re.match(r"\s*\$\$(.*?)\$\$", text, re.S)
    if m is None:
        raise SymdpError("line", line, f"a line of {path} where a $$...$$ display starts (or give latex=)")
    return m.group(1).strip()


def _number(number) -> str | None:
    if number is None:
        return None
    text = str(number).strip()
    if not re.fullmatch(r"\(?([A-Z]\.)?\d+[a-z]?\)?", text):
        raise SymdpError("number", number, "a printed equation number such as '(12)', 12 or '(B.1)'")
    return "(" + text.strip("()") + ")"


def quote(path: str, *, label: str | None = None, line: int | None = None, latex: str | None = None,
          number=None, root: str | None = None) -> Quote:
    """Name one equation of ``path``: by ``label`` (.tex), or by ``line`` (and printed ``number``).

    With ``latex`` the quote carries the formula (the file is provenance, checked when reachable).  ``root``:
    the main document that ``\\input``\\ s ``path`` (found in the project when not given).
    """
    if not isinstance(path, str) or not path.strip():
        raise SymdpError("path", path, "a file name (relative to the derivation file, or a seed text's name)")
    if (label is None) == (line is None):
        raise SymdpError("quote", path, "exactly one of label= (a .tex file) or line= (a seed text)")
    if label is not None and not (isinstance(label, str) and label.strip()):
        raise SymdpError("label", label, "a non-empty \\label name")
    if line is not None and not (isinstance(line, int) and not isinstance(line, bool) and line >= 1):
        raise SymdpError("line", line, "a line number >= 1")
    if latex is not None and not (isinstance(latex, str) and latex.strip()):
        raise SymdpError("latex", latex, "the formula's LaTeX (a non-empty string)")
    if root is not None and (label is None or not (isinstance(root, str) and root.strip())):
        raise SymdpError("root", root, "the main .tex document of a label quote (relative to the derivation file)")
    caller = sys._getframe(1).f_globals.get("__file__")
    origin = str(Path(caller).resolve().parent) if caller else str(Path.cwd())
    return Quote(path, label, line, latex, _number(number), origin, root)
