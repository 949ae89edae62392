"""Integer attributes and the geometric mechanism against independent oracles: the O(n^2) dict posteriors,
a seeded Monte Carlo attacker, and the order of the bounds (exact <= main theorem <= corrected shells)."""
import mpmath as mp
import numpy as np
import pytest

from symdp.errors import SymdpError
from symdp.guessing import bounds, exact
from symdp.guessing.integer import IntegerAttribute, geometric_advantage, main_upper
from symdp.guessing.priors import Exponential, Normal, TwoBump, Uniform

ATTRIBUTES = [IntegerAttribute(Normal(10, 3), 2), IntegerAttribute(Uniform(0, 30), 3, center=12),
              IntegerAttribute(Exponential(0.2), 1), IntegerAttribute(TwoBump(3), 1, center=3)]


def _pmf(t):
    lo, p = t.support
    return {int(lo) + i: v for i, v in enumerate(p)}


@pytest.mark.parametrize("t", ATTRIBUTES, ids=["normal", "uniform", "exponential", "two-bump"])
@pytest.mark.parametrize("eps", ["0.3", "1", "3"])
def test_recurrences_match_the_quadratic_sums(t, eps):
    with mp.workdps(40):
        e, pmf = mp.mpf(eps), _pmf(t)
        lo, hi = t.interval(1)
        fast, slow = geometric_advantage(t, e), exact.geometric_advantage(pmf, int(t.c), int(mp.floor(t.r)), e)
        assert fast.y == slow.y and abs(fast.eta - slow.eta) < mp.mpf(10) ** -30
        assert abs(main_upper(t, e) - bounds.main_upper_discrete(pmf, lo, hi, e, t.r)) < mp.mpf(10) ** -30


@pytest.mark.parametrize("t", ATTRIBUTES, ids=["normal", "uniform", "exponential", "two-bump"])
def test_bounds_are_ordered_exact_main_shells(t):
    with mp.workdps(30):
        sh = bounds.shells(t)
        for e in (mp.mpf("0.1"), mp.mpf(1), mp.mpf(4)):
            post = geometric_advantage(t, e).posterior
            assert post <= main_upper(t, e) * (1 + mp.mpf(10) ** -25)
            assert main_upper(t, e) <= bounds.shell_upper(sh, e) * (1 + mp.mpf(10) ** -25)


def test_monte_carlo_attacker_sees_the_exact_posterior():
    t, eps = IntegerAttribute(Normal(10, 3), 2), 1.0
    with mp.workdps(30):
        a = geometric_advantage(t, eps)
        lo, p = t.support
    rng = np.random.default_rng(20261122)
    n = 4_000_000
    probs = np.array([float(v) for v in p])
    x = int(lo) + rng.choice(len(p), size=n, p=probs / probs.sum())
    z = np.exp(-eps / t.r)
    y = x + rng.geometric(1 - z, n) - rng.geometric(1 - z, n)  # two-sided geometric: Pr[j] ~ z^|j|
    seen = np.abs(x[y == a.y] - 10) <= 2
    est, se = seen.mean(), seen.std() / np.sqrt(seen.size)
    assert abs(est - float(a.posterior)) < 4 * se, (est, se, a.posterior)


def test_inputs_are_validated():
    with pytest.raises(SymdpError, match="center"):
        IntegerAttribute(Normal(0, 1), 1, center=0.5)
    with pytest.raises(SymdpError, match="precision"):
        IntegerAttribute(Normal(0, 1), 0)
    with pytest.raises(SymdpError, match="rescale"):
        IntegerAttribute(Exponential(1e-7), 1).support
