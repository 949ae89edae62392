"""Command line: argparse front end, no logic of its own (DESIGN.md, "Command line").

Exit codes: 0 every claim holds (errata as expected); 1 a claim failed or the
reports drifted; 2 bad usage or bad input, reported on one line.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

from . import __version__
from .errors import SymdpError

DEFAULT_PATH = "derivations"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line, exit code 2."""

    def error(self, message):
        raise _UsageError(f"{self.prog}: error: {message}")


class _UsageError(Exception):
    pass


class _CatalogueAction(argparse.Action):
    """``--catalogue``: the installed catalogue's folder as --path."""

    def __call__(self, parser, namespace, values, option_string=None):
        from .catalogue import path
        namespace.path = str(path())


def _catalogue(args):
    from .engine.registry import discover, select
    return select(_not_empty(args, discover(args.path)), getattr(args, "ids", None) or [])


def _collected(args):
    """The selected derivations and the files that did not import (reported, not raised)."""
    from .engine.registry import collect, select
    found = collect(args.path)
    if not found.errors:
        _not_empty(args, found.specs)
    return select(list(found.specs), getattr(args, "ids", None) or [], found.errors), found.errors


def _not_empty(args, specs):
    """An empty catalogue is an error: a mistyped --path must not pass CI with 0 claims."""
    if not specs:
        raise SymdpError("--path", args.path, "a folder whose *.py files define at least one @derivation "
                         "(found none)")
    return specs


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
    from . import api
    from .engine import serialize
    specs, errors = _collected(args)
    specs = api.select_keyword(specs, args.keyword)
    if not specs:
        raise SymdpError("-k", args.keyword, "an expression that selects at least one derivation id or file")
    live = sys.stderr.isatty() and args.verbosity >= 0
    done: dict = {}
    stream = api.iter_results(specs, jobs=args.jobs, cache=args.cache, fresh=args.no_cache, timeout=args.timeout)
    try:
        for spec, result in stream:
            done[spec.id] = result
            if live:
                print(api.progress_line(len(done), len(specs), result), file=sys.stderr, flush=True)
            if args.exitfirst and not result.ok:
                break
    finally:
        stream.close()
    results = [done[s.id] for s in specs if s.id in done]
    if args.json:
        print(serialize.to_json(results, errors), end="")
    else:
        text = serialize.to_text(results, errors).splitlines()
        if args.verbosity < 0:  # -q: what failed and the totals, not the table
            text = text[len(results) + 1:]
        print("\n".join(text + (api.claim_lines(results) if args.verbosity > 0 else [])))
    if len(results) < len(specs):
        print(f"stopped at the first failing derivation (-x): {len(specs) - len(results)} not run",
              file=sys.stderr)
    if args.durations is not None:
        print("\n".join(api.durations_lines(results, args.durations)), file=sys.stderr if args.json else sys.stdout)
    if args.junit:
        with open(args.junit, "w", encoding="utf-8") as fh:
            fh.write(serialize.to_junit(results, errors))
    return 0 if serialize.passed(results, errors) and len(results) == len(specs) else 1


def cmd_certify(args) -> int:
    """Search every claim's symbolic route afresh and write the certificates beside the files."""
    from pathlib import Path

    from .engine import certificates, serialize
    package = Path(__file__).resolve().parent
    if package in Path(args.path).resolve().parents:
        raise SymdpError("--path", args.path, "a folder outside the installed symdp package (the shipped "
                         "catalogue's certificates are made in the repository)")
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
    out = Path(args.out).resolve()
    for name in files:  # ids are checked at registration; this keeps every file inside --out regardless
        if out not in (out / name).resolve().parents:
            raise SymdpError("derivation id", name, f"an id whose report file stays inside --out {args.out}")
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


def _rho(args):
    """--rho-p, --rho-c, --rho-t (None when not given counts as 0)."""
    return tuple(0.0 if v is None else v for v in (args.rho_p, args.rho_c, args.rho_t))


