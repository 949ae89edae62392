"""``symdp check-proofs``: every recorded proof of a derivation file exported and checked by the kernel alone.

For each ``<file>.proofs.json`` the derivations of ``<file>`` are run without deciding anything
(:mod:`.proof_capture`) to state their claims; each certificate that records a proof is exported
(:mod:`.proof_export`), written to JSON and read back (the kernel checks the format, not an object in memory),
and checked (:func:`symdp.kernel.check`).  Nothing here changes a verdict of ``symdp check``.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from ... import kernel
from ..proof import certificates as certs
from .proof_capture import capture
from ..proof.proof_export import Export, export, method_kind, stated_claim


@dataclass(frozen=True)
class Rejected:
    label: str
    method: str
    node: str
    reason: str


@dataclass(frozen=True)
class Row:
    """One recorded proof: its claim's label, the certificate's method and what became of it."""

    label: str
    method: str
    outcome: str
    """``PROVED (kernel-checked)`` or ``PROVED (trusts: ...)`` with the rules, ``REJECTED at ...``, or
    ``not exported: <why>``."""


@dataclass(frozen=True)
class FileAudit:
    """The counts of one derivation file's certificates."""

    file: str
    proved: int = 0
    exported: Counter = field(default_factory=Counter)
    """method kind -> proofs exported."""
    checked: Counter = field(default_factory=Counter)
    """rule -> accepted proofs with no oracle node (kernel-checked)."""
    trusting: Counter = field(default_factory=Counter)
    """oracle kind -> accepted proofs that trust it."""
    rejected: tuple = ()
    unexported: Counter = field(default_factory=Counter)
    """why -> proofs not exported."""
    seconds: float = 0.0
    """Wall time of the kernel's checks alone."""
    capture_seconds: float = 0.0
    errors: tuple = ()
    rows: tuple = ()
    """One :class:`Row` per recorded proof, by label."""

    @property
    def accepted(self) -> int:
        return sum(self.checked.values()) + sum(self.trusting.values())


def _root_rule(verdict) -> str:
    rules = [r for r in verdict.rules if ":" not in r and r != "boxes"]
    return "+".join(rules)


def _export(claim, certificate):
    """:func:`.proof_export.export`, or an :class:`.proof_export.Export` saying why it failed (a box log that does
    not decode, an expression SymPy cannot differentiate): counted as not exported, never a crash."""
    try:
        return export(claim, certificate)
    except Exception as exc:
        return Export(why=f"export failed: {type(exc).__name__}")


def _recorded(record, captured):
    """The proof object a file records (the ``kernel`` section) with the claim the derivation states now
    under its key, as an :class:`.proof_export.Export`."""
    claim = stated_claim(captured)
    if claim is None:
        return Export(why="recorded proof object: the claim's kind has no kernel statement")
    try:
        return Export(claim, kernel.Proof.from_json(record.entry["proof"]))
    except (ValueError, KeyError, TypeError) as exc:
        return Export(why=f"recorded proof object unreadable: {type(exc).__name__}")


def _proved(book, keyed) -> list:
    """The file's proofs, one per claim: its proof object where it records one, else its transcript's proof."""
    objects = [c for c in book.values() if c.kernel and c.transcript is None]
    covered = {keyed[c.key].label for c in objects if c.key in keyed}
    transcripts = [c for c in book.values() if c.transcript is not None and c.proved and c.claim not in covered]
    return sorted(objects + transcripts, key=lambda c: (c.claim, c.fingerprint))


def audit_file(file: str, specs, timeout: float = 900.0) -> FileAudit:
    """The audit of ``file`` whose derivations are ``specs``."""
    book = certs.load(certs.path_for(file))
    started = time.perf_counter()
    claims, keyed, errors = {}, {}, []
    for spec in specs:
        got = capture(spec, timeout)
        claims.update(got.claims)
        keyed.update(got.keyed)
        if got.error:
            errors.append(f"{spec.id}: {got.error}")
    captured_in = time.perf_counter() - started
    proved = _proved(book, keyed)
    exported, checked, trusting, unexported = Counter(), Counter(), Counter(), Counter()
    rejected, kernel_time, rows = [], 0.0, []
    for c in proved:
        if c.transcript is None:
            made = _recorded(c, keyed[c.key]) if c.key in keyed else None
        else:
            claim = claims.get(c.fingerprint)
            made = _export(claim, c) if claim is not None else None
        if made is None or made.proof is None:
            why = made.why if made is not None else "claim not stated by the derivation now"
            unexported[why] += 1
            rows.append(Row(c.claim, c.proved, f"not exported: {why}"))
            continue
        exported[method_kind(c.proved)] += 1
        t = time.perf_counter()
        verdict = kernel.check(made.claim, kernel.Proof.from_json(made.proof.to_json()))
        kernel_time += time.perf_counter() - t
        if not verdict.accepted:
            rejected.append(Rejected(c.claim, c.proved, verdict.node, verdict.reason))
        for k, _ in verdict.trusts:
            trusting[k] += 1
        if verdict.kernel_checked:
            checked[_root_rule(verdict)] += 1
        rules = f" by {', '.join(verdict.rules)}" if verdict.accepted else ""
        rows.append(Row(c.claim, c.proved, verdict.describe() + rules))
    return FileAudit(file, len(proved), exported, checked, trusting, tuple(rejected), unexported,
                     kernel_time, captured_in, tuple(errors), tuple(rows))


def audit(specs, timeout: float = 900.0) -> list:
    """One :class:`FileAudit` per derivation file with a certificate file, in file order."""
    return list(audits(specs, timeout))


def audits(specs, timeout: float = 900.0):
    """:func:`audit`'s audits as each file is done (a whole catalogue takes minutes: ``check-proofs`` prints them
    as they come)."""
    by_file: dict = {}
    for spec in specs:
        if spec.file and certs.path_for(spec.file).exists():
            by_file.setdefault(spec.file, []).append(spec)
    return (audit_file(f, by_file[f], timeout) for f in sorted(by_file))
