"""Start-up cost of the command line: building the parser imports no numerics (issue 14).

A fresh interpreter is the oracle: what ``build_parser`` pulls into
``sys.modules`` is what every command pays before doing any work.
"""
import subprocess
import sys

from symdp.guessing.names import PRIOR_NAMES
from symdp.guessing.priors import PRIORS

HEAVY = ("mpmath", "numpy", "scipy", "sympy", "jinja2")


def test_parser_imports_no_numerics():
    code = ("import sys; from symdp.cli import build_parser; build_parser(); "
            f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_help_lists_the_priors_the_library_has():
    assert PRIOR_NAMES == tuple(PRIORS)


def test_guessing_command_still_runs_through_the_light_parser():
    out = subprocess.run([sys.executable, "-m", "symdp", "guessing", "--epsilon", "0.1", "--prior", "uniform",
                          "--lo", "0", "--hi", "100", "--precision", "5", "--json"],
                         capture_output=True, text=True, check=True)
    assert '"advantage_bound"' in out.stdout