def _epsilon_options(args):
    """Reject the options that do not apply to the chosen mechanism (before any work)."""
    args.mechanism = args.mechanism or "laplace"
    if args.mechanism == "geometric":
        raise SymdpError("--mechanism", "geometric", "laplace or gaussian with --metric fbeta (geometric goes "
                         "with --metric guessing-advantage)")
    if args.mechanism == "laplace":
        for flag, value in (("--delta", args.delta), ("--calibration", args.calibration)):
            if value is not None:
                raise SymdpError(flag, value, "no value with --mechanism laplace (pure epsilon-DP; "
                                 f"{flag} goes with --mechanism gaussian)")
    else:
        for flag, value in (("--rho-p", args.rho_p), ("--rho-c", args.rho_c), ("--rho-t", args.rho_t)):
            if value is not None:
                raise SymdpError(flag, value, "no value with --mechanism gaussian (auxiliary information is "
                                 "derived for the Laplace mechanism)")
        if args.delta is None:
            raise SymdpError("--delta", None, "a number in (0, 1), required with --mechanism gaussian")
        if args.calibration is None:
            args.calibration = "classic"


CALCULATOR_SCHEMA_VERSION = 1
"""Version of the epsilon, table1 and notions implies --json documents (symdp/schemas/); raised on any
incompatible change of their shape."""


def _calculator_json(doc: dict) -> str:
    """One line of JSON with ``schema_version`` and ``tools``, as ``check --json`` (sorted keys)."""
    from .versions import tool_versions
    return json.dumps({**doc, "schema_version": CALCULATOR_SCHEMA_VERSION, "tools": tool_versions()},
                      sort_keys=True)


def cmd_epsilon(args) -> int:
    if args.metric == "guessing-advantage":  # Pankova & Laud: symdp/guessing/cli.py
        from .guessing.cli import cmd_epsilon as guessing_epsilon
        return guessing_epsilon(args)
    from .adversary.inverse import kappa_of, largest_epsilon
    _epsilon_options(args)
    kappa = kappa_of(*_rho(args))
    answer = largest_epsilon(args.metric, args.bound, args.beta, args.mechanism, args.delta,
                             args.calibration or "classic", kappa)
    if args.json:
        print(_calculator_json(answer.as_dict()))
    elif answer.epsilon is None:
        print(answer.reason)
    else:
        import mpmath as mp
        which = f"Laplace, kappa = {mp.nstr(answer.kappa, 6)}" if answer.mechanism == "laplace" else \
            f"Gaussian, delta = {answer.delta!r}, {answer.calibration} calibration"
        print(f"largest epsilon with F*_beta <= {answer.bound!r} (beta = {answer.beta!r}, {which}): "
              f"{answer.epsilon_text} ({answer.digits} significant digits, rounded down)")
        if answer.note:
            print(f"note: {answer.note}")
    return 0


def cmd_table1(args) -> int:
    from .adversary import table
    from .adversary.inverse import kappa_of
    kappa = kappa_of(*_rho(args))
    if args.json:
        answers = table.table1(kappa)
        doc = {"kappa": float(kappa), "bounds": [float(f) for f in table.BOUNDS],
               "rows": [{"beta": float(b), "epsilon": [a.as_dict()["epsilon"] for a in row]}
                        for b, row in zip(table.BETAS, answers)]}
        print(_calculator_json(doc))
        return 0
    print(f"largest epsilon with F*_beta <= bound (Laplace, kappa = {float(kappa):.6g}; two decimals, rounded down: never above the largest epsilon)")
    print("  ".join(f"{h:>10}" for h in ("F* <=",) + table.BOUNDS))
    for r in table.rows(kappa):
        print("  ".join(f"{c:>10}" for c in r))
    return 0


VALUE_OPTIONS = (("eps", "epsilon"), ("mu", "mu"), ("a", "a_SP"), ("alpha", "alpha_TV"), ("delta", "delta"),
                 ("eps2", "epsilon_2"), ("kl", "D_KL"), ("eta", "eta"))


