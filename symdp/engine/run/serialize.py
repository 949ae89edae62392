"""Results as JSON (the ``symdp check --json`` shape), JUnit XML and plain text.

Everything here is deterministic: sorted keys, no timings, no timestamps, so
the output of two runs can be diffed byte for byte.

Each function takes the run's results and, optionally, the collection errors
(files that did not import, :func:`~.registry.collect`).  Those and the
derivations that raised are *errors*: each is one ``ERROR`` line of text, one
entry of the JSON ``errors`` list, one JUnit testcase with an ``<error>``, and
one ``ERROR`` in the summary counts.
"""
from __future__ import annotations

import json
import re
from xml.sax.saxutils import quoteattr, escape

import sympy as sp

from ..model.records import DerivationResult, ErrorReport, Figure, Note, Step, Table, Witness
from ..model.status import Status
from ...versions import tool_versions  # noqa: F401  (re-exported: the JSON headers)


def errors_of(results: list[DerivationResult], collected=()) -> list[ErrorReport]:
    """The collection errors, then the errors of the derivations that raised, in catalogue order."""
    return list(collected) + [r.error for r in results if r.error is not None]


def passed(results: list[DerivationResult], collected=()) -> bool:
    """Every claim as expected, no derivation raised, every file imported."""
    return all(r.ok for r in results) and not collected


def summary(results: list[DerivationResult], collected=()) -> dict[str, int]:
    """Claims counted by status (every status present, zero or not).

    ``ERROR`` also counts the errors: each collection error and each
    derivation that raised adds one (a claim that raised is already one claim).
    """
    counts = {s.value: 0 for s in Status}
    for r in results:
        for c in r.claims:
            counts[c.status.value] += 1
    counts[Status.ERROR.value] += len(errors_of(results, collected))
    return counts


def error_dict(e: ErrorReport) -> dict:
    return {"file": e.file, "line": e.line, "message": e.message, "derivation": e.derivation}


def error_line(e: ErrorReport) -> str:
    """``ERROR file:line: ExcType: message``, as pytest reports collection errors."""
    return "ERROR " + (f"{e.derivation} :: " if e.derivation else "") + e.describe()


def _witness(w: Witness | None):
    if w is None:
        return None
    return {"point": dict(w.point), "lhs": w.lhs, "rhs": w.rhs}


def claim_dict(c: Step) -> dict:
    o = c.outcome
    out = {"id": c.claim_id, "kind": c.kind, "status": o.status.value, "method": o.method,
           "detail": o.detail, "expected": c.expect.value if c.expect else None, "ok": c.ok,
           "points": o.points, "digits": o.digits, "witness": _witness(o.witness),
           "certificate": c.certificate or None}
    if c.provenance is not None:  # a printed side given as LaTeX or quoted: where it stands
        p = c.provenance
        out["printed"] = {"file": p.file or None, "part": p.part or None, "line": p.line or None,
                          "label": p.label or None,
                          "number": p.number or None, "latex": c.printed_latex, "reading": p.reading or None}
    return out


def derivation_dict(r: DerivationResult) -> dict:
    """A derivation's JSON; ``libraries`` only for one that audits libraries, ``skipped`` only when skipped
    (so the JSON of a derivation without ``requires=`` is what it always was)."""
    doc = {"id": r.id, "title": r.title,
           "source": {"paper": r.source.paper, "where": r.source.where},
           "status": r.shown_status, "ok": r.ok,
           "claims": [claim_dict(c) for c in r.claims]}
    if r.libraries:
        doc["libraries"] = {lib.name: {"written_against": lib.written, "installed": lib.installed or None}
                            for lib in r.libraries}
    if r.skipped:
        doc["skipped"] = r.skipped
    return doc


def skipped_of(results: list[DerivationResult]) -> list[DerivationResult]:
    """The derivations that did not run (a library they audit is not installed), in catalogue order."""
    return [r for r in results if r.skipped]


SCHEMA_VERSION = 1
"""Version of the ``symdp check --json`` document (symdp/schemas/check.schema.json); raised on any
incompatible change of its shape."""


def to_json(results: list[DerivationResult], collected=()) -> str:
    """``summary["ERROR"]`` counts the entries of ``errors`` too (see :func:`summary`).

    The document carries ``schema_version`` and the tool versions, never a
    time or a timestamp: two runs of the same code on the same install give
    the same bytes.
    """
    doc = {"schema_version": SCHEMA_VERSION, "tools": tool_versions(),
           "derivations": [derivation_dict(r) for r in results],
           "errors": [error_dict(e) for e in errors_of(results, collected)],
           "summary": summary(results, collected), "ok": passed(results, collected)}
    skipped = skipped_of(results)
    if skipped:  # present only when some derivation was skipped: other documents keep their bytes
        doc["skipped"] = [{"derivation": r.id, "reason": r.skipped} for r in skipped]
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def to_junit(results: list[DerivationResult], collected=()) -> str:
    """One testcase per claim and per error; failing claims carry a failure element, errors an error element.

    A skipped derivation is one testcase with a ``<skipped>`` element giving the reason (and the suite
    a ``skipped`` count, written only when some derivation was skipped).

    There is no ``time`` attribute: a claim's wall-clock time differs from
    run to run (and is 0 for a cached result), and this file is meant to be
    diffed.  For times, use ``symdp check --durations`` or the pytest plugin's
    ``--junitxml`` (pytest's own, timed, one testcase per claim).
    """
    cases = [c for r in results for c in r.claims]
    errors = errors_of(results, collected)
    failures = sum(not c.ok for c in cases)
    skipped = skipped_of(results)
    count = f' skipped="{len(skipped)}"' if skipped else ""
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             f'<testsuite name="symdp" tests="{len(cases) + len(errors) + len(skipped)}" failures="{failures}" '
             f'errors="{len(errors)}"{count}>']
    lines += [line for r in results for c in r.claims for line in _claim_case(r, c)]
    lines += [line for r in skipped for line in _skipped_case(r)]
    lines += [line for e in errors for line in _error_case(e)]
    lines.append('</testsuite>')
    return "\n".join(lines) + "\n"


