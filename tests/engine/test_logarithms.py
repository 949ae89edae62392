"""A difference of two positive terms decided through its logarithms (engine/symbolic/logarithms.py), and the split point
s = 0 the stationary-point route tries where SymPy's solve finds no zero of the slope (ends.stationary).

Oracles: cosh t <= e^{t^2/2} on the real line [Boucheron, Lugosi and Massart, Concentration Inequalities (2013),
Sec. 2.3; by the series, (2k)! >= 2^k k! term by term]; the slope of Hoeffding's lemma for a Bernoulli(p),
t/4 - p e^t/(1 - p + p e^t) + p, is 0 at t = 0 by hand.  The false twins scale a side by 999/1000 or change the
exponent to t^2/3 (cosh 1 = 1.5431 > e^{1/3} = 1.3956) and must never be PROVED.
"""
import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine.symbolic import ends, logarithms
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

t = sp.Symbol("t", real=True)
p = sp.Symbol("p", positive=True)
REAL = {t: sp.Reals}
TRUE = sp.exp(t**2 / 2) - sp.cosh(t)
FALSE = {"scaled by 999/1000": sp.Rational(999, 1000) * sp.exp(t**2 / 2) - sp.cosh(t),
         "t^2/3": sp.exp(t**2 / 3) - sp.cosh(t)}


def test_cosh_below_the_gaussian_mgf_is_proved_through_its_logarithms_and_replays():
    search = Attempts()
    out = decide.sign(TRUE, "nonnegative", REAL, "cosh", search, numeric=False)
    assert out.status is Status.PROVED, out.detail
    assert out.method == "symbolic sign analysis of the logarithms"
    assert "t**2/2 - log(cosh(t))" in out.detail and "stationary point t = 0" in out.detail
    replay = decide.sign(TRUE, "nonnegative", REAL, "cosh", Attempts(transcript=search.log), numeric=False)
    assert replay.status is Status.PROVED and replay.detail == out.detail


@pytest.mark.parametrize("name", sorted(FALSE))
def test_a_false_twin_is_never_proved(name):
    assert logarithms.prove(FALSE[name], "nonnegative", REAL, Attempts()) is None
    out = decide.sign(FALSE[name], "nonnegative", REAL, name, Attempts(), numeric=False)
    assert out.status is not Status.PROVED


def _kl(p_, q_):
    return p_ * sp.log(p_ / q_) + (1 - p_) * sp.log((1 - p_) / (1 - q_))


q = sp.Symbol("q", positive=True)
SQUARE = {p: sp.Interval.open(0, 1), q: sp.Interval.open(0, 1)}
BH = {True: 1 - sp.exp(-_kl(p, q)) - (p - q)**2,
      False: 1 - sp.exp(-_kl(p, q) / 2) - (p - q)**2}   # false at p = 0.1, q = 0.8: 1 - e^{-0.53} - 0.49 < 0


def test_bretagnolle_huber_is_the_exponential_against_the_rest():
    """TV^2 <= 1 - e^{-KL} for two Bernoullis [Tsybakov (2009), Lemma 2.6]: log(1 - (p - q)^2) + kl(p, q) >= 0,
    split at its stationary point q = p; the exponent -kl is shown real on the square first."""
    search = Attempts(total=30.0)
    method = logarithms.prove(BH[True], "nonnegative", SQUARE, search)
    assert method and "stationary point q = p" in method
    assert logarithms.prove(BH[True], "nonnegative", SQUARE, Attempts(transcript=search.log)) == method
    assert logarithms.prove(BH[False], "nonnegative", SQUARE, Attempts(total=30.0)) is None


def test_the_pairs_are_two_terms_of_opposite_signs_and_leaves_two_exponentials_to_the_exponents_route():
    assert logarithms.pairs(TRUE) == [(sp.exp(t**2 / 2), sp.cosh(t))]
    assert logarithms.pairs(sp.cosh(t) + sp.exp(t)) == []              # same signs
    assert logarithms.pairs(sp.exp(t) - sp.exp(2 * t)) == []           # the exponents route's
    assert logarithms.pairs(sp.exp(t) - sp.cosh(t) + 1) == [(sp.exp(t), sp.cosh(t) - 1)]   # the exponential alone
    assert logarithms.pairs(1 - sp.exp(-t**2) - t**2) == [(1 - t**2, sp.exp(-t**2))]
    assert logarithms.pairs(sp.cosh(t) - t**2 - 1) == []               # three terms, no exponential
    assert logarithms.prove(TRUE, "zero", REAL, Attempts()) is None   # log keeps signs, not equality claims


def test_a_transcendental_slope_that_vanishes_at_zero_gives_the_split_point_zero():
    hoeffding = t**2 / 8 - (sp.log(1 - p + p * sp.exp(t)) - p * t)
    assert ends.stationary(hoeffding, t) == (0,)
    assert ends.stationary(t**2 / 8 - sp.log(1 + sp.exp(t)), t) == ()   # slope -1/2 at 0: no hint
    assert ends.stationary((t - 1)**2, t) == (1,)                        # solve's root kept