VALUE_RANGES = {  # option: (low, high, closed ends, help); the same ranges as symdp.notions.graph.RANGES
    "eps": (0.0, None, "", "epsilon > 0: the parameter of a DP, BDP, MP, IP, DDP, BP or MIDP source, or the "
            "level epsilon of (epsilon, delta)-DP (ADP source or target)"),
    "mu": (0.0, None, "", "mu > 0: the parameter of a GDP source"),
    "a": (0.0, 1.0, "h", "a in (0, 1]: the parameter of an SP or BSP source (semantic privacy)"),
    "alpha": (0.0, 1.0, "h", "alpha in (0, 1]: the parameter of a TVD source (total variation)"),
    "delta": (0.0, 1.0, "", "delta in (0, 1): the parameter of an ADP source ((epsilon, delta)-DP)"),
    "eps2": (0.0, None, "", "epsilon' > 0: the parameter of an LFDP source (Laplace trade-off curve)"),
    "kl": (0.0, None, "", "D > 0: the parameter of a KL source (KL privacy)"),
    "eta": (0.0, 1.0, "", "eta in (0, 1): the parameter of a GA source (guessing advantage)"),
}


def cmd_notions(args) -> int:
    if args.action != "implies":
        for opt, _ in VALUE_OPTIONS:
            if getattr(args, opt) is not None:
                raise SymdpError(f"--{opt}", getattr(args, opt), "no value with notions " + args.action +
                                 " (values go with notions implies)")
        if args.json:
            raise SymdpError("--json", True, "only with notions implies")
    if args.action == "implies":
        return _implies(args)
    from .notions import registry
    if args.action == "list":
        if args.names:
            raise SymdpError("NOTION", " ".join(args.names), "no notion ids with notions list")
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
    return 0


def _implies(args) -> int:
    """Answered from the precomputed maps (no SymPy) when they suffice, else by the implication graph."""
    from .notions import answers
    source, target = _two(args.names)
    values = {sym: getattr(args, opt) for opt, sym in VALUE_OPTIONS if getattr(args, opt) is not None}
    reply = answers.implies(source, target, values)
    if reply is None:
        from .notions import graph, tabulate
        answer = graph.implies(source, target, values)
        reply = answers.Reply(tabulate.answer_json(answer), tabulate.answer_text(answer))
    print(_calculator_json(reply.doc) if args.json else reply.text)
    return 0


def _one(names, usage):
    if len(names) != 1:
        raise SymdpError("NOTION", " ".join(names), f"exactly one notion id ({usage})")
    return names[0]


def _two(names):
    if len(names) != 2:
        raise SymdpError("NOTIONS", " ".join(names), "two notion ids: implies SOURCE TARGET")
    return names


def _rho_args(sp):
    for name, what in (("p", "prior distribution"), ("c", "record correlation"), ("t", "temporal correlation")):
        sp.add_argument(f"--rho-{name}", type=_ranged(0.0, 1.0, "lh"), default=None,
                        help=f"coefficient of {what} in [0, 1] (Liu et al. Sec. 5; default 0; Laplace only)")


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {text!r}")
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"invalid number: {text!r} (expected a finite number)")
    return value


def _ranged(low=None, high=None, closed=""):
    """An argparse type: a finite number in an interval (ends included as ``closed`` says: "", "l", "h", "lh")."""
    allowed = (f"{'[' if 'l' in closed else '('}{'-inf' if low is None else f'{low:g}'}, "
               f"{'inf' if high is None else f'{high:g}'}{']' if 'h' in closed else ')'}")

    def convert(text: str) -> float:
        value = _number(text)
        ok = (low is None or (value >= low if "l" in closed else value > low)) and \
             (high is None or (value <= high if "h" in closed else value < high))
        if not ok:
            raise argparse.ArgumentTypeError(f"invalid value: {text!r} (expected a number in {allowed})")
        return value
    convert.__name__ = "number"
    return convert


