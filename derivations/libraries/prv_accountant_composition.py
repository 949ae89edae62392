"""prv_accountant 0.2.0: the composed privacy guarantees, PRVAccountant.compute_epsilon / compute_delta
(Gopi, Lee and Wutschitz 2021) and the RDP accountant of ``other_accountants``, against exact composition.

Exact answers a composition must bracket:

- k Gaussian mechanisms with noise multiplier sigma compose to one Gaussian with
  mu = sqrt(k)/sigma (the privacy loss is a sum of k independent N(mu_1^2/2, mu_1^2)),
  so eps(delta) and delta(eps) are the analytic Gaussian's at sigma/sqrt(k)
  (Balle and Wang 2018, Thm 8; ``_gaussian_exact``);
- k randomised responses (PureDPMechanism(eps_0)) have loss eps_0 (k - 2i), i ~ Bin(k, 1/(1 + e^eps_0)),
  and delta(eps) = E[(1 - e^(eps - L))_+], a finite sum evaluated at the working precision.

The accountant returns (lower, estimate, upper) and promises that the true value
lies between the bounds (Theorem 5.5 of Gopi et al.); the claims check exactly that.
"""
import functools
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.audit import PAPER, at_least, at_most, finite, within
from symdp.symbols import delta, eps, log10_delta, log10_q, log10_sigma, sigma, steps, x

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _enclosed as E  # noqa: E402
import _extremes as X  # noqa: E402
import _gaussian_exact as gx  # noqa: E402
import _sampled_exact as sx  # noqa: E402

VERSIONS = {"prv_accountant": "0.2.0"}
EPS_ERROR = 0.05
eps0 = sp.Symbol("epsilon_0", positive=True)
k_ = sp.Symbol("k", positive=True, integer=True)
i_ = sp.Symbol("i", nonnegative=True, integer=True)
ORDERS = [1.0 + j / 10.0 for j in range(1, 100)] + list(range(12, 64))
"""The RDP accountant's default orders (other_accountants.RDP, documented in its signature)."""


@functools.lru_cache(maxsize=256)
def gaussian_prv(noise_multiplier, k, target, what):
    """PRVAccountant on k Gaussian mechanisms: compute_epsilon(target) or compute_delta(target) (cached)."""
    from prv_accountant import PRVAccountant
    from prv_accountant.privacy_random_variables import GaussianMechanism
    delta_error = (target if what == "epsilon" else 1e-6) / 1000
    acc = PRVAccountant([GaussianMechanism(noise_multiplier)], eps_error=EPS_ERROR, delta_error=delta_error,
                        max_self_compositions=[k])
    return acc.compute_epsilon(target, [k]) if what == "epsilon" else acc.compute_delta(target, [k])


@functools.lru_cache(maxsize=256)
def sampled_prv(q, noise_multiplier, epsilon):
    """PRVAccountant on one Poisson-subsampled Gaussian step: compute_delta(epsilon) (cached)."""
    from prv_accountant import PRVAccountant
    from prv_accountant.privacy_random_variables import PoissonSubsampledGaussianMechanism
    acc = PRVAccountant([PoissonSubsampledGaussianMechanism(q, noise_multiplier)], eps_error=EPS_ERROR,
                        delta_error=1e-9, max_self_compositions=[1])
    return acc.compute_delta(epsilon, [1])


@functools.lru_cache(maxsize=256)
def pure_prv(eps0, k, epsilon):
    """PRVAccountant on k randomised responses (PureDPMechanism(eps0)): compute_delta(epsilon) (cached)."""
    from prv_accountant import PRVAccountant
    from prv_accountant.privacy_random_variables import PureDPMechanism
    acc = PRVAccountant([PureDPMechanism(eps0)], eps_error=EPS_ERROR, delta_error=1e-9, max_self_compositions=[k])
    return acc.compute_delta(epsilon, [k])


def composed_eps(noise_multiplier, k, delta):
    return gx.epsilon(noise_multiplier / mp.sqrt(k), delta)


def composed_delta(noise_multiplier, k, epsilon):
    return gx.delta(epsilon, noise_multiplier / mp.sqrt(k))


def rr_composed_delta(eps0, k, epsilon):
    """delta(eps) of k randomised responses: sum over i flips of C(k, i) p^(k-i) (1-p)^i (1 - e^(eps - L_i))_+."""
    p = 1 / (1 + mp.exp(-eps0))
    n = int(k)
    terms = [mp.binomial(n, i) * p ** (n - i) * (1 - p) ** i * -mp.expm1(epsilon - eps0 * (n - 2 * i))
             for i in range(n + 1) if eps0 * (n - 2 * i) > epsilon]
    return mp.fsum(terms)


