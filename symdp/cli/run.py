"""Running the catalogue: ``symdp list``, ``check``, ``certify``, ``cache clear`` and ``show``.

``list`` on a folder with a file that does not import lists the derivations of the other files, reports each
broken file on stderr as ``check`` does (``ERROR file:line: ExcType: message``) and exits 1: a listing is a
collection, and a collection error is a failure (as ``pytest --collect-only``), never silent.
"""
from __future__ import annotations

import argparse
import sys

from ..errors import SymdpError
from .paths import write_text

DEFAULT_PATH = "derivations"


class CatalogueAction(argparse.Action):
    """``--catalogue``: the installed catalogue's folder as --path."""

    def __call__(self, parser, namespace, values, option_string=None):
        from ..catalogue import path
        namespace.path = str(path())


def catalogue_args(sp, number, shipped: bool = True) -> None:
    """--path, --catalogue, --jobs, --cache, --no-cache, --timeout, --root: the options of every catalogue command
    (``shipped``: offer --catalogue; certify does not, since it writes beside the files and the shipped
    catalogue's certificates are made in the repository)."""
    sp.add_argument("--path", default=DEFAULT_PATH, help="folder of derivation files (default: ./derivations)")
    if shipped:
        sp.add_argument("--catalogue", action=CatalogueAction, nargs=0, help="the catalogue shipped with "
                        "symdp (works from any directory; instead of --path)")
    sp.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: cores, at most 4)")
    sp.add_argument("--cache", default=".symdp-cache", help="folder of cached results of unchanged "
                    "derivations (default: ./.symdp-cache)")
    sp.add_argument("--no-cache", action="store_true", help="run every derivation afresh (failing "
                    "results still evict their cache entries)")
    sp.add_argument("--timeout", type=number, default=900.0, help="wall-clock limit of one derivation in "
                    "seconds, > 0 (default 900); a derivation over it is an error, never a verdict")
    sp.add_argument("--root", default=None, metavar="FOLDER", help="the project the quoted papers are read in: "
                    "files outside it are never read (default: the nearest folder above a paper holding .git, else "
                    "the paper's own); give it when a paper inputs ../preamble.tex and no .git is above")


def catalogue(args):
    from ..engine.run.registry import discover, select
    return select(not_empty(args, discover(args.path)), getattr(args, "ids", None) or [])


def collected(args):
    """The selected derivations and the files that did not import (reported, not raised)."""
    from ..engine.run.registry import collect, select
    found = collect(args.path)
    if not found.errors:
        not_empty(args, found.specs)
    return select(list(found.specs), getattr(args, "ids", None) or [], found.errors), found.errors


def not_empty(args, specs):
    """An empty catalogue is an error: a mistyped --path must not pass CI with 0 claims."""
    if not specs:
        raise SymdpError("--path", args.path, "a folder whose *.py files define at least one @derivation "
                         "(found none)")
    return specs


def cmd_list(args) -> int:
    from ..engine.run.serialize import error_line
    specs, errors = collected(args)
    for spec in specs:
        print(f"{spec.id}  {spec.title}  [{spec.source.paper}, {spec.source.where}]")
    for e in errors:
        print(error_line(e), file=sys.stderr)
    return 1 if errors else 0


def run_specs(args, specs, certify: bool | str = False):
    from ..engine.run.runner import run_all
    return run_all(specs, jobs=args.jobs, cache=args.cache, fresh=args.no_cache, certify=certify,
                   timeout=args.timeout)


def _stream(args, specs) -> list:
    """The results as they finish (a progress line each on a terminal); -x stops at the first failure."""
    from .. import api
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
    return [done[s.id] for s in specs if s.id in done]


QUIET_COUNTED = ("errata found (", "claims refuted (")
"""-q: these summary lines keep their count and drop their lists (they are findings as expected)."""


def _summary(args, results, errors) -> str:
    from .. import api
    from ..engine.run import serialize
    text = serialize.to_text(results, errors).splitlines()
    if args.verbosity < 0:  # -q: what failed and the totals, not the table nor the lists of expected findings
        text = [line.split("):", 1)[0] + ")" if line.startswith(QUIET_COUNTED) else line
                for line in text[len(results) + 1:]]
    return "\n".join(text + (api.claim_lines(results) if args.verbosity > 0 else []))


def cmd_check(args) -> int:
    from .. import api
    from ..engine.run import serialize
    specs, errors = collected(args)
    specs = api.select_keyword(specs, args.keyword)
    if not specs and not (errors and args.keyword is None):  # files that did not import are reported below
        raise SymdpError("-k", args.keyword, "an expression that selects at least one derivation id or file")
    results = _stream(args, specs) if specs else []
    if args.junit:  # written before anything is printed: a failed write is the one line of the run
        write_text("--junit", args.junit, serialize.to_junit(results, errors))
    if args.json:
        print(serialize.to_json(results, errors), end="")
    else:
        print(_summary(args, results, errors))
    if len(results) < len(specs):
        print(f"stopped at the first failing derivation (-x): {len(specs) - len(results)} not run",
              file=sys.stderr)
    if args.durations is not None:
        print("\n".join(api.durations_lines(results, args.durations)), file=sys.stderr if args.json else sys.stdout)
    return 0 if serialize.passed(results, errors) and len(results) == len(specs) else 1