def build_parser() -> argparse.ArgumentParser:
    from .guessing import options as guessing_options
    from .tvd import mia_cli
    from .tvd import cli as tvd_cli
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
        sp.add_argument("--catalogue", action=_CatalogueAction, nargs=0, help="the catalogue shipped with "
                        "symdp (works from any directory; instead of --path)")
        sp.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: cores, at most 4)")
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
    sp.add_argument("-q", "--quiet", dest="verbosity", action="store_const", const=-1, default=0,
                    help="only what failed and the totals (no table, no progress lines)")
    sp.add_argument("-v", "--verbose", dest="verbosity", action="store_const", const=1,
                    help="also one line per claim: status, expected finding, method")
    sp.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first derivation that fails")
    sp.add_argument("-k", dest="keyword", metavar="EXPRESSION", default=None,
                    help="run the derivations whose file::id contains the words of EXPRESSION "
                         "(case-insensitive; and, or, not, parentheses), as pytest -k")
    sp.add_argument("--durations", type=int, metavar="N", default=None,
                    help="list the N slowest derivations (0: all)")
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
    sp.add_argument("--metric", required=True, help="one of: fbeta (highest F-beta of the Neyman-Pearson "
                    "adversary, Liu et al.), guessing-advantage (guessing an attribute within r, Pankova & Laud)")
    sp.add_argument("--beta", type=_ranged(0.0), default=1.0, help="F-beta weight, > 0 (default 1)")
    sp.add_argument("--bound", type=_number, required=True, help="bound on the metric, in (0, 1)")
    sp.add_argument("--mechanism", default=None, choices=("laplace", "gaussian", "geometric"),
                    help="one of: laplace (default), gaussian (fbeta only), geometric (guessing-advantage only: "
                         "an integer attribute, two-sided geometric noise)")
    sp.add_argument("--delta", type=_ranged(0.0, 1.0), default=None,
                    help="delta in (0, 1), required with --mechanism gaussian (only there)")
    sp.add_argument("--calibration", default=None, choices=("classic", "analytic"),
                    help="gaussian noise calibration (only with --mechanism gaussian), one of: classic, "
                         "sigma = sqrt(2 log(1.25/delta)) DQ/eps (default), or analytic (Balle and Wang 2018)")
    _rho_args(sp)
    guessing_options.attribute_options(sp)  # --metric guessing-advantage
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp = add("notions", cmd_notions, "privacy notions and the implications between them")
    sp.add_argument("action", choices=("list", "show", "implies"), help="list | show NOTION | implies SOURCE TARGET")
    sp.add_argument("names", nargs="*", metavar="NOTION")
    for opt, sym in VALUE_OPTIONS:
        low, high, closed, help_ = VALUE_RANGES[opt]
        sp.add_argument(f"--{opt}", type=_ranged(low, high, closed), default=None,
                        help=help_ + " (implies only; rejected where no chain uses it)")
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp = add("table1", cmd_table1, "Table 1 of Liu et al. (largest epsilon under F*_beta bounds) for any "
             "auxiliary information")
    _rho_args(sp)
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    guessing_options.add_parser(sub)
    mia_cli.add_parser(sub)
    tvd_cli.add_parser(sub)
    return p


MAX_TIMEOUT = 1e6
"""--timeout above this (11 days) is no limit at all, and setitimer rejects values near time_t's range."""


def _nearest_existing(path: Path) -> Path:
    p = path.absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def _output_file(flag: str, value: str) -> None:
    """A file the command will write: not empty, not a folder, in an existing writable folder."""
    if not value.strip():
        raise SymdpError(flag, value, "a file path (not empty)")
    path = Path(value)
    if path.is_dir():
        raise SymdpError(flag, value, "a file path, not a folder")
    parent = path.absolute().parent
    if not parent.is_dir():
        raise SymdpError(flag, value, f"a file in an existing folder (there is no folder {parent})")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise SymdpError(flag, value, "a file symdp may write (permission denied)")


def _output_folder(flag: str, value: str) -> None:
    """A folder the command will create or write into: not empty, not a file, below a writable folder."""
    if not value.strip():
        raise SymdpError(flag, value, "a folder path (not empty)")
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise SymdpError(flag, value, "a folder, not an existing file")
    base = _nearest_existing(path)
    if not base.is_dir():
        raise SymdpError(flag, value, f"a folder path ({base} is a file)")
    if not os.access(base, os.W_OK | os.X_OK):
        raise SymdpError(flag, value, f"a folder symdp may write ({base} is not writable)")


