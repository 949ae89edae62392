"""The benchmark cases: what is timed (the typical grid), what is only checked (the extremes), and the peers.

Typical grids (timed, and checked): epsilon log-uniform on [1e-3, 30]; mu in {0.1, 0.5, 1, 2, 10};
the DP-SGD noise levels of the TVD paper's Fig. 4; alpha log-uniform on [1e-12, 1); delta log-uniform
on [1e-12, 1e-3].  Extreme grids (checked only): epsilon up to 700 and down to -50, alpha and delta
down to 1e-300.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from . import references as ref

TYPICAL_EPS = (1e-3, 30.0)
PROFILE_MUS = (0.1, 0.5, 1.0, 2.0, 10.0)
FIG4_SIGMAS = (0.7, 0.8, 1.4, 2.0, 2.4, 3.7, 7.0)
"""Noise multipliers of the TVD paper's Fig. 4 (Jia et al. 2023: (1.4, 0.7), (2.0, 0.8), (3.7, 1.4), (7, 2.4))."""
FIG4_Q, FIG4_STEPS = 300 / 60000, 6000
"""Batch 300 of MNIST's 60,000 (Fig. 4's caption); 6000 steps, as in the README's dp-sgd example."""


@dataclass
class Impl:
    name: str
    fn: object                 # fn(*inputs) -> array
    note: str = ""
    timing_points: int | None = None   # time on a prefix of this many points, scaled to the full size
    timed: bool = True
    checked: bool = True


@dataclass
class Case:
    title: str
    grid: str                  # the typical grid, in words
    extreme: str               # the extreme grid, in words
    inputs: tuple              # timing inputs (arrays)
    sample: tuple              # accuracy inputs, typical grid
    extremes: tuple            # accuracy inputs, extreme grid
    reference: object          # reference(*scalars) -> (value, cond) as mpf
    impls: list = field(default_factory=list)
    baseline: str = ""         # the peer the ratio is taken against (the scipy log-space formula)
    unit: str = "points"
    scalar: bool = False       # implementations take scalars (timed as a loop over the inputs)
    calls: dict = field(default_factory=dict)   # special-function evaluations per point, by implementation


def _log_uniform(rng, lo, hi, n):
    return 10 ** rng.uniform(math.log10(lo), math.log10(hi), n)


def _fig4_mus():
    per_step = [1 / s for s in FIG4_SIGMAS]
    clt = [FIG4_Q * math.sqrt(FIG4_STEPS * math.expm1(1 / s ** 2)) for s in FIG4_SIGMAS]
    return np.array(per_step + clt)


# ------------------------------------------------------------------------------ Gaussian profile

