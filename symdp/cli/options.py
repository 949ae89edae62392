"""argparse types and options shared by the commands: finite numbers, numbers in a range, the rho options."""
from __future__ import annotations

import argparse
import math


def number(text: str) -> float:
    """An argparse type: a finite float."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {text!r}")
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"invalid number: {text!r} (expected a finite number)")
    return value


def checked_later(kind):
    """An argparse type that never fails, for options the command validates itself (``require_real``,
    ``require_int``): the number, else the text as typed, refused there with the option's allowed range
    (argparse alone says only "invalid int value: '1.5'")."""
    def convert(text: str):
        for cast in ((int, float) if kind is int else (float,)):
            try:
                return cast(text)
            except ValueError:
                continue
        return text
    convert.__name__ = kind.__name__
    return convert


later_real, later_int = checked_later(float), checked_later(int)
"""The two :func:`checked_later` types the commands use."""


def ranged(low=None, high=None, closed=""):
    """An argparse type: a finite number in an interval (ends included as ``closed`` says: "", "l", "h", "lh")."""
    allowed = (f"{'[' if 'l' in closed else '('}{'-inf' if low is None else f'{low:g}'}, "
               f"{'inf' if high is None else f'{high:g}'}{']' if 'h' in closed else ')'}")

    def convert(text: str) -> float:
        value = number(text)
        ok = (low is None or (value >= low if "l" in closed else value > low)) and \
             (high is None or (value <= high if "h" in closed else value < high))
        if not ok:
            raise argparse.ArgumentTypeError(f"invalid value: {text!r} (expected a number in {allowed})")
        return value
    convert.__name__ = "number"
    return convert


def rho_args(sp) -> None:
    """--rho-p, --rho-c, --rho-t: auxiliary information of the Laplace adversary (Liu et al. Sec. 5)."""
    for name, what in (("p", "prior distribution"), ("c", "record correlation"), ("t", "temporal correlation")):
        sp.add_argument(f"--rho-{name}", type=ranged(0.0, 1.0, "lh"), default=None,
                        help=f"coefficient of {what} in [0, 1] (Liu et al. Sec. 5; default 0; Laplace only)")


def rho(args) -> tuple:
    """--rho-p, --rho-c, --rho-t (None when not given counts as 0)."""
    return tuple(0.0 if v is None else v for v in (args.rho_p, args.rho_c, args.rho_t))


def json_flag(sp) -> None:
    sp.add_argument("--json", action="store_true", help="machine-readable output")
