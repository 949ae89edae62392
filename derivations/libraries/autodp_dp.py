"""autodp 0.2.3.1, ``autodp.dp_bank``: epsilon(delta) and delta(epsilon) of the Gaussian, Laplace and
randomised-response mechanisms, derived and compared with the library.

The exact privacy profiles are derived as hockey-stick divergences
H_{e^eps}(P||Q) = int (p - e^eps q)_+ (Balle and Wang 2018, Thm 8, for the
Gaussian; the Laplace and randomised-response ones in closed form), checked by
quadrature; the exact epsilon(delta) is their root (bisection at the working
precision, ``_gaussian_exact``).  The library's routines that go through RDP
(get_eps_gaussian, get_eps_laplace, get_eps_randresp) must return an epsilon at
least the exact one (an upper bound: privacy not overstated); the exact routines
(get_logdelta_ana_gaussian, get_eps_ana_gaussian, get_eps_randresp_optimal)
must agree with the derivation.  Domain: sigma 10^-2..10^3, epsilon up to 700,
delta down to 10^-300.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Phi, Status, derivation
from symdp.audit import PAPER, agrees, at_least, log10_inputs, within
from symdp.symbols import delta, eps, log10_b, log10_delta, log10_p, log10_sigma, sigma

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _enclosed as E  # noqa: E402
import _extremes as X  # noqa: E402
import _gaussian_exact as gx  # noqa: E402

VERSIONS = {"autodp": "0.2.3.1"}
b = sp.Symbol("b", positive=True)
p = sp.Symbol("p", positive=True)
a_R = sp.Symbol("alpha", positive=True)
DELTAS = {log10_delta: sp.Interval(-300, -3)}
"""delta = 10^log10_delta, 10^-300 .. 10^-3."""
BY_SIGMA = log10_inputs("sigma", "delta")


def gauss_log_delta(sigma, epsilon):
    """log delta(eps) of N(1, sigma^2) vs N(0, sigma^2) at the working precision (Balle and Wang 2018, Thm 8)."""
    return mp.log(gx.delta(epsilon, sigma))


def gauss_eps(sigma, delta):
    """The exact epsilon(delta) of the Gaussian mechanism (bisection to the working precision)."""
    return gx.epsilon(sigma, delta)


def laplace_eps(b, delta):
    """Exact epsilon(delta) of Lap(0, b) vs Lap(1, b): delta(eps) = 1 - e^((eps - 1/b)/2) below 1/b."""
    return max(mp.mpf(0), 1 / b + 2 * mp.log1p(-delta))


def rr_eps(p, delta):
    """Exact epsilon(delta) of randomised response with truth probability p > 1/2."""
    return max(mp.mpf(0), mp.log((p - delta) / (1 - p)))


def analytic_gaussian(d):
    from autodp import dp_bank
    closed = d.define(r"\delta_\sigma(\epsilon)", Phi(1 / (2 * sigma) - eps * sigma)
                      - sp.exp(eps) * Phi(-1 / (2 * sigma) - eps * sigma),
                      r"$\int (p - e^\epsilon q)_+$ for $P = \mathcal N(1, \sigma^2)$, $Q = \mathcal N(0, \sigma^2)$: "
                      r"the loss $(2y - 1)/(2\sigma^2)$ exceeds $\epsilon$ for $y > \epsilon\sigma^2 + 1/2$ "
                      r"(Balle and Wang 2018, Thm 8, the formula get_logdelta_ana_gaussian cites)")
    oracle = lambda sigma, epsilon: mp.quad(lambda y: mp.npdf(y, 1, sigma) - mp.exp(epsilon) * mp.npdf(y, 0, sigma),
                                            [epsilon * sigma ** 2 + mp.mpf(1) / 2, mp.inf])
    d.cross_check("get_logdelta_ana_gaussian:hockey-stick", closed, oracle,
                  {sigma: sp.Interval(sp.Rational(1, 2), 4), eps: sp.Interval(0, 3)}, n=4,
                  text="the closed form against the hockey-stick integral by quadrature")
    lib = lambda sigma, epsilon: dp_bank.get_logdelta_ana_gaussian(sigma, epsilon)
    by_sigma = log10_inputs("sigma")
    d.sign("get_logdelta_ana_gaussian:digits", within(lib, gauss_log_delta, "1e-11", 0, by_sigma), "nonnegative",
           {log10_sigma: sp.Interval(-1, sp.Rational(1, 2)), eps: sp.Interval(0, 5)},
           text=r"the returned $\log\delta$ is within $10^{-11}$ of the true one ($\delta$ to 11 digits) for "
                r"$0.1 \le \sigma \le 10^{1/2}$, $0 \le \epsilon \le 5$ (16 digits at $\sigma = 0.1$, 12 at "
                r"$\sigma = 3.2$, $\epsilon = 4.5$: the digits fall as $\epsilon\sigma$ grows)")
    d.sign("get_logdelta_ana_gaussian:conservative-large-eps", E.at_least(
        lib, gauss_log_delta, sp.log(E.gaussian_delta(sp.Symbol("epsilon"), sp.Symbol("sigma"))), by_sigma),
           "nonnegative", {log10_sigma: sp.Interval(0, 1), eps: sp.Interval(100, 700)}, expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding): for $100 \le \epsilon \le 700$, $1 \le \sigma \le 10$ the returned "
                r"$\log\delta$ lies below the true one (scipy's log-CDF deep in the tail, then a difference of "
                r"logs): the $\delta$ it implies is smaller than the mechanism's")
    return lib


def analytic_eps(d):
    from autodp import dp_bank
    lib = lambda sigma, delta: dp_bank.get_eps_ana_gaussian(sigma, delta)
    grid = {log10_sigma: sp.Interval(-2, 2), **DELTAS}
    d.sign("get_eps_ana_gaussian:digits", agrees(lib, gauss_eps, 10, BY_SIGMA), "nonnegative", grid, n=12,
           text=r"get_eps_ana_gaussian agrees with the exact root of $\delta_\sigma(\epsilon) = \delta$ to 10 "
                r"digits for $10^{-2} \le \sigma \le 10^2$, $10^{-300} \le \delta \le 10^{-3}$")
    d.sign("get_eps_ana_gaussian:tolerance", within(lib, gauss_eps, "2e-12", "8.9e-16", BY_SIGMA), "nonnegative", grid,
           n=12, text=r"and lies within scipy brentq's default tolerance (xtol $2\cdot 10^{-12}$, rtol "
                      r"$8.9\cdot 10^{-16}$) of it; autodp documents no tolerance")
    d.sign("get_eps_ana_gaussian:conservative", E.at_least(lib, gauss_eps, E.gaussian_epsilon(), BY_SIGMA), "nonnegative", grid, n=12,
           expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding, within the root finder's tolerance): the returned $\epsilon$ is below "
                r"the exact one at some points, so the mechanism is not $(\epsilon_{\mathrm{returned}}, \delta)$-DP")
    return lib


def rdp_gaussian_eps(d):
    from autodp import dp_bank
    ell = sp.log(1 / delta)
    objective = d.define(r"\epsilon(\alpha)", a_R / (2 * sigma ** 2) + ell / (a_R - 1),
                         r"Mironov 2017, Prop. 3 with the Gaussian's RDP $\alpha/(2\sigma^2)$")
    slope = d.differentiate(r"\epsilon'(\alpha)", objective, a_R)
    roots = d.solve(r"\alpha^*", slope, a_R, domain=sp.Interval.open(1, sp.oo))
    best = max(roots, key=lambda r: r.subs({sigma: 1, delta: sp.Rational(1, 10)}))  # the root above 1
    value = d.substitute(r"\epsilon(\alpha^*)", objective, {a_R: best}, domain={delta: sp.Interval.open(0, 1)})
    mironov = 1 / (2 * sigma ** 2) + sp.sqrt(2 * ell) / sigma
    d.identity("get_eps_gaussian:closed", value, mironov, {delta: sp.Interval.open(0, 1)},
               text=r"the optimum over $\alpha > 1$ is $1/(2\sigma^2) + \sqrt{2\log(1/\delta)}/\sigma$")
    lib = lambda sigma, delta: dp_bank.get_eps_gaussian(sigma, delta)
    closed = sp.lambdify((sigma, delta), mironov, modules="mpmath")
    closed_kw = lambda sigma, delta: closed(sigma, delta)
    d.sign("get_eps_gaussian:digits", agrees(lib, closed_kw, 10, BY_SIGMA), "nonnegative",
           {log10_sigma: sp.Interval(-2, 1), **DELTAS},
           text=r"get_eps_gaussian (autodp's RDP accountant) agrees with the optimum to 10 digits for "
                r"$10^{-2} \le \sigma \le 10$, $10^{-300} \le \delta \le 10^{-3}$; not to 11: at "
                r"$\sigma = 10^{-1.743}$, $\delta = 10^{-4.188}$ its relative error is $3 \cdot 10^{-11}$ "
                r"(small $\sigma$, $\epsilon \approx 1/(2\sigma^2)$ large)")
    d.sign("get_eps_gaussian:digits-large-sigma", E.agrees(lib, closed_kw, mironov, 11, BY_SIGMA), "nonnegative",
           {log10_sigma: sp.Interval(2, 3), **DELTAS}, expect=Status.REFUTED,
           text=r"FINDING (safe, conservative loss of tightness): for $\sigma \ge 100$ the optimal order "
                r"$1 + \sigma\sqrt{2\log(1/\delta)}$ lies beyond the orders the accountant searches and the "
                r"returned $\epsilon$ exceeds the optimum (never below the exact $\epsilon$: the next claim)")
    d.sign("get_eps_gaussian:conservative", at_least(lib, gauss_eps, BY_SIGMA), "nonnegative",
           {log10_sigma: sp.Interval(-2, 3), **DELTAS}, n=12,
           text=r"it is never below the exact $\epsilon$ (a valid, conservative bound), $10^{-2} \le \sigma \le 10^3$")


def laplace_rdp_eps(d):
    from autodp import dp_bank
    profile = 1 - sp.exp((eps - 1 / b) / 2)
    lap = lambda c, s: (lambda y: mp.exp(-abs(y - c) / s) / (2 * s))
    oracle = lambda b, epsilon: mp.quad(lambda y: lap(0, b)(y) - mp.exp(epsilon) * lap(1, b)(y),
                                        [-mp.inf, 0, (1 - epsilon * b) / 2])
    d.cross_check("get_eps_laplace:profile", profile, oracle, {b: sp.Interval(sp.Rational(1, 2), 4),
                                                              eps: sp.Interval(0, 1 / b)}, n=4,
                  text=r"the Laplace profile $\delta(\epsilon) = 1 - e^{(\epsilon - 1/b)/2}$ ($\epsilon < 1/b$) "
                       r"against the hockey-stick integral, so $\epsilon(\delta) = 1/b + 2\log(1 - \delta)$")
    lib = lambda b, delta: dp_bank.get_eps_laplace(b, delta)
    d.sign("get_eps_laplace:conservative", at_least(lib, laplace_eps, log10_inputs("b", "delta")), "nonnegative",
           {log10_b: sp.Interval(-2, 3), **DELTAS},
           text=r"get_eps_laplace (RDP route) is never below the exact $\epsilon(\delta)$, "
                r"$10^{-2} \le b \le 10^3$")


def randomised_response(d):
    from autodp import dp_bank
    prof = d.define(r"\delta_p(\epsilon)", p - sp.exp(eps) * (1 - p),
                    r"randomised response, $p > 1/2$: the set $\{\text{truth}\}$ attains the hockey-stick "
                    r"divergence for $\epsilon < \log(p/(1-p))$ (the other set gives $1 - p - e^\epsilon p < 0$)")
    (root,) = d.solve(r"\epsilon_p(\delta)", prof - delta, eps)
    d.identity("get_eps_randresp_optimal:closed", root, sp.log((p - delta) / (1 - p)),
               text=r"$\epsilon(\delta) = \log((p - \delta)/(1 - p))$, as get_eps_randresp_optimal computes")
    lib = lambda p, delta: dp_bank.get_eps_randresp_optimal(p, delta)
    by_delta = log10_inputs("delta")
    d.sign("get_eps_randresp_optimal:digits", agrees(lib, rr_eps, 13, by_delta), "nonnegative",
           {p: sp.Interval(sp.Rational(3, 5), sp.Rational(99, 100)), **DELTAS},
           text=r"get_eps_randresp_optimal agrees to 13 digits for $0.6 \le p \le 0.99$")
    near_half = lambda **point: {"p": 0.5 + 10.0 ** point["log10_p"], "delta": 10.0 ** point["log10_delta"]}
    d.sign("get_eps_randresp_optimal:digits-near-half", E.agrees(lib, rr_eps, sp.Max(0, sp.log((p - delta) / (1 - p))),
                                                                  10, near_half), "nonnegative",
           {log10_p: sp.Interval(-10, -6), log10_delta: sp.Interval(-300, -14)}, expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits): for $p = 1/2 + 10^{-10} .. 1/2 + 10^{-6}$ the difference "
                r"$\log(p - \delta) - \log(1 - p)$ cancels: fewer than 10 digits (6 at $p - 1/2 = 10^{-10}$)")
    rdp = lambda p, delta: dp_bank.get_eps_randresp(p, delta)
    d.sign("get_eps_randresp:conservative", at_least(rdp, rr_eps, by_delta), "nonnegative",
           {p: sp.Interval(sp.Rational(51, 100), sp.Rational(99, 100)), **DELTAS},
           text=r"get_eps_randresp (RDP route) is never below the exact $\epsilon(\delta)$")
    return lib


@derivation(id="libraries.autodp.dp-bank", title="autodp dp_bank: epsilon and delta of the Gaussian, Laplace and "
            "randomised-response mechanisms", paper=PAPER,
            where="autodp 0.2.3.1, autodp/dp_bank.py: get_logdelta_ana_gaussian, get_eps_ana_gaussian, "
                  "get_eps_gaussian, get_eps_laplace, get_eps_randresp, get_eps_randresp_optimal", requires=VERSIONS)
def dp_bank_audit(d):
    logdelta = analytic_gaussian(d)
    eps_fn = analytic_eps(d)
    rdp_gaussian_eps(d)
    laplace_rdp_eps(d)
    rr = randomised_response(d)
    rows = [X.row("get_logdelta_ana_gaussian(10, 700)", logdelta, gauss_log_delta, sigma=10.0, epsilon=700.0),
            X.row("get_logdelta_ana_gaussian(1000, 1e-3)", logdelta, gauss_log_delta, sigma=1000.0, epsilon=1e-3),
            X.row("get_eps_ana_gaussian(100, 1e-5)", eps_fn, gauss_eps, sigma=100.0, delta=1e-5),
            X.row("get_eps_ana_gaussian(1, 1e-300)", eps_fn, gauss_eps, sigma=1.0, delta=1e-300),
            X.row("get_eps_randresp_optimal(0.5 + 1e-10, 1e-12)", rr, rr_eps, p=0.5 + 1e-10, delta=1e-12)]
    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("get_logdelta_ana_gaussian", "log(Phi(1/(2 sigma) - eps sigma) - e^eps Phi(-1/(2 sigma) - eps sigma)) (Balle"
                                      " and Wang 2018, Thm 8)"),
        ("get_eps_ana_gaussian", "the root of the same profile = delta, by scipy's root_scalar (brentq)"),
        ("get_eps_gaussian", "min over alpha of alpha/(2 sigma^2) + log(1/delta)/(alpha - 1) (Mironov 2017, Prop. 3)"),
        ("get_eps_laplace", "the RDP route (Mironov's conversion of RDP_laplace)"),
        ("get_eps_randresp", "the RDP route (Mironov's conversion of RDP_randresponse)"),
        ("get_eps_randresp_optimal", "log((p - delta)/(1 - p)), 0 for delta >= 2p - 1")])
    d.table("extremes", "autodp dp_bank at the extremes: the float64 value against the derived one", X.HEADER, rows)
