"""prv_accountant 0.2.0, ``prv_accountant.privacy_random_variables``: the privacy random variables (the
privacy loss L = log p(Y)/q(Y), Y ~ P) of the Gaussian, Laplace, pure-DP and Poisson-subsampled Gaussian
mechanisms, their CDFs and Renyi divergences, derived and compared with the library.

Each CDF is derived by inverting the privacy loss (monotone in the output for the
Gaussian and the subsampled Gaussian, piecewise for the Laplace, two atoms for
randomised response) and checked against quadrature or summation; each RDP is the
Renyi divergence by quadrature or by the binomial expansion (Mironov, Talwar and
Zhang 2019).  The library's values are compared at 60 digits on the same float64
inputs, over noise multipliers 10^-3..10^3, sampling rates 10^-4..0.99, orders
1 + 10^-6..10^4.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Phi, Status, derivation
from symdp.audit import PAPER, agrees, at_least, finite, within
from symdp.symbols import eps, log10_a1, log10_mu, log10_q, log10_sigma, mu, order, q_rate, sigma, steps, x

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _enclosed as E  # noqa: E402
import _extremes as X  # noqa: E402
from _sampled_exact import rdp_binomial as subsampled_rdp_sum  # noqa: E402
from _sampled_exact import rdp_quadrature as subsampled_rdp_quad  # noqa: E402

VERSIONS = {"prv_accountant": "0.2.0"}
t = sp.Symbol("t", real=True)
w = sp.Symbol("w", real=True)                        # standardised loss (t - mu^2/2)/mu


_mu, _t, _a, _e, _q, _s = sp.symbols("mu t alpha eps q sigma", real=True)
LAPLACE_CDF = sp.Piecewise((0, _t < -_mu), (sp.exp((_t - _mu) / 2) / 2, _t < _mu), (1, True))
"""laplace_cdf as a SymPy expression of mu and t (its enclosure certifies a witness, :mod:`_enclosed`)."""
LAPLACE_RDP = sp.log(_a / (2 * _a - 1) * sp.exp((_a - 1) * _mu) + (_a - 1) / (2 * _a - 1) * sp.exp(-_a * _mu)) / (_a - 1)
RR_RDP = (sp.log(sp.exp(_a * _e) + sp.exp((1 - _a) * _e)) - sp.log(1 + sp.exp(_e))) / (_a - 1)
_Y = _s ** 2 * sp.log((sp.exp(_t) - 1) / _q + 1) + sp.Rational(1, 2)
SUBSAMPLED_CDF = sp.Piecewise((0, _t <= sp.log(1 - _q)),
                              ((1 - _q) * Phi(_Y / _s) + _q * Phi((_Y - 1) / _s), True))


def gaussian_cdf(noise_multiplier, t):
    """P(L <= t) for L ~ N(mu^2/2, mu^2), mu = 1/noise_multiplier."""
    m = 1 / noise_multiplier
    return mp.ncdf(t / m - m / 2)


def laplace_cdf(mu, t):
    """P(L <= t) of L = |X - mu| - |X|, X ~ Lap(0, 1): an atom e^-mu/2 at -mu, density on (-mu, mu), atom 1/2 at mu."""
    if t < -mu:
        return mp.mpf(0)
    if t < mu:
        return mp.exp((t - mu) / 2) / 2
    return mp.mpf(1)


def laplace_rdp(mu, alpha):
    """Mironov 2017 Table II with b = 1/mu (the divergence is symmetric in the pair)."""
    return mp.log(alpha / (2 * alpha - 1) * mp.exp((alpha - 1) * mu)
                  + (alpha - 1) / (2 * alpha - 1) * mp.exp(-alpha * mu)) / (alpha - 1)


def rr_rdp(eps, alpha):
    """D_alpha of randomised response with p = e^eps/(1 + e^eps): the exact RDP of eps-DP."""
    return (mp.log(mp.exp(alpha * eps) + mp.exp((1 - alpha) * eps)) - mp.log1p(mp.exp(eps))) / (alpha - 1)


def subsampled_threshold(q, sigma, t):
    """The output y*(t) at which the sampled Gaussian's loss log(1 - q + q e^((2y - 1)/(2 sigma^2))) equals t."""
    return sigma ** 2 * mp.log(mp.expm1(t) / q + 1) + mp.mpf(1) / 2


