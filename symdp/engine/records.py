"""Frozen result records: what a derivation run leaves behind.

A trace is an ordered tuple of :class:`Step`, :class:`Table` and
:class:`Figure` entries.  A step with a ``claim_id`` is a claim; the others are
bookkeeping (define, differentiate, solve, ...), which still carry the method
that produced them and a status.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

from .status import Status, weakest


@dataclass(frozen=True)
class Source:
    """Where a derivation comes from: a paper file and a place in it."""

    paper: str
    where: str


@dataclass(frozen=True)
class Witness:
    """A point at which two sides differ (values to 20 significant digits)."""

    point: tuple[tuple[str, str], ...]
    lhs: str
    rhs: str

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
class DerivationResult:
    """Everything one derivation produced."""

    id: str
    title: str
    source: Source
    trace: tuple[Step | Table | Figure | Note, ...]
    seconds: float = 0.0

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
