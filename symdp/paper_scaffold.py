"""``symdp paper PAPER.tex --scaffold [OUT.py]``: a derivation file with one claim per unbound label.

For every labelled display that no derivation quotes, the file holds ``d.printed(label,
quote(PAPER, label=...), FillIn(label))`` with the display's LaTeX and what the parser reads in it
(or why it refuses) in a comment, for the researcher to replace each ``FillIn(...)`` with the derived
side.  A display that states no formula gets a comment only; one the parser refuses gets its claim
commented out, with the refusal (it would be an ERROR until the notation reads it).

The placeholder is not ``None``: ``d.printed`` without a derived side checks the printed relation alone,
so a ``None`` left in place could pass unnoticed.  ``FillIn`` is no expression: its claim is an ERROR
whose message names the label ("the derived side of eq:x is not written yet"), so ``symdp check``
exits 1 and ``symdp paper`` marks the label until it is filled in.  The file imports and runs as is.
"""
from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

import sympy as sp

from . import symbols as symdp_symbols
from .errors import SymdpError
from .latex import NOTATION, LatexError, NotAFormula, display, shown
from .latex.document import read

HEADER = '''"""Claims for the labelled displays of {paper}, written by `symdp paper {paper} --scaffold`.

Replace each FillIn(...) with the derived side: a SymPy expression in symdp's symbols (symdp.symbols) or
your own, derived independently of the paper's text.  Until then its claim is an ERROR that says so.
Run `symdp check --path {folder}`, then `symdp paper {paper_arg} --path {folder}`.
"""
import sympy as sp  # noqa: F401  (for the derived sides)

from symdp import derivation, quote
{imports}
PAPER = {paper_rel!r}


class FillIn:
    """A derived side not written yet: no expression, so its claim is an ERROR naming the label."""

    def __init__(self, label):
        self.label = label

    def _sympy_(self):
        raise TypeError(repr(self))

    def __repr__(self):
        return f"FillIn({{self.label!r}}): the derived side of {{self.label}} is not written yet"


@derivation({ident!r}, {title!r}, {source!r}, "labelled displays")
def claims(d):
'''


def _ident(paper: Path) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "-", paper.stem).lstrip(".-") + ".scaffold"


def _comment(text: str, width: int = 100) -> list[str]:
    """``text`` squashed to one line and cut to ``width`` characters, as comment lines' content."""
    flat = re.sub(r"\s+", " ", text).strip()
    return [flat if len(flat) <= width else flat[:width - 3] + "..."]


def _latex(text: str) -> str:
    """The display's LaTeX without its label and alignment marks (what the comment shows)."""
    try:
        return shown(text)
    except SymdpError:
        return text


def _names() -> dict:
    """{symbol: its name in symdp.symbols}, for the import line of the symbols the displays use."""
    out: dict = {}
    for name, value in vars(symdp_symbols).items():
        if isinstance(value, sp.Symbol) and not name.startswith("_"):
            out.setdefault(value, name)
    return out


def _claim(eq, notation) -> tuple[list[str], set]:
    """The lines of one label's entry, and the symbols its reading uses."""
    head = f"    # {eq.label} ({eq.file}:{eq.line}): " + _comment(_latex(eq.latex))[0]
    call = f"d.printed({eq.label!r}, quote(PAPER, label={eq.label!r}), FillIn({eq.label!r}))"
    try:
        read_as = display(eq.latex, notation, prose=eq.prose)
    except NotAFormula as exc:
        return [head, f"    #   not a formula ({exc.construct}): nothing to check", ""], set()
    except (LatexError, SymdpError) as exc:
        why = _comment(str(exc), 200)[0]
        return [head, f"    #   not read: {why}", "    #   (extend the notation, then uncomment)",
                f"    # {call}", ""], set()
    lines = [head]
    if read_as.defines:
        lines.append(f"    #   defines {read_as.defines} (not compared)")
    relation = " ".join([sp.sstr(read_as.chain[0])] + [f"{op} {sp.sstr(m)}" for op, m in
                                                      zip(read_as.ops, read_as.chain[1:])])
    lines.append(f"    #   read as: {relation}")
    conditions = [c for c in read_as.conditions if c is not sp.true]
    if conditions:
        lines.append("    #   on: " + ", ".join(sp.sstr(c) for c in conditions))
    if len(read_as.chain) > 1 and not read_as.defines:
        lines.append("    #   a relation: drop FillIn(...) to check it as printed (so does `symdp paper --standalone`)")
    used = set().union(*(getattr(m, "free_symbols", set()) for m in (*read_as.chain, *read_as.conditions)))
    return lines + [f"    {call}", ""], used


