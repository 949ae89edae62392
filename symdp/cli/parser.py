"""The argument parser: one subcommand per command module, usage errors on one line (exit 2).

Building it imports no numerics (tests/test_startup.py): the command modules import their science when
a command runs.
"""
from __future__ import annotations

import argparse
import re

from .. import __version__


NEGATIVE_NUMBER = re.compile(r"^-(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")
r"""A negative number as a value, scientific notation included (argparse's own pattern, ``-\d+`` and
``-\d*.\d+``, takes ``--delta -1e-5`` for an option and says "expected one argument")."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line, exit code 2, and reads ``-1e-5`` as a value."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_NUMBER

    def error(self, message):
        raise UsageError(f"{self.prog}: error: {message}")


class UsageError(Exception):
    pass


def statuses_epilog(width: int = 100) -> str:
    """The statuses a claim can get, quoted from :data:`symdp.engine.model.status.DEFINITIONS` (docs/soundness.md)."""
    import textwrap

    from ..engine.model.status import DEFINITIONS
    lines = ["statuses of a claim (docs/soundness.md):"]
    for status, text in DEFINITIONS.items():
        lines += textwrap.wrap(f"{status.value}: {text}", width, initial_indent="  ", subsequent_indent="    ")
    lines.append("exit codes: 0 every claim as expected; 1 a claim failed or the reports drifted; 2 bad usage "
                 "or bad input (docs/cli.md)")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    from . import epsilon, guessing, mia, notions, paper, proofs, report, run, table1, tvd
    from .options import number
    p = Parser(prog="symdp", description="Symbolic derivation and proof checking for the "
               "hypothesis-testing view of differential privacy.", epilog=statuses_epilog(),
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"symdp {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    def add(name, fn, help_, description=None):
        sp = sub.add_parser(name, help=help_, description=description or help_)
        sp.set_defaults(fn=fn)
        return sp

    run.add_parsers(add, number)
    report.add_parsers(add, number)
    epsilon.add_parsers(add)
    notions.add_parsers(add)
    table1.add_parsers(add)
    guessing.add_parsers(add)
    mia.add_parsers(add)
    tvd.add_parsers(add)
    paper.add_parsers(add)
    proofs.add_parsers(add, number)
    return p