_e0, _k, _e = sp.Symbol("eps0", positive=True), sp.Symbol("k", positive=True), sp.Symbol("epsilon", real=True)
_j = sp.Symbol("i", integer=True, nonnegative=True)
_p = 1 / (1 + sp.exp(-_e0))
RR_COMPOSED_DELTA = sp.Sum(sp.binomial(_k, _j) * _p ** (_k - _j) * (1 - _p) ** _j
                           * sp.Max(0, 1 - sp.exp(_e - _e0 * (_k - 2 * _j))), (_j, 0, _k))
"""rr_composed_delta as a SymPy expression of eps0, k (an integer at every point) and epsilon."""


def gaussian_composition(d):
    d.note(r"$k$ Gaussian mechanisms, noise multiplier $\sigma$: the losses are independent "
           r"$\mathcal N(\mu_1^2/2, \mu_1^2)$, $\mu_1 = 1/\sigma$; their sum is "
           r"$\mathcal N(k\mu_1^2/2, k\mu_1^2)$, the "
           r"loss of one Gaussian with $\mu = \sqrt k/\sigma$ (libraries.prv_accountant.prvs proves the one-step "
           r"CDF), so the exact $\epsilon(\delta)$ is the analytic Gaussian's at $\sigma/\sqrt k$")
    pick = lambda j, what: (lambda noise_multiplier, k, target: gaussian_prv(noise_multiplier, int(k), target,
                                                                                 what)[j])
    grid = {log10_sigma: sp.Interval(-sp.Rational(3, 10), sp.Rational(13, 10)), steps: sp.Interval(1, 1000),
            log10_delta: sp.Interval(-10, -3)}
    by_delta = lambda **p: {"noise_multiplier": 10.0 ** p["log10_sigma"], "k": p["steps"],
                            "target": 10.0 ** p["log10_delta"]}
    exact = lambda noise_multiplier, k, target: composed_eps(noise_multiplier, k, target)
    d.sign("PRVAccountant.compute_epsilon:upper", at_least(pick(2, "epsilon"), exact, by_delta), "nonnegative", grid,
           n=5, text=rf"for $k$ Gaussian mechanisms ($0.5 \le \sigma \le 20$, $1 \le k \le 1000$, $10^{{-10}} \le "
                     rf"\delta \le 10^{{-3}}$, eps_error $= {EPS_ERROR}$, delta_error $= \delta/1000$) the upper "
                     r"bound is at least the exact $\epsilon(\delta)$")
    d.sign("PRVAccountant.compute_epsilon:lower", at_most(pick(0, "epsilon"), exact, by_delta), "nonnegative", grid,
           n=5, text=r"and the lower bound at most the exact one")
    d.sign("PRVAccountant.compute_epsilon:estimate", within(pick(1, "epsilon"), exact, str(EPS_ERROR), 0, by_delta),
           "nonnegative", grid, n=5, text=r"the estimate lies within eps_error of the exact $\epsilon$")
    by_eps = lambda **p: {"noise_multiplier": 10.0 ** p["log10_sigma"], "k": p["steps"], "target": p["epsilon"]}
    exact_delta = lambda noise_multiplier, k, target: composed_delta(noise_multiplier, k, target)
    grid_d = {log10_sigma: sp.Interval(-sp.Rational(3, 10), sp.Rational(13, 10)), steps: sp.Interval(1, 1000),
              eps: sp.Interval(sp.Rational(1, 10), 5)}
    d.sign("PRVAccountant.compute_delta:upper", at_least(pick(2, "delta"), exact_delta, by_eps), "nonnegative",
           grid_d, n=5, text=r"compute_delta's upper bound is at least the exact $\delta(\epsilon)$ of the "
                             r"composition (delta_error $= 10^{-9}$)")
    d.sign("PRVAccountant.compute_delta:lower", at_most(pick(0, "delta"), exact_delta, by_eps), "nonnegative",
           grid_d, n=5, text=r"and its lower bound at most the exact one")
    tiny = {log10_sigma: sp.Interval(-sp.Rational(3, 10), sp.Rational(13, 10)), steps: sp.Interval(1, 100),
            log10_delta: sp.Interval(-300, -100)}
    d.sign("PRVAccountant.compute_epsilon:finite-small-delta", E.finite(pick(1, "epsilon"), by_delta), "positive",
           tiny, n=3, expect=Status.REFUTED,
           text=r"FINDING (documented refusal): for $\delta \le 10^{-100}$ (delta_error $= \delta/1000$) the "
                r"accountant raises ValueError 'Floating point errors will dominate for such small values of "
                r"delta': an explicit limit, not a silent error (the exact $\epsilon$ is finite: 71.97 at "
                r"$\sigma = 1$, $k = 10$, $\delta = 10^{-100}$)")
    sampled = lambda j: (lambda q, noise_multiplier, epsilon: sampled_prv(q, noise_multiplier, epsilon)[j])
    by_q = lambda **p: {"q": 10.0 ** p["log10_q"], "noise_multiplier": p["sigma"], "epsilon": p["epsilon"]}
    exact_q = lambda q, noise_multiplier, epsilon: sx.delta(q, noise_multiplier, epsilon)
    one_step = {log10_q: sp.Interval(-3, -sp.Rational(1, 10)), sigma: sp.Interval(sp.Rational(1, 2), 3),
                eps: sp.Interval(sp.Rational(1, 10), 3)}
    d.sign("PRVAccountant.compute_delta:sampled-upper", at_least(sampled(2), exact_q, by_q), "nonnegative", one_step,
           n=5, text=r"one Poisson-subsampled Gaussian step ($10^{-3} \le q \le 0.8$, $0.5 \le \sigma \le 3$): "
                     r"the upper bound on $\delta(\epsilon)$ is at least the exact hockey-stick divergence "
                     r"(libraries.autodp.zoo derives it)")
    d.sign("PRVAccountant.compute_delta:sampled-lower", at_most(sampled(0), exact_q, by_q), "nonnegative", one_step,
           n=5, text=r"and the lower bound at most")
    return pick(2, "epsilon"), exact


