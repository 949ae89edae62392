"""The result cache: a derivation whose inputs are unchanged is loaded, not run again.

The key covers everything a derivation executes: every file below the folder
it was discovered in (its own file, the helper modules it imports from there,
its proof certificates), the symdp package, the versions of Python, SymPy,
mpmath, numpy and scipy, the engine's settings and, for a derivation that audits
a library (``requires=``), the library's installed version; the files it read besides
(quoted papers, recorded with their digests in the result) are checked on load.  The key is computed from the
files as they are on disk, so it only names the code that runs while no source file has changed since that code
was read (the package since its import, a derivation's folder since discovery): until then the cache neither
serves nor keeps a result (:func:`settled`).  Entries are JSON, decoded
by :mod:`.codec` (an allow-list of SymPy classes, validated on read; never
pickle), so a crafted file in the cache folder cannot run code.  Only passing
results are kept, and a fresh run that fails evicts the entry.
"""
from __future__ import annotations

import functools
import hashlib
import os
import shutil
import sys
import time
import warnings
from pathlib import Path

import mpmath
import numpy
import sympy

from ..sampling import certify, numeric
from ..symbolic.attempts import CLAIM_BUDGET, REPLAY_LIMIT
from ..symbolic.rewrites import BUDGET
from .steps import STEP_LIMIT
from ..model import requirements
from ..model.records import DerivationResult
from ...latex.project import ROOT_ENV
from .registry import Spec

SUFFIX = ".result.json"
TIMINGS = "timings.json"
"""The last run's per-claim timings, which plan the next parallel run (:mod:`.shards`); never a verdict."""


def _settings() -> str:
    values = (certify.DPS, certify.LEVELS, certify.STABLE, numeric.DIGITS, numeric.POINTS,
              BUDGET, CLAIM_BUDGET, REPLAY_LIMIT, STEP_LIMIT,
              os.environ.get(ROOT_ENV, ""))   # the project a quoted paper is read in: which files are read
    return repr(values)


def _versions() -> str:
    try:
        import scipy
        sci = scipy.__version__
    except ImportError:
        sci = "-"
    return f"{sys.version}|{sympy.__version__}|{mpmath.__version__}|{numpy.__version__}|{sci}"


def _files(root: Path, suffixes: tuple) -> list[Path]:
    return [path for path in sorted(root.rglob("*"))
            if path.is_file() and path.name.endswith(suffixes) and "__pycache__" not in path.parts]


def _tree_digest(root: Path, suffixes=(".py", ".j2", ".proofs.json")) -> str:
    h = hashlib.sha256()
    for path in _files(root, suffixes):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def _library_digest() -> str:
    package = _package()
    return hashlib.sha256(f"{_versions()}|{_settings()}|{_tree_digest(package)}".encode()).hexdigest()


def _package() -> Path:
    return Path(__file__).resolve().parents[2]


def _folder(spec: Spec) -> Path:
    return Path(spec.root) if spec.root else Path(spec.file).parent


def _folder_digest(spec: Spec) -> str:
    return _tree_digest(_folder(spec))


@functools.lru_cache(maxsize=1)
def _package_files() -> tuple[Path, ...]:
    return tuple(_sources(_package()))


def _sources(root: Path) -> list[Path]:
    """The source files below ``root`` that the key covers, certificates aside (symdp writes those while it runs,
    ``symdp certify``; they are data, read when a claim is decided)."""
    return _files(root, (".py", ".j2"))


def _edited(paths, since: int, now: int) -> bool:
    """Whether a file of ``paths`` was modified after ``since`` (and not in the future: a clock skew on the
    machine that wrote it is no edit).  A write within the file system's timestamp tick of ``since`` can pass
    unseen."""
    for path in paths:
        try:
            if since < path.stat().st_mtime_ns <= now:
                return True
        except OSError:
            return True
    return False


def settled(spec: Spec) -> bool:
    """Whether the code of ``spec`` on disk is the code that runs: no source of the package modified since its
    import, none of the derivation's folder since its file was read.  Was: a result computed while the prover was
    being edited was kept under the key of the edited files, and served later as theirs."""
    from ... import LOADED_AT
    now = time.time_ns()
    return not (_edited(_package_files(), LOADED_AT, now)
                or _edited(_sources(_folder(spec)), spec.read_at or LOADED_AT, now))


