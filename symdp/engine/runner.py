"""Running derivations: one recorder each, optionally on several processes."""
from __future__ import annotations

import os
import time
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


def run_all(specs: list[Spec], jobs: int | None = None) -> list[DerivationResult]:
    """Run derivations in catalogue order, on ``jobs`` forked processes when > 1."""
    jobs = default_jobs() if jobs is None else jobs
    if jobs <= 1 or len(specs) <= 1:
        return [run_one(s) for s in specs]
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=min(jobs, len(specs)), mp_context=ctx) as pool:
        return list(pool.map(run_one, specs))
