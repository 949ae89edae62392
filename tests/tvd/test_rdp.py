"""The Renyi-DP accountant of the sampled Gaussian against dp_accounting's RDP accountant (series formula) and
mpmath quadrature; Fig. 4's DP column (Jia et al. 2023) reproduced."""
import math

import mpmath as mp
import numpy as np
import pytest

from symdp.errors import SymdpError
from symdp.tvd import rdp


def _dp_accounting(sigma, q, T, orders):
    dpa = pytest.importorskip("dp_accounting")
    from dp_accounting.rdp import rdp_privacy_accountant as ra
    acc = ra.RdpAccountant(list(orders))
    acc.compose(dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(sigma)), T)
    return acc


@pytest.mark.parametrize("sigma,q", [(0.7, 0.005), (1.4, 0.005), (7.0, 0.005), (1.0, 0.2)])
def test_integer_orders_against_dp_accounting(sigma, q):
    orders = [o for o in rdp.ORDERS if float(o).is_integer()]
    ours = rdp.rdp(sigma, q, orders, 6000)
    theirs = np.array(_dp_accounting(sigma, q, 6000, orders)._rdp)
    assert np.allclose(ours, theirs, rtol=1e-10, atol=0)


@pytest.mark.parametrize("a", [1.1, 1.5, 2.5, 7.3])
def test_fractional_orders_against_mpmath(a):
    s, q = 1.4, 0.005
    with mp.workdps(30):
        phi = lambda x: mp.npdf(x, 0, s)
        A = mp.quad(lambda x: phi(x) * (1 - q + q * mp.exp((2 * x - 1) / (2 * s * s))) ** a,
                    [-mp.inf, 0, 1, a, mp.inf])
        want = float(mp.log(A) / (a - 1))
    assert rdp.rdp(s, q, [a])[0] == pytest.approx(want, rel=1e-9)


def test_fractional_orders_near_dp_accounting():
    # their fractional orders use Mironov et al.'s series: within 1e-4 relative from order 2 on (below 2 they
    # exceed the 30-digit integral by up to 2%: conservative, see test_fractional_orders_against_mpmath)
    orders = [o for o in rdp.ORDERS if o >= 2]
    ours = rdp.rdp(1.4, 0.005, orders, 6000)
    theirs = np.array(_dp_accounting(1.4, 0.005, 6000, orders)._rdp)
    assert np.allclose(ours, theirs, rtol=1e-4, atol=0)


@pytest.mark.parametrize("sigma", [0.7, 1.4, 3.7, 7.0])
def test_epsilon_matches_dp_accounting(sigma):
    integer = [o for o in rdp.ORDERS if float(o).is_integer()]
    ours = rdp.dp_sgd_epsilon(sigma, 0.005, 6000, 1e-5, orders=integer)
    theirs = _dp_accounting(sigma, 0.005, 6000, integer).get_epsilon(1e-5)
    assert ours.epsilon == pytest.approx(theirs, rel=1e-10)
    # with the fractional orders too: their series sits slightly above the integral (conservative)
    ours, theirs = rdp.dp_sgd_epsilon(sigma, 0.005, 6000, 1e-5), _dp_accounting(sigma, 0.005, 6000,
                                                                                  rdp.ORDERS).get_epsilon(1e-5)
    assert ours.epsilon <= theirs * (1 + 1e-12) and ours.epsilon == pytest.approx(theirs, rel=1e-3)


def test_classic_conversion_is_larger():
    r, o = rdp.rdp(1.4, 0.005, steps=6000), rdp.ORDERS
    classic, improved = rdp.to_dp(r, o, 1e-5, "classic"), rdp.to_dp(r, o, 1e-5, "improved")
    assert classic.epsilon > improved.epsilon
    a = classic.order
    assert classic.epsilon == pytest.approx(r[list(o).index(a)] + math.log(1e5) / (a - 1))


@pytest.mark.parametrize("target,sigma", [(0.8, 1.4), (0.7, 2.0), (0.6, 3.7), (0.55, 7.0)])
def test_fig4_dp_column(target, sigma):
    # Fig. 4 (printed): the smallest sigma on a 0.1 grid with MIA accuracy e^eps/(1+e^eps)(1-delta)+delta <= target
    acc = lambda s: (1 - 1e-5) / (1 + math.exp(-rdp.dp_sgd_epsilon(s, 0.005, 6000, 1e-5).epsilon)) + 1e-5
    assert acc(sigma) <= target < acc(round(sigma - 0.1, 1))


@pytest.mark.parametrize("call,name", [(lambda: rdp.rdp(1, 0.1, [1.0]), "orders"),
                                       (lambda: rdp.to_dp([1.0], [2.0], 0), "delta"),
                                       (lambda: rdp.to_dp([1.0], [2.0], 1e-5, "best"), "conversion"),
                                       (lambda: rdp.rdp(1, 0.1, steps=0), "steps")])
def test_bad_inputs(call, name):
    with pytest.raises(SymdpError) as exc:
        call()
    assert exc.value.parameter == name


@pytest.mark.parametrize("sigma,q", [(0.7, 0.5), (0.3, 0.2), (0.5, 1.0), (0.05, 0.9)])
def test_fractional_orders_where_the_mode_passes_one_over_q(sigma, q):
    """q > 1/alpha with a small sigma: the moment's mass sits near x = alpha, beyond the 1/q + 12 sigma an earlier
    version integrated to (its epsilon at alpha = 10.9, sigma 0.7, q 0.5 was 1.4/9.9 too small).
    Oracle: dp_accounting's RDP of the sampled Gaussian at the same fractional orders (its own series, which
    sits above the integral below order 3: test_fractional_orders_near_dp_accounting)."""
    orders = [3.8, 7.3, 10.9]
    ours, theirs = rdp.rdp(sigma, q, orders), np.array(_dp_accounting(sigma, q, 1, orders)._rdp)
    assert np.all(ours <= theirs * (1 + 1e-12)) and np.allclose(ours, theirs, rtol=1e-7, atol=0)


@pytest.mark.parametrize("sigma", [0.05, 0.3, 7.0, 100.0, 1e4])
@pytest.mark.parametrize("q", [1e-9, 0.01, 0.5, 1.0])
def test_the_dp_sgd_calculator_answers_across_its_ranges(sigma, q):
    """Every (sigma, q) the CLI accepts gets an answer (sigma 7, q 0.01 raised once in the one-step KL)."""
    from symdp.tvd import calculator
    request = calculator.Request("dp-sgd", sigma=sigma, q=q, steps=10, delta=1e-5, points=1024)
    answer = calculator.compute(calculator.validate(request))
    assert answer.exact is not None


@pytest.mark.parametrize("sigma", [0.5, 1.0, 7.0])
def test_no_subsampling_is_the_gaussian_mechanism(sigma):
    """q = 1: RDP a / (2 sigma^2) at every order (Mironov 2017, Prop. 7). The integer orders were NaN once
    (0 times log 0 in the binomial sum) and the CLI printed epsilon = 0.0."""
    orders = [2, 3, 12, 256, 1.5, 10.9]
    assert np.allclose(rdp.rdp(sigma, 1.0, orders, 10), [10 * a / (2 * sigma ** 2) for a in orders], rtol=1e-12)
    theirs = _dp_accounting(sigma, 1.0, 10, rdp.ORDERS).get_epsilon(1e-5)
    assert rdp.dp_sgd_epsilon(sigma, 1.0, 10, 1e-5).epsilon == pytest.approx(theirs, rel=1e-9)
