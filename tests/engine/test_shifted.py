"""Exponential polynomials shifted to the origin (symdp.engine.validated.shifted).

The oracle of the rewrite is mpmath: the claim with its exponentials against the form with
exprel(x) = expm1(x)/x, at 50 digits.  The catalogue's case is Pankova and Laud's AND family
(pankova2023.and-or, and:corrected-valid), whose fraction numerator is 56 exponential terms that nearly
cancel: no box of the plain numerator closes near eps = 1/10, the shifted one closes in 65.
"""
from pathlib import Path

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.proof import certificates as certs
from symdp.engine.model import domain as dom
from symdp.engine import validated
from symdp.engine.validated import shifted
from symdp.special import Exprel

from mutants import captured

ROOT = Path(__file__).resolve().parents[2]
x, y = sp.symbols("x y", positive=True)
PRODUCT = sp.exp(4 * x + 3 * y) - sp.exp(4 * x) - sp.exp(3 * y) + 1 - 12 * x * y   # (e^4x - 1)(e^3y - 1) - 12xy


def _mp(expr, point):
    fn = sp.lambdify((x, y), expr.replace(Exprel, lambda z: sp.Function("exprel")(z)),
                     modules=[{"exprel": lambda z: mp.expm1(z) / z}, "mpmath"])
    with mp.workdps(50):
        return fn(*(mp.mpf(v) for v in point))


def test_the_form_is_the_claim_over_its_positive_factors():
    core, sign = shifted.form(PRODUCT)
    assert sign == 1 and not core.has(sp.exp) and core.has(Exprel)
    for point in (("0.1", "0.2"), ("1.5", "0.3"), ("4", "5")):
        with mp.workdps(50):
            assert mp.almosteq(_mp(PRODUCT, point), _mp(x * y * core, point), rel_eps=mp.mpf(10) ** -40)


@pytest.mark.parametrize("expr", [sp.exp(-x) - 1 + x, sp.exp(x / 2) - 1 - x / 2])
def test_no_form_outside_its_reach(expr):
    """Negative or fractional multiples in an exponent would make a rational or irrational form."""
    assert shifted.form(expr) is None


def test_no_form_beside_normal_tails():
    """A claim that also holds erfc is left to the Mills form (symdp.engine.validated.tails)."""
    assert shifted.form(PRODUCT + sp.erfc(x)) is None


def test_a_form_is_searched_on_its_own_smaller_budget():
    """The shifted numerator of a false claim is searched on FORM_BOXES boxes, not the claim's 2000."""
    found = validated.prove(PRODUCT - sp.Rational(1, 10**6), "positive", {x: sp.Interval(0, 1), y: sp.Interval(0, 1)})
    assert not found.proved and f"budget {validated.search.FORM_BOXES} boxes" in found.note


def _and_family():
    (claim,) = [c for c in captured(ROOT / "derivations", {"pankova2023.and-or"}) if c.label.endswith("::and:corrected-valid")]
    return claim


def test_the_and_family_is_proved_through_the_shifted_numerator():
    """The catalogue's certificate (made by the search) replays, through the shifted numerator."""
    claim = _and_family()
    recorded = [c for c in certs.load(ROOT / "derivations" / "pankova2023" / "s5_and_or.proofs.json").values()
                if c.claim.endswith("::and:corrected-valid")]
    assert len(recorded) == 1 and validated.SHIFTED in recorded[0].boxes
    domain = dom.complete(claim.domain, claim.expr.free_symbols)   # the recorder's order of the symbols
    again = validated.prove(claim.expr, claim.which, domain, recorded[0].boxes)
    assert again.proved and "exprel" in again.detail


def test_the_and_family_shifted_below_its_least_value_is_not_proved():
    """False at lambda = eps = 5, where the claim is 6.2e-9 (a smaller budget keeps the search short)."""
    claim = _and_family()
    assert not validated.prove(claim.expr - sp.Rational(1, 10**8), claim.which, claim.domain, budget=200).proved
