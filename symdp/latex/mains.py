"""The document a file belongs to: the ``\\documentclass`` file that brings it in.

A section file (``sections/results.tex``) means what its macros say in the
document that ``\\input``\\ s it, so a quote of it reads that document.
:func:`document_of` finds it: the ``main`` given; else the file's own
``% !TEX root = ../main.tex`` line (the editors' convention), or the main
named by ``\\documentclass[../main.tex]{subfiles}``; else the file itself
when it holds ``\\documentclass``; else the project's documents (files
holding ``\\documentclass``, nearest first) that reach it.  Two documents
reaching it with different macros is ambiguous: refused, asking for the main.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import SymdpError
from .document import Document, read
from .mask import mask

MAX_CANDIDATES = 200
"""Most documents of a project read while looking for the one that includes a file."""
_MAGIC = re.compile(r"^\s*%\s*!\s*tex\s+root\s*=\s*(\S.*?)\s*$", re.I | re.M)
_SUBFILES = re.compile(r"\\documentclass\s*\[([^\]]+)\]\s*\{subfiles\}")
_SKIP = frozenset({"node_modules", "__pycache__", "venv", ".venv", "build", "dist"})


def _named(file: Path, name: str) -> Path:
    path = (file.parent / name.strip()).resolve()
    return path if path.suffix == ".tex" or path.is_file() else path.with_name(path.name + ".tex")


def _declared(file: Path, text: str) -> Path | None:
    """The main document the file names itself (magic comment, subfiles option), if any."""
    magic = _MAGIC.search(text[:4000])
    if magic is not None:
        return _named(file, magic.group(1))
    sub = _SUBFILES.search(mask(text)[0])
    return _named(file, sub.group(1)) if sub is not None else None


def _documents(root: Path | None, near: Path):
    """The .tex files holding ``\\documentclass``, nearest to ``near`` first: in the project ``root`` (all its
    folders), or with no project (no .git above) in the file's folder and the two above it."""
    found = []
    if root is None:
        walk = [(str(f), [], [p.name for p in f.iterdir()]) for f in (near.parent, *near.parents[:2]) if f.is_dir()]
    else:
        walk = os.walk(root)
    for folder, dirs, files in walk:
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIP)
        for name in files:
            path = Path(folder) / name
            if name.endswith(".tex") and path.is_file() and _is_document(path):
                found.append(path.resolve())
    return sorted(found, key=lambda p: (_distance(p, near), str(p)))


def _is_document(path: Path) -> bool:
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:20000]
    except OSError:
        return False
    return "\\documentclass" in head and "\\documentclass" in mask(head)[0]


def _distance(path: Path, near: Path) -> int:
    """Folders between the two: up from ``near`` to their common folder, then down to ``path``."""
    common = 0
    for a, b in zip(path.parent.parts, near.parent.parts):
        if a != b:
            break
        common += 1
    return len(near.parent.parts) + len(path.parent.parts) - 2 * common


def _reaching(file: Path, root) -> list:
    """The documents that bring ``file`` in: the nearest, and those beside it (a paper and its variants)."""
    project = Path(root).resolve() if root is not None else \
        next((f for f in file.parents if (f / ".git").exists()), None)
    docs = []
    for candidate in _documents(project, file)[:MAX_CANDIDATES]:
        if docs and candidate.parent != docs[0].path.parent:
            break
        try:
            doc = read(candidate, project)
        except SymdpError:
            continue
        if file in doc.files:
            docs.append(doc)
    return docs


def document_of(file, main=None, root=None) -> Document:
    """The read :class:`Document` that ``file`` belongs to (see the module docstring)."""
    file = Path(file).resolve()
    if main is not None:
        doc = read(main, root)
        if file not in doc.files:
            raise SymdpError("root", str(main), f"the main document of {file.name} (it does not \\input it)")
        return doc
    text = file.read_text(encoding="utf-8", errors="replace")
    declared = _declared(file, text)
    if declared is not None and declared.is_file() and declared != file:
        return document_of(file, declared, root)
    if "\\documentclass" in mask(text)[0]:
        return read(file, root)
    docs = _reaching(file, root)
    if not docs:
        return read(file, root)
    if len({d.macros for d in docs}) > 1:
        names = ", ".join(str(d.path) for d in docs[:3])
        raise SymdpError("root", str(file), f"one main document: {names} all include it with different macros "
                         "(give quote(..., root=MAIN.tex))")
    return docs[0]
