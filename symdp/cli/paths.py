"""Output paths: checked before any work, written through a temporary file beside the target.

Every file a command writes (--junit, the reports under --out) goes through :func:`write_text`: the text is
written to a temporary file in the target's folder and renamed over the target, so an I/O failure (disk
full, permission, a virtual filesystem) leaves no partial file and becomes one :class:`SymdpError` naming
the option, the path and the reason (exit 2).  A target that exists and is not a regular file
(``/dev/stdout``, ``/dev/full``, a pipe) is written directly: it cannot be replaced.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ..engine.model.files import write_whole
from ..errors import SymdpError


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _probe(flag: str, value: str, folder: Path) -> None:
    """Create and remove a file in ``folder``: permission bits do not tell (root, /proc, read-only mounts)."""
    try:
        fd, name = tempfile.mkstemp(prefix=".symdp-probe-", dir=folder)
    except OSError as exc:
        raise SymdpError(flag, value, f"a path symdp may write (cannot create a file in {folder}: "
                         f"{_reason(exc)})") from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(name)


def nearest_existing(path: Path) -> Path:
    p = path.absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def output_file(flag: str, value: str) -> None:
    """A file the command will write: not empty, not a folder, in an existing writable folder."""
    if not value.strip():
        raise SymdpError(flag, value, "a file path (not empty)")
    path = Path(value)
    if path.is_dir():
        raise SymdpError(flag, value, "a file path, not a folder")
    parent = path.absolute().parent
    if not parent.is_dir():
        raise SymdpError(flag, value, f"a file in an existing folder (there is no folder {parent})")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise SymdpError(flag, value, "a file symdp may write (permission denied)")
    if not path.exists() or path.is_file():
        _probe(flag, value, parent)


def output_folder(flag: str, value: str) -> None:
    """A folder the command will create or write into: not empty, not a file, below a writable folder."""
    if not value.strip():
        raise SymdpError(flag, value, "a folder path (not empty)")
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise SymdpError(flag, value, "a folder, not an existing file")
    base = nearest_existing(path)
    if not base.is_dir():
        raise SymdpError(flag, value, f"a folder path ({base} is a file)")
    if not os.access(base, os.W_OK | os.X_OK):
        raise SymdpError(flag, value, f"a folder symdp may write ({base} is not writable)")
    _probe(flag, value, base)


def cache_to_clear(value: str) -> None:
    """``cache clear`` removes the folder: only a folder that holds nothing but cache entries."""
    from ..engine.run.cache import require_clearable
    output_folder("--cache", value)
    require_clearable(value, "--cache")


def write_text(flag: str, path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all; an OSError becomes a SymdpError naming ``flag``."""
    target = Path(path)
    try:
        if target.exists() and not target.is_file():
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(text)
            return
        write_whole(target, text)
    except OSError as exc:
        raise SymdpError(flag, str(path), f"a path symdp can write (writing failed: {_reason(exc)})") from None


def make_folder(flag: str, folder) -> None:
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SymdpError(flag, str(folder), f"a folder symdp can create ({_reason(exc)})") from None
