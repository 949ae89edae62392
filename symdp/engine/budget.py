"""Run a symbolic attempt under a wall-clock budget.

``simplify`` and friends can run for minutes on innocent-looking input.  Every
symbolic attempt goes through :func:`within_budget`, which raises
:class:`BudgetExceeded` when the time is up, so a hanging attempt becomes an
UNDECIDED record instead of a hung run.  In the main thread a SIGALRM timer
interrupts the attempt in place (SymPy is pure Python); elsewhere the attempt
runs in a forked child that is killed when the time is up.
"""
from __future__ import annotations

import multiprocessing
import signal
import threading


class BudgetExceeded(Exception):
    """The attempt did not finish within its time budget."""


def within_budget(fn, seconds: float):
    """Return ``fn()``, or raise :class:`BudgetExceeded` after ``seconds``."""
    on_main = threading.current_thread() is threading.main_thread()
    if on_main and hasattr(signal, "setitimer"):
        return _with_alarm(fn, seconds)
    return _with_fork(fn, seconds)


def _with_alarm(fn, seconds):
    def expire(signum, frame):
        raise BudgetExceeded(f"exceeded {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _child(fn, conn):
    try:
        conn.send((True, fn()))
    except BaseException as exc:  # reported to the parent, not lost
        conn.send((False, exc))


def _with_fork(fn, seconds):
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(fn, child), daemon=True)
    proc.start()
    ready = parent.poll(seconds)
    if not ready:
        proc.kill()
        proc.join()
        raise BudgetExceeded(f"exceeded {seconds:g} s")
    ok, value = parent.recv()
    proc.join()
    if not ok:
        raise value
    return value
