"""Command line: argparse front end, no logic of its own (DESIGN.md, "Command line").

Exit codes: 0 every claim holds (errata as expected); 1 a claim failed or the
reports drifted; 2 bad usage or bad input, reported on one line.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .errors import SymdpError

DEFAULT_PATH = "derivations"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line, exit code 2."""

    def error(self, message):
        raise _UsageError(f"{self.prog}: error: {message}")


class _UsageError(Exception):
    pass


def _catalogue(args):
    from .engine.registry import discover, select
    return select(discover(args.path), getattr(args, "ids", None) or [])


def _collected(args):
    """The selected derivations and the files that did not import (reported, not raised)."""
    from .engine.registry import collect, select
    found = collect(args.path)
    return select(list(found.specs), getattr(args, "ids", None) or [], found.errors), found.errors


def cmd_list(args) -> int:
    from .engine.serialize import error_line
    specs, errors = _collected(args)
    for spec in specs:
        print(f"{spec.id}  {spec.title}  [{spec.source.paper}, {spec.source.where}]")
    for e in errors:
        print(error_line(e), file=sys.stderr)
    return 1 if errors else 0


def _run_specs(args, specs, certify: bool = False):
    from .engine.runner import run_all
    return run_all(specs, jobs=args.jobs, cache=args.cache, fresh=args.no_cache, certify=certify,
                   timeout=args.timeout)


def _run(args):
    return _run_specs(args, _catalogue(args))


def cmd_check(args) -> int:
    from .engine import serialize
    specs, errors = _collected(args)
    results = _run_specs(args, specs)
    print(serialize.to_json(results, errors) if args.json else serialize.to_text(results, errors), end="")
    if args.junit:
        with open(args.junit, "w", encoding="utf-8") as fh:
            fh.write(serialize.to_junit(results, errors))
    return 0 if serialize.passed(results, errors) else 1


def cmd_certify(args) -> int:
    """Search every claim's symbolic route afresh and write the certificates beside the files."""
    from .engine import certificates, serialize
    specs = _catalogue(args)
    results = _run_specs(args, specs, certify=True)
    written = certificates.write(results, {s.id: s.file for s in specs})
    proved = sum(1 for r in results for c in r.certificates if c.proved)
    total = sum(len(r.certificates) for r in results)
    print(f"certified {total} claims ({proved} proved symbolically) in {len(written)} file(s)")
    print(serialize.to_text(results), end="")
    return 0 if serialize.passed(results, ()) else 1


def cmd_cache(args) -> int:
    from .engine.cache import clear
    print(f"removed {clear(args.cache)} cached result(s) from {args.cache}")
    return 0


def cmd_show(args) -> int:
    from .engine import serialize
    args.ids = [args.id]
    (result,) = _run(args)
    if args.latex:
        from .report.render import render_derivation
        print(render_derivation(result), end="")
    else:
        print(serialize.trace_text(result), end="")
    return 0 if result.ok else 1


def cmd_report(args) -> int:
    from .report import render
    results = _run(args)
    files = render.render_all(results)
    if args.check:
        drift = render.drift(files, args.out)
        for line in drift:
            print(line)
        return 1 if drift else 0
    render.write(files, args.out)
    print(f"wrote {len(files)} files to {args.out}")
    if args.pdf:
        try:
            pdf = render.compile_pdf(args.out)
        except RuntimeError as exc:
            print(f"symdp: error: {str(exc).splitlines()[0]} (see {args.out}/symdp-report.log)", file=sys.stderr)
            return 1
        print(f"compiled {pdf}")
    return 0 if all(r.ok for r in results) else 1


def cmd_epsilon(args) -> int:
    from .adversary.inverse import kappa_of, largest_epsilon
    kappa = kappa_of(args.rho_p, args.rho_c, args.rho_t)
    answer = largest_epsilon(args.metric, args.bound, args.beta, args.mechanism, args.delta, args.calibration, kappa)
    if args.json:
        print(json.dumps(answer.as_dict(), sort_keys=True))
    elif answer.epsilon is None:
        print(answer.reason)
    else:
        import mpmath as mp
        which = f"Laplace, kappa = {mp.nstr(answer.kappa, 6)}" if answer.mechanism == "laplace" else \
            f"Gaussian, delta = {answer.delta!r}, {answer.calibration} calibration"
        print(f"largest epsilon with F*_beta <= {answer.bound!r} (beta = {answer.beta!r}, {which}): "
              f"{mp.nstr(answer.epsilon, answer.digits)} ({answer.digits} significant digits)")
        if answer.note:
            print(f"note: {answer.note}")
    return 0


