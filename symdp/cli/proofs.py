"""``symdp check-proofs [PATH]``: the recorded proofs exported to proof objects and checked by the kernel alone.

Per certificate file: the PROVED claims it records, how many export to proof objects (by method), how many the
kernel accepts (kernel-checked, by rule; or trusting an oracle, by kind), the rejected ones with the node that
fails, and the ones not exportable yet (by method or missing piece).  Exit 0 when no exported proof is
rejected, 1 otherwise, 2 on bad input.  ``symdp check``'s verdicts do not depend on this command (yet).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from ..errors import SymdpError

DEFAULT_PATH = "derivations"


def _specs(path: str):
    from ..engine.run.registry import collect
    if not Path(path).exists():
        raise SymdpError("PATH", path, "an existing folder of derivation files, or one derivation file")
    found = collect(path)
    for e in found.errors:
        print(f"ERROR {e.file}:{e.line}: {e.message}", file=sys.stderr)
    if not found.specs:
        raise SymdpError("PATH", path, "a folder whose *.py files define at least one @derivation (found none)")
    return list(found.specs)


def _counts(counter) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))) or "none"


def _lines(a, verbose: bool = False) -> list:
    checked, trusting = sum(a.checked.values()), sum(a.trusting.values())
    out = [f"{a.file}: {a.proved} proved, {sum(a.exported.values())} exported, {a.accepted} accepted "
           f"({checked} kernel-checked, {trusting} trusting oracles), {len(a.rejected)} rejected, "
           f"{sum(a.unexported.values())} not exportable yet; kernel {a.seconds:.2f} s"]
    if a.checked:
        out.append(f"  kernel-checked by rule: {_counts(a.checked)}")
    if a.trusting:
        out.append(f"  trusting: {_counts(a.trusting)}")
    for r in a.rejected:
        out.append(f"  REJECTED {r.label} [{r.method}] at {r.node}: {r.reason}")
    if a.unexported:
        out.append(f"  not exportable yet: {_counts(a.unexported)}")
    out += [f"  derivation not run to its end: {e}" for e in a.errors]
    if verbose:
        out += [f"  {r.label} [{r.method}]: {r.outcome}" for r in a.rows]
    return out


def _json(audits, seconds) -> str:
    rows = [{"file": a.file, "proved": a.proved, "exported": dict(a.exported), "kernel_checked": dict(a.checked),
             "trusting": dict(a.trusting), "unexported": dict(a.unexported), "kernel_seconds": round(a.seconds, 3),
             "rejected": [r.__dict__ for r in a.rejected], "errors": list(a.errors),
             "proofs": [r.__dict__ for r in a.rows]} for a in audits]
    return json.dumps({"files": rows, "seconds": round(seconds, 3)}, indent=1, sort_keys=True)


def cmd_check_proofs(args) -> int:
    from collections import Counter

    from ..engine.run.proof_audit import audits as each_file
    started, audits = time.perf_counter(), []
    for a in each_file(_specs(args.folder), args.timeout):  # each file's lines as soon as it is done
        audits.append(a)
        if not args.json:
            print("\n".join(_lines(a, args.verbose)), flush=True)
    seconds = time.perf_counter() - started
    if args.json:
        print(_json(audits, seconds))
    else:
        total = lambda f: sum((f(a) for a in audits), Counter())
        print(f"total: {sum(a.proved for a in audits)} proved, {sum(total(lambda a: a.exported).values())} "
              f"exported, {sum(a.accepted for a in audits)} accepted, {sum(len(a.rejected) for a in audits)} "
              f"rejected; kernel-checked by rule: {_counts(total(lambda a: a.checked))}; trusting: "
              f"{_counts(total(lambda a: a.trusting))}; not exportable yet: {_counts(total(lambda a: a.unexported))}")
        print(f"time: {seconds:.1f} s in all, kernel {sum(a.seconds for a in audits):.2f} s")
    return 1 if any(a.rejected for a in audits) else 0


def add_parsers(add, number) -> None:
    sp = add("check-proofs", cmd_check_proofs, "export the recorded proofs (<file>.proofs.json) to proof objects "
             "and check them with the proof kernel alone; per file: proved, exported, accepted (kernel-checked "
             "by rule, or trusting an oracle), rejected (with the failing node), not exportable yet (by method)")
    sp.add_argument("folder", nargs="?", default=DEFAULT_PATH, metavar="PATH",
                    help="folder of derivation files, or one file (default: ./derivations)")
    sp.add_argument("--json", action="store_true", help="machine-readable output (with one row per proof)")
    sp.add_argument("-v", "--verbose", action="store_true", help="also one line per proof: its claim, the "
                    "certificate's method, and the kernel's verdict with the rules and trust base (or why it is "
                    "not exported yet)")
    sp.add_argument("--timeout", type=number, default=900.0, help="wall-clock limit, in seconds, of stating one "
                    "derivation's claims (default 900)")
