"""DP-SGD (Poisson-subsampled Gaussian): KL by quadrature, the paper's Pinsker bound, and the exact TV after T
steps against dp_accounting's privacy-loss distribution (an optional test extra, never a runtime import)."""
import math

import mpmath as mp
import pytest

from symdp.errors import SymdpError
from symdp.tvd import dpsgd


@pytest.mark.parametrize("direction", ["remove", "add"])
def test_kl_of_the_plain_gaussian(direction):
    # q = 1: D_KL(N(1, s^2) || N(0, s^2)) = 1/(2 s^2) in both directions
    assert dpsgd.kl(0.8, 1.0, direction) == pytest.approx(1 / (2 * 0.64), rel=1e-40)


@pytest.mark.parametrize("sigma,q", [(0.7, 0.005), (2.4, 0.005), (1.0, 0.3), (7.0, 1e-4)])
def test_kl_fast_agrees_with_50_digit_quadrature_and_obeys_chi2(sigma, q):
    chi2 = q * q * math.expm1(1 / sigma ** 2)
    for direction in ("remove", "add"):
        slow = dpsgd.kl(sigma, q, direction)
        assert dpsgd.kl_fast(sigma, q, direction) == pytest.approx(float(slow), rel=1e-10)
        assert 0 < slow
    assert dpsgd.kl(sigma, q, "remove") <= math.log1p(chi2)      # Jensen: D_KL(P||Q) <= log(1 + chi^2(P||Q))


def test_kl_is_computed_at_50_digits():
    with mp.workdps(80):
        hi = dpsgd.kl(0.7, 0.005, "remove", dps=80)
    lo = dpsgd.kl(0.7, 0.005, "remove")
    assert abs(hi - lo) < mp.mpf(10) ** -45 * abs(hi)


def test_one_step_exact_tv_is_q_times_gaussian():
    iv = dpsgd.exact_tv(0.7, 0.005, 1, 2 ** 14)
    assert iv.lower <= dpsgd.one_step_tv(0.7, 0.005) <= iv.upper


def test_both_directions_hold_the_same_value():
    iv = dpsgd.exact_tv(1.0, 0.02, 500, 2 ** 15)
    assert max(iv.remove.lower, iv.add.lower) <= min(iv.remove.upper, iv.add.upper)


def test_pinsker_is_loose_at_the_papers_point():
    b = dpsgd.bounds(0.7, 0.005, 6000)
    iv = dpsgd.exact_tv(0.7, 0.005, 6000, directions=("remove",))
    assert b.kl_remove > b.kl_add and b.pinsker == pytest.approx(math.sqrt(6000 * b.kl_remove / 2))
    assert iv.upper < 0.3648 < 0.48 < b.pinsker < b.bretagnolle_huber
    assert iv.width < 1e-4


@pytest.mark.parametrize("sigma,q,T", [(0.7, 0.005, 6000), (1.0, 0.05, 200)])
def test_exact_tv_agrees_with_dp_accounting(sigma, q, T):
    pld_mod = pytest.importorskip("dp_accounting.pld.privacy_loss_distribution")
    ours = dpsgd.exact_tv(sigma, q, T, 2 ** 18, ("remove",))
    theirs = pld_mod.from_gaussian_mechanism(sigma, sensitivity=1, sampling_prob=q,
                                             value_discretization_interval=1e-4)  # connect-the-dots, pessimistic
    delta0 = theirs.self_compose(T).get_delta_for_epsilon(0.0)
    # dp_accounting's value is an upper bound of the truth, our interval holds the truth: it can only lie
    # above our lower end, and its own discretisation error (1e-4 grid) is far below 1e-4 here
    assert ours.lower <= delta0 <= ours.upper + 1e-4


@pytest.mark.parametrize("call,name", [(lambda: dpsgd.kl(0.01, 0.1), "sigma"), (lambda: dpsgd.kl(1, 0), "q"),
                                       (lambda: dpsgd.kl(1, 0.1, "sideways"), "direction"),
                                       (lambda: dpsgd.exact_tv(1, 0.1, 0), "steps"),
                                       (lambda: dpsgd.bounds(1, 1.5, 10), "q")])
def test_bad_inputs(call, name):
    with pytest.raises(SymdpError) as exc:
        call()
    assert exc.value.parameter == name
