"""``symdp report``: the LaTeX appendix of every derivation, written, compared (--check) or compiled (--pdf)."""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import SymdpError
from .paths import make_folder, write_text
from .run import catalogue, catalogue_args, run_specs


def _inside(files, out_arg: str) -> None:
    """Ids are checked at registration; this keeps every file inside --out regardless."""
    out = Path(out_arg).resolve()
    for name in files:
        if out not in (out / name).resolve().parents:
            raise SymdpError("derivation id", name, f"an id whose report file stays inside --out {out_arg}")


def write(files: dict, out) -> None:
    """Each report file whole or not at all (a failed write: one line naming --out, the file and why)."""
    make_folder("--out", out)
    for name, text in files.items():
        write_text("--out", Path(out) / name, text)


def cmd_report(args) -> int:
    from ..report import render
    results = run_specs(args, catalogue(args))
    files = render.render_all(results)
    _inside(files, args.out)
    if args.check:
        drift = render.drift(files, args.out)
        for line in drift:
            print(line)
        return 1 if drift else 0
    write(files, args.out)
    print(f"wrote {len(files)} files to {args.out}")
    if args.pdf:
        try:
            pdf = render.compile_pdf(args.out)
        except RuntimeError as exc:
            print(f"symdp: error: {str(exc).splitlines()[0]} (see {args.out}/symdp-report.log)", file=sys.stderr)
            return 1
        print(f"compiled {pdf}")
    return 0 if all(r.ok for r in results) else 1


def add_parsers(add, number) -> None:
    sp = add("report", cmd_report, "render the LaTeX appendix of every derivation")
    sp.add_argument("--out", default="reports", help="output folder (default: ./reports)")
    sp.add_argument("--pdf", action="store_true", help="also compile the PDF with latexmk")
    sp.add_argument("--check", action="store_true", help="compare with the files in --out; exit 1 on drift")
    catalogue_args(sp, number)
