"""Finer parallelism: one derivation split into shards that decide disjoint sets of its claims.

Shard k of K runs the derivation function in full (its bookkeeping steps are
deterministic and cheap next to its claims) with a recorder that decides only
its own claims and leaves a placeholder step for the others
(:func:`.recorder._sharded`).  A claim's owner is chosen by its ordinal (the
order of the claim calls): longest claims first, each to the least loaded
shard, by the claims' timings in the last run; claims with no timing go
round-robin (ordinal mod K).  :func:`merge` puts the K traces back
together: each claim step from the one shard that decided it, every other
entry from shard 0 once the shards agree on it.  Claims are seeded by their
content and replay their certificates, so the merged result is the result of
an unsharded run; when the shards disagree, :func:`merge` says so and the
caller runs the derivation unsharded.

Which derivations are split, and the order tasks are started in (longest
first), come from :func:`plan`: from the timings of the previous run
(:func:`load_hints`) when there are some, else from the number of claims
with a certificate.  Neither ever changes a verdict, only the wall time.
"""
from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

from ..proof import certificates as certs
from .cache import TIMINGS
from .recorder import ELSEWHERE
from ..model.records import DerivationResult, Step

UNTIMED = 0.1
"""Seconds assumed per certified claim of a derivation with no recorded timing (order only)."""


@dataclass(frozen=True)
class Estimate:
    """What a derivation is expected to cost: in all, outside its claims (None: unknown), and its claims
    (their number, and the seconds of each in call order when known)."""

    seconds: float
    body: float | None
    claims: int
    each: tuple = ()


@dataclass(frozen=True)
class Task:
    """Shard ``shard`` of ``shards`` of the derivation at ``index`` in the catalogue."""

    index: int
    shard: int
    shards: int
    cost: float = 0.0
    owners: tuple = ()
    """The shard of each claim by ordinal; a claim beyond goes to ordinal mod ``shards``."""

    def decides(self, ordinal: int) -> bool:
        """Whether this shard decides the claim called ``ordinal``-th (:class:`.recorder.Recorder`)."""
        owner = self.owners[ordinal] if ordinal < len(self.owners) else ordinal % self.shards
        return owner == self.shard


# -- planning --------------------------------------------------------------------------

def plan(specs, jobs: int, hints: dict) -> list[Task]:
    """The tasks of ``specs`` on ``jobs`` workers, longest first (LPT); each derivation in one or more shards."""
    books: dict = {}
    estimates = [estimate(s, hints, books) for s in specs]
    share = sum(e.seconds for e in estimates) / max(jobs, 1)
    tasks = []
    for index, e in enumerate(estimates):
        n = count(e, jobs, share)
        owners, loads = assign(e.each, n) if e.each else ((), [(e.seconds - (e.body or 0.0)) / n] * n)
        tasks += [Task(index, k, n, (e.body or 0.0) + loads[k], owners) for k in range(n)]
    return sorted(tasks, key=lambda t: (-t.cost, t.index, t.shard))


def assign(seconds, n: int) -> tuple[tuple, list]:
    """(owner of each claim, seconds of each shard): the longest claim first, each to the least loaded shard."""
    owners, loads = [0] * len(seconds), [0.0] * n
    for i in sorted(range(len(seconds)), key=lambda i: (-seconds[i], i)):
        k = min(range(n), key=lambda k: (loads[k], k))
        owners[i], loads[k] = k, loads[k] + seconds[i]
    return tuple(owners), loads


def count(e: Estimate, jobs: int, share: float) -> int:
    """Shards of one derivation: more than one only when it would take more than half a worker's share of
    the run and its claims, not its bookkeeping, take most of its time (each shard repeats the bookkeeping)."""
    if jobs <= 1 or e.claims < 2 or e.body is None:
        return 1
    if e.seconds <= share / 2 or e.body > e.seconds / 4:
        return 1
    return min(jobs, e.claims)


def estimate(spec, hints: dict, books: dict) -> Estimate:
    """The recorded timing of ``spec``, else a guess from its number of certified claims."""
    found = hints.get(hint_key(spec))
    if found is not None:
        return Estimate(found["seconds"], found["body"], len(found["claims"]), tuple(found["claims"]))
    claims = certified_claims(spec, books)
    return Estimate(UNTIMED * claims, None, claims)


def certified_claims(spec, books: dict) -> int:
    """Claims of ``spec`` with a certificate in ``<file>.proofs.json`` (0 without a file)."""
    if not spec.file:
        return 0
    if spec.file not in books:
        try:
            books[spec.file] = certs.load(certs.path_for(spec.file))
        except Exception:  # an unreadable file is reported when the derivation runs, not here
            books[spec.file] = {}
    prefix = spec.id + "::"
    return len({c.claim for c in books[spec.file].values() if c.claim.startswith(prefix)})   # a claim once, with
    # its transcript and its proof object


# -- merging ---------------------------------------------------------------------------

