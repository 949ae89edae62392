"""The privacy-loss-distribution interval (symdp.tvd.pld) against closed forms it does not use: the T-fold
Gaussian (one Gaussian of sensitivity sqrt(T)), Laplace at T = 1, and its own guarantees (a bracket that
narrows as the grid refines)."""
import math

import pytest

from symdp.errors import SymdpError
from symdp.tvd import dpsgd, mechanisms, pld


@pytest.mark.parametrize("sigma,T", [(1.0, 1), (1.0, 50), (3.0, 1000), (0.5, 7), (20.0, 20000)])
def test_gaussian_composition_is_bracketed(sigma, T):
    law = dpsgd.loss_law(sigma, 1.0)                 # q = 1: P = N(1, s^2), Q = N(0, s^2)
    iv = pld.composed_tv(law, T, 2 ** 16)
    exact = math.erf(math.sqrt(T) / (2 * math.sqrt(2) * sigma))
    assert iv.lower <= exact <= iv.upper
    assert iv.width < 1e-4


@pytest.mark.parametrize("b", [0.5, 1.0, 4.0])
def test_laplace_one_step_is_bracketed(b):
    iv = mechanisms.laplace_composed_tv(1.0, b, 1, 2 ** 14)
    assert iv.lower <= mechanisms.laplace_tv(1.0, b) <= iv.upper


def test_refining_the_grid_narrows_the_interval_and_keeps_the_truth():
    law = dpsgd.loss_law(0.7, 0.005)
    coarse, fine = pld.composed_tv(law, 3000, 2 ** 15), pld.composed_tv(law, 3000, 2 ** 17)
    assert fine.width < coarse.width
    assert max(coarse.lower, fine.lower) <= min(coarse.upper, fine.upper)   # both hold the same value


def test_interval_fields_are_consistent():
    iv = pld.composed_tv(dpsgd.loss_law(1.0, 0.1), 10, 2 ** 12)
    assert 0 <= iv.lower <= iv.upper <= 1 and iv.points == 2 ** 12 and iv.steps == 10
    assert iv.fp > 0 and iv.tails >= 0 and set(iv.as_dict()) >= {"lower", "upper", "grid_spacing"}


@pytest.mark.parametrize("steps,points,name", [(0, 2 ** 12, "steps"), (1.5, 2 ** 12, "steps"),
                                               (10, 100, "points"), (10, 2 ** 40, "points"), (True, 2 ** 12, "steps")])
def test_bad_inputs(steps, points, name):
    with pytest.raises(SymdpError) as exc:
        pld.composed_tv(dpsgd.loss_law(1.0, 0.1), steps, points)
    assert exc.value.parameter == name


def test_one_step_laplace_roc_vertices_lie_on_the_exact_tradeoff_curve():
    # oracle: the Laplace trade-off T(a) = 1 - TPR in closed form (mpmath), which composed_roc never uses
    from symdp.fdp import mp_laplace_tradeoff
    fpr, tpr = pld.composed_roc(mechanisms.laplace_loss_law(1.0, 1.0), 1, 2 ** 12)
    inside = [i for i in range(0, fpr.size, 37) if 1e-9 < fpr[i] < 1 - 1e-9]
    assert len(inside) > 50
    assert max(abs((1 - tpr[i]) - float(mp_laplace_tradeoff(fpr[i], 1))) for i in inside) < 1e-12


@pytest.mark.parametrize("k", [2, 10])
def test_composed_laplace_roc_advantage_matches_dp_accounting(k):
    # oracle: dp_accounting's PLD of k Laplace releases, delta at eps = 0 (the TV), an independent library
    pld_peer = pytest.importorskip("dp_accounting.pld.privacy_loss_distribution")
    fpr, tpr = pld.composed_roc(mechanisms.laplace_loss_law(1.0, 1.0), k)
    assert all(a <= b + 1e-15 for a, b in zip(fpr[:-1], fpr[1:])) and float(min(tpr - fpr)) > -1e-12
    peer = pld_peer.from_laplace_mechanism(1.0, sensitivity=1.0, value_discretization_interval=1e-5)
    tv = peer.self_compose(k).get_delta_for_epsilon(0.0)
    assert abs(float(max(tpr - fpr)) - tv) < 1e-6
