"""Precision, recall and F-beta of a threshold test (Liu et al. 2019, Eq. 3, 11, Sec. 3)."""
from ..symbols import beta


def precision(rsr, gsr):
    """P(h1 | decided D) under a uniform prior: RSR / (RSR + GSR) (Eq. 11)."""
    return rsr / (rsr + gsr)


def recall(rsr):
    """P(decided D | h1) = RSR (Eq. 11)."""
    return rsr


def fbeta(prec, rec, b=beta):
    """Weighted harmonic mean of precision and recall (Sec. 3)."""
    return 1 / (1 / ((1 + b**2) * prec) + b**2 / ((1 + b**2) * rec))
