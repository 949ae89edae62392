"""Exact TV of Laplace, Gaussian, randomized response, their compositions and subsampling, against
independent oracles: mpmath quadrature of |p - q|/2, brute force over all outputs, scipy 2-D quadrature."""
import itertools
import math

import mpmath as mp
import pytest
from scipy import integrate

from symdp.errors import SymdpError
from symdp.tvd import mechanisms as m


def quad_tv(p, q, cuts):
    with mp.workdps(30):
        return float(mp.quad(lambda x: abs(p(x) - q(x)) / 2, cuts))


def lap(mu, b):
    return lambda x: mp.exp(-abs(x - mu) / b) / (2 * b)


def gau(mu, s):
    return lambda x: mp.npdf(x, mu, s)


@pytest.mark.parametrize("d,b", [(1, 1), (1, 0.1), (2, 5), (0.3, 1e-3)])
def test_laplace_against_quadrature(d, b):
    want = quad_tv(lap(0, b), lap(d, b), [-mp.inf, 0, mp.mpf(d) / 2, d, mp.inf])  # kinks at 0, d/2, d
    assert m.laplace_tv(d, b) == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("d,s", [(1, 1), (1, 0.2), (2, 7), (1, 100)])
def test_gaussian_against_quadrature(d, s):
    want = quad_tv(gau(0, s), gau(d, s), [-mp.inf, d / 2, mp.inf])
    assert m.gaussian_tv(d, s) == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("eps,k", [(0.5, 2), (1, 2), (1, 4), (3, 10), (0, 3)])
def test_randomized_response_brute_force(eps, k):
    p_true = math.exp(eps) / (math.exp(eps) + k - 1)
    other = 1 / (math.exp(eps) + k - 1)
    P = [p_true] + [other] * (k - 1)          # answer distribution when the value is 0
    Q = [other, p_true] + [other] * (k - 2)   # when it is 1
    want = sum(abs(a - b) for a, b in zip(P, Q)) / 2
    assert m.randomized_response_tv(eps, k) == pytest.approx(want, rel=1e-13, abs=1e-16)
    if k == 2:
        assert m.randomized_response_tv(eps) == pytest.approx(math.tanh(eps / 2), rel=1e-13, abs=1e-16)


@pytest.mark.parametrize("eps,T", [(0.5, 1), (0.5, 5), (1, 8), (0.1, 7)])
def test_rr_composition_brute_force(eps, T):
    p = math.exp(eps) / (1 + math.exp(eps))
    tv = 0.0
    for out in itertools.product((0, 1), repeat=T):
        ones = sum(out)
        tv += abs(p ** ones * (1 - p) ** (T - ones) - (1 - p) ** ones * p ** (T - ones)) / 2
    assert m.rr_composed_tv(eps, T) == pytest.approx(tv, rel=1e-12)


def test_gaussian_composition_two_dimensional_quadrature():
    s = 1.5
    f = lambda y, x: abs(math.exp(-(x * x + y * y) / (2 * s * s)) - math.exp(-((x - 1) ** 2 + (y - 1) ** 2) /
                                                                            (2 * s * s))) / (4 * math.pi * s * s)
    want, err = integrate.dblquad(f, -12 * s, 1 + 12 * s, -12 * s, 1 + 12 * s, epsabs=1e-11, epsrel=1e-11)
    assert m.gaussian_composed_tv(1, s, 2) == pytest.approx(want, abs=1e-8)


def test_laplace_composition_interval_contains_two_dimensional_quadrature():
    b = 1.0
    dens = lambda x, mu: math.exp(-abs(x - mu) / b) / (2 * b)
    f = lambda y, x: abs(dens(x, 0) * dens(y, 0) - dens(x, 1) * dens(y, 1)) / 2
    want = 0.0
    edges = (-40.0, 0.0, 1.0, 41.0)
    for (a, bb), (c, e) in itertools.product(zip(edges, edges[1:]), repeat=2):
        want += integrate.dblquad(f, a, bb, c, e, epsabs=1e-13, epsrel=1e-12)[0]
    iv = m.laplace_composed_tv(1, b, 2)
    assert iv.lower - 1e-9 <= want <= iv.upper + 1e-9
    assert iv.width < 1e-6


def test_laplace_composition_one_step_is_closed_form():
    iv = m.laplace_composed_tv(1, 2, 1)
    assert iv.lower <= m.laplace_tv(1, 2) <= iv.upper and iv.width < 1e-7


@pytest.mark.parametrize("q", [0.01, 0.3, 1.0])
def test_subsampling_is_exactly_q_times(q):
    mixture = lambda x: (1 - q) * mp.npdf(x, 0, 1) + q * mp.npdf(x, 1, 1)
    want = quad_tv(mixture, gau(0, 1), [-mp.inf, 0.5, mp.inf])
    assert m.subsampled_tv(m.gaussian_tv(1, 1), q) == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("call,name", [
    (lambda: m.laplace_tv(1, 0), "scale"), (lambda: m.laplace_tv(-1, 1), "sensitivity"),
    (lambda: m.gaussian_tv(1, float("nan")), "sigma"), (lambda: m.randomized_response_tv(1, 1), "k"),
    (lambda: m.randomized_response_tv(-1), "epsilon"), (lambda: m.rr_composed_tv(1, 0), "steps"),
    (lambda: m.gaussian_composed_tv(1, 1, 2.5), "steps"), (lambda: m.subsampled_tv(0.5, 0), "q"),
    (lambda: m.subsampled_tv(1.5, 0.5), "tv")])
def test_bad_inputs_name_the_parameter(call, name):
    with pytest.raises(SymdpError) as exc:
        call()
    assert exc.value.parameter == name and "expected" in str(exc.value)
