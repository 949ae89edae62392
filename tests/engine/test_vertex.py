"""Rule V of the box search (engine.validated.rules): monotone along every coordinate, so least at a vertex.

Oracle: by hand, c(b) = (b^2 + 1)/(b^2 + 2) rises in b and p(e) = e^e/(e^e + 1) rises in e, and c(b0) = p(1/2)
exactly at b0 = sqrt(e^(1/2) - 1) (b0^2 + 1 = e^(1/2)).  So c - p < 0 on b < b0, e > 1/2, and tends to 0 only
at the corner (b0, 1/2), where no face is 0 throughout (the split pieces of rr:beats-laplace).  At the corner
itself (both ends closed) c - p = 0: the strict claim is false there; lifted by 10^-9 it fails near it.
"""
from __future__ import annotations

import sympy as sp

from symdp.engine import validated
from symdp.symbols import beta, eps

B0 = sp.sqrt(sp.exp(sp.Rational(1, 2)) - 1)
GAP = (beta ** 2 + 1) / (beta ** 2 + 2) - sp.exp(eps) / (sp.exp(eps) + 1)


def _domain(closed=False):
    return {beta: sp.Interval(sp.Rational(1, 5), B0, True, not closed),
            eps: sp.Interval(sp.Rational(1, 2), 8, not closed, True)}


def test_zero_only_at_an_open_corner_proved():
    out = validated.prove(GAP, "negative", _domain(), budget=2000, forms=False, split=False)
    assert out.proved and "monotone to a vertex" in out.detail
    again = validated.prove(GAP, "negative", _domain(), out.certificate, forms=False, split=False)
    assert again.proved and again.boxes == out.boxes


def test_the_closed_corner_and_a_lift_are_not_proved():
    assert not validated.prove(GAP, "negative", _domain(closed=True), budget=2000, forms=False, split=False).proved
    lifted = GAP + sp.Rational(1, 10 ** 9)
    assert not validated.prove(lifted, "negative", _domain(), budget=2000, forms=False, split=False).proved
    assert validated.prove(GAP, "nonpositive", _domain(closed=True), budget=2000, forms=False, split=False).proved
