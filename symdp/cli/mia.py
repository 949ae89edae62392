"""`symdp mia`: membership-inference bounds (TPR/ROC, advantage, PPV) for (eps, delta)-DP and/or alpha-TVD.

Jia et al. 2023, Theorems 14-17 in their tight form (``symdp.tvd.membership``).  Inputs are validated before any
work (one-line error, exit 2); numbers are printed to 15 significant digits; --json is one line, sorted keys,
with schema_version and tools (symdp/schemas/mia.schema.json).
"""
from __future__ import annotations

import math

from ..errors import SymdpError, require_real
from .options import later_real
from .output import calculator_json

DIGITS = 15


def add_parsers(add) -> None:
    """The `symdp mia` subcommand."""
    sp = add("mia", cmd_mia, "membership-inference bounds for (eps, delta)-DP and/or alpha-TVD",
             "Tight bounds on a membership-inference test with false-positive rate FPR "
             "(Jia et al. 2023, Thms 14-17): largest true-positive rate (the ROC region), "
             "advantage TPR - FPR, positive predictive value TPR/(TPR + rho FPR), and the "
             "largest advantage and balanced accuracy over all FPR.  Give --epsilon "
             "(with --delta), --alpha, or both (then the bounds are the tighter of the two).")
    sp.add_argument("--epsilon", type=later_real, default=None, help="epsilon in [0, 700] of (epsilon, delta)-DP")
    sp.add_argument("--delta", type=later_real, default=None, help="delta in [0, 1] (with --epsilon; default 0)")
    sp.add_argument("--alpha", type=later_real, default=None, help="alpha in [0, 1] of alpha-TVD privacy")
    sp.add_argument("--fpr", type=later_real, required=True, help="false-positive rate gamma in [0, 1] of the test")
    sp.add_argument("--prior-ratio", type=later_real, default=None,
                    help="rho = (1 - p)/p > 0, p the fraction of members among the targets (default 1: balanced)")
    sp.add_argument("--member-fraction", type=later_real, default=None,
                    help="p in (0, 1), the fraction of members among the targets, instead of --prior-ratio")
    sp.add_argument("--json", action="store_true", help="machine-readable output")


def _validated(args):
    """Every input checked, in command-line names, before any computation."""
    for flag, value in (("--epsilon", args.epsilon), ("--delta", args.delta), ("--alpha", args.alpha),
                        ("--fpr", args.fpr), ("--prior-ratio", args.prior_ratio),
                        ("--member-fraction", args.member_fraction)):
        if isinstance(value, float) and not math.isfinite(value):   # text is refused below, with its range
            raise SymdpError(flag, value, "a finite number")
    if args.epsilon is None and args.alpha is None:
        raise SymdpError("--epsilon/--alpha", None, "--epsilon (with --delta), --alpha, or both")
    if args.delta is not None and args.epsilon is None:
        raise SymdpError("--delta", args.delta, "no value without --epsilon (delta belongs to (epsilon, delta)-DP)")
    if args.epsilon is not None:
        require_real("--epsilon", args.epsilon, 0.0, 700.0, "lh")
    if args.delta is not None:
        require_real("--delta", args.delta, 0.0, 1.0, "lh")
    if args.alpha is not None:
        require_real("--alpha", args.alpha, 0.0, 1.0, "lh")
    require_real("--fpr", args.fpr, 0.0, 1.0, "lh")
    return args.epsilon, 0.0 if args.delta is None else args.delta, args.alpha, _prior_ratio(args)


def _prior_ratio(args) -> float:
    """rho from --prior-ratio or --member-fraction (not both; default 1)."""
    if args.member_fraction is None:
        return 1.0 if args.prior_ratio is None else require_real("--prior-ratio", args.prior_ratio, 0.0, 1e300, "")
    if args.prior_ratio is not None:
        raise SymdpError("--member-fraction", args.member_fraction, "no value with --prior-ratio (give one of them)")
    p = require_real("--member-fraction", args.member_fraction, 1e-290, 1.0, "l")   # rho = (1-p)/p stays < 1e300
    return (1 - p) / p


def _n(v: float) -> float:
    """A float rounded to DIGITS significant digits (deterministic JSON)."""
    return float(f"{v:.{DIGITS}g}")


def _block(b) -> dict:
    return {"tpr": _n(b.tpr), "advantage": _n(b.advantage), "ppv": _n(b.ppv), "max_advantage": _n(b.max_advantage),
            "argmax_fpr": _n(b.argmax_fpr), "max_accuracy": _n(b.max_accuracy)}


def results(eps, delta, alpha, fpr, rho) -> dict:
    """The bounds of each notion given, and of both together when both are given (rounded)."""
    from ..tvd.membership import bounds_by_notion
    return {k: None if b is None else _block(b) for k, b in bounds_by_notion(eps, delta, alpha, fpr, rho).items()}


def cmd_mia(args) -> int:
    eps, delta, alpha, rho = _validated(args)
    out = {"epsilon": eps, "delta": delta if eps is not None else None, "alpha": alpha, "fpr": args.fpr,
           "prior_ratio": _n(rho), "member_fraction": _n(1 / (1 + rho)), "digits": DIGITS,
           **results(eps, delta, alpha, args.fpr, rho)}
    if args.json:
        print(calculator_json(out))
        return 0
    print(f"membership inference at false-positive rate {args.fpr!r}, prior ratio rho = {out['prior_ratio']!r} "
          f"(member fraction {out['member_fraction']:.{DIGITS}g}); tight bounds (Jia et al. 2023, Thms 14-17), "
          f"to {DIGITS} significant digits")
    names = {"dp": f"({eps!r}, {delta!r})-DP", "tvd": f"{alpha!r}-TVD", "combined": "both"}
    for key, name in names.items():
        b = out[key]
        if b is not None:
            print(f"{name}: TPR <= {b['tpr']:.{DIGITS}g}, advantage <= {b['advantage']:.{DIGITS}g}, "
                  f"PPV <= {b['ppv']:.{DIGITS}g}; over all FPR: advantage <= {b['max_advantage']:.{DIGITS}g} "
                  f"(at FPR {b['argmax_fpr']:.{DIGITS}g}), balanced accuracy <= {b['max_accuracy']:.{DIGITS}g}")
    return 0