def _shown(path: Path) -> str:
    """A path for the file's instructions: relative to the working folder when inside it, else absolute."""
    return os.path.relpath(path) if Path.cwd() in path.parents else str(path)


def render(paper, out, skip=()) -> str:
    """The scaffold's text for ``paper`` written at ``out`` (the quote's path relative to it)."""
    paper, out = Path(paper).resolve(), Path(out).resolve()
    doc = read(paper)
    notation = replace(NOTATION, macros=tuple(doc.macros) + tuple(NOTATION.macros))
    body, used = [], set()
    for eq in doc.labels().values():
        if eq.label not in set(skip):
            lines, symbols = _claim(eq, notation)
            body += lines
            used |= symbols
    if not body:
        body = ["    d.note(\"every labelled display of the paper is quoted by a derivation\")", ""]
    names = _names()
    known = sorted({names[s] for s in used if s in names})
    imports = f"from symdp.symbols import {', '.join(known)}  # noqa: F401\n" if known else ""
    others = sorted({s.name for s in used if isinstance(s, sp.Symbol) and s not in names})
    if others:
        imports += (f"# Names of the paper that symdp.symbols lacks: {', '.join(others)}.  Define each with its "
                    f"assumptions\n# ({others[0]} = sp.Symbol({others[0]!r}, positive=True), say): a quote reads "
                    "them as yours.\n")
    rel = os.path.relpath(paper, out.parent)
    text = HEADER.format(paper=paper.name, paper_arg=_shown(paper), folder=_shown(out.parent),
                         imports=imports, paper_rel=rel, ident=_ident(paper),
                         title=f"The labelled displays of {paper.name}", source=paper.name)
    return text + "\n".join(body).rstrip() + "\n"


def write(paper, out, force: bool = False, skip=()) -> Path:
    """Write the scaffold; an existing ``out`` is refused unless ``force``."""
    out = Path(out)
    if out.suffix != ".py":
        raise SymdpError("--scaffold", str(out), "a .py file name (a derivation file)")
    if out.exists() and not force:
        raise SymdpError("--scaffold", str(out), "a file that does not exist yet (or --force to overwrite it)")
    text = render(paper, out, skip)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return out


def run(paper, path, out=None, force: bool = False, **runs) -> str:
    """``symdp paper PAPER --scaffold [OUT.py]``: the labels no derivation below ``path`` quotes, written to
    ``out`` (default ``<path>/<paper>_claims.py``); the line to print."""
    from . import paper as bound_check
    from .paper_standalone import bound_labels
    out = Path(out) if out else Path(path) / f"{Path(paper).stem}_claims.py"
    if out.exists() and not force:
        raise SymdpError("--scaffold", str(out), "a file that does not exist yet (or --force to overwrite it)")
    skip = bound_labels(bound_check.check(paper, path, **runs), _ident(Path(paper).resolve())) \
        if Path(path).is_dir() else set()
    written = write(paper, out, force, skip)
    count = written.read_text(encoding="utf-8").count("    d.printed(")
    return (f"wrote {written}: {count} claims to fill in ({len(skip)} labels already quoted by a derivation); "
            f"fill in their derived sides, then: symdp paper {paper} --path {written.parent}\n")