def subsampled_cdf(q, sigma, t):
    """P(L <= t) under P = (1 - q) N(0, s^2) + q N(1, s^2): the mixture's CDF at y*(t) (0 below log(1 - q))."""
    if t <= mp.log1p(-q):
        return mp.mpf(0)
    y = subsampled_threshold(q, sigma, t)
    return (1 - q) * mp.ncdf(y / sigma) + q * mp.ncdf((y - 1) / sigma)


def gaussian(d):
    from prv_accountant.privacy_random_variables import GaussianMechanism
    loss = d.define(r"L(y)", mu * x - mu ** 2 / 2, r"$\log \frac{\mathcal N(\mu, 1)}{\mathcal N(0, 1)}(y)$, "
                    r"$\mu = 1/\sigma$ (noise multiplier $\sigma$, sensitivity 1), increasing in $y$")
    (edge,) = d.solve(r"y^*(t)", loss - t, x)
    cdf = d.define(r"F_L(t)", Phi(edge - mu), r"$P(L \le t) = P(Y \le y^*(t))$, $Y \sim \mathcal N(\mu, 1)$")
    d.identity("GaussianMechanism.cdf:closed", cdf, Phi(t / mu - mu / 2),
               text=r"$F_L(t) = \Phi(t/\mu - \mu/2)$: $L \sim \mathcal N(\mu^2/2, \mu^2)$, the library's cdf")
    lib = lambda noise_multiplier, t: GaussianMechanism(noise_multiplier).cdf(t)
    standard = lambda **point: _standardised(10.0 ** point["log10_sigma"], point["w"])
    d.sign("GaussianMechanism.cdf:digits", agrees(lib, gaussian_cdf, 12, standard), "nonnegative",
           {log10_sigma: sp.Interval(-3, 3), w: sp.Interval(-37, 8)},
           text=r"the library's cdf agrees with $\Phi(t/\mu - \mu/2)$ to 12 digits for $10^{-3} \le \sigma \le 10^3$ "
                r"at every $t = \mu(w + \mu/2)$, $-37 \le w \le 8$ (CDF values from $10^{-300}$ to 1)")
    rdp = lambda noise_multiplier, alpha: GaussianMechanism(noise_multiplier).rdp(alpha)
    exact = lambda noise_multiplier, alpha: alpha / (2 * noise_multiplier ** 2)
    by_order = lambda **point: {"noise_multiplier": 10.0 ** point["log10_sigma"],
                                "alpha": 1 + 10.0 ** point["log10_alpha1"]}
    d.sign("GaussianMechanism.rdp:digits", agrees(rdp, exact, 14, by_order), "nonnegative",
           {log10_sigma: sp.Interval(-3, 3), log10_a1: sp.Interval(-6, 4)},
           text=r"rdp $= \alpha\mu^2/2$ agrees with $\alpha/(2\sigma^2)$ (libraries.autodp.rdp-bank derives it by "
                r"quadrature) to 14 digits, $1 + 10^{-6} \le \alpha \le 10^4$")
    return lib


def _standardised(noise_multiplier, w):
    m = 1 / noise_multiplier
    return {"noise_multiplier": noise_multiplier, "t": m * (w + m / 2)}


