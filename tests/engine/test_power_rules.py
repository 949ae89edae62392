"""Issue 50's rules for claims the prover had never seen, each with a near-miss false twin never proved:

- coth, csch, sech in the enclosures, the extended arithmetic and the Taylor models (coth h = cosh h / sinh h,
  whose pole at h = 0 cancels in the model: the Langevin function coth(x) - 1/x <= x/3);
- rule X, interval arithmetic on exact ends where a ball's rounded radius lost the sign (4/eps^2 against
  1/sinh(eps/2)^2 far out, where both ends of 1/sinh^2 are below 2^-20000);
- the complemented Mills form: an upper tail written 1 - Phi(t) becomes Phi(-t) = phi(t) Mills(t)
  (the Chernoff bound 1 - Phi(t) <= e^(-t^2/2)/2, tight at t = 0).
"""
from fractions import Fraction

import pytest
import sympy as sp
from flint import arb

from symdp.engine.enclose.arb import ArbFn
from symdp.engine.validated import _in_tails
from symdp.engine.enclose import ext
from symdp.engine.validated import problem, prove, tails
from symdp.engine.validated.endpoints import close as endpoints_close
from symdp.engine.validated.search import decode
from symdp.special import Mills, Phi

e = sp.Symbol("eps", positive=True)
t = sp.Symbol("t", real=True)
R, I = sp.Rational, sp.Interval
POS = I.open(0, sp.oo)

TRUE = {
    "langevin <= x/3": (e / 3 - (sp.coth(e) - 1 / e), "nonnegative", {e: POS}),
    "coth(x) - 1/x >= 0": (sp.coth(e) - 1 / e, "positive", {e: POS}),
    "csch(x) <= 1/x": (1 / e - sp.csch(e), "positive", {e: I.open(0, 40)}),
    "chernoff tail": (sp.exp(-t**2 / 2) / 2 - (1 - Phi(t)), "nonnegative", {t: I(0, sp.oo)}),
}
FALSE = {
    # coth x - 1/x = x/3 - x^3/45 + ...: 0.999 x/3 is below it near 0
    "langevin <= 0.999 x/3": (R(999, 1000) * e / 3 - (sp.coth(e) - 1 / e), "nonnegative", {e: POS}),
    # csch x = 1/x - x/6 + ...: 1/x - x/7 is below it
    "csch <= 1/x - x/7": (1 / e - e / 7 - sp.csch(e), "nonnegative", {e: I.open(0, 40)}),
    # at t = 0 the tail is 1/2 > 0.499
    "chernoff 0.999": (R(999, 1000) * sp.exp(-t**2 / 2) / 2 - (1 - Phi(t)), "nonnegative", {t: I(0, sp.oo)}),
}


TAILS = {"chernoff tail", "chernoff 0.999"}
"""Claims tried on their Mills forms alone (the claim's own search, 2000 boxes, would only cost time)."""


def _prove(name, expr, which, domain, recorded=""):
    if name in TAILS:
        return _in_tails(expr, which, domain, recorded)
    return prove(expr, which, domain, recorded, split=False, forms=False, budget=400)


@pytest.mark.parametrize("name", list(TRUE))
def test_true_claim_is_proved_and_replays(name):
    expr, which, domain = TRUE[name]
    found = _prove(name, expr, which, domain)
    assert found.proved, found.note
    again = _prove(name, expr, which, domain, found.certificate)
    assert again.proved and again.certificate == found.certificate


@pytest.mark.parametrize("name", list(FALSE))
def test_near_miss_twin_is_never_proved(name):
    expr, which, domain = FALSE[name]
    assert not _prove(name, expr, which, domain).proved


def test_coth_enclosures_never_lose_the_pole():
    """A ball around 0 has no finite coth; a wide ball on one side goes through its ends."""
    fn = ArbFn(sp.coth(e), (e,))
    assert not fn({e: arb.union(arb(-1), arb(1))}, 64).is_finite()
    v = fn({e: arb.union(arb(1), arb(2))}, 64)
    assert v.lower() <= arb(2).coth() and v.upper() >= arb(1).coth()
    lo, hi = ext.evaluate(sp.coth(e), {e: (arb(0), arb(1))})
    assert hi == ext.POS and lo <= arb(1).coth()
    assert ext.evaluate(sp.coth(e), {e: (arb(-1), arb(1))}) is None
    assert ext.evaluate(sp.cosh(e), {e: (arb(-1), arb(2))}) is None


def test_rule_x_closes_where_the_ball_lost_the_sign_and_only_with_the_sign():
    """Far out, 1/sinh(eps/2)^2 as a ball is not finite; by its ends it is below 4/eps^2.  The same box of a
    false claim (4/eps^2 - 2/sinh^2... shifted below 0 by 1/eps^2 * 5) is never closed."""
    pr, _ = problem(4 / e**2 - 1 / sp.sinh(e / 2)**2, "positive", {e: POS})
    box = ((Fraction(999975, 1000000), Fraction(999976, 1000000)),)
    assert pr.value(box) is None or pr.value(box)[0] <= 0
    assert endpoints_close(pr, box)
    bad, _ = problem(4 / e**2 - 5 / e**2 - 1 / sp.sinh(e / 2)**2, "positive", {e: POS})
    assert not endpoints_close(bad, box)


def test_complemented_forms_come_after_the_claims_own():
    """Certificates name a Mills form by index: the forms of 1 - Phi(t) written Phi(-t) are appended."""
    f = sp.exp(-t**2 / 2) / 2 - (1 - Phi(t))
    got = tails.forms(f)
    assert got[:3] == tails._of(f) and any(core.has(Mills(t)) for core, _ in got[3:])
    assert tails._complemented(Phi(t) + t) is None
    assert Mills(0) == sp.sqrt(sp.pi / 2)


def test_a_sum_falling_faster_than_geometrically_has_a_narrow_enclosure():
    """sum_k e^(-k^2/(2 s^2)) over Z: its ratio e^(-(2k + 1)/(2 s^2)) has no ball at k = oo, an extended end there;
    the enclosure holds the value from mpmath (Jacobi theta, by Poisson summation) and is narrow; a term that
    does not fall (its ratio tends to 1) still has no finite enclosure, never a guessed one."""
    import mpmath as mp
    k = sp.Symbol("k", integer=True)
    s = sp.Symbol("s", positive=True)
    fn = ArbFn(sp.Sum(sp.exp(-k**2 / (2 * s**2)), (k, -sp.oo, sp.oo)), (s,))
    v = fn({s: arb(1)}, 128)
    with mp.workdps(40):
        exact = mp.nsum(lambda j: mp.exp(-j**2 / 2), [-mp.inf, mp.inf])
    assert v.is_finite() and v.rad() < 1e-12 and v.overlaps(arb(mp.nstr(exact, 30)))
    assert not ArbFn(sp.Sum(1 / (1 + k**2) * 0 + sp.Integer(1), (k, 1, sp.oo)), ()).__call__({}, 64).is_finite()
