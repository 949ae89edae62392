"""Registering derivations and discovering them in files, the way pytest finds tests.

A derivation is a function ``f(d)`` taking a :class:`~.recorder.Recorder`,
marked with :func:`derivation`.  :func:`discover` imports every ``*.py`` file
under a folder (sorted, so the catalogue has a stable order) and collects the
marked functions; ids must be unique across the catalogue.
"""
from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from ..errors import SymdpError
from .records import Source

MARK = "__symdp_derivation__"


@dataclass(frozen=True)
class Spec:
    """A registered derivation: id, title, source and the function to run."""

    id: str
    title: str
    source: Source
    fn: object
    file: str = ""


def derivation(id: str, title: str, paper: str, where: str):
    """Decorator: mark ``fn(d)`` as a derivation with its id, title and paper source."""
    def mark(fn):
        setattr(fn, MARK, Spec(id, title, Source(paper, where), fn))
        return fn
    return mark


def _load(path: Path):
    name = "symdp_catalogue_" + "_".join(path.with_suffix("").parts[-2:]).replace("-", "_").replace(".", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def discover(path: str | Path) -> list[Spec]:
    """All derivations in the ``*.py`` files below ``path``, sorted by file then line."""
    root = Path(path)
    if not root.is_dir():
        raise SymdpError("--path", str(path), "an existing folder of derivation files (default: ./derivations)")
    found: dict[str, Spec] = {}
    for file in sorted(root.rglob("*.py")):
        if file.name.startswith("_"):
            continue
        module = _load(file)
        for obj in vars(module).values():
            spec = getattr(obj, MARK, None)
            if spec is None or getattr(obj, "__module__", None) != module.__name__:
                continue
            if spec.id in found:
                raise SymdpError("derivation id", spec.id, f"an id used once (again in {file})")
            found[spec.id] = Spec(spec.id, spec.title, spec.source, spec.fn, str(file))
    return sorted(found.values(), key=lambda s: (s.file, s.fn.__code__.co_firstlineno))


def select(specs: list[Spec], ids) -> list[Spec]:
    """The specs named by ``ids`` (all when empty); an unknown id is an error."""
    if not ids:
        return specs
    known = {s.id: s for s in specs}
    for i in ids:
        if i not in known:
            raise SymdpError("ID", i, "one of: " + ", ".join(sorted(known)))
    return [known[i] for i in ids]