def laplace(d):
    from prv_accountant.privacy_random_variables import LaplaceMechanism
    d.note(r"LaplaceMechanism(mu): $L = |X - \mu| - |X|$, $X \sim \mathrm{Lap}(0, 1)$ (scale $1/\mu$ after "
           r"rescaling): $L = \mu$ for $X \le 0$ (mass 1/2), $L = \mu - 2X$ on $(0, \mu)$, $L = -\mu$ for $X \ge \mu$ "
           r"(mass $e^{-\mu}/2$); so $P(L \le t) = e^{(t - \mu)/2}/2$ on $[-\mu, \mu)$, and the CDF jumps by "
           r"$e^{-\mu}/2$ at $-\mu$")
    d.cross_check("LaplaceMechanism.cdf:integral", sp.exp((t - mu) / 2) / 2, lambda mu, t: mp.quad(
        lambda y: mp.exp(-abs(y)) / 2, [(mu - t) / 2, mu, mp.inf]),
        {mu: sp.Interval(sp.Rational(1, 2), 4), t: sp.Interval(-mu, mu)}, n=4,
        text=r"$P(L \le t) = P(X \ge (\mu - t)/2)$ by quadrature, $-\mu \le t < \mu$")
    lib = lambda mu, t: LaplaceMechanism(mu).cdf(t)
    inside = lambda **point: {"mu": 10.0 ** point["log10_mu"], "t": 10.0 ** point["log10_mu"] * point["x"]}
    d.sign("LaplaceMechanism.cdf:digits", agrees(lib, laplace_cdf, 14, inside), "nonnegative",
           {log10_mu: sp.Interval(-3, 2), x: sp.Interval.open(-1, 1)},
           text=r"the cdf agrees to 14 digits inside $(-\mu, \mu)$, $10^{-3} \le \mu \le 10^2$")
    atom = lambda **point: {"mu": 10.0 ** point["log10_mu"], "t": -(10.0 ** point["log10_mu"])}
    d.sign("LaplaceMechanism.cdf:atom", E.agrees(lib, laplace_cdf, LAPLACE_CDF, 14, atom), "nonnegative",
           {log10_mu: sp.Interval(-3, 2)}, expect=Status.REFUTED,
           text=r"FINDING (formula error at a point): at $t = -\mu$ the library returns 0, where "
                r"$P(L \le -\mu) = e^{-\mu}/2$ (the CDF is not right-continuous at the atom; a cell boundary on "
                r"$-\mu$ moves that mass one cell up)")
    rdp = lambda mu, alpha: LaplaceMechanism(mu).rdp(alpha)
    exact = lambda mu, alpha: laplace_rdp(mu, alpha)
    moderate = lambda **point: {"mu": 10.0 ** point["log10_mu"], "alpha": point["order"]}
    d.sign("LaplaceMechanism.rdp:digits", agrees(rdp, exact, 12, moderate), "nonnegative",
           {log10_mu: sp.Interval(-1, 1), order: sp.Interval(sp.Rational(3, 2), 50)},
           text=r"rdp agrees with Mironov's Table II ($b = 1/\mu$; libraries.autodp.rdp-bank checks it by "
                r"quadrature) to 12 digits, $0.1 \le \mu \le 10$, $1.5 \le \alpha \le 50$")
    wide = lambda **point: {"mu": 10.0 ** point["log10_mu"], "alpha": 1 + 10.0 ** point["log10_alpha1"]}
    d.sign("LaplaceMechanism.rdp:finite", E.finite(rdp, wide), "positive",
           {log10_mu: sp.Interval(1, 2), log10_a1: sp.Interval(2, 4)}, expect=Status.REFUTED,
           text=r"FINDING (numerical breakdown): $e^{(\alpha - 1)\mu}$ overflows for $(\alpha - 1)\mu > 709$ and rdp "
                r"returns inf (the divergence is at most $\mu$), checked where $(\alpha - 1)\mu \ge 1000$ "
                r"($10 \le \mu \le 100$, $100 \le \alpha - 1 \le 10^4$); at $\alpha = 1$ it raises ZeroDivisionError")
    d.sign("LaplaceMechanism.rdp:conservative-small-mu", E.at_least(rdp, exact, LAPLACE_RDP, moderate), "nonnegative",
           {log10_mu: sp.Interval(-9, -7), order: sp.Interval(2, 10)}, expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding): for $\mu \le 10^{-7}$ the log of a sum that rounds to 1 returns 0 or "
                r"less, below the divergence $\approx \alpha\mu^2/2$")
    return lib


