"""autodp 0.2.3.1, ``autodp.converter``: the conversions between pure DP, approximate DP, RDP and f-DP,
derived and compared with the library.

- pure DP to approximate DP: every eps-DP pair is a post-processing of randomised
  response RR_eps (Kairouz et al. 2015), whose hockey-stick divergence at e^eps'
  is (e^eps - e^eps')/(1 + e^eps); the tight eps'(delta) solves it.
- pure / approximate DP to f-DP: max(0, 1 - delta - e^eps a, e^-eps (1 - delta - a))
  (Dong, Roth and Su 2022, Prop. 2.5).
- RDP to approximate DP: Balle et al. 2020 (BBGHS), Thm 21,
  eps = inf_alpha rho(alpha) + log((alpha - 1)/alpha) - (log delta + log alpha)/(alpha - 1),
  and its delta(eps) form (Canonne et al. 2020); for the Gaussian's rho = alpha/(2 sigma^2)
  the infimum is at the root of a monotone derivative, found by bisection at the working
  precision.  A conversion's output must never be below the exact epsilon / delta of the
  mechanism (privacy overstated); it may be above (a valid, looser bound).
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.audit import PAPER, agrees, at_least, log10_inputs
from symdp.symbols import delta, eps, eps2, fpr, log10_a, log10_delta, log10_eps, log10_sigma, sigma

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _enclosed as E  # noqa: E402
import _extremes as X  # noqa: E402
import _gaussian_exact as gx  # noqa: E402

VERSIONS = {"autodp": "0.2.3.1"}
a_R = sp.Symbol("alpha", positive=True)
DELTAS = {log10_delta: sp.Interval(-300, -3)}


def tight_pure_to_approx(epsilon, delta):
    """The least eps' with (eps', delta)-DP for every eps-DP pair: RR_eps's profile inverted."""
    inner = mp.exp(epsilon) - delta * (1 + mp.exp(epsilon))
    return max(mp.mpf(0), mp.log(inner)) if inner > 0 else mp.mpf(0)


