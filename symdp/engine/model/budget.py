"""Run a symbolic attempt under a wall-clock budget.

``simplify`` and friends can run for minutes on innocent-looking input.  Every
symbolic attempt goes through :func:`within_budget`, which raises
:class:`BudgetExceeded` when the time is up, so a hanging attempt becomes an
UNDECIDED record instead of a hung run.  In the main thread a SIGALRM timer
interrupts the attempt in place (SymPy is pure Python); elsewhere the attempt
runs in a forked child that is killed when the time is up.

An outer ITIMER_REAL timer (pytest-timeout, a caller's own alarm, a nested
budget) is never cancelled: the attempt gets at most the outer timer's
remaining time, the outer handler runs if the outer timer is the one that
expires, and the outer timer is re-armed with what is left of it afterwards.

Budgets only ever stop a *search*; which proof a claim gets is decided by the
certificates of :mod:`.certificates`, never by how fast this machine is.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass


class BudgetExceeded(Exception):
    """The attempt did not finish within its time budget."""


def require_posix(what: str) -> None:
    """symdp's budgets (SIGALRM) and parallel runs (fork) are POSIX-only: a clear error elsewhere (Windows)."""
    if not (hasattr(os, "fork") and hasattr(signal, "setitimer")):
        from ...errors import SymdpError
        raise SymdpError("platform", sys.platform, f"a POSIX system (Linux, macOS, BSD): {what} needs fork() "
                         "and SIGALRM, which this platform lacks")


def within_budget(fn, seconds: float):
    """Return ``fn()``, or raise :class:`BudgetExceeded` after ``seconds`` (POSIX only: :func:`require_posix`)."""
    require_posix("a time budget")
    on_main = threading.current_thread() is threading.main_thread()
    if on_main and hasattr(signal, "setitimer"):
        return _with_alarm(fn, seconds)
    return _with_fork(fn, seconds)


RETRY = 0.25
"""Seconds after which an expired budget fires again while the attempt still runs: an exception raised in a
__del__ or a garbage-collector callback is printed and dropped, and a one-shot alarm lost there never came back."""


class _Expired(BaseException):
    """Raised by our own alarm handler (BaseException: SymPy code catches Exception)."""


def _with_alarm(fn, seconds):
    outer_left, _ = signal.getitimer(signal.ITIMER_REAL)
    outer_handler = signal.getsignal(signal.SIGALRM)
    ours_first = not outer_left or seconds < outer_left
    started, state = time.monotonic(), {"live": True, "outer_fired": False}

    def expire(signum, frame):
        if not state["live"]:
            return  # late: the attempt is over; an outer deadline is re-armed by the teardown
        if ours_first:   # again until the attempt is over: one raised inside a finalizer is dropped by Python
            signal.setitimer(signal.ITIMER_REAL, RETRY)
            raise _Expired(state)
        state["live"] = False  # the outer timer's firing is passed on once
        state["outer_fired"] = True  # the outer timer ran out: its handler decides
        _restore(outer_handler, 0.0, started)
        if callable(outer_handler):
            outer_handler(signum, frame)

    try:   # armed inside the try: a timer that fires while it is set up is caught here too
        try:
            signal.signal(signal.SIGALRM, expire)
            signal.setitimer(signal.ITIMER_REAL, seconds if ours_first else outer_left)
            return fn()
        finally:
            state["live"] = False  # from here on a firing is ignored, never raised into the teardown
    except _Expired as exc:
        if exc.args[0] is not state:  # an enclosing budget's timer: not ours to handle
            raise
        raise BudgetExceeded(f"exceeded {seconds:g} s") from None
    finally:
        if not state["outer_fired"]:
            _restore(outer_handler, outer_left, started)


def _restore(handler, outer_left, started):
    """Disarm our timer, put the outer handler back and re-arm the outer timer with its rest.

    SIGALRM is blocked meanwhile, so no handler runs half-way through; a firing already tripped runs (and is
    ignored) when the mask is set, and one still pending is taken, as the timer it came from was ours.  Taken
    without waiting: SIGALRM is sent to the process, and in a process with other threads (a pytest-xdist
    worker) another thread may take it between sigpending() and sigwait(), which then waited forever."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.sigtimedwait({signal.SIGALRM}, 0)   # take one still pending; never wait (see below)
        signal.signal(signal.SIGALRM, handler)
        if outer_left:
            signal.setitimer(signal.ITIMER_REAL, max(outer_left - (time.monotonic() - started), 1e-6))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


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


WORK = 60_000_000
"""Units of counted work (each enclosure weighed by the operations of the expression it encloses:
:func:`charge`) that the box searches of one claim may spend together, found by search (a replay follows its
certificate and is not metered); about two minutes of one core (some 500 000 units a second).  The searches run outside the sign prover's wall-clock deadline (:meth:`.attempts.Attempts.
paused`) and each has a box budget of its own, but a claim may start hundreds of them (region by region,
face by face, piece by piece), each box costing in proportion to its expression: the Gaussian type II claim
of issue 49 (``1 - alpha - G``, G dividing by ``erfcinv(2 alpha)``) ran past 900 s so.  A count, never
seconds, so the verdict does not depend on the machine."""

_meters: list = []


@dataclass
class Meter:
    """The counted work a claim's searches have spent out of ``allowance`` (None: not metered)."""

    allowance: int | None
    spent: int = 0

    @property
    def exhausted(self) -> bool:
        return self.allowance is not None and self.spent >= self.allowance


@contextlib.contextmanager
def metered(allowance: int | None = WORK):
    """Meter the box searches run inside the block (one claim's search); ``None``: not metered (a replay)."""
    meter = Meter(allowance)
    _meters.append(meter)
    try:
        yield meter
    finally:
        _meters.remove(meter)


def charge(units: int) -> None:
    """Count ``units`` of work against the innermost meter (none outside a claim)."""
    if _meters:
        _meters[-1].spent += units


def exhausted() -> bool:
    """The innermost meter's allowance is spent: a box search stops (its boxes stay open)."""
    return bool(_meters) and _meters[-1].exhausted