def pure_dp(d):
    from prv_accountant.privacy_random_variables import PureDPMechanism
    cdf = lambda eps, t: PureDPMechanism(eps).cdf(t)
    exact_cdf = lambda eps, t: mp.mpf(0) if t < -eps else (1 / (1 + mp.exp(eps)) if t < eps else mp.mpf(1))
    between = lambda **point: {"eps": point["epsilon"], "t": point["epsilon"] * point["x"]}
    d.sign("PureDPMechanism.cdf:digits", agrees(cdf, exact_cdf, 15, between), "nonnegative",
           {eps: sp.Interval(sp.Rational(1, 100), 700), x: sp.Interval(-2, 2)},
           text=r"the cdf of randomised response's loss ($\pm\epsilon$ with probabilities $e^{\pm\epsilon}/(1 + "
                r"e^{\pm\epsilon})$... the atom $-\epsilon$ carries $1/(1 + e^\epsilon)$) agrees to 15 digits, "
                r"$0.01 \le \epsilon \le 700$")
    rdp = lambda eps, alpha: PureDPMechanism(eps).rdp(alpha)
    d.sign("PureDPMechanism.rdp:conservative", E.at_least(rdp, rr_rdp, RR_RDP, lambda **p: {"eps": p["epsilon"],
                                                                                  "alpha": p["order"]}),
           "nonnegative", {eps: sp.Interval(sp.Rational(1, 10), 20), order: sp.Interval(sp.Rational(11, 10), 50)},
           expect=Status.REFUTED,
           text=r"FINDING (formula error, unsafe): rdp returns $(\alpha - 1)\epsilon/\alpha$, below the Renyi "
                r"divergence of randomised response for large $\epsilon$ (libraries.autodp.rdp-bank derives it): "
                r"at $\epsilon = 10$, $\alpha = 2$ it gives 5 against 9.99995. The accountant sizes its domain "
                r"from this RDP (compute_safe_domain_size): see libraries.prv_accountant.composition")
    return rdp


