"""Registering derivations and discovering them in files, the way pytest finds tests.

A derivation is a function ``f(d)`` taking a :class:`~.recorder.Recorder`,
marked with :func:`derivation`.  :func:`collect` imports every ``*.py`` file
under a folder (sorted, so the catalogue has a stable order) and collects the
marked functions; ids must be unique across the catalogue.  A file that raises
on import (a SyntaxError, an ImportError, any Exception) becomes an
:class:`~.records.ErrorReport`, as pytest reports collection errors, and the
other files are still collected.  :func:`discover` is the strict form: the
derivations, or a :class:`~..errors.SymdpError` naming the first broken file.
"""
from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ...errors import SymdpError
from ..model.records import ErrorReport, Source
from ..model.requirements import validate

MARK = "__symdp_derivation__"

ID_PATTERN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._:-]{0,199}")
"""Derivation ids: letters, digits and . _ - : (not first: . or -), at most 200 characters.

Ids become file names (``report --out``) and command-line arguments, so no
slash, no leading dot (no ``..``, no hidden files) and no leading dash.
"""


@dataclass(frozen=True)
class Spec:
    """A registered derivation: id, title, source and the function to run."""

    id: str
    title: str
    source: Source
    fn: object
    file: str = ""
    root: str = ""
    """The folder discovery started from: every file below it is part of the cache key."""
    requires: tuple[tuple[str, str], ...] = ()
    """The libraries the derivation audits, as sorted (import name, version written against) pairs:
    a missing one skips the derivation (:mod:`.requirements`)."""
    read_at: int = 0
    """``time.time_ns()`` when its file was read (0: not known; the package's import time stands for it): a file
    of its folder changed after this is not the code that runs, and the result cache neither serves nor keeps it."""


def derivation(id: str, title: str, paper: str, where: str, requires: dict | None = None):
    """Decorator: mark ``fn(d)`` as a derivation with its id, title and paper source.

    ``id`` must match :data:`ID_PATTERN`; ``title``, ``paper`` and ``where`` are strings.
    ``requires`` maps the import name of each library the derivation audits to the version it was
    written against (``{"dp_accounting": "0.6.0"}``): without the library the derivation is
    skipped with a reason (:mod:`.requirements`); import the library inside ``fn``, not at the top
    of the file, so that the file still imports without it.
    """
    needs = validate(requires)
    if not isinstance(id, str) or not ID_PATTERN.fullmatch(id):
        raise SymdpError("id", id, "letters, digits and . _ - : (not starting with . or -), 1 to 200 characters")
    for name, value in (("title", title), ("paper", paper), ("where", where)):
        if not isinstance(value, str):
            raise SymdpError(name, value, "a string")

    def mark(fn):
        if not callable(fn):
            raise SymdpError("fn", fn, "a function f(d) taking a recorder")
        setattr(fn, MARK, Spec(id, title, Source(paper, where), fn, requires=needs))
        return fn
    return mark


@dataclass(frozen=True)
class Collection:
    """What discovery found below a folder: the derivations, and the files that did not import."""

    specs: tuple[Spec, ...]
    errors: tuple[ErrorReport, ...] = ()


def _module_name(path: Path) -> str:
    """A module name unique to the file: readable tail plus a digest of the resolved path.

    Two files with the same folder and file name under one root (a/x/y.py,
    b/x/y.py) must not share a name: the second would replace the first in
    sys.modules and its functions could no longer be pickled for --jobs.
    """
    tail = re.sub(r"\W", "_", "_".join(path.with_suffix("").parts[-2:]))
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:10]
    return f"symdp_catalogue_{tail}_{digest}"


def _load(path: Path):
    name = _module_name(path)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def read_file(file: Path, root: Path) -> list[Spec]:
    """The derivations ``file`` defines (any order; its import errors propagate), stamped with the moment it
    was read; ``root`` is the folder whose files the result cache's key covers."""
    read_at = time.time_ns()
    return _marked(_load(file), file, root, read_at)


def _marked(module, file: Path, root: Path, read_at: int) -> list[Spec]:
    """The derivations defined (not merely imported) in ``module``."""
    marks = [getattr(obj, MARK, None) for obj in vars(module).values()
             if getattr(obj, "__module__", None) == module.__name__]
    return [Spec(m.id, m.title, m.source, m.fn, str(file), str(root), m.requires, read_at)
            for m in marks if m is not None]


def _unique(specs: list[Spec]) -> list[Spec]:
    """``specs`` sorted by file then line; an id used twice is an error."""
    seen: dict[str, Spec] = {}
    for spec in specs:
        if spec.id in seen:
            raise SymdpError("id", spec.id, f"an id used once (again in {spec.file})")
        seen[spec.id] = spec
    return sorted(specs, key=lambda s: (s.file, s.fn.__code__.co_firstlineno))


def collect(path: str | Path) -> Collection:
    """All derivations in the ``*.py`` files below ``path`` (or in the one file ``path``), and an error for each
    file that did not import."""
    root = Path(path)
    if root.is_file() and root.suffix == ".py":
        return _collected(root.parent, [root])
    if not root.is_dir():
        raise SymdpError("path", str(path), "an existing folder of derivation files, or one derivation file")
    return _collected(root, sorted(f for f in root.rglob("*.py") if not f.name.startswith("_")))


def _collected(root: Path, files: list[Path]) -> Collection:
    if str(root.resolve()) not in sys.path:  # a derivation folder may import its own helper modules
        sys.path.insert(0, str(root.resolve()))
    specs, errors = [], []
    for file in files:
        if str(file.parent.resolve()) not in sys.path:  # and helpers beside the file, whatever the root
            sys.path.append(str(file.parent.resolve()))
        try:
            specs += read_file(file, root)
        except Exception as exc:
            errors.append(ErrorReport.of(exc, str(file)))
    return Collection(tuple(_unique(specs)), tuple(errors))


def collect_file(path: str | Path) -> Collection:
    """The derivations of one ``*.py`` file (sorted by line), or the error of a file that did not import.

    Its folder is put on ``sys.path`` first, so that helper modules beside it import.
    """
    path = Path(path)
    if str(path.parent.resolve()) not in sys.path:
        sys.path.insert(0, str(path.parent.resolve()))
    try:
        return Collection(tuple(_unique(read_file(path, path.parent))))
    except Exception as exc:
        return Collection((), (ErrorReport.of(exc, str(path)),))


def discover(path: str | Path) -> list[Spec]:
    """The derivations below ``path``, sorted by file then line; a file that does not import is an error."""
    found = collect(path)
    if found.errors:
        first = found.errors[0]
        raise SymdpError("derivation file", f"{first.file}:{first.line}", f"a file that imports ({first.message})")
    return list(found.specs)


def select(specs: list[Spec], ids, errors: tuple[ErrorReport, ...] = ()) -> list[Spec]:
    """The specs named by ``ids`` (all when empty); an unknown id is an error.

    ``errors`` (the files that did not import) are named in that error: the
    id may be defined in one of them.
    """
    if not ids:
        return specs
    known = {s.id: s for s in specs}
    broken = f" (not imported: {', '.join(e.file for e in errors)})" if errors else ""
    for i in ids:
        if i not in known:
            raise SymdpError("ids", i, "one of: " + ", ".join(sorted(known)) + broken)
    return [known[i] for i in ids]
