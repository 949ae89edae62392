"""Proof certificates: the symbolic decisions of a run, recorded and replayed.

A claim's symbolic route is a sequence of questions ("does rewrite R reduce
this to 0?", "do the breakpoints come out?"); :class:`~.attempts.Attempts`
records the answers as a *transcript*, with a mark where each way of proving
began and whether it proved (:meth:`~.attempts.Attempts.route`: a replay passes
over the ways that failed) and the cut points it solved for, written by the
safe codec (:meth:`~.attempts.Attempts.found`).  ``symdp certify`` searches (under time
budgets) and writes the transcripts to ``<derivation file>.proofs.json`` beside
the derivation file; ``symdp check`` replays them, so the same code gives the
same PROVED / VERIFIED verdicts on a fast or a loaded machine and with any
``--jobs``.  A certificate is keyed by the claim's *content*
(its kind, expressions and domain, and the transcripts' format :data:`TRANSCRIPTS`), never by its name or by the
prover's source: renaming a claim or a derivation changes nothing, a changed claim is searched afresh and
reported as uncertified, and an edited search keeps every transcript that still replays (a replay runs again
every step that proved, so the current code proves what it proves).

Format 2 also files, for each proved claim whose proof the kernel can state (:mod:`.proof_export`), a proof
object keyed by the claim and the kernel's format alone (:func:`claim_key`): ``symdp check`` accepts it when
the kernel (:mod:`symdp.kernel`) does, with no search and whatever the prover's source, and prints the
outcome the search gave.  ``symdp certify`` keeps what is recorded and still holds, and searches the rest
(``--fresh``: everything).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import sympy as sp

from ... import kernel
from ...kernel.srepr import write as spelled
from ...errors import SymdpError
from ..model.files import write_whole

FORMAT = 2
"""Format 2 adds the ``kernel`` section (proof objects keyed by the claim alone); format 1 files are read too."""
READS = (1, 2)
SUFFIX = ".proofs.json"
FRESH = "fresh"
"""``certify=FRESH``: search every claim afresh, ignoring what the file records (``symdp certify --fresh``)."""


@dataclass(frozen=True)
class Certificate:
    """The recorded symbolic route of one claim: its answers and the proof it reached."""

    fingerprint: str
    claim: str
    transcript: tuple | None
    proved: str = ""
    """The method that proved the claim, or "" when the symbolic route did not."""
    boxes: str = ""
    """A validated-numerics proof: its subdivision tree and leaf rules (:func:`.validated.search.encode`)."""
    key: str = ""
    """The claim's key without the prover (:func:`claim_key`): where its proof object is filed."""
    kernel: str = ""
    """The proof object the kernel accepted and the outcome it stands for, as JSON text (:func:`kernel_entry`),
    or "" (no proof object: the claim is replayed from its transcript).  A record read from a file's ``kernel``
    section has no transcript (None) and is filed under ``key``."""

    @property
    def entry(self) -> dict:
        return json.loads(self.kernel) if self.kernel else {}


TRANSCRIPTS = 2
"""The transcripts' format, hashed into every fingerprint.  Raised when a replay reads a log differently, so
that older transcripts are searched afresh, never misread (a count; 2: the first keys without the prover's
source; its transcripts mark a side condition's box search as a route, :func:`..regions.sides.proves`, and a replay
reads a transcript without those marks as it was recorded)."""


_DUMMY = re.compile(r"dummy_index=\d+")


