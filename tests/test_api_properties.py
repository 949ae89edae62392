"""The Python API: argument contracts (SymdpError naming the Python parameter) and numeric properties.

Properties are checked against independent oracles (a brute-force search over
the threshold, an mpmath quadrature, exact rational arithmetic), never against
the formula under test; hypothesis is deterministic (derandomize) and modest.
"""
from __future__ import annotations

import math
import signal
from contextlib import contextmanager
from fractions import Fraction

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symdp import fdp
from symdp.adversary import closed_forms, fast, inverse, metrics, table
from symdp.errors import SymdpError
from symdp.mechanisms import discrete, laplace, laplace_loss
from symdp.notions import graph

SETTINGS = settings(derandomize=True, max_examples=40, deadline=None, database=None)
NAN, INF = float("nan"), float("inf")
BAD_REALS = [NAN, INF, -INF, "1", None, 1j, True, [1.0]]


def log_uniform(lo, hi):
    return st.floats(math.log(lo), math.log(hi)).map(math.exp)


# ------------------------------------------------------------ argument contracts

API_BAD = [  # (function, good keyword arguments, parameter, bad values)
    (inverse.fbeta_star, dict(epsilon=1.0, beta=1.0, kappa=1.0), "epsilon", BAD_REALS + [-1.0]),
    (inverse.fbeta_star, dict(epsilon=1.0, beta=1.0, kappa=1.0), "beta", BAD_REALS + [0.0, -1.0]),
    (inverse.fbeta_star, dict(epsilon=1.0, beta=1.0, kappa=1.0), "kappa", BAD_REALS + [0.0, -1.0, 1.5]),
    (inverse.epsilon_for_fbeta, dict(bound=0.8, beta=1.0, kappa=1.0), "bound", BAD_REALS + [0.0, 1.0, 2.0]),
    (inverse.epsilon_for_fbeta, dict(bound=0.8, beta=1.0, kappa=1.0), "beta", BAD_REALS + [0.0, -2.0]),
    (inverse.epsilon_for_fbeta, dict(bound=0.8, beta=1.0, kappa=1.0), "kappa", BAD_REALS + [0.0, -INF, 1.5]),
    (inverse.kappa_of, dict(rho_p=0.1, rho_c=0.1, rho_t=0.1), "rho_p", BAD_REALS + [-0.1, 1.1]),
    (inverse.kappa_of, dict(rho_p=0.1, rho_c=0.1, rho_t=0.1), "rho_c", BAD_REALS + [-0.1, 1.1]),
    (inverse.kappa_of, dict(rho_p=0.1, rho_c=0.1, rho_t=0.1), "rho_t", BAD_REALS + [-0.1, 1.1]),
    (inverse.epsilon_for_fbeta_gaussian, dict(bound=0.7, beta=1.0, delta=1e-5, calibration="classic"), "delta",
     BAD_REALS + [0.0, 1.0, -1e-5]),
    (inverse.epsilon_for_fbeta_gaussian, dict(bound=0.7, beta=1.0, delta=1e-5, calibration="classic"),
     "calibration", ["exact", "", None, 1]),
    (inverse.epsilon_for_fbeta_gaussian, dict(bound=0.7, beta=1.0, delta=1e-5, calibration="classic"), "bound",
     BAD_REALS + [0.0, 1.0]),
    (inverse.largest_epsilon, dict(metric="fbeta", bound=0.7, beta=1.0), "metric", ["recall", "", None, 3]),
    (inverse.largest_epsilon, dict(metric="fbeta", bound=0.7, beta=1.0), "mechanism", ["uniform", "", None]),
    (inverse.largest_epsilon, dict(metric="fbeta", bound=0.7, beta=1.0), "delta", [1e-5]),
    (inverse.largest_epsilon, dict(metric="fbeta", bound=0.7, beta=1.0, mechanism="gaussian", delta=1e-5),
     "kappa", [0.5, NAN, -1.0]),
    (table.table1, dict(kappa=1.0), "kappa", BAD_REALS + [0.0, 2.0]),
    (table.table1, dict(kappa=1.0), "betas", [["x"], ["0"], [NAN], "0.5", 3]),
    (table.table1, dict(kappa=1.0), "bounds", [["x"], ["1"], [-INF], "0.5", None]),
    (fast.fbeta_star, dict(epsilon=1.0, beta=1.0, kappa=1.0), "epsilon", [NAN, INF, -1.0, 0.0, "x", [1, NAN]]),
    (fast.fbeta_star, dict(epsilon=1.0, beta=1.0, kappa=1.0), "beta", [NAN, -INF, 0.0, "x"]),
    (fast.fbeta_star, dict(epsilon=1.0, beta=1.0, kappa=1.0), "kappa", [NAN, 0.0, 1.5, "x"]),
    (fdp.mp_laplace_tradeoff, dict(a=0.3, e=1.0), "a", BAD_REALS + [-1.0, 1.5]),
    (fdp.mp_laplace_tradeoff, dict(a=0.3, e=1.0), "e", BAD_REALS + [-1.0]),
    (fdp.mp_gaussian_tradeoff, dict(a=0.3, m=1.0), "a", BAD_REALS + [-0.1, 1.1]),
    (fdp.mp_gaussian_tradeoff, dict(a=0.3, m=1.0), "m", BAD_REALS + [-1.0]),
    (fdp.mp_f_eps_delta, dict(a=0.3, e=1.0, d=0.1), "a", BAD_REALS + [2.0]),
    (fdp.mp_f_eps_delta, dict(a=0.3, e=1.0, d=0.1), "e", BAD_REALS + [-0.5]),
    (fdp.mp_f_eps_delta, dict(a=0.3, e=1.0, d=0.1), "d", BAD_REALS + [1.5, -0.1]),
    (fdp.mp_laplace_profile, dict(e2=0.5, e=1.0), "e2", BAD_REALS),
    (fdp.mp_laplace_profile, dict(e2=0.5, e=1.0), "e", BAD_REALS + [-1.0]),
    (fdp.laplace_tradeoff, dict(a=0.3, e=1.0), "a", [2, -1, "import os", NAN, 1j]),
    (fdp.f_eps_delta, dict(a=0.3, e=1.0, d=0.1), "d", [2, -1, INF]),
    (fdp.gaussian_tradeoff, dict(a=0.3, m=1.0), "m", [-1, NAN]),
    (fdp.laplace_profile, dict(e2=0.3, e=1.0), "e", [-1, INF]),
    (closed_forms.fbeta_star, dict(e=1.0, b=1.0, k=1), "e", [-1.0, NAN]),
    (closed_forms.fbeta_star, dict(e=1.0, b=1.0, k=1), "b", [0, -1.0, INF]),
    (closed_forms.fbeta_star, dict(e=1.0, b=1.0, k=1), "k", [0, 2, NAN]),
    (closed_forms.epsilon_for_fbeta, dict(f=0.8, b=1.0, k=1), "f", [0, 1, 1.5, NAN]),
    (metrics.precision, dict(rsr=0.5, gsr=0.5), "rsr", [-0.1, 1.5, NAN]),
    (metrics.precision, dict(rsr=0.0, gsr=0.5), "gsr", [0.0, -1.0]),
    (metrics.fbeta, dict(prec=0.5, rec=0.5, b=1.0), "prec", [0.0, 1.5, NAN]),
    (metrics.fbeta, dict(prec=0.5, rec=0.5, b=1.0), "b", [0.0, -1.0]),
    (laplace.threshold, dict(a=0.25), "a", [0, 1, -1, 2, NAN]),
    (laplace.density, dict(at=0, center=0, scale=1), "scale", [0, -1, INF]),
    (laplace.survival, dict(at=0, center=0, b=1), "b", [0, -1]),
    (discrete.fbeta_star, dict(p1=[0.5, 0.5], p0=[0.2, 0.8], beta=1.0), "p1",
     [[0.5, 0.6], [-0.5, 1.5], [NAN, 1.0], [], "ab", None]),
    (discrete.fbeta_star, dict(p1=[0.5, 0.5], p0=[0.2, 0.8], beta=1.0), "p0", [[1.0], [0.5, 0.6]]),
    (discrete.fbeta_star, dict(p1=[0.5, 0.5], p0=[0.2, 0.8], beta=1.0), "beta", BAD_REALS + [0.0]),
    (discrete.fbeta_star_all_tests, dict(p1=[1 / 20] * 20, p0=[1 / 20] * 20, beta=1.0), "p1", [[1 / 20] * 20]),
    (discrete.roc_vertices, dict(p1=[0.5, 0.5], p0=[0.2, 0.8], order=[0, 1]), "order", [[0, 0], [0], [0, 2], None]),
    (discrete.fbeta, dict(g=0.5, r=0.5, b2=1.0), "g", [-0.1, 1.1, NAN]),
    (laplace_loss.fbeta_star, dict(shifts=[1.0], beta=1.0), "shifts", [[], [1, 1, 1], [-1.0], [NAN], "1", 3.0]),
    (laplace_loss.fbeta_star, dict(shifts=[1.0], beta=1.0), "beta", BAD_REALS + [0.0]),
    (laplace_loss.survival, dict(x=0.5, s=1.0, h=0, strict=False), "h", [2, -1, 0.5, None]),
    (laplace_loss.survival, dict(x=0.5, s=1.0, h=0, strict=False), "s", BAD_REALS + [-1.0]),
    (laplace_loss.survival, dict(x=0.5, s=1.0, h=0, strict=False), "strict", [0, "yes", None]),
    (laplace_loss.sum_survival, dict(t=0.5, shifts=[1.0, 1.0], h=1, strict=True), "t", BAD_REALS),
    (graph.implies, dict(source="DP", target="TVD", values={"epsilon": 1.0}), "source", ["XX", None, ""]),
    (graph.implies, dict(source="DP", target="TVD", values={"epsilon": 1.0}), "target", ["XX", 3]),
    (graph.implies, dict(source="DP", target="TVD", values={"epsilon": 1.0}), "values",
     [{"mu": 1.0}, {"bogus": 1.0}, [1.0], {"epsilon": INF}, {"epsilon": -1.0}, {"epsilon": "x"}, {"epsilon": "nan"}]),
]
API_CASES = [(fn, kw, p, v) for fn, kw, p, bads in API_BAD for v in bads]


