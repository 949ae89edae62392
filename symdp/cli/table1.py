"""``symdp table1``: Table 1 of Liu et al. (largest epsilon under F*_beta bounds) for any auxiliary information."""
from __future__ import annotations

from .options import json_flag, rho, rho_args
from .output import calculator_json


def cmd_table1(args) -> int:
    from ..adversary import table
    from ..adversary.inverse import kappa_of
    kappa = kappa_of(*rho(args))
    if args.json:
        answers = table.table1(kappa)
        doc = {"kappa": float(kappa), "bounds": [float(f) for f in table.BOUNDS],
               "rows": [{"beta": float(b), "epsilon": [a.as_dict()["epsilon"] for a in row]}
                        for b, row in zip(table.BETAS, answers)]}
        print(calculator_json(doc))
        return 0
    print(f"largest epsilon with F*_beta <= bound (Laplace, kappa = {float(kappa):.6g}; two decimals, rounded "
          "down: never above the largest epsilon)")
    print("  ".join(f"{h:>10}" for h in ("F* <=",) + table.BOUNDS))
    for r in table.rows(kappa):
        print("  ".join(f"{c:>10}" for c in r))
    return 0


def add_parsers(add) -> None:
    sp = add("table1", cmd_table1, "Table 1 of Liu et al. (largest epsilon under F*_beta bounds) for any "
             "auxiliary information")
    rho_args(sp)
    json_flag(sp)
