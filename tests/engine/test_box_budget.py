"""A claim's own box budget (``d.sign(..., boxes=N)``): a count handed to validated numerics, part of the
claim's fingerprint, and validated like any public input."""
import pytest
import sympy as sp

from symdp.engine.proof import certificates as certs
from symdp.engine.run.recorder import Recorder
from symdp.engine.model.status import Status

x = sp.Symbol("x", positive=True)
y = sp.Symbol("y", positive=True)
XY = {x: sp.Interval(0, 1), y: sp.Interval(0, 1)}
TIGHT = (x - y) ** 2 + sp.Rational(1, 10**4) - sp.Rational(1, 10**4) * sp.exp(-(x - y) ** 2 * 10**6)
"""Positive, but 0 to first order along the diagonal: its boxes close slowly."""


def _claim(boxes):
    d = Recorder("t.boxes")
    d.sign("c", TIGHT, "nonnegative", XY, symbolic=False, boxes=boxes, n=4)
    return d.trace[-1]


def test_a_small_budget_is_spent_and_said():
    step = _claim(7)
    assert step.status is not Status.PROVED and "budget 7 boxes" in step.outcome.detail


@pytest.mark.parametrize("bad", [0, -3, 10**6, 2.5, True, "100"])
def test_a_bad_budget_is_an_error_naming_boxes(bad):
    step = _claim(bad)
    assert step.status is Status.ERROR and f"boxes={bad!r}" in step.outcome.detail


def test_the_budget_is_part_of_the_fingerprint():
    assert certs.fingerprint("sign-numeric", TIGHT, "nonnegative", XY) != certs.fingerprint(
        "sign-numeric", TIGHT, "nonnegative", XY, 7)
