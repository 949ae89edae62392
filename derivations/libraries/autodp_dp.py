"""autodp 0.2.3.1, ``autodp.dp_bank``: epsilon(delta) and delta(epsilon) of the Gaussian, Laplace and
randomised-response mechanisms, derived and compared with the library.

The exact privacy profiles are derived as hockey-stick divergences
H_{e^eps}(P||Q) = int (p - e^eps q)_+ (Balle and Wang 2018, Thm 8, for the
Gaussian; the Laplace and randomised-response ones in closed form), checked by
quadrature; the exact epsilon(delta) is their root, found at 60 digits.  The
library's routines that go through RDP (get_eps_gaussian, get_eps_laplace,
get_eps_randresp) must return an epsilon at least the exact one (an upper bound:
privacy not overstated); the exact routines (get_logdelta_ana_gaussian,
get_eps_ana_gaussian, get_eps_randresp_optimal) must agree with the derivation.
Domain: sigma 10^-2..10^3, epsilon up to 700, delta down to 10^-300.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Phi, Status, derivation
from symdp.symbols import delta, eps, sigma

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _lib_audit import HEADER, agree, bounded, exp10, symbol, table_row  # noqa: E402

VERSIONS = {"autodp": "0.2.3.1"}
b = sp.Symbol("b", positive=True)
p = sp.Symbol("p", positive=True)
a_R = sp.Symbol("alpha", positive=True)
l_sigma, l_delta, l_b, l_p = (symbol(n) for n in ("l_sigma", "l_delta", "l_b", "l_p"))
DELTAS = {l_delta: sp.Interval(-300, -3)}
"""delta = 10^l_delta, 10^-300 .. 10^-3."""


def gauss_delta(s, e):
    """delta(eps) of N(1, s^2) vs N(0, s^2) (Balle and Wang 2018, Thm 8), at the working precision."""
    return mp.ncdf(1 / (2 * s) - e * s) - mp.exp(e) * mp.ncdf(-1 / (2 * s) - e * s)


def gauss_eps(s, dl):
    """The exact epsilon(delta): the root of log delta(eps) = log delta (60-digit root-find, bracketed)."""
    top = 1 / (2 * s * s) + mp.sqrt(2 * mp.log(1 / dl)) / s
    return mp.findroot(lambda e: mp.log(gauss_delta(s, e)) - mp.log(dl), (mp.mpf(0), top), solver="anderson")


def laplace_eps(s, dl):
    """Exact epsilon(delta) of Lap(0, s) vs Lap(1, s): delta(eps) = 1 - e^((eps - 1/s)/2) below 1/s."""
    return max(mp.mpf(0), 1 / s + 2 * mp.log1p(-dl))


def rr_eps(pp, dl):
    """Exact epsilon(delta) of randomised response with truth probability pp > 1/2."""
    return max(mp.mpf(0), mp.log((pp - dl) / (1 - pp)))


def analytic_gaussian(d):
    from autodp import dp_bank
    closed = d.define(r"\delta_\sigma(\epsilon)", Phi(1 / (2 * sigma) - eps * sigma)
                      - sp.exp(eps) * Phi(-1 / (2 * sigma) - eps * sigma),
                      r"$\int (p - e^\epsilon q)_+$ for $P = \mathcal N(1, \sigma^2)$, $Q = \mathcal N(0, \sigma^2)$: "
                      r"the loss $(2y - 1)/(2\sigma^2)$ exceeds $\epsilon$ for $y > \epsilon\sigma^2 + 1/2$ "
                      r"(Balle and Wang 2018, Thm 8, the formula get\_logdelta\_ana\_gaussian cites)")
    oracle = lambda sigma, epsilon: mp.quad(lambda y: mp.npdf(y, 1, sigma) - mp.exp(epsilon) * mp.npdf(y, 0, sigma),
                                            [epsilon * sigma ** 2 + mp.mpf(1) / 2, mp.inf])
    d.cross_check("ana:hockey-stick", closed, oracle, {sigma: sp.Interval(sp.Rational(1, 2), 4),
                                                       eps: sp.Interval(0, 3)}, n=4,
                  text="the closed form against the hockey-stick integral by quadrature")
    fn = lambda s, e: dp_bank.get_logdelta_ana_gaussian(s, e)
    exact = lambda s, e: mp.log(gauss_delta(s, e))
    agree(d, "ana:library", lambda l_sigma, epsilon: (exp10(l_sigma), float(epsilon)), fn, exact,
          {l_sigma: sp.Interval(-1, sp.Rational(1, 2)), eps: sp.Interval(0, 5)}, 11,
          r"get\_logdelta\_ana\_gaussian agrees with $\log\delta_\sigma(\epsilon)$: $\delta$ to 11 digits for "
          r"$0.1 \le \sigma \le 10^{1/2}$, $0 \le \epsilon \le 5$ (16 digits at $\sigma = 0.1$, 12 at "
          r"$\sigma = 3.2$, $\epsilon = 4.5$: the digits fall as $\epsilon\sigma$ grows)", logs=True)
    bounded(d, "ana:large-eps", lambda l_sigma, epsilon: (exp10(l_sigma), float(epsilon)), fn, exact,
            {l_sigma: sp.Interval(0, 1), eps: sp.Interval(100, 700)}, "above", expect=Status.REFUTED,
            text=r"FINDING (unsafe rounding): for $\epsilon$ in $[100, 700]$ and $\sigma \in [1, 10]$ the returned "
                 r"$\log\delta$ lies below the true one (scipy's log-CDF deep in the tail, then a difference of "
                 r"logs): the $\delta$ it implies is smaller than the mechanism's")
    return fn, exact


def analytic_eps(d):
    from autodp import dp_bank
    fn = lambda s, dl: dp_bank.get_eps_ana_gaussian(s, dl)
    inputs = lambda l_sigma, l_delta: (exp10(l_sigma), exp10(l_delta))
    agree(d, "ana-eps:library", inputs, fn, gauss_eps, {l_sigma: sp.Interval(-2, 2), **DELTAS}, 10, n=12, text=
          r"get\_eps\_ana\_gaussian agrees with the exact root of $\delta_\sigma(\epsilon) = \delta$ to 10 digits "
          r"for $10^{-2} \le \sigma \le 10^2$, $10^{-300} \le \delta \le 10^{-3}$")
    bounded(d, "ana-eps:safe", inputs, fn, gauss_eps, {l_sigma: sp.Interval(-2, 2), **DELTAS}, "above",
            expect=Status.REFUTED, n=12,
            text=r"FINDING (unsafe rounding, within an undocumented tolerance): the returned $\epsilon$ is below the "
                 r"exact one at some points: scipy's brentq stops within xtol $= 2\cdot 10^{-12}$ on either side "
                 r"of the root, so the mechanism is not $(\epsilon_{\mathrm{returned}}, \delta)$-DP")
    return fn


def rdp_gaussian_eps(d):
    from autodp import dp_bank
    ell = sp.log(1 / delta)
    objective = d.define(r"\epsilon(\alpha)", a_R / (2 * sigma ** 2) + ell / (a_R - 1),
                         r"Mironov 2017, Prop. 3 with the Gaussian's RDP $\alpha/(2\sigma^2)$")
    slope = d.differentiate(r"\epsilon'(\alpha)", objective, a_R)
    roots = d.solve(r"\alpha^*", slope, a_R, domain=sp.Interval.open(1, sp.oo))
    best = max(roots, key=lambda r: r.subs({sigma: 1, delta: sp.Rational(1, 10)}))  # the root above 1
    value = d.substitute(r"\epsilon(\alpha^*)", objective, {a_R: best})
    mironov = 1 / (2 * sigma ** 2) + sp.sqrt(2 * ell) / sigma
    d.identity("rdp-eps:closed", value, mironov, {delta: sp.Interval.open(0, 1)},
               text=r"the optimum over $\alpha > 1$ is $1/(2\sigma^2) + \sqrt{2\log(1/\delta)}/\sigma$")
    fn = lambda s, dl: dp_bank.get_eps_gaussian(s, dl)
    inputs = lambda l_sigma, l_delta: (exp10(l_sigma), exp10(l_delta))
    closed = sp.lambdify((sigma, delta), mironov, modules="mpmath")
    agree(d, "rdp-eps:library", inputs, fn, closed, {l_sigma: sp.Interval(-2, 1), **DELTAS}, 11,
          r"get\_eps\_gaussian (autodp's RDP accountant) agrees with the optimum to 11 digits for "
          r"$10^{-2} \le \sigma \le 10$, $10^{-300} \le \delta \le 10^{-3}$")
    agree(d, "rdp-eps:large-sigma", inputs, fn, closed, {l_sigma: sp.Interval(2, 3), **DELTAS}, 11,
          expect=Status.REFUTED,
          text=r"FINDING (safe, conservative loss of tightness): for $\sigma \ge 100$ the optimal order "
               r"$1 + \sigma\sqrt{2\log(1/\delta)}$ lies beyond the orders the accountant searches and the "
               r"returned $\epsilon$ exceeds the optimum (never below it: rdp-eps:safe)")
    bounded(d, "rdp-eps:safe", inputs, fn, gauss_eps, {l_sigma: sp.Interval(-2, 3), **DELTAS}, "above", n=12,
            text=r"and it is never below the exact $\epsilon$ (a valid, conservative bound), "
                 r"$10^{-2} \le \sigma \le 10^3$")


def laplace_rdp_eps(d):
    from autodp import dp_bank
    profile = 1 - sp.exp((eps - 1 / b) / 2)
    lap = lambda c, s: (lambda y: mp.exp(-abs(y - c) / s) / (2 * s))
    oracle = lambda b, epsilon: mp.quad(lambda y: lap(0, b)(y) - mp.exp(epsilon) * lap(1, b)(y),
                                        [-mp.inf, 0, (1 - epsilon * b) / 2])
    d.cross_check("lap-eps:profile", profile, oracle, {b: sp.Interval(sp.Rational(1, 2), 4),
                                                       eps: sp.Interval(0, 1 / b)}, n=4,
                  text=r"the Laplace profile $\delta(\epsilon) = 1 - e^{(\epsilon - 1/b)/2}$ ($\epsilon < 1/b$) "
                       r"against the hockey-stick integral, so $\epsilon(\delta) = 1/b + 2\log(1 - \delta)$")
    fn = lambda s, dl: dp_bank.get_eps_laplace(s, dl)
    bounded(d, "lap-eps:safe", lambda l_b, l_delta: (exp10(l_b), exp10(l_delta)), fn, laplace_eps,
            {l_b: sp.Interval(-2, 3), **DELTAS}, "above",
            text=r"get\_eps\_laplace (RDP route) is never below the exact $\epsilon(\delta)$, $b = 10^{l_b}$")


def randomised_response(d):
    from autodp import dp_bank
    prof = d.define(r"\delta_p(\epsilon)", p - sp.exp(eps) * (1 - p),
                    r"randomised response, $p > 1/2$: the set $\{\text{truth}\}$ attains the hockey-stick "
                    r"divergence for $\epsilon < \log(p/(1-p))$ (the other set gives $1 - p - e^\epsilon p < 0$)")
    (root,) = d.solve(r"\epsilon_p(\delta)", prof - delta, eps)
    d.identity("rr-eps:closed", root, sp.log((p - delta) / (1 - p)),
               text=r"$\epsilon(\delta) = \log((p - \delta)/(1 - p))$, as get\_eps\_randresp\_optimal computes")
    fn = lambda pp, dl: dp_bank.get_eps_randresp_optimal(pp, dl)
    agree(d, "rr-eps:library", lambda p, l_delta: (float(p), exp10(l_delta)), fn, rr_eps,
          {p: sp.Interval(sp.Rational(3, 5), sp.Rational(99, 100)), **DELTAS}, 13,
          r"get\_eps\_randresp\_optimal agrees to 13 digits for $0.6 \le p \le 0.99$")
    inputs = lambda l_p, l_delta: (0.5 + exp10(l_p), exp10(l_delta))
    agree(d, "rr-eps:near-half", inputs, fn, rr_eps, {l_p: sp.Interval(-10, -6), l_delta: sp.Interval(-300, -14)},
          10, expect=Status.REFUTED,
          text=r"FINDING (silent loss of digits): for $p = 1/2 + 10^{l_p}$, $10^{-10} \le p - 1/2 \le 10^{-6}$, "
               r"$\log(p - \delta) - \log(1 - p)$ cancels: fewer than 10 digits")
    rdp = lambda pp, dl: dp_bank.get_eps_randresp(pp, dl)
    bounded(d, "rr-eps:rdp-safe", lambda p, l_delta: (float(p), exp10(l_delta)), rdp, rr_eps,
            {p: sp.Interval(sp.Rational(51, 100), sp.Rational(99, 100)), **DELTAS}, "above",
            text=r"get\_eps\_randresp (RDP route) is never below the exact $\epsilon(\delta)$")
    return fn


@derivation(id="libraries.autodp.dp-bank", title="autodp dp_bank: epsilon and delta of the Gaussian, Laplace and "
            "randomised-response mechanisms", paper="autodp 0.2.3.1 (autodp/dp_bank.py)",
            where="get_logdelta_ana_gaussian, get_eps_ana_gaussian, get_eps_gaussian, get_eps_laplace, "
                  "get_eps_randresp, get_eps_randresp_optimal", requires=VERSIONS)
def dp_bank_audit(d):
    logdelta, log_exact = analytic_gaussian(d)
    eps_fn = analytic_eps(d)
    rdp_gaussian_eps(d)
    laplace_rdp_eps(d)
    rr = randomised_response(d)
    rows = [table_row("get_logdelta_ana_gaussian(10, 700)", logdelta, (10.0, 700.0), log_exact),
            table_row("get_logdelta_ana_gaussian(1000, 1e-3)", logdelta, (1000.0, 1e-3), log_exact),
            table_row("get_eps_ana_gaussian(100, 1e-5)", eps_fn, (100.0, 1e-5), gauss_eps),
            table_row("get_eps_ana_gaussian(1, 1e-300)", eps_fn, (1.0, 1e-300), gauss_eps),
            table_row("get_eps_randresp_optimal(0.5 + 1e-10, 1e-12)", rr, (0.5 + 1e-10, 1e-12), rr_eps)]
    d.table("dp-bank:extremes", "autodp dp_bank at the extremes: float64 value against the derived one", HEADER, rows)
