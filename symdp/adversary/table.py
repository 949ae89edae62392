"""Liu et al.'s Table 1 for any adversary: the largest epsilon under bounds on F*_beta."""
from __future__ import annotations

from ..errors import SymdpError, require_real
from .inverse import EpsilonAnswer, _kappa, epsilon_for_fbeta

BETAS = ("0.5", "0.6", "0.8", "1", "1.5", "2")
BOUNDS = ("0.55", "0.58", "0.62", "0.67", "0.76", "0.83", "0.9", "0.95")
NONE = "—"


def table1(kappa=1, betas=BETAS, bounds=BOUNDS) -> list[list[EpsilonAnswer]]:
    """One row per beta, one answer per bound (Laplace mechanism, auxiliary-information factor kappa).

    ``betas`` (each > 0) and ``bounds`` (each in (0, 1)) are numbers or numeric strings.
    """
    _kappa(kappa)
    bs = [require_real("betas", _number("betas", b), 0.0, None) for b in _items("betas", betas)]
    fs = [require_real("bounds", _number("bounds", f), 0.0, 1.0) for f in _items("bounds", bounds)]
    return [[epsilon_for_fbeta(f, b, kappa) for f in fs] for b in bs]


def _items(name, values):
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise SymdpError(name, values, "a sequence of numbers (or numeric strings)")
    return list(values)


def _number(name, v):
    if isinstance(v, str):
        try:
            return float(v)
        except ValueError:
            raise SymdpError(name, v, "numbers or numeric strings") from None
    return v


def cell(answer: EpsilonAnswer) -> str:
    """Two decimals, rounded down (a largest epsilon must not be printed above the true one), or a dash."""
    from ..engine.enclose.bounds import safe_round
    return NONE if answer.epsilon is None else f"{safe_round(answer.epsilon, 'at most', 2):.2f}"


def rows(kappa=1, betas=BETAS, bounds=BOUNDS) -> list[tuple[str, ...]]:
    return [(f"beta = {b}",) + tuple(cell(a) for a in row) for b, row in zip(betas, table1(kappa, betas, bounds))]
