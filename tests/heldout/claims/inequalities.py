"""Held-out standard DP inequalities (true): signs and monotonicity, written with the public API only.

Sources: Dwork and Roth, The Algorithmic Foundations of Differential Privacy
(2014), Sec. 3.5 (advanced composition) and App. A (Gaussian tail); Bun and
Steinke, Concentrated Differential Privacy (2016), Prop. 1.3 (zCDP to DP);
Gordon (1941) and Birnbaum (1942) for the Mills-ratio bounds; Pinsker's
inequality for Bernoulli laws (Cover and Thomas, Lemma 11.6.1); randomized
response (Warner 1965).
"""
import sympy as sp

from symdp import derivation
from symdp.symbols import delta, eps, eps2

x = sp.Symbol("x", positive=True)
t = sp.Symbol("t", real=True)
rho = sp.Symbol("rho", positive=True)
p = sp.Symbol("p", positive=True)
q = sp.Symbol("q", positive=True)
kk = sp.Symbol("k", positive=True)
UNIT = sp.Interval.open(0, 1)


def tail(z):
    """1 - Phi(z), the standard normal upper tail (erfc form, DLMF 7.2.2)."""
    return sp.erfc(z / sp.sqrt(2)) / 2


def density(z):
    return sp.exp(-z**2 / 2) / sp.sqrt(2 * sp.pi)


@derivation(id="heldout.elementary", title="Elementary bounds used throughout DP proofs", paper="held-out",
            where="Dwork-Roth Sec. 3.5, App. A")
def elementary(d):
    d.sign("expm1<=x-exp", sp.exp(x) - 1 - x * sp.exp(x), "negative", text=r"$e^x - 1 \le x e^x$")
    d.sign("tanh<=x", x - sp.tanh(x), "positive", text=r"$\tanh x \le x$")
    d.sign("log1p<=x", x - sp.log(1 + x), "positive", text=r"$\log(1 + x) \le x$")
    d.sign("1-exp(-x)<=x", x - (1 - sp.exp(-x)), "positive", text=r"$1 - e^{-x} \le x$")
    d.sign("sqrt<=1+x/2", 1 + x / 2 - sp.sqrt(1 + x), "positive", text=r"$\sqrt{1 + x} \le 1 + x/2$")
    d.sign("expm1-x<=x2exp/2", x**2 * sp.exp(x) / 2 - (sp.exp(x) - 1 - x), "positive",
           text=r"$e^x - 1 - x \le x^2 e^x / 2$")
    d.sign("softplus>=x", sp.log(1 + sp.exp(t)) - t, "positive", text=r"$\log(1 + e^t) > t$")
    d.sign("sigmoid'<=1/4", sp.Rational(1, 4) - sp.exp(t) / (1 + sp.exp(t))**2, "nonnegative",
           text=r"$\sigma(t)(1 - \sigma(t)) \le 1/4$")
    d.sign("var<=1/4", sp.Rational(1, 4) - p * (1 - p), "nonnegative", {p: UNIT}, text=r"$p(1 - p) \le 1/4$")


@derivation(id="heldout.composition", title="Advanced composition and zCDP conversion pieces", paper="held-out",
            where="Dwork-Roth Thm 3.20; Bun-Steinke Prop. 1.3")
