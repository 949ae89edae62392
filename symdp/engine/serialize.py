"""Results as JSON (the ``symdp check --json`` shape), JUnit XML and plain text.

Everything here is deterministic: sorted keys, no timings, no timestamps, so
the output of two runs can be diffed byte for byte.
"""
from __future__ import annotations

import json
import re
from xml.sax.saxutils import quoteattr, escape

import sympy as sp

from .records import DerivationResult, Figure, Note, Step, Table, Witness
from .status import Status


def summary(results: list[DerivationResult]) -> dict[str, int]:
    """Claims counted by status (every status present, zero or not)."""
    counts = {s.value: 0 for s in Status}
    for r in results:
        for c in r.claims:
            counts[c.status.value] += 1
    return counts


def _witness(w: Witness | None):
    if w is None:
        return None
    return {"point": dict(w.point), "lhs": w.lhs, "rhs": w.rhs}


def claim_dict(c: Step) -> dict:
    o = c.outcome
    return {"id": c.claim_id, "kind": c.kind, "status": o.status.value, "method": o.method,
            "detail": o.detail, "expected": c.expect.value if c.expect else None, "ok": c.ok,
            "points": o.points, "digits": o.digits, "witness": _witness(o.witness)}


def derivation_dict(r: DerivationResult) -> dict:
    return {"id": r.id, "title": r.title,
            "source": {"paper": r.source.paper, "where": r.source.where},
            "status": r.status.value, "ok": r.ok,
            "claims": [claim_dict(c) for c in r.claims]}


def to_json(results: list[DerivationResult]) -> str:
    doc = {"derivations": [derivation_dict(r) for r in results],
           "summary": summary(results), "ok": all(r.ok for r in results)}
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def to_junit(results: list[DerivationResult]) -> str:
    """One testcase per claim; failing claims carry a failure element."""
    cases = [c for r in results for c in r.claims]
    failures = sum(not c.ok for c in cases)
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             f'<testsuite name="symdp" tests="{len(cases)}" failures="{failures}" errors="0">']
    for r in results:
        for c in r.claims:
            lines.append(f'  <testcase classname={quoteattr(r.id)} name={quoteattr(c.claim_id)}>')
            if not c.ok:
                lines.append(f'    <failure message={quoteattr(_verdict(c))}>{escape(c.outcome.detail)}</failure>')
            lines.append(f'    <system-out>{escape(c.status.value + ": " + c.outcome.detail)}</system-out>')
            lines.append('  </testcase>')
    lines.append('</testsuite>')
    return "\n".join(lines) + "\n"


def _verdict(c: Step) -> str:
    if c.expect is not None and c.status is not c.expect:
        return f"expected {c.expect.value}, got {c.status.value}"
    if c.status is Status.ERRATUM:
        return "unexpected ERRATUM: the printed text disagrees and no erratum was declared"
    return c.status.value


def to_text(results: list[DerivationResult]) -> str:
    """The human summary of ``symdp check``."""
    width = max([len("derivation")] + [len(r.id) for r in results])
    lines = [f"{'derivation':<{width}}  {'status':<9}  claims  result"]
    for r in results:
        lines.append(f"{r.id:<{width}}  {r.status.value:<9}  {len(r.claims):>6}  {'ok' if r.ok else 'FAILED'}")
    for r in results:
        for c in r.claims:
            if not c.ok:
                lines.append(f"FAILED {r.id} :: {c.claim_id}: {_verdict(c)} -- {c.outcome.detail}")
    counts = summary(results)
    lines.append("claims: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    errata = [f"{r.id} :: {c.claim_id}" for r in results for c in r.claims if c.status is Status.ERRATUM]
    if errata:
        lines.append(f"errata found ({len(errata)}): " + "; ".join(errata))
    refuted = [f"{r.id} :: {c.claim_id}" for r in results for c in r.claims if c.status is Status.REFUTED]
    if refuted:
        lines.append(f"claims refuted ({len(refuted)}): " + "; ".join(refuted))
    return "\n".join(lines) + "\n"


def trace_text(r: DerivationResult) -> str:
    """One derivation's trace as plain text (``symdp show``)."""
    lines = [f"{r.id}: {r.title}", f"source: {r.source.paper}, {r.source.where}", f"status: {r.status.value}", ""]
    for k, e in enumerate(r.trace, 1):
        if isinstance(e, Table):
            lines.append(f"[{k}] table {e.id}: {e.caption}")
            lines += ["    " + " | ".join(row) for row in (e.header,) + e.rows]
        elif isinstance(e, Figure):
            lines.append(f"[{k}] figure {e.id}: {e.caption} ({len(e.series)} curves)")
        elif isinstance(e, Note):
            lines.append(f"[{k}] note: {e.text}")
        else:
            lines += _step_lines(k, e)
    return "\n".join(lines) + "\n"


def _step_lines(k: int, e: Step) -> list[str]:
    head = f"[{k}] {e.kind}" + (f" {e.claim_id}" if e.claim_id else "")
    lines = [f"{head}: {e.text}".rstrip(": ")]
    if e.relation:
        (label, lhs), (_, rhs) = e.exprs
        lhs_text = f"d/d({label.split()[-1].rstrip('}')}) [{sp.sstr(lhs)}]" if label else sp.sstr(lhs)
        lines.append(f"    {lhs_text} {e.relation.lstrip(chr(92))} {sp.sstr(rhs)}")
    for label, expr in ([] if e.relation else e.exprs):
        label = re.sub(r"\\text\{([^}]*)\}", r"\1", label)
        lines.append(f"    {label + ' = ' if label else ''}{sp.sstr(expr)}")
    o = e.outcome
    exp = f" (expected {e.expect.value})" if e.expect else ""
    lines.append(f"    -> {o.status.value}{exp} by {o.method}" + (f": {o.detail}" if o.detail else ""))
    if o.note:
        lines.append(f"    (time: {o.note})")
    return lines