def cmd_table1(args) -> int:
    from .adversary import table
    from .adversary.inverse import kappa_of
    kappa = kappa_of(args.rho_p, args.rho_c, args.rho_t)
    if args.json:
        answers = table.table1(kappa)
        doc = {"kappa": float(kappa), "bounds": [float(f) for f in table.BOUNDS],
               "rows": [{"beta": float(b), "epsilon": [a.as_dict()["epsilon"] for a in row]}
                        for b, row in zip(table.BETAS, answers)]}
        print(json.dumps(doc, sort_keys=True))
        return 0
    print(f"largest epsilon with F*_beta <= bound (Laplace, kappa = {float(kappa):.6g}; two decimals, rounded)")
    print("  ".join(f"{h:>10}" for h in ("F* <=",) + table.BOUNDS))
    for r in table.rows(kappa):
        print("  ".join(f"{c:>10}" for c in r))
    return 0


VALUE_OPTIONS = (("eps", "epsilon"), ("mu", "mu"), ("a", "a_SP"), ("alpha", "alpha_TV"), ("delta", "delta"),
                 ("eps2", "epsilon_2"))


def cmd_notions(args) -> int:
    from .notions import graph, registry
    if args.action == "list":
        for n in registry.NOTIONS.values():
            print(f"{n.id:<4} {n.name} [{n.parameter}: {n.domain}] ({n.source})")
        return 0
    if args.action == "show":
        n = registry.notion(_one(args.names, "show NOTION"))
        print(f"{n.id}: {n.name}\nparameter: {n.parameter} ({n.domain})\nsource: {n.source}")
        for e in sorted(registry.IMPLICATIONS.values(), key=lambda e: e.id):
            if n.id in (e.source, e.target):
                print(f"  {e.id}: {e.source} => {e.target} with {e.map}  [{e.reference}]")
        return 0
    source, target = _two(args.names)
    values = {sym: getattr(args, opt) for opt, sym in VALUE_OPTIONS if getattr(args, opt) is not None}
    answer = graph.implies(source, target, values)
    print(json.dumps(_answer_json(answer), sort_keys=True) if args.json else _answer_text(answer))
    return 0


def _one(names, usage):
    if len(names) != 1:
        raise SymdpError("NOTION", " ".join(names), f"exactly one notion id ({usage})")
    return names[0]


def _two(names):
    if len(names) != 2:
        raise SymdpError("NOTIONS", " ".join(names), "two notion ids: implies SOURCE TARGET")
    return names


def _conclusion_json(c) -> dict:
    import sympy as sp
    return {"parameter": float(c.value) if c.value is not None else str(c.expression),
            "expression": sp.latex(c.expression), "chain": list(c.chain), "conditions": list(c.conditions)}


def _answer_json(a) -> dict:
    return {"from": a.source, "to": a.target, **_conclusion_json(a.best), "comparison": a.comparison,
            "alternatives": [_conclusion_json(c) for c in a.alternatives]}


def _answer_text(a) -> str:
    def line(c):
        val = f" = {c.value}" if c.value is not None else ""
        cond = f"; needs: {'; '.join(c.conditions)}" if c.conditions else ""
        return f"{a.target} parameter {c.expression}{val} via {' -> '.join(c.chain)}{cond}"
    out = [f"{a.source} implies {line(a.best)}", f"  (best: {a.comparison})"]
    out += [f"  also: {line(c)}" for c in a.alternatives]
    return "\n".join(out)


