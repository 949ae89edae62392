"""Running derivations: one recorder each, optionally on several processes.

Verdicts do not depend on the machine: each claim's symbolic route replays its
certificate (:mod:`.certificates`), sampling is seeded by the claim's content,
and results come back in catalogue order whatever ``jobs`` is.  With several
workers, the longest derivations start first and the longest of all are split
into shards that decide disjoint sets of claims (:mod:`.shards`), merged back
into the trace an unsharded run gives.
"""
from __future__ import annotations

import multiprocessing
import os
import time

from . import cache as result_cache
from ..proof import certificates as certs
from ..model import requirements
from . import shards
from . import stopping
from ..model.budget import BudgetExceeded, require_posix, within_budget
from ..model.records import DerivationResult, ErrorReport, Outcome, Step
from .recorder import Recorder
from .registry import Spec
from ..model.status import Status

TIMEOUT = 900.0
"""Default wall-clock limit of one derivation (``--timeout``): a safety net against hangs."""


def run_one(spec: Spec, certify: bool = False, timeout: float = TIMEOUT, decides=None) -> DerivationResult:
    """Run one derivation; an exception or a timeout becomes an ERROR step, never a crash.

    A derivation whose audited library is not installed is not run: its result is
    SKIPPED with the reason (:mod:`.requirements`).

    Claims replay the certificates beside the derivation's file; with
    ``certify`` they are searched afresh (and the new certificates are in the
    result, for :func:`.certificates.write`).  ``decides(ordinal)`` selects the
    claims this run decides (one shard: :mod:`.shards`); by default all.
    """
    libraries, skip = requirements.resolve(spec.requires)
    if skip:
        return DerivationResult(spec.id, spec.title, spec.source, (), 0.0, libraries=libraries, skipped=skip)
    book = certs.load(certs.path_for(spec.file)) if spec.file else {}
    d = Recorder(spec.id, book=book, certify=certify, decides=decides)
    for sentence in requirements.drift(libraries):
        d.note(sentence)
    started = time.perf_counter()
    error = None
    try:
        within_budget(lambda: spec.fn(d), timeout)
    except BudgetExceeded as exc:  # the running step named, at the line that ran it (:mod:`.stopping`)
        error = stopping.stopped(d, exc, spec.file, spec.fn.__code__.co_firstlineno, timeout, spec.id)
    except Exception as exc:
        error = ErrorReport.of(exc, spec.file or spec.fn.__code__.co_filename, spec.id)
    if error is not None:
        d.trace.append(Step("error", f"the derivation raised {error.message.split(':')[0]}", (),
                            Outcome(Status.ERROR, "exception", error.describe())))
    return DerivationResult(spec.id, spec.title, spec.source, tuple(d.trace),
                            time.perf_counter() - started, error, tuple(d.certificates),
                            tuple(sorted(d.reads.items())), libraries)


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
    use = cache if not (fresh or certify) else None
    found = {s.id: cached for s in specs if (cached := result_cache.load(use, s)) is not None}
    todo = [s for s in specs if s.id not in found]
    for spec, result in run_fresh(todo, jobs, cache, certify, timeout):
        found[spec.id] = result
    return [found[s.id] for s in specs]


def run_fresh(specs: list[Spec], jobs: int | None = None, cache: str | None = None, certify: bool = False,
              timeout: float = TIMEOUT):
    """Yield ``(spec, result)`` as derivations finish, storing each in ``cache``; the timings of a check
    are kept (:func:`.shards.store_hints`) to plan the next run.  Closing the generator stops the workers."""
    done: list = []
    try:
        for index, result in _stream(specs, jobs, certify, timeout, shards.load_hints(cache)):
            result_cache.store(cache, specs[index], result)
            done.append((specs[index], result))
            yield specs[index], result
    finally:
        shards.store_hints(None if certify else cache, done)


def _stream(specs, jobs, certify, timeout, hints):
    """Yield ``(index, result)`` in the order derivations finish: in turn for one job, else the tasks of
    :func:`.shards.plan` (longest first) on forked workers, each derivation once its shards are merged."""
    jobs = default_jobs() if jobs is None else jobs
    tasks = shards.plan(specs, jobs, hints) if jobs > 1 else []
    if len(tasks) <= 1:
        yield from ((k, run_one(s, certify, timeout)) for k, s in enumerate(specs))
        return
    require_posix("--jobs > 1 (forked workers)")
    pool = multiprocessing.get_context("fork").Pool(min(jobs, len(tasks)))
    try:
        parts: dict = {}
        work = [(t, specs[t.index], certify, timeout) for t in tasks]
        for task, result in pool.imap_unordered(_run_task, work):
            got = parts.setdefault(task.index, {})
            got[task.shard] = result
            if len(got) == task.shards:
                merged = shards.merge([got[k] for k in range(task.shards)])
                del parts[task.index]
                yield task.index, merged if merged is not None else run_one(specs[task.index], certify, timeout)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _run_task(job):
    task, spec, certify, timeout = job
    return task, run_one(spec, certify, timeout, task.decides)
