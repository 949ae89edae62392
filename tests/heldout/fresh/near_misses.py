"""Fresh held-out folder (issue 50, item 6; issue 49's bar): 20 FALSE near-miss versions of standard DP facts.

Written blind to the prover on 2026-12-02 (the prover's engine and the older
held-out claims were not read).  Each claim is a true fact of true_facts.py (or
of the same sources) with a nudged coefficient (1.001 / 0.999), a constant
shifted by 1e-6 .. 1e-3, or a domain widened, so that it is false only in a thin
region, named beside it; check_truth.py finds a concrete failing point for each
in mpmath.  These claims are fixed: they must NOT be reshaped, re-domained or
dropped.  Every one must end REFUTED (with an enclosure-certified witness),
never PROVED or VERIFIED.
"""
import sympy as sp

from symdp import derivation
from symdp.special import Phi, PhiInv

eps = sp.Symbol("epsilon", positive=True)
alpha = sp.Symbol("alpha", positive=True)
mu = sp.Symbol("mu", positive=True)
rho = sp.Symbol("rho", positive=True)
delta = sp.Symbol("delta", positive=True)
p, q = sp.symbols("p q", positive=True)
a = sp.Symbol("a", positive=True)
t = sp.Symbol("t", real=True)
x = sp.Symbol("x", real=True)
a1, a2, b1, b2 = sp.symbols("a1 a2 b1 b2", positive=True)
k = sp.Symbol("k", integer=True)
j = sp.Symbol("j", integer=True)
n = sp.Symbol("n", integer=True, positive=True)

POS = sp.Interval.open(0, sp.oo)
UNIT = sp.Interval.open(0, 1)
REAL = sp.Interval(-sp.oo, sp.oo)
ABOVE_1 = sp.Interval.open(1, sp.oo)
B2 = {p: UNIT, q: UNIT}
SQ2PI = sp.sqrt(2 * sp.pi)
C999 = sp.Rational(999, 1000)
C1001 = sp.Rational(1001, 1000)


def phi(v):
    """The standard normal density."""
    return sp.exp(-v**2 / 2) / SQ2PI


def kl_bern(p_, q_):
    """KL(Ber(p) || Ber(q))."""
    return p_ * sp.log(p_ / q_) + (1 - p_) * sp.log((1 - p_) / (1 - q_))


def renyi_bern(order, p_, q_):
    """D_alpha(Ber(p) || Ber(q)) for alpha > 1 [Mironov 2017, Def. 3]."""
    return sp.log(p_**order * q_**(1 - order) + (1 - p_)**order * (1 - q_)**(1 - order)) / (order - 1)


def renyi_laplace(order, e):
    """D_alpha(Lap(0, 1/e) || Lap(1, 1/e)) for alpha > 1 [Mironov 2017, Table II]."""
    return sp.log(order / (2 * order - 1) * sp.exp((order - 1) * e)
                  + (order - 1) / (2 * order - 1) * sp.exp(-order * e)) / (order - 1)


@derivation(id="fresh.near-misses", title="Fresh held-out: 20 false near misses of DP facts (blind, 2026-12-02)",
            paper="DR 2014; Mironov 2017; Bun-Steinke 2016; Dong-Roth-Su 2019; Balle et al. 2018; CKS 2020",
            where="see each claim's comment")