@pytest.mark.parametrize("fn,good,parameter,bad", API_CASES,
                         ids=[f"{fn.__module__.split('.')[-1]}.{fn.__name__}:{p}={v!r}"[:80]
                              for fn, _, p, v in API_CASES])
def test_bad_argument_names_the_python_parameter(fn, good, parameter, bad):
    with pytest.raises(SymdpError) as info:
        fn(**{**good, parameter: bad})
    message = str(info.value)
    assert info.value.parameter.startswith(parameter) or parameter in message, message
    assert "--" not in info.value.parameter                    # library errors never name CLI flags


def test_api_case_count():
    assert len(API_CASES) > 300


@pytest.mark.parametrize("fn,kwargs", [
    (inverse.epsilon_for_fbeta, dict(bound=0.8, beta=1.0, kappa=-INF)),
    (inverse.epsilon_for_fbeta, dict(bound=0.8, beta=1.0, kappa=NAN)),
    (fdp.mp_laplace_tradeoff, dict(a=-1, e=1)),
])
def test_issue_examples_fail_cleanly(fn, kwargs):
    with pytest.raises(SymdpError):
        fn(**kwargs)


# ------------------------------------------------------------ oracles

def _lap_sf(t, loc):
    """P(X >= t), X ~ Lap(loc, 1): the textbook survival function (not the library's closed forms)."""
    z = mp.mpf(t) - mp.mpf(loc)
    return mp.exp(-z) / 2 if z >= 0 else 1 - mp.exp(z) / 2


