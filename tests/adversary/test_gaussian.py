"""Gaussian adversary and calibrations against independent oracles written here."""
import mpmath as mp
import pytest

from symdp.adversary import gaussian
from symdp.adversary.inverse import largest_epsilon

from test_fast import ternary_max


def tail(v):
    return mp.ncdf(-v)  # mpmath's own normal CDF, not the erfc the library uses


def oracle_fstar(mu, beta):
    """Scan tau, then ternary search in the best cell."""
    with mp.workdps(40):
        mu, b2 = mp.mpf(mu), mp.mpf(beta) ** 2
        fn = lambda t: (1 + b2) * tail(t - mu) / (tail(t - mu) + tail(t) + b2)
        lo = -12 - 3 * b2 / mu
        grid = [lo + k * (mu + 12 - lo) / 1500 for k in range(1501)]
        k = max(range(len(grid)), key=lambda i: fn(grid[i]))
        return ternary_max(fn, grid[max(k - 1, 0)], grid[min(k + 1, 1500)], 150)


@pytest.mark.parametrize("mu", [0.3, 1.0, 2.5, 8.0])
@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0])
def test_fbeta_star_matches_brute_force(mu, beta):
    assert mp.almosteq(gaussian.fbeta_star(mu, beta), oracle_fstar(mu, beta), 1e-25)


def test_extremes_stay_finite_and_ordered():
    values = [gaussian.fbeta_star(m, 1) for m in ("1e-10", "1e-3", "0.5", "30", "300")]
    assert all(mp.mpf(2) / 3 <= v <= 1 for v in values)
    assert values == sorted(values)
    gains = [gaussian.fbeta_star_gain(m, 1) for m in ("0.05", "0.1", "0.5")]
    assert 0 < gains[0] < gains[1] < gains[2]


def profile_by_quadrature(mu, eps):
    """delta(eps) = int (p1 - e^eps p0)^+ by quadrature, at moderate magnitudes."""
    with mp.workdps(40):
        mu, eps = mp.mpf(mu), mp.mpf(eps)
        f = lambda v: mp.npdf(v, mu) - mp.exp(eps) * mp.npdf(v, 0)
        cross = eps / mu + mu / 2
        return mp.quad(f, [cross, cross + 2, cross + 8, mp.inf])


@pytest.mark.parametrize("eps,delta", [(0.5, 1e-3), (1.0, 1e-5), (3.0, 1e-6), (0.1, 0.2)])
def test_analytic_calibration_meets_delta_exactly(eps, delta):
    mu = gaussian.analytic_mu(eps, delta)
    assert mp.almosteq(profile_by_quadrature(mu, eps), mp.mpf(delta), 1e-20)
    assert mu > gaussian.classic_mu(eps, delta)  # the analytic calibration adds less noise


def test_classic_calibration_value():
    # sigma = sqrt(2 ln(1.25/delta)) Delta/eps: for eps = 1, delta = 1e-5, sigma = sqrt(2 ln 125000) = 4.8448...
    assert mp.almosteq(1 / gaussian.classic_mu(1, 1e-5), mp.sqrt(2 * mp.log(125000)), 1e-40)


def test_tiny_delta():
    mu = gaussian.analytic_mu(1, "1e-300")
    assert mp.almosteq(gaussian.analytic_delta(mu, 1), mp.mpf("1e-300"), 1e-40)


@pytest.mark.parametrize("calibration", ["classic", "analytic"])
def test_inverse_round_trip(calibration):
    ans = largest_epsilon("fbeta", 0.7, 1.0, "gaussian", 1e-5, calibration)
    mu = (gaussian.classic_mu if calibration == "classic" else gaussian.analytic_mu)(ans.epsilon, 1e-5)
    assert mp.almosteq(oracle_fstar(mu, 1.0), mp.mpf(0.7), 1e-20)
    assert (ans.note is not None) == (calibration == "classic" and ans.epsilon >= 1)


def test_inverse_no_answer_below_floor():
    ans = largest_epsilon("fbeta", 0.6, 1.0, "gaussian", 1e-5, "analytic")
    assert ans.epsilon is None and "no epsilon" in ans.reason


@pytest.mark.parametrize("eps,delta", [(700, "1e-5"), (1e-8, "1e-300"), (1e-8, "0.5"), (700, "1e-300"), (50, "1e-300")])
def test_analytic_calibration_at_the_extremes(eps, delta):
    with mp.workdps(80):
        mu = gaussian.analytic_mu(eps, delta)
        e = mp.mpf(eps)
        profile = mp.ncdf(mu / 2 - e / mu) - mp.exp(e) * mp.ncdf(-mu / 2 - e / mu)  # mpmath's ncdf, not erfc
        assert mp.almosteq(profile, mp.mpf(delta), 1e-30)


@pytest.mark.parametrize("eps,delta,sigma", [(1.0, "0.5", 0.50706503), (mp.log(3), "0.00001", 3.42466239)])
def test_analytic_calibration_matches_published_values(eps, delta, sigma):
    # Published oracle: TensorFlow Federated, python/analytics/differential_privacy_test.py,
    # test_analytic_gauss_stddev_as_expected (Balle-Wang analytic Gaussian, norm bound 1; 7 decimals).
    assert abs(float(1 / gaussian.analytic_mu(eps, delta)) - sigma) < 5e-8
