"""`symdp paper PAPER.tex`: a paper's labelled equations against the derivations that quote them (symdp.paper)."""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import SymdpError

DESCRIPTION = ("Read PAPER.tex as LaTeX would (following \\input and \\include inside the paper's project (the "
               "nearest folder above it holding .git), expanding its macros: \\newcommand, \\def, "
               "\\DeclareMathOperator...; a file not read (missing, outside the project) or a shell escape (never "
               "run) is printed as a note), find every labelled display (equation, align rows...), run the "
               "derivations in --path and report each label in the paper's reading order, with its file and line: "
               "agrees, disagrees (with a witness), unparsed (why), not checked (the derivation that quotes it "
               "raised, timed out, was skipped or did not import: which and why), unbound (no claim quotes it), not "
               "a formula (it states none, e.g. \\Pr[...]).  A claim binds a label with d.printed(cid, "
               "symdp.quote(\"PAPER.tex\", label=\"eq:x\"), derived), the path relative to the derivation file: an "
               "equation is compared with derived; an inequality (<=, <, >=, >, or a chain) is proved on the "
               "claim's domain narrowed by the display's side conditions (derived may then be omitted), a false one "
               "is an ERRATUM with a witness; a left side the display defines (\\sigma^2 = ...) is reported, never "
               "compared.  Exit 0 when every bound label agrees and every derivation ran to its end, 1 when a bound "
               "label disagrees, does not parse or is not checked, or a derivation failed, 2 for bad input (a "
               "missing paper or --path folder, a label used twice, a bound label the paper lacks).  With no "
               "--path and no ./derivations folder (a paper with no derivation yet), every labelled relation is "
               "checked as it stands, as with --standalone.")


def add_parsers(add) -> None:
    """The `symdp paper` subcommand."""
    sp = add("paper", cmd_paper, "check a LaTeX paper's labelled equations against the derivations that quote "
             "them", DESCRIPTION)
    sp.add_argument("paper", metavar="PAPER.tex", help="the paper's main .tex file")
    sp.add_argument("--path", default=None, help="folder of derivation files (default: ./derivations; when it "
                    "does not exist, every labelled relation is checked as it stands, as with --standalone)")
    sp.add_argument("--root", default=None, metavar="FOLDER", help="the paper's project: files outside it are "
                    "never read (default: the nearest folder above the paper holding .git, else the paper's own); "
                    "give it when the paper inputs ../preamble.tex and no .git is above")
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp.add_argument("-j", "--jobs", type=int, default=1, help="worker processes, >= 1 (default 1)")
    sp.add_argument("--cache", default=".symdp-cache", help="folder of cached results (default: ./.symdp-cache)")
    sp.add_argument("--no-cache", action="store_true", help="run every derivation afresh")
    sp.add_argument("--standalone", action="store_true", help="also check every labelled relation no derivation "
                    "quotes as it stands, where its symbols' domains are known (exit 1 if one is refuted)")
    sp.add_argument("--domain", action="append", default=[], metavar="NAME=(LO,HI)",
                    help="with --standalone: the interval of a symbol, e.g. \"mu=(0,10)\" (repeatable)")
    sp.add_argument("--certify", action="store_true", help="with --standalone: search the proofs afresh and "
                    "record them in PAPER.proofs.json beside the paper (commit it: later runs replay them, the "
                    "same verdicts on any machine)")
    sp.add_argument("--scaffold", nargs="?", const="", default=None, metavar="OUT.py",
                    help="write a derivation file with one claim per label no derivation quotes "
                    "(default: PATH/<paper>_claims.py)")
    sp.add_argument("--force", action="store_true", help="with --scaffold: overwrite OUT.py")


def cmd_paper(args) -> int:
    from .. import paper
    if not Path(args.paper).is_file():
        raise SymdpError("PAPER.tex", args.paper, "an existing .tex file")
    runs = dict(jobs=args.jobs, cache=args.cache, fresh=args.no_cache)
    alone = args.path is None and not Path("derivations").is_dir() and args.scaffold is None  # a first run
    args.path = args.path or "derivations"
    if args.root is not None:
        _set_root(args.root, args.paper)
    if args.scaffold is not None:
        from ..paper_scaffold import run
        sys.stdout.write(run(args.paper, args.path, args.scaffold or None, args.force, **runs))
        return 0
    if args.standalone or args.domain or args.certify or alone:
        if not (args.standalone or alone):
            raise SymdpError("--domain" if args.domain else "--certify", args.domain[0] if args.domain else True,
                             "an option given with --standalone")
        from ..paper_standalone import run
        out, code = run(args.paper, args.path, args.domain, args.json, args.certify, args.root, **runs)
        sys.stdout.write(out)
        return code
    result = paper.check(args.paper, args.path, jobs=args.jobs, cache=args.cache, fresh=args.no_cache,
                         root=args.root)
    sys.stdout.write(paper.to_json(result) if args.json else paper.to_text(result))
    return 0 if result.ok else 1


def _set_root(root: str, paper: str) -> None:
    """``--root``: checked before any work, then set for this process and the derivations' workers (their
    quotes read the paper in the same project)."""
    import os
    from ..latex.project import ROOT_ENV, project_root
    os.environ[ROOT_ENV] = str(project_root(Path(paper).resolve(), root))