def _brute_fbeta_star(e, beta, kappa):
    """max over thresholds theta of F-beta with precision 1/(1 + kappa GSR/RSR): a grid then golden refinement."""
    b2 = mp.mpf(beta) ** 2

    def f(theta):
        r, g = _lap_sf(theta, e), _lap_sf(theta, 0)
        prec = 1 / (1 + kappa * g / r)
        return (1 + b2) * prec * r / (b2 * prec + r)
    grid = [mp.mpf(-3) + (mp.mpf(e) + 33) * k / 120 for k in range(0, 121)] + [mp.mpf(-60)]
    vals = [f(t) for t in grid]
    i = max(range(len(vals)), key=lambda k: vals[k])
    lo, hi = grid[max(i - 1, 0)], grid[min(i + 1, len(grid) - 1)]
    for _ in range(60):
        m1, m2 = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        lo, hi = (m1, hi) if f(m1) < f(m2) else (lo, m2)
    return max(max(vals), f((lo + hi) / 2))


@settings(derandomize=True, max_examples=15, deadline=None, database=None)
@given(e=log_uniform(1e-3, 20), beta=log_uniform(0.05, 20), kappa=log_uniform(1e-3, 1))
def test_fbeta_star_against_brute_force(e, beta, kappa):
    with mp.workdps(30):
        brute = _brute_fbeta_star(e, beta, kappa)
    got = inverse.fbeta_star(e, beta, kappa)
    assert float(got) == pytest.approx(float(brute), rel=1e-9, abs=1e-12)
    assert float(fast.fbeta_star(e, beta, kappa)) == pytest.approx(float(got), rel=1e-12)


