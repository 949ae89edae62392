"""The SymPy restatements of the library audits' derived sides (issue 49) enclose the mpmath values they restate.

derivations/libraries/_enclosed.py gives each audit oracle an enclosure of its value, built from a SymPy form of
the derived side (or an implicit root, a minimum at a root, a rigorous integral with bounded tails).  A wrong
restatement could certify a witness of the wrong quantity: here every restated side is evaluated in ball
arithmetic and must contain the mpmath function the derivation samples with, at 60 digits, at a few points of
its domain (the extremes the audits use included).  No library is called.
"""
import importlib.util
import sys
from pathlib import Path

import mpmath as mp
import pytest

flint = pytest.importorskip("flint")
from flint import arb  # noqa: E402

LIBRARIES = Path(__file__).resolve().parent.parent / "derivations" / "libraries"
sys.path.insert(0, str(LIBRARIES))
import _enclosed as E  # noqa: E402
import _gaussian_exact as gx  # noqa: E402
import _sampled_exact as sx  # noqa: E402

BITS = 256
DPS = 60


def _module(name: str):
    spec = importlib.util.spec_from_file_location(f"_enclosure_test_{name}", LIBRARIES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _encloses(enclosure, exact, **point):
    """The ball of ``enclosure`` at ``point`` (doubles) meets the 60-digit mpmath value, and is narrow."""
    with mp.workdps(DPS):
        value = exact(**{k: mp.mpf(v) for k, v in point.items()})
        ball = enclosure(BITS, **point)
        tol = abs(value) * mp.mpf(10) ** -40 + mp.mpf(10) ** -300
        assert ball.is_finite(), (point, ball)
        assert ball.overlaps(arb(mp.nstr(value, DPS)) + arb(0, float(tol))), (point, ball, value)
        assert ball.rad() < abs(value) * 1e-12 + 1e-290, (point, ball)


def test_riskcal_forms():
    m = _module("riskcal_attack_risk")
    for e, dl in ((1e-9, 1e-252), (0.5, 1e-3), (30.0, 0.1)):
        _encloses(E.derived(m.ADV_ADP), m.adv_adp, epsilon=e, delta=dl)
    for mu in (1e-8, 1.0, 40.0):
        _encloses(E.derived(m.ADV_GDP), m.adv_gdp, mu=mu)
    for mu, prior in ((10 ** 1.2, 0.5), (1.0, 0.01), (0.1, 0.99)):
        _encloses(E.derived(m.BAYES_GDP), m.bayes_gdp, mu=mu, prior=prior)


def test_rdp_forms():
    m = _module("dp_accounting_rdp")
    for q, s, a in ((1e-7, 10.0, 2.0), (1e-3, 10.0, 2.0), (0.5, 1.0, 17.0)):
        _encloses(E.derived(m.SGM_INT), lambda q, sigma, order_int: m.sgm_int(q, sigma, order_int), q=q, sigma=s,
                  order_int=a)
    for e, a in ((1e-10, 2.0), (10 ** -4.79, 86.0), (3.0, 1.5)):
        _encloses(E.derived(m.LAPLACE_RDP), m.laplace_rdp, epsilon=e, order=a)
    for q, s, a in ((10 ** -5.9, 2.351, 1 + 10 ** -4.13), (10 ** -3.37, 0.597725, 11.5), (10 ** -3.25, 8.0, 1.5)):
        _encloses(E.sampled_rdp_both_ways, m.sgm_frac, q=q, sigma=s, order=a)


def test_prvs_forms():
    m = _module("prv_accountant_prvs")
    for mu, t in ((10.0, -10.0), (1.0, 0.3), (0.5, -0.7)):
        _encloses(E.derived(m.LAPLACE_CDF), m.laplace_cdf, mu=mu, t=t)
    for mu, a in ((1e-8, 2.0), (1.0, 3.5)):
        _encloses(E.derived(m.LAPLACE_RDP), m.laplace_rdp, mu=mu, alpha=a)
    for e, a in ((1.0, 2.0), (10.0, 1.1)):
        _encloses(E.derived(m.RR_RDP), m.rr_rdp, eps=e, alpha=a)
    for q, s, t in ((1e-3, 1.0, float(mp.log1p(-1e-3)) + 10 ** -6.2), (0.3, 2.0, 1.0)):
        _encloses(E.derived(m.SUBSAMPLED_CDF), m.subsampled_cdf, q=q, sigma=s, t=t)
    for q, s, a in ((1e-4, 5.0, 2.0), (0.1, 1.0, 40.0)):
        _encloses(E.derived(E.SAMPLED_RDP_SUM), sx.rdp_binomial, q=q, sigma=s, alpha=a)
    _encloses(E.sampled_rdp_one_way, sx.rdp_quadrature, q=0.01, sigma=1.0, alpha=1 + 10 ** -5.99)


def test_fdp_and_opendp_forms():
    f = _module("autodp_fdp")
    for s, a in ((0.1, 1e-42), (1.0, 0.3)):
        _encloses(E.derived(f.BETA), f.beta, sigma=s, a=a)
    for s, la in ((10.0, -669.0), (0.1, -31.0)):
        _encloses(E.derived(f.EXACT_LOG), lambda sigma, log_a: mp.log(mp.ncdf(1 / sigma - f.upper_quantile(
            mp.exp(log_a)))), sigma=s, log_a=la)
        _encloses(E.derived(f.EXACT_GRAD), lambda sigma, log_a: f.upper_quantile(mp.exp(log_a)) / sigma
                  - 1 / (2 * sigma ** 2), sigma=s, log_a=la)
    o = _module("opendp_measurements")
    from symdp.special import ncdf_inv
    for b, lev in ((10.0, 1e-11), (1e-100, 1e-250)):
        _encloses(E.derived(o.GAUSS_ACCURACY), lambda scale, alpha: -scale * ncdf_inv(alpha / 2), scale=b, alpha=lev)
        _encloses(E.derived(o.GAUSS_SCALE), lambda accuracy, alpha: accuracy / -ncdf_inv(alpha / 2), accuracy=b,
                  alpha=lev)
    for rho, e in ((10 ** 1.3, 10.0), (0.01, 0.5)):
        _encloses(o.CKS_DELTA, o.cks_delta, rho=rho, epsilon=e)


def test_converter_composition_and_roots():
    c = _module("autodp_converter")
    for e, dl in ((1.0, 1e-6), (0.01, 1e-3), (20.0, 1e-12)):
        _encloses(E.derived(c.TIGHT_PURE_TO_APPROX), c.tight_pure_to_approx, epsilon=e, delta=dl)
    for s, e in ((10 ** -0.5, 1.0), (0.1, 5.0)):
        _encloses(c.BBGHS_DELTA, c.bbghs_delta, sigma=s, epsilon=e)
    p = _module("prv_accountant_composition")
    for e0, k, e in ((5.0, 10.0, 25.0), (0.5, 7.0, 0.3)):
        _encloses(E.derived(p.RR_COMPOSED_DELTA), p.rr_composed_delta, eps0=e0, k=k, epsilon=e)
    for s, dl in ((10 ** 0.5, 1e-132), (1.0, 1e-5), (100.0, 1e-3)):
        _encloses(E.gaussian_epsilon(), lambda sigma, delta: gx.epsilon(sigma, delta), sigma=s, delta=dl)
    for e, dl in ((1.0, 1e-5), (0.01, 1e-300)):
        _encloses(E.gaussian_sigma(), lambda epsilon, delta: gx.sigma(epsilon, delta), epsilon=e, delta=dl)


def test_finite_and_broken_values_are_exact():
    ok = E.finite(lambda x: 2.0 * x)
    broken = E.finite(lambda x: float("nan"))
    assert ok.witness_enclosure(64, x=mp.mpf(1)) == arb(1)
    assert broken.witness_enclosure(64, x=mp.mpf(1)) == arb(-1)
    below = E.at_least(lambda x: 0.1, lambda x: x, E.derived(__import__("sympy").Symbol("x")))
    ball = below.witness_enclosure(64, x=mp.mpf("0.5"))
    assert ball < 0 and abs(ball + arb("0.4")) < 1e-15
