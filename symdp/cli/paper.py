"""`symdp paper PAPER.tex`: a paper's labelled equations against the derivations that quote them (symdp.paper)."""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import SymdpError

DESCRIPTION = ("Read PAPER.tex (following \\input and \\include inside its folder, expanding simple \\newcommand "
               "macros), find every labelled display equation (equation, align rows), run the derivations in "
               "--path and report per label, with its file and line: agrees, disagrees (with a witness), unparsed "
               "(why), unbound (no claim quotes it).  A claim binds a label with d.printed(cid, "
               "symdp.quote(\"PAPER.tex\", label=\"eq:x\"), derived), the path relative to the derivation file.  "
               "Exit 0 when every bound label agrees, 1 when one disagrees or does not parse, 2 for bad input (a "
               "missing file or folder, an include outside the paper's folder, a bound label the paper lacks).")


def add_parsers(add) -> None:
    """The `symdp paper` subcommand."""
    sp = add("paper", cmd_paper, "check a LaTeX paper's labelled equations against the derivations that quote "
             "them", DESCRIPTION)
    sp.add_argument("paper", metavar="PAPER.tex", help="the paper's main .tex file")
    sp.add_argument("--path", default="derivations", help="folder of derivation files (default: ./derivations)")
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp.add_argument("-j", "--jobs", type=int, default=1, help="worker processes, >= 1 (default 1)")
    sp.add_argument("--cache", default=".symdp-cache", help="folder of cached results (default: ./.symdp-cache)")
    sp.add_argument("--no-cache", action="store_true", help="run every derivation afresh")
    sp.add_argument("--standalone", action="store_true", help="also check every labelled relation no derivation "
                    "quotes as it stands, where its symbols' domains are known (exit 1 if one is refuted)")
    sp.add_argument("--domain", action="append", default=[], metavar="NAME=(LO,HI)",
                    help="with --standalone: the interval of a symbol, e.g. \"mu=(0,10)\" (repeatable)")
    sp.add_argument("--scaffold", nargs="?", const="", default=None, metavar="OUT.py",
                    help="write a derivation file with one claim per label no derivation quotes "
                    "(default: PATH/<paper>_claims.py)")
    sp.add_argument("--force", action="store_true", help="with --scaffold: overwrite OUT.py")


def cmd_paper(args) -> int:
    from .. import paper
    if not Path(args.paper).is_file():
        raise SymdpError("PAPER.tex", args.paper, "an existing .tex file")
    runs = dict(jobs=args.jobs, cache=args.cache, fresh=args.no_cache)
    if args.scaffold is not None:
        from ..paper_scaffold import run
        sys.stdout.write(run(args.paper, args.path, args.scaffold or None, args.force, **runs))
        return 0
    if args.standalone or args.domain:
        if not args.standalone:
            raise SymdpError("--domain", args.domain[0], "an option given with --standalone")
        from ..paper_standalone import run
        out, code = run(args.paper, args.path, args.domain, args.json, **runs)
        sys.stdout.write(out)
        return code
    result = paper.check(args.paper, args.path, jobs=args.jobs, cache=args.cache, fresh=args.no_cache)
    sys.stdout.write(paper.to_json(result) if args.json else paper.to_text(result))
    return 0 if result.ok else 1