def subsampled(d):
    from prv_accountant.privacy_random_variables import PoissonSubsampledGaussianMechanism as PSG
    y = x
    loss = d.define(r"L(y)", sp.log(1 - q_rate + q_rate * sp.exp((2 * y - 1) / (2 * sigma ** 2))),
                    r"$\log\frac{(1-q)\mathcal N(0,\sigma^2) + q\mathcal N(1,\sigma^2)}{\mathcal N(0,\sigma^2)}(y)$")
    edge = sigma ** 2 * sp.log((sp.exp(t) - 1 + q_rate) / q_rate) + sp.Rational(1, 2)
    d.identity("PoissonSubsampledGaussianMechanism.cdf:inverse", loss.subs(y, edge), t,
               {q_rate: sp.Interval.open(0, 1), t: sp.Interval.open(sp.log(1 - q_rate), sp.oo)},
               text=r"the loss is increasing in $y$ and equals $t$ at $y^*(t) = \sigma^2\log((e^t - 1 + q)/q) + 1/2$ "
                    r"($t > \log(1 - q)$): $F_L(t) = (1-q)\Phi(y^*/\sigma) + q\Phi((y^* - 1)/\sigma)$, which is the "
                    r"library's expression (through the complementary error function)")
    lib = lambda q, sigma, t: PSG(q, sigma).cdf(t)
    exact = lambda q, sigma, t: subsampled_cdf(q, sigma, t)
    grid = {log10_q: sp.Interval(-4, -sp.Rational(1, 100)), sigma: sp.Interval(sp.Rational(1, 2), 5),
            x: sp.Interval(sp.Rational(1, 100), 10)}
    above = lambda **p: {"q": 10.0 ** p["log10_q"], "sigma": p["sigma"],
                         "t": float(mp.log1p(-10.0 ** p["log10_q"])) + p["x"]}
    d.sign("PoissonSubsampledGaussianMechanism.cdf:absolute", within(lib, exact, "1e-14", 0, above), "nonnegative",
           grid, text=r"the library's cdf is within $10^{-14}$ of $F_L$ for $10^{-4} \le q \le 0.98$, "
                      r"$0.5 \le \sigma \le 5$, $t = \log(1-q) + 0.01 .. \log(1-q) + 10$")
    tail = {log10_q: sp.Interval(-3, -1), sigma: sp.Interval(sp.Rational(1, 2), 2), x: sp.Interval(-9, -5)}
    just_above = lambda **p: {"q": 10.0 ** p["log10_q"], "sigma": p["sigma"],
                              "t": float(mp.log1p(-10.0 ** p["log10_q"])) + 10.0 ** p["x"]}
    d.sign("PoissonSubsampledGaussianMechanism.cdf:digits-lower-tail", E.agrees(lib, exact, SUBSAMPLED_CDF, 6,
                                                                                  just_above),
           "nonnegative", tail, expect=Status.REFUTED,
           text=r"FINDING (silent loss of relative digits, harmless in absolute terms): near $t = \log(1-q)$ the CDF "
                r"is formed as $1 - (\ldots)$ and keeps fewer than 6 significant digits of a small value "
                r"($t = \log(1-q) + 10^{-9} .. \log(1 - q) + 10^{-5}$)")
    rdp = lambda q, sigma, alpha: PSG(q, sigma).rdp(alpha)
    d.cross_check("PoissonSubsampledGaussianMechanism.rdp:binomial", lambda q, sigma, steps: subsampled_rdp_sum(
        q, sigma, steps), lambda q, sigma, steps: subsampled_rdp_quad(q, sigma, steps),
        {q_rate: sp.Interval(sp.Rational(1, 100), sp.Rational(1, 2)), sigma: sp.Interval(1, 3),
         steps: sp.Interval(2, 8)}, n=3,
        text=r"for integer $\alpha$ the binomial expansion of $E_Q[(1 - q + q e^{(2y-1)/(2\sigma^2)})^\alpha]$ "
             r"(Mironov, Talwar, Zhang 2019) against quadrature")
    integer = lambda **p: {"q": 10.0 ** p["log10_q"], "sigma": p["sigma"], "alpha": float(p["steps"])}
    binomial = lambda q, sigma, alpha: subsampled_rdp_sum(q, sigma, alpha)
    d.sign("PoissonSubsampledGaussianMechanism.rdp:digits-integer", agrees(rdp, binomial, 12, integer), "nonnegative",
           {log10_q: sp.Interval(-1, -sp.Rational(1, 100)), sigma: sp.Interval(sp.Rational(1, 2), 5),
            steps: sp.Interval(2, 64)},
           text=r"rdp agrees with the binomial sum to 12 digits at integer orders 2..64, $0.1 \le q \le 0.98$")
    d.sign("PoissonSubsampledGaussianMechanism.rdp:digits-small-q", E.agrees(rdp, binomial, E.SAMPLED_RDP_SUM, 8,
                                                                              integer), "nonnegative",
           {log10_q: sp.Interval(-4, -2), sigma: sp.Interval(sp.Rational(1, 2), 5), steps: sp.Interval(2, 64)},
           expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits, either sign): for $q \le 10^{-2}$ the sum $A_\alpha = 1 + O(q^2)$ "
                r"is accumulated in log space without log1p, so $\log A_\alpha$ keeps only its absolute accuracy "
                r"$10^{-16}$: fewer than 8 digits of an RDP near $10^{-10}$ (DP-SGD's usual regime)")
    frac = lambda **p: {"q": 10.0 ** p["log10_q"], "sigma": p["sigma"], "alpha": p["order"]}
    d.sign("PoissonSubsampledGaussianMechanism.rdp:digits-fractional", agrees(rdp, lambda q, sigma, alpha:
           subsampled_rdp_quad(q, sigma, alpha), 9, frac), "nonnegative",
           {log10_q: sp.Interval(-sp.Rational(3, 2), -sp.Rational(1, 2)), sigma: sp.Interval(1, 3),
            order: sp.Interval(sp.Rational(11, 10), 6)}, n=6,
           text=r"and with the quadrature to 9 digits ($0.03 \le q \le 0.3$) at fractional orders $1.1 .. 6$ "
                r"(the series is cut at "
                r"terms below $e^{-30}$)")
    near = lambda **p: {"q": 0.01, "sigma": 1.0, "alpha": 1 + 10.0 ** p["log10_alpha1"]}
    d.sign("PoissonSubsampledGaussianMechanism.rdp:digits-near-1", E.agrees(rdp, lambda q, sigma, alpha:
           subsampled_rdp_quad(q, sigma, alpha), E.sampled_rdp_one_way, 8, near), "nonnegative", {log10_a1: sp.Interval(-6, -3)}, n=4,
           expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits): at $\alpha = 1 + 10^{-6} .. 1 + 10^{-3}$ ($q = 0.01$, "
                r"$\sigma = 1$) $\log A_\alpha/(\alpha - 1)$ is the log of a number near 1 over a small "
                r"$\alpha - 1$, with the series' $e^{-30}$ truncation: fewer than 8 digits")
    return lib, exact


