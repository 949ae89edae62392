"""Start-up cost of the command line: building the parser imports no numerics (issue 14).

A fresh interpreter is the oracle: what ``build_parser`` pulls into
``sys.modules`` is what every command pays before doing any work.
"""
import os
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


def _loaded_after(args, modules=HEAVY):
    code = ("import sys; from symdp.cli import main; main(" + repr(args) + "); "
            f"print(','.join(m for m in {modules!r} if m in sys.modules), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(filter(None, out.stderr.strip().split(",")))


def test_the_dp_sgd_calculator_loads_neither_scipy_nor_mpmath_nor_sympy():
    """scipy.special alone costs 0.25 s of CPU at import (issue 24's 0.3 s budget): symdp.tvd.ufuncs instead."""
    args = ["tvd", "--mechanism", "dp-sgd", "--sigma", "0.7", "--q", "0.005", "--steps", "60", "--delta", "1e-5"]
    assert _loaded_after(args) == {"numpy"}


def test_a_program_run_asks_for_one_blas_thread_unless_the_user_chose():
    code = ("import os, sys; sys.argv = ['symdp', '--help']; from symdp.cli import main; "
            "exec('try:\\n main()\\nexcept SystemExit: pass'); print(os.environ.get('OPENBLAS_NUM_THREADS'), "
            "file=sys.stderr)")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.stderr.strip().endswith("1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**env, "OPENBLAS_NUM_THREADS": "3"})
    assert out.stderr.strip().endswith("3")
