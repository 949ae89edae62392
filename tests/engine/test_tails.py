"""Normal tails in the Mills form (symdp.engine.validated.tails): claims whose terms vanish together.

The classical Gaussian calibration (Dwork and Roth 2014, Thm A.1): sigma = sqrt(2 log(1.25/delta))/eps is
(eps, delta)-DP for eps < 1, i.e. delta >= delta_mu(eps) at mu = eps/sqrt(2 log(1.25/delta)), delta_mu the
exact profile (Balle and Wang 2018, Thm 8).  Both sides tend to 0 as delta -> 0, so no box at that end
closes on the claim as written.  The oracle is mpmath's ncdf at 300 digits, which symdp's rewrite does
not use.
"""
import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine import validated
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status
from symdp.engine.enclose import ext
from symdp.engine.validated import tails
from symdp.mechanisms import gaussian
from symdp.special import Mills
from symdp.symbols import delta, eps

DOMAIN = {eps: sp.Interval.open(0, 1), delta: sp.Interval.open(0, 1)}
C = sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta))
CLASSIC = delta - gaussian.analytic_delta(eps / C, eps)
PRINTED = delta - gaussian.analytic_delta(eps**sp.Rational(3, 2) / C, eps)   # tvd2023 Theorem 2's sigma


def _profile(mu, e):
    """Balle and Wang's delta_mu(eps) in mpmath, from its definition."""
    return mp.ncdf(mu / 2 - e / mu) - mp.exp(e) * mp.ncdf(-mu / 2 - e / mu)


@pytest.mark.parametrize("d", ["1e-300", "1e-20", "0.5", "0.999"])
def test_the_classical_calibration_holds_at_the_oracle(d):
    with mp.workdps(300):
        d = mp.mpf(d)
        c = mp.sqrt(2 * mp.log(mp.mpf(5) / 4 / d))
        for e in (mp.mpf("1e-8"), mp.mpf("0.5"), 1 - mp.mpf("1e-9")):
            assert d - _profile(e / c, e) > 0


def test_the_classical_calibration_is_proved_on_its_mills_form_and_replayed():
    found = validated.prove(CLASSIC, "nonnegative", DOMAIN)
    assert found.proved and found.certificate.startswith(validated.TAILS)
    assert "Mills form" in found.method
    again = validated.prove(CLASSIC, "nonnegative", DOMAIN, found.certificate)
    assert again.proved and again.boxes == found.boxes


def test_the_printed_calibration_closes_on_the_claim_over_delta():
    """Theorem 2's sigma: delta^(1/eps) against delta; only f/delta keeps the exponent's log(delta) whole."""
    forms = tails.forms(PRINTED)
    core, sign = forms[1]
    assert validated.prove(core, tails.which_for("nonnegative", sign), DOMAIN, split=False).proved


@pytest.mark.parametrize("expr", [CLASSIC, PRINTED], ids=["classic", "printed"])
def test_each_form_has_the_sign_of_the_claim_at_the_oracle(expr):
    """f and each form agree in sign where f is far from 0 (the forms drop positive factors only)."""
    with mp.workdps(60):
        for point in ({eps: sp.Rational(1, 2), delta: sp.Rational(1, 10)}, {eps: sp.Rational(9, 10), delta: sp.Rational(9, 10)}):
            f = sp.N(expr.xreplace(point), 50)
            for core, sign in tails.forms(expr):
                assert sp.sign(f) == sign * sp.sign(sp.N(core.xreplace(point), 50))


def test_a_calibration_that_fails_is_refuted_not_proved():
    """delta_mu <= 0.32 delta fails near eps = 1, delta = 1 (the ratio reaches 0.3188 there)."""
    near_miss = sp.Rational(3, 10) * delta - gaussian.analytic_delta(eps / C, eps)
    assert not validated.prove(near_miss, "nonnegative", DOMAIN).proved
    out = decide.sign(near_miss, "nonnegative", DOMAIN, "tails-near-miss", Attempts())
    assert out.status is Status.REFUTED


def test_mills_at_infinity_in_extended_arithmetic():
    t = sp.Symbol("t", positive=True)
    lo, hi = ext.evaluate(Mills(1 / t), {t: (ext.arb(0), ext.arb("0.125"))})   # 1/t in [8, oo)
    with mp.workdps(30):
        mills_8 = mp.sqrt(mp.pi / 2) * mp.exp(32) * mp.erfc(8 / mp.sqrt(2))
    assert lo.is_zero() and float(hi) >= float(mills_8) * (1 - 1e-12)
    lo, hi = ext.evaluate(Mills(-1 / t), {t: (ext.arb(0), ext.arb(1))})
    assert hi == ext.POS
