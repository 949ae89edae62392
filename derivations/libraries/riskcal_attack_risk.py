"""riskcal 1.5.1, riskcal.analysis: attack risk (advantage, FNR at a given FPR, Bayes risk) from
(epsilon, delta)-DP, Gaussian DP and zCDP.

The trade-off function of (eps, delta)-DP, f(a) = max{0, 1 - delta - e^eps a, e^-eps (1 - delta - a)}
(Dong, Roth and Su, Eq. 5), and G_mu(a) = Phi(Phi^-1(1 - a) - mu) (Eq. 6) give every quantity: the
advantage sup_a 1 - a - f(a), the Bayes risk min_a (1 - pi) a + pi f(a), the epsilon an observed
(FPR, FNR) pair forces.  Each closed form is derived here and checked against an independent
optimisation of its objective; the library's output is then compared with it at the extremes its users
hit: epsilon from 1e-12 to 700, delta down to 1e-300, mu from 1e-12 to 40, FPR down to 1e-300.
"""
import mpmath as mp
import sympy as sp

from symdp import Phi, Status, derivation
from symdp.audit import PAPER, agrees, at_least, at_most, finite, log10_inputs, measured_digits, within
from symdp.fdp import mp_f_eps_delta, mp_gaussian_tradeoff
from symdp.special import ncdf_inv
from symdp.symbols import delta, eps, fpr, log10_a, log10_delta, log10_eps, log10_mu, mu, prior

import _enclosed as E
import _optimum as opt

WHERE = ("riskcal 1.5.1, riskcal.analysis; Dong, Roth and Su 2019 (arXiv:1905.02383), Eq. 5, 6, Cor. 2.13; "
         "Kulynych et al. 2025 (arXiv:2507.06969), Prop. D.1")
UNIT = sp.Interval.open(0, 1)


def _gauss_delta(e, m):
    """The Gaussian privacy profile delta(eps) of G_mu (eps of any sign)."""
    return mp.ncdf(-e / m + m / 2) - mp.exp(e) * mp.ncdf(-e / m - m / 2)


ADV_ADP = (sp.exp(eps) - 1 + 2 * delta) / (sp.exp(eps) + 1)
"""adv_adp as a SymPy expression (its enclosure certifies a witness, :mod:`_enclosed`)."""
ADV_GDP = sp.erf(mu / (2 * sp.sqrt(2)))
PRIOR_LOGIT = sp.log(prior / (1 - prior))
BAYES_GDP = (1 - prior) * (Phi(PRIOR_LOGIT / mu - mu / 2) + prior / (1 - prior) * Phi(-PRIOR_LOGIT / mu - mu / 2))
"""bayes_gdp as a SymPy expression (e^e = pi/(1 - pi))."""


def adv_adp(epsilon, delta):
    return (mp.expm1(epsilon) + 2 * delta) / (mp.exp(epsilon) + 1)


def adv_gdp(mu):
    return mp.erf(mu / (2 * mp.sqrt(2)))


def beta_gdp(mu, a):
    return mp.ncdf(-ncdf_inv(a) - mu)


def bayes_gdp(mu, prior):
    """(1 - pi)(1 - delta_mu(log(pi/(1 - pi)))), written without the cancellation of 1 - delta:
    1 - delta(e) = Phi(e/mu - mu/2) + e^e Phi(-e/mu - mu/2)."""
    e = mp.log(prior / (1 - prior))
    return (1 - prior) * (mp.ncdf(e / mu - mu / 2) + mp.exp(e) * mp.ncdf(-e / mu - mu / 2))


@derivation(id="libraries.riskcal.attack-risk", title="riskcal: attack risk from (epsilon, delta)-DP, "
            "Gaussian DP and zCDP", paper=PAPER, where=WHERE, requires={"riskcal": "1.5.1"})
