"""A derivation stopped by ``--timeout``: what it decided stands, what was running is named, the rest listed.

The derivation's own alarm (:mod:`.budget`) interrupts whatever step was running; nothing of that step was
recorded.  :func:`stopped` records it as an ERROR that names its id and kind (a claim) or its label (a
bookkeeping step), at the line of the derivation's file that was running, and lists the claims its
certificates know that were never reached (a derivation is code: claims after the one running are known only
from an earlier run's certificates).
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path

from ..model.records import ErrorReport, Note, Outcome, Step
from ..model.status import Status

ENGINE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Running:
    """The step a recorder is running: its kind, claim id (None for a bookkeeping step) or label, and what is
    recorded for it if it is stopped."""

    kind: str
    label: str
    text: str = ""
    claim_id: str | None = None
    exprs: tuple = ()
    expect: Status | None = None
    relation: str = ""

    def named(self) -> str:
        return f"claim '{self.claim_id}' ({self.kind})" if self.claim_id else f"step '{self.label}' ({self.kind})"


def stopped(recorder, exc: BaseException, file: str, line: int, timeout: float, derivation: str) -> ErrorReport:
    """Record the running step as an ERROR and the claims not reached as a note; the derivation's error,
    at ``file``:``line`` where it was running (from the alarm's traceback, else the ``def`` line)."""
    running = recorder.running
    line = _call_site(exc.__context__ or exc, file) or line
    what = f" while {running.named()} was running" if running else ""
    message = f"TimeoutError: the derivation exceeded --timeout {timeout:g} s{what}"
    if running is not None:
        detail = f"{file}:{line}: stopped by --timeout {timeout:g} s while this {running.kind} step was running"
        recorder.trace.append(Step(running.kind, running.text, running.exprs, Outcome(Status.ERROR, "timeout", detail),
                                   running.claim_id, running.expect, relation=running.relation))
        recorder.running = None
    missing = not_reached(recorder)
    if missing:
        recorder.trace.append(Note(f"not reached (stopped by --timeout {timeout:g} s): {', '.join(missing)}"))
    return ErrorReport(file, line, message, derivation)


def _call_site(exc: BaseException, file: str) -> int | None:
    """The line of ``file`` that called into the engine (the recorder (``d.sign(...)``) when ``exc`` was raised, else the
    innermost line of ``file``, else None."""
    frames = traceback.extract_tb(exc.__traceback__)
    target = Path(file).resolve() if file else None
    inside = [k for k, f in enumerate(frames) if target is not None and Path(f.filename).resolve() == target]
    calls = [k for k in inside if k + 1 < len(frames) and ENGINE in Path(frames[k + 1].filename).resolve().parents]
    chosen = calls or inside
    return frames[chosen[0] if calls else chosen[-1]].lineno if chosen else None


def not_reached(recorder) -> list[str]:
    """The claim ids the derivation's certificates record that its trace does not hold, sorted."""
    prefix = f"{recorder.derivation_id}::"
    known = {c.claim[len(prefix):] for c in recorder.known if c.claim.startswith(prefix)}
    return sorted(known - recorder.claim_ids())

