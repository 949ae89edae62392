"""Integer symbols on a finite range (issue 20: "exact enumeration on a finite range"): the claim is boxed at
every value, the certificate lists each value's box log, and a claim false at one value is never proved.
The oracle of the proved claim is 60-digit mpmath at every integer and random epsilon."""
import random

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.model.replay import ReplayFailed
from symdp.engine import validated
from symdp.engine.validated import values

eps = sp.Symbol("epsilon", positive=True)
m, k = sp.Symbol("m", integer=True), sp.Symbol("k", integer=True)
# the posterior of m in [-3, 3] under two-sided geometric noise and a flat prior on -5..5: <= its bound
WEIGHT = sp.exp(-eps * sp.Abs(m - k))
POSTERIOR = sp.Sum(WEIGHT, (k, -1, 1)) / sp.Sum(WEIGHT, (k, -5, 5))
DOMAIN = {eps: sp.Interval(sp.Rational(1, 10), 3), m: sp.Interval(-3, 3)}


def test_sums_with_numeric_limits_are_written_out():
    assert values.written_out(sp.Sum(k**2, (k, 1, 3))) == 14
    long = sp.Sum(k, (k, 1, 10**6))
    assert values.written_out(long) == long      # too many terms: left as it is


def test_the_integer_symbol_and_its_values():
    assert values.integer_symbol(DOMAIN) == (m, list(range(-3, 4)))
    assert values.integer_symbol({eps: DOMAIN[eps], m: sp.Interval(0, 10**6)}) is None
    assert values.integer_symbol({eps: DOMAIN[eps], m: sp.Interval.open(-1, sp.Rational(5, 2))})[1] == [0, 1, 2]


def test_a_claim_over_an_integer_range_is_proved_and_replayed():
    claim = 1 - POSTERIOR
    found = validated.prove(claim, "positive", DOMAIN)
    assert found.proved and "7 values of m" in found.method
    assert validated.prove(claim, "positive", DOMAIN, found.certificate).proved
    f, rng = sp.lambdify((eps, m), values.written_out(claim), "mpmath"), random.Random(5)
    with mp.workdps(60):
        for v in range(-3, 4):
            assert f(mp.mpf(rng.uniform(0.1, 3)), v) > 0


def test_a_claim_false_at_one_value_is_never_proved():
    """Posterior >= 1/2 fails at the first value already (0.28 at m = -3, epsilon = 1/10): the claim is not proved."""
    found = validated.prove(POSTERIOR - sp.Rational(1, 2), "nonnegative", DOMAIN)
    assert not found.proved and found.note.startswith("at m = ")


def test_a_certificate_for_another_range_does_not_replay():
    found = validated.prove(1 - POSTERIOR, "positive", DOMAIN)
    narrower = {eps: DOMAIN[eps], m: sp.Interval(-2, 3)}
    with pytest.raises(ReplayFailed):
        validated.prove(1 - POSTERIOR, "positive", narrower, found.certificate)
