"""Running derivations: one recorder each, optionally on several processes."""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import time
from pathlib import Path

import mpmath
import sympy
from concurrent.futures import ProcessPoolExecutor
import multiprocessing

from .records import DerivationResult, Outcome, Step
from .recorder import Recorder
from .registry import Spec
from .status import Status


def run_one(spec: Spec) -> DerivationResult:
    """Run one derivation; an exception becomes an ERROR step, never a crash."""
    d = Recorder(spec.id)
    started = time.perf_counter()
    try:
        spec.fn(d)
    except Exception as exc:
        d.trace.append(Step("error", f"the derivation raised {type(exc).__name__}", (),
                            Outcome(Status.ERROR, "exception", str(exc))))
    return DerivationResult(spec.id, spec.title, spec.source, tuple(d.trace),
                            time.perf_counter() - started)


def default_jobs() -> int:
    """Worker processes: the machine's cores, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


def run_all(specs: list[Spec], jobs: int | None = None, cache: str | None = None) -> list[DerivationResult]:
    """Run derivations in catalogue order, on ``jobs`` forked processes when > 1.

    With ``cache`` (a folder), a derivation whose file and whose library code
    are unchanged since it last ran is loaded instead of run again (the
    results are deterministic: seeded samples, no clocks in what is kept).
    """
    jobs = default_jobs() if jobs is None else jobs
    found = {s.id: cached for s in specs if (cached := _load(cache, s)) is not None}
    todo = [s for s in specs if s.id not in found]
    if jobs <= 1 or len(todo) <= 1:
        fresh = [run_one(s) for s in todo]
    else:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=ctx) as pool:
            fresh = list(pool.map(run_one, todo))
    for spec, result in zip(todo, fresh):
        _store(cache, spec, result)
        found[spec.id] = result
    return [found[s.id] for s in specs]


@functools.lru_cache(maxsize=1)
def _library_digest() -> str:
    h = hashlib.sha256(f"{sys.version}|{sympy.__version__}|{mpmath.__version__}".encode())
    for path in sorted(Path(__file__).resolve().parents[1].rglob("*")):
        if path.suffix in (".py", ".j2"):
            h.update(str(path.name).encode() + path.read_bytes())
    return h.hexdigest()


def _cache_file(cache, spec: Spec) -> Path | None:
    if not cache or not spec.file:
        return None
    h = hashlib.sha256((_library_digest() + spec.id).encode() + Path(spec.file).read_bytes())
    return Path(cache) / f"{h.hexdigest()}.pickle"


def _load(cache, spec: Spec):
    path = _cache_file(cache, spec)
    if path is None or not path.exists():
        return None
    try:
        return pickle.loads(path.read_bytes())
    except Exception:  # a stale or broken cache entry is simply run again
        return None


def _store(cache, spec: Spec, result: DerivationResult) -> None:
    path = _cache_file(cache, spec)
    if path is None or not result.ok:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(result))