def cmd_certify(args) -> int:
    """Record every claim's symbolic proof (kept where it still holds, else searched; ``--fresh``: searched)
    and write the certificates beside the files."""
    from pathlib import Path

    from ..engine.proof import certificates
    from ..engine.run import serialize
    package = Path(__file__).resolve().parent.parent
    if package in Path(args.path).resolve().parents:
        raise SymdpError("--path", args.path, "a folder outside the installed symdp package (the shipped "
                         "catalogue's certificates are made in the repository)")
    specs = catalogue(args)
    before = _proved_in(certificates, {s.file for s in specs if s.file})
    results = run_specs(args, specs, certify=certificates.FRESH if args.fresh else True)
    try:
        written = certificates.write(results, {s.id: s.file for s in specs})
    except OSError as exc:
        raise SymdpError("--path", exc.filename or args.path, "a folder whose certificates symdp can write "
                         f"({exc.strerror or type(exc).__name__})") from None
    proved = sum(1 for r in results for c in r.certificates if c.proved)
    total = sum(len(r.certificates) for r in results)
    print(f"certified {total} claims ({proved} proved symbolically) in {len(written)} file(s)")
    _report_lost(before, {c.claim for r in results for c in r.certificates if c.proved})
    _report_unfinished([r.id for r in results if not certificates.finished(r)])
    print(serialize.to_text(results), end="")
    return 0 if serialize.passed(results, ()) else 1


def _proved_in(certificates, files) -> set:
    """Labels of the claims the certificate files about to be replaced record as proved."""
    return {c.claim for f in sorted(files) for c in certificates.load(certificates.path_for(f)).values() if c.proved}


def _report_lost(before: set, now: set) -> None:
    """Name on stderr every claim the replaced certificates proved and the new ones do not: a symbolic budget
    that ran out on a loaded machine (certify again with fewer --jobs), a changed prover, or a changed claim."""
    lost = sorted(before - now)
    if lost:
        print(f"symdp: {len(lost)} claim(s) proved by the replaced certificates are not proved now (a budget run "
              "out under load: certify them again with -j 1; or a changed prover or claim): " + "; ".join(lost),
              file=sys.stderr)


def _report_unfinished(ids: list) -> None:
    """Name on stderr every derivation that raised, ran over --timeout or was skipped: its earlier certificates
    were kept beside the new ones it made."""
    if ids:
        print(f"symdp: {len(ids)} derivation(s) did not finish (an error, --timeout or a missing library); the "
              "certificates they did not make again were kept: " + "; ".join(sorted(ids)), file=sys.stderr)


def cmd_cache(args) -> int:
    from ..engine.run.cache import clear
    print(f"removed {clear(args.cache)} cached result(s) from {args.cache}")
    return 0


def cmd_show(args) -> int:
    from ..engine.run import serialize
    args.ids = [args.id]
    (result,) = run_specs(args, catalogue(args))
    if args.latex:
        from ..report.render import render_derivation
        print(render_derivation(result), end="")
    else:
        print(serialize.trace_text(result), end="")
    return 0 if result.ok else 1


def add_parsers(add, number) -> None:
    """list, check, certify, cache, show (``add(name, handler, help)`` makes a subparser)."""
    sp = add("list", cmd_list, "list the derivations found, with their sources (a file that does not import: "
             "reported on stderr, exit 1)")
    catalogue_args(sp, number)
    sp = add("check", cmd_check, "run derivations and report every claim's status")
    sp.add_argument("ids", nargs="*", metavar="ID", help="derivation ids (default: all)")
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp.add_argument("--junit", metavar="FILE", help="also write JUnit XML, one testcase per claim")
    sp.add_argument("-q", "--quiet", dest="verbosity", action="store_const", const=-1, default=0,
                    help="only what failed and the totals (no table, no lists of expected findings, no "
                         "progress lines)")
    sp.add_argument("-v", "--verbose", dest="verbosity", action="store_const", const=1,
                    help="also one line per claim: status, expected finding, method")
    sp.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first derivation that fails")
    sp.add_argument("-k", dest="keyword", metavar="EXPRESSION", default=None,
                    help="run the derivations whose file::id contains the words of EXPRESSION "
                         "(case-insensitive; and, or, not, parentheses), as pytest -k")
    sp.add_argument("--durations", type=int, metavar="N", default=None,
                    help="list the N slowest derivations (0: all)")
    catalogue_args(sp, number)
    sp = add("certify", cmd_certify, "record the symbolic proofs as certificates (<file>.proofs.json beside each "
             "derivation file) that check accepts on any machine: a recorded proof the kernel accepts or a "
             "transcript that still replays is kept, every other claim is searched; a claim the replaced "
             "certificates proved and the new ones do not is named on stderr")
    sp.add_argument("ids", nargs="*", metavar="ID", help="derivation ids (default: all)")
    sp.add_argument("--fresh", action="store_true", help="search every claim afresh, ignoring what the files "
                                                         "record (a proof the search no longer finds is still kept)")
    catalogue_args(sp, number, shipped=False)
    sp = add("cache", cmd_cache, "manage the result cache")
    sp.add_argument("action", choices=("clear",), help="clear: empty the cache folder")
    sp.add_argument("--cache", default=".symdp-cache", help="cache folder (default: ./.symdp-cache)")
    sp = add("show", cmd_show, "show one derivation's trace")
    sp.add_argument("id", metavar="ID")
    sp.add_argument("--latex", action="store_true", help="as a LaTeX fragment")
    catalogue_args(sp, number)
