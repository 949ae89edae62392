"""symdp epsilon: closed-form inverse against bisection, published values, speed."""
import time

import mpmath as mp
import pytest

from symdp.adversary.inverse import epsilon_for_fbeta, fbeta_star, kappa_of, largest_epsilon
from symdp.errors import SymdpError

from test_fast import oracle  # independent brute-force F*_beta


def bisect(bound, beta):
    """Largest eps with brute-force F* <= bound, by bisection on [log(1+b^2), 60]."""
    with mp.workdps(30):
        lo, hi = mp.log1p(mp.mpf(beta) ** 2), mp.mpf(60)
        for _ in range(48):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if oracle(mid, beta) <= bound else (lo, mid)
        return lo


@pytest.mark.parametrize("beta,bound", [(1.0, 0.67), (0.5, 0.9), (2.0, 0.95), (0.01, 0.6), (30.0, 0.9995)])
def test_inverse_matches_bisection_to_12_digits(beta, bound):
    got = epsilon_for_fbeta(bound, beta).epsilon
    assert mp.almosteq(got, bisect(mp.mpf(bound), beta), 1e-12)


def test_table1_published_values():
    # Liu et al. 2019, Table 1 (beta = 0.6 row; printed to two decimals)
    for bound, printed in [(0.58, 0.33), (0.62, 0.54), (0.67, 0.83), (0.76, 1.45), (0.95, 4.43)]:
        assert float(epsilon_for_fbeta(bound, 0.6).epsilon) == pytest.approx(printed, abs=0.005)


def test_round_trip_and_edges():
    ans = epsilon_for_fbeta(0.8, 1.5)
    assert mp.almosteq(fbeta_star(ans.epsilon, 1.5), mp.mpf(0.8), 1e-40)
    floor = (1 + 0.25) / (2 + 0.25)
    assert mp.almosteq(epsilon_for_fbeta(floor, 0.5).epsilon, mp.log(1.25), 1e-14)
    none = epsilon_for_fbeta(0.55, 0.5)
    assert none.epsilon is None and "no epsilon" in none.reason
    assert none.as_dict()["epsilon"] is None


def test_answers_in_milliseconds():
    started = time.perf_counter()
    for k in range(100):
        epsilon_for_fbeta(0.6 + k * 0.003, 1.0)
    assert (time.perf_counter() - started) / 100 < 0.005


@pytest.mark.parametrize("kwargs,param", [({"bound": 0.5, "beta": 0.0}, "^beta="),
                                          ({"bound": 1.0, "beta": 1.0}, "^bound="),
                                          ({"bound": float("nan"), "beta": 1.0}, "^bound=")])
def test_bad_input_names_the_parameter(kwargs, param):
    with pytest.raises(SymdpError, match=param):
        epsilon_for_fbeta(**kwargs)
    with pytest.raises(SymdpError, match="^metric="):   # library errors name the Python parameter
        largest_epsilon("precision", 0.5, 1.0)


def test_kappa_of_and_its_domain():
    assert float(kappa_of(0.2, 0.1, 0.1)) == pytest.approx(1 - 0.2 - 1.8 * 0.19, rel=1e-15)
    assert kappa_of() == 1
    with pytest.raises(SymdpError, match="kappa"):
        kappa_of(0.5, 0.5)
    with pytest.raises(SymdpError, match="^rho_t="):
        kappa_of(0.0, 0.0, -0.1)


@pytest.mark.parametrize("kappa", [1e-12, 0.458, 1.0])
def test_inverse_with_kappa_round_trip(kappa):
    bound = 1 - 1e-13 if kappa < 1e-6 else 0.9  # the floor 2/(2 + kappa) is 1 - 5e-13 at kappa = 1e-12
    ans = epsilon_for_fbeta(bound, 1.0, kappa)
    assert ans.epsilon is not None
    assert mp.almosteq(fbeta_star(ans.epsilon, 1.0, kappa), mp.mpf(bound), 1e-40)
