"""autodp 0.2.3.1, the user-facing ``mechanism_zoo`` and ``transformer_zoo``: the Gaussian mechanism, its
k-fold composition and one Poisson-sampled Gaussian step, against exact values.

- ExactGaussianMechanism(sigma).get_approxDP(delta) is the analytic Gaussian's eps(delta) (Balle and Wang 2018,
  Thm 8); ComposeGaussian of k copies must give the Gaussian with sigma/sqrt(k) (the privacy losses add: a sum
  of k independent N(mu^2/2, mu^2) is N(k mu^2/2, k mu^2)), for k up to 10^6;
- Composition of GaussianMechanism (the RDP route) must never fall below that exact epsilon;
- SubsampleGaussianMechanism (one step, sampling rate q) must never fall below the exact epsilon of the pair
  (1 - q) N(0, s^2) + q N(1, s^2) against N(0, s^2) (``_sampled_exact``, derived here), and its RDP
  (RenyiDP) agrees with the binomial expansion at integer orders (to 11 digits for q >= 0.1; digits are lost
  below q = 0.01) and is never below the divergence between them.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Phi, Status, derivation
from symdp.audit import PAPER, agrees, at_least
from symdp.symbols import eps, log10_delta, log10_k, log10_q, log10_sigma, order, q_rate, sigma, steps, x

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _enclosed as E  # noqa: E402
import _extremes as X  # noqa: E402
import _gaussian_exact as gx  # noqa: E402
import _sampled_exact as sx  # noqa: E402

VERSIONS = {"autodp": "0.2.3.1"}
DELTAS = {log10_delta: sp.Interval(-300, -3)}


def composed_eps(sigma, k, delta):
    return gx.epsilon(sigma / mp.sqrt(k), delta)


def compositions(d):
    from autodp import mechanism_zoo as mz, transformer_zoo as tz
    d.note(r"$k$ Gaussian mechanisms with noise $\sigma$: the privacy losses are independent "
           r"$\mathcal N(\mu^2/2, \mu^2)$, $\mu = 1/\sigma$, their sum $\mathcal N(k\mu^2/2, k\mu^2)$ is the loss of "
           r"one Gaussian with $\sigma/\sqrt k$; its $\epsilon(\delta)$ is Balle and Wang's (Thm 8)")
    exact_one = lambda sigma, delta: gx.epsilon(sigma, delta)
    single = X.quiet(lambda sigma, delta: mz.ExactGaussianMechanism(sigma).get_approxDP(delta))
    by = lambda **p: {"sigma": 10.0 ** p["log10_sigma"], "delta": 10.0 ** p["log10_delta"]}
    grid = {log10_sigma: sp.Interval(-2, 2), **DELTAS}
    d.sign("ExactGaussianMechanism.get_approxDP:digits", agrees(single, exact_one, 10, by), "nonnegative", grid,
           n=12, text=r"ExactGaussianMechanism agrees with the exact $\epsilon(\delta)$ to 10 digits, "
                      r"$10^{-2} \le \sigma \le 10^2$, $10^{-300} \le \delta \le 10^{-3}$ (it calls "
                      r"get_eps_ana_gaussian: libraries.autodp.dp-bank, finding autodp-8)")
    composed = X.quiet(lambda sigma, k, delta: tz.ComposeGaussian()([mz.ExactGaussianMechanism(sigma)],
                                                                     [int(k)]).get_approxDP(delta))
    by_k = lambda **p: {"sigma": 10.0 ** p["log10_sigma"], "k": float(round(10.0 ** p["log10_k"])),
                        "delta": 10.0 ** p["log10_delta"]}
    many = {log10_sigma: sp.Interval(0, 3), log10_k: sp.Interval(0, 6), **DELTAS}
    d.sign("ComposeGaussian:digits", agrees(composed, composed_eps, 10, by_k), "nonnegative", many, n=12,
           text=r"ComposeGaussian of $k$ ExactGaussianMechanisms agrees with the Gaussian at $\sigma/\sqrt k$ to "
                r"10 digits, $1 \le k \le 10^6$, $1 \le \sigma \le 10^3$")
    rdp_route = X.quiet(lambda sigma, k, delta: tz.Composition()([mz.GaussianMechanism(sigma)],
                                                                  [int(k)]).get_approxDP(delta))
    d.sign("Composition:conservative", at_least(rdp_route, composed_eps, by_k), "nonnegative",
           {log10_sigma: sp.Interval(0, 3), log10_k: sp.Interval(0, 5), **DELTAS}, n=12,
           text=r"Composition of $k$ GaussianMechanisms (autodp's RDP and characteristic-function route) is never "
                r"below the exact $\epsilon$, $1 \le k \le 10^5$")
    return composed


def sampled(d):
    from autodp import mechanism_zoo as mz
    y = x
    s = sigma
    p_pdf = (1 - q_rate) * sp.exp(-y ** 2 / (2 * s ** 2)) + q_rate * sp.exp(-(y - 1) ** 2 / (2 * s ** 2))
    ratio = d.rewrite(r"\frac{dP}{dQ}", p_pdf / sp.exp(-y ** 2 / (2 * s ** 2)), "simplify",
                      r"one sampled Gaussian step: $P = (1-q)\mathcal N(0,\sigma^2) + q\mathcal N(1,\sigma^2)$, "
                      r"$Q = \mathcal N(0, \sigma^2)$")
    d.identity("SubsampleGaussianMechanism:ratio", ratio, 1 - q_rate + q_rate * sp.exp((2 * y - 1) / (2 * s ** 2)),
               text=r"the likelihood ratio $1 - q + q e^{(2y-1)/(2\sigma^2)}$ increases in $y$: the loss exceeds "
                    r"$\epsilon$ exactly above $y^* = \sigma^2\log((e^\epsilon - 1 + q)/q) + 1/2$")
    ystar = s ** 2 * sp.log((sp.exp(eps) - 1 + q_rate) / q_rate) + sp.Rational(1, 2)
    profile = d.define(r"\delta_q(\epsilon)", (1 - q_rate) * (1 - Phi(ystar / s)) + q_rate * (1 - Phi((ystar - 1) / s))
                       - sp.exp(eps) * (1 - Phi(ystar / s)), r"$P(Y > y^*) - e^\epsilon Q(Y > y^*)$")
    oracle = lambda sigma, q, epsilon: mp.quad(lambda v: max(mp.mpf(0), (1 - q) * mp.npdf(v, 0, sigma) + q * mp.npdf(
        v, 1, sigma) - mp.exp(epsilon) * mp.npdf(v, 0, sigma)), [sx.threshold(q, sigma, epsilon), mp.inf])
    d.cross_check("SubsampleGaussianMechanism:profile", profile, oracle,
                  {sigma: sp.Interval(sp.Rational(1, 2), 2),
                   q_rate: sp.Interval(sp.Rational(1, 10), sp.Rational(9, 10)),
                   eps: sp.Interval(sp.Rational(1, 10), 2)},
                  n=3,
                  text="the profile against the hockey-stick integral from $y^*$ on (quadrature)")
    lib = X.quiet(lambda q, sigma, delta: mz.SubsampleGaussianMechanism({"prob": q, "sigma": sigma, "coeff": 1})
                  .get_approxDP(delta))
    exact = lambda q, sigma, delta: sx.epsilon(q, sigma, delta)
    by = lambda **p: {"q": 10.0 ** p["log10_q"], "sigma": 10.0 ** p["log10_sigma"], "delta": 10.0 ** p["log10_delta"]}
    d.sign("SubsampleGaussianMechanism:conservative", at_least(lib, exact, by), "nonnegative",
           {log10_q: sp.Interval(-4, -sp.Rational(1, 100)), log10_sigma: sp.Interval(-sp.Rational(1, 2), 1),
            log10_delta: sp.Interval(-12, -3)}, n=10,
           text=r"one SubsampleGaussianMechanism step is never below the exact $\epsilon$ of the pair, "
                r"$10^{-4} \le q \le 0.98$, $0.32 \le \sigma \le 10$, $10^{-12} \le \delta \le 10^{-3}$ (safe, and "
                r"loose: 0.956 against 0.199 at $q = 0.01$, $\sigma = 1$, $\delta = 10^{-5}$; see the table)")
    rdp = X.quiet(lambda q, sigma, alpha: mz.SubsampleGaussianMechanism({"prob": q, "sigma": sigma, "coeff": 1})
                  .RenyiDP(alpha))
    integer = lambda **p: {"q": 10.0 ** p["log10_q"], "sigma": p["sigma"], "alpha": float(p["steps"])}
    binomial = lambda q, sigma, alpha: sx.rdp_binomial(q, sigma, alpha)
    d.sign("SubsampleGaussianMechanism.RenyiDP:digits-integer", agrees(rdp, binomial, 11, integer), "nonnegative",
           {log10_q: sp.Interval(-1, -sp.Rational(3, 10)), sigma: sp.Interval(sp.Rational(1, 2), 5),
            steps: sp.Interval(2, 64)},
           text=r"the RDP of one sampled step at integer orders 2..64 agrees to 11 digits with the binomial "
                r"expansion of $E_Q[(1 - q + q e^{(2y-1)/(2\sigma^2)})^\alpha]$ (Mironov, Talwar, Zhang 2019; checked "
                r"against quadrature in libraries.prv_accountant.prvs), $0.1 \le q \le 0.5$: Zhu and Wang's "
                r"Poisson bound is tight there")
    d.sign("SubsampleGaussianMechanism.RenyiDP:digits-small-q", E.agrees(rdp, binomial, E.SAMPLED_RDP_SUM, 8, integer), "nonnegative",
           {log10_q: sp.Interval(-4, -2), sigma: sp.Interval(sp.Rational(1, 2), 5), steps: sp.Interval(2, 64)},
           expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits, either sign): for $q \le 10^{-2}$ the RDP ($\approx "
                r"\alpha q^2(e^{1/\sigma^2} - 1)/2$, down to $10^{-10}$) is the log of a number near 1 and keeps only "
                r"its absolute accuracy $10^{-16}$: fewer than 8 digits (as prv_accountant's, finding prv-5)")
    frac = lambda **p: {"q": 10.0 ** p["log10_q"], "sigma": p["sigma"], "alpha": p["order"]}
    d.sign("SubsampleGaussianMechanism.RenyiDP:conservative-fractional", at_least(rdp, lambda q, sigma, alpha:
           sx.rdp_quadrature(q, sigma, alpha), frac), "nonnegative",
           {log10_q: sp.Interval(-3, -1), sigma: sp.Interval(1, 3), order: sp.Interval(sp.Rational(11, 10), 6)}, n=6,
           text=r"at fractional orders $1.1 .. 6$ it is never below the divergence by quadrature (autodp "
                r"interpolates between integer orders: valid, looser, e.g. $2.34\cdot 10^{-4}$ against "
                r"$2.18\cdot 10^{-4}$ at $q = 0.01$, $\sigma = 1$, $\alpha = 2.5$)")
    return lib, exact


@derivation(id="libraries.autodp.zoo", title="autodp mechanism_zoo and transformer_zoo: the Gaussian mechanism, "
            "its compositions and one sampled step against exact values", paper=PAPER,
            where="autodp 0.2.3.1: mechanism_zoo.ExactGaussianMechanism, GaussianMechanism, "
                  "SubsampleGaussianMechanism; transformer_zoo.ComposeGaussian, Composition", requires=VERSIONS)
def zoo_audit(d):
    composed = compositions(d)
    lib, exact = sampled(d)
    rows = [X.row("ComposeGaussian of 10^6 ExactGaussianMechanism(1000), delta = 1e-10", composed, composed_eps,
                  sigma=1000.0, k=1e6, delta=1e-10),
            X.row("SubsampleGaussianMechanism(q = 0.01, sigma = 1), one step, delta = 1e-5", lib, exact,
                  q=0.01, sigma=1.0, delta=1e-5)]
    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("ExactGaussianMechanism.get_approxDP", "get_eps_ana_gaussian (Balle and Wang 2018, Thm 8)"),
        ("ComposeGaussian", "one Gaussian with sigma/sqrt(k), then get_eps_ana_gaussian"),
        ("Composition", "RDP (and characteristic-function) composition of GaussianMechanism, then conversion"),
        ("SubsampleGaussianMechanism", "RDP amplification by Poisson sampling (Zhu and Wang 2019), then conversion"),
        ("SubsampleGaussianMechanism.RenyiDP", "the same RDP curve at one order")])
    d.table("extremes", "autodp's zoo beside the exact values", X.HEADER, rows)
