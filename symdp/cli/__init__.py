"""The command line (``symdp``; entry point ``symdp.cli:main``, also ``python -m symdp``).

main: checks before work, one-line errors; parser: the subcommands; run: list, check, certify, cache, show;
report; epsilon, table1, notions, guessing, tvd, mia: the calculators; output: their JSON and text;
options: argparse types; paths: output paths checked and written whole.
"""
from .main import main
from .output import CALCULATOR_SCHEMA_VERSION
from .parser import build_parser

__all__ = ["CALCULATOR_SCHEMA_VERSION", "build_parser", "main"]