def _canonical(value) -> str:
    """The text a key hashes: :func:`symdp.kernel.srepr.write` of each expression (the same in every process,
    whatever SymPy's cache holds), containers element by element."""
    if isinstance(value, sp.Basic):
        return spelled(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_canonical(k)}: {_canonical(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(_canonical(v) for v in value) + ")"
    return repr(value)


def fingerprint(kind: str, *parts) -> str:
    """Content hash of a claim and of the transcripts' format (:data:`TRANSCRIPTS`), never of the prover's source:
    the key of its certificate.  An edited search keeps every transcript that still replays: a replay runs again
    every step that proved and passes over the routes that failed, so what it proves, the current code proves;
    a transcript that no longer replays is an ERROR naming ``symdp certify`` (``--fresh`` lets an improved search
    try every claim again)."""
    return _hash([kind, f"transcript format {TRANSCRIPTS}"] + [_canonical(p) for p in parts])


def claim_key(kind: str, *parts) -> str:
    """Content hash of a claim and of the kernel's proof format, not of the prover: the key of its proof object,
    so a change to the search never invalidates a proof that the kernel still accepts."""
    return _hash([kind, f"kernel format {kernel.FORMAT}"] + [_canonical(p) for p in parts])


def kernel_entry(proof, method: str, detail: str, points: int = 0, digits: int = 0) -> str:
    """The JSON text of a proof object and of the outcome it proves (its method and detail as the search gave
    them, so ``symdp check`` prints the same verdict whether it replays a transcript or checks the proof)."""
    return json.dumps({"proof": proof.to_json(), "method": method, "detail": detail, "points": points,
                       "digits": digits}, sort_keys=True, separators=(",", ":"))


def content_key(kind: str, *parts) -> str:
    """Content hash of a claim alone: the seed of its sample points, the same whatever the prover's version
    (a changed prover re-searches proofs; it must not move the points a sampled claim is judged at)."""
    return _hash([kind] + [_canonical(p) for p in parts])


def _hash(fields) -> str:
    return hashlib.sha256("|".join(fields).encode()).hexdigest()[:24]


def path_for(derivation_file: str) -> Path:
    return Path(derivation_file).with_suffix(SUFFIX)


def load(path: Path) -> dict[str, Certificate]:
    """The certificates in ``path`` by fingerprint ({} when there is no file); validated."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {c.fingerprint: c for c in map(_decode, _entries(data))}
    except (ValueError, TypeError, KeyError) as exc:
        raise SymdpError("certificate file", str(path), f"a valid symdp proofs file ({exc})") from None


def _entries(data) -> list:
    if not isinstance(data, dict) or data.get("format") not in READS or not {"format", "proofs"} <= set(data) \
            or not set(data) <= {"format", "proofs", "kernel"}:
        raise ValueError(f"format {FORMAT} with keys 'format', 'proofs' and 'kernel'")
    return [dict(v, fingerprint=k) for k, v in data["proofs"].items()] + \
        [_kernel_record(k, v) for k, v in data.get("kernel", {}).items() if not _older(v)]


def _older(entry) -> bool:
    """A proof object of an earlier kernel format (a file written before an upgrade): skipped, not an error.  Its
    claim key names that format, so no claim asks for it; the claim's transcript record replays instead, and the
    next ``symdp certify`` files a proof object of this format."""
    proof = entry.get("proof") if isinstance(entry, dict) else None
    found = proof.get("format") if isinstance(proof, dict) else None
    return type(found) is int and 1 <= found < kernel.FORMAT


def _kernel_record(key: str, e: dict) -> dict:
    """A ``kernel`` section entry as a record with no transcript, filed under its claim key."""
    if set(e) != {"claim", "proof", "method", "detail", "points", "digits"}:
        raise ValueError(f"unexpected kernel entry keys {sorted(e)}")
    kernel.Proof.from_json(e["proof"])   # well formed (the kernel decides whether it proves its claim)
    body = {k: e[k] for k in ("proof", "method", "detail", "points", "digits")}
    return {"fingerprint": key, "claim": e["claim"], "transcript": None, "proved": e["method"], "key": key,
            "kernel": json.dumps(body, sort_keys=True, separators=(",", ":"))}


def _decode(e: dict) -> Certificate:
    if not {"fingerprint", "claim", "transcript", "proved"} <= set(e) <= {"fingerprint", "claim", "transcript",
                                                                          "proved", "boxes", "key", "kernel"}:
        raise ValueError(f"unexpected keys {sorted(e)}")
    if e["transcript"] is not None and not all(t is None or isinstance(t, str) for t in e["transcript"]):
        raise ValueError("a transcript holds strings and nulls only")
    if not all(isinstance(e.get(k, ""), str) for k in ("claim", "proved", "boxes")):
        raise ValueError("claim, proved and boxes are strings")
    transcript = None if e["transcript"] is None else tuple(e["transcript"])
    return Certificate(e["fingerprint"], e["claim"], transcript, e["proved"], e.get("boxes", ""), e.get("key", ""),
                       e.get("kernel", ""))


def dumps(certificates) -> str:
    """Deterministic JSON text for a set of certificates (sorted, no timestamps)."""
    ordered = sorted(certificates, key=lambda c: (c.claim, c.fingerprint))
    proofs = {c.fingerprint: _entry(c) for c in ordered if c.transcript is not None}
    kernels = {c.key: dict(c.entry, claim=c.claim) for c in ordered if c.kernel}
    return json.dumps({"format": FORMAT, "proofs": proofs, "kernel": kernels}, indent=1, sort_keys=True) + "\n"


def _entry(c: Certificate) -> dict:
    entry = {"claim": c.claim, "transcript": list(c.transcript), "proved": c.proved}
    if c.boxes:
        entry["boxes"] = c.boxes
    return entry


def write(results, files: dict[str, str]) -> list[Path]:
    """Write the certificates of ``results`` beside their derivation files (``files``: id -> file).

    A claim of a finished derivation that is no longer made loses its certificate; a derivation that did not
    finish (:func:`finished`) loses none."""
    by_file: dict[str, list] = {}
    for r in results:
        by_file.setdefault(files[r.id], []).extend(r.certificates)
    done = {r.id for r in results if finished(r)}
    written = []
    for file, certs in sorted(by_file.items()):
        path = path_for(file)
        old = load(path)
        made = {c.fingerprint for c in certs} | {c.key for c in certs if c.kernel}
        kept = [c for c in old.values() if c.claim.split("::")[0] not in done and c.fingerprint not in made]
        write_whole(path, dumps(kept + [_better(c, old.get(c.fingerprint)) for c in certs]))
        written.append(path)
    return written


def finished(result) -> bool:
    """Whether ``result`` ran to its end: one that raised, ran over ``--timeout`` or was skipped (a library it
    audits is missing) made only some of its certificates, so the rest of the file's are kept, not dropped."""
    return result.error is None and not result.skipped


def _better(new: Certificate, old: Certificate | None) -> Certificate:
    """A search that fails where an earlier one (same content, same prover) found a proof keeps that proof.

    Certification is monotone: a slow or loaded machine, whose budgets run out sooner, never turns a
    recorded proof into "no proof".  ``symdp check`` replays the kept proof, so it must still succeed.
    """
    if old is not None and old.proved and not new.proved and old.transcript is not None:
        return Certificate(new.fingerprint, new.claim, old.transcript, old.proved, old.boxes)
    return new