def near_misses(d):
    L = sp.log(1 / delta)
    # AM-GM optimum of the RDP/zCDP conversion minus 1e-6 [BS16 Prop. 1.3]: false only in a thin tube around the
    # curve alpha = 1 + sqrt(log(1/delta)/rho) (three variables), e.g. rho = 1, delta = e^{-1}, alpha = 2
    d.sign("nm-zcdp-conversion-am-gm-minus-1e-6",
           rho * alpha + L / (alpha - 1) - rho - 2 * sp.sqrt(rho * L) - sp.Rational(1, 10**6), "nonnegative",
           {alpha: ABOVE_1, rho: POS, delta: UNIT})
    # H^2 <= TV scaled by 1.001: false only near the two corners (p, q) = (0, 1) and (1, 0), where
    # sqrt(p) + sqrt(1 - q) < ~1e-3 (e.g. p = 1e-8, q = 1 - 1e-8)
    bc = sp.sqrt(p * q) + sp.sqrt((1 - p) * (1 - q))
    d.sign("nm-hellinger-le-tv-times-1.001", sp.Abs(p - q) - C1001 * (1 - bc), "nonnegative", B2)
    # the zCDP -> (eps, delta) epsilon is >= rho; with 1.001 rho it fails only where rho is large and delta near 1
    # (log(1/delta) < 2.5e-7 rho, e.g. rho = 1000, delta = 1 - 1e-5)
    d.sign("nm-zcdp-eps-ge-1.001-rho", rho + 2 * sp.sqrt(rho * L) - C1001 * rho, "nonnegative",
           {rho: POS, delta: UNIT})
    # sum_{k>=1} k q^k = 1/(1-q)^2: false on all of (0, 1) (the truth is q/(1-q)^2)
    d.identity("nm-sum-k-q-pow-k", sp.Sum(k * q**k, (k, 1, sp.oo)), 1 / (1 - q)**2, {q: UNIT})
    # Gaussian tail integral against 1 - Phi(t - 1e-3): false everywhere, by ~1e-3 phi(t) (tiny for large |t|)
    d.identity("nm-gauss-tail-integral-shifted", sp.Integral(phi(x), (x, t, sp.oo)),
               1 - Phi(t - sp.Rational(1, 1000)), {t: REAL})
    # log(1+x) <= 0.999 x: false only for 0 < x < ~0.002
    d.sign("nm-log1p-le-0.999x", C999 * x - sp.log(1 + x), "nonnegative", {x: sp.Interval.open(-1, sp.oo)})
    # Laplace KL <= 0.999 eps^2/2: false only for 0 < eps < ~0.003
    d.sign("nm-laplace-kl-le-0.999-half-eps2", C999 * eps**2 / 2 - (eps + sp.exp(-eps) - 1), "nonnegative",
           {eps: POS})
    # cosh t <= e^{0.999 t^2/2}: false only for 0 < |t| < ~0.077
    d.sign("nm-cosh-le-exp-0.999", sp.exp(C999 * t**2 / 2) - sp.cosh(t), "nonnegative", {t: REAL})
    # Hoeffding's lemma with 0.999 t^2/8: false only near p = 1/2 (|p - 1/2| < ~0.016) and small t
    d.sign("nm-hoeffding-0.999", C999 * t**2 / 8 - (sp.log(1 - p + p * sp.exp(t)) - p * t), "nonnegative",
           {p: UNIT, t: REAL})
    # Mills lower bound scaled by 1.001: false only for large t (t > ~6.7: the ratio is 1 + 2/t^4 + ...)
    d.sign("nm-mills-lower-1.001", (1 - Phi(t)) - C1001 * t / (1 + t**2) * phi(t), "positive", {t: POS})
    # Pinsker with 2.002: false only near the diagonal p = q close to p = q = 1/2
    d.sign("nm-pinsker-2.002", kl_bern(p, q) - 2 * C1001 * (p - q)**2, "nonnegative", B2)
    # Bretagnolle-Huber minus 1e-6: false only in a thin tube around the diagonal (|p - q| < ~1e-3)
    d.sign("nm-bretagnolle-huber-minus-1e-6", 1 - sp.exp(-kl_bern(p, q)) - (p - q)**2 - sp.Rational(1, 10**6),
           "nonnegative", B2)
    # 1/eps^2 - 1/sinh^2 eps <= 0.333: false only for 0 < eps < ~0.07 (the limit at 0 is 1/3)
    d.sign("nm-inv-sinh2-0.333", sp.Rational(333, 1000) - 1 / eps**2 + 1 / sp.sinh(eps)**2, "nonnegative",
           {eps: POS})
    # D_alpha(Laplace) <= 0.999 eps: false only for large alpha (alpha > ~700/eps)
    d.sign("nm-laplace-rdp-le-0.999-eps", C999 * eps - renyi_laplace(alpha, eps), "nonnegative",
           {alpha: ABOVE_1, eps: POS})
    # log(1 + q(e^eps - 1)) <= 2 q eps holds for eps <= 1.2564; domain widened to eps <= 1.3: false only for
    # eps in (1.2564, 1.3] and small q [BBG18-style amplification bound]
    d.sign("nm-subsampling-2q-eps-widened", 2 * q * eps - sp.log(1 + q * (sp.exp(eps) - 1)), "nonnegative",
           {q: sp.Interval.Lopen(0, 1), eps: sp.Interval.Lopen(0, sp.Rational(13, 10))})
    # G_mu(a) >= 1 - a - 0.999 TV: false only near the curve a = Phi(-mu/2) [DRS, Sec. 2]
    d.sign("nm-gdp-tradeoff-tv-0.999",
           Phi(PhiInv(1 - a) - mu) - sp.Max(0, 1 - a - C999 * (2 * Phi(mu / 2) - 1)), "nonnegative",
           {a: UNIT, mu: POS})
    # Cauchy-Schwarz with 0.999: false only in a thin cone around (a1, a2) parallel to (b1, b2)
    d.sign("nm-cauchy-schwarz-0.999", C999 * sp.sqrt((a1**2 + a2**2) * (b1**2 + b2**2)) - (a1 * b1 + a2 * b2),
           "nonnegative", {a1: POS, a2: POS, b1: POS, b2: POS})
    # sum_{j<=n} 1/j^2 <= 1.6449 (< pi^2/6 = 1.6449341): false only for n > ~29,400
    d.sign("nm-basel-partial-le-1.6449", sp.Rational(16449, 10000) - sp.Sum(1 / j**2, (j, 1, n)), "nonnegative",
           {n: sp.Interval(1, sp.oo)})
    # two-sided geometric sum counted with k = 0 twice: 2/(1 - e^{-eps}); false for every eps (off by 1)
    d.identity("nm-discrete-laplace-normaliser-2", sp.Sum(sp.exp(-eps * sp.Abs(k)), (k, -sp.oo, sp.oo)),
               2 / (1 - sp.exp(-eps)), {eps: POS})
    # D_alpha(Ber) >= 1.001 KL: false only near alpha = 1 (D_alpha -> KL), three variables
    d.sign("nm-bernoulli-rdp-ge-1.001-kl", renyi_bern(alpha, p, q) - C1001 * kl_bern(p, q), "nonnegative",
           {alpha: ABOVE_1, **B2})
