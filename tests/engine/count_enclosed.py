"""Count the refutations and errata of a ``symdp check --json`` run, and how many are certified by an enclosure.

A REFUTED or ERRATUM claim is *enclosure-certified* when its verdict was read off a ball-arithmetic enclosure
(docs/soundness.md, "Witnesses: enclosures, not digits"): the sampled route says so in its method ("numeric counterexample (certified)", also after
"piece by piece; "), and a printed number judged exactly says "ball arithmetic (arb enclosure at N bits)" or
"exact rational arithmetic" with an exact derived side.  Anything else is not: "numeric counterexample (mpmath
oracle, not enclosed)" (an opaque mpmath side), "closed form at 50 digits" (``d.printed_value``: a match decided by
the derivation in mpmath) and the one-sided comparison "against the derived value at 50 digits" (an mpmath
number, not an enclosure).

Usage (issue 49's measure)::

    symdp check --json --path derivations > run.json
    python tests/engine/count_enclosed.py run.json          # totals, then every claim not enclosed
    python tests/engine/count_enclosed.py run.json file.json  # file.json's derivations replace run.json's
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass

FINDINGS = ("REFUTED", "ERRATUM")
CERTIFIED = ("numeric counterexample (certified)", "arb enclosure at", "exact rational arithmetic (exact",
             "against an arb enclosure of the derived value")
"""Method texts of a verdict read off an enclosure (or decided in exact arithmetic on an exact derived side)."""
NOT_ENCLOSED = ("mpmath oracle, not enclosed", "at 50 digits")
"""Method texts of a verdict that rests on mpmath values."""


@dataclass(frozen=True)
class Finding:
    """One refutation or erratum: where it is, its status and method, and whether an enclosure certifies it."""

    derivation: str
    claim: str
    status: str
    method: str

    @property
    def enclosed(self) -> bool:
        return any(c in self.method for c in CERTIFIED) and not any(n in self.method for n in NOT_ENCLOSED)


def findings(run: dict) -> list[Finding]:
    """Every REFUTED or ERRATUM claim of a ``symdp check --json`` result, in run order."""
    return [Finding(d["id"], c["id"], c["status"], c["method"])
            for d in run["derivations"] for c in d["claims"] if c["status"] in FINDINGS]


def statuses(run: dict) -> dict[tuple[str, str], str]:
    """(derivation, claim) -> status: what must stay identical when only a witness gains an enclosure."""
    return {(d["id"], c["id"]): c["status"] for d in run["derivations"] for c in d["claims"]}


def summary(found: list[Finding]) -> str:
    enclosed = sum(f.enclosed for f in found)
    share = 100 * enclosed / len(found) if found else 100.0
    return f"{len(found)} refutations and errata, {enclosed} certified by an enclosure ({share:.1f} %)"


def merged(paths: list[str]) -> dict:
    """One run from several ``--json`` outputs: a derivation in a later file replaces the same id's earlier result
    (a whole-catalogue run, then the files run again after a change)."""
    by_id: dict = {}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            by_id.update((d["id"], d) for d in json.load(fh)["derivations"])
    return {"derivations": list(by_id.values())}


def main(argv: list[str]) -> int:
    found = findings(merged(argv))
    print(summary(found))
    for f in found:
        if not f.enclosed:
            print(f"  not enclosed: {f.derivation} | {f.claim} | {f.status} | {f.method}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