def _claim_case(r: DerivationResult, c: Step) -> list[str]:
    lines = [f'  <testcase classname={quoteattr(r.id)} name={quoteattr(c.claim_id)}>']
    if not c.ok:
        lines.append(f'    <failure message={quoteattr(_verdict(c))}>{escape(c.outcome.detail)}</failure>')
    how = f" [{c.certificate}]" if c.certificate.startswith(("kernel-checked", "trusts: ")) else ""
    lines.append(f'    <system-out>{escape(c.status.value + how + ": " + c.outcome.detail)}</system-out>')
    return lines + ['  </testcase>']


def _skipped_case(r: DerivationResult) -> list[str]:
    return [f'  <testcase classname={quoteattr(r.id)} name="skipped">',
            f'    <skipped message={quoteattr(r.skipped)}/>', '  </testcase>']


def _error_case(e: ErrorReport) -> list[str]:
    """A collection error is named after its file, a derivation's error after the derivation."""
    return [f'  <testcase classname={quoteattr(e.derivation or e.file)} name={quoteattr(f"{e.file}:{e.line}")}>',
            f'    <error message={quoteattr(e.message)}>{escape(e.describe())}</error>',
            '  </testcase>']


def _verdict(c: Step) -> str:
    if c.expect is not None and c.status is not c.expect:
        return f"expected {c.expect.value}, got {c.status.value}"
    if c.status is Status.ERRATUM:
        return "unexpected ERRATUM: the printed text disagrees and no erratum was declared"
    return c.status.value


def to_text(results: list[DerivationResult], collected=()) -> str:
    """The human summary of ``symdp check``: the table, what failed and raised, the counts."""
    lines = _table(results)
    lines += [f"FAILED {r.id} :: {c.claim_id}: {_verdict(c)} -- {c.outcome.detail}"
              for r in results for c in r.claims if not c.ok]
    lines += [error_line(e) for e in errors_of(results, collected)]
    lines += [f"SKIPPED {r.id}: {r.skipped}" for r in skipped_of(results)]
    return "\n".join(lines + _totals(results, collected)) + "\n"


def _table(results: list[DerivationResult]) -> list[str]:
    width = max([len("derivation")] + [len(r.id) for r in results])
    return [f"{'derivation':<{width}}  {'status':<9}  claims  result"] + [
        f"{r.id:<{width}}  {r.shown_status:<9}  {len(r.claims):>6}  {_result_word(r)}" for r in results]


def _result_word(r: DerivationResult) -> str:
    return "skipped" if r.skipped else ("ok" if r.ok else "FAILED")


def _totals(results: list[DerivationResult], collected) -> list[str]:
    counts = summary(results, collected)
    lines = ["claims: " + ", ".join(f"{k} {v}" for k, v in counts.items())]
    raised = len(errors_of(results))
    if collected or raised:
        lines.append(f"errors ({len(collected) + raised}, counted in ERROR): "
                     f"{len(collected)} file(s) did not import, {raised} derivation(s) raised")
    skipped = skipped_of(results)
    if skipped:
        lines.append(f"skipped: {len(skipped)} derivation(s) not run (a library they audit is not installed; "
                     f"not counted as failures)")
    searched = sum(c.certificate == "searched" for r in results for c in r.claims)
    if searched:
        lines.append(f"uncertified: {searched} claim(s) were decided by a time-budgeted search, which can differ "
                     f"on a slower machine; run `symdp certify` and commit the .proofs.json files")
    checked = sum(c.certificate == "kernel-checked" for r in results for c in r.claims)
    if checked:
        lines.append(f"kernel-checked: {checked} proof(s) accepted by the proof kernel from their recorded proof "
                     f"objects, or a printed number's enclosure by its own (no search; `symdp check-proofs` lists the "
                     f"recorded ones' rules)")
    trusting = [f"{r.id} :: {c.claim_id} ({c.certificate})" for r in results for c in r.claims
                if c.certificate.startswith("trusts: ")]
    if trusting:
        lines.append(f"kernel-accepted, trusting oracles ({len(trusting)}): " + "; ".join(trusting))
    carried = sum(c.certificate == "carried" for r in results for c in r.claims)
    if carried:
        lines.append(f"carried forward: {carried} proof(s) the fresh search did not find, the earlier certificate's "
                     f"proof replayed under this prover and kept")
    for status, what in ((Status.ERRATUM, "errata found"), (Status.REFUTED, "claims refuted")):
        found = [f"{r.id} :: {c.claim_id}" for r in results for c in r.claims if c.status is status]
        if found:
            lines.append(f"{what} ({len(found)}): " + "; ".join(found))
    return lines


def trace_text(r: DerivationResult) -> str:
    """One derivation's trace as plain text (``symdp show``)."""
    lines = [f"{r.id}: {r.title}", f"source: {r.source.paper}, {r.source.where}", f"status: {r.shown_status}"]
    lines += [f"library: {lib.name} {lib.installed or 'not installed'} (written against {lib.written})"
              for lib in r.libraries]
    lines += [f"skipped: {r.skipped}"] if r.skipped else []
    lines.append("")
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
        lines.append(f"    (note: {o.note})")
    return lines
