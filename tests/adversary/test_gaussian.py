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


# ------------------------------------------------------------------ input validation and iteration caps

from symdp.errors import SymdpError  # noqa: E402


@pytest.mark.parametrize("call,args,parameter", [
    (gaussian.mu_for_fbeta, (0, 1), "bound"),
    (gaussian.mu_for_fbeta, (0.6, 1), "bound"),          # below the floor 2/3
    (gaussian.mu_for_fbeta, (1, 1), "bound"),
    (gaussian.mu_for_fbeta, (0.7, 0), "beta"),
    (gaussian.fbeta_star, (0, 1), "mu"),
    (gaussian.fbeta_star, (float("inf"), 1), "mu"),
    (gaussian.fbeta_star, (1, -1), "beta"),
    (gaussian.analytic_epsilon, (float("inf"), 1e-5), "mu"),
    (gaussian.analytic_epsilon, (1, 0), "delta"),
    (gaussian.analytic_mu, (-1, 1e-5), "eps"),
    (gaussian.analytic_mu, (1, 1), "delta"),
    (gaussian.analytic_mu, (float("nan"), 1e-5), "eps"),
])
def test_bad_inputs_raise_instead_of_hanging(call, args, parameter):
    with pytest.raises(SymdpError) as info:
        call(*args)
    assert info.value.parameter == parameter


def test_root_search_is_capped():
    with mp.workdps(30):
        with pytest.raises(SymdpError, match="iteration cap"):
            gaussian.increasing_root(lambda x: mp.mpf(-1), -1, 1, parameter="x", value=0)  # never changes sign


@pytest.mark.parametrize("bound,beta", [(0.6667, 1), (0.7, 1), (0.9, 0.5), (0.99, 1), (0.999999, 2), (0.95, 3)])
def test_mu_for_fbeta_inverts_fbeta_star(bound, beta):
    # mu_for_fbeta solves one profile equation; fbeta_star finds the optimal threshold: independent routes
    mu = gaussian.mu_for_fbeta(bound, beta)
    assert mp.almosteq(gaussian.fbeta_star(mu, beta), mp.mpf(bound), 1e-40)


@pytest.mark.parametrize("mu,delta", [(0.5, 1e-5), (1.0, 1e-12), (5.0, 1e-50), (40.0, 1e-300)])
def test_analytic_epsilon_inverts_the_profile(mu, delta):
    eps = gaussian.analytic_epsilon(mu, delta)
    with mp.workdps(80):
        m = mp.mpf(mu)
        value = mp.ncdf(m / 2 - eps / m) - mp.exp(eps) * mp.ncdf(-m / 2 - eps / m)
        assert mp.almosteq(value, mp.mpf(delta), 1e-40)


def test_gaussian_epsilon_command_is_fast():
    import time
    largest_epsilon("fbeta", 0.7, 1.0, "gaussian", 1e-5, "analytic")   # warm (imports)
    t = time.process_time()
    for _ in range(5):
        largest_epsilon("fbeta", 0.7, 1.0, "gaussian", 1e-5, "analytic")
    assert (time.process_time() - t) / 5 < 0.2    # ~6 ms here; generous for loaded CI machines
