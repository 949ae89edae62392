"""``symdp epsilon``: the largest epsilon whose best adversary stays within a bound.

--metric fbeta (Liu et al.: highest F-beta of the Neyman-Pearson adversary; Laplace with auxiliary
information, or Gaussian); --metric guessing-advantage is answered by :mod:`.guessing` (Pankova & Laud).
"""
from __future__ import annotations

from ..errors import SymdpError, require_choice
from .options import json_flag, number, ranged, rho, rho_args
from .output import emit


def _no_guessing_options(args) -> None:
    for name, default in args.guessing_defaults.items():
        value = getattr(args, name)
        if value != default:
            flag = "--" + name.replace("_", "-")
            raise SymdpError(flag, value, f"no {flag} with --metric fbeta (an option of --metric guessing-advantage)")


def _epsilon_options(args) -> None:
    """Reject the options that do not apply to the metric or the chosen mechanism (before any work)."""
    _no_guessing_options(args)
    args.beta = 1.0 if args.beta is None else args.beta
    args.mechanism = "laplace" if args.mechanism is None else args.mechanism
    if args.mechanism == "geometric":
        raise SymdpError("--mechanism", "geometric", "laplace or gaussian with --metric fbeta (geometric goes "
                         "with --metric guessing-advantage)")
    if args.mechanism == "laplace":
        for flag, value in (("--delta", args.delta), ("--calibration", args.calibration)):
            if value is not None:
                raise SymdpError(flag, value, "no value with --mechanism laplace (pure epsilon-DP; "
                                 f"{flag} goes with --mechanism gaussian)")
    else:
        for flag, value in (("--rho-p", args.rho_p), ("--rho-c", args.rho_c), ("--rho-t", args.rho_t)):
            if value is not None:
                raise SymdpError(flag, value, "no value with --mechanism gaussian (auxiliary information is "
                                 "derived for the Laplace mechanism)")
        if args.delta is None:
            raise SymdpError("--delta", None, "a number in (0, 1), required with --mechanism gaussian")
        if args.calibration is None:
            args.calibration = "classic"


def _text(answer) -> str:
    if answer.epsilon is None:
        return answer.reason
    import mpmath as mp
    which = f"Laplace, kappa = {mp.nstr(answer.kappa, 6)}" if answer.mechanism == "laplace" else \
        f"Gaussian, delta = {answer.delta!r}, {answer.calibration} calibration"
    text = (f"largest epsilon with F*_beta <= {answer.bound!r} (beta = {answer.beta!r}, {which}): "
            f"{answer.epsilon_text} ({answer.digits} significant digits, rounded down)")
    return text + (f"\nnote: {answer.note}" if answer.note else "")


METRICS = ("fbeta", "guessing-advantage")


def cmd_epsilon(args) -> int:
    require_choice("metric", args.metric, METRICS)
    if args.metric == "guessing-advantage":
        from .guessing import cmd_epsilon as guessing_epsilon
        return guessing_epsilon(args)
    from ..adversary.inverse import kappa_of, largest_epsilon
    _epsilon_options(args)
    kappa = kappa_of(*rho(args))
    answer = largest_epsilon(args.metric, args.bound, args.beta, args.mechanism, args.delta,
                             args.calibration or "classic", kappa)
    return emit(args.json, answer.as_dict(), lambda _: _text(answer))


def add_parsers(add) -> None:
    from .guessing import attribute_options
    sp = add("epsilon", cmd_epsilon, "largest epsilon whose best adversary stays within a bound")
    sp.add_argument("--metric", required=True, help="one of: fbeta (highest F-beta of the Neyman-Pearson "
                    "adversary, Liu et al.), guessing-advantage (guessing an attribute within r, Pankova & Laud)")
    sp.add_argument("--beta", type=ranged(0.0), default=None, help="F-beta weight, > 0 (default 1; fbeta only)")
    sp.add_argument("--bound", type=number, required=True, help="bound on the metric, in (0, 1)")
    sp.add_argument("--mechanism", default=None, choices=("laplace", "gaussian", "geometric"),
                    help="one of: laplace (default), gaussian (fbeta only), geometric (guessing-advantage only: "
                         "an integer attribute, two-sided geometric noise)")
    sp.add_argument("--delta", type=ranged(0.0, 1.0), default=None,
                    help="delta in (0, 1), required with --mechanism gaussian (only there)")
    sp.add_argument("--calibration", default=None, choices=("classic", "analytic"),
                    help="gaussian noise calibration (only with --mechanism gaussian), one of: classic, "
                         "sigma = sqrt(2 log(1.25/delta)) DQ/eps (default), or analytic (Balle and Wang 2018)")
    rho_args(sp)
    sp.set_defaults(guessing_defaults=attribute_options(sp))  # --metric guessing-advantage
    json_flag(sp)
