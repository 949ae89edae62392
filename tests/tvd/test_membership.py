"""symdp.tvd.membership (Jia et al. 2023, Thms 14-17) against independent oracles: every test of small discrete
mechanisms (brute force over output subsets), a seeded Monte Carlo attacker, mpmath at 50 digits."""
import itertools
import math

import mpmath as mp
import numpy as np
import pytest

from symdp.errors import SymdpError
from symdp.tvd import membership as mia


def _profile(P, Q, e):
    """delta(eps) of the pair, both orders: max of sum (P - e^eps Q)_+ and sum (Q - e^eps P)_+."""
    return max(sum(max(0.0, a - math.exp(e) * b) for a, b in zip(P, Q)),
               sum(max(0.0, b - math.exp(e) * a) for a, b in zip(P, Q)))


def _subsets(P, Q):
    """(FPR, TPR) of every deterministic test: reject on S, for all 2^m subsets S."""
    m = len(P)
    for mask in itertools.product((0, 1), repeat=m):
        yield min(1.0, math.fsum(q for q, s in zip(Q, mask) if s)), math.fsum(p for p, s in zip(P, mask) if s)


def _random_pair(rng, m):
    P, Q = rng.dirichlet(np.ones(m)), rng.dirichlet(np.ones(m))
    return list(P), list(Q)


@pytest.mark.parametrize("seed", range(20))
def test_every_test_of_a_random_mechanism_is_inside_both_regions(seed):
    rng = np.random.default_rng(seed)
    P, Q = _random_pair(rng, 5)
    e = float(rng.uniform(0.05, 3))
    d = _profile(P, Q, e)                              # the pair is (e, d)-DP exactly
    tv = 0.5 * sum(abs(a - b) for a, b in zip(P, Q))   # and tv-TVD exactly
    for g, t in _subsets(P, Q):
        assert t <= mia.tpr_dp(g, e, min(1.0, d)) + 1e-12
        assert t <= mia.tpr_tvd(g, tv) + 1e-12
        assert t - g <= mia.Notion(eps=e, delta=min(1.0, d), alpha=tv).advantage(g) + 1e-12


def _attaining(e, d):
    q = (1 - d) / (1 + math.exp(e))
    return [d, math.exp(e) * q, q, 0.0], [0.0, q, math.exp(e) * q, d]


@pytest.mark.parametrize("e,d", [(0.5, 0.0), (1.0, 1e-5), (2.0, 0.1), (0.01, 0.3)])
def test_theorem14_is_attained_at_the_vertices(e, d):
    P, Q = _attaining(e, d)
    assert _profile(P, Q, e) == pytest.approx(d, abs=1e-15)
    points = sorted(_subsets(P, Q))
    g, t = Q[0] + Q[1], P[0] + P[1]                      # the kink vertex
    assert (g, t) in [(a, b) for a, b in points] or any(abs(a - g) < 1e-15 and abs(b - t) < 1e-15 for a, b in points)
    assert float(mia.tpr_dp(g, e, d)) == pytest.approx(t, rel=1e-14)
    adv, g_star = mia.max_advantage_dp(e, d)
    assert g_star == pytest.approx(g, rel=1e-14) and adv == pytest.approx(t - g, rel=1e-13)


def test_monte_carlo_attacker_on_the_attaining_mechanism():
    """A randomised NP test with FPR exactly 0.1 on the 4-output mechanism: its TPR (95% CI) contains the bound."""
    e, d, target = 1.0, 0.01, 0.1
    P, Q = _attaining(e, d)
    # reject output 1 always, output 2 with probability w so that FPR = w * Q[1] = target
    w = target / Q[1]
    rng = np.random.default_rng(2023)
    n = 400_000
    y = rng.choice(4, size=n, p=P)
    reject = (y == 0) | ((y == 1) & (rng.random(n) < w))
    tpr, half = reject.mean(), 1.96 * math.sqrt(reject.mean() * (1 - reject.mean()) / n)
    exact = float(mia.tpr_dp(target, e, d))
    assert abs(tpr - exact) < half + 1e-12, (tpr, exact, half)


