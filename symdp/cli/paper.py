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


def cmd_paper(args) -> int:
    from .. import paper
    if not Path(args.paper).is_file():
        raise SymdpError("PAPER.tex", args.paper, "an existing .tex file")
    result = paper.check(args.paper, args.path, jobs=args.jobs, cache=args.cache, fresh=args.no_cache)
    sys.stdout.write(paper.to_json(result) if args.json else paper.to_text(result))
    return 0 if result.ok else 1
