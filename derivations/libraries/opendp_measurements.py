"""OpenDP 0.16.0 (Python): the privacy maps of its noise measurements, the conversions between privacy
measures, and the scale/accuracy constants it exposes.

Each constant is derived from the mechanism's densities: the Laplace privacy loss (a max-divergence
d_in/scale), the Renyi divergence of two Gaussians (a zCDP rho = (d_in/scale)^2/2), randomized
response's likelihood ratio, the tail of the Laplace and Gaussian noise (accuracy at level alpha), and
the zCDP -> (eps, delta) conversion OpenDP cites (Canonne, Kamath and Steinke 2020, Cor. 13:
delta = inf_{a > 1} e^{(a-1)(a rho - eps)} (1 - 1/a)^{a-1} / a).  OpenDP rounds its maps outwards on
purpose: the claims check that every returned epsilon, rho and delta lies on the safe side of the
derived value and within a few units in the last place of it.
"""
import mpmath as mp
import sympy as sp

from symdp import PhiInv, Status, derivation
from symdp.audit import PAPER, agrees, at_least, finite, log10_inputs, within
from symdp.special import ncdf_inv
from symdp.symbols import dQ, eps, log10_delta, log10_eps, order, x

import _enclosed as E
from _gaussian_exact import bisect as gx_bisect
import _optimum as opt

WHERE = ("OpenDP 0.16.0, opendp.measurements / opendp.combinators / opendp.accuracy; Canonne, Kamath and "
         "Steinke 2020 (arXiv:2004.00010), Cor. 13; Bun and Steinke 2016, Prop. 1.4")
b = sp.Symbol("b", positive=True)          # noise scale
rho = sp.Symbol("rho", positive=True)      # zCDP parameter
prob = sp.Symbol("p", positive=True)       # probability of answering truthfully
k = sp.Symbol("k", integer=True, positive=True)   # categories
lev = sp.Symbol("alpha_acc", positive=True)        # accuracy level (tail probability)
log10_b = sp.Symbol("log10_scale", real=True)
log10_rho = sp.Symbol("log10_rho", real=True)
log10_lev = sp.Symbol("log10_alpha", real=True)
log10_acc = sp.Symbol("log10_accuracy", real=True)


_scale, _level, _accuracy = sp.symbols("scale alpha accuracy", positive=True)
GAUSS_ACCURACY = -_scale * PhiInv(_level / 2)
"""gacc_true as a SymPy expression of scale and alpha (its enclosure certifies a witness, :mod:`_enclosed`)."""
GAUSS_SCALE = _accuracy / -PhiInv(_level / 2)
"""ginv_true as a SymPy expression of accuracy and alpha."""