def test_monte_carlo_threshold_attacker_on_a_gaussian_stays_below_both_bounds():
    from scipy.stats import norm
    s, delta = 2.0, 1e-5
    from symdp.adversary.gaussian import analytic_epsilon
    e = float(analytic_epsilon(1 / mp.mpf(s), mp.mpf(delta)))
    alpha = 2 * norm.cdf(1 / (2 * s)) - 1
    rng = np.random.default_rng(7)
    n = 200_000
    members, others = rng.normal(1, s, n), rng.normal(0, s, n)
    for thr in (-1.0, 0.0, 1.5, 3.0, 6.0):
        g, t = (others > thr).mean(), (members > thr).mean()
        half = 4 * math.sqrt(0.25 / n)
        assert t <= min(mia.tpr_dp(min(1, g + half), e, delta), mia.tpr_tvd(min(1, g + half), alpha)) + half


def _mp_adv_dp(g, e, d):
    with mp.workdps(50):
        g, e, d = mp.mpf(g), mp.mpf(e), mp.mpf(d)
        return min(1 - g, d + mp.expm1(e) * g, -mp.expm1(-e) * (1 - g) + mp.exp(-e) * d)


@pytest.mark.parametrize("e", [1e-12, 1e-6, 0.3, 5.0, 40.0, 700.0])
@pytest.mark.parametrize("g", [1e-300, 1e-9, 0.25, 0.5, 1 - 1e-9])
@pytest.mark.parametrize("d", [0.0, 1e-10, 0.2])
def test_advantage_keeps_relative_accuracy_at_the_extremes(e, g, d):
    exact = _mp_adv_dp(g, e, d)
    got = float(mia.advantage_dp(g, e, d))
    if exact == 0:
        assert got == 0
    else:
        assert abs(got - exact) <= 4e-15 * abs(exact) + 1e-320


def test_vectorised_shapes_and_values():
    g = np.linspace(0, 1, 11).reshape(11, 1)
    out = mia.advantage_dp(g, 1.0, 0.0)
    assert out.shape == (11, 1)
    assert np.all(out >= 0) and out[0, 0] == 0 and out[-1, 0] == 0


def test_exact_maximum_beats_the_papers_001_grid():
    exact, _ = mia.max_advantage_dp(1.0, 0.0)
    assert exact == pytest.approx(math.tanh(0.5), rel=1e-15)
    grid = np.linspace(0, 1, 101)
    assert mia.advantage_dp(grid, 1.0, 0.0).max() < exact - 6e-4   # the scripts' grid understates it
    with mp.workdps(40):  # a fine ternary search of the mpmath bound: the closed form is the maximum
        lo, hi = mp.mpf(0), mp.mpf(1)
        for _ in range(200):
            a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            lo, hi = (a, hi) if _mp_adv_dp(a, 1, 0) < _mp_adv_dp(b, 1, 0) else (lo, b)
        assert float(_mp_adv_dp(lo, 1, 0)) == pytest.approx(exact, rel=1e-14)


@pytest.mark.parametrize("p", [0.5, 0.2, 0.1, 0.01])
def test_ppv_is_the_definition_and_theorem17_as_printed_is_above_the_tight_bound(p):
    rho, alpha = (1 - p) / p, 0.3
    n = mia.tvd(alpha)
    g = np.linspace(0.01, 1, 100)
    tpr = n.tpr(g)
    assert np.allclose(mia.ppv(tpr, g, rho), p * tpr / (p * tpr + (1 - p) * g), rtol=1e-14)
    printed = mia.ppv_printed_tvd(g, alpha, rho)
    assert np.all(printed >= mia.ppv(tpr, g, rho) - 1e-15)
    tight, loose = g <= 1 - alpha + 1e-12, g > 1 - alpha + 1e-9
    assert np.allclose(printed[tight], mia.ppv(tpr, g, rho)[tight], rtol=1e-14)
    assert np.all(printed[loose] > mia.ppv(tpr, g, rho)[loose])


def test_ppv_limit_at_zero_fpr():
    rho = 3.0
    assert mia.bounds(mia.dp(1.0, 0.0), 0.0, rho).ppv == pytest.approx(math.e / (math.e + rho))
    assert mia.bounds(mia.dp(1.0, 1e-6), 0.0, rho).ppv == 1.0
    assert mia.bounds(mia.tvd(0.2), 0.0, rho).ppv == 1.0
    assert mia.bounds(mia.tvd(0.0), 0.0, rho).ppv == pytest.approx(1 / (1 + rho))
    small = mia.bounds(mia.dp(1.0, 0.0), 1e-12, rho).ppv
    assert small == pytest.approx(math.e / (math.e + rho), rel=1e-12)


