"""Vectorised trade-off curves and profiles against the mpmath forms at 50 digits."""
import mpmath as mp
import numpy as np
import pytest

from symdp import fdp, fdp_fast

A = np.array([1e-300, 1e-100, 1e-12, 1e-3, 0.2, 0.5, 0.73, 0.999999])


@pytest.mark.parametrize("eps", [1e-8, 0.5, 3.0, 40.0, 700.0])
def test_laplace_tradeoff(eps):
    got = fdp_fast.laplace_tradeoff(A, eps)
    with mp.workdps(50):
        want = [fdp.mp_laplace_tradeoff(mp.mpf(a), mp.mpf(eps)) for a in A]
    for g, w in zip(got, want):
        if w > 1e-300:
            assert g == pytest.approx(float(w), rel=1e-12)


@pytest.mark.parametrize("eps", [1e-8, 1.0, 700.0])
def test_laplace_profile(eps):
    e2 = np.array([0.0, eps * 1e-6, eps / 2, eps * (1 - 1e-9)])
    got = fdp_fast.laplace_profile(e2, eps)
    with mp.workdps(50):
        want = [fdp.mp_laplace_profile(mp.mpf(v), mp.mpf(eps)) for v in e2]
    assert got == pytest.approx([float(w) for w in want], rel=1e-12)


def test_normal_quantile_round_trip():
    p = np.array([1e-300, 1e-50, 1e-8, 0.01, 0.3, 0.5, 0.9, 1 - 1e-12])
    x = fdp_fast.normal_quantile(p)
    with mp.workdps(50):
        want = [mp.sqrt(2) * mp.erfinv(2 * mp.mpf(v) - 1) if v > 1e-20 else
                mp.findroot(lambda t: mp.log(mp.ncdf(t)) - mp.log(mp.mpf(v)), -30) for v in p]
    assert x == pytest.approx([float(w) for w in want], rel=1e-12)


@pytest.mark.parametrize("mu", [0.01, 1.0, 5.0])
def test_gaussian_tradeoff(mu):
    a = np.array([1e-12, 1e-3, 0.2, 0.5, 0.9])
    got = fdp_fast.gaussian_tradeoff(a, mu)
    with mp.workdps(50):
        want = [fdp.mp_gaussian_tradeoff(mp.mpf(v), mp.mpf(mu)) for v in a]
    assert got == pytest.approx([float(w) for w in want], rel=1e-12)


@pytest.mark.parametrize("mu", [1e-3, 0.05, 1.0, 5.0, 40.0])
def test_gaussian_profile(mu):
    eps = np.array([0.0, 1e-8, 0.1, 1.0, 10.0, 100.0, 700.0])
    got = fdp_fast.gaussian_profile(eps, mu)
    with mp.workdps(60):
        m = mp.mpf(mu)  # Balle-Wang Thm 8 with mpmath's own ncdf, written here as the oracle
        want = [mp.ncdf(m / 2 - mp.mpf(e) / m) - mp.exp(e) * mp.ncdf(-m / 2 - mp.mpf(e) / m) if e > 0
                else 2 * mp.ncdf(m / 2) - 1 for e in eps]
    for e, g, w in zip(eps, got, want):
        if w > mp.mpf("1e-300"):
            assert g == pytest.approx(float(w), rel=1e-12), (e, mu)


def test_gaussian_profile_reaches_tiny_delta():
    # mu = 0.0271256... is the analytic calibration for (eps, delta) = (1, 1e-300)
    from symdp.adversary import gaussian
    m = float(gaussian.analytic_mu(1, "1e-300"))
    assert fdp_fast.gaussian_profile(1.0, m) == pytest.approx(1e-300, rel=1e-10)


@pytest.mark.parametrize("scale,sensitivity,eps,delta", [(1, 1, 1, 0.0), (3, 3, 1, 0.0), (2, 4, 2, 0.0),
                                                         (2, 4, 0.5, 0.52763345), (1, 1, 0, 0.39346934),
                                                         (2, 2, 0, 0.39346934)])
def test_laplace_profile_matches_published_values(scale, sensitivity, eps, delta):
    # Published oracle: Google's dp_accounting, pld/privacy_loss_mechanism_test.py,
    # test_laplace_get_delta_for_epsilon (sampling_prob = 1; values to 8 decimals).
    got = float(fdp_fast.laplace_profile(eps, sensitivity / scale))
    assert abs(got - delta) < 5e-9
