"""symdp's fast paths against dp_accounting and autodp (optional: the `bench` extra; skipped without it)."""
import numpy as np
import pytest

from symdp.fdp import fast as fdp_fast
from symdp.adversary import gaussian


def test_gaussian_profile_agrees_with_dp_accounting():
    plm = pytest.importorskip("dp_accounting.pld.privacy_loss_mechanism")
    eps = np.array([0.0, 0.1, 1.0, 3.0, 10.0])
    for mu in (0.5, 1.0, 4.0):
        want = np.asarray(plm.GaussianPrivacyLoss(1 / mu, 1).get_delta_for_epsilon(eps), dtype=float)
        assert fdp_fast.gaussian_profile(eps, mu) == pytest.approx(want, rel=1e-9, abs=1e-300)


def test_laplace_profile_agrees_with_dp_accounting():
    plm = pytest.importorskip("dp_accounting.pld.privacy_loss_mechanism")
    e2 = np.linspace(-5, 5, 41)
    for eps in (0.5, 1.0, 2.0):
        want = np.asarray(plm.LaplacePrivacyLoss(1.0, eps).get_delta_for_epsilon(e2), dtype=float)
        assert fdp_fast.laplace_profile(e2, eps) == pytest.approx(want, rel=1e-9, abs=1e-15)


def test_analytic_epsilon_agrees_with_autodp():
    dp_bank = pytest.importorskip("autodp.dp_bank")
    for mu, delta in ((0.5, 1e-5), (1.0, 1e-6), (2.0, 1e-3)):
        assert float(gaussian.analytic_epsilon(mu, delta)) == pytest.approx(
            dp_bank.get_eps_ana_gaussian(1 / mu, delta), rel=1e-9)
