"""Vectorised trade-off curves and profiles against the mpmath forms at 50 digits."""
import mpmath as mp
import numpy as np
import pytest

from symdp import fdp
from symdp.fdp import fast as fdp_fast
from symdp.fdp import fast_arrays, fast_gaussian
from symdp.errors import SymdpError

ULP = 2.0 ** -53

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


# ------------------------------------------------------------------ accuracy relative to the conditioning
# Goal: relative error <= 4 (kappa + 1) ulps, kappa the relative change one ulp of each input causes
# (the + 1 is the rounding of the result itself).  References: mpmath's ncdf at 100 digits (50 kept).

def _ref_gaussian_profile(e, m):
    with mp.workdps(100):
        e, m = mp.mpf(float(e)), mp.mpf(float(m))
        a, b = m / 2 - e / m, -m / 2 - e / m
        d = mp.ncdf(a) - mp.exp(e) * mp.ncdf(b)
        return d, (abs(e) * mp.exp(e) * mp.ncdf(b) + m * mp.npdf(a)) / d


def _profile_points():
    rng = np.random.default_rng(14)
    mus = 10 ** rng.uniform(-4, 3, 150)
    eps = np.concatenate([rng.uniform(-50, 50, 50), 10 ** rng.uniform(-8, np.log10(700), 50),
                          -(10 ** rng.uniform(-9, np.log10(50), 50))])
    edge_mu = np.array([1e-8, 1e-5, 1e-3, 0.01, 0.1, 1, 2, 10, 37, 1e3, 1e4])
    edge_eps = np.array([-50, -1, -1e-9, 0, 1e-12, 1e-3, 1, 10, 100, 700])
    em, ee = np.meshgrid(edge_mu, edge_eps)
    # the cancelling region: a = mu/2 - eps/mu in [-10, 6] with small mu
    a = rng.uniform(-10.5, 6, 60)
    m2 = 10 ** rng.uniform(-6, 1, 60)
    return np.concatenate([eps, ee.ravel(), (m2 / 2 - a) * m2]), np.concatenate([mus, em.ravel(), m2])


def test_gaussian_profile_within_four_times_conditioning():
    eps, mus = _profile_points()
    keep = (eps >= -50) & (eps <= 700)
    eps, mus = eps[keep], mus[keep]
    got = fdp_fast.gaussian_profile(eps, mus)
    logs = fdp_fast.gaussian_log_profile(eps, mus)
    checked = 0
    for e, m, g, lg in zip(eps, mus, got, logs):
        d, cond = _ref_gaussian_profile(e, m)
        if d < mp.mpf("1e-300"):
            assert g < 1e-290
            continue
        checked += 1
        assert abs(g - d) / d <= 4 * (cond + 1) * ULP, (e, m, g, d, cond)
        assert abs(lg - mp.log(d)) <= 4 * (cond + 1) * ULP + 4 * ULP * abs(lg), (e, m)
    assert checked > 200


def test_gaussian_profile_negative_epsilon_limits():
    # mu -> 0: delta -> 1 - e^eps for eps < 0, 0 for eps > 0; mu -> oo: delta -> 1
    assert fdp_fast.gaussian_profile(-1.0, 1e-300) == pytest.approx(-np.expm1(-1.0), rel=1e-15)
    assert fdp_fast.gaussian_profile(1.0, 1e-300) == 0.0
    assert fdp_fast.gaussian_profile(-50.0, 1.0) == pytest.approx(1.0, rel=1e-15)
    assert fdp_fast.gaussian_profile(np.array([[0.5], [1.0]]), np.array([1.0, 2.0])).shape == (2, 2)


def test_gaussian_profile_rejects_bad_input():
    with pytest.raises(SymdpError, match="epsilon"):
        fdp_fast.gaussian_profile(np.inf, 1.0)
    with pytest.raises(SymdpError, match="mu"):
        fdp_fast.gaussian_profile(1.0, 0.0)