@SETTINGS
@given(e=log_uniform(1e-8, 700), beta=log_uniform(1e-3, 1e3), kappa=log_uniform(1e-12, 1),
       factor=st.floats(1.0, 2.0))
def test_fbeta_star_range_and_monotone(e, beta, kappa, factor):
    f = inverse.fbeta_star(e, beta, kappa)
    assert 0 < f <= 1
    assert inverse.fbeta_star(min(e * factor, 700), beta, kappa) >= f             # more epsilon, more power
    assert inverse.fbeta_star(e, beta, kappa / factor) >= f                       # more knowledge, more power
    with mp.workdps(60):
        b2 = mp.mpf(beta) ** 2
        assert f >= (1 + b2) / (1 + mp.mpf(kappa) + b2) * (1 - mp.mpf("1e-40"))              # never below the prior's floor
    v = fast.fbeta_star(np.array([e]), np.array([beta]), np.array([kappa]))
    assert np.all(np.isfinite(v)) and np.all((0 < v) & (v <= 1))


@SETTINGS
@given(beta=log_uniform(1e-3, 1e3), kappa=log_uniform(1e-12, 1), where=st.floats(1e-9, 1 - 1e-9))
def test_epsilon_inverse_round_trip(beta, kappa, where):
    with mp.workdps(60):
        b2 = mp.mpf(beta) ** 2
        floor = (1 + b2) / (1 + kappa + b2)
    bound = float(floor + (1 - floor) * where)
    if not floor <= bound < 1:
        return
    answer = inverse.epsilon_for_fbeta(bound, beta, kappa)
    assert answer.epsilon is not None and answer.epsilon > 0 and mp.isfinite(answer.epsilon)
    with mp.workdps(60):
        at = inverse.fbeta_star(answer.epsilon, beta, kappa)
        assert abs(at - bound) <= mp.mpf("1e-30") * bound                            # F*(eps(F)) = F
        above = inverse.fbeta_star(answer.epsilon * (1 + mp.mpf("1e-8")) + mp.mpf("1e-12"), beta, kappa)
        assert above > bound                                                        # it is the largest


@settings(derandomize=True, max_examples=5, deadline=None, database=None)
@given(beta=log_uniform(0.2, 5), where=st.floats(0.05, 0.9))
def test_epsilon_inverse_against_bisection_on_brute_force(beta, where):
    """The largest epsilon found by bisection on the brute-force F*_beta (kappa = 1)."""
    floor = (1 + beta**2) / (2 + beta**2)
    bound = floor + (1 - floor) * where * 0.5
    answer = inverse.epsilon_for_fbeta(bound, beta)
    with mp.workdps(20):
        lo, hi = mp.mpf(0), mp.mpf(40)
        for _ in range(24):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if _brute_fbeta_star(mid, beta, 1) <= bound else (lo, mid)
    assert float(answer.epsilon) == pytest.approx(float(lo), rel=1e-5, abs=1e-5)


