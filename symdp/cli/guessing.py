"""``symdp guessing`` and ``symdp epsilon --metric guessing-advantage`` (Pankova & Laud): options and output.

The attribute is given by --prior and its parameters (or by --attribute SPEC, repeated, with --combine
and|or); :mod:`symdp.guessing.calculator` computes; numbers are printed to 15 significant digits.
Building these options imports neither mpmath nor the bounds (``symdp --help`` starts fast).
"""
from __future__ import annotations

from ..errors import SymdpError, require_real
from ..guessing.names import PARAMS, PRIOR_NAMES
from .options import json_flag, later_real
from .output import emit

__all__ = ["PARAMS", "PRIOR_NAMES", "attribute_options", "add_parsers", "cmd_epsilon", "cmd_guessing"]


def attribute_options(sp) -> dict:
    """The options of a guessing-advantage query, added to ``sp``: {dest: default} of each (the epsilon command
    refuses them with --metric fbeta)."""
    added = []

    def add(*names, **kwargs):
        added.append(sp.add_argument(*names, **kwargs))

    add("--prior", default=None, help="prior of the attribute: " + " | ".join(PRIOR_NAMES))
    for name, text in (("mu", "normal mean"), ("sigma", "normal standard deviation, > 0"), ("lo", "uniform lower end"),
                       ("hi", "uniform upper end, > lo"), ("rate", "exponential rate, > 0 (mean 1/rate)"),
                       ("s", "two-bump: modes at -s and s, > 0")):
        add(f"--{name}", type=float, default=None, help=text)
    add("--precision", type=float, default=None,
        help="r > 0: a guess is correct within r (d(x, x') = |x - x'|/r)")
    add("--relative", action="store_true", help="r is a fraction: correct within a factor 1 + r "
        "(d = |ln x - ln x'| / ln(1 + r); positive attributes)")
    add("--center", type=float, default=None, help="the guess (default: the prior's median)")
    add("--attribute", action="append", default=None, metavar="SPEC",
        help="repeatable, instead of --prior: PRIOR:key=value,...,precision=R[,center=C], "
             "e.g. normal:mu=40,sigma=15,precision=5")
    add("--combine", default="and", help="and (all attributes guessed; max metric) | or (any; union "
        "bound); default and")
    add("--pre", type=float, default=None, help="a known Pr_pre(g(x)) in (0, 1) instead of a prior "
        "(simplified bound only)")
    add("--sup-distance", type=float, default=None, help="R = sup d(x, x') > 0 for the simplified "
        "bound (default: from a uniform prior's support)")
    add("--bound-type", default="precise", help="precise (distance shells, corrected; default) | "
        "simplified (R = sup d) | main (the main theorem itself, the tightest bound for the prior: "
        "one attribute, absolute precision, gain)")
    add("--direction", default="gain", help="gain: Pr_post - Pr_pre <= eta (default) | loss: "
        "Pr_pre - Pr_post <= eta")
    return {a.dest: a.default for a in added}


def add_parsers(add) -> None:
    """The `symdp guessing` subcommand (the epsilon command takes :func:`attribute_options`)."""
    sp = add("guessing", cmd_guessing, "guessing-advantage bound and exact advantage for a given epsilon",
             "guessing-advantage bound (Pankova & Laud) and the exact advantage of the Laplace mechanism with "
             "scale r/epsilon")
    sp.add_argument("--epsilon", type=later_real, required=True, help="epsilon > 0 of epsilon d-privacy")
    sp.add_argument("--mechanism", default=None, help="laplace (default: a real attribute, Laplace noise of "
                    "scale r/epsilon) | geometric (an integer attribute: the prior rounded to integers, two-sided "
                    "geometric noise Pr[j] ~ e^{-epsilon |j| / r})")
    attribute_options(sp)
    json_flag(sp)


def _no_fbeta_options(args):
    for flag in ("beta", "delta", "calibration", "rho_p", "rho_c", "rho_t"):
        if getattr(args, flag, None) is not None:
            name = "--" + flag.replace("_", "-")
            raise SymdpError(name, getattr(args, flag), f"no {name} with --metric guessing-advantage (an option "
                             "of --metric fbeta)")


def _query(args):
    """The calculator's query from the options (F-beta options refused, the mechanism defaulted)."""
    from dataclasses import fields

    from ..guessing.calculator import Query
    _no_fbeta_options(args)
    args.mechanism = "laplace" if args.mechanism is None else args.mechanism
    given = {f.name: getattr(args, f.name) for f in fields(Query)}
    return Query(**{**given, "attribute": None if args.attribute is None else tuple(args.attribute)})


def _epsilon_text(a) -> str:
    if a.epsilon is None:
        return f"every epsilon meets advantage <= {a.bound!r} (Pr_pre = {a.pre})"
    scale = (", ".join(a.noise_scale) if a.noise_scale else "n/a") + (" (on ln x)" if a.on_log_scale else "")
    return (f"largest epsilon with guessing advantage ({a.direction}) <= {a.bound!r}: {a.epsilon} "
            f"({a.bound_type} bound, {a.method}, {a.digits} significant digits; Pr_pre = {a.pre}); "
            f"{a.mechanism} noise scale r/epsilon: {scale}")


def cmd_epsilon(args) -> int:
    """`symdp epsilon --metric guessing-advantage --bound ETA ...`: the largest epsilon."""
    from ..guessing.calculator import largest_epsilon
    require_real("--bound", args.bound, 0, 1)
    answer = largest_epsilon(_query(args), args.bound)
    return emit(args.json, answer.as_dict(), _epsilon_text(answer))


def _advantage_text(a) -> str:
    text = (f"guessing advantage ({a.direction}) at epsilon = {a.epsilon!r}: at most {a.advantage_bound} "
            f"({a.bound_type} bound; Pr_pre = {a.pre})")
    if a.exact:
        x = a.exact
        text += (f"\n{a.mechanism} mechanism, scale r/epsilon = {x.scale}: exact advantage {x.advantage} "
                 f"(posterior {x.posterior} at output {x.output}; 12 digits)")
    return text


def cmd_guessing(args) -> int:
    """`symdp guessing --epsilon E ...`: the advantage bound, and the exact advantage of the mechanism."""
    from ..guessing.calculator import advantage
    require_real("--epsilon", args.epsilon, 0)
    answer = advantage(_query(args), args.epsilon)
    return emit(args.json, answer.as_dict(), _advantage_text(answer))
