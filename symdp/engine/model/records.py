"""Frozen result records: what a derivation run leaves behind.

A trace is an ordered tuple of :class:`Step`, :class:`Table` and
:class:`Figure` entries.  Records hold data only: how they look (``repr``, and
the notebook display) is registered on them by :mod:`symdp.display`.  A step with a ``claim_id`` is a claim; the others are
bookkeeping (define, differentiate, solve, ...), which still carry the method
that produced them and a status.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path

import sympy as sp

from .status import Status, weakest


@dataclass(frozen=True)
class Source:
    """Where a derivation comes from: a paper file and a place in it."""

    paper: str
    where: str


@dataclass(frozen=True)
class Library:
    """A library a derivation audits: import name, version written against, version installed ("" if none)."""

    name: str
    written: str
    installed: str = ""


@dataclass(frozen=True)
class Witness:
    """A point at which two sides differ (values to 20 significant digits)."""

    point: tuple[tuple[str, str], ...]
    lhs: str
    rhs: str
    exact: tuple = field(default=(), compare=False, repr=False)
    """The point's coordinates exactly, ((name, (sign, mantissa, exponent, bits)), ...) as mpmath holds them, where
    the point is a numeric counterexample: what a recorded witness of an opaque claim is judged at again
    (:mod:`.witnesses`); never shown, never in the JSON."""

    def describe(self) -> str:
        at = ", ".join(f"{k}={v}" for k, v in self.point)
        return f"at {at}: {self.lhs} vs {self.rhs}"


@dataclass(frozen=True)
class Outcome:
    """How a claim was decided: status, method, detail, evidence."""

    status: Status
    method: str
    detail: str = ""
    witness: Witness | None = None
    points: int = 0
    digits: int = 0
    note: str = ""
    """Time-dependent remarks (attempts that ran out of budget): shown by
    ``symdp show``, kept out of JSON and reports so those stay reproducible."""


@dataclass(frozen=True)
class Provenance:
    """Where the printed side of a claim was quoted from (:func:`symdp.quote`)."""

    file: str
    """The file as the derivation names it (relative to the derivation's file, or a seed text's name)."""
    line: int = 0
    """Line of the formula in that file (0 when not known)."""
    label: str = ""
    """Its ``\\label`` in a .tex file."""
    number: str = ""
    """Its printed equation number, as "(12)"."""
    reading: str = ""
    """The reading the claim compares instead of the literal text: "name: sentence" (else "")."""
    literal: str = ""
    """With a reading: SymPy's form of the literal text, which may disagree (extraction noise)."""
    part: str = ""
    """For a label in a file the paper ``\\input``s: that file, relative to the paper's folder."""
    defines: str = ""
    """The left side the display defines (``\\sigma^2`` in ``\\sigma^2 = ...``): reported, never compared."""
    conditions: tuple[str, ...] = ()
    """The display's side conditions (after ``\\quad``, ``\\text{for}``...), as SymPy text: the claim's domain."""

    def describe(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        if self.part:
            where = f"{self.file} ({self.part}:{self.line})"
        return where + (f" \\label{{{self.label}}}" if self.label else "") + (f" Eq. {self.number}" if self.number else "")


@dataclass(frozen=True)
class Step:
    """One entry of a trace: what was done to which expressions, and how."""

    kind: str
    text: str
    exprs: tuple[tuple[str, sp.Basic], ...]
    outcome: Outcome
    claim_id: str | None = None
    expect: Status | None = None
    seconds: float = 0.0
    relation: str = ""
    """For identity and sign claims: the LaTeX relation between the two
    expressions of ``exprs`` (kept apart: an unevaluated ``Eq`` would collapse
    to ``True`` when a result is pickled back from a worker process)."""
    certificate: str = ""
    """How the symbolic route was decided: "kernel-checked" (a recorded proof object the kernel accepted, no
    search, no oracle node; for a printed number, its enclosure by the kernel's own compiler), "trusts: sympy.limit x1, ..." (a recorded proof object the kernel accepted, with the
    oracle steps it trusts), "replayed" (a recorded certificate),
    "searched" (no certificate: a time-budgeted search; run ``symdp certify``),
    under certify "recorded" (searched afresh) or "carried" (the fresh search
    found no proof; the earlier certificate's replayed and kept), or "" (no
    symbolic route: sampling only, or identical sides)."""
    printed_latex: str = ""
    """For printed claims: the formula as the paper typesets it (LaTeX, given by the
    derivation), shown by the report in place of SymPy's rewriting of the printed
    side; display only, never used to decide the claim."""
    provenance: Provenance | None = None
    """For printed claims given as LaTeX or a quote: the file, line, label and reading."""

    @property
    def status(self) -> Status:
        return self.outcome.status

    @property
    def is_claim(self) -> bool:
        return self.claim_id is not None

    @property
    def ok(self) -> bool:
        """A claim passes when it holds, or has exactly the expected finding."""
        if self.expect is not None:
            return self.status is self.expect
        return self.status.holds


@dataclass(frozen=True)
class Table:
    """A computed table, rendered in the report (cells are strings)."""

    id: str
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    kind: str = field(default="table", init=False)


@dataclass(frozen=True)
class Note:
    """A remark in the trace that is not a step of algebra (a definitions-level argument)."""

    text: str
    kind: str = field(default="note", init=False)


@dataclass(frozen=True)
class Series:
    """One curve of a figure: a label and (x, y) points as fixed-digit strings."""

    label: str
    points: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Figure:
    """A computed plot, rendered with pgfplots."""

    id: str
    caption: str
    xlabel: str
    ylabel: str
    series: tuple[Series, ...]
    kind: str = field(default="figure", init=False)


@dataclass(frozen=True)
class ErrorReport:
    """Where code raised: a derivation file that did not import, or a derivation that raised.

    ``message`` is one line, ``ExcType: message``; ``derivation`` is the id of
    the derivation that raised, or None when its file did not import.
    """

    file: str
    line: int
    message: str
    derivation: str | None = None

    @classmethod
    def of(cls, exc: BaseException, file: str, derivation: str | None = None) -> ErrorReport:
        """The innermost place in ``file`` where ``exc`` was raised (else the innermost overall)."""
        where, line = _innermost(exc, file)
        return cls(where, line, _one_line(exc), derivation)

    def describe(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def _frames(exc: BaseException) -> list[tuple[str, int]]:
    frames = [(f.filename, f.lineno or 0) for f in traceback.extract_tb(exc.__traceback__)]
    if isinstance(exc, SyntaxError) and exc.filename:  # the file never ran: no frame of its own
        frames.append((exc.filename, exc.lineno or 0))
    return frames


def _innermost(exc: BaseException, file: str) -> tuple[str, int]:
    frames = _frames(exc) or [(file, 0)]
    target = Path(file).resolve()
    inside = [(file, line) for name, line in frames if Path(name).resolve() == target]
    return (inside or frames)[-1]


def _one_line(exc: BaseException) -> str:
    text = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    first = text.strip().splitlines()[0] if text.strip() else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


@dataclass(frozen=True)
class DerivationResult:
    """Everything one derivation produced."""

    id: str
    title: str
    source: Source
    trace: tuple[Step | Table | Figure | Note, ...]
    seconds: float = 0.0
    error: ErrorReport | None = None
    """Where the derivation raised, if it did (its trace then ends with an ERROR step)."""
    certificates: tuple = ()
    """The :class:`~.certificates.Certificate` of every claim with a symbolic route, in trace order."""
    reads: tuple[tuple[str, str], ...] = ()
    """Files the derivation read besides its own folder (quoted papers): (absolute path, sha256, or ""
    when the file was not reachable), sorted; the cache checks them before reusing the result."""
    libraries: tuple[Library, ...] = ()
    """The libraries the derivation audits (``requires=``), with the versions found (:mod:`.requirements`)."""
    skipped: str = ""
    """Why the derivation did not run (a library it audits is not installed); "" when it ran."""

    @property
    def claims(self) -> tuple[Step, ...]:
        return tuple(e for e in self.trace if isinstance(e, Step) and e.is_claim)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(e for e in self.trace if isinstance(e, Step))

    @property
    def status(self) -> Status:
        return weakest(s.status for s in self.steps)

    @property
    def ok(self) -> bool:
        return all(s.ok for s in self.claims) and all(
            s.status is not Status.ERROR for s in self.steps)

    @property
    def shown_status(self) -> str:
        """The status a summary shows: ``SKIPPED`` for a derivation that did not run, else :attr:`status`."""
        return "SKIPPED" if self.skipped else self.status.value