@SETTINGS
@given(p=st.fractions(0, 1, max_denominator=50), c=st.fractions(0, 1, max_denominator=50),
       t=st.fractions(0, 1, max_denominator=50))
def test_kappa_exact(p, c, t):
    exact = 1 - p - (2 - p) * (c + t * (1 - c))
    if exact <= 0:
        with pytest.raises(SymdpError, match="kappa"):
            inverse.kappa_of(float(p), float(c), float(t))
        return
    got = inverse.kappa_of(float(p), float(c), float(t))
    assert 0 < got <= 1 and float(got) == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


def _profile_quad(e2, e):
    """delta(e2) = int (p - e^{e2} q)_+ for p = Lap(0,1), q = Lap(e,1), by quadrature on the sign pieces."""
    p = lambda x: mp.exp(-abs(x)) / 2
    q = lambda x: mp.exp(-abs(x - e)) / 2
    cuts = sorted({mp.mpf(0), mp.mpf(e), (mp.mpf(e) - e2) / 2})
    pts = [-mp.inf] + cuts + [mp.inf]
    total = mp.mpf(0)
    for lo, hi in zip(pts, pts[1:]):
        mid = (lo + hi) / 2 if mp.isfinite(lo) and mp.isfinite(hi) else (hi - 1 if mp.isfinite(hi) else lo + 1)
        if p(mid) - mp.exp(e2) * q(mid) > 0:
            total += mp.quad(lambda x: p(x) - mp.exp(e2) * q(x), [lo, hi])
    return total


@SETTINGS
@given(e=log_uniform(1e-3, 40), e2=st.floats(-50, 50))
def test_laplace_profile_against_quadrature(e, e2):
    with mp.workdps(40):
        want = _profile_quad(mp.mpf(e2), mp.mpf(e))
        got = fdp.mp_laplace_profile(e2, e)
    assert 0 <= got <= 1
    assert abs(got - want) <= mp.mpf("1e-12") * want + mp.mpf("1e-30")


def test_fast_laplace_profile_against_quadrature():
    from symdp.fdp import fast as fdp_fast
    for e in (0.5, 3.0):
        for e2 in (-50.0, -10.0, -3.2, -0.7, 0.0, 0.4, 2.9, 50.0):
            with mp.workdps(40):
                want = _profile_quad(mp.mpf(e2), mp.mpf(e))
            got = float(fdp_fast.laplace_profile(np.array([e2]), e)[0])
            assert got == pytest.approx(float(want), rel=1e-12, abs=1e-300)


def _laplace_tradeoff_brute(a, e):
    """Type II error of the threshold test with type I error a (likelihood ratio monotone in x)."""
    a, e = mp.mpf(a), mp.mpf(e)
    t = mp.findroot(lambda t: _lap_sf(t, 0) - a, (mp.log(2 * (1 - a)) if a > 0.5 else -mp.log(2 * a)))
    return 1 - _lap_sf(t, e)


@SETTINGS
@given(a=st.floats(1e-6, 1 - 1e-6), e=log_uniform(1e-3, 30))
def test_laplace_tradeoff_against_threshold_tests_and_symmetric(a, e):
    with mp.workdps(30):
        got = fdp.mp_laplace_tradeoff(a, e)
        assert 0 <= got <= 1 - a + mp.mpf("1e-25")
        assert abs(got - _laplace_tradeoff_brute(a, e)) <= mp.mpf("1e-15")
        assert abs(fdp.mp_laplace_tradeoff(got, e) - a) <= mp.mpf("1e-20")          # f = f^{-1}