def _rho_args(sp):
    for name, what in (("p", "prior distribution"), ("c", "record correlation"), ("t", "temporal correlation")):
        sp.add_argument(f"--rho-{name}", type=_number, default=0.0,
                        help=f"coefficient of {what} in [0, 1] (Liu et al. Sec. 5; default 0)")


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {text!r}")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="symdp", description="Symbolic derivation and proof checking for the "
                "hypothesis-testing view of differential privacy.")
    p.add_argument("--version", action="version", version=f"symdp {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name, fn, help_):
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.set_defaults(fn=fn)
        return sp

    def catalogue_args(sp):
        sp.add_argument("--path", default=DEFAULT_PATH, help="folder of derivation files (default: ./derivations)")
        sp.add_argument("--jobs", type=int, default=None, help="worker processes (default: cores, at most 4)")
        sp.add_argument("--cache", default=".symdp-cache", help="folder of cached results of unchanged "
                        "derivations (default: ./.symdp-cache)")
        sp.add_argument("--no-cache", action="store_true", help="run every derivation afresh (failing "
                        "results still evict their cache entries)")
        sp.add_argument("--timeout", type=_number, default=900.0, help="wall-clock limit of one derivation in "
                        "seconds, > 0 (default 900); a derivation over it is an error, never a verdict")

    sp = add("list", cmd_list, "list the derivations found, with their sources")
    catalogue_args(sp)
    sp = add("check", cmd_check, "run derivations and report every claim's status")
    sp.add_argument("ids", nargs="*", metavar="ID", help="derivation ids (default: all)")
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp.add_argument("--junit", metavar="FILE", help="also write JUnit XML, one testcase per claim")
    catalogue_args(sp)
    sp = add("certify", cmd_certify, "search the symbolic proofs afresh and record them as certificates "
             "(<file>.proofs.json beside each derivation file) that check replays on any machine")
    sp.add_argument("ids", nargs="*", metavar="ID", help="derivation ids (default: all)")
    catalogue_args(sp)
    sp = add("cache", cmd_cache, "manage the result cache")
    sp.add_argument("action", choices=("clear",), help="clear: empty the cache folder")
    sp.add_argument("--cache", default=".symdp-cache", help="cache folder (default: ./.symdp-cache)")
    sp = add("show", cmd_show, "show one derivation's trace")
    sp.add_argument("id", metavar="ID")
    sp.add_argument("--latex", action="store_true", help="as a LaTeX fragment")
    catalogue_args(sp)
    sp = add("report", cmd_report, "render the LaTeX appendix of every derivation")
    sp.add_argument("--out", default="reports", help="output folder (default: ./reports)")
    sp.add_argument("--pdf", action="store_true", help="also compile the PDF with latexmk")
    sp.add_argument("--check", action="store_true", help="compare with the files in --out; exit 1 on drift")
    catalogue_args(sp)
    sp = add("epsilon", cmd_epsilon, "largest epsilon whose best adversary stays within a bound")
    sp.add_argument("--metric", required=True, help="fbeta (highest F-beta of the Neyman-Pearson adversary)")
    sp.add_argument("--beta", type=_number, default=1.0, help="F-beta weight, > 0 (default 1)")
    sp.add_argument("--bound", type=_number, required=True, help="bound on the metric, in (0, 1)")
    sp.add_argument("--mechanism", default="laplace", help="laplace (default) or gaussian")
    sp.add_argument("--delta", type=_number, default=None, help="delta in (0, 1), with --mechanism gaussian")
    sp.add_argument("--calibration", default="classic",
                    help="gaussian noise calibration: classic, sigma = sqrt(2 log(1.25/delta)) DQ/eps "
                         "(default), or analytic (Balle and Wang 2018)")
    _rho_args(sp)
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp = add("notions", cmd_notions, "privacy notions and the implications between them")
    sp.add_argument("action", choices=("list", "show", "implies"), help="list | show NOTION | implies SOURCE TARGET")
    sp.add_argument("names", nargs="*", metavar="NOTION")
    for opt, sym in VALUE_OPTIONS:
        sp.add_argument(f"--{opt}", type=_number, default=None, help=f"value of {sym} (the source's parameter "
                        "or the level epsilon of (eps, delta)-DP)")
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp = add("table1", cmd_table1, "Table 1 of Liu et al. (largest epsilon under F*_beta bounds) for any "
             "auxiliary information")
    _rho_args(sp)
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    return p


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "jobs", None) is not None and args.jobs < 1:
            raise SymdpError("--jobs", args.jobs, "an integer >= 1")
        if getattr(args, "timeout", 1.0) <= 0:
            raise SymdpError("--timeout", args.timeout, "a number of seconds > 0")
        return args.fn(args)
    except _UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except SymdpError as exc:
        print(f"symdp: error: {exc}", file=sys.stderr)
        return 2