def test_gaussian_tradeoff_within_four_times_conditioning():
    rng = np.random.default_rng(7)
    a = np.concatenate([10 ** rng.uniform(-300, -1, 60), rng.uniform(1e-6, 1 - 1e-6, 40)])
    m = 10 ** rng.uniform(-3, 1.5, 100)
    got = fdp_fast.gaussian_tradeoff(a, m)
    for av, mv, g in zip(a, m, got):
        with mp.workdps(60):
            a_, m_ = mp.mpf(av), mp.mpf(mv)
            x = (-mp.sqrt(2) * mp.erfinv(2 * a_ - 1) if a_ > 1e-20 else
                 -mp.findroot(lambda t: mp.log(mp.ncdf(t)) - mp.log(a_), -mp.sqrt(-2 * mp.log(a_))))
            want = mp.ncdf(x - m_)
            if want < mp.mpf("1e-300"):
                continue
            cond = (a_ * mp.npdf(x - m_) / mp.npdf(x) + m_ * mp.npdf(x - m_)) / want
            assert abs(g - want) / want <= 4 * (cond + 1) * ULP, (av, mv)


def _laplace_profile_by_quadrature(e2, e):
    """delta(eps') = integral of (p - e^eps' q)^+, p = Lap(0,1), q = Lap(eps,1): no closed form used."""
    with mp.workdps(40):
        e2, e = mp.mpf(e2), mp.mpf(e)
        k = mp.exp(e2)
        f = lambda x: max(mp.mpf(0), mp.exp(-abs(x)) / 2 - k * mp.exp(-abs(x - e)) / 2)
        cut = min(max((e - e2) / 2, mp.mpf(0)), e)
        return mp.quad(f, [-mp.inf, *sorted({mp.mpf(0), cut, e}), mp.inf])


@pytest.mark.parametrize("eps", [1e-3, 0.5, 1.0, 3.0, 20.0])
def test_laplace_profile_matches_quadrature_on_minus_50_to_50(eps):
    e2 = np.concatenate([np.linspace(-50, 50, 41), [-eps * 3, -eps * 1.5, -eps, -eps / 2, eps / 3, eps * 0.999]])
    got = fdp_fast.laplace_profile(e2, eps)
    for x, g in zip(e2, got):
        want = _laplace_profile_by_quadrature(x, eps)
        if want == 0:
            assert g == 0
        else:
            assert abs(g - want) / want <= 1e-12, (x, eps, g, want)


def _mills_derivative(k, x):
    """R^(k)(x) = integral_0^oo t^k e^{xt - t^2/2} dt (R the Mills ratio Phi/phi), by quadrature."""
    return mp.quad(lambda t: t ** k * mp.exp(x * t - t * t / 2), [0, mp.inf])


@pytest.mark.parametrize("largest_mu,n", fast_gaussian._SHORT_RULES)
def test_short_interval_rule_error_bound(largest_mu, n):
    # fast_gaussian._profile_short: n-point Gauss-Legendre on [b, a] in [-10, 0], a - b = mu.  Its error is
    # mu^{2n+1} (n!)^4 / ((2n+1) ((2n)!)^3) R^(2n+1)(xi); R^(k) is positive and increasing, so relative to the
    # integral (>= mu R'(b)) it is at most that with R^(2n+1)(a)/R'(a - mu), largest at a = 0 (checked on
    # a grid of a here).  Recomputed: below 2^-56 at the rule's largest mu.
    with mp.workdps(30):
        m = mp.mpf(largest_mu)
        const = mp.factorial(n) ** 4 / ((2 * n + 1) * mp.factorial(2 * n) ** 3)
        ratio = [_mills_derivative(2 * n + 1, a) / _mills_derivative(1, a - m) for a in mp.linspace(-10 + m, 0, 12)]
        assert max(ratio) == ratio[-1]
        assert const * m ** (2 * n) * ratio[-1] < mp.mpf(2) ** -56
    assert len(fast_gaussian._SHORT_NODES[n][0]) == n


def test_gaussian_profile_short_interval_tier_within_four_times_conditioning(monkeypatch):
    # the tier where the terms cancel and [b, a] lies in [-10, 0]: centre c = -eps/mu, worst near c = -10
    rng = np.random.default_rng(21)
    m = np.concatenate([10 ** rng.uniform(-6, -1, 40), rng.uniform(0.3, 0.5, 40), 10 ** rng.uniform(-6, -0.3, 40)])
    c = np.concatenate([rng.uniform(-10, -8, 40), rng.uniform(-2, 0, 40), rng.uniform(-8, 0, 40)])
    c = np.clip(c, -10 + m / 2, -m / 2)
    seen = []
    short = fast_gaussian._profile_short
    monkeypatch.setattr(fast_gaussian, "_profile_short", lambda cc, h: seen.append(cc.size) or short(cc, h))
    got = fdp_fast.gaussian_profile(-c * m, m)
    assert sum(seen) >= 90
    for e, mv, g in zip(-c * m, m, got):
        d, cond = _ref_gaussian_profile(e, mv)
        assert abs(g - d) / d <= 4 * (cond + 1) * ULP, (e, mv, g, d, cond)


