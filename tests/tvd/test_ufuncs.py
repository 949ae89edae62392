"""symdp.tvd.ufuncs (numpy + math) against 40-digit mpmath, and its edge cases."""
import math

import mpmath as mp
import numpy as np
import pytest

from symdp.tvd import ufuncs


def _rel(got, exact):
    return abs(got - float(exact)) / abs(float(exact))


@pytest.mark.parametrize("x", [-37.5, -30.0, -20.3, -10.1, -5.5, -3.3, -1.0, -1e-8, 0.0, 0.3, 2.0, 8.0, 40.0])
def test_ndtr_pair_relative_error_in_both_tails(x):
    with mp.workdps(40):
        exact = mp.ncdf(x), mp.ncdf(-x)
    lower, upper = ufuncs.ndtr_pair(np.array([x, x]))
    assert lower.shape == upper.shape == (2,)
    for got, want in ((lower[0], exact[0]), (upper[1], exact[1])):
        if want < 1e-300:                       # below the normal range: flushed or subnormal, never larger
            assert 0.0 <= got <= 1e-300
        else:                                   # erfc's argument x/sqrt 2 is rounded: 2 z^2 ulps at z = 26.5
            assert _rel(got, want) <= 8e-14


def test_ndtr_pair_at_the_infinities():
    lower, upper = ufuncs.ndtr_pair(np.array([-np.inf, np.inf]))
    assert list(lower) == [0.0, 1.0] and list(upper) == [1.0, 0.0]


@pytest.mark.parametrize("x", [0.5, 1.0, 2.0, 3.7, 10.0, 257.0, 4097.0, 1e6])
def test_gammaln(x):
    with mp.workdps(40):
        exact = mp.loggamma(x)
    assert abs(ufuncs.gammaln(x) - float(exact)) <= 4e-16 * max(1.0, abs(float(exact)))


def test_logsumexp_without_overflow_and_along_an_axis():
    a = np.array([[1000.0, 1000.0, -np.inf], [-np.inf, -np.inf, -np.inf]])
    assert ufuncs.logsumexp(a[0]) == pytest.approx(1000 + math.log(2), rel=1e-15)
    assert ufuncs.logsumexp(a[1]) == -math.inf
    rows = ufuncs.logsumexp(a, axis=1)
    assert rows[0] == pytest.approx(1000 + math.log(2), rel=1e-15) and rows[1] == -math.inf
    with mp.workdps(40):
        exact = mp.log(sum(mp.exp(mp.mpf(v)) for v in (-3.0, 0.5, 7.25)))
    assert _rel(ufuncs.logsumexp(np.array([-3.0, 0.5, 7.25])), exact) <= 2e-16


@pytest.mark.parametrize("x", [-745.0, -40.0, -1.0, 0.0, 1e-10, 3.0, 40.0, 700.0])
def test_log_expit(x):
    with mp.workdps(40):
        exact = -mp.log1p(mp.exp(-x))
    got = ufuncs.log_expit(x)
    assert (got == 0.0 and abs(float(exact)) < 1e-300) or _rel(got, exact) <= 4e-16