@SETTINGS
@given(a=st.floats(1e-9, 1 - 1e-9), m=log_uniform(1e-3, 8))
def test_gaussian_tradeoff_against_threshold_tests_and_symmetric(a, m):
    with mp.workdps(30):
        got = fdp.mp_gaussian_tradeoff(a, m)
        lo, hi = mp.mpf(-40), mp.mpf(40)                                             # reject when x >= t
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if mp.ncdf(-mid) > a else (lo, mid)
        t = (lo + hi) / 2
        assert abs(got - mp.ncdf(t - m)) <= mp.mpf("1e-15")
        assert 0 <= got <= 1 - a + mp.mpf("1e-25")
        if got > 1e-25:
            assert abs(fdp.mp_gaussian_tradeoff(got, m) - a) <= mp.mpf("1e-12") * max(a, 1e-20) + mp.mpf("1e-20")


@SETTINGS
@given(a=st.floats(0, 1), e=log_uniform(1e-8, 700), d=st.one_of(st.just(1e-300), st.floats(0, 1)))
def test_f_eps_delta_range_and_symmetry(a, e, d):
    with mp.workdps(40):
        f = fdp.mp_f_eps_delta(a, e, d)
        assert 0 <= f <= 1
        if 0 < f:
            assert abs(fdp.mp_f_eps_delta(f, e, d) - a) <= mp.mpf("1e-25") or a > 1 - d


@SETTINGS
@given(n=st.integers(1, 6), seed=st.integers(0, 10**6), beta=log_uniform(1e-2, 1e2))
def test_discrete_vertices_against_all_tests(n, seed, beta):
    rng = np.random.default_rng(seed)
    w1, w0 = rng.random(n) + 1e-3, rng.random(n) + 1e-3
    w1[rng.random(n) < 0.2] = 0.0
    if w1.sum() == 0:
        w1[0] = 1.0
    p1, p0 = list(w1 / w1.sum()), list(w0 / w0.sum())
    best, brute = discrete.fbeta_star(p1, p0, beta), discrete.fbeta_star_all_tests(p1, p0, beta)
    assert 0 <= best <= 1 and abs(best - brute) <= mp.mpf("1e-12")


@settings(derandomize=True, max_examples=6, deadline=None, database=None)
@given(s=log_uniform(1e-2, 20), beta=log_uniform(0.1, 10))
def test_laplace_loss_one_coordinate_equals_closed_form(s, beta):
    got = laplace_loss.fbeta_star([s], beta)
    with mp.workdps(30):
        want = _brute_fbeta_star(s, beta, 1)
    assert float(got) == pytest.approx(float(want), rel=1e-9)


@settings(derandomize=True, max_examples=8, deadline=None, database=None)
@given(e=st.one_of(log_uniform(1e-300, 1e-100), log_uniform(1e-8, 700)))
def test_notions_dp_tvd_is_tanh_half(e):
    answer = graph.implies("DP", "TVD", {"epsilon": e})
    with mp.workdps(400):
        want = mp.tanh(mp.mpf(e) / 2)
    assert float(answer.best.value) == pytest.approx(float(want), rel=1e-15)


# ------------------------------------------------------------ Gaussian routines (symdp/adversary/gaussian.py)

@contextmanager
def _deadline(seconds):
    def expire(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s")
    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _gaussian_cases():
    from symdp.adversary import gaussian
    return [(gaussian.mu_for_fbeta, (0, 1)), (gaussian.fbeta_star, (0, 1)), (gaussian.analytic_epsilon, (INF, 1e-5)),
            (gaussian.fbeta_star, (NAN, 1)), (gaussian.analytic_mu, (1, 0)), (gaussian.mu_for_fbeta, (1.5, 1)),
            (gaussian.classic_mu, (1, 2)), (gaussian.analytic_delta, (-1, 1))]


@pytest.mark.parametrize("index", range(8))
def test_gaussian_routines_fail_cleanly(index):
    """Bad input to the Gaussian routines raises SymdpError quickly (no hang, no nan/complex/out-of-range)."""
    fn, args = _gaussian_cases()[index]
    try:
        with _deadline(10):
            value = fn(*args)
    except SymdpError:
        return
    except TimeoutError:
        pytest.fail(f"{fn.__name__}{args} hangs")
    except Exception as exc:  # noqa: BLE001
        pytest.fail(f"{fn.__name__}{args} raises {type(exc).__name__}, not SymdpError")
    pytest.fail(f"{fn.__name__}{args} returned {value!r} instead of raising")
