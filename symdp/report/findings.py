"""The library findings graded: each with a severity computed from its comparison, never written as prose.

A finding compares what a library returned (``got``) with the value derived from first principles
(``expected``, at 50 digits) at its witness.  Its severity follows from that comparison alone:

- *crash*: an exception, NaN or infinity on valid input (unless the library documents the refusal);
- *observation*: within the library's documented tolerance, or what its contract promises (a documented
  refusal, a valid bound that is not claimed tight): not a defect;
- *unsafe*: on the side that claims more privacy than there is (an epsilon, delta or RDP below the true one,
  an advantage below one attained), with the error relative to the documented tolerance;
- *conservative*: loose, on the safe side.

``docs/library-findings.md`` is regenerated from :data:`FINDINGS` (its table, sorted by severity, and each
section's severity line): ``python -m symdp.report.findings``; the report's libraries chapter prefixes
each refuted claim with the severity of its finding (:func:`severity_of`).
"""
from __future__ import annotations

import enum
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import mpmath as mp

from .finding_data import FINDINGS as _ROWS


class Severity(enum.Enum):
    UNSAFE = "unsafe"
    CRASH = "crash"
    CONSERVATIVE = "conservative"
    OBSERVATION = "observation"


ORDER = (Severity.UNSAFE, Severity.CRASH, Severity.CONSERVATIVE, Severity.OBSERVATION)
"""Most severe first: the table's order."""


@dataclass(frozen=True)
class Tolerance:
    """A tolerance the library documents: ``kind`` "absolute" or "relative", its value, where it is stated."""

    kind: str
    value: str
    source: str


@dataclass(frozen=True)
class Finding:
    """One finding: the library's value against the derived one at the witness, and the contract at stake.

    ``unsafe_if``: "below" or "above", the side of ``expected`` on which the library claims more privacy
    than there is.  ``within_contract``: the output is what the library documents (a refusal it states, a
    bound it does not claim tight).  ``error``: the absolute error where the two values are not listed."""

    id: str
    library: str
    function: str
    derivation: str
    claims: tuple[str, ...]
    witness: str
    got: str
    expected: str
    unsafe_if: str
    contract: str
    tolerance: Tolerance | None = None
    within_contract: bool = False
    error: str = ""

    @property
    def severity(self) -> Severity:
        if self.within_contract:
            return Severity.OBSERVATION
        got, expected = _number(self.got), _number(self.expected)
        if got is None or not mp.isfinite(got):
            return Severity.CRASH if not self.error else Severity.OBSERVATION if self._tolerated() else \
                Severity.UNSAFE
        if self._tolerated():
            return Severity.OBSERVATION
        unsafe = got < expected if self.unsafe_if == "below" else got > expected
        return Severity.UNSAFE if unsafe else Severity.CONSERVATIVE

    def absolute(self):
        """|got - expected| (or the recorded error), or None when the library returned no number."""
        if self.error:
            return mp.mpf(self.error)
        got, expected = _number(self.got), _number(self.expected)
        return None if got is None or expected is None or not mp.isfinite(got) else abs(got - expected)

    def relative(self):
        absolute, expected = self.absolute(), _number(self.expected)
        return None if absolute is None or not expected else absolute / abs(expected)

    def _tolerated(self) -> bool:
        if self.tolerance is None or self.absolute() is None:
            return False
        error = self.absolute() if self.tolerance.kind == "absolute" else self.relative()
        return error <= mp.mpf(self.tolerance.value)

    def error_text(self) -> str:
        """The error, relative and absolute, and its ratio to the documented tolerance."""
        absolute, relative = self.absolute(), self.relative()
        if absolute is None:
            return "no number returned"
        text = f"{_short(absolute)} absolute" + (f", {_short(relative)} relative" if relative is not None else "")
        if self.tolerance is None:
            return text + "; no documented tolerance"
        error = absolute if self.tolerance.kind == "absolute" else relative
        return text + f"; {_short(error / mp.mpf(self.tolerance.value))} x the documented {self.tolerance.kind} " \
                      f"tolerance {self.tolerance.value} ({self.tolerance.source})"


def _number(text: str):
    with mp.workdps(60):
        try:
            return mp.mpf(text.replace(" ", ""))
        except (ValueError, TypeError):
            return None


def _short(x) -> str:
    return mp.nstr(x, 2, min_fixed=-3, max_fixed=4)


FINDINGS: tuple[Finding, ...] = tuple(
    Finding(**{**row, "tolerance": Tolerance(*row["tolerance"]) if row.get("tolerance") else None}) for row in _ROWS)


def graded() -> list[Finding]:
    """The findings, most severe first (document order within a severity)."""
    return sorted(FINDINGS, key=lambda f: ORDER.index(f.severity))


def severity_of(derivation: str, claim: str) -> Severity | None:
    """The severity of the finding a refuted claim belongs to (None if no finding lists it)."""
    found = [f.severity for f in FINDINGS if f.derivation == derivation and claim in f.claims]
    return min(found, key=ORDER.index) if found else None


# -- the document ----------------------------------------------------------------------------------------

HEADER = ("| # | severity | library | function | error (and the documented tolerance) | contract at stake | "
          "witness (got vs expected) |\n| --- | --- | --- | --- | --- | --- | --- |")
SEVERITY_LINE = "- Severity: "


def table() -> str:
    rows = [f"| {f.id} | **{f.severity.value}** | {f.library} | {f.function} | {f.error_text()} | {f.contract} | "
            f"{f.witness}: {f.got} vs {f.expected} |" for f in graded()]
    return "\n".join([HEADER, *rows])


def section_line(f: Finding) -> str:
    return f"{SEVERITY_LINE}**{f.severity.value}** ({f.error_text()}); contract: {f.contract}."


def document(text: str) -> str:
    """``text`` (docs/library-findings.md) with its table and each section's severity line regenerated."""
    start = text.index("| # |")
    end = text.index("\n\n", start)
    text = text[:start] + table() + text[end:]
    for f in FINDINGS:
        text = _with_line(text, f)
    return text


def _with_line(text: str, f: Finding) -> str:
    head = re.search(rf"^## {re.escape(f.id)}\. .*$", text, re.M)
    if head is None:
        return text
    body_start = head.end() + 2   # after the heading's blank line
    rest = text[body_start:]
    if rest.startswith(SEVERITY_LINE):
        rest = rest[rest.index("\n") + 1:]
    return text[:body_start] + section_line(f) + "\n" + rest


def main(argv=None) -> int:
    """Regenerate docs/library-findings.md (``--check``: exit 1 if it is not up to date)."""
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[-1]) if argv and not argv[-1].startswith("--") else Path("docs/library-findings.md")
    text = path.read_text(encoding="utf-8")
    new = document(text)
    if "--check" in argv:
        return 0 if new == text else 1
    path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
