"""``symdp tvd``: the exact total variation (TVD-privacy parameter) of a mechanism and the bounds beside it.

:mod:`symdp.tvd.calculator` validates and computes (Jia et al. 2023); this module parses and prints.
"""
from __future__ import annotations

from ..tvd.calculator import MECHANISMS
from ..tvd.inputs import DEFAULT_POINTS, MAX_POINTS
from .options import json_flag, later_int, later_real
from .output import emit

def add_parsers(add) -> None:
    """The `symdp tvd` subcommand."""
    sp = add("tvd", cmd_tvd, "exact total variation (TVD privacy) of a mechanism, with the bounds",
             "Exact TV distance between a mechanism's outputs on neighbouring inputs "
             "(Jia et al. 2023, TVD privacy): Laplace, Gaussian, randomized response, T-fold "
             "composition, Poisson subsampling, DP-SGD; beside it the composition bounds (naive, "
             "KL/Pinsker, Bretagnolle-Huber) and Thm 10's subsampling bound.")
    sp.add_argument("--mechanism", required=True, help="one of: " + ", ".join(MECHANISMS))
    sp.add_argument("--sensitivity", type=later_real, default=1.0, help="sensitivity D > 0 (default 1; laplace, "
                    "gaussian)")
    sp.add_argument("--scale", type=later_real, default=None, help="Laplace scale b > 0")
    sp.add_argument("--sigma", type=later_real, default=None, help="Gaussian standard deviation > 0 (dp-sgd: noise "
                    "multiplier in [0.05, 1e4], sensitivity 1)")
    sp.add_argument("--epsilon", type=later_real, default=None, help="randomized response epsilon in [0, 700]; "
                    "laplace: epsilon in (0, 700], scale b = D/epsilon (instead of --scale)")
    sp.add_argument("--k", type=later_int, default=2, help="randomized response: number of values, >= 2 (default 2)")
    sp.add_argument("--steps", type=later_int, default=1, help="T >= 1 compositions (default 1)")
    sp.add_argument("--q", type=later_real, default=1.0, help="Poisson sampling rate in (0, 1] (default 1: none)")
    sp.add_argument("--delta", type=later_real, default=None, help="dp-sgd: also (epsilon, delta)-DP by the RDP "
                    "accountant (improved conversion), delta in (0, 1)")
    sp.add_argument("--points", type=later_int, default=DEFAULT_POINTS, help="FFT points of the privacy-loss "
                    f"computation, in [1024, {MAX_POINTS}] (default {DEFAULT_POINTS}); more: a narrower "
                    "interval, slower")
    sp.add_argument("--direction", default="remove", help="dp-sgd neighbouring direction: remove (the "
                    "record present in the first input, the paper's setting; default) | add | both (TV is "
                    "symmetric: both contain the same value)")
    json_flag(sp)



def _text(doc) -> str:
    p, ex, b = doc["parameters"], doc["exact"], doc["bounds"]
    head = f"{doc['mechanism']} ({', '.join(f'{k} = {v}' for k, v in sorted(p.items()) if v is not None)})"
    if ex is None:
        line = "exact TV: not computed for this combination"
    elif "value" in ex:
        line = f"exact TV: {ex['value']} ({ex['method']})"
    else:
        line = f"exact TV in [{ex['lower']}, {ex['upper']}] ({ex['method']}; a guaranteed interval)"
    rows = [head, line] + [f"{name} bound: {v}" for name, v in sorted(b.items()) if v is not None]
    if doc["kl"]:
        rows.append("KL of one step: " + ", ".join(f"{k} {v}" for k, v in sorted(doc["kl"].items())))
    if doc["dp"]:
        d = doc["dp"]
        rows.append(f"(epsilon, delta)-DP by RDP: epsilon = {d['epsilon']} at delta = {d['delta']} "
                    f"(order {d['order']}, {d['conversion']} conversion)")
    rows.append(f"(numbers to {doc['digits']} significant digits; an interval's ends rounded outward)")
    return "\n".join(rows)


def cmd_tvd(args) -> int:
    from dataclasses import fields

    from ..tvd import calculator
    request = calculator.Request(**{f.name: getattr(args, f.name) for f in fields(calculator.Request)})
    answer = calculator.compute(calculator.validate(request))
    return emit(args.json, answer.as_dict(), _text)