def pure_composition(d):
    p = sp.exp(eps0) / (1 + sp.exp(eps0))
    d.define(r"\delta_k(\epsilon)", sp.Sum(sp.binomial(k_, i_) * p ** (k_ - i_) * (1 - p) ** i_
                                           * sp.Max(0, 1 - sp.exp(eps - eps0 * (k_ - 2 * i_))), (i_, 0, k_)),
             r"$H_{e^\epsilon}(P^k\|Q^k) = E_P[(1 - e^{\epsilon - L})_+]$, $L = \epsilon_0(k - 2i)$ with $i$ the "
             r"number of flipped answers, $i \sim \mathrm{Bin}(k, 1 - p)$ (the exact composition of Kairouz et al. "
             r"2015)")
    upper = lambda eps0, k, epsilon: pure_prv(eps0, int(k), epsilon)[2]
    lower = lambda eps0, k, epsilon: pure_prv(eps0, int(k), epsilon)[0]
    exact = lambda eps0, k, epsilon: rr_composed_delta(eps0, k, epsilon)
    small = {eps0: sp.Interval(sp.Rational(1, 100), 1), steps: sp.Interval(1, 100), x: sp.Interval(0, 1)}
    scaled = lambda **p: {"eps0": p["epsilon_0"], "k": p["steps"], "epsilon": p["x"] * p["epsilon_0"] * p["steps"]}
    d.sign("PRVAccountant.compute_delta:pure-dp-upper", at_least(upper, exact, scaled), "nonnegative", small, n=6,
           text=r"for $k \le 100$ randomised responses with $\epsilon_0 \le 1$, at $\epsilon = x k\epsilon_0$, the "
                r"upper bound is at least the exact $\delta$")
    d.sign("PRVAccountant.compute_delta:pure-dp-lower", at_most(lower, exact, scaled), "nonnegative", small, n=6,
           text=r"and the lower bound at most")
    large = {eps0: sp.Interval(3, 8), steps: sp.Interval(2, 20), x: sp.Interval(sp.Rational(1, 5), sp.Rational(4, 5))}
    d.sign("PRVAccountant.compute_delta:pure-dp-upper-large-eps", E.at_least(upper, exact, RR_COMPOSED_DELTA, scaled), "nonnegative",
           large, n=6, expect=Status.REFUTED,
           text=r"FINDING (unsafe: the bound does not hold): for $3 \le \epsilon_0 \le 8$ the upper bound falls far "
                r"below the exact $\delta$ (e.g. $\epsilon_0 = 5$, $k = 10$, $\epsilon = 20$: upper bound 0.0649, "
                r"exact 0.99997). The accountant truncates the loss to $[-L, L]$ with $L$ from an RDP bound, and "
                r"PureDPMechanism.rdp understates the RDP (libraries.prv_accountant.prvs), so the mass at "
                r"$L = k\epsilon_0$ is cut off and the remainder renormalised")
    return upper, exact


