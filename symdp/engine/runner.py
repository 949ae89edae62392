"""Running derivations: one recorder each, optionally on several processes.

Verdicts do not depend on the machine: each claim's symbolic route replays its
certificate (:mod:`.certificates`), sampling is seeded by the claim's content,
and results come back in catalogue order whatever ``jobs`` is.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from . import cache as result_cache
from . import certificates as certs
from .budget import BudgetExceeded, require_posix, within_budget
from .records import DerivationResult, ErrorReport, Outcome, Step
from .recorder import Recorder
from .registry import Spec
from .status import Status

TIMEOUT = 900.0
"""Default wall-clock limit of one derivation (``--timeout``): a safety net against hangs."""


def run_one(spec: Spec, certify: bool = False, timeout: float = TIMEOUT) -> DerivationResult:
    """Run one derivation; an exception or a timeout becomes an ERROR step, never a crash.

    Claims replay the certificates beside the derivation's file; with
    ``certify`` they are searched afresh (and the new certificates are in the
    result, for :func:`.certificates.write`).
    """
    book = certs.load(certs.path_for(spec.file)) if spec.file and not certify else {}
    d = Recorder(spec.id, book=book, certify=certify)
    started = time.perf_counter()
    error = None
    try:
        within_budget(lambda: spec.fn(d), timeout)
    except BudgetExceeded:
        error = ErrorReport(spec.file, spec.fn.__code__.co_firstlineno,
                            f"TimeoutError: the derivation exceeded --timeout {timeout:g} s", spec.id)
    except Exception as exc:
        error = ErrorReport.of(exc, spec.file or spec.fn.__code__.co_filename, spec.id)
    if error is not None:
        d.trace.append(Step("error", f"the derivation raised {error.message.split(':')[0]}", (),
                            Outcome(Status.ERROR, "exception", error.describe())))
    return DerivationResult(spec.id, spec.title, spec.source, tuple(d.trace),
                            time.perf_counter() - started, error, tuple(d.certificates))


def default_jobs() -> int:
    """Worker processes: the machine's cores, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


def run_all(specs: list[Spec], jobs: int | None = None, cache: str | None = None, fresh: bool = False,
            certify: bool = False, timeout: float = TIMEOUT) -> list[DerivationResult]:
    """Run derivations in catalogue order, on ``jobs`` forked processes when > 1.

    With ``cache`` (a folder), a derivation whose inputs are unchanged since it
    last passed is loaded instead of run (:mod:`.cache`); ``fresh`` runs
    everything but still refreshes, or evicts, the entries.
    """
    jobs = default_jobs() if jobs is None else jobs
    use = cache if not (fresh or certify) else None
    found = {s.id: cached for s in specs if (cached := result_cache.load(use, s)) is not None}
    todo = [s for s in specs if s.id not in found]
    run = partial(run_one, certify=certify, timeout=timeout)
    if jobs <= 1 or len(todo) <= 1:
        fresh_results = [run(s) for s in todo]
    else:
        require_posix("--jobs > 1 (forked workers)")
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=ctx) as pool:
            fresh_results = list(pool.map(run, todo))
    for spec, result in zip(todo, fresh_results):
        result_cache.store(cache, spec, result)
        found[spec.id] = result
    return [found[s.id] for s in specs]