def entry(cache, spec: Spec) -> Path | None:
    """The cache file of ``spec``, or None when there is no cache, no file, or its code changed on disk since it
    was read (:func:`settled`)."""
    if not cache or not spec.file or not settled(spec):
        return None
    key = "|".join((_library_digest(), _folder_digest(spec), spec.id, str(Path(spec.file).resolve()))
                   + ((requirements.digest(spec.requires),) if spec.requires else ()))
    return Path(cache) / (hashlib.sha256(key.encode()).hexdigest() + SUFFIX)


def load(cache, spec: Spec) -> DerivationResult | None:
    """The cached result of ``spec``, or None (no entry, or an entry that fails validation)."""
    from ..codec import CodecError, loads
    path = entry(cache, spec)
    if path is None or not path.is_file():
        return None
    try:
        result = loads(path.read_bytes())
    except (CodecError, ValueError, TypeError, KeyError, RecursionError):
        path.unlink(missing_ok=True)
        return None
    return result if result.id == spec.id and result.ok and _unchanged(result.reads) else None


def _unchanged(reads) -> bool:
    """Every file a cached result read (a quoted paper) is as it was: same content, or still absent."""
    from ...latex.quote import digest
    for name, sha in reads:
        path = Path(name)
        if (digest(path) if path.is_file() else "") != sha:
            return False
    return True


def store(cache, spec: Spec, result: DerivationResult) -> None:
    """Keep a passing result; a failing one evicts whatever was kept for the same inputs."""
    from ..codec import CodecError, dumps
    path = entry(cache, spec)
    if path is None:
        return
    path.unlink(missing_ok=True)
    if not result.ok or result.skipped:  # a skipped derivation costs nothing to skip again
        return
    try:
        text = dumps(result)
    except (CodecError, ValueError, TypeError, RecursionError) as exc:
        # not cached, and said: a silent miss made every warm check re-run five derivations for two days
        warnings.warn(f"{spec.id}: its result is not cached (the codec cannot hold it: {exc})", RuntimeWarning,
                      stacklevel=2)
        return
    _write(cache, path, text)


def _write(cache, path: Path, text: str) -> None:
    """The entry whole or not at all; an OSError becomes a SymdpError naming the cache folder."""
    from ...errors import SymdpError
    from ..model.files import write_whole
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, text)
    except OSError as exc:
        raise SymdpError("cache", str(cache), f"a folder symdp can write (writing {path.name} failed: "
                         f"{exc.strerror or type(exc).__name__})") from None


def require_clearable(cache, parameter: str = "cache") -> None:
    """SymdpError unless ``cache`` is absent or a folder holding nothing but cache entries (and not the
    current, home or root folder): :func:`clear` deletes the whole folder."""
    from ...errors import SymdpError
    folder = Path(cache)
    if not folder.is_dir():
        return
    if folder.resolve() in (Path.cwd().resolve(), Path.home().resolve(), Path(folder.resolve().anchor)):
        raise SymdpError(parameter, str(cache), "a cache folder (not the current, home or root folder)")
    stray = next((p for p in folder.iterdir() if not (p.is_file() and _ours(p.name))), None)
    if stray is not None:
        raise SymdpError(parameter, str(cache), f"a symdp cache folder, holding only *{SUFFIX} entries "
                         f"({stray.name} is not one; refusing to delete it)")


def _ours(name: str) -> bool:
    partial = name.endswith(".tmp") and (name.startswith(TIMINGS + ".") or (name.startswith(".") and SUFFIX + "." in name))
    return name.endswith(SUFFIX) or name == TIMINGS or partial


def clear(cache) -> int:
    """Remove the cache folder (after :func:`require_clearable`); returns the number of entries removed."""
    require_clearable(cache)
    folder = Path(cache)
    if not folder.is_dir():
        return 0
    count = sum(1 for _ in folder.glob("*" + SUFFIX))
    shutil.rmtree(folder)
    return count
