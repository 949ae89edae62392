"""Libraries a derivation audits: declared with the version it was written against, checked before it runs.

A derivation that audits a third-party library declares it:
``@derivation(..., requires={"dp_accounting": "0.6.0"})`` maps the library's
import name to the version the derivation was written against.  Before the
derivation runs, :func:`resolve` looks each library up (without importing
it): a missing one makes the derivation SKIPPED with a one-line reason naming
the install command, never failed and never silently passed; an installed one
is recorded, with both versions, in the result (JSON, text, report).  A
version other than the one written against still runs (the verdicts say
whether the library changed), and the trace notes the difference.
"""
from __future__ import annotations

import functools
import importlib.util
import re
from importlib.metadata import PackageNotFoundError, packages_distributions, version

from ...errors import SymdpError
from .records import Library

EXTRA = "audit"
"""The optional-dependency group of symdp that installs the audited libraries."""

_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")
_VERSION = re.compile(r"[0-9A-Za-z.+!_-]{1,50}")


def validate(requires) -> tuple[tuple[str, str], ...]:
    """``requires`` as sorted (module, version) pairs; SymdpError naming the bad entry."""
    if requires is None:
        return ()
    if not isinstance(requires, dict):
        raise SymdpError("requires", requires, 'a dict {import name: version written against}, '
                         'e.g. {"dp_accounting": "0.6.0"}')
    for name, written in requires.items():
        if not isinstance(name, str) or not _MODULE.fullmatch(name):
            raise SymdpError("requires", name, "a top-level import name (letters, digits, _)")
        if not isinstance(written, str) or not _VERSION.fullmatch(written):
            raise SymdpError(f"requires[{name!r}]", written, 'a version string such as "0.6.0"')
    return tuple(sorted(requires.items()))


@functools.lru_cache(maxsize=None)
def installed(module: str) -> str | None:
    """The installed version of the distribution providing ``module``, or None when it cannot be imported.

    Looked up in the package metadata; the module itself is not imported.
    """
    if importlib.util.find_spec(module) is None:
        return None
    names = [module, module.replace("_", "-")] + list(_distributions().get(module, ()))
    for name in names:
        try:
            return version(name)
        except PackageNotFoundError:
            continue
    return getattr(importlib.import_module(module), "__version__", "unknown")


@functools.lru_cache(maxsize=1)
def _distributions() -> dict:
    return packages_distributions()


def resolve(requires: tuple[tuple[str, str], ...]) -> tuple[tuple[Library, ...], str]:
    """The libraries as installed, and the reason to skip ("" when every one is installed)."""
    found = tuple(Library(name, written, installed(name) or "") for name, written in requires)
    missing = [lib.name for lib in found if not lib.installed]
    reason = ""
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        reason = f"{', '.join(missing)} {verb} not installed: pip install 'symdp[{EXTRA}]'"
    return found, reason


def drift(libraries: tuple[Library, ...]) -> list[str]:
    """One sentence per library whose installed version is not the one the derivation was written against."""
    return [f"written against {lib.name} {lib.written}, run with {lib.installed}: a changed verdict may be "
            f"a change of the library" for lib in libraries if lib.installed and lib.installed != lib.written]


def digest(requires: tuple[tuple[str, str], ...]) -> str:
    """The installed versions, for the result cache's key (a new library version runs the audit again)."""
    return ";".join(f"{name}={installed(name) or '-'}" for name, _ in requires)
