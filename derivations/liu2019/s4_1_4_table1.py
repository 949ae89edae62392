"""Liu et al. (PoPETs 2019), Table 1: the largest epsilon under a bound on F*_beta.

Every cell is regenerated from Eq. 12 through its closed-form inverse
(``symdp.adversary.inverse``, proved to invert Eq. 12 in
``liu2019.fbeta-laplace``) at 50 digits, and compared with the printed cell.
A cell is the *largest* epsilon meeting the bound, so it is one side of a
bound: a printed value above the derived one is an erratum even when it is the
derived value rounded to two decimals (a practitioner who uses it gets an
adversary above the bound); truncation is the safe way to print it
(``symdp.engine.enclose.bounds``). Where no epsilon meets the bound, the reason is
enclosed instead: the least F*_beta, (1 + beta^2)/(2 + beta^2), lies above the
bound, so a printed cell there is an erratum.
"""
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal

import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.adversary.closed_forms import epsilon_for_fbeta as closed_epsilon
from symdp.adversary.closed_forms import fbeta_star as closed_fbeta
from symdp.adversary.inverse import epsilon_for_fbeta
from symdp.engine.enclose.bounds import AT_MOST, NoValue, safe_round

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
NONE = "—"
DECIMALS = 2
BOUNDS = ("0.55", "0.58", "0.62", "0.67", "0.76", "0.83", "0.9", "0.95")
PRINTED = {  # Table 1 as printed, row by row (two decimals, trailing zeros dropped)
    "0.5": ("0.22", "0.34", "0.55", "0.82", "1.42", "2.04", "3", "4.29"),
    "0.6": (NONE, "0.33", "0.54", "0.83", "1.45", "2.11", "3.11", "4.43"),
    "0.8": (NONE, NONE, "0.49", "0.8", "1.46", "2.16", "3.21", "4.58"),
    "1": (NONE, NONE, NONE, "0.71", "1.4", "2.12", "3.2", "4.6"),
    "1.5": (NONE, NONE, NONE, NONE, "1.17", "1.88", "2.99", "4.41"),
    "2": (NONE, NONE, NONE, NONE, NONE, "1.61", "2.69", "4.12"),
}
NO_EPSILON = {("0.5", "0.55"), ("0.8", "0.62"), ("1.5", "0.76"), ("2", "0.83")}
"""Cells that print log(1 + beta^2) where no epsilon meets the bound."""
ROUNDED_UP = {("0.5", "0.62"), ("0.5", "0.95"), ("0.6", "0.58"), ("0.6", "0.83"), ("0.6", "0.9"),
              ("0.8", "0.67"), ("0.8", "0.83"), ("0.8", "0.9"), ("0.8", "0.95")}
"""Cells that print the largest epsilon rounded up: above the largest epsilon, so the bound breaks."""
ERRATA = NO_EPSILON | ROUNDED_UP
CENT = Decimal("0.01")


def _two_places(value, rounding) -> Decimal:
    return Decimal(mp.nstr(value, 30, strip_zeros=False)).quantize(CENT, rounding=rounding)


def turning_point_hint(printed: str, answer, beta: str) -> str:
    """Where no epsilon meets the bound, say whether the printed cell is log(1 + beta^2)."""
    if answer.epsilon is not None or printed == NONE:
        return ""
    turn = mp.log1p(mp.mpf(beta) ** 2)
    if Decimal(printed) in (_two_places(turn, ROUND_HALF_EVEN), _two_places(turn, ROUND_DOWN)):
        return (f"; the printed {printed} is log(1+beta^2) = {mp.nstr(turn, 6)}, the end of the flat part of "
                f"Eq. 12 ({answer.reason})")
    return f" ({answer.reason})"


def closed(answer):
    """The largest epsilon as its closed form in exact rationals (Eq. 12's inverse, ``symdp.adversary.closed_forms``),
    which the comparison encloses in ball arithmetic; where no epsilon meets the bound, the reason in closed form:
    the least F*_beta, (1 + beta^2)/(2 + beta^2), minus the bound, which the comparison encloses above 0."""
    f, b = sp.Rational(str(answer.bound)), sp.Rational(str(answer.beta))
    if answer.epsilon is None:
        # Eq. 12 is constant up to log(1 + beta^2) and increasing after it (liu2019.fbeta-laplace, eq12:increasing,
        # eq12:continuous): its value at epsilon = 0 is its least
        return NoValue(closed_fbeta(0, b) - f,
                       f"F*_beta is least up to epsilon = log(1 + beta^2) and increases after it (Eq. 12); its "
                       f"least value minus the bound, (1 + beta^2)/(2 + beta^2) - {answer.bound:g} at beta = "
                       f"{answer.beta:g},")
    value = closed_epsilon(f, b)
    # the same formula: they differ only by the double rounding of the bound (0.58 as a float) in ``answer``
    assert abs(mp.mpf(sp.N(value, 60)) - answer.epsilon) < mp.mpf(10) ** -12, "the closed form is Eq. 12's inverse"
    return value


def cell(answer) -> str:
    """The derived cell: the largest epsilon truncated to two decimals (the safe side), or a dash."""
    return NONE if answer.epsilon is None else str(safe_round(answer.epsilon, AT_MOST, DECIMALS))


@derivation(id="liu2019.table1", title="Table 1: the largest epsilon under a bound on F*_beta",
            paper=PAPER, where="Sec. 4.1.4, Table 1")
def table1(d):
    rows = []
    for beta, printed_row in PRINTED.items():
        derived_row = []
        for bound, printed in zip(BOUNDS, printed_row):
            answer = epsilon_for_fbeta(float(bound), float(beta))
            expect = Status.ERRATUM if (beta, bound) in ERRATA else None
            d.printed_bound(f"table1:beta={beta}:F={bound}", None if printed == NONE else printed, closed(answer),
                            AT_MOST, DECIMALS, what="the largest epsilon", expect=expect,
                            text=rf"$\beta = {beta}$, $F^*_\beta \le {bound}$" + turning_point_hint(printed, answer, beta))
            derived = cell(answer)
            same = derived == printed if NONE in (derived, printed) else Decimal(derived) == Decimal(printed)
            derived_row.append(derived if same else f"{derived} [{printed}]")
        rows.append((f"beta = {beta}",) + tuple(derived_row))
    d.table("table1-printed", "Table 1 as printed (Liu et al. 2019, Sec. 4.1.4)", ("F*_beta <=",) + BOUNDS,
            [(f"beta = {beta}",) + row for beta, row in PRINTED.items()])
    d.table("table1", "Table 1 regenerated from Eq. 12: the largest epsilon, truncated to two decimals (the safe "
            "side: a printed largest epsilon must not exceed the derived one); where the printed cell differs it "
            "follows in brackets", ("F*_beta <=",) + BOUNDS, rows)
