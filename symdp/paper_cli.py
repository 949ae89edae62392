"""The `symdp paper` subcommand: a paper's labelled equations against the derivations that quote them."""
from __future__ import annotations

import sys

from .errors import SymdpError


def add_parser(sub):
    """`symdp paper PAPER.tex [--path DIR] [--json]` (one call in cli.build_parser)."""
    sp = sub.add_parser("paper", help="check a LaTeX paper's labelled equations against the derivations that "
                        "quote them", description="Read PAPER.tex (following \\input and \\include, expanding "
                        "simple \\newcommand macros), find every labelled display equation, run the derivations "
                        "in --path and report per label: agrees, disagrees (with a witness), unparsed (why), "
                        "unbound (no claim quotes it), with file and line.  A claim binds a label with "
                        "d.printed(cid, symdp.quote(\"PAPER.tex\", label=\"eq:x\"), derived).  Exit 0 when every "
                        "bound label agrees, 1 when one disagrees or does not parse, 2 for bad input (a missing "
                        "file or folder, an include outside the paper's folder, a bound label the paper lacks).")
    sp.set_defaults(fn=cmd_paper)
    sp.add_argument("paper", metavar="PAPER.tex", help="the paper's main .tex file")
    sp.add_argument("--path", default="derivations", help="folder of derivation files (default: ./derivations)")
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp.add_argument("-j", "--jobs", type=int, default=1, help="worker processes (default 1)")
    sp.add_argument("--cache", default=".symdp-cache", help="folder of cached results (default: ./.symdp-cache)")
    sp.add_argument("--no-cache", action="store_true", help="run every derivation afresh")
    return sp


def cmd_paper(args) -> int:
    from pathlib import Path

    from . import paper
    if not Path(args.paper).is_file():
        raise SymdpError("PAPER.tex", args.paper, "an existing .tex file")
    result = paper.check(args.paper, args.path, jobs=args.jobs, cache=args.cache, fresh=args.no_cache)
    sys.stdout.write(paper.to_json(result) if args.json else paper.to_text(result))
    return 0 if result.ok else 1
