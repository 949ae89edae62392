"""Precision, recall and F-beta of a threshold test (Liu et al. 2019, Eq. 3, 11, Sec. 3)."""
from ..errors import SymdpError, check_arg
from ..symbols import beta

# Arguments may be symbols; numbers are checked: rates and precision in [0, 1], b > 0.


def _nonzero(name, value, what):
    try:
        zero = bool(value == 0)
    except TypeError:
        zero = False
    if zero:
        raise SymdpError(name, value, what)


def precision(rsr, gsr):
    """P(h1 | decided D) under a uniform prior: RSR / (RSR + GSR) (Eq. 11)."""
    rsr, gsr = check_arg("rsr", rsr, 0, 1), check_arg("gsr", gsr, 0, 1)
    _nonzero("gsr", rsr + gsr, "rsr + gsr > 0 (a test that never decides D has no precision)")
    return rsr / (rsr + gsr)


def recall(rsr):
    """P(decided D | h1) = RSR (Eq. 11)."""
    check_arg("rsr", rsr, 0, 1)
    return rsr


def fbeta(prec, rec, b=beta):
    """Weighted harmonic mean of precision and recall (Sec. 3); precision and recall in (0, 1]."""
    prec, rec, b = check_arg("prec", prec, 0, 1, "h"), check_arg("rec", rec, 0, 1, "h"), check_arg("b", b, 0, None, "")
    return 1 / (1 / ((1 + b**2) * prec) + b**2 / ((1 + b**2) * rec))