def test_combined_is_the_lower_boundary_and_its_maximum():
    both = mia.combined(1.0, 1e-5, 0.2)
    g = np.linspace(0, 1, 1001)
    assert np.allclose(both.tpr(g), np.minimum(mia.tpr_dp(g, 1.0, 1e-5), mia.tpr_tvd(g, 0.2)))
    adv, g_star = both.max_advantage()
    assert adv == 0.2
    assert float(mia.advantage_dp(g_star, 1.0, 1e-5)) == pytest.approx(0.2, rel=1e-13)
    assert both.advantage(g).max() == pytest.approx(0.2)


@pytest.mark.parametrize("call,name", [
    (lambda: mia.tpr_dp(0.1, -1, 0), "eps"), (lambda: mia.tpr_dp(0.1, 1, 1.5), "delta"),
    (lambda: mia.tpr_tvd(1.2, 0.1), "gamma"), (lambda: mia.tpr_tvd(0.1, float("nan")), "alpha"),
    (lambda: mia.ppv(0.5, 0.1, 0.0), "rho"), (lambda: mia.Notion(), "eps/alpha"),
    (lambda: mia.bounds(mia.tvd(0.1), 2.0), "fpr"), (lambda: mia.advantage_dp("x", 1), "gamma"),
])
def test_inputs_are_validated_with_the_parameter_named(call, name):
    with pytest.raises(SymdpError) as err:
        call()
    assert err.value.parameter == name


@pytest.mark.parametrize("s", [1.0, 2.0, 8.0])
def test_gaussian_tv_by_quadrature_is_its_largest_advantage_and_within_the_dp_maximum(s):
    """mpmath quadrature of |p - q|/2 for N(1, s^2) vs N(0, s^2): the peak of its exact advantage curve, which
    Theorems 14 and 15 bound (alpha = TV exactly; the (eps, 1e-5) maximum above it)."""
    from symdp.adversary.gaussian import analytic_epsilon
    with mp.workdps(30):
        tv = mp.quad(lambda x: abs(mp.npdf(x, 1, s) - mp.npdf(x, 0, s)) / 2, [-mp.inf, mp.mpf(1) / 2, mp.inf])
        curve = lambda g: mp.ncdf(mp.sqrt(2) * mp.erfinv(2 * g - 1) + 1 / mp.mpf(s)) - g
        peak = curve(mp.ncdf(-1 / mp.mpf(2 * s)))        # the likelihood-ratio-1 threshold
        assert abs(peak - tv) < mp.mpf(10) ** -25
        for g in (0.01, 0.2, 0.5, 0.9):
            assert curve(g) <= tv
            assert curve(g) <= mia.advantage_tvd(g, float(tv)) + 1e-15
        e = float(analytic_epsilon(1 / mp.mpf(s), mp.mpf("1e-5")))
        assert float(tv) <= mia.max_advantage_dp(e, 1e-5)[0]


from hypothesis import example, given, settings, strategies as st  # noqa: E402

_unit = st.floats(0, 1, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(e=st.floats(0, 700, allow_nan=False), d=_unit, a=_unit, g=_unit, rho=st.floats(1e-6, 1e6))
@example(e=284.53133256847434, d=0.0, a=1.0, g=2.2250738585072014e-308, rho=1.0)   # expm1 vs exp: 1 ulp
def test_bounds_are_probabilities_and_consistent(e, d, a, g, rho):
    b = mia.bounds(mia.combined(e, d, a), g, rho)
    assert 0 <= b.advantage <= b.tpr <= 1 and 0 <= b.ppv <= 1
    assert b.advantage == pytest.approx(b.tpr - g, abs=4e-16)
    assert b.tpr <= min(float(mia.tpr_dp(g, e, d)), float(mia.tpr_tvd(g, a))) + 1e-16
    assert 0 <= b.max_advantage <= min(a, mia.max_advantage_dp(e, d)[0]) + 1e-15
    assert float(mia.Notion(eps=e, delta=d, alpha=a).advantage(b.argmax_fpr)) == pytest.approx(b.max_advantage,
                                                                                               rel=1e-12, abs=1e-15)
