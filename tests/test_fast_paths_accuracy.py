"""Accuracy of every fast path against mpmath, on the benchmarks' typical and extreme grids (no timing).

Goal (symdp/fdp/fast.py): relative error at most 4 (conditioning + 1) ulps, the conditioning being the
relative change one ulp of each input causes.  References: ``benchmarks/references.py`` (mpmath's ncdf
at 100 digits, quadrature for the Laplace profile, bisection for the calibrations), written apart from
symdp's code.  A regression of any tier (a tier taking elements it cannot do accurately) fails here.
"""
import math

import mpmath as mp
import numpy as np
import pytest

from benchmarks import references as ref
from symdp.fdp import fast as fdp_fast

ULP = 2.0 ** -53
BOUND = 4.0


def _log_uniform(rng, lo, hi, n):
    return 10 ** rng.uniform(math.log10(lo), math.log10(hi), n)


def _worst(got, inputs, reference):
    worst = 0.0
    for g, args in zip(got, zip(*inputs)):
        want, cond = reference(*args)
        if want < mp.mpf("1e-300"):
            assert g < 1e-290, args
            continue
        worst = max(worst, float(abs(mp.mpf(g) - want) / want) / ULP / float(cond + 1))
    return worst


FIG4 = [1 / s for s in (0.7, 0.8, 1.4, 2.0, 2.4, 3.7, 7.0)] + [0.005 * math.sqrt(6000 * math.expm1(1 / s ** 2))
                                                             for s in (0.7, 0.8, 1.4, 2.0, 2.4, 3.7, 7.0)]


