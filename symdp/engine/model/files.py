"""Writing a file whole or not at all: a temporary file beside the target, renamed over it.

A failure (disk full, permission, a virtual filesystem) raises the OSError and leaves no partial file:
neither the temporary one nor a truncated target.  The target keeps its permissions, or gets those
``open`` would give a new file (``mkstemp`` alone makes 0600).
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_whole(path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a renamed temporary file; OSError on failure."""
    target = Path(path)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.absolute().parent)
    try:
        os.chmod(name, _mode(target))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def _mode(target: Path) -> int:
    if target.exists():
        return target.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