@derivation(id="libraries.prv_accountant.prvs", title="prv_accountant: privacy random variables, their CDFs and "
            "Renyi divergences", paper=PAPER,
            where="prv_accountant 0.2.0, privacy_random_variables: GaussianMechanism, LaplaceMechanism, "
                  "PureDPMechanism, PoissonSubsampledGaussianMechanism (cdf, rdp)", requires=VERSIONS)
def prvs_audit(d):
    gaussian(d)
    lap = laplace(d)
    pure_rdp = pure_dp(d)
    psg, psg_exact = subsampled(d)
    rows = [X.row("LaplaceMechanism(1.0).cdf(-1.0)", lap, laplace_cdf, mu=1.0, t=-1.0),
            X.row("PureDPMechanism(10).rdp(2)", pure_rdp, rr_rdp, eps=10.0, alpha=2.0),
            X.row("PoissonSubsampledGaussianMechanism(0.01, 1).cdf(log(0.99) + 1e-3)", psg, psg_exact, q=0.01,
                  sigma=1.0, t=float(mp.log(0.99)) + 1e-3)]
    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("GaussianMechanism.cdf", "Phi(t/mu - mu/2), mu = 1/noise_multiplier"),
        ("GaussianMechanism.rdp", "alpha mu^2/2"),
        ("LaplaceMechanism.cdf", "e^((t - mu)/2)/2 on (-mu, mu), 0 below, 1 from mu on"),
        ("LaplaceMechanism.rdp", "Mironov 2017, Table II with b = 1/mu"),
        ("PureDPMechanism.cdf", "1/(1 + e^eps) on [-eps, eps), 0 below, 1 from eps on"),
        ("PureDPMechanism.rdp", "(alpha - 1) eps/alpha"),
        ("PoissonSubsampledGaussianMechanism.cdf", "p Phi(sigma z - 1/(2 sigma)) + (1 - p) Phi(sigma z + 1/(2 "
                                                   "sigma)), z = log((e^t - 1 + p)/p) (through the complementary "
                                                   "error function)"),
        ("PoissonSubsampledGaussianMechanism.rdp", "TF Privacy's log A_alpha/(alpha - 1): binomial sum at integer "
                                                   "orders, two-sided series at fractional ones (Mironov, Talwar and "
                                                   "Zhang 2019)")])
    d.table("extremes", "prv_accountant's privacy random variables at the extremes: the float64 value against "
            "the derived one", X.HEADER, rows)