def _cache_to_clear(value: str) -> None:
    """``cache clear`` removes the folder: only a folder that holds nothing but cache entries."""
    from .engine.cache import require_clearable
    _output_folder("--cache", value)
    require_clearable(value, "--cache")


def _check_args(args) -> None:
    """Everything that can be checked before any work: counts, limits, paths."""
    if getattr(args, "jobs", None) is not None and args.jobs < 1:
        raise SymdpError("--jobs", args.jobs, "an integer >= 1")
    timeout = getattr(args, "timeout", None)
    if timeout is not None and not 0 < timeout <= MAX_TIMEOUT:
        raise SymdpError("--timeout", args.timeout, f"a number of seconds in (0, {MAX_TIMEOUT:g}]")
    if getattr(args, "path", None) is not None:
        if not args.path.strip() or not Path(args.path).is_dir():
            raise SymdpError("--path", args.path, "an existing folder of derivation files (default: ./derivations)")
    if getattr(args, "junit", None) is not None:
        _output_file("--junit", args.junit)
    if getattr(args, "cache", None) is not None:
        if args.command == "cache":
            _cache_to_clear(args.cache)
        else:
            _output_folder("--cache", args.cache)
    if args.command == "report":
        _output_folder("--out", args.out)
        if args.check and args.pdf:
            raise SymdpError("--pdf", True, "no --pdf with --check (--check compares, it writes nothing)")


LIBRARY_NAMES = {  # Python parameter (library errors) -> command-line flag
    "beta": "--beta", "bound": "--bound", "delta": "--delta", "calibration": "--calibration",
    "metric": "--metric", "mechanism": "--mechanism", "rho_p": "--rho-p", "rho_c": "--rho-c", "rho_t": "--rho-t",
    "rho_p/rho_c/rho_t": "--rho-p/--rho-c/--rho-t", "kappa": "--rho-p/--rho-c/--rho-t", "path": "--path",
    "ids": "ID", "id": "derivation id", "source": "NOTION (source)", "target": "NOTION (target)", "notion": "NOTION",
}


def _as_cli(exc: SymdpError, args) -> SymdpError:
    """The same error, naming the command-line flag instead of the library's Python parameter."""
    name, value = exc.parameter, exc.value
    flags = {sym: f"--{opt}" for opt, sym in VALUE_OPTIONS}
    if name.startswith("values["):                      # values['epsilon'] -> --eps
        return SymdpError(flags.get(name[8:-2], name), value, exc.allowed)
    if name == "values":
        if isinstance(value, str) and value in flags:    # an unused parameter
            return SymdpError(flags[value], getattr(args, flags[value][2:], value), exc.allowed)
        given = [f"--{opt}" for opt, _ in VALUE_OPTIONS if getattr(args, opt, None) is not None]
        return SymdpError("/".join(given) or "values", value, exc.allowed)
    if name in LIBRARY_NAMES:
        return SymdpError(LIBRARY_NAMES[name], value, exc.allowed)
    if name.isidentifier() and hasattr(args, name):     # a library parameter with a flag of the same name
        return SymdpError("--" + name.replace("_", "-"), value, exc.allowed)
    return exc


class _QuietPipe:
    """stdout that ends quietly when the reader goes away (``symdp table1 | head -1``)."""

    def __init__(self, stream):
        self._stream, self.broken = stream, False

    def _closed(self):
        self.broken = True
        try:  # later flushes (at exit too) go nowhere instead of raising again
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass

    def write(self, text):
        if not self.broken:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._closed()
        return len(text)

    def flush(self):
        if not self.broken:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._closed()

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _one_line(text: str) -> str:
    return " ".join(str(text).split("\n"))


def main(argv=None) -> int:
    stdout = sys.stdout
    guard = sys.stdout = _QuietPipe(stdout)
    args = None
    try:
        args = build_parser().parse_args(argv)
        _check_args(args)
        return args.fn(args)
    except _UsageError as exc:
        print(_one_line(exc), file=sys.stderr)
        return 2
    except SymdpError as exc:
        print(f"symdp: error: {_one_line(_as_cli(exc, args) if args is not None else exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("symdp: interrupted", file=sys.stderr)
        return 130
    finally:
        guard.flush()
        sys.stdout = stdout
