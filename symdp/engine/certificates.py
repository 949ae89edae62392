"""Proof certificates: the symbolic decisions of a run, recorded and replayed.

A claim's symbolic route is a sequence of questions ("does rewrite R reduce
this to 0?", "do the breakpoints come out?"); :class:`~.provers.Attempts`
records the answers as a *transcript*, with a mark where each way of proving
began and whether it proved (:meth:`~.provers.Attempts.route`: a replay passes
over the ways that failed) and the cut points it solved for, written by the
safe codec (:meth:`~.provers.Attempts.found`).  ``symdp certify`` searches (under time
budgets) and writes the transcripts to ``<derivation file>.proofs.json`` beside
the derivation file; ``symdp check`` replays them, so the same code gives the
same PROVED / VERIFIED verdicts on a fast or a loaded machine and with any
``--jobs``.  A certificate is keyed by the claim's *content* (its kind,
expressions, domain and the prover's source), never by its name, so renaming
a claim or a derivation changes nothing, and a changed claim or prover is
searched afresh and reported as uncertified.
"""
from __future__ import annotations

import functools
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import sympy as sp

from ..errors import SymdpError
from .files import write_whole

FORMAT = 1
SUFFIX = ".proofs.json"


@dataclass(frozen=True)
class Certificate:
    """The recorded symbolic route of one claim: its answers and the proof it reached."""

    fingerprint: str
    claim: str
    transcript: tuple
    proved: str = ""
    """The method that proved the claim, or "" when the symbolic route did not."""
    boxes: str = ""
    """A validated-numerics proof: its subdivision tree and leaf rules (:func:`.validated.search.encode`)."""


@functools.lru_cache(maxsize=1)
def prover_digest() -> str:
    """Hash of the decision procedures: a changed prover invalidates every certificate."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    names = ["provers.py", "decide.py", "expsubs.py", "conditions.py", "arb.py", "arb_logic.py", "enclose.py",
             "cases.py", "signs.py", "arb_diff.py", "location.py", "tame.py", "regions.py", "shape.py", "points.py",
             "tangent.py", "normal.py", "faces.py", "pair.py", "arb_series.py", "arb_integrals.py", "induction.py",
             "kinked_integrals.py", "maxima.py", "budget.py"]
    names += sorted(f"validated/{p.name}" for p in (here / "validated").glob("*.py"))
    for name in names:
        h.update((here / name).read_bytes())
    return h.hexdigest()[:16]


_DUMMY = re.compile(r"dummy_index=\d+")


def _canonical(value) -> str:
    if isinstance(value, sp.Basic):
        return _DUMMY.sub("dummy_index=?", sp.srepr(value))
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_canonical(k)}: {_canonical(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(_canonical(v) for v in value) + ")"
    return repr(value)


def fingerprint(kind: str, *parts) -> str:
    """Content hash of a claim (and of the prover that decides it): the key of its certificate."""
    return _hash([kind, prover_digest()] + [_canonical(p) for p in parts])


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
    if not isinstance(data, dict) or data.get("format") != FORMAT or set(data) != {"format", "proofs"}:
        raise ValueError(f"format {FORMAT} with keys 'format' and 'proofs'")
    return [dict(v, fingerprint=k) for k, v in data["proofs"].items()]


def _decode(e: dict) -> Certificate:
    if not {"fingerprint", "claim", "transcript", "proved"} <= set(e) <= {"fingerprint", "claim", "transcript",
                                                                          "proved", "boxes"}:
        raise ValueError(f"unexpected keys {sorted(e)}")
    if not all(t is None or isinstance(t, str) for t in e["transcript"]):
        raise ValueError("a transcript holds strings and nulls only")
    if not all(isinstance(e.get(k, ""), str) for k in ("claim", "proved", "boxes")):
        raise ValueError("claim, proved and boxes are strings")
    return Certificate(e["fingerprint"], e["claim"], tuple(e["transcript"]), e["proved"], e.get("boxes", ""))


def dumps(certificates) -> str:
    """Deterministic JSON text for a set of certificates (sorted, no timestamps)."""
    proofs = {c.fingerprint: _entry(c) for c in sorted(certificates, key=lambda c: (c.claim, c.fingerprint))}
    return json.dumps({"format": FORMAT, "proofs": proofs}, indent=1, sort_keys=True) + "\n"


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
        made = {c.fingerprint for c in certs}
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
    if old is not None and old.proved and not new.proved:
        return Certificate(new.fingerprint, new.claim, old.transcript, old.proved, old.boxes)
    return new