def composition(d):
    d.sign("adv:eps(e^eps-1)>=eps^2", kk * eps * (sp.exp(eps) - 1) - kk * eps**2, "positive",
           text=r"$k\epsilon(e^\epsilon - 1) \ge k\epsilon^2$: the linear term of advanced composition")
    d.sign("adv:e^eps-1<=2eps", 2 * eps - (sp.exp(eps) - 1), "positive", {eps: sp.Interval.Lopen(0, 1)},
           text=r"$e^\epsilon - 1 \le 2\epsilon$ for $\epsilon \le 1$")
    zcdp = rho + 2 * sp.sqrt(rho * sp.log(1 / delta))
    d.monotone("zcdp:increasing-rho", zcdp, rho, True, {rho: sp.Interval.open(0, sp.oo), delta: UNIT},
               text=r"$\rho + 2\sqrt{\rho\log(1/\delta)}$ grows with $\rho$")
    d.monotone("zcdp:decreasing-delta", zcdp, delta, False, {rho: sp.Interval.open(0, sp.oo), delta: UNIT},
               text=r"and falls as $\delta$ grows")
    d.sign("zcdp:>=rho", zcdp - rho, "positive", {rho: sp.Interval.open(0, sp.oo), delta: UNIT},
           text=r"and exceeds $\rho$")
    d.sign("zcdp:>=2sqrt(rho)", zcdp - 2 * sp.sqrt(rho), "positive",
           {rho: sp.Interval.open(0, sp.oo), delta: sp.Interval.Lopen(0, sp.exp(-1))},
           text=r"for $\delta \le 1/e$: $\rho + 2\sqrt{\rho\log(1/\delta)} > 2\sqrt\rho$")


@derivation(id="heldout.gaussian", title="Gaussian tail bounds", paper="held-out", where="Gordon 1941; Dwork-Roth App. A")
def gaussian(d):
    d.sign("mills:upper", density(x) / x - tail(x), "positive", text=r"$1 - \Phi(x) < \varphi(x)/x$")
    d.sign("mills:lower", tail(x) - x * density(x) / (1 + x**2), "positive",
           text=r"$1 - \Phi(x) > x\varphi(x)/(1 + x^2)$")
    y = sp.Symbol("y", nonnegative=True)
    d.sign("chernoff", sp.exp(-y**2 / 2) / 2 - tail(y), "nonnegative", text=r"$1 - \Phi(y) \le e^{-y^2/2}/2$")
    d.monotone("tail:decreasing", tail(t), t, False, text=r"$1 - \Phi$ decreases")


@derivation(id="heldout.mechanisms", title="Randomized response, Laplace ratios, log-sum-exp, Bernoulli KL",
            paper="held-out", where="Warner 1965; Dwork-Roth Thm 3.6; Cover-Thomas Lemma 11.6.1")
def mechanisms(d):
    rr = sp.exp(eps) / (1 + sp.exp(eps))
    d.monotone("rr:truth-increasing", rr, eps, True, text=r"$e^\epsilon/(1 + e^\epsilon)$ grows with $\epsilon$")
    kary = sp.exp(eps) / (sp.exp(eps) + kk)
    d.monotone("rr:k-ary-increasing", kary, eps, True, text=r"$k$-ary RR: $e^\epsilon/(e^\epsilon + k - 1)$ grows")
    u = sp.Symbol("u", real=True)
    d.sign("laplace:ratio<=e^eps", sp.exp(eps) - sp.exp(eps * (1 - 2 * u)), "nonnegative",
           {eps: sp.Interval.open(0, sp.oo), u: sp.Interval(0, 1)},
           text=r"Laplace densities at $0$ and $1$: ratio $e^{\epsilon(1 - 2u)} \le e^\epsilon$ on $[0, 1]$")
    hs = (sp.exp(eps) - sp.exp(eps2)) / (1 + sp.exp(eps))
    d.sign("rr:hockey-stick>=0", hs, "positive", {eps2: sp.Interval.open(0, sp.oo), eps: sp.Interval.open(eps2, sp.oo)},
           text=r"RR's hockey-stick divergence $(e^\epsilon - e^{\epsilon'})/(1 + e^\epsilon) > 0$ below $\epsilon$")
    s = sp.Symbol("s", positive=True)
    d.sign("lse:>=max", sp.log(1 + sp.exp(-s)), "positive", text=r"$\mathrm{LSE}(a, a - s) - a > 0$")
    d.sign("lse:<=max+log2", sp.log(2) - sp.log(1 + sp.exp(-s)), "positive", text=r"$\le \log 2$")
    kl = p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))
    d.sign("bernoulli:pinsker", kl - 2 * (p - q)**2, "nonnegative", {p: UNIT, q: UNIT},
           text=r"$\mathrm{KL}(\mathrm{Bern}(p) \| \mathrm{Bern}(q)) \ge 2(p - q)^2$")