def attack_risk(d):
    import riskcal.analysis as rc

    # -- (eps, delta)-DP: the advantage is attained at the kink of f
    upper = 1 - delta - sp.exp(eps) * fpr
    lower = sp.exp(-eps) * (1 - delta - fpr)
    (kink,) = d.solve("a^*", upper - lower, fpr, "the two lines of f_{eps,delta} cross at a*")
    adv = d.rewrite(r"\mathrm{Adv}", (1 - fpr - upper).subs(fpr, kink), "simplify",
                    "1 - a - f(a) grows (slope e^eps - 1) up to a*, then falls: its maximum")
    d.identity("get_advantage_from_adp:formula", adv, (sp.exp(eps) + 2 * delta - 1) / (sp.exp(eps) + 1),
               {delta: UNIT}, text="the formula riskcal uses is the maximum of 1 - a - f(a)")
    d.cross_check("get_advantage_from_adp:optimum", adv, lambda epsilon, delta: opt.maximise(
        lambda a: 1 - a - mp_f_eps_delta(a, epsilon, delta), 0, 1 - delta), {eps: sp.Interval(0, 30),
        delta: UNIT}, text="against a golden-section maximisation of 1 - a - f(a)", n=12)
    lib_adv = lambda epsilon, delta: rc.get_advantage_from_adp(epsilon, delta)
    by_ed = log10_inputs("epsilon", "delta")
    d.sign("get_advantage_from_adp:digits", agrees(lib_adv, adv_adp, 12, by_ed), "nonnegative",
           {log10_eps: sp.Interval(-3, sp.log(700, 10)), log10_delta: sp.Interval(-300, -1)},
           text="12 significant digits for epsilon in [1e-3, 700], delta in [1e-300, 0.1]")
    small = {log10_eps: sp.Interval(-12, -4), log10_delta: sp.Interval(-300, -1)}
    d.sign("get_advantage_from_adp:small-eps", E.agrees(lib_adv, adv_adp, ADV_ADP, 9, by_ed), "nonnegative", small,
           expect=Status.REFUTED, text="9 digits for small epsilon (refuted: e^eps - 1 is computed as "
           "exp(eps) - 1 and loses the digits of eps)")
    d.sign("get_advantage_from_adp:conservative", E.at_least(lib_adv, adv_adp, ADV_ADP, by_ed), "nonnegative", small,
           expect=Status.REFUTED, text="the advantage is never understated (refuted where the digit loss "
           "rounds down)")
    d.sign("get_advantage_from_adp:finite", E.finite(lib_adv, by_ed), "positive",
           {log10_eps: sp.Interval(sp.log(700, 10), 3), log10_delta: sp.Interval(-300, -1)},
           expect=Status.REFUTED, text="finite for epsilon up to 1000 (refuted: NaN = inf/inf above "
           "epsilon = 709.78)")

    # -- Gaussian DP
    t = sp.Symbol("t", real=True)
    objective = d.define("A(t)", Phi(t) - Phi(t - mu), "1 - a - G_mu(a) at a = Phi(-t)")
    slope = d.differentiate("A'(t)", objective, t)
    (t_star,) = d.solve("t^*", sp.log(slope.args[0] / -slope.args[1]) if False else t - mu / 2, t,
                        "phi(t) = phi(t - mu) exactly at t = mu/2 (the densities are mirror images)")
    d.identity("get_advantage_from_gdp:stationary", slope.subs(t, t_star), 0, text="A'(mu/2) = 0")
    adv_g = d.define(r"\mathrm{Adv}_\mu", 2 * Phi(mu / 2) - 1, "A(mu/2) = Phi(mu/2) - Phi(-mu/2)")
    d.cross_check("get_advantage_from_gdp:optimum", adv_g, lambda mu: opt.maximise(
        lambda a: 1 - a - mp_gaussian_tradeoff(a, mu), 0, 1), {mu: sp.Interval(sp.Rational(1, 100), 12)},
        text="against a golden-section maximisation of 1 - a - G_mu(a)", n=12)
    lib_adv_g = lambda mu: rc.get_advantage_from_gdp(mu)
    by_mu = log10_inputs("mu")
    d.sign("get_advantage_from_gdp:digits", agrees(lib_adv_g, adv_gdp, 12, by_mu), "nonnegative",
           {log10_mu: sp.Interval(-3, sp.log(40, 10))}, text="12 digits for mu in [1e-3, 40]")
    d.sign("get_advantage_from_gdp:small-mu", E.agrees(lib_adv_g, adv_gdp, ADV_GDP, 9, by_mu), "nonnegative",
           {log10_mu: sp.Interval(-12, -4)}, expect=Status.REFUTED,
           text="9 digits for small mu (refuted: Phi(mu/2) - Phi(-mu/2) cancels; erf(mu/(2 sqrt 2)) does not)")

    lib_beta_g = lambda mu, a: rc.get_beta_from_gdp(mu, a)
    d.sign("get_beta_from_gdp:digits", within(lib_beta_g, beta_gdp, "2.3e-308", "1e-12", log10_inputs("mu", "a")),
           "nonnegative", {log10_mu: sp.Interval(-3, sp.log(40, 10)), log10_a: sp.Interval(-300, -sp.Rational(1, 10**6))},
           text="G_mu(a) to 12 digits (or to the least normal double where it underflows), "
                "mu in [1e-3, 40], FPR a in [1e-300, 1)")

    # -- (eps, delta)-DP trade-off and its inverse
    lib_beta = lambda epsilon, delta, a: rc.get_beta_from_adp(epsilon, delta, a)
    true_beta = lambda epsilon, delta, a: mp_f_eps_delta(a, epsilon, delta)
    d.sign("get_beta_from_adp:digits", within(lib_beta, true_beta, "1e-15", "1e-14",
                                                log10_inputs("epsilon", "delta", "a")), "nonnegative",
           {log10_eps: sp.Interval(-8, sp.log(700, 10)), log10_delta: sp.Interval(-300, -1),
            log10_a: sp.Interval(-300, -sp.Rational(1, 10**3))},
           text="f_{eps,delta}(a) to 14 digits, or within 1e-15 where its terms cancel")
    rates = sp.Symbol("b", positive=True)
    eps_rates = d.define(r"\epsilon(a, b)", sp.Max(0, sp.log((1 - delta - fpr) / rates), sp.log((1 - delta - rates) / fpr)),
                         "the least epsilon with b >= f_{eps,delta}(a): both lines of f must lie below (a, b)")
    d.identity("get_epsilon_from_err_rates:inverse", lower.subs(eps, sp.log((1 - delta - fpr) / rates)), rates,
               {delta: UNIT, fpr: sp.Interval.open(0, 1 - delta)},
               text="at eps = log((1 - delta - a)/b) the line e^-eps (1 - delta - a) passes through (a, b) (and "
                    "the other line at eps = log((1 - delta - b)/a), by the symmetry a <-> b)")
    lib_er = lambda delta, a, b: rc.get_epsilon_from_err_rates(delta, a, b)
    true_er = lambda delta, a, b: max(mp.mpf(0), mp.log((1 - delta - a) / b), mp.log((1 - delta - b) / a))
    d.sign("get_epsilon_from_err_rates:digits", within(lib_er, true_er, "1e-15", "1e-13", log10_inputs("delta", "a")),
           "nonnegative", {log10_delta: sp.Interval(-300, -3), log10_a: sp.Interval(-300, -2),
                           rates: sp.Interval(sp.Rational(1, 1000), sp.Rational(9, 10))},
           text="13 digits (or 1e-15 absolute near 0) for FPR a in [1e-300, 0.01], FNR b in [1e-3, 0.9]")

    # -- Bayes risk under Gaussian DP
    d.cross_check("get_bayes_risk_from_gdp:optimum", bayes_gdp, lambda mu, prior: opt.minimise(
        lambda s: (1 - prior) * mp.ncdf(-s) + prior * mp.ncdf(s - mu), -60, 60),
        {mu: sp.Interval(sp.Rational(1, 10), 8), prior: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100))},
        text="(1 - pi)(1 - delta_mu(log(pi/(1 - pi)))) against a golden-section minimisation of the Bayes "
             "error (1 - pi) Phi(-s) + pi Phi(s - mu) of the threshold tests", n=10)
    lib_bayes = lambda mu, prior: rc.get_bayes_risk_from_gdp(mu, prior)
    d.sign("get_bayes_risk_from_gdp:digits", agrees(lib_bayes, bayes_gdp, 12), "nonnegative",
           {mu: sp.Interval(sp.Rational(1, 10), 2), prior: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100))},
           text="12 digits for mu in [0.1, 2], prior in [0.01, 0.99]")
    d.sign("get_bayes_risk_from_gdp:extremes", E.agrees(lib_bayes, bayes_gdp, BAYES_GDP, 6, log10_inputs("mu")), "nonnegative",
           {log10_mu: sp.Interval(0, sp.log(40, 10)), prior: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100))},
           expect=Status.REFUTED, text="6 digits for mu up to 40 (refuted: 1 - delta cancels; riskcal returns "
           "0 for a risk of 1e-88 at mu = 40)")

    # -- zCDP: the Gaussian mechanism with mu = sqrt(2 rho) is rho-zCDP, so its advantage is a floor
    rho = sp.Symbol("rho", positive=True)
    gauss_floor = lambda rho: adv_gdp(mp.sqrt(2 * rho))
    lib_zcdp = lambda rho: rc.get_advantage_from_zcdp(rho)
    d.sign("get_advantage_from_zcdp:sound", E.at_least(lib_zcdp, gauss_floor, ADV_GDP.subs(mu, sp.sqrt(2 * rho))), "nonnegative",
           {rho: sp.Interval(sp.Rational(1, 1000), 200)}, n=8, expect=Status.REFUTED,
           text="the advantage bound is at least the advantage of the Gaussian mechanism with mu = sqrt(2 rho), "
                "which is rho-zCDP (refuted for large rho: riskcal's bound is below an attained advantage)")
    d.sign("get_advantage_from_zcdp:finite", E.finite(lib_zcdp), "positive", {rho: sp.Interval(sp.Rational(1, 10**8),
           sp.Rational(1, 1000))}, n=6, expect=Status.REFUTED,
           text="a number for small rho (refuted: a TypeError from a complex power in its RDP converter, e.g. at rho = 6e-4)")
    lib_mu = lambda rho: rc.get_mu_from_zcdp_approx(rho)
    d.sign("get_mu_from_zcdp_approx:sound", at_least(lib_mu, lambda rho: mp.sqrt(2 * rho)), "nonnegative",
           {rho: sp.Interval(sp.Rational(1, 10**8), 10**4)},
           text="the (deprecated) fitted mu is at least sqrt(2 rho), the mu of the Gaussian mechanism")

    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("get_advantage_from_adp", "(e^eps + 2 delta - 1)/(e^eps + 1) (Dong, Roth and Su)"),
        ("get_advantage_from_gdp", "Phi(mu/2) - Phi(-mu/2) (Cor. 2.13)"),
        ("get_beta_from_gdp", "Phi(-Phi^-1(a) - mu) (Eq. 6)"),
        ("get_beta_from_adp", "max{0, 1 - delta - e^eps a, e^-eps (1 - delta - a)} (Eq. 5)"),
        ("get_epsilon_from_err_rates", "max{0, log((1 - delta - a)/b), log((1 - delta - b)/a)}"),
        ("get_bayes_risk_from_gdp", "(1 - pi)(1 - delta_mu(log(pi/(1 - pi)))) (Kulynych et al., Prop. D.1)"),
        ("get_advantage_from_zcdp", "sup_a 1 - a - beta(a) over the RDP curve rho a (a numeric search, tol 1e-9)"),
        ("get_mu_from_zcdp_approx", "1.5823 sqrt(rho) + 0.0806 rho + 0.0549 (a fitted formula; deprecated)")])
    points = [{"log10_epsilon": a, "log10_delta": b} for a in (-3, -1, 0, 1, 2, 2.8) for b in (-300, -10, -1)]
    small_points = [{"log10_epsilon": a, "log10_delta": b} for a in (-12, -10, -8, -6) for b in (-300, -10)]
    d.table("agreement", "riskcal against the derived closed forms (fewest significant digits on a grid)",
            ("function", "domain", "digits"),
            [("get_advantage_from_adp", "eps in [1e-3, 700], delta in [1e-300, 0.1]",
              measured_digits(lib_adv, adv_adp, points, by_ed)),
             ("get_advantage_from_adp", "eps in [1e-12, 1e-6], delta in [1e-300, 1e-10]",
              measured_digits(lib_adv, adv_adp, small_points, by_ed)),
             ("get_advantage_from_gdp", "mu in [1e-3, 40]",
              measured_digits(lib_adv_g, adv_gdp, [{"log10_mu": v} for v in (-3, -2, -1, 0, 1, 1.6)], by_mu)),
             ("get_advantage_from_gdp", "mu in [1e-12, 1e-6]",
              measured_digits(lib_adv_g, adv_gdp, [{"log10_mu": v} for v in (-12, -10, -8, -6)], by_mu))])