def rdp_accountant(d):
    from prv_accountant.other_accountants import RDP
    from prv_accountant.privacy_random_variables import GaussianMechanism
    a_ = sp.Symbol("alpha", positive=True)
    rho = sp.Symbol("rho", positive=True)
    d.define(r"\epsilon(\alpha)", rho + sp.log(1 - 1 / a_) - sp.log(delta * a_) / (a_ - 1),
             r"the conversion RDP.compute_epsilon implements at each order (Balle et al. 2020, Thm 21), "
             r"minimised over its fixed orders $1.1, 1.2, \ldots, 10.9, 12, \ldots, 63$")
    lib = lambda noise_multiplier, k, delta: RDP([GaussianMechanism(noise_multiplier)]).compute_epsilon(
        delta, [int(k)])[1]
    def grid_min(noise_multiplier, k, delta):
        return min(k * a / (2 * noise_multiplier ** 2) + mp.log1p(-1 / mp.mpf(a)) - mp.log(delta * a) / (a - 1)
                   for a in map(mp.mpf, ORDERS))
    by = lambda **p: {"noise_multiplier": 10.0 ** p["log10_sigma"], "k": p["steps"],
                      "delta": 10.0 ** p["log10_delta"]}
    grid = {log10_sigma: sp.Interval(-1, 1), steps: sp.Interval(1, 1000), log10_delta: sp.Interval(-300, -3)}
    from symdp.audit import agrees
    d.sign("RDP.compute_epsilon:digits", agrees(lib, grid_min, 12, by), "nonnegative", grid,
           text=r"RDP.compute_epsilon agrees with the conversion minimised over its orders to 12 digits "
                r"($k$ Gaussian mechanisms, $0.1 \le \sigma \le 10$, $10^{-300} \le \delta \le 10^{-3}$)")
    d.sign("RDP.compute_epsilon:conservative", at_least(lib, lambda noise_multiplier, k, delta: composed_eps(
        noise_multiplier, k, delta), by), "nonnegative", grid, n=12,
        text=r"and it is never below the exact $\epsilon$ of the composition (a valid bound)")
    sign_only = lambda noise_multiplier, delta: mp.mpf(lib(noise_multiplier, 1, delta))
    d.sign("RDP.compute_epsilon:nonnegative", E.library_value(lambda log10_sigma, delta: sign_only(
           10.0 ** float(log10_sigma), float(delta))), "nonnegative", {log10_sigma: sp.Interval(1, 3), delta: sp.Interval(sp.Rational(1, 10),
                                                                                          sp.Rational(9, 10))},
           expect=Status.REFUTED,
           text=r"FINDING (inconsistent output): the conversion is not floored at 0: for large $\sigma$ and "
                r"$\delta \ge 0.1$ the returned estimate and 'upper bound' are negative while the returned lower "
                r"bound is 0.0, e.g. RDP([GaussianMechanism(100)]).compute_epsilon(0.5, [1]) = (0.0, -0.693047, "
                r"-0.693047). Read as a negative-$\epsilon$ statement it is valid (the exact root of "
                r"$\delta_\sigma(\epsilon) = 0.5$ at $\sigma = 100$ is $-0.693147$), but it breaks the "
                r"convention $\epsilon \ge 0$ and the tuple's own order")
    return lib, grid_min


@derivation(id="libraries.prv_accountant.composition", title="prv_accountant: composed epsilon and delta against "
            "exact composition", paper=PAPER,
            where="prv_accountant 0.2.0: PRVAccountant.compute_epsilon, PRVAccountant.compute_delta, "
                  "other_accountants.RDP.compute_epsilon", requires=VERSIONS)
def composition_audit(d):
    upper, exact = gaussian_composition(d)
    pure_upper, pure_exact = pure_composition(d)
    rdp, rdp_min = rdp_accountant(d)
    rows = [X.row("PRVAccountant(GaussianMechanism(1), eps_error=0.05).compute_epsilon(1e-5, [100]) upper", upper,
                  exact, noise_multiplier=1.0, k=100, target=1e-5),
            X.row("PRVAccountant(PureDPMechanism(5), ...).compute_delta(20, [10]) upper", pure_upper, pure_exact,
                  eps0=5.0, k=10, epsilon=20.0),
            X.row("PRVAccountant(PureDPMechanism(8), ...).compute_delta(100, [20]) upper", pure_upper, pure_exact,
                  eps0=8.0, k=20, epsilon=100.0),
            X.row("RDP([GaussianMechanism(100)]).compute_epsilon(0.5, [1]) estimate", rdp, rdp_min,
                  noise_multiplier=100.0, k=1, delta=0.5)]
    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("PRVAccountant.compute_epsilon", "discretised PRVs composed by FFT; (eps_lower, eps_estimate, eps_upper) "
                                          "with error bounds (Gopi, Lee and Wutschitz 2021, Thm 5.5)"),
        ("PRVAccountant.compute_delta", "the same composition; delta at eps + eps_error - delta_error, eps, eps - "
                                        "eps_error + delta_error"),
        ("RDP.compute_epsilon", "min over fixed orders of rho + log(1 - 1/alpha) - log(delta alpha)/(alpha - 1) "
                                "(Balle et al. 2020, Thm 21)")])
    d.table("extremes", "prv_accountant's composed guarantees beside the exact composition", X.HEADER, rows)