def _profile_grid(kind, mu, rng, n=60):
    if kind == "typical":
        eps = _log_uniform(rng, 1e-3, 30, n)
    else:
        eps = np.concatenate([rng.uniform(30, 700, n // 3), _log_uniform(rng, 1e-8, 1e-3, n // 3),
                              -_log_uniform(rng, 1e-8, 50, n // 3), [700.0, 1e-8, -50.0]])
    return eps, np.resize(np.atleast_1d(mu), eps.size).astype(float)


@pytest.mark.parametrize("kind", ["typical", "extreme"])
@pytest.mark.parametrize("mu", [0.1, 0.5, 1.0, 2.0, 10.0, "fig4"])
def test_gaussian_profile(kind, mu):
    rng = np.random.default_rng(31)
    eps, m = _profile_grid(kind, FIG4 if mu == "fig4" else mu, rng)
    assert _worst(fdp_fast.gaussian_profile(eps, m), (eps, m), ref.ref_gaussian_profile) <= BOUND


@pytest.mark.parametrize("kind", ["typical", "extreme"])
def test_gaussian_profile_across_the_tiers(kind):
    # mu log-uniform on [1e-3, 30]: every tier (Mills, textbook, erf, short rule, log-space) is reached
    rng = np.random.default_rng(32)
    eps, _ = _profile_grid(kind, 1.0, rng, 120)
    m = _log_uniform(rng, 1e-3, 30, eps.size)
    assert _worst(fdp_fast.gaussian_profile(eps, m), (eps, m), ref.ref_gaussian_profile) <= BOUND


def _alpha_grid(kind, rng):
    """Type I errors: log-uniform on [1e-12, 1) (typical), or down to 1e-300 and within 1e-12 of 1 (extreme)."""
    if kind == "typical":
        return _log_uniform(rng, 1e-12, 1 - 1e-12, 60)
    return np.concatenate([_log_uniform(rng, 1e-300, 1e-12, 40), 1 - _log_uniform(rng, 1e-16, 1e-12, 10)])


@pytest.mark.parametrize("kind", ["typical", "extreme"])
@pytest.mark.parametrize("mu", [0.1, 1.0, 10.0])
def test_gaussian_tradeoff(kind, mu):
    a = _alpha_grid(kind, np.random.default_rng(33))
    assert _worst(fdp_fast.gaussian_tradeoff(a, mu), (a,), lambda x: ref.ref_gaussian_tradeoff(x, mu)) <= BOUND


@pytest.mark.parametrize("kind", ["typical", "extreme"])
@pytest.mark.parametrize("eps", [0.1, 1.0, 10.0])
def test_laplace_profile(kind, eps):
    rng = np.random.default_rng(34)
    e2 = (_log_uniform(rng, 1e-3, 30, 40) if kind == "typical" else
          np.concatenate([rng.uniform(-50, 700, 20), -_log_uniform(rng, 1e-8, 50, 20), [-eps, eps * (1 - 1e-9)]]))
    assert _worst(fdp_fast.laplace_profile(e2, eps), (e2,), lambda x: ref.ref_laplace_profile(x, eps)) <= BOUND


@pytest.mark.parametrize("kind", ["typical", "extreme"])
@pytest.mark.parametrize("eps", [0.1, 1.0, 10.0])
def test_laplace_tradeoff(kind, eps):
    a = _alpha_grid(kind, np.random.default_rng(35))
    assert _worst(fdp_fast.laplace_tradeoff(a, eps), (a,), lambda x: ref.ref_laplace_tradeoff(x, eps)) <= BOUND


def _calibration_grid(kind, rng, first_typical, first_extreme):
    """(first argument, delta): delta log-uniform on [1e-12, 1e-3] (typical) or [1e-300, 1e-12] (extreme)."""
    if kind == "typical":
        return np.resize(first_typical(rng), 25), _log_uniform(rng, 1e-12, 1e-3, 25)
    return first_extreme(rng), _log_uniform(rng, 1e-300, 1e-12, 12)


CALIBRATIONS = {   # fast path, reference, typical and extreme first arguments
    "mu": (fdp_fast.gaussian_mu, ref.ref_analytic_mu, lambda rng: _log_uniform(rng, 1e-3, 30, 25),
           lambda rng: np.concatenate([_log_uniform(rng, 1e-6, 1e-3, 6), rng.uniform(30, 300, 6)])),
    "epsilon": (fdp_fast.gaussian_epsilon, ref.ref_analytic_epsilon, lambda rng: [0.1, 0.5, 1.0, 2.0, 10.0] + FIG4,
                lambda rng: np.concatenate([_log_uniform(rng, 1e-3, 0.1, 6), rng.uniform(10, 40, 6)])),
}


@pytest.mark.parametrize("kind", ["typical", "extreme"])
@pytest.mark.parametrize("which", sorted(CALIBRATIONS))
def test_calibrations(kind, which):
    fast, reference, typical, extreme = CALIBRATIONS[which]
    first, dl = _calibration_grid(kind, np.random.default_rng(36), typical, extreme)
    assert _worst(fast(first, dl), (first, dl), reference) <= BOUND


def test_calibrations_agree_with_the_mpmath_inverses():
    from symdp.adversary import gaussian
    assert fdp_fast.gaussian_mu(1.0, 1e-5) == pytest.approx(float(gaussian.analytic_mu(1.0, 1e-5)), rel=4e-16)
    assert fdp_fast.gaussian_epsilon(1.0, 1e-5) == pytest.approx(float(gaussian.analytic_epsilon(1.0, 1e-5)),
                                                                 rel=4e-16)
    assert fdp_fast.gaussian_epsilon(0.01, 0.5) == 0.0        # delta_mu(0) <= delta: eps = 0 already


def test_calibrations_reject_bad_input():
    from symdp.errors import SymdpError
    with pytest.raises(SymdpError, match="delta"):
        fdp_fast.gaussian_mu(1.0, 0.0)
    with pytest.raises(SymdpError, match="epsilon"):
        fdp_fast.gaussian_mu(-1.0, 1e-5)
    with pytest.raises(SymdpError, match="mu"):
        fdp_fast.gaussian_epsilon(0.0, 1e-5)