def test_gaussian_profile_order_and_blocks_do_not_change_values():
    # the Mills tier works in blocks, each reordered by the size of -a: a permutation of the input
    # permutes the output, and every element equals the one computed alone
    rng = np.random.default_rng(5)
    n = 3 * fast_arrays.CHUNK + 7
    e, m = rng.uniform(-2, 60, n), 10 ** rng.uniform(-2, 1.5, n)
    got = fdp_fast.gaussian_profile(e, m)
    p = rng.permutation(n)
    assert np.array_equal(fdp_fast.gaussian_profile(e[p], m[p]), got[p])
    for i in rng.choice(n, 40, replace=False):
        assert fdp_fast.gaussian_profile(e[i], m[i]) == got[i]
    one_mu = fdp_fast.gaussian_profile(e, 2.0)
    assert np.array_equal(fdp_fast.gaussian_profile(e[p], 2.0), one_mu[p])


def test_gaussian_tradeoff_is_one_where_it_rounds_to_one():
    # G_mu(a) = 1 without a special function for a <= Phi(-8.5 - mu): there 1 - G < 9.5e-18 < 2^-54
    for mu in (1e-3, 1.0, 7.0):
        with mp.workdps(60):
            cut = mp.ncdf(-8.5 - mp.mpf(mu))
            assert 1 - mp.ncdf(8.5) < mp.mpf(2) ** -54
            a = np.array([float(cut) * (1 - 1e-9), float(cut) * (1 + 1e-9), float(cut) * 1e-50, 1e-300])
        got = fdp_fast.gaussian_tradeoff(a, mu)
        assert got[0] == 1.0 and got[2] == 1.0 and got[3] == 1.0
        with mp.workdps(60):
            x = -mp.findroot(lambda t: mp.log(mp.ncdf(t)) - mp.log(mp.mpf(a[1])), -9 - mu)
            assert got[1] == pytest.approx(float(mp.ncdf(x - mu)), rel=1e-15)


def test_gaussian_tradeoff_blocks_with_array_mu():
    rng = np.random.default_rng(8)
    n = 2 * fast_arrays.CHUNK + 3
    a = np.concatenate([10 ** rng.uniform(-300, 0, n // 2), rng.uniform(0, 1, n - n // 2)])
    m = 10 ** rng.uniform(-3, 1.5, n)
    got = fdp_fast.gaussian_tradeoff(a, m)
    for i in rng.choice(n, 40, replace=False):
        assert fdp_fast.gaussian_tradeoff(a[i], m[i]) == got[i]
    assert fdp_fast.gaussian_tradeoff(np.array([[0.1], [0.2]]), np.array([1.0, 2.0])).shape == (2, 2)


@pytest.mark.parametrize("eps", [1e-8, 3.0, 700.0, 705.0])
def test_laplace_curves_with_array_epsilon(eps):
    # an array eps (and eps > 700) takes the general path; it agrees with mpmath as the scalar path does
    e = np.full(A.shape, eps)
    got = fdp_fast.laplace_tradeoff(A, e)
    e2 = np.array([-2 * eps, -eps, 0.0, eps / 2, eps * (1 - 1e-9), 2 * eps])
    prof = fdp_fast.laplace_profile(e2, np.full(e2.shape, eps))
    with mp.workdps(50):
        want = [fdp.mp_laplace_tradeoff(mp.mpf(a), mp.mpf(eps)) for a in A]
        want_p = [fdp.mp_laplace_profile(mp.mpf(v), mp.mpf(eps)) for v in e2]
    for g, w in zip(got, want):
        if w > 1e-300:
            assert g == pytest.approx(float(w), rel=1e-12)
    assert np.array_equal(prof, fdp_fast.laplace_profile(e2, eps))
    for g, w in zip(prof, want_p):
        assert g == pytest.approx(float(w), rel=1e-12, abs=1e-300)