_rho, _order = sp.Symbol("rho", positive=True), sp.Symbol("order_min", positive=True)
_CKS_LOG = (_order - 1) * (_order * _rho - eps) + (_order - 1) * sp.log(1 - 1 / _order) - sp.log(_order)
CKS_DELTA = E.minimum_at_root(
    sp.Min(1, sp.exp(_CKS_LOG)), (2 * _order - 1) * _rho - eps + sp.log(1 - 1 / _order), _order,
    lambda rho, epsilon: gx_bisect(lambda a: -((2 * a - 1) * rho - epsilon + mp.log1p(-1 / a)),
                                   1 + mp.mpf(10) ** (-mp.mp.dps // 2), 2 + (epsilon + 1) / rho))
"""cks_delta enclosed: with a = 1 + e^s the log of Cor. 13's objective is (a-1)(a rho - eps) + (a-1) log(1 - 1/a)
- log a, whose derivative (2a - 1) rho - eps + log(1 - 1/a) increases in a: the infimum is at its one root."""


def cks_delta(rho, epsilon):
    """Cor. 13 of Canonne, Kamath and Steinke, minimised over the order a = 1 + e^s (golden section)."""
    log_term = lambda s: ((mp.exp(s)) * ((1 + mp.exp(s)) * rho - epsilon) + mp.exp(s) * mp.log(mp.exp(s) / (1 + mp.exp(s)))
                          - mp.log(1 + mp.exp(s)))
    return min(mp.mpf(1), mp.exp(opt.minimise(log_term, -40, 40)))


def cks_epsilon(rho, delta):
    """The least eps of Cor. 13 at delta: min over a > 1 of a rho + (log(1/delta) + (a-1) log(1-1/a) - log a)/(a-1)."""
    def at(s):
        a1 = mp.exp(s)  # a - 1
        return (1 + a1) * rho + (-mp.log(delta) + a1 * mp.log(a1 / (1 + a1)) - mp.log(1 + a1)) / a1
    return max(mp.mpf(0), opt.minimise(at, -40, 40))


def gauss_delta(rho, epsilon):
    """The exact profile of the Gaussian mechanism with mu = sqrt(2 rho) (which is rho-zCDP)."""
    m = mp.sqrt(2 * rho)
    return mp.ncdf(-epsilon / m + m / 2) - mp.exp(epsilon) * mp.ncdf(-epsilon / m - m / 2)


@derivation(id="libraries.opendp.measurements", title="OpenDP: privacy maps, measure conversions and "
            "accuracy constants", paper=PAPER, where=WHERE, requires={"opendp": "0.16.0"})
def measurements(d):
    import opendp.prelude as dp
    dp.enable_features("contrib")
    real = (dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float))

    # -- Laplace: the privacy loss is at most d_in / scale, attained for outputs below both centres
    loss = d.define("L(x)", (sp.Abs(x - dQ) - sp.Abs(x)) / b, "log p(x)/p'(x) for Lap(0, b) against Lap(d, b)")
    d.identity("make_laplace:attained", loss.subs(x, -1), dQ / b, text="L = d/b at any x <= 0")
    d.sign("make_laplace:bounded", dQ / b - loss, "nonnegative", text="L <= d/b everywhere (triangle inequality)")
    lap = lambda scale, d_in: dp.m.make_laplace(*real, scale=scale).map(d_in)
    lap_true = lambda scale, d_in: d_in / scale
    grid = {log10_b: sp.Interval(-300, 300), sp.Symbol("d_in", positive=True): sp.Interval(sp.Rational(1, 100), 100)}
    d.sign("make_laplace:conservative", at_least(lap, lap_true, log10_inputs("scale")), "nonnegative", grid,
           text="the returned epsilon is never below d_in/scale (scale from 1e-300 to 1e300)")
    d.sign("make_laplace:digits", agrees(lap, lap_true, 15, log10_inputs("scale")), "nonnegative", grid,
           text="and agrees with it to 15 digits")

    # -- Gaussian: Renyi divergence of N(0, b^2) and N(d, b^2) is a d^2/(2 b^2), so rho = d^2/(2 b^2)
    renyi = lambda order, b, d_in: mp.log(mp.quad(lambda t: mp.npdf(t, 0, b)**order * mp.npdf(t, d_in, b)**(1 - order),
                                                  [-mp.inf, -10 * b, 0, d_in, d_in + 10 * b, mp.inf])) / (order - 1)
    d_in = sp.Symbol("d_in", positive=True)
    d.cross_check("make_gaussian:renyi", order * d_in**2 / (2 * b**2), renyi,
                  {order: sp.Interval(sp.Rational(11, 10), 8), b: sp.Interval(sp.Rational(1, 2), 4),
                   d_in: sp.Interval(sp.Rational(1, 10), 2)}, n=10,
                  text="D_a = a d^2/(2 b^2) against the quadrature of p^a q^(1-a): rho = d^2/(2 b^2)")
    gau = lambda scale, d_in: dp.m.make_gaussian(*real, scale=scale).map(d_in)
    gau_true = lambda scale, d_in: d_in**2 / (2 * scale**2)
    g_grid = {log10_b: sp.Interval(-150, 150), d_in: sp.Interval(sp.Rational(1, 100), 100)}
    d.sign("make_gaussian:conservative", at_least(gau, gau_true, log10_inputs("scale")), "nonnegative", g_grid,
           text="the returned rho is never below d_in^2/(2 scale^2) (scale from 1e-150 to 1e150)")
    d.sign("make_gaussian:digits", agrees(gau, gau_true, 15, log10_inputs("scale")), "nonnegative", g_grid,
           text="and agrees with it to 15 digits")

    # -- randomized response: likelihood ratio p (k - 1)/(1 - p)
    rr = lambda p, k: dp.m.make_randomized_response(categories=list(range(int(k))), prob=p).map(1)
    rr_true = lambda p, k: mp.log(p * (k - 1) / (1 - p))
    rr_grid = {k: sp.Interval(2, 1000), prob: sp.Interval(sp.Rational(1, 2) + sp.Rational(1, 10**6), 1 - sp.Rational(1, 10**9))}
    d.sign("make_randomized_response:conservative", at_least(rr, rr_true), "nonnegative",
           {k: sp.Interval(2, 50), prob: sp.Interval(sp.Rational(1, 2), 1 - sp.Rational(1, 10**9))}, n=20,
           text="epsilon = log(p (k - 1)/(1 - p)) never understated (p from 1/k up)")
    d.sign("make_randomized_response:digits", agrees(rr, rr_true, 13), "nonnegative",
           {k: sp.Interval(2, 50), prob: sp.Interval(sp.Rational(6, 10), 1 - sp.Rational(1, 10**9))}, n=20,
           text="and agrees with it to 13 digits (p >= 0.6)")
    rrb = lambda p: dp.m.make_randomized_response_bool(prob=p).map(1)
    d.sign("make_randomized_response_bool:conservative", at_least(rrb, lambda p: mp.log(p / (1 - p))),
           "nonnegative", {prob: sp.Interval.open(sp.Rational(1, 2), 1 - sp.Rational(1, 10**12))},
           text="epsilon = log(p/(1 - p)) never understated")
    d.sign("make_randomized_response_bool:digits", agrees(rrb, lambda p: mp.log(p / (1 - p)), 13),
           "nonnegative", {prob: sp.Interval(sp.Rational(6, 10), 1 - sp.Rational(1, 10**12))},
           text="and agrees with it to 13 digits (p >= 0.6)")

    # -- pure DP -> zCDP (Bun and Steinke, Prop. 1.4): rho = eps^2/2 bounds the Renyi divergence of RR
    rr_renyi = lambda order, epsilon: mp.log((mp.exp(order * epsilon) + mp.exp((1 - order) * epsilon)) /
                                             (1 + mp.exp(epsilon))) / (order - 1)
    d.sign("make_pureDP_to_zCDP:renyi", lambda order, epsilon: order * epsilon**2 / 2 - rr_renyi(order, epsilon),
           "nonnegative", {order: sp.Interval(sp.Rational(1001, 1000), 1000), eps: sp.Interval(sp.Rational(1, 1000), 20)},
           text="randomized response, the extreme eps-DP pair, has D_a <= a eps^2/2 at every order")
    p2z = lambda epsilon: dp.c.make_pureDP_to_zCDP(dp.m.make_laplace(*real, scale=1.0 / epsilon)).map(1.0)
    d.sign("make_pureDP_to_zCDP:conservative", at_least(p2z, lambda epsilon: epsilon**2 / 2, log10_inputs("epsilon")),
           "nonnegative", {log10_eps: sp.Interval(-8, 2)}, text="rho = eps^2/2 never understated (through Laplace's eps)")

    # -- zCDP -> (eps, delta) (Canonne, Kamath and Steinke, Cor. 13)
    def profile(rho):
        scale = 1.0 / float(mp.sqrt(2 * rho))
        return dp.c.make_zCDP_to_approxDP(dp.m.make_gaussian(*real, scale=scale)).map(1.0)
    z_delta = lambda rho, epsilon: profile(rho).delta(epsilon)
    z_rho = lambda rho, epsilon: (1.0 / (1.0 / float(mp.sqrt(2 * rho)))**2) / 2
    by = lambda rho, epsilon: {"rho": float(mp.mpf(1) / (2 * mp.mpf(1.0 / float(mp.sqrt(2 * mp.mpf(rho)))) ** 2)),
                               "epsilon": epsilon}
    zgrid = {log10_rho: sp.Interval(-4, 2), eps: sp.Interval(0, 40)}
    to_rho = lambda log10_rho, epsilon: by(10.0 ** log10_rho, epsilon)
    d.sign("make_zCDP_to_approxDP:sound", at_least(z_delta, gauss_delta, to_rho), "nonnegative", zgrid, n=16,
           text="delta(eps) is at least the exact delta of the Gaussian mechanism with mu = sqrt(2 rho), which is "
                "rho-zCDP (a bound below it would be false)")
    d.sign("make_zCDP_to_approxDP:cks", at_least(z_delta, cks_delta, to_rho), "nonnegative", zgrid, n=16,
           text="delta(eps) is never below Cor. 13's infimum (conservative)")
    d.sign("make_zCDP_to_approxDP:digits", within(z_delta, cks_delta, "1e-300", "1e-8", to_rho), "nonnegative",
           {log10_rho: sp.Interval(-4, 0), eps: sp.Interval(0, 40)}, n=16,
           text="delta(eps) agrees with Cor. 13's infimum to 8 digits for rho <= 1 (or within 1e-300, where it "
                "underflows to the least double)")
    d.sign("make_zCDP_to_approxDP:large-rho", E.within(z_delta, cks_delta, CKS_DELTA, "1e-300", "1e-8", to_rho), "nonnegative",
           {log10_rho: sp.Interval(0, 2), eps: sp.Interval(0, 40)}, n=16, expect=Status.REFUTED,
           text="the same for rho in [1, 100] (refuted, on the safe side: delta is above Cor. 13's infimum, by "
                "1.3e-3 relative at rho = 10, eps = 5, and 1 where the infimum is 0.99995)")
    z_eps = lambda rho, delta: profile(rho).epsilon(delta)
    to_rho_d = lambda log10_rho, log10_delta: {"rho": by(10.0 ** log10_rho, 0)["rho"], "delta": 10.0 ** log10_delta}
    egrid = {log10_rho: sp.Interval(-4, 2), log10_delta: sp.Interval(-300, -1)}
    d.sign("PrivacyProfile.epsilon:cks", at_least(z_eps, cks_epsilon, to_rho_d), "nonnegative", egrid, n=16,
           text="epsilon(delta) never below Cor. 13's least epsilon (delta from 1e-300)")
    d.sign("PrivacyProfile.epsilon:digits", agrees(z_eps, cks_epsilon, 8, to_rho_d), "nonnegative", egrid, n=16,
           text="and agrees with it to 8 digits")
    fix = lambda rho, delta: dp.c.make_fix_delta(dp.c.make_zCDP_to_approxDP(
        dp.m.make_gaussian(*real, scale=1.0 / float(mp.sqrt(2 * rho)))), delta).map(1.0)[0]
    d.sign("make_fix_delta:cks", at_least(fix, cks_epsilon, to_rho_d), "nonnegative", egrid, n=12,
           text="the epsilon fixed at delta is never below Cor. 13's least epsilon")

    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("make_laplace", "privacy map d_in/scale (max-divergence), rounded up"),
        ("make_gaussian", "privacy map (d_in/scale)^2/2 (zCDP), rounded up"),
        ("make_randomized_response", "log(p (k - 1)/(1 - p))"), ("make_randomized_response_bool", "log(p/(1 - p))"),
        ("make_pureDP_to_zCDP", "rho = eps^2/2 (Bun and Steinke, Prop. 1.4)"),
        ("make_zCDP_to_approxDP", "delta(eps) = inf_a e^{(a-1)(a rho - eps)} (1 - 1/a)^{a-1}/a (Canonne, Kamath and "
         "Steinke, Cor. 13)"),
        ("PrivacyProfile.epsilon", "the least eps with delta(eps) <= delta on the same profile"),
        ("make_fix_delta", "(PrivacyProfile.epsilon(delta), delta)"),
        ("laplacian_scale_to_accuracy", "b log(1/alpha)"), ("accuracy_to_laplacian_scale", "a/log(1/alpha)"),
        ("gaussian_scale_to_accuracy", "-b Phi^-1(alpha/2), computed through the inverse error function of 1 - alpha"),
        ("accuracy_to_gaussian_scale", "a/(-Phi^-1(alpha/2)), the same way"),
        ("discrete_laplacian_scale_to_accuracy", "t (log(2/alpha) - log(1 + e^{-1/t}))")])

    # -- accuracy: P(|Lap(b)| >= a) = e^{-a/b}, P(|N(0, b^2)| >= a) = 2 Phi(-a/b),
    #    P(|DLap(t)| >= a) = 2 e^{-a/t}/(1 + e^{-1/t}) (a >= 1, the continuous interpolation OpenDP uses)
    tail = d.integrate(r"P(|X| \ge a)", 2 * sp.exp(-x / b) / (2 * b), (x, sp.Symbol("a", positive=True), sp.oo),
                       text="the two tails of the Laplace density")
    d.identity("laplacian_scale_to_accuracy:tail", tail, sp.exp(-sp.Symbol("a", positive=True) / b),
               text="so the accuracy at level alpha is b log(1/alpha)")
    acc_grid = {log10_b: sp.Interval(-100, 100), log10_lev: sp.Interval(-300, -sp.Rational(1, 100))}
    by_acc = log10_inputs("scale", "alpha")
    lacc = lambda scale, alpha: dp.laplacian_scale_to_accuracy(scale=scale, alpha=alpha)
    lacc_true = lambda scale, alpha: scale * mp.log(1 / alpha)
    d.sign("laplacian_scale_to_accuracy:digits", agrees(lacc, lacc_true, 13, by_acc), "nonnegative",
           {log10_b: sp.Interval(-100, 100), log10_lev: sp.Interval(-300, -sp.Rational(1, 100))},
           text="b log(1/alpha) to 13 digits")
    linv = lambda accuracy, alpha: dp.accuracy_to_laplacian_scale(accuracy=accuracy, alpha=alpha)
    d.sign("accuracy_to_laplacian_scale:digits", agrees(linv, lambda accuracy, alpha: accuracy / mp.log(1 / alpha),
           13, log10_inputs("accuracy", "alpha")), "nonnegative",
           {log10_acc: sp.Interval(-100, 100), log10_lev: sp.Interval(-300, -sp.Rational(1, 100))},
           text="its inverse a/log(1/alpha) to 13 digits")
    gacc = lambda scale, alpha: dp.gaussian_scale_to_accuracy(scale=scale, alpha=alpha)
    gacc_true = lambda scale, alpha: -scale * ncdf_inv(alpha / 2)
    d.sign("gaussian_scale_to_accuracy:digits", agrees(gacc, gacc_true, 12, by_acc), "nonnegative",
           {log10_b: sp.Interval(-100, 100), log10_lev: sp.Interval(-2, -sp.Rational(1, 100))},
           text="-b Phi^-1(alpha/2) to 12 digits for alpha in [0.01, 0.98)")
    d.sign("gaussian_scale_to_accuracy:small-alpha", E.agrees(gacc, gacc_true, GAUSS_ACCURACY, 12, by_acc), "nonnegative",
           {log10_b: sp.Interval(-100, 100), log10_lev: sp.Interval(-16, -2)}, expect=Status.REFUTED,
           text="the same for alpha in [1e-16, 0.01] (refuted: the inverse error function of 1 - alpha loses the "
                "digits of alpha)")
    d.sign("gaussian_scale_to_accuracy:tiny-alpha", E.finite(gacc, by_acc), "positive",
           {log10_b: sp.Interval(-100, 100), log10_lev: sp.Interval(-300, -17)}, n=10, expect=Status.REFUTED,
           text="finite for alpha below 1e-17 (refuted: inf, as 1 - alpha rounds to 1 before the quantile)")
    ginv = lambda accuracy, alpha: dp.accuracy_to_gaussian_scale(accuracy=accuracy, alpha=alpha)
    ginv_true = lambda accuracy, alpha: accuracy / -ncdf_inv(alpha / 2)
    by_inv = log10_inputs("accuracy", "alpha")
    d.sign("accuracy_to_gaussian_scale:digits", agrees(ginv, ginv_true, 12, by_inv), "nonnegative",
           {log10_acc: sp.Interval(-100, 100), log10_lev: sp.Interval(-2, -sp.Rational(1, 100))},
           text="its inverse a/(-Phi^-1(alpha/2)) to 12 digits for alpha in [0.01, 0.98)")
    d.sign("accuracy_to_gaussian_scale:small-alpha", E.agrees(ginv, ginv_true, GAUSS_SCALE, 12, by_inv), "nonnegative",
           {log10_acc: sp.Interval(-100, 100), log10_lev: sp.Interval(-16, -2)}, expect=Status.REFUTED,
           text="the same for alpha in [1e-16, 0.01] (refuted: the same loss of digits)")
    d.sign("accuracy_to_gaussian_scale:tiny-alpha", E.agrees(ginv, ginv_true, GAUSS_SCALE, 1, by_inv), "nonnegative",
           {log10_acc: sp.Interval(-100, 100), log10_lev: sp.Interval(-300, -17)}, n=10, expect=Status.REFUTED,
           text="right to one digit for alpha below 1e-17 (refuted: it returns scale 0)")
    dacc = lambda scale, alpha: dp.discrete_laplacian_scale_to_accuracy(scale=scale, alpha=alpha)
    dacc_true = lambda scale, alpha: scale * (mp.log(2 / alpha) - mp.log1p(mp.exp(-1 / scale)))
    d.sign("discrete_laplacian_scale_to_accuracy:digits", agrees(dacc, dacc_true, 12, by_acc), "nonnegative",
           {log10_b: sp.Interval(-1, 6), log10_lev: sp.Interval(-300, -sp.Rational(3, 2))},
           text="t (log(2/alpha) - log(1 + e^{-1/t})) to 12 digits (2 e^{-a/t}/(1 + e^{-1/t}) = alpha)")