def gaussian_profile_case(mu, n, m_acc, rng, dpa, adp):
    """mu a number, or "fig4" (the Fig. 4 noise levels, cycled over the points)."""
    from symdp.fdp import fast as fdp_fast
    eps = _log_uniform(rng, *TYPICAL_EPS, n)
    acc = _log_uniform(rng, *TYPICAL_EPS, m_acc)
    ext = np.concatenate([rng.uniform(30, 700, m_acc // 4), _log_uniform(rng, 1e-8, 1e-3, m_acc // 4),
                          -_log_uniform(rng, 1e-8, 50, m_acc // 4), [700.0, 300.0, 1e-8, -50.0]])
    if mu == "fig4":
        mus = _fig4_mus()
        m_t, m_a, m_e = (np.resize(mus, k) for k in (n, m_acc, ext.size))
        title = "Gaussian privacy profile delta(eps), DP-SGD of the TVD paper's Fig. 4"
        grid = (f"mu = 1/sigma (one step) and the CLT mu = q sqrt(T (e^(1/sigma^2) - 1)) (q = {FIG4_Q}, "
                f"T = {FIG4_STEPS}) for sigma in {FIG4_SIGMAS}, cycled; eps log-uniform on [1e-3, 30]; each "
                "implementation is called once per setting (mu a number)")
    else:
        m_t, m_a, m_e = mu, mu, mu
        title, grid = f"Gaussian privacy profile delta(eps), mu = {mu}", "eps log-uniform on [1e-3, 30]"
    case = Case(title, grid, "eps uniform on [30, 700], log-uniform on [1e-8, 1e-3] and on -[1e-8, 50]; "
                "delta down to 1e-300", (eps, _arr(m_t, n)), (acc, _arr(m_a, m_acc)), (ext, _arr(m_e, ext.size)),
                ref.ref_gaussian_profile, baseline=LOG_PROFILE)
    case.impls += [Impl("symdp fdp_fast.gaussian_profile", fdp_fast.gaussian_profile)] + _profile_peers(dpa, adp)
    for impl in case.impls:   # mu as a number, as a user with one mechanism (one DP-SGD setting) writes it
        impl.fn = (lambda f: lambda e, m: _per_mu(lambda one, x: f(x, one), e, m if mu == "fig4" else mu))(impl.fn)
    return case


def _arr(m, k):
    return np.full(k, float(m)) if np.ndim(m) == 0 else np.asarray(m, dtype=float)


LOG_PROFILE = "scipy exp(log_ndtr(a)) - exp(eps + log_ndtr(b))"


def _profile_peers(dpa, adp):
    from scipy import special as sc

    def plain(e, m):
        return sc.ndtr(m / 2 - e / m) - np.exp(e) * sc.ndtr(-m / 2 - e / m)

    def log_space(e, m):
        return np.exp(sc.log_ndtr(m / 2 - e / m)) - np.exp(e + sc.log_ndtr(-m / 2 - e / m))
    peers = [Impl("scipy ndtr(a) - exp(eps) ndtr(b)", plain), Impl(LOG_PROFILE, log_space)]
    if dpa:
        from dp_accounting.pld import privacy_loss_mechanism as plm
        peers.append(Impl("dp_accounting GaussianPrivacyLoss(1/mu).get_delta_for_epsilon (analytic)",
                          lambda e, m: plm.GaussianPrivacyLoss(1 / m, 1).get_delta_for_epsilon(e),
                          "one object per mu"))
    if adp:
        from autodp import dp_bank
        peers.append(Impl("autodp get_logdelta_ana_gaussian (scalar)", lambda e, m: np.array(
            [math.exp(dp_bank.get_logdelta_ana_gaussian(1 / m, float(x))) for x in e]),
            "Python loop; raises below eps = 0", timing_points=2000))
    return peers


def _per_mu(fn, x, m):
    """fn(mu, x[mu == value]) for each distinct mu, reassembled."""
    if np.ndim(m) == 0:
        return np.asarray(fn(float(m), x), dtype=float)
    out = np.empty(len(x))
    for value in np.unique(m):
        sel = m == value
        out[sel] = np.asarray(fn(float(value), x[sel]), dtype=float)
    return out


# ------------------------------------------------------------------------------ G_mu

LOG_TRADEOFF = "scipy exp(log_ndtr(-ndtri(alpha) - mu))"


def gaussian_tradeoff_case(mu, n, m_acc, rng, adp):
    from scipy import special as sc

    from symdp.fdp import fast as fdp_fast
    a = _log_uniform(rng, 1e-12, 1 - 1e-12, n)
    acc = _log_uniform(rng, 1e-12, 1 - 1e-12, m_acc)
    ext = np.concatenate([_log_uniform(rng, 1e-300, 1e-12, m_acc // 2), 1 - _log_uniform(rng, 1e-16, 1e-12, 20)])
    case = Case(f"Gaussian trade-off G_mu(alpha), mu = {mu}", "alpha log-uniform on [1e-12, 1)",
                "alpha log-uniform on [1e-300, 1e-12] and 1 - alpha on [1e-16, 1e-12]", (a,), (acc,), (ext,),
                lambda x: ref.ref_gaussian_tradeoff(x, mu), baseline=LOG_TRADEOFF)
    case.impls += [Impl("symdp fdp_fast.gaussian_tradeoff", lambda x: fdp_fast.gaussian_tradeoff(x, mu)),
                   Impl("scipy ndtr(ndtri(1 - alpha) - mu)", lambda x: sc.ndtr(sc.ndtri(1 - x) - mu),
                        "1 - alpha rounds: wrong for small alpha"),
                   Impl(LOG_TRADEOFF, lambda x: np.exp(sc.log_ndtr(-sc.ndtri(x) - mu)))]
    if adp:
        from autodp import fdp_bank
        case.impls.append(Impl("autodp fDP_gaussian", lambda x: fdp_bank.fDP_gaussian({"sigma": 1 / mu}, x)))
    return case


# ------------------------------------------------------------------------------ Laplace

LOG_LAPLACE_PROFILE = "numpy -expm1 piecewise (log-space form)"
LOG_LAPLACE_TRADEOFF = "numpy piecewise in logs: -expm1(eps + log a) | exp(-eps - log 4a) | exp(log1p(-a) - eps)"


def laplace_profile_case(eps, n, m_acc, rng, dpa):
    from symdp.fdp import fast as fdp_fast
    e2 = _log_uniform(rng, *TYPICAL_EPS, n)
    acc = _log_uniform(rng, *TYPICAL_EPS, m_acc)
    ext = np.concatenate([rng.uniform(-50, 700, m_acc // 2), -_log_uniform(rng, 1e-8, 50, m_acc // 4),
                          [-eps, eps * (1 - 1e-9), 1e-12]])
    case = Case(f"Laplace privacy profile delta(eps'), eps = {eps}", "eps' log-uniform on [1e-3, 30]",
                "eps' uniform on [-50, 700] and -eps' log-uniform on [1e-8, 50]", (e2,), (acc,), (ext,),
                lambda x: ref.ref_laplace_profile(x, eps), baseline=LOG_LAPLACE_PROFILE)
    case.impls += [
        Impl("symdp fdp_fast.laplace_profile", lambda x: fdp_fast.laplace_profile(x, eps)),
        Impl("numpy 1 - exp((eps' - eps)/2) (textbook, eps' >= -eps only)",
             lambda x: np.where(x <= eps, 1 - np.exp((np.minimum(x, eps) - eps) / 2), 0.0)),
        Impl(LOG_LAPLACE_PROFILE, lambda x: np.where(x <= -eps, -np.expm1(np.minimum(x, 0.0)), np.where(
            x <= eps, -np.expm1((np.minimum(x, eps) - eps) / 2), 0.0)))]
    if dpa:
        from dp_accounting.pld import privacy_loss_mechanism as plm
        loss = plm.LaplacePrivacyLoss(1.0, eps)
        case.impls.append(Impl("dp_accounting LaplacePrivacyLoss.get_delta_for_epsilon",
                               lambda x: np.asarray(loss.get_delta_for_epsilon(x), dtype=float)))
    return case


def laplace_tradeoff_case(eps, n, m_acc, rng):
    from symdp.fdp import fast as fdp_fast
    a = _log_uniform(rng, 1e-12, 1 - 1e-12, n)
    acc = _log_uniform(rng, 1e-12, 1 - 1e-12, m_acc)
    ext = np.concatenate([_log_uniform(rng, 1e-300, 1e-12, m_acc // 2), 1 - _log_uniform(rng, 1e-16, 1e-12, 20)])
    k = math.exp(-eps)
    case = Case(f"Laplace trade-off T(alpha), eps = {eps}", "alpha log-uniform on [1e-12, 1)",
                "alpha log-uniform on [1e-300, 1e-12] and 1 - alpha on [1e-16, 1e-12]", (a,), (acc,), (ext,),
                lambda x: ref.ref_laplace_tradeoff(x, eps), baseline=LOG_LAPLACE_TRADEOFF)
    case.impls += [
        Impl("symdp fdp_fast.laplace_tradeoff", lambda x: fdp_fast.laplace_tradeoff(x, eps)),
        Impl("numpy piecewise 1 - e^eps a | e^-eps/(4a) | e^-eps (1-a)", lambda x: np.where(
            x < k / 2, 1 - math.exp(eps) * x, np.where(x <= 0.5, k / (4 * x), k * (1 - x)))),
        Impl(LOG_LAPLACE_TRADEOFF, lambda x: np.where(x < k / 2, -np.expm1(eps + np.log(x)), np.where(
            x <= 0.5, np.exp(-eps - np.log(4 * x)), np.exp(np.log1p(-x) - eps))))]
    return case


# ------------------------------------------------------------------------------ calibrations

LOG_CALIBRATION = "scipy brentq on the log-space profile (scalar)"


def calibration_case(n, m_acc, rng, dpa, adp):
    from symdp.fdp import fast as fdp_fast
    from symdp.adversary import gaussian
    eps, acc, ext = _log_uniform(rng, *TYPICAL_EPS, n), _log_uniform(rng, *TYPICAL_EPS, m_acc), np.concatenate(
        [_log_uniform(rng, 1e-6, 1e-3, 10), rng.uniform(30, 300, 10)])
    case = _inverse_case("Analytic Gaussian calibration mu(eps, delta) (Balle and Wang 2018)",
                         "eps log-uniform on [1e-3, 30]", "eps in [1e-6, 1e-3] and [30, 300]", (eps, acc, ext),
                         rng, ref.ref_analytic_mu)
    _inverse_impls(case, fdp_fast.gaussian_mu, _brentq_mu, "analytic_mu",
                   lambda e, d: float(gaussian.analytic_mu(float(e), float(d))))
    if dpa:
        from dp_accounting.pld import common
        from dp_accounting.pld import privacy_loss_mechanism as plm
        case.impls.append(Impl("dp_accounting GaussianPrivacyLoss.from_privacy_guarantee", _scalar(lambda e, d: 1 / (
            plm.GaussianPrivacyLoss.from_privacy_guarantee(common.DifferentialPrivacyParameters(e, d), 1)
            .standard_deviation)), "Python loop", timing_points=40))
    if adp:
        from autodp import calibrator_zoo
        cal = calibrator_zoo.ana_gaussian_calibrator()
        case.impls.append(Impl("autodp ana_gaussian_calibrator", _scalar(lambda e, d: 1 / cal.param_from_eps_delta(
            lambda s, name=None: s, e, d)), "Python loop", timing_points=400))
    return case


def _inverse_case(title, first, first_extreme, firsts, rng, reference):
    """A calibration case: ``firsts`` = (timed, typical, extreme) first arguments, delta drawn here."""
    n, m_acc, m_ext = (len(v) for v in firsts)
    dl = [_log_uniform(rng, 1e-12, 1e-3, k) for k in (n, m_acc)] + [_log_uniform(rng, 1e-300, 1e-12, m_ext)]
    return Case(title, f"{first} x delta log-uniform on [1e-12, 1e-3]",
                f"{first_extreme}, delta log-uniform on [1e-300, 1e-12]", (firsts[0], dl[0]), (firsts[1], dl[1]),
                (firsts[2], dl[2]), reference, baseline=LOG_CALIBRATION)


def _inverse_impls(case, fast, brentq, name, mpmath_fn):
    case.impls += [Impl(f"symdp fdp_fast.{fast.__name__} (vectorised, doubles)", fast),
                   Impl(LOG_CALIBRATION, _scalar(brentq), "Python loop", timing_points=400),
                   Impl(f"symdp adversary.gaussian.{name} (mpmath, 60 digits)", _scalar(mpmath_fn), "Python loop",
                        timing_points=40)]


def epsilon_case(n, m_acc, rng, dpa, adp):
    from symdp.fdp import fast as fdp_fast
    from symdp.adversary import gaussian
    mus = np.array(list(PROFILE_MUS) + list(_fig4_mus()))
    case = _inverse_case("Gaussian epsilon(mu, delta) (inverse of the profile)",
                         "mu in {0.1, 0.5, 1, 2, 10} and the Fig. 4 mus, cycled", "mu in [1e-3, 0.1] and [10, 40]",
                         (np.resize(mus, n), np.resize(mus, m_acc),
                          np.concatenate([_log_uniform(rng, 1e-3, 0.1, 10), rng.uniform(10, 40, 10)])),
                         rng, ref.ref_analytic_epsilon)
    _inverse_impls(case, fdp_fast.gaussian_epsilon, _brentq_eps, "analytic_epsilon",
                   lambda m, d: float(gaussian.analytic_epsilon(float(m), float(d)) or 0.0))
    if adp:
        from autodp import dp_bank
        case.impls.append(Impl("autodp get_eps_ana_gaussian", _scalar(lambda m, d: dp_bank.get_eps_ana_gaussian(
            1 / m, d)), "Python loop", timing_points=100))
    return case


def _scalar(fn):
    def loop(*arrays):
        out = []
        for args in zip(*arrays):
            try:
                out.append(float(fn(*args)))
            except Exception:      # a peer that fails at some point: nan there (reported as non-finite)
                out.append(math.nan)
        return np.array(out)
    return loop


def _log_profile(e, m):
    """log delta by the log-space formula exp(log_ndtr(a)) - exp(eps + log_ndtr(b)) (floored at 5e-324)."""
    from scipy import special as sc
    d = math.exp(sc.log_ndtr(m / 2 - e / m)) - math.exp(e + sc.log_ndtr(-m / 2 - e / m))
    return math.log(max(d, 5e-324))


def _brentq_mu(e, d):
    from scipy.optimize import brentq
    lt = math.log(d)
    return math.exp(brentq(lambda s: _log_profile(e, math.exp(s)) - lt, -40, 10, xtol=1e-300, rtol=8.9e-16))


def _brentq_eps(m, d):
    from scipy.optimize import brentq
    lt = math.log(d)
    f = lambda s: lt - _log_profile(math.exp(s), m)
    if f(-30) > 0:
        return 0.0
    return math.exp(brentq(f, -30, 10, xtol=1e-300, rtol=8.9e-16))
