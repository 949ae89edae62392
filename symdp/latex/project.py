"""Where a paper's files are: its project root, the file an include names, and notes on what was not read.

A paper's *project* is the folder ``root`` given to :func:`.document.read`,
else the nearest folder above the paper holding ``.git``, else the paper's
own folder.  Included files (``\\input``, ``\\include``, ``\\subfile``,
``\\import``) and the style files and classes it loads (``\\usepackage{lib}``
with a ``lib.sty`` of the project) are read when they lie inside the project,
never outside it, and never run.  Names are looked up as TeX does, relative
to the main file's folder (where LaTeX runs), then relative to the including
file's folder (``subfiles``, ``import``).  What is not read is not an error:
it is a :class:`Note` the caller shows.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import SymdpError

ROOT_ENV = "SYMDP_PROJECT_ROOT"
"""The environment variable naming the project folder a paper is read in (``symdp paper --root``; the
derivations' workers inherit it, and it is part of the result cache's key)."""
NOTE_KINDS = ("missing", "outside", "shell-escape", "unclosed", "macro", "excluded")
"""missing: an included file that is not there; outside: one outside the project; shell-escape: a command
(``\\input|"cmd"``, ``\\write18``) never run; unclosed: an ``\\iffalse``/verbatim block or display without its
end (skipped to the end of the file); macro: a definition not taken (why); excluded: an ``\\include`` left out by
``\\includeonly``."""


@dataclass(frozen=True)
class Note:
    """Something of the paper not read, and why: a warning, never an error."""

    kind: str
    """One of :data:`NOTE_KINDS`."""
    file: str
    """The file it stands in, relative to the paper's folder."""
    line: int
    construct: str
    """The LaTeX in question, e.g. ``\\input{sections/intro}``."""
    detail: str

    def describe(self) -> str:
        return f"{self.file}:{self.line}: {self.construct}: {self.detail}"

    def as_dict(self) -> dict:
        return {"kind": self.kind, "file": self.file, "line": self.line, "construct": self.construct,
                "detail": self.detail}


def project_root(paper: Path, root=None) -> Path:
    """``root`` (an existing folder holding the paper), else the folder named by the environment's
    ``SYMDP_PROJECT_ROOT`` when it holds the paper (``symdp paper --root``, seen by the derivations' quotes too),
    else the nearest folder above with .git, else the paper's."""
    chosen = os.environ.get(ROOT_ENV)
    if root is None and chosen and Path(chosen).resolve() in paper.parents:
        root = chosen
    if root is not None:
        folder = Path(root).resolve()
        if not folder.is_dir() or folder not in paper.parents:
            raise SymdpError("root", str(root), f"an existing folder that holds the paper {paper}")
        return folder
    return next((f for f in paper.parents if (f / ".git").exists()), paper.parent)


def inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def relative(path: Path, base: Path) -> str:
    """``path`` relative to the folder ``base`` (``../lib.sty`` when above it)."""
    return os.path.relpath(path, base)


def _candidates(name: str, kind: str) -> list[str]:
    if kind == "package":
        return [name + ".sty"]
    if kind == "class":
        return [name + ".cls"]
    if kind == "include":
        return [name + ".tex"]
    suffix = Path(name).suffix
    return [name] if suffix == ".tex" else [name + ".tex", name] if suffix else [name + ".tex", name]


def locate(name: str, kind: str, folders, root: Path) -> tuple[Path | None, str]:
    """The file an include of ``kind`` names: (path, "") when inside the project; (None, "missing"|"outside")."""
    found_outside = False
    for folder in folders:
        for candidate in _candidates(name, kind):
            path = folder / candidate
            if not path.is_file():
                continue
            path = path.resolve()
            if inside(path, root):
                return path, ""
            found_outside = True
    return None, "outside" if found_outside or _leaves(name, folders, root) else "missing"


def _leaves(name: str, folders, root: Path) -> bool:
    """Whether the name points outside the project (whether or not such a file exists)."""
    return all(not inside(Path(os.path.normpath(Path(f) / name)), root) for f in folders)
