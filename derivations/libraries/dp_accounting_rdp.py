"""dp_accounting 0.6.0, rdp.rdp_privacy_accountant: Renyi DP of the (sampled) Gaussian and Laplace
mechanisms and the RDP -> (epsilon, delta) conversions.

The Renyi divergences are derived from the densities: D_a(P||Q) = log(int p^a q^(1-a))/(a - 1), by
summation for the sampled Gaussian at integer orders (the binomial expansion of ((1-q) + q e^{...})^a,
E[e^{k L}] of a Gaussian loss) and by quadrature at fractional orders (both directions: the RDP is the
larger); Mironov 2017 Prop. 6 for Laplace; the conversion of Canonne, Kamath and Steinke 2020 (Prop. 12,
the one the code cites) is judged by what it must never do: give an epsilon or a delta below the exact
one of the Gaussian mechanism whose RDP curve it is fed (the Gaussian profile is derived in
libraries.dp_accounting.analytic-gaussian).
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.audit import PAPER, agrees, at_least, log10_inputs, measured_digits
from symdp.symbols import eps, log10_delta, log10_eps, log10_q, log10_sigma, order, sigma, steps

import _enclosed as E
import _gaussian_exact as gx

WHERE = ("dp_accounting 0.6.0, rdp.rdp_privacy_accountant; Mironov 2017 (arXiv:1702.07476) Prop. 6; Mironov, "
         "Talwar and Zhang 2019 (arXiv:1908.10530) Sec. 3.3; Canonne, Kamath and Steinke 2020 (arXiv:2004.00010) "
         "Prop. 12")
alpha_int = sp.Symbol("order_int", integer=True, positive=True)


_q, _k = sp.Symbol("q", positive=True), sp.Symbol("k", integer=True, nonnegative=True)
SGM_INT = sp.log(sp.Sum(sp.binomial(alpha_int, _k) * (1 - _q) ** (alpha_int - _k) * _q ** _k
                        * sp.exp(_k * (_k - 1) / (2 * sigma ** 2)), (_k, 0, alpha_int))) / (alpha_int - 1)
"""sgm_int as a SymPy expression of q, sigma and order_int (its enclosure certifies a witness, :mod:`_enclosed`)."""
LAPLACE_RDP = sp.log(order / (2 * order - 1) * sp.exp((order - 1) * eps)
                     + (order - 1) / (2 * order - 1) * sp.exp(-order * eps)) / (order - 1)
"""laplace_rdp as a SymPy expression of epsilon and order."""


def sgm_int(q, sigma, order):
    """log(A_a)/(a - 1), A_a = sum_k C(a, k) (1 - q)^(a-k) q^k e^{k(k-1)/(2 sigma^2)} (a integer)."""
    a = int(order)
    terms = [mp.log(mp.binomial(a, k)) + (a - k) * mp.log1p(-q) + k * mp.log(q) + k * (k - 1) / (2 * sigma**2)
             for k in range(a + 1)]
    top = max(terms)
    return (top + mp.log(mp.fsum(mp.exp(t - top) for t in terms))) / (a - 1)


def _renyi_quad(q, sigma, power):
    """int mu0(z) ((1 - q) + q e^{(2z - 1)/(2 sigma^2)})^power dz, split where the integrand lives."""
    f = lambda z: mp.npdf(z, 0, sigma) * ((1 - q) + q * mp.exp((2 * z - 1) / (2 * sigma**2)))**power
    cuts = sorted({-12 * sigma, -4 * sigma, mp.mpf(0), mp.mpf(1) / 2, mp.mpf(1), 4 * sigma + 1,
                   12 * sigma + 1 + 2 * power / sigma})
    return mp.quad(f, [-mp.inf] + cuts + [mp.inf])


def sgm_frac(q, sigma, order):
    """The RDP of the sampled Gaussian at any order a > 1: the larger of D_a(mu||mu0), D_a(mu0||mu),
    with mu = (1 - q) mu0 + q mu1 (the second is E_mu0[(mu/mu0)^(1-a)] in the same integral)."""
    return max(mp.log(_renyi_quad(q, sigma, order)), mp.log(_renyi_quad(q, sigma, 1 - order))) / (order - 1)


def laplace_rdp(epsilon, order):
    """D_a of Lap(0, 1/eps) and Lap(1, 1/eps): log(a/(2a-1) e^{(a-1)eps} + (a-1)/(2a-1) e^{-a eps})/(a-1)."""
    a = order
    return mp.log(a / (2 * a - 1) * mp.exp((a - 1) * epsilon) + (a - 1) / (2 * a - 1) * mp.exp(-a * epsilon)) / (a - 1)


@derivation(id="libraries.dp_accounting.rdp", title="dp_accounting: Renyi DP of the sampled Gaussian and "
            "Laplace mechanisms, and RDP to (epsilon, delta)", paper=PAPER, where=WHERE,
            requires={"dp_accounting": "0.6.0"})
def rdp(d):
    from dp_accounting import GaussianDpEvent, SelfComposedDpEvent
    from dp_accounting.rdp import rdp_privacy_accountant as ra

    # -- the sampled Gaussian mechanism, integer orders: summation against quadrature
    q, z = sp.symbols("q z", positive=True)
    d.cross_check("_compute_rdp_poisson_subsampled_gaussian:binomial", lambda q, sigma, order_int: sgm_int(q, sigma, order_int),
                  lambda q, sigma, order_int: mp.log(_renyi_quad(q, sigma, order_int)) / (order_int - 1),
                  {q: sp.Interval(sp.Rational(1, 1000), sp.Rational(999, 1000)), sigma: sp.Interval(sp.Rational(1, 2), 8),
                   alpha_int: sp.Interval(2, 12)}, n=8,
                  text="the binomial sum equals the integral of mu0 (mu/mu0)^a (E_mu0[(mu1/mu0)^k] = e^{k(k-1)/(2 sigma^2)})")
    sgm = lambda q, sigma, order: ra._compute_rdp_poisson_subsampled_gaussian(q, sigma, [order])[0]
    by_qs = log10_inputs("q", "sigma")
    lib_int = lambda q, sigma, order_int: sgm(q, sigma, order_int)
    true_int = lambda q, sigma, order_int: sgm_int(q, sigma, order_int)
    d.sign("_compute_rdp_poisson_subsampled_gaussian:integer-orders", agrees(lib_int, true_int, 9, by_qs),
           "nonnegative", {log10_q: sp.Interval(-2, -sp.Rational(1, 1000)), log10_sigma: sp.Interval(-1, 1),
                           alpha_int: sp.Interval(2, 600)},
           n=14, text="integer orders 2 to 600, q from 0.01 to 0.998, sigma from 0.1 to 10: 9 digits (the "
                      "relative error grows as the RDP shrinks, below)")
    tiny = {log10_q: sp.Interval(-8, -2), log10_sigma: sp.Interval(0, 2), alpha_int: sp.Interval(2, 600)}
    d.sign("_compute_rdp_poisson_subsampled_gaussian:small-q", E.agrees(lib_int, true_int, SGM_INT, 6, by_qs), "nonnegative",
           tiny, n=14, expect=Status.REFUTED, text="6 digits for q from 1e-8 to 0.01, sigma from 1 to 100 (refuted: "
           "log A with A = 1 + (a tiny RDP) loses its digits: 0.55 % low at q = 1e-8, sigma = 100, order 2)")
    d.sign("_compute_rdp_poisson_subsampled_gaussian:small-q-safe", E.at_least(lib_int, true_int, SGM_INT, by_qs),
           "nonnegative", tiny, n=14, expect=Status.REFUTED,
           text="never below the true RDP there (refuted: the lost digits make it smaller: unsafe, if by little)")
    # fractional orders: near 1 (a = 1 + 10^x, x in [-6, -1]) and half-integers (a = n + 1/2): never integers,
    # so no witness can shrink onto the integer-order code path
    near_one = {log10_q: sp.Interval(-6, -sp.Rational(1, 2)), sigma: sp.Interval(sp.Rational(1, 2), 8),
                sp.Symbol("log10_order_minus_1", real=True): sp.Interval(-6, -1)}
    near_one_small_q = {log10_q: sp.Interval(-6, -5), sigma: sp.Interval(sp.Rational(1, 2), 8),
                        sp.Symbol("log10_order_minus_1", real=True): sp.Interval(-6, -4)}
    halves = {log10_q: sp.Interval(-6, -sp.Rational(1, 2)), sigma: sp.Interval(sp.Rational(1, 2), 8),
              sp.Symbol("half_order", integer=True, positive=True): sp.Interval(1, 11)}
    by_near = lambda log10_q, sigma, log10_order_minus_1: {"q": 10.0 ** log10_q, "sigma": sigma,
                                                           "order": 1.0 + 10.0 ** log10_order_minus_1}
    by_half = lambda log10_q, sigma, half_order: {"q": 10.0 ** log10_q, "sigma": sigma, "order": half_order + 0.5}
    lib_frac = lambda q, sigma, order: sgm(q, sigma, order)
    unsafe = {"near-1": (near_one_small_q, "q from 1e-6 to 1e-5, a - 1 from 1e-6 to 1e-4: 1.3 % below at worst"),
              "half-integer": (halves, "down to 2e-9 relative below at q below 1e-3")}
    for name, grid, inputs in (("near-1", near_one, by_near), ("half-integer", halves, by_half)):
        region, how = unsafe[name]
        d.sign(f"_compute_rdp_poisson_subsampled_gaussian:fractional-{name}-safe", E.at_least(
            lib_frac, sgm_frac, E.sampled_rdp_both_ways, inputs), "nonnegative", region, n=30, expect=Status.REFUTED,
            text=f"fractional orders ({name}): never below the true RDP (refuted at small q, {how}: the loss "
                 "of digits of log A near 1 outweighs the dropped signs; a fifth to a half of the points there)")
        d.sign(f"_compute_rdp_poisson_subsampled_gaussian:fractional-{name}-digits", E.agrees(
            lib_frac, sgm_frac, E.sampled_rdp_both_ways, 6, inputs), "nonnegative", grid, n=6, expect=Status.REFUTED,
            text=f"fractional orders ({name}): 6 digits (refuted: the series of Sec. 3.3 is summed with "
                 "log|C(a, i)|, dropping the alternating signs of the generalised binomial coefficients for "
                 "i > a + 1: an upper bound, up to 3.3 times the true RDP near a = 1)")

    # -- Laplace (Mironov 2017, Prop. 6)
    a = order
    printed = eps + sp.log(1 + (a - 1) * (sp.exp((1 - 2 * a) * eps) - 1) / (2 * a - 1)) / (a - 1)
    derived = sp.log(a / (2 * a - 1) * sp.exp((a - 1) * eps) + (a - 1) / (2 * a - 1) * sp.exp(-a * eps)) / (a - 1)
    d.printed("_laplace_rdp:formula", printed, derived, {order: sp.Interval.open(1, sp.oo)},
              where="the docstring's Prop. 6", text="the formula in the code's docstring against the Renyi integral")
    lap_q = lambda epsilon, order: mp.log(mp.quad(lambda t: (mp.exp(-abs(t) * epsilon) * epsilon / 2) ** order
                                                  * (mp.exp(-abs(t - 1) * epsilon) * epsilon / 2) ** (1 - order),
                                                  [-mp.inf, 0, 1, mp.inf])) / (order - 1)
    d.cross_check("_laplace_rdp:integral", derived, lap_q, {eps: sp.Interval(sp.Rational(1, 10), 5),
                  order: sp.Interval(sp.Rational(11, 10), 20)}, n=10, text="the derived form against quadrature")
    lib_lap = lambda epsilon, order: ra._laplace_rdp(epsilon, order)
    by_e = log10_inputs("epsilon")
    d.sign("_laplace_rdp:digits", agrees(lib_lap, laplace_rdp, 12, by_e), "nonnegative",
           {log10_eps: sp.Interval(-2, sp.log(700, 10)), order: sp.Interval(1 + sp.Rational(1, 10**6), 10**4)},
           text="12 digits for eps in [0.01, 700], orders 1 + 1e-6 to 1e4")
    small = {log10_eps: sp.Interval(-10, -4), order: sp.Interval(sp.Rational(11, 10), 10**4)}
    d.sign("_laplace_rdp:small-eps", E.agrees(lib_lap, laplace_rdp, LAPLACE_RDP, 10, by_e), "nonnegative", small,
           expect=Status.REFUTED, text="10 digits for eps in [1e-10, 1e-4] (refuted: eps + log1p(...)/(a-1) "
           "cancels to a eps^2/2, losing the digits of eps)")
    d.sign("_laplace_rdp:small-eps-safe", E.at_least(lib_lap, laplace_rdp, LAPLACE_RDP, by_e), "nonnegative", small,
           expect=Status.REFUTED, text="never below the true RDP for small eps (refuted: the lost digits round down "
           "as well as up)")

    # -- RDP -> (eps, delta): fed the exact RDP curve a/(2 sigma^2) of the Gaussian mechanism
    conv = {log10_sigma: sp.Interval(-1, 2), log10_delta: sp.Interval(-300, -1), order: sp.Interval(sp.Rational(102, 100), 10**4)}
    by_sd = log10_inputs("sigma", "delta")
    lib_eps = lambda sigma, delta, order: ra.compute_epsilon([order], [order / (2 * sigma**2)], delta)[0]
    d.sign("compute_epsilon:sound", at_least(lib_eps, lambda sigma, delta, order: gx.epsilon(sigma, delta), by_sd),
           "nonnegative", conv, n=20, text="at every order the epsilon is at least the Gaussian mechanism's true one")
    prop12 = lambda sigma, delta, order: max(mp.mpf(0), order / (2 * sigma**2) + mp.log1p(-1 / order)
                                             - mp.log(delta * order) / (order - 1))
    d.sign("compute_epsilon:prop12", agrees(lib_eps, prop12, 13, by_sd), "nonnegative",
           {log10_sigma: sp.Interval(-1, 1), log10_delta: sp.Interval(-300, -3), order: sp.Interval(sp.Rational(102, 100), 10**4)},
           n=20, text="the code is Prop. 12: eps = r + log(1 - 1/a) - log(delta a)/(a - 1), to 13 digits")
    lib_delta = lambda sigma, epsilon, order: ra.compute_delta([order], [order / (2 * sigma**2)], epsilon)[0]
    d.sign("compute_delta:sound", at_least(lib_delta, lambda sigma, epsilon, order: gx.delta(epsilon, sigma)
                                           - mp.mpf("1e-300"), log10_inputs("sigma", "epsilon")), "nonnegative",
           {log10_sigma: sp.Interval(-1, 2), log10_eps: sp.Interval(-3, sp.log(700, 10)),
            order: sp.Interval(sp.Rational(102, 100), 10**4)}, n=20,
           text="at every order the delta is at least the Gaussian mechanism's true one (eps up to 700; below 1e-300 "
                "a delta may underflow to 0)")
    # many compositions: k Gaussian releases are one Gaussian with sigma/sqrt(k)
    acc = lambda sigma, delta, steps: ra.RdpAccountant().compose(
        SelfComposedDpEvent(GaussianDpEvent(sigma), int(steps))).get_epsilon(delta)
    d.sign("RdpAccountant.get_epsilon:composed", at_least(acc, lambda sigma, delta, steps: gx.epsilon(
        sigma / mp.sqrt(steps), delta), by_sd), "nonnegative",
        {log10_sigma: sp.Interval(0, 3), log10_delta: sp.Interval(-300, -3), steps: sp.Interval(1, 10**6)}, n=16,
        text="k-fold composed Gaussian (k up to 1e6): the accountant's epsilon is at least the exact one of "
             "N(0, sigma^2/k)")

    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("_compute_rdp_poisson_subsampled_gaussian", "log(A_a)/(a - 1) of the Poisson-sampled Gaussian (Mironov, Talwar "
         "and Zhang 2019): a binomial sum at integer orders, the series of Sec. 3.3 at fractional ones"),
        ("_laplace_rdp", "eps + log(1 + (a - 1)(e^{(1 - 2a) eps} - 1)/(2a - 1))/(a - 1) (Mironov 2017, Prop. 6); "
         "a Taylor series for a < 1.1, eps + e^-eps - 1 at a = 1"),
        ("compute_epsilon", "min over orders of r + log(1 - 1/a) - log(delta a)/(a - 1) (Canonne, Kamath and Steinke "
         "2020, Prop. 12), 0 when delta^2 >= 1 - e^-r"),
        ("compute_delta", "min over orders a of exp((a - 1)(r - eps + log(1 - 1/a))) / a and sqrt(1 - e^-r)"),
        ("RdpAccountant.get_epsilon", "the composed RDP curve (k times the single one) through compute_epsilon")])
    points = [{"log10_epsilon": e, "order": a} for e in (-8, -6, -4) for a in (1.5, 2, 100)]
    d.table("agreement", "dp_accounting RDP against the derived values (fewest significant digits on a grid)",
            ("function", "domain", "digits"),
            [("_laplace_rdp", "eps in [1e-8, 1e-4], orders 1.5 to 100", measured_digits(lib_lap, laplace_rdp, points, by_e))])