def merge(parts: list[DerivationResult]) -> DerivationResult | None:
    """The result of the unsharded run, from its shards' results (shard k at ``parts[k]``).

    None when the shards disagree: a bookkeeping step that differs, a claim
    decided by no shard or by two, or an exception raised in some shards only.
    A timeout in any shard is reported as the timeout, after the steps every
    shard reached.
    """
    if len(parts) == 1 or parts[0].skipped:
        return parts[0]
    bodies = [p.trace[:-1] if p.error else p.trace for p in parts]
    trace = [_pick(entries) for entries in zip(*bodies)]
    if any(e is None for e in trace):
        return None
    ending = _ending(parts, bodies)
    if ending is None:
        return None
    first = parts[0]
    trace += ending[0]
    reads = tuple(sorted({item for p in parts for item in p.reads}))
    return DerivationResult(first.id, first.title, first.source, tuple(trace), _seconds(parts, trace),
                            ending[1], _certificates(parts, trace), reads, first.libraries)


def _pick(entries):
    """The merged entry at one position of the shards' traces, or None when they disagree."""
    first = entries[0]
    if any(type(e) is not type(first) for e in entries):
        return None
    if isinstance(first, Step) and first.is_claim:
        decided = [e for e in entries if e.kind != ELSEWHERE]
        same = all(e.claim_id == first.claim_id for e in entries)
        return decided[0] if same and len(decided) == 1 else None
    return first if all(_signature(e) == _signature(first) for e in entries) else None


def _signature(entry):
    """What shards must agree on for an entry that is not a claim (its expressions may differ in Dummy names)."""
    if isinstance(entry, Step):
        return entry.kind, entry.text, entry.outcome.status, entry.outcome.method, len(entry.exprs)
    return entry


def _ending(parts, bodies):
    """(entries after the merged steps, error): nothing, the one error all shards raised, or a timeout."""
    errors = [p.error for p in parts]
    same_length = len({len(b) for b in bodies}) == 1
    if same_length and all(e == errors[0] for e in errors):
        return (list(parts[0].trace[-1:]) if errors[0] else []), errors[0]
    timed_out = [p for p in parts if p.error and p.error.message.startswith("TimeoutError: the derivation")]
    if timed_out:
        return [timed_out[0].trace[-1]], timed_out[0].error
    return None


def _seconds(parts, trace) -> float:
    """What an unsharded run would take: shard 0, plus the claims the other shards decided."""
    mine = {id(e) for e in parts[0].trace}
    return parts[0].seconds + sum(e.seconds for e in trace if isinstance(e, Step) and id(e) not in mine)


def _certificates(parts, trace) -> tuple:
    """The shards' certificates in trace order (each claim's from the shard that decided it)."""
    by_claim: dict = {}
    for p in parts:
        for c in p.certificates:
            by_claim.setdefault(c.claim, []).append(c)
    first = parts[0].id
    return tuple(c for e in trace if isinstance(e, Step) and e.is_claim
                 for c in by_claim.get(f"{first}::{e.claim_id}", ()))


def run_sharded(run, spec, shards: int, owners: tuple = ()) -> DerivationResult | None:
    """Run the ``shards`` shards of ``spec`` one after the other (``run(spec, decides=...)``) and merge."""
    return merge([run(spec, decides=Task(0, k, shards, owners=owners).decides) for k in range(shards)])


# -- timing hints ----------------------------------------------------------------------

def hint_key(spec) -> str:
    return f"{Path(spec.file).resolve() if spec.file else ''}::{spec.id}"


def hints_path(cache) -> Path | None:
    """The timings of the last run, in the result cache folder (none without a cache); ``symdp cache clear``
    removes them with the entries."""
    return Path(cache) / TIMINGS if cache else None


def load_hints(cache) -> dict:
    """{derivation: {"seconds", "body", "claims": [seconds of each]}} of the last run; {} when there is none
    or it is unreadable."""
    path = hints_path(cache)
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path and path.is_file() else {}
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if _valid(v)} if isinstance(data, dict) else {}


def _valid(v) -> bool:
    if not (isinstance(v, dict) and set(v) == {"seconds", "body", "claims"} and isinstance(v["claims"], list)):
        return False
    numbers = [v["seconds"], v["body"], *v["claims"]]
    return all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and x >= 0
               for x in numbers)


def timing(result: DerivationResult) -> dict:
    each = [round(c.seconds, 3) for c in result.claims]
    return {"seconds": round(result.seconds, 3), "body": round(max(result.seconds - sum(each), 0.0), 3),
            "claims": each}


def store_hints(cache, done: list) -> None:
    """Add the timings of ``done`` ((spec, result) pairs) to the hints, dropping those of files that are
    gone; hints that cannot be written are simply not kept (they only plan the work)."""
    path = hints_path(cache)
    if path is None or not done:
        return
    hints = {k: v for k, v in load_hints(cache).items() if Path(k.split("::", 1)[0]).is_file()}
    hints.update({hint_key(s): timing(r) for s, r in done})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(hints, indent=0, sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass

