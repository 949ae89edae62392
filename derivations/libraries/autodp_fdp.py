"""autodp 0.2.3.1, ``autodp.fdp_bank``: trade-off functions (f-DP) of the Gaussian mechanism and of
(epsilon, delta)-DP, their derivatives and logarithms, derived and compared with the library.

The Gaussian trade-off function follows from the Neyman-Pearson lemma: the
likelihood ratio of N(1/sigma, 1) to N(0, 1) is increasing, so the most powerful
test at level a rejects above z = PhiInv(1 - a) and misses with probability
beta(a) = Phi(z - 1/sigma) (Dong, Roth and Su 2022, Eq. 6).  Its derivative is
-exp(z/sigma - 1/(2 sigma^2)), derived symbolically.  The (epsilon, delta)
trade-off function is max(0, 1 - delta - e^eps a, e^-eps (1 - delta - a))
(Dong et al. 2022, Prop. 2.5; Kairouz et al. 2015).  A trade-off value above the
mechanism's overstates privacy (the attacker is stronger than reported); the
library is called at false-positive rates down to 10^-300.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Phi, PhiInv, Status, derivation
from symdp.audit import PAPER, agrees, at_least, finite, log10_inputs, within
from symdp.special import ncdf_inv
from symdp.symbols import delta, eps, fpr, log10_a, log10_delta, log10_sigma, log_a, sigma

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _enclosed as E  # noqa: E402
import _extremes as X  # noqa: E402

VERSIONS = {"autodp": "0.2.3.1"}
t = sp.Symbol("t", real=True)
BY_SIGMA = log10_inputs("sigma", "a", "delta")


_s, _a, _log_a = sp.Symbol("sigma", positive=True), sp.Symbol("a", positive=True), sp.Symbol("log_a", real=True)
BETA = Phi(-PhiInv(_a) - 1 / _s)
"""beta as a SymPy expression of sigma and a (its enclosure certifies a witness, :mod:`_enclosed`)."""
EXACT_LOG = sp.log(Phi(1 / _s + PhiInv(sp.exp(_log_a))))
EXACT_GRAD = -PhiInv(sp.exp(_log_a)) / _s - 1 / (2 * _s ** 2)


def upper_quantile(a):
    """PhiInv(1 - a) = -PhiInv(a), accurate for a down to 10^-300 (the tail is never formed as 1 - a)."""
    return -ncdf_inv(a)


def beta(sigma, a):
    """The Gaussian trade-off function Phi(PhiInv(1 - a) - 1/sigma)."""
    return mp.ncdf(upper_quantile(a) - 1 / sigma)


def slope(sigma, a):
    """Its derivative -exp(z/sigma - 1/(2 sigma^2)), z = PhiInv(1 - a)."""
    return -mp.exp(upper_quantile(a) / sigma - 1 / (2 * sigma ** 2))


def gaussian(d):
    from autodp import fdp_bank
    mu = 1 / sigma
    size = d.define(r"a(t)", 1 - Phi(t), r"the level of the test rejecting $y > t$ under $\mathcal N(0, 1)$")
    miss = d.define(r"\beta(t)", Phi(t - mu), r"its miss rate under $\mathcal N(1/\sigma, 1)$; by Neyman-Pearson the "
                    r"threshold tests are optimal (the likelihood ratio $e^{\mu y - \mu^2/2}$ increases in $y$)")
    curve = d.substitute(r"\beta(a)", miss, {t: PhiInv(1 - fpr)}, domain={fpr: sp.Interval.open(0, 1)})
    d.identity("fDP_gaussian:closed", size.subs(t, PhiInv(1 - fpr)), fpr, {fpr: sp.Interval.open(0, 1)},
               text=r"at $t = \Phi^{-1}(1 - a)$ the level is $a$, so $f(a) = \Phi(\Phi^{-1}(1-a) - 1/\sigma)$, the "
                    r"formula fDP_gaussian computes (Dong, Roth and Su 2022, Eq. 6)")
    d.cross_check("fDP_gaussian:integral", curve, lambda sigma, a: mp.quad(
        lambda y: mp.npdf(y, 1 / sigma, 1), [-mp.inf, 1 / sigma, upper_quantile(a)]),
        {sigma: sp.Interval(sp.Rational(1, 2), 4), fpr: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100))}, n=4,
        text=r"$\beta(a)$ against the integral of the alternative's density below the threshold (quadrature)")
    grad = d.differentiate(r"f'(a)", curve, fpr)
    d.identity("fdp_grad_gaussian:closed", grad, -sp.exp(PhiInv(1 - fpr) * mu - mu ** 2 / 2),
               {fpr: sp.Interval.open(0, 1)},
               text=r"$f'(a) = -\varphi(z - \mu)/\varphi(z) = -e^{\mu z - \mu^2/2}$, $z = \Phi^{-1}(1 - a)$: "
                    r"fdp_grad_gaussian's ratio of densities, log_neg_fdp_grad_gaussian's exponent")
    lib = lambda sigma, a: fdp_bank.fDP_gaussian({"sigma": sigma}, a)
    moderate = {log10_sigma: sp.Interval(-1, 1), fpr: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100))}
    d.sign("fDP_gaussian:digits", agrees(lib, beta, 12, BY_SIGMA), "nonnegative", moderate,
           text=r"fDP_gaussian agrees with $\Phi(\Phi^{-1}(1-a) - 1/\sigma)$ to 12 digits for "
                r"$0.1 \le \sigma \le 10$, $0.01 \le a \le 0.99$")
    tiny = {log10_sigma: sp.Interval(-sp.Rational(3, 2), 0), log10_a: sp.Interval(-300, -17)}
    d.sign("fDP_gaussian:absolute-small-a", E.within(lib, beta, BETA, "1e-14", 0, BY_SIGMA), "nonnegative", tiny,
           expect=Status.REFUTED,
           text=r"FINDING (numerical breakdown, unsafe): for $a \le 10^{-17}$ the library forms $1 - a = 1$, "
                r"$\Phi^{-1}(1) = \infty$, and returns $\beta = 1$, more than $10^{-14}$ above the true $\beta(a)$, "
                r"which is far below 1 for small $\sigma$ (0.23 at $\sigma = 0.1$, $a = 10^{-20}$): a test reported "
                r"powerless that is not, privacy overstated")
    grad_lib = lambda sigma, a: fdp_bank.fdp_grad_gaussian({"sigma": sigma}, a)
    d.sign("fdp_grad_gaussian:digits", agrees(grad_lib, slope, 10, BY_SIGMA), "nonnegative", moderate,
           text=r"fdp_grad_gaussian agrees with $-e^{\mu z - \mu^2/2}$ to 10 digits on the same domain")
    d.sign("fdp_grad_gaussian:finite-small-a", E.finite(grad_lib, BY_SIGMA), "positive", tiny, expect=Status.REFUTED,
           text=r"FINDING (numerical breakdown): for $a \le 10^{-17}$ fdp_grad_gaussian returns NaN "
                r"($\varphi(\infty)/\varphi(\infty) = 0/0$); the slope $-e^{\mu z - \mu^2/2}$ is finite")
    return lib, grad_lib


def logarithms(d):
    from autodp import fdp_bank
    exact_log = lambda sigma, log_a: mp.log(mp.ncdf(1 / sigma - upper_quantile(mp.exp(log_a))))
    exact_grad = lambda sigma, log_a: upper_quantile(mp.exp(log_a)) / sigma - 1 / (2 * sigma ** 2)
    lib_log = lambda sigma, log_a: fdp_bank.log_one_minus_fdp_gaussian({"sigma": sigma}, log_a)
    lib_grad = lambda sigma, log_a: fdp_bank.log_neg_fdp_grad_gaussian({"sigma": sigma}, log_a)[0]
    by_sigma = log10_inputs("sigma")
    moderate = {log10_sigma: sp.Interval(-1, 1), log_a: sp.Interval(-20, -1)}
    d.sign("log_one_minus_fdp_gaussian:digits", agrees(lib_log, exact_log, 6, by_sigma), "nonnegative", moderate,
           text=r"log_one_minus_fdp_gaussian, $\log(1 - f(a)) = \log\Phi(1/\sigma - \Phi^{-1}(1-a))$, to 6 digits "
                r"for $e^{-20} \le a \le e^{-1}$: the library forms $1 - e^{\log a}$, losing the digits of small $a$")
    tail = {log10_sigma: sp.Interval(-1, 1), log_a: sp.Interval(-690, -31)}
    d.sign("log_one_minus_fdp_gaussian:digits-tail", E.agrees(lib_log, exact_log, EXACT_LOG, 6, by_sigma), "nonnegative", tail,
           expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits): below $\log a = -30$ the quantile is the one-term asymptotic "
                r"$\sqrt{-2\log a - \log(-2\log a) - \log 2\pi}$ (utils.stable_norm_ppf_one_minus_x): fewer than "
                r"6 digits")
    d.sign("log_one_minus_fdp_gaussian:conservative-tail", at_least(lib_log, exact_log, by_sigma), "nonnegative",
           tail, text=r"the error has the safe sign there: the asymptotic quantile is too small, so the power "
                      r"$1 - f(a)$ is overstated, never understated")
    d.sign("log_neg_fdp_grad_gaussian:digits", agrees(lib_grad, exact_grad, 6, by_sigma), "nonnegative", moderate,
           text=r"log_neg_fdp_grad_gaussian, $\mu z - \mu^2/2$, to 6 digits for $e^{-20} \le a \le e^{-1}$")
    d.sign("log_neg_fdp_grad_gaussian:digits-tail", E.agrees(lib_grad, exact_grad, EXACT_GRAD, 6, by_sigma), "nonnegative", tail,
           expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits): the same asymptotic quantile below $\log a = -30$: fewer than "
                r"6 digits")
    return lib_log, exact_log


def approximate_dp(d):
    from autodp import fdp_bank
    curve = d.define(r"f_{\epsilon,\delta}(a)", sp.Max(0, 1 - delta - sp.exp(eps) * fpr,
                                                        sp.exp(-eps) * (1 - delta - fpr)),
                     r"the trade-off function of $(\epsilon, \delta)$-DP (Dong, Roth and Su 2022, Prop. 2.5)")
    exact = sp.lambdify((eps, delta, fpr), curve, modules="mpmath")
    exact_kw = lambda epsilon, delta, a: exact(epsilon, delta, a)
    lib = lambda epsilon, delta, a: fdp_bank.fDP_approx_DP({"eps": epsilon, "delta": delta}, a)
    grid = {eps: sp.Interval(sp.Rational(1, 100), 10), log10_delta: sp.Interval(-12, -1),
            fpr: sp.Interval(0, 1)}
    d.sign("fDP_approx_DP:finite", E.finite(lib, log10_inputs("delta")), "positive", grid, expect=Status.REFUTED,
           text=r"FINDING (numerical breakdown: an exception for every $\epsilon > 0$): fDP_approx_DP writes "
                r"np.exp(-eps)(1-delta - fpr), a call of a float, and raises TypeError: 'numpy.float64' object is "
                r"not callable; the intended product is the curve above")
    zero = {delta: sp.Interval(0, sp.Rational(9, 10)), fpr: sp.Interval(0, 1)}
    at_zero = lambda **point: {"epsilon": 0.0, **point}
    d.sign("fDP_approx_DP:formula-eps-0", E.agrees(lib, exact_kw, curve, 14, at_zero), "nonnegative", zero,
           expect=Status.REFUTED,
           text=r"FINDING (formula error): at $\epsilon = 0$ the library returns $1 - a - \delta$ without the "
                r"$\max(0, \cdot)$, negative for $a > 1 - \delta$ (e.g. $\delta = 0.5$, $a = 0.9$: $-0.4$)")
    pure = lambda epsilon, a: fdp_bank.fDP_pure_DP({"eps": epsilon}, a)
    d.sign("fDP_pure_DP:finite", E.finite(pure), "positive", {eps: sp.Interval(sp.Rational(1, 100), 10),
                                                             fpr: sp.Interval(0, 1)}, expect=Status.REFUTED,
           text=r"FINDING (numerical breakdown): fDP_pure_DP sets params['delta'] = 0 (mutating the caller's "
                r"dict) and calls fDP_approx_DP: the same TypeError for every $\epsilon > 0$")
    return lib, exact_kw


@derivation(id="libraries.autodp.fdp-bank", title="autodp fdp_bank: trade-off functions of the Gaussian mechanism "
            "and of (epsilon, delta)-DP", paper=PAPER,
            where="autodp 0.2.3.1, autodp/fdp_bank.py: fDP_gaussian, fdp_grad_gaussian, log_one_minus_fdp_gaussian, "
                  "log_neg_fdp_grad_gaussian, fDP_approx_DP, fDP_pure_DP", requires=VERSIONS)
def fdp_bank_audit(d):
    lib, grad_lib = gaussian(d)
    lib_log, exact_log = logarithms(d)
    approx, approx_exact = approximate_dp(d)
    rows = [X.row("fDP_gaussian({'sigma': 0.1}, 1e-20)", lib, beta, sigma=0.1, a=1e-20),
            X.row("fdp_grad_gaussian({'sigma': 0.1}, 1e-20)", grad_lib, slope, sigma=0.1, a=1e-20),
            X.row("log_one_minus_fdp_gaussian({'sigma': 0.1}, log(1e-20))", lib_log, exact_log, sigma=0.1,
                  log_a=-46.051701859880914),
            X.row("fDP_approx_DP({'eps': 1, 'delta': 1e-5}, 0.1)", approx, approx_exact, epsilon=1.0, delta=1e-5,
                  a=0.1),
            X.row("fDP_approx_DP({'eps': 0, 'delta': 0.5}, 0.9)", approx, approx_exact, epsilon=0.0, delta=0.5, a=0.9)]
    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("fDP_gaussian", "Phi(PhiInv(1 - a) - 1/sigma) (Dong, Roth and Su 2022, Eq. 6)"),
        ("fdp_grad_gaussian", "-phi(PhiInv(1 - a) - 1/sigma)/phi(PhiInv(1 - a))"),
        ("log_one_minus_fdp_gaussian", "log Phi-bar(z - 1/sigma), z from an asymptotic quantile below log a = -30"),
        ("log_neg_fdp_grad_gaussian", "z/sigma - 1/(2 sigma^2), the same z"),
        ("fDP_approx_DP", "max(0, 1 - delta - e^eps a, e^-eps (1 - delta - a)) (Dong, Roth and Su 2022, Prop. 2.5)"),
        ("fDP_pure_DP", "fDP_approx_DP with delta = 0")])
    d.table("extremes", "autodp fdp_bank at the extremes: the float64 value against the derived one", X.HEADER, rows)
