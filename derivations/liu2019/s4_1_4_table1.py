"""Liu et al. (PoPETs 2019), Table 1: the largest epsilon under a bound on F*_beta.

Every cell is regenerated from Eq. 12 through its closed-form inverse
(``symdp.adversary.inverse``, proved to invert Eq. 12 in
``liu2019.fbeta-laplace``) at 50 digits, and compared with the printed cell.
"""
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal

import mpmath as mp

from symdp import Status, derivation
from symdp.adversary.inverse import epsilon_for_fbeta

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
NONE = "—"
BOUNDS = ("0.55", "0.58", "0.62", "0.67", "0.76", "0.83", "0.9", "0.95")
PRINTED = {  # Table 1 as printed, row by row
    "0.5": ("0.22", "0.34", "0.55", "0.82", "1.42", "2.04", "3", "4.29"),
    "0.6": (NONE, "0.33", "0.54", "0.83", "1.45", "2.11", "3.11", "4.43"),
    "0.8": (NONE, NONE, "0.49", "0.8", "1.46", "2.16", "3.21", "4.58"),
    "1": (NONE, NONE, NONE, "0.71", "1.4", "2.12", "3.2", "4.6"),
    "1.5": (NONE, NONE, NONE, NONE, "1.17", "1.88", "2.99", "4.41"),
    "2": (NONE, NONE, NONE, NONE, NONE, "1.61", "2.69", "4.12"),
}
ERRATA = {("0.5", "0.55"), ("0.8", "0.62"), ("1.5", "0.76"), ("2", "0.83")}
CENT = Decimal("0.01")


def _two_places(value, rounding) -> Decimal:
    return Decimal(mp.nstr(value, 30, strip_zeros=False)).quantize(CENT, rounding=rounding)


def judge(printed: str, answer, beta: str):
    """(matches, detail, derived cell text) for one printed cell."""
    if answer.epsilon is None:
        if printed == NONE:
            return True, "no epsilon meets the bound, as printed", NONE
        turn = mp.log1p(mp.mpf(beta) ** 2)
        hint = ""
        if Decimal(printed) in (_two_places(turn, ROUND_HALF_EVEN), _two_places(turn, ROUND_DOWN)):
            hint = f"; the printed {printed} is log(1+beta^2) = {mp.nstr(turn, 6)}, the end of the flat part of Eq. 12"
        return False, f"printed {printed}, but {answer.reason}{hint}", NONE
    rounded = _two_places(answer.epsilon, ROUND_HALF_EVEN)
    text = f"{rounded}"
    if printed == NONE:
        return False, f"printed {NONE}, but epsilon = {mp.nstr(answer.epsilon, 8)} meets the bound", text
    exact = mp.nstr(answer.epsilon, 8)
    if Decimal(printed) == rounded:
        return True, f"epsilon = {exact}, rounds to the printed {printed}", text
    if Decimal(printed) == _two_places(answer.epsilon, ROUND_DOWN):
        return True, f"epsilon = {exact}: the printed {printed} is truncated, not rounded (rounding gives {rounded})", text
    return False, f"printed {printed}, derived epsilon = {exact} (rounds to {rounded})", text


@derivation(id="liu2019.table1", title="Table 1: the largest epsilon under a bound on F*_beta",
            paper=PAPER, where="Sec. 4.1.4, Table 1")
def table1(d):
    rows = []
    for beta, printed_row in PRINTED.items():
        derived_row = []
        for bound, printed in zip(BOUNDS, printed_row):
            answer = epsilon_for_fbeta(float(bound), float(beta))
            matches, detail, cell = judge(printed, answer, beta)
            expect = Status.ERRATUM if (beta, bound) in ERRATA else None
            d.printed_value(f"table1:beta={beta}:F={bound}", matches, detail,
                            text=rf"$\beta = {beta}$, $F^*_\beta \le {bound}$", expect=expect)
            derived_row.append(cell if cell == printed or (cell != NONE and printed != NONE and matches)
                               else f"{cell} [{printed}]")
        rows.append((f"beta = {beta}",) + tuple(derived_row))
    d.table("table1-printed", "Table 1 as printed (Liu et al. 2019, Sec. 4.1.4)", ("F*_beta <=",) + BOUNDS,
            [(f"beta = {beta}",) + row for beta, row in PRINTED.items()])
    d.table("table1", "Table 1 regenerated from Eq. 12 (two decimals, rounded); where the printed cell "
            "differs it follows in brackets", ("F*_beta <=",) + BOUNDS, rows)
