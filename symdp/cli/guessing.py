"""The options of `symdp guessing` and of `symdp epsilon --metric guessing-advantage`.

Kept apart from :mod:`.cli` so that building the command-line parser imports
neither mpmath nor the bounds (``symdp --help`` and the other commands start
faster); the commands themselves import :mod:`.cli` when they run.
"""
from __future__ import annotations

PRIOR_NAMES = ("normal", "uniform", "exponential", "two-bump")
"""The keys of :data:`.priors.PRIORS` (a test keeps the two in step)."""
PARAMS = {"normal": ("mu", "sigma"), "uniform": ("lo", "hi"), "exponential": ("rate",), "two-bump": ("s",)}


def attribute_options(sp):
    sp.add_argument("--prior", default=None, help="prior of the attribute: " + " | ".join(PRIOR_NAMES))
    for name, text in (("mu", "normal mean"), ("sigma", "normal standard deviation, > 0"), ("lo", "uniform lower end"),
                       ("hi", "uniform upper end, > lo"), ("rate", "exponential rate, > 0 (mean 1/rate)"),
                       ("s", "two-bump: modes at -s and s, > 0")):
        sp.add_argument(f"--{name}", type=float, default=None, help=text)
    sp.add_argument("--precision", type=float, default=None,
                    help="r > 0: a guess is correct within r (d(x, x') = |x - x'|/r)")
    sp.add_argument("--relative", action="store_true", help="r is a fraction: correct within a factor 1 + r "
                    "(d = |ln x - ln x'| / ln(1 + r); positive attributes)")
    sp.add_argument("--center", type=float, default=None, help="the guess (default: the prior's median)")
    sp.add_argument("--attribute", action="append", default=None, metavar="SPEC",
                    help="repeatable, instead of --prior: PRIOR:key=value,...,precision=R[,center=C], "
                         "e.g. normal:mu=40,sigma=15,precision=5")
    sp.add_argument("--combine", default="and", help="and (all attributes guessed; max metric) | or (any; union "
                    "bound); default and")
    sp.add_argument("--pre", type=float, default=None, help="a known Pr_pre(g(x)) in (0, 1) instead of a prior "
                    "(simplified bound only)")
    sp.add_argument("--sup-distance", type=float, default=None, help="R = sup d(x, x') > 0 for the simplified "
                    "bound (default: from a uniform prior's support)")
    sp.add_argument("--bound-type", default="precise", help="precise (distance shells, corrected; default) | "
                    "simplified (R = sup d) | main (the main theorem itself, the tightest bound for the prior: "
                    "one attribute, absolute precision, gain)")
    sp.add_argument("--direction", default="gain", help="gain: Pr_post - Pr_pre <= eta (default) | loss: "
                    "Pr_pre - Pr_post <= eta")


def add_parser(sub, handler_name="guessing"):
    """The `symdp guessing` subcommand (one call in cli.build_parser)."""
    sp = sub.add_parser("guessing", help="guessing-advantage bound and exact advantage for a given epsilon",
                        description="guessing-advantage bound (Pankova & Laud) and the exact advantage of the "
                                    "Laplace mechanism with scale r/epsilon")
    sp.set_defaults(fn=_cmd_guessing)
    sp.add_argument("--epsilon", type=float, required=True, help="epsilon > 0 of epsilon d-privacy")
    sp.add_argument("--mechanism", default=None, help="laplace (default: a real attribute, Laplace noise of "
                    "scale r/epsilon) | geometric (an integer attribute: the prior rounded to integers, two-sided "
                    "geometric noise Pr[j] ~ e^{-epsilon |j| / r})")
    attribute_options(sp)
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    return sp




def _cmd_guessing(args) -> int:
    from ..guessing.calculator import cmd_guessing
    return cmd_guessing(args)
