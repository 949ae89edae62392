"""A paper checked against its derivations: what ``symdp paper PAPER.tex`` reports.

The paper is read by :func:`symdp.latex.document.read` (following ``\\input``
and ``\\include``, expanding simple macros); its labelled display equations
are matched with the claims whose printed side is ``quote("PAPER.tex",
label=...)`` (the quote's path taken relative to the derivation file).  Each
label then *agrees* (every claim bound to it holds), *disagrees* (a claim
found an erratum: the witness), is *unparsed* (a bound equation the parser
refuses: why), *undecided* or in *error*, or is *unbound* (no claim checks
it; it is parsed all the same, so an unreadable one says why).  A bound
label the paper does not have is bad input: SymdpError.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from .engine import registry, runner
from .engine.records import DerivationResult, Step
from .engine.status import Status
from .errors import SymdpError
from .latex import NOTATION, LatexError, parse
from .latex.document import Document, read

STATES = ("agrees", "disagrees", "unparsed", "undecided", "error", "unbound")
FAILING = ("disagrees", "unparsed", "undecided", "error")
"""States of a bound label that fail the check (exit 1)."""


@dataclass(frozen=True)
class Binding:
    """A claim bound to a label: ``derivation::claim``, its status and what it found."""

    claim: str
    status: str
    detail: str
    witness: str = ""


@dataclass(frozen=True)
class Verdict:
    label: str
    file: str
    line: int
    state: str
    why: str = ""
    """For an unparsed equation: the parser's reason."""
    bindings: tuple = ()


@dataclass(frozen=True)
class PaperCheck:
    paper: str
    verdicts: tuple

    @property
    def ok(self) -> bool:
        return not any(v.state in FAILING and v.bindings for v in self.verdicts)

    def count(self, state: str) -> int:
        """Labels in ``state``; "unbound" counts every label no claim checks (parsed or not)."""
        if state == "unbound":
            return sum(not v.bindings for v in self.verdicts)
        return sum(v.state == state and bool(v.bindings) for v in self.verdicts)


def _state(step: Step) -> str:
    status = step.status
    if status.holds:
        return "agrees"
    if status in (Status.ERRATUM, Status.REFUTED):
        return "disagrees"
    if status is Status.ERROR and "LatexError" in step.outcome.detail:
        return "unparsed"
    return "undecided" if status is Status.UNDECIDED else "error"


def _bound(doc: Document, specs, results: list[DerivationResult]) -> dict:
    """{label: [(derivation id, Step)]} of the claims quoting ``doc`` by label."""
    files = {Path(f).resolve() for f in doc.files}
    out: dict = {}
    for spec, result in zip(specs, results):
        for step in result.claims:
            p = step.provenance
            if p is None or not p.label or not spec.file:
                continue
            if (Path(spec.file).parent / p.file).resolve() in files:
                out.setdefault(p.label, []).append((result.id, step))
    return out


def _binding(rid: str, step: Step) -> Binding:
    w = step.outcome.witness
    return Binding(f"{rid}::{step.claim_id}", step.status.value, step.outcome.detail,
                   w.describe() if w is not None else "")


def _unbound(doc: Document, eq) -> Verdict:
    notation = replace(NOTATION, macros=doc.macros)
    try:
        parse(eq.latex, notation)
    except LatexError as exc:
        return Verdict(eq.label, eq.file, eq.line, "unparsed", str(exc))
    except SymdpError as exc:
        return Verdict(eq.label, eq.file, eq.line, "unparsed", str(exc))
    return Verdict(eq.label, eq.file, eq.line, "unbound")


def _verdict(eq, claims) -> Verdict:
    states = [_state(step) for _, step in claims]
    state = min(states, key=STATES.index) if all(s == "agrees" for s in states) else \
        next(s for s in FAILING if s in states)
    why = next((step.outcome.detail for _, step in claims if _state(step) == "unparsed"), "")
    return Verdict(eq.label, eq.file, eq.line, state, why, tuple(_binding(r, s) for r, s in claims))


def check(paper, path, jobs: int | None = 1, cache: str | None = None, fresh: bool = False,
          timeout: float = runner.TIMEOUT) -> PaperCheck:
    """Run the derivations below ``path`` and judge every labelled equation of ``paper``."""
    doc = read(paper)
    if doc.duplicates:
        dup = doc.duplicates[0]
        raise SymdpError("\\label", dup.label, f"a label used once in the paper (again at {dup.file}:{dup.line})")
    specs = registry.discover(path)
    results = runner.run_all(specs, jobs, cache, fresh, timeout=timeout)
    bound = _bound(doc, specs, results)
    labels = doc.labels()
    missing = sorted(set(bound) - set(labels))
    if missing:
        who = ", ".join(f"{r}::{s.claim_id}" for r, s in bound[missing[0]])
        raise SymdpError("label", missing[0], f"a \\label of a display equation in {Path(paper).name} "
                         f"(claim {who} quotes it; the paper has no such label)")
    verdicts = [_verdict(eq, bound[eq.label]) if eq.label in bound else _unbound(doc, eq)
                for eq in sorted(labels.values(), key=lambda e: (e.file, e.line))]
    return PaperCheck(str(paper), tuple(verdicts))


def to_text(result: PaperCheck) -> str:
    bound = [v for v in result.verdicts if v.bindings]
    free = [v for v in result.verdicts if not v.bindings]
    counts = [f"{sum(v.state == s for v in bound)} {s}" for s in STATES[:-1]
              if s in ("agrees", "disagrees") or any(v.state == s for v in bound)]
    unreadable = sum(v.state == "unparsed" for v in free)
    head = (f"{result.paper}: {len(result.verdicts)} labelled equations, {len(bound)} bound: {', '.join(counts)}; "
            f"{len(free)} unbound" + (f" ({unreadable} of them unparsed)" if unreadable else ""))
    lines = [head]
    for v in result.verdicts:
        where = f"{v.file}:{v.line}"
        tag = v.state.upper() if v.state in FAILING and v.bindings else v.state
        claims = ", ".join(b.claim for b in v.bindings)
        lines.append(f"  {where:<28} {v.label:<24} {tag:<10} {claims}".rstrip())
        for b in v.bindings:
            if b.witness and b.status in ("ERRATUM", "REFUTED"):
                lines.append(f"      witness {b.witness}")
        if v.why:
            lines.append(f"      {v.why}")
    return "\n".join(lines) + "\n"


def to_json(result: PaperCheck) -> str:
    doc = {"paper": result.paper, "ok": result.ok,
           "summary": {s: result.count(s) for s in STATES},
           "equations": [{"label": v.label, "file": v.file, "line": v.line, "state": v.state, "why": v.why or None,
                          "claims": [{"id": b.claim, "status": b.status, "detail": b.detail,
                                      "witness": b.witness or None} for b in v.bindings]}
                         for v in result.verdicts]}
    return json.dumps(doc, indent=2, sort_keys=False) + "\n"
