"""Liu et al.'s Table 1 for any adversary: the largest epsilon under bounds on F*_beta."""
from __future__ import annotations

from .inverse import EpsilonAnswer, epsilon_for_fbeta

BETAS = ("0.5", "0.6", "0.8", "1", "1.5", "2")
BOUNDS = ("0.55", "0.58", "0.62", "0.67", "0.76", "0.83", "0.9", "0.95")
NONE = "—"


def table1(kappa=1, betas=BETAS, bounds=BOUNDS) -> list[list[EpsilonAnswer]]:
    """One row per beta, one answer per bound (Laplace mechanism, auxiliary-information factor kappa)."""
    return [[epsilon_for_fbeta(float(f), float(b), kappa) for f in bounds] for b in betas]


def cell(answer: EpsilonAnswer) -> str:
    """Two decimals, rounded (the paper prints two), or a dash when no epsilon meets the bound."""
    return NONE if answer.epsilon is None else f"{float(answer.epsilon):.2f}"


def rows(kappa=1, betas=BETAS, bounds=BOUNDS) -> list[tuple[str, ...]]:
    return [(f"beta = {b}",) + tuple(cell(a) for a in row) for b, row in zip(betas, table1(kappa, betas, bounds))]
