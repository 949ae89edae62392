"""A quoted formula in the report: where it was read from, and its LaTeX as the paper defines it.

A user's derivations quote their own paper by ``\\label`` (``quote("paper.tex", label="eq:x")``); the
catalogue's quote plain-text extractions of the seed papers.  The report says which, per claim
(:func:`origin`) and in its introduction (:func:`origins`), prints labels and file names verbatim in
typewriter (never through the text-to-math rules of :mod:`.prose`), and sets the paper's own
typesetting with the paper's macros expanded (:func:`printed_tex`), so that every fragment still
needs ``symdp.sty`` only: a ``\\providecommand`` in a preamble would not reach a fragment input
elsewhere, and would keep a clashing definition of the including document.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from ..engine.model.records import DerivationResult, Provenance, Step
from ..errors import SymdpError
from ..latex import LatexError, shown
from ..latex.macros import expand
from ..latex.quote import Quote
from . import papers, prose

SEED_TEXT = ("Printed formulas were read from a plain-text extraction of the paper; where an\n"
             "erratum could stem from the extraction rather than the typeset paper, the findings\n"
             "table says so.")
"""The catalogue's sentences (its seed papers are plain-text extractions), kept line for line."""
LATEX_TEXT = ("Printed formulas quoted by label were read from the paper's LaTeX source, its macros\n"
              "expanded; each claim names the file, the line and the label it was read from.")
MIXED_TEXT = ("Printed formulas quoted by label were read from the paper's LaTeX source, its macros\n"
              "expanded (each claim names the file, the line and the label); the others were read\n"
              "from a plain-text extraction of the paper, and where an erratum could stem from the\n"
              "extraction rather than the typeset paper, the findings table says so.")
OWN_TEXT = ("Printed formulas are those the derivations state, as LaTeX or SymPy; none was quoted\n"
            "from a file.")


def from_latex(provenance: Provenance | None) -> bool:
    """Whether a claim's printed side was quoted by ``\\label`` from a LaTeX source."""
    return provenance is not None and bool(provenance.file) and bool(provenance.label)


def _inside(path: str) -> str:
    """A quoted path as the paper's folder names it: without the ``../`` that lead from the derivation to it."""
    parts = [p for p in Path(path).parts if p not in ("..", ".")]
    return "/".join(parts) or path


def origin(provenance: Provenance) -> str:
    """``Read from the LaTeX source main.tex (sections/results.tex, line 11), label eq:sigma.``: file names and
    labels verbatim in typewriter.  A quote of a plain-text extraction keeps the catalogue's wording,
    ``Quoted from <file>:<line> Eq. (6).``"""
    if not from_latex(provenance):
        return _extracted(provenance)
    line = f"line {provenance.line}" if provenance.line else ""
    where = ", ".join(p for p in (prose.ident(provenance.part) if provenance.part else "", line) if p)
    text = f"Read from the LaTeX source {prose.ident(_inside(provenance.file))}" + (f" ({where})" if where else "")
    text += f", label {prose.ident(provenance.label)}"
    if provenance.number:
        text += f", equation {prose.ident(provenance.number)}"
    return text + ". "


def _extracted(provenance: Provenance) -> str:
    """``Quoted from \\cite{liu2019}, Eq. (11) (line 230 of the plain-text extraction).``: a seed paper by its
    citation, never its internal file name; another file (a user's) by its name, as it was read."""
    seed = papers.PAPERS.get(Path(provenance.file).name)
    if seed is None:
        rest = provenance.describe()[len(provenance.file):]
        return f"Quoted from {prose.ident(provenance.file)}{prose.tex(rest)}. "
    number = f", Eq. {prose.tex(provenance.number)}" if provenance.number else ""
    line = f" (line {provenance.line} of the plain-text extraction)" if provenance.line else ""
    return rf"Quoted from \cite{{{seed.key}}}{number}{line}. "


_LABEL = re.compile(r"(?<![\w\\])[A-Za-z][\w.-]*:[\w:.-]*[\w]")
"""A label-like word (``eq:gdp-delta``, ``thm:main``): a name, never text to set as mathematics."""


def detail(text: str, provenance: Provenance | None) -> str:
    """A claim's detail in LaTeX; for a quote of a LaTeX source, the labels it names stay verbatim (the text
    rules would set ``eq:gdp-delta`` as ``eq:gdp-$\\delta$``)."""
    if not from_latex(provenance):
        return prose.tex(text)
    parts = _LABEL.split(text)
    names = _LABEL.findall(text)
    return "".join(prose.tex(p) + (prose.ident(names[k]) if k < len(names) else "") for k, p in enumerate(parts))


def where(provenance: Provenance | None) -> str:
    """A findings table's place of a claim quoted by label: the label verbatim (else "", the claim's id says)."""
    return prose.ident(provenance.label) if from_latex(provenance) else ""


def origins(results: list[DerivationResult]) -> str:
    """The introduction's sentences on where printed formulas were read from: a plain-text extraction (the
    seed papers; the catalogue's text, unchanged), a LaTeX source by label (a user's paper), or both."""
    provenances = [c.provenance for r in results for c in r.claims]
    latex = any(from_latex(p) for p in provenances)
    text = any(p is not None and p.file and not from_latex(p) for p in provenances)
    seeds = text or any(papers.paper(r.source.paper) or r.source.paper == papers.LIBRARIES for r in results)
    if latex:
        return MIXED_TEXT if seeds else LATEX_TEXT
    return SEED_TEXT if seeds else OWN_TEXT


def _located(result: DerivationResult, provenance: Provenance) -> tuple[str, str] | None:
    """(absolute path, sha256) of the quoted file among the files the derivation read."""
    tail = [p for p in Path(provenance.file).parts if p not in ("..", ".")]
    found = [(path, sha) for path, sha in result.reads
             if sha and Path(path).parts[-len(tail):] == tuple(tail)] if tail else []
    return found[0] if found else None


@functools.lru_cache(maxsize=64)
def _macros(path: str, sha: str, label: str) -> tuple:
    """The macros a quote of ``label`` in ``path`` reads with (the sha keys the cache to the file's text)."""
    try:
        return tuple(Quote(path, label=label).formula().macros)
    except (SymdpError, LatexError, OSError):
        return ()


def macros(result: DerivationResult, provenance: Provenance | None) -> tuple:
    """The quoted paper's macros, or () when the claim quotes no LaTeX source or it is not reachable."""
    if not from_latex(provenance):
        return ()
    located = _located(result, provenance)
    return _macros(*located, provenance.label) if located else ()


def printed_tex(result: DerivationResult, step: Step) -> str:
    """The printed side as the paper typesets it, cleaned for a display, its macros expanded."""
    text = shown(step.printed_latex)
    table = macros(result, step.provenance)
    if not table:
        return text
    try:
        return expand(text, table)
    except (SymdpError, LatexError):
        return text