_inner = sp.exp(eps) - delta * (1 + sp.exp(eps))
TIGHT_PURE_TO_APPROX = sp.Piecewise((0, _inner <= 0), (sp.Max(0, sp.log(_inner)), True))
"""tight_pure_to_approx as a SymPy expression of epsilon and delta (its enclosure certifies a witness)."""
_a_r = sp.Symbol("alpha_min", positive=True)
BBGHS_LOG = (_a_r - 1) * (_a_r / (2 * sigma ** 2) - eps) + (_a_r - 1) * sp.log(1 - 1 / _a_r) - sp.log(_a_r)
"""log of the objective of bbghs_delta, a function of the order alpha_min, sigma and epsilon."""
BBGHS_DELTA = E.minimum_at_root(
    sp.Min(1, sp.exp(BBGHS_LOG)), (2 * _a_r - 1) / (2 * sigma ** 2) - eps + sp.log(1 - 1 / _a_r), _a_r,
    lambda sigma, epsilon: gx.bisect(lambda a: -((2 * a - 1) / (2 * sigma ** 2) - epsilon + mp.log1p(-1 / a)),
                                     1 + mp.mpf(10) ** (-mp.mp.dps // 2), 2 + 2 * sigma ** 2 * (epsilon + 1)))
"""bbghs_delta enclosed: the order where the log-objective's increasing derivative vanishes, then the objective."""


def tradeoff(epsilon, delta, a):
    """The (eps, delta)-DP trade-off function max(0, 1 - delta - e^eps a, e^-eps (1 - delta - a))."""
    return max(mp.mpf(0), 1 - delta - mp.exp(epsilon) * a, mp.exp(-epsilon) * (1 - delta - a))


def bbghs_eps(sigma, delta):
    """inf over alpha > 1 of BBGHS Thm 21 for rho = alpha/(2 sigma^2), floored at 0 as the library floors it.

    The derivative is 1/(2 sigma^2) + log(delta alpha)/(alpha - 1)^2, whose sign is that of the increasing
    (alpha - 1)^2/(2 sigma^2) + log(delta alpha): one root, by bisection.
    """
    g = lambda a: -((a - 1) ** 2 / (2 * sigma ** 2) + mp.log(delta * a))
    top = 2 + sigma * mp.sqrt(2 * mp.log(1 / delta))
    a = gx.bisect(g, mp.mpf(1), top)
    return max(mp.mpf(0), a / (2 * sigma ** 2) + mp.log((a - 1) / a) - (mp.log(delta) + mp.log(a)) / (a - 1))


def bbghs_delta(sigma, epsilon):
    """inf over alpha > 1 of e^((alpha - 1)(rho - eps)) (1 - 1/alpha)^(alpha - 1)/alpha, capped at 1.

    The log's derivative (2 alpha - 1)/(2 sigma^2) - eps + log(1 - 1/alpha) increases: one root, by bisection.
    """
    h = lambda a: -((2 * a - 1) / (2 * sigma ** 2) - epsilon + mp.log1p(-1 / a))
    top = 2 + 2 * sigma ** 2 * (epsilon + 1)
    a = gx.bisect(h, 1 + mp.mpf(10) ** (-mp.mp.dps // 2), top)
    return min(mp.mpf(1), mp.exp((a - 1) * (a / (2 * sigma ** 2) - epsilon) + (a - 1) * mp.log1p(-1 / a)) / a)


def pure_to_approx(d):
    from autodp import converter
    profile = d.define(r"H_{e^{\epsilon'}}(RR_\epsilon)", (sp.exp(eps) - sp.exp(eps2)) / (1 + sp.exp(eps)),
                       r"the hockey-stick divergence of randomised response with $p = e^\epsilon/(1 + e^\epsilon)$ "
                       r"at $e^{\epsilon'}$, $0 \le \epsilon' \le \epsilon$ (the set {truth}); every $\epsilon$-DP "
                       r"pair is a post-processing of it, so this is the largest $\delta(\epsilon')$")
    (root,) = d.solve(r"\epsilon'(\delta)", profile - delta, eps2)
    d.identity("puredp_to_approxdp:tight", root, sp.log(sp.exp(eps) - delta * (1 + sp.exp(eps))),
               text=r"the tight conversion is $\epsilon' = \log(e^\epsilon - \delta(1 + e^\epsilon))$; the library "
                    r"returns $\log(e^\epsilon - \delta)$ (citing eprint 2018/277, p. 3), larger: valid, not tight")
    lib = lambda epsilon, delta: converter.puredp_to_approxdp(epsilon)(delta)
    grid = {eps: sp.Interval(sp.Rational(1, 100), 20), log10_delta: sp.Interval(-12, -3)}
    by_delta = log10_inputs("delta")
    d.sign("puredp_to_approxdp:conservative", at_least(lib, tight_pure_to_approx, by_delta), "nonnegative", grid,
           text=r"the returned $\epsilon'$ is never below the tight one for $0.01 \le \epsilon \le 20$, "
                r"$10^{-12} \le \delta \le 10^{-3}$ (safe)")
    d.sign("puredp_to_approxdp:digits", E.agrees(lib, tight_pure_to_approx, TIGHT_PURE_TO_APPROX, 6, by_delta), "nonnegative", grid,
           expect=Status.REFUTED,
           text=r"FINDING (safe, conservative formula): it is not the tight conversion: it differs from "
                r"$\log(e^\epsilon - \delta(1+e^\epsilon))$ in the 6th digit or earlier")
    d.sign("puredp_to_approxdp:nonnegative", E.library_value(lambda epsilon, delta: mp.mpf(converter.puredp_to_approxdp(
        float(epsilon))(float(delta)))), "nonnegative", {eps: sp.Interval(sp.Rational(1, 100), 1),
                                                         delta: sp.Interval(sp.Rational(1, 10), sp.Rational(1, 2))},
           expect=Status.REFUTED,
           text=r"FINDING (formula error): for $\delta > e^\epsilon - 1$ it returns a negative $\epsilon'$ "
                r"($\log(e^{0.01} - 0.1) = -0.094$); the tight value is 0 there ($\delta$ above "
                r"$(e^\epsilon - 1)/(e^\epsilon + 1)$)")
    return lib


def to_fdp(d):
    from autodp import converter
    pure = lambda epsilon, a: converter.puredp_to_fdp(epsilon)(a)
    approx = lambda epsilon, delta, a: converter.approxdp_to_fdp(epsilon, delta)(a)
    exact_pure = lambda epsilon, a: tradeoff(epsilon, mp.mpf(0), a)
    d.sign("puredp_to_fdp:digits", agrees(pure, exact_pure, 14), "nonnegative",
           {eps: sp.Interval(0, 10), fpr: sp.Interval(0, 1)},
           text=r"puredp_to_fdp agrees with $\max(0, 1 - e^\epsilon a, e^{-\epsilon}(1 - a))$ to 14 digits for "
                r"$0 \le \epsilon \le 10$, $0 \le a \le 1$")
    d.sign("approxdp_to_fdp:digits", agrees(approx, tradeoff, 14, log10_inputs("delta")), "nonnegative",
           {eps: sp.Interval(0, 10), log10_delta: sp.Interval(-300, -1), fpr: sp.Interval(0, 1)},
           text=r"approxdp_to_fdp agrees with Prop. 2.5's curve to 14 digits, $10^{-300} \le \delta \le 0.1$")
    kink = lambda **point: {"epsilon": point["epsilon"], "a": 10.0 ** point["log10_a"]}
    d.sign("puredp_to_fdp:digits-extremes", agrees(pure, exact_pure, 10, kink), "nonnegative",
           {eps: sp.Interval(30, 700), log10_a: sp.Interval(-300, -13)},
           text=r"and to 10 digits for $30 \le \epsilon \le 700$, $10^{-300} \le a \le 10^{-13}$ (exactly at "
                r"the kink $a \approx e^{-\epsilon}$ the difference $1 - e^\epsilon a$ loses digits: see the table)")
    extreme = lambda **point: {"epsilon": point["epsilon"], "delta": 10.0 ** point["log10_delta"],
                               "a": 10.0 ** point["log10_a"]}
    d.sign("approxdp_to_fdp:digits-extremes", agrees(approx, tradeoff, 10, extreme), "nonnegative",
           {eps: sp.Interval(30, 700), log10_delta: sp.Interval(-300, -1), log10_a: sp.Interval(-300, 0)},
           text=r"and to 10 digits for $30 \le \epsilon \le 700$, $10^{-300} \le \delta, a \le 1$")
    return pure, exact_pure


def rdp_to_dp(d):
    from autodp import converter, rdp_bank
    ell = sp.log(delta)
    objective = d.define(r"\epsilon(\alpha)", a_R / (2 * sigma ** 2) + sp.log((a_R - 1) / a_R) - (ell + sp.log(a_R))
                         / (a_R - 1), r"BBGHS Thm 21 with the Gaussian's $\rho(\alpha) = \alpha/(2\sigma^2)$")
    slope = d.differentiate(r"\epsilon'(\alpha)", objective, a_R)
    d.identity("rdp_to_approxdp:slope", slope, 1 / (2 * sigma ** 2) + sp.log(delta * a_R) / (a_R - 1) ** 2,
               {a_R: sp.Interval.open(1, sp.oo), delta: sp.Interval.open(0, 1)}, hint="simplify",
               text=r"the derivative is $1/(2\sigma^2) + \log(\delta\alpha)/(\alpha - 1)^2$: its sign is that of the "
                    r"increasing $(\alpha-1)^2/(2\sigma^2) + \log(\delta\alpha)$, so the infimum is at its one root")
    rdp = lambda s: (lambda a: rdp_bank.RDP_gaussian({"sigma": s}, a))
    lib = X.quiet(lambda sigma, delta: converter.rdp_to_approxdp(rdp(sigma))(delta))
    by_sigma = log10_inputs("sigma", "delta")
    grid = {log10_sigma: sp.Interval(-2, 2), **DELTAS}
    d.sign("rdp_to_approxdp:digits", agrees(lib, bbghs_eps, 9, by_sigma), "nonnegative", grid,
           text=r"rdp_to_approxdp (Brent's method over $\alpha$) agrees with the infimum to 9 digits for "
                r"$10^{-2} \le \sigma \le 10^2$, $10^{-300} \le \delta \le 10^{-3}$")
    d.sign("rdp_to_approxdp:conservative", at_least(lib, gx_eps, by_sigma), "nonnegative", grid, n=12,
           text=r"and it is never below the Gaussian mechanism's exact $\epsilon(\delta)$ (a valid bound)")
    lib_delta = X.quiet(lambda sigma, epsilon: converter.rdp_to_delta(rdp(sigma))(epsilon))
    by_eps = log10_inputs("sigma", "epsilon")
    moderate = {log10_sigma: sp.Interval(0, 1), log10_eps: sp.Interval(-1, sp.Rational(1, 2))}
    d.sign("rdp_to_delta:digits", agrees(lib_delta, bbghs_delta, 7, by_eps), "nonnegative", moderate,
           text=r"rdp_to_delta agrees with the infimum of the $\delta(\epsilon)$ form to 7 digits (Brent's default "
                r"tolerance in $\alpha$) for $1 \le \sigma \le 10$, $0.1 \le \epsilon \le 10^{1/2}$ (beyond, "
                r"$\delta$ underflows below $10^{-308}$ and float64 returns 0)")
    small = {log10_sigma: sp.Interval(-1, -sp.Rational(1, 2)), eps: sp.Interval(sp.Rational(1, 10), 5)}
    d.sign("rdp_to_delta:digits-small-sigma", E.agrees(lib_delta, bbghs_delta, BBGHS_DELTA, 7, by_eps), "nonnegative", small,
           expect=Status.REFUTED,
           text=r"FINDING (numerical breakdown, safe): for small $\sigma$ ($0.1 \le \sigma \le 0.32$, "
                r"$0.1 \le \epsilon \le 5$) the capped objective $\min(\cdot, 1)$ is 1 at both ends of Brent's "
                r"bracket (1, 2), the search fails, the library prints 'not found' and returns $\delta = 1$ "
                r"(e.g. $\sigma = 10^{-1/2}$, $\epsilon = 10^{1/2}$: 1.0 where the bound is 0.899)")
    d.sign("rdp_to_delta:conservative", at_least(lib_delta, gx_delta, by_eps), "nonnegative",
           {log10_sigma: sp.Interval(-1, 1), log10_eps: sp.Interval(-1, 1)}, n=12,
           text=r"and it is never below the Gaussian mechanism's exact $\delta(\epsilon)$ (a valid bound)")
    return lib, lib_delta


def gx_eps(sigma, delta):
    return gx.epsilon(sigma, delta)


def gx_delta(sigma, epsilon):
    return gx.delta(epsilon, sigma)


@derivation(id="libraries.autodp.converter", title="autodp converter: pure DP, approximate DP, RDP and f-DP "
            "conversions", paper=PAPER,
            where="autodp 0.2.3.1, autodp/converter.py: puredp_to_approxdp, puredp_to_fdp, approxdp_to_fdp, "
                  "rdp_to_approxdp, rdp_to_delta", requires=VERSIONS)
def converter_audit(d):
    pure_approx = pure_to_approx(d)
    pure_fdp, exact_fdp = to_fdp(d)
    r2a, r2d = rdp_to_dp(d)
    rows = [X.row("puredp_to_approxdp(1)(1e-5)", pure_approx, tight_pure_to_approx, epsilon=1.0, delta=1e-5),
            X.row("puredp_to_approxdp(0.01)(0.1)", pure_approx, tight_pure_to_approx, epsilon=0.01, delta=0.1),
            X.row("puredp_to_fdp(700)(0.999 e^-700)", pure_fdp, exact_fdp, epsilon=700.0,
                  a=0.999 * float(mp.exp(-700))),
            X.row("rdp_to_approxdp(gaussian sigma=1)(1e-300)", r2a, bbghs_eps, sigma=1.0, delta=1e-300),
            X.row("rdp_to_delta(gaussian sigma=1)(5)", r2d, bbghs_delta, sigma=1.0, epsilon=5.0)]
    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("puredp_to_approxdp", "log(e^eps - delta) (cites eprint 2018/277, p. 3)"),
        ("puredp_to_fdp", "max(0, 1 - e^eps a, e^-eps (1 - a)) (Wasserman and Zhou)"),
        ("approxdp_to_fdp", "max(0, 1 - delta - e^eps a, e^-eps (1 - delta - a))"),
        ("rdp_to_approxdp", "inf over alpha of rho(alpha) + log((alpha - 1)/alpha) - (log delta + log alpha)/(alpha -"
                            " 1) (Balle et al. 2020, Thm 21), by Brent's method"),
        ("rdp_to_delta", "inf over alpha of min(1, e^((alpha - 1)(rho(alpha) - eps)) (1 - 1/alpha)^(alpha - 1)/alpha)"
                         " (Canonne et al. 2020), by Brent's method")])
    d.table("extremes", "autodp converter at the extremes: the float64 value against the derived one", X.HEADER, rows)
