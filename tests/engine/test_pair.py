"""A slope read as one monotone function at two points (engine.regions.pair), and a region read in logs through an
inverse function's variable (engine.closing._through).

Oracle: by hand and mpmath at 50 digits.  Laplace against Gaussian at equal total variation (Sec. 6.1 of the
TV paper, Fig. 9): on the middle piece of the Laplace curve the claim is e^-eps/(4a) >= G_mu(a), mu =
2 Phi^-1((1 + alpha)/2), alpha = 1 - e^{-eps/2}; it touches 0 at a = e^{-eps/2}/2.  In v = erfcinv(2 - 2a)
and in logs its slope is F(v - 2w) - F(-v) with F(x) = 2 e^{-x^2}/(sqrt(pi) erfc(x)) (the inverse Mills
ratio, increasing) and w = erfcinv(2 - e^{-eps/2}): <= 0 for v <= w, >= 0 beyond.  Mutations (a term nudged
by 10^-6, the wrong side of the touching point, a claim shifted off its touching point) are never proved.
"""
from __future__ import annotations

import random

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.regions import pair
from symdp.engine.regions import closing
from symdp.engine.model.replay import ReplayFailed
from symdp.engine.symbolic.attempts import Attempts
from symdp.fdp import gaussian_tradeoff
from symdp.mechanisms import gaussian
from symdp.symbols import eps, fpr as a, t_inverse as v

W = sp.erfcinv(2 - sp.exp(-eps / 2))
F = lambda x: 2 * sp.exp(-x ** 2) / (sp.sqrt(sp.pi) * sp.erfc(x))
SLOPE = F(v - 2 * W) - sp.exp(-v ** 2) / (sp.sqrt(sp.pi) * (1 - sp.erfc(v) / 2))   # SymPy's F(-v)
LEFT = {eps: sp.Interval.Lopen(0, 20), v: sp.Interval.open(sp.erfcinv(2 - sp.exp(-eps)), W)}
RIGHT = {eps: sp.Interval.Lopen(0, 20), v: sp.Interval.open(W, 0)}


def _slope_at(e, x):
    """The slope by mpmath at 50 digits: F(x - 2w) - F(-x), F the inverse Mills ratio."""
    with mp.workdps(50):
        w = mp.erfinv(mp.exp(-e / 2) - 1)                  # erfcinv(2 - y) = -erfcinv(y) = erfinv(y - 1)
        f = lambda t: 2 * mp.exp(-t ** 2) / (mp.sqrt(mp.pi) * mp.erfc(t))
        return f(x - 2 * w) - f(-x), w


@pytest.mark.parametrize("domain, want", [(LEFT, "nonpositive"), (RIGHT, "nonnegative")])
def test_the_slope_has_the_sign_of_v_minus_w(domain, want):
    found = pair.prove(SLOPE, want, domain, None)
    assert found is not None and found[1].startswith(pair.PAIR)
    rng = random.Random(7)
    for _ in range(20):   # the oracle: the sign at random points, by mpmath
        e = mp.mpf(rng.uniform(0.01, 20))
        _, w = _slope_at(e, 0)
        lo, hi = (mp.erfinv(mp.exp(-e) - 1), w) if want == "nonpositive" else (w, mp.mpf(0))
        d, _ = _slope_at(e, lo + (hi - lo) * mp.mpf(rng.random()))
        assert (d <= 0) if want == "nonpositive" else (d >= 0)
    assert pair.prove(SLOPE, want, domain, None, found[1]) == found          # replayed


def test_mutations_are_never_proved():
    assert pair.prove(SLOPE, "nonnegative", LEFT, None) is None               # the wrong side of w
    nudged = F(v - 2 * W) - (1 + sp.Rational(1, 10 ** 6)) * sp.exp(-v ** 2) / (sp.sqrt(sp.pi) * (1 - sp.erfc(v) / 2))
    assert pair.prove(nudged, "nonnegative", RIGHT, None) is None             # no longer one function
    assert pair.prove(SLOPE + sp.Rational(1, 10 ** 6), "nonnegative", RIGHT, None) is None


def _middle_piece(top):
    alpha = 1 - sp.exp(-eps / 2)
    g = sp.exp(-eps) / (4 * a) - gaussian_tradeoff(a, 2 * gaussian.quantile((1 + alpha) / 2))
    return g, {eps: sp.Interval(3, top), a: sp.Interval(sp.exp(-eps) / 2, sp.Rational(1, 2))}


def test_the_middle_piece_is_proved_in_logs_through_v_and_replayed():
    g, sub = _middle_piece(4)
    search = Attempts()
    found = closing._through(g, "nonnegative", sub, a, search)
    assert found is not None and found[1][0].startswith(closing.THROUGH)
    replay = Attempts(transcript=search.log)
    assert closing.region(g, "nonnegative", sub, a, replay, None, found[1]) == found
    with pytest.raises(ReplayFailed):      # the same certificate does not prove a shifted claim
        closing.region(g - sp.Rational(1, 10 ** 6), "nonnegative", sub, a, Attempts(transcript=[]),
                        None, found[1])


def test_a_claim_shifted_off_its_touching_point_is_not_proved_through_v():
    g, sub = _middle_piece(4)
    assert closing._through(g - sp.Rational(1, 10 ** 6), "nonnegative", sub, a, Attempts()) is None
