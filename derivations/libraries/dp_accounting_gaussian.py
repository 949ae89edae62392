"""dp_accounting 0.6.0, gaussian_mechanism: the analytic Gaussian mechanism (Balle and Wang 2018).

get_epsilon_gaussian(sigma, delta) and get_sigma_gaussian(epsilon, delta)
invert the privacy profile of N(0, sigma^2) against N(1, sigma^2), which the
module cites as Eq. (6) of arXiv:1805.06530 (Theorem 8 there).  The profile is
derived here from the densities (the hockey-stick divergence as an integral
over the region where the likelihood ratio exceeds e^eps), the library's
inverses are compared with bisection at the working precision, over sigma
from 1e-2 to 1e2 and delta from 1e-300 to 1e-1.
"""
import mpmath as mp
import sympy as sp

from symdp import Phi, Status, derivation
from symdp.audit import PAPER, agrees, at_least, log10_inputs, measured_digits, within
from symdp.symbols import eps, log10_delta, log10_eps, log10_sigma, sigma, x

import _enclosed as E
import _gaussian_exact as gx

WHERE = "dp_accounting 0.6.0, gaussian_mechanism; Balle and Wang 2018, Thm 8 (arXiv:1805.06530, Eq. 6)"


@derivation(id="libraries.dp_accounting.analytic-gaussian",
            title="dp_accounting: the analytic Gaussian mechanism, epsilon and sigma from its privacy profile",
            paper=PAPER, where=WHERE, requires={"dp_accounting": "0.6.0"})
def analytic_gaussian(d):
    from dp_accounting import gaussian_mechanism as gm

    p = d.define("p", sp.exp(-x**2 / (2 * sigma**2)) / (sp.sqrt(2 * sp.pi) * sigma), "density of N(0, sigma^2)")
    q = d.define("q", sp.exp(-(x - 1)**2 / (2 * sigma**2)) / (sp.sqrt(2 * sp.pi) * sigma), "density of N(1, sigma^2)")
    ratio = d.rewrite("p/q", p / q, "simplify", "the likelihood ratio")
    d.identity("get_epsilon_gaussian:likelihood-ratio", ratio, sp.exp((1 - 2 * x) / (2 * sigma**2)), text="p/q = e^{(1 - 2x)/(2 sigma^2)}: "
               "it exceeds e^eps exactly for x < 1/2 - eps sigma^2")
    profile = d.define(r"\delta(\epsilon)", Phi(1 / (2 * sigma) - eps * sigma)
                       - sp.exp(eps) * Phi(-1 / (2 * sigma) - eps * sigma),
                       "the hockey-stick divergence: P - e^eps Q of the region x < 1/2 - eps sigma^2")
    def hockey(epsilon, sigma):
        """The integral over x = top - u/r below top = 1/2 - eps sigma^2, where p - e^eps q = -p expm1(-u/sigma^2)
        (no cancellation) and r = |top|/sigma^2 + 1/sigma makes the integrand fall by about e per unit of v."""
        top = mp.mpf(1) / 2 - epsilon * sigma**2
        r = abs(top) / sigma**2 + 1 / sigma
        shape = lambda v: mp.exp((2 * top * v / r - (v / r)**2) / (2 * sigma**2)) * -mp.expm1(-v / r / sigma**2) / r
        return mp.npdf(top, 0, sigma) * mp.quad(shape, [0, mp.mpf(1) / 4, 1, 4, 16, 64, mp.inf])
    d.cross_check("get_epsilon_gaussian:profile-integral", profile, hockey,
                  {eps: sp.Interval(0, 8), sigma: sp.Interval(sp.Rational(1, 4), 4)},
                  text="the closed form equals the integral of (p - e^eps q)_+ (quadrature)")

    grid = {log10_sigma: sp.Interval(-2, 2), log10_delta: sp.Interval(-300, -1)}
    by_sigma = log10_inputs("sigma", "delta")
    lib_eps = lambda sigma, delta: gm.get_epsilon_gaussian(sigma, delta)
    true_eps = lambda sigma, delta: gx.epsilon(sigma, delta)
    d.sign("get_epsilon_gaussian:tolerance", within(lib_eps, true_eps, "1e-12", "1e-15", by_sigma),
           "nonnegative", grid, text="the returned epsilon is within its documented tol = 1e-12 (brentq's xtol, "
           "plus its relative 4 machine epsilons) of the true one")
    d.sign("get_epsilon_gaussian:digits", agrees(lib_eps, true_eps, 11, by_sigma), "nonnegative", grid,
           text="the returned epsilon agrees with the true one to 11 significant digits")
    d.sign("get_epsilon_gaussian:conservative", E.at_least(lib_eps, true_eps, E.gaussian_epsilon(), by_sigma), "nonnegative", grid,
           expect=Status.REFUTED, text="the returned epsilon is never below the true one (it is: by at most the "
           "tolerance; privacy overstated in the last digits)")

    by_eps = log10_inputs("epsilon", "delta")
    wide = {log10_eps: sp.Interval(-2, sp.log(700, 10)), log10_delta: sp.Interval(-300, -1)}
    lib_sigma = lambda epsilon, delta: gm.get_sigma_gaussian(epsilon, delta)
    true_sigma = lambda epsilon, delta: gx.sigma(epsilon, delta)
    d.sign("get_sigma_gaussian:tolerance", E.within(lib_sigma, true_sigma, E.gaussian_sigma(), "1e-12", "1e-15", by_eps),
           "nonnegative", wide, expect=Status.REFUTED, text="the returned sigma is within its documented "
           "tol = 1e-12 of the true one (it is not: the float noise of log delta moves the root far more)")
    d.sign("get_sigma_gaussian:digits", agrees(lib_sigma, true_sigma, 10, by_eps), "nonnegative", wide,
           text="the returned sigma agrees with the true one to 10 significant digits")
    d.sign("get_sigma_gaussian:conservative", E.at_least(lib_sigma, true_sigma, E.gaussian_sigma(), by_eps), "nonnegative", wide,
           expect=Status.REFUTED, text="the returned sigma is never below the true one (it is: less noise "
           "than the target needs, by parts in 10^11)")

    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("get_epsilon_gaussian", "the eps solving Phi(1/(2 sigma) - eps sigma) - e^eps Phi(-1/(2 sigma) - eps sigma) = delta "
                                 "(Balle and Wang 2018, Thm 8), by brentq with xtol = 1e-12"),
        ("get_sigma_gaussian", "the sigma solving the same equation, by brentq with xtol = 1e-12")])
    points = [{"log10_sigma": a, "log10_delta": b} for a in (-2, -1, 0, 1, 2) for b in (-300, -100, -10, -5, -1)]
    d.table("agreement", "get_epsilon_gaussian against bisection at 40 digits", ("function", "domain", "digits"),
            [("get_epsilon_gaussian", "sigma in [1e-2, 1e2], delta in [1e-300, 1e-1]",
              measured_digits(lib_eps, true_eps, points, by_sigma))])
