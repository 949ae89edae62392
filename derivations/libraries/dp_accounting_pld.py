"""dp_accounting 0.6.0, pld: privacy loss distributions of the Gaussian, Laplace and randomized response
mechanisms, their pessimistic discretisation, and composition.

The true hockey-stick divergence delta(eps) = sup_S P(S) - e^eps Q(S) is derived in closed form for each
mechanism: the Gaussian one (libraries.dp_accounting.analytic-gaussian), the Laplace one (the loss
|x - 1|/b - |x|/b exceeds eps exactly for x < (1 - eps b)/2: delta = 1 - e^{(eps - 1/b)/2} on [0, 1/b]),
k-ary randomized response (only the true answer has a positive loss: delta = (1 - p + p/k) - e^eps p/k),
and k-fold compositions (k Gaussians are one Gaussian with sigma/sqrt k; k binary randomized responses
are a binomial sum).  The exact privacy losses of privacy_loss_mechanism must agree with it; the
discretised distributions, built with pessimistic_estimate=True, must never report a delta below it.
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.audit import PAPER, agrees, at_least, finite, log10_inputs, measured_digits, within
from symdp.symbols import eps, log10_eps, log10_sigma, sigma, steps, x

import _enclosed as E
import _gaussian_exact as gx

WHERE = ("dp_accounting 0.6.0, pld.privacy_loss_mechanism and pld.privacy_loss_distribution; Koskela et al. "
         "2020 and Meiser and Mohammadi 2018 (privacy loss distributions), Doroshenko et al. 2022 (pessimistic "
         "connect-the-dots discretisation)")
b = sp.Symbol("b", positive=True)
p_noise = sp.Symbol("p", positive=True)
buckets = sp.Symbol("buckets", integer=True, positive=True)


def laplace_delta(epsilon, b):
    """delta(eps) of Lap(0, b) against Lap(1, b), eps >= 0."""
    return -mp.expm1((epsilon - 1 / b) / 2) if epsilon <= 1 / b else mp.mpf(0)


def rr_delta(epsilon, p, buckets):
    return max(mp.mpf(0), 1 - p + p / buckets - mp.exp(epsilon) * p / buckets)


def rr2_kfold_delta(epsilon, p, steps):
    """k binary randomized responses (keep w.p. 1 - p/2): the loss of j kept answers is (2j - k) eps0."""
    k, hi, lo = int(steps), 1 - p / 2, p / 2
    terms = (mp.binomial(k, j) * (hi**j * lo**(k - j) - mp.exp(epsilon) * lo**j * hi**(k - j)) for j in range(k + 1))
    return mp.fsum(t for t in terms if t > 0)


@derivation(id="libraries.dp_accounting.pld", title="dp_accounting: privacy loss distributions, the pessimistic "
            "discretisation and composition", paper=PAPER, where=WHERE, requires={"dp_accounting": "0.6.0"})
def pld_audit(d):
    from dp_accounting.pld import privacy_loss_distribution as pld
    from dp_accounting.pld import privacy_loss_mechanism as plm

    # -- Laplace: derive the profile by integrating p - e^eps q over the region where the loss exceeds eps
    p = sp.exp(-sp.Abs(x) / b) / (2 * b)
    q = sp.exp(-sp.Abs(x - 1) / b) / (2 * b)
    region = d.define("x^*", (1 - eps * b) / 2, "(|x - 1| - |x|)/b > eps exactly for x < (1 - eps b)/2 (eps b < 1)")
    lap_closed = d.define(r"\delta_L(\epsilon)", 1 - sp.exp((eps - 1 / b) / 2), "P(x < x*) - e^eps Q(x < x*)")
    lap_integral = lambda epsilon, b: mp.quad(lambda t: mp.exp(-abs(t) / b) / (2 * b) - mp.exp(epsilon)
                                              * mp.exp(-abs(t - 1) / b) / (2 * b), [-mp.inf, 0, (1 - epsilon * b) / 2])
    d.cross_check("LaplacePrivacyLoss.get_delta_for_epsilon:integral", lap_closed, lap_integral,
                  {b: sp.Interval(sp.Rational(1, 10), 4), eps: sp.Interval(0, 1 / b)}, n=10,
                  text="the closed form against the quadrature of p - e^eps q below x*")
    lap_lib = lambda b, epsilon: plm.LaplacePrivacyLoss(parameter=b, sensitivity=1.0).get_delta_for_epsilon(epsilon)
    lap_grid = {sp.Symbol("log10_b", real=True): sp.Interval(-2, 2), sp.Symbol("fraction", positive=True):
                sp.Interval(0, 1)}
    by_frac = lambda log10_b, fraction: {"b": 10.0 ** log10_b, "epsilon": fraction / 10.0 ** log10_b}
    d.sign("LaplacePrivacyLoss.get_delta_for_epsilon:digits", agrees(lap_lib, laplace_delta, 12, by_frac),
           "nonnegative", {sp.Symbol("log10_b", real=True): sp.Interval(-2, 2),
                           sp.Symbol("fraction", positive=True): sp.Interval(0, sp.Rational(9, 10))},
           text="12 digits, b from 0.01 to 100, eps from 0 to 0.9/b")
    d.sign("LaplacePrivacyLoss.get_delta_for_epsilon:near-1/b", E.agrees(
        lap_lib, laplace_delta, sp.Piecewise((lap_closed, eps <= 1 / b), (0, True)), 6, by_frac),
           "nonnegative", {sp.Symbol("log10_b", real=True): sp.Interval(-2, 2),
                           sp.Symbol("fraction", positive=True): sp.Interval(1 - sp.Rational(1, 10**4), 1 - sp.Rational(1, 10**13))},
           n=12, expect=Status.REFUTED, text="6 digits as eps approaches 1/b, where delta -> 0 (refuted: 1 - e^x "
           "loses the digits of a small delta, e.g. 5.00044e-13 for 5.00000e-13 at b = 10, eps = 0.1 - 1e-12; "
           "here on the safe side)")

    # -- Gaussian: the exact privacy loss mechanism
    gau_lib = lambda sigma, epsilon: plm.GaussianPrivacyLoss(standard_deviation=sigma, sensitivity=1.0) \
        .get_delta_for_epsilon(epsilon)
    by_se = log10_inputs("sigma")
    g_grid = {log10_sigma: sp.Interval(-1, 3), eps: sp.Interval(0, 700)}
    d.sign("GaussianPrivacyLoss.get_delta_for_epsilon:digits", within(
        gau_lib, lambda sigma, epsilon: gx.delta(epsilon, sigma), "1e-300", "1e-9", by_se), "nonnegative", g_grid,
        text="9 digits (or within 1e-300, below which it underflows to 0), sigma from 0.1 to 1000, eps up to 700")
    d.sign("GaussianPrivacyLoss.get_delta_for_epsilon:sound", at_least(
        gau_lib, lambda sigma, epsilon: gx.delta(epsilon, sigma) * (1 - mp.mpf("1e-9")) - mp.mpf("1e-300"), by_se),
        "nonnegative", g_grid, text="never below the true delta by more than 1e-9 relative (and 1e-300 absolute)")

    # -- the pessimistic discretisations: delta never below the true one
    pes_g = lambda sigma, epsilon: pld.from_gaussian_mechanism(sigma, pessimistic_estimate=True).get_delta_for_epsilon(epsilon)
    d.sign("from_gaussian_mechanism:pessimistic", E.at_least(pes_g, lambda sigma, epsilon: gx.delta(epsilon, sigma),
                                                            E.gaussian_delta(eps, sigma), by_se),
           "nonnegative", {log10_sigma: sp.Interval(-1, 2), eps: sp.Interval(0, 30)}, n=12, expect=Status.REFUTED,
           text="the discretised PLD's delta is never below the true one, sigma from 0.1 to 100 (refuted by "
                "rounding: 4e-13 relative below it at sigma = 100, eps = 0.03)")
    d.sign("from_gaussian_mechanism:pessimistic-rounding", at_least(pes_g, lambda sigma, epsilon: gx.delta(
        epsilon, sigma) * (1 - mp.mpf("1e-11")), by_se), "nonnegative",
        {log10_sigma: sp.Interval(-1, 2), eps: sp.Interval(0, 30)}, n=12,
        text="it is never below the true delta by more than 1e-11 relative")
    pes_ge = lambda sigma, delta: pld.from_gaussian_mechanism(sigma, pessimistic_estimate=True).get_epsilon_for_delta(delta)
    d.sign("from_gaussian_mechanism:epsilon", E.at_least(pes_ge, lambda sigma, delta: gx.epsilon(sigma, delta),
                                                         E.gaussian_epsilon(), log10_inputs("sigma", "delta")), "nonnegative",
           {log10_sigma: sp.Interval(-1, 2), sp.Symbol("log10_delta", real=True): sp.Interval(-20, -1)}, n=12,
           expect=Status.REFUTED, text="nor its epsilon at delta, delta from 1e-20 to 0.1 (refuted: 1.6e-9 below the "
           "true 61.877 at sigma = 0.1, delta = 0.1: privacy overstated in the tenth digit)")
    d.sign("from_gaussian_mechanism:epsilon-rounding", at_least(pes_ge, lambda sigma, delta: gx.epsilon(sigma, delta)
                                                                * (1 - mp.mpf("1e-9")), log10_inputs("sigma", "delta")),
           "nonnegative", {log10_sigma: sp.Interval(-1, 2), sp.Symbol("log10_delta", real=True): sp.Interval(-20, -1)},
           n=12, text="its epsilon is never below the true one by more than 1e-9 relative")
    d.sign("from_gaussian_mechanism:epsilon-tiny-delta", E.finite(pes_ge, log10_inputs("sigma", "delta")), "positive",
           {log10_sigma: sp.Interval(-1, 2), sp.Symbol("log10_delta", real=True): sp.Interval(-300, -120)}, n=6,
           expect=Status.REFUTED, text="finite for delta from 1e-300 to 1e-120 (refuted, on the safe side: inf, "
           "e.g. at sigma = 1 for every delta from 1e-30 down, where the true epsilon at 1e-119 is 23.598)")
    pes_l = lambda b, epsilon: pld.from_laplace_mechanism(b, pessimistic_estimate=True).get_delta_for_epsilon(epsilon)
    d.sign("from_laplace_mechanism:pessimistic", at_least(pes_l, laplace_delta, by_frac), "nonnegative", lap_grid, n=12,
           text="the discretised Laplace PLD's delta is never below the true one")
    pes_rr = lambda p, buckets, epsilon: pld.from_randomized_response(p, int(buckets), pessimistic_estimate=True) \
        .get_delta_for_epsilon(epsilon)
    rr_grid = {p_noise: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100)), buckets: sp.Interval(2, 50),
               eps: sp.Interval(0, 6)}
    d.sign("from_randomized_response:pessimistic", at_least(pes_rr, rr_delta), "nonnegative", rr_grid, n=12,
           text="k-ary randomized response: delta = (1 - p + p/k) - e^eps p/k never understated")
    d.sign("from_randomized_response:digits", agrees(pes_rr, rr_delta, 2), "nonnegative",
           {p_noise: sp.Interval(sp.Rational(1, 10), sp.Rational(9, 10)), buckets: sp.Interval(2, 50),
            eps: sp.Interval(0, sp.Rational(1, 2))}, n=12,
           text="and is within 1 % of it for eps up to 0.5 (the discretisation's loss)")

    # -- composition
    comp_g = lambda sigma, epsilon, steps: pld.from_gaussian_mechanism(sigma, pessimistic_estimate=True) \
        .self_compose(int(steps)).get_delta_for_epsilon(epsilon)
    d.sign("self_compose:gaussian", at_least(comp_g, lambda sigma, epsilon, steps: gx.delta(epsilon, sigma / mp.sqrt(steps)),
                                             by_se), "nonnegative",
           {log10_sigma: sp.Interval(0, 2), eps: sp.Interval(0, 20), steps: sp.Interval(1, 2000)}, n=10,
           text="k-fold Gaussian (k up to 2000): never below the exact delta of N(0, sigma^2/k)")
    comp_rr = lambda p, epsilon, steps: pld.from_randomized_response(p, 2, pessimistic_estimate=True) \
        .self_compose(int(steps)).get_delta_for_epsilon(epsilon)
    d.sign("self_compose:randomized-response-rounding", at_least(comp_rr, lambda p, epsilon, steps: rr2_kfold_delta(
        epsilon, p, steps) - mp.mpf("1e-14")), "nonnegative",
           {p_noise: sp.Interval(sp.Rational(1, 10), sp.Rational(9, 10)), eps: sp.Interval(0, 10),
            steps: sp.Interval(1, 300)}, n=10, text="k-fold binary randomized response (k up to 300): never below "
            "the exact binomial sum by more than 1e-14 (it is below by 1.2e-15 at p = 0.1008, k = 100, eps = 1: FFT "
            "rounding, which may differ between machines, so not declared as a finding)")

    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("LaplacePrivacyLoss.get_delta_for_epsilon", "the hockey-stick divergence of Lap(0, b) and Lap(1, b) in closed form"),
        ("GaussianPrivacyLoss.get_delta_for_epsilon", "Phi(1/(2 sigma) - eps sigma) - e^eps Phi(-1/(2 sigma) - eps sigma)"),
        ("from_gaussian_mechanism", "the Gaussian PLD discretised pessimistically (connect-the-dots), tails truncated"),
        ("from_laplace_mechanism", "the Laplace PLD discretised pessimistically"),
        ("from_randomized_response", "the k-ary randomized response PLD (three loss values)"),
        ("self_compose", "k-fold convolution of the discretised PLD (FFT)")])
    points = [{"log10_sigma": s, "epsilon": e} for s in (-1, 0, 1, 2, 3) for e in (0, 0.01, 1, 5)]
    d.table("agreement", "dp_accounting PLD against the derived values (fewest significant digits on a grid)",
            ("function", "domain", "digits"),
            [("GaussianPrivacyLoss.get_delta_for_epsilon", "sigma in [0.1, 1000], eps in [0, 5], delta above 1e-300",
              measured_digits(gau_lib, lambda sigma, epsilon: gx.delta(epsilon, sigma),
                              [p for p in points if p["epsilon"] * 10 ** p["log10_sigma"] < 30], by_se))])
