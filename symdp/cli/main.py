"""Command line: argparse front end, no logic of its own (docs/architecture.md; the contract: docs/cli.md).

Exit codes: 0 every claim holds (errata as expected); 1 a claim failed or the
reports drifted; 2 bad usage or bad input, reported on one line.  One module
per command or family (run, report, epsilon, table1, notions, guessing, tvd,
mia); this one checks what can be checked before any work, maps library
parameter names to flags and turns errors into one line.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from ..errors import SymdpError
from .notions import VALUE_OPTIONS
from .parser import UsageError, build_parser
from .paths import cache_to_clear, output_file, output_folder

MAX_TIMEOUT = 1e6
"""--timeout above this (11 days) is no limit at all, and setitimer rejects values near time_t's range."""


def _check_args(args) -> None:
    """Everything that can be checked before any work: counts, limits, paths."""
    if getattr(args, "jobs", None) is not None and args.jobs < 1:
        raise SymdpError("--jobs", args.jobs, "an integer >= 1")
    timeout = getattr(args, "timeout", None)
    if timeout is not None and not 0 < timeout <= MAX_TIMEOUT:
        raise SymdpError("--timeout", args.timeout, f"a number of seconds in (0, {MAX_TIMEOUT:g}]")
    starting = getattr(args, "standalone", False) or getattr(args, "domain", None) or \
        (args.command == "paper" and args.certify) or \
        getattr(args, "scaffold", None) is not None  # `symdp paper` before any derivation is written
    if getattr(args, "path", None) is not None and not (starting and args.path.strip()):
        if not args.path.strip() or not (Path(args.path).is_dir() or (Path(args.path).is_file()
                                                                       and args.path.endswith(".py"))):
            hint = ("; with no derivations yet, `symdp paper PAPER.tex --standalone` checks the paper's relations as "
                    "printed and --scaffold writes a derivation file to fill in") if args.command == "paper" else ""
            raise SymdpError("--path", args.path, "an existing folder of derivation files, or one derivation file (default: "
                             "./derivations)"
                             + hint)
    if getattr(args, "root", None) is not None and args.command != "paper":   # paper's --root holds its paper
        _set_project(args.root)
    if getattr(args, "junit", None) is not None:
        output_file("--junit", args.junit)
    if getattr(args, "cache", None) is not None:
        if args.command == "cache":
            cache_to_clear(args.cache)
        else:
            output_folder("--cache", args.cache)
    if args.command == "report":
        output_folder("--out", args.out)
        if args.check and args.pdf:
            raise SymdpError("--pdf", True, "no --pdf with --check (--check compares, it writes nothing)")


def _set_project(root: str) -> None:
    """``--root`` of the catalogue commands: an existing folder, set for this process and the derivations'
    workers, whose quotes then read every paper inside it in that project (part of the result cache's key)."""
    from ..latex.project import ROOT_ENV
    if not root.strip() or not Path(root).is_dir():
        raise SymdpError("--root", root, "an existing folder holding the quoted papers (their project)")
    os.environ[ROOT_ENV] = str(Path(root).resolve())


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


def _one_blas_thread() -> None:
    """A program run (argv from the shell) with numpy not yet loaded: one OpenBLAS thread unless the user chose.

    No subcommand does dense linear algebra; OpenBLAS's idle threads cost 0.2 s of CPU at numpy's import,
    most of a calculator's budget (benchmarks/RESULTS.md), and oversubscribe the cores under --jobs.
    """
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(argv=None) -> int:
    if argv is None:
        _one_blas_thread()
    stdout = sys.stdout
    guard = sys.stdout = _QuietPipe(stdout)
    args = None
    try:
        args = build_parser().parse_args(argv)
        _check_args(args)
        return args.fn(args)
    except UsageError as exc:
        print(_one_line(exc), file=sys.stderr)
        return 2
    except SymdpError as exc:
        print(f"symdp: error: {_one_line(_as_cli(exc, args) if args is not None else exc)}", file=sys.stderr)
        return 2
    except OSError as exc:  # an I/O failure no option names (the options' own are SymdpErrors): still one line
        where = f" {exc.filename}" if exc.filename else ""
        print(f"symdp: error:{where} {exc.strerror or _one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("symdp: interrupted", file=sys.stderr)
        return 130
    finally:
        guard.flush()
        sys.stdout = stdout
