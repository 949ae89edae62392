"""The versions a verdict depends on, read from the installed metadata (importing SymPy costs ~0.3 s)."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1)
def tool_versions() -> dict[str, str]:
    """symdp, SymPy, mpmath and Python versions (fixed for a given install)."""
    import platform
    from importlib.metadata import PackageNotFoundError, version

    from . import __version__

    def of(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:  # a source tree on sys.path without installed metadata
            return __import__(name).__version__
    return {"symdp": __version__, "sympy": of("sympy"), "mpmath": of("mpmath"), "python": platform.python_version()}
