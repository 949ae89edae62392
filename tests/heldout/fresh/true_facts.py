"""Fresh held-out folder (issue 50, item 6): 40 TRUE standard differential-privacy facts.

Written blind to the prover on 2026-12-02, from textbooks and papers only (the
prover's engine and the older held-out claims were not read).  Truth is checked
independently in mpmath by check_truth.py.  These claims are fixed: they must
NOT be reshaped, re-domained or dropped to make the prover succeed; a claim the
prover cannot prove stays here as a measurement.

Sources cited beside each claim:
  [DR]   Dwork and Roth, The Algorithmic Foundations of Differential Privacy (2014).
  [M17]  Mironov, Renyi Differential Privacy, CSF 2017.
  [BS16] Bun and Steinke, Concentrated Differential Privacy, TCC 2016.
  [DRS]  Dong, Roth and Su, Gaussian Differential Privacy (2019/2022).
  [BW18] Balle and Wang, Improving the Gaussian Mechanism, ICML 2018.
  [BBG18] Balle, Barthe and Gaboardi, Privacy Amplification by Subsampling, NeurIPS 2018.
  [KOV]  Kairouz, Oh and Viswanath, The Composition Theorem for DP, ICML 2015.
  [CKS]  Canonne, Kamath and Steinke, The Discrete Gaussian for DP, NeurIPS 2020.
  [T09]  Tsybakov, Introduction to Nonparametric Estimation (2009), Ch. 2.
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
a = sp.Symbol("a", positive=True)            # a type I error (false-positive rate)
s = sp.Symbol("s", positive=True)            # a scale
t = sp.Symbol("t", real=True)
x = sp.Symbol("x", real=True)
u1, u2, u3 = sp.symbols("u1 u2 u3", real=True)
a1, a2, b1, b2 = sp.symbols("a1 a2 b1 b2", positive=True)
k = sp.Symbol("k", integer=True)
j = sp.Symbol("j", integer=True)
n = sp.Symbol("n", integer=True, positive=True)

POS = sp.Interval.open(0, sp.oo)
UNIT = sp.Interval.open(0, 1)
REAL = sp.Interval(-sp.oo, sp.oo)
ABOVE_1 = sp.Interval.open(1, sp.oo)

SQ2PI = sp.sqrt(2 * sp.pi)


def phi(v):
    """The standard normal density."""
    return sp.exp(-v**2 / 2) / SQ2PI


def kl_bern(p_, q_):
    """KL(Ber(p) || Ber(q))."""
    return p_ * sp.log(p_ / q_) + (1 - p_) * sp.log((1 - p_) / (1 - q_))


def renyi_bern(order, p_, q_):
    """D_alpha(Ber(p) || Ber(q)) for alpha > 1 [M17, Def. 3]."""
    return sp.log(p_**order * q_**(1 - order) + (1 - p_)**order * (1 - q_)**(1 - order)) / (order - 1)


def renyi_laplace(order, e):
    """D_alpha(Lap(0, 1/e) || Lap(1, 1/e)) for alpha > 1 [M17, Table II / Prop. 6]."""
    return sp.log(order / (2 * order - 1) * sp.exp((order - 1) * e)
                  + (order - 1) / (2 * order - 1) * sp.exp(-order * e)) / (order - 1)


def gdp_delta(e, m):
    """The privacy profile of mu-GDP [DRS, Cor. 2.13], = the analytic Gaussian delta [BW18, Thm. 8]."""
    return Phi(-e / m + m / 2) - sp.exp(e) * Phi(-e / m - m / 2)


def gdp_tradeoff(a_, m):
    """G_mu(a) = Phi(Phi^{-1}(1 - a) - mu) [DRS, Eq. (2.3)]."""
    return Phi(PhiInv(1 - a_) - m)


@derivation(id="fresh.true", title="Fresh held-out: 40 true standard DP facts (blind, 2026-12-02)",
            paper="DR 2014; Mironov 2017; Bun-Steinke 2016; Dong-Roth-Su 2019; Balle et al. 2018; CKS 2020",
            where="see each claim's comment")
def true_facts(d):
    # --- one variable: elementary bounds used throughout DP proofs ------------------------------------------
    # log(1+x) <= x, x > -1 [DR, proof of Thm. 3.20 uses it; any analysis text]; tight at x = 0 (second order)
    d.sign("log1p-below-x", x - sp.log(1 + x), "nonnegative", {x: sp.Interval.open(-1, sp.oo)})
    # e^eps - 1 <= eps e^eps (mean value theorem) [DR, Sec. 3.5.1]
    d.sign("expm1-le-eps-exp", eps * sp.exp(eps) - (sp.exp(eps) - 1), "nonnegative", {eps: POS})
    # eps (e^eps - 1) <= 2 eps^2 for eps <= 1 [DR, proof of Thm. 3.20 (advanced composition)]
    d.sign("expected-loss-le-2eps2", 2 * eps**2 - eps * (sp.exp(eps) - 1), "nonnegative",
           {eps: sp.Interval.Lopen(0, 1)})
    # eps-DP => (eps^2/2)-zCDP: eps tanh(eps/2) <= eps^2/2 [BS16, Prop. 3.3]; agree to fourth order at 0
    d.sign("tanh-le-zcdp", eps**2 / 2 - eps * sp.tanh(eps / 2), "nonnegative", {eps: POS})
    # KL of randomized response with ratio e^eps is eps tanh(eps/2) [BS16, proof of Prop. 3.3]
    P = sp.exp(eps) / (1 + sp.exp(eps))
    d.identity("rr-kl-tanh", P * sp.log(P / (1 - P)) + (1 - P) * sp.log((1 - P) / P), eps * sp.tanh(eps / 2),
               {eps: POS})
    # KL(Lap(0,1/eps) || Lap(1,1/eps)) = eps + e^{-eps} - 1 <= eps^2/2 [M17, Table II, alpha -> 1]; third order at 0
    d.sign("laplace-kl-le-half-eps2", eps**2 / 2 - (eps + sp.exp(-eps) - 1), "nonnegative", {eps: POS})
    # Hoeffding for a Rademacher sign: cosh t <= e^{t^2/2} [DR, App.; Boucheron-Lugosi-Massart, Sec. 2.3]
    d.sign("cosh-le-exp-half-t2", sp.exp(t**2 / 2) - sp.cosh(t), "nonnegative", {t: REAL})
    # 1/sinh^2(eps/2) <= 4/eps^2 (sinh y >= y); the poles cancel at eps = 0
    d.sign("inv-sinh2-le-inv-eps2", 4 / eps**2 - 1 / sp.sinh(eps / 2)**2, "positive", {eps: POS})
    # 1/eps^2 - 1/sinh^2(eps) <= 1/3 (Laurent series 1/sinh^2 y = 1/y^2 - 1/3 + y^2/15 - ...); tight as eps -> 0
    d.sign("inv-eps2-minus-inv-sinh2-le-third", sp.Rational(1, 3) - 1 / eps**2 + 1 / sp.sinh(eps)**2, "nonnegative",
           {eps: POS})
    # Langevin function coth(x) - 1/x <= x/3 (same Laurent series); removable singularity at 0
    d.sign("langevin-le-third", eps / 3 - (sp.coth(eps) - 1 / eps), "nonnegative", {eps: POS})

    # --- Gaussian tails (Mills ratio) --------------------------------------------------------------------------
    # 1 - Phi(t) < phi(t)/t, t > 0 [Gordon 1941; DR, proof of Thm. A.1]
    d.sign("mills-upper", phi(t) / t - (1 - Phi(t)), "positive", {t: POS})
    # 1 - Phi(t) > t/(1+t^2) phi(t), t > 0 [Gordon 1941]
    d.sign("mills-lower", (1 - Phi(t)) - t / (1 + t**2) * phi(t), "positive", {t: POS})
    # Chernoff: 1 - Phi(t) <= e^{-t^2/2}/2, t >= 0 (tight at t = 0) [DRS, App.; standard]
    d.sign("gauss-tail-chernoff", sp.exp(-t**2 / 2) / 2 - (1 - Phi(t)), "nonnegative", {t: sp.Interval(0, sp.oo)})

    # --- Bernoulli divergences: two variables, tight on the diagonal p = q -----------------------------------
    B2 = {p: UNIT, q: UNIT}
    # Pinsker: KL >= 2 TV^2 [T09, Lemma 2.5]
    d.sign("pinsker-bernoulli", kl_bern(p, q) - 2 * (p - q)**2, "nonnegative", B2)
    # Bretagnolle-Huber: TV <= sqrt(1 - e^{-KL}) [T09, Lemma 2.6; Canonne's note on BH]
    d.sign("bretagnolle-huber-bernoulli", 1 - sp.exp(-kl_bern(p, q)) - (p - q)**2, "nonnegative", B2)
    # KL <= chi^2 [T09, Lemma 2.7]
    d.sign("kl-le-chi2-bernoulli", (p - q)**2 / (q * (1 - q)) - kl_bern(p, q), "nonnegative", B2)
    # H^2 <= TV with H^2 = 1 - Bhattacharyya coefficient [T09, Lemma 2.3]
    bc = sp.sqrt(p * q) + sp.sqrt((1 - p) * (1 - q))
    d.sign("hellinger-le-tv-bernoulli", sp.Abs(p - q) - (1 - bc), "nonnegative", B2)
    # Le Cam: TV^2 <= 1 - BC^2 [T09, Lemma 2.3]
    d.sign("lecam-tv-hellinger-bernoulli", 1 - bc**2 - (p - q)**2, "nonnegative", B2)
    # Hoeffding's lemma for a Bernoulli(p): log E e^{t(X - p)} <= t^2/8; tight on the whole line t = 0 [DR, App.]
    d.sign("hoeffding-lemma-bernoulli", t**2 / 8 - (sp.log(1 - p + p * sp.exp(t)) - p * t), "nonnegative",
           {p: UNIT, t: REAL})
    # subsampling: log(1 + q (e^eps - 1)) <= eps, tight on the edge q = 1 [BBG18, Thm. 9]
    d.sign("subsampling-le-eps", eps - sp.log(1 + q * (sp.exp(eps) - 1)), "nonnegative",
           {q: sp.Interval.Lopen(0, 1), eps: POS})

    # --- Renyi divergences: removable singularity at alpha -> 1 ---------------------------------------------
    LAP = {alpha: ABOVE_1, eps: POS}
    # pure eps-DP bounds every Renyi divergence: D_alpha(Laplace) <= eps [M17, Prop. 3 & Table II]
    d.sign("laplace-rdp-le-eps", eps - renyi_laplace(alpha, eps), "nonnegative", LAP)
    # D_alpha >= D_1 = KL, alpha > 1 (monotone in the order) [M17, Prop. 9 / Sec. III]
    d.sign("laplace-rdp-ge-kl", renyi_laplace(alpha, eps) - (eps + sp.exp(-eps) - 1), "nonnegative", LAP)
    # D_alpha(Laplace) increases with alpha [M17, Sec. III (monotonicity of Renyi divergence)]
    d.monotone("laplace-rdp-increasing-in-alpha", renyi_laplace(alpha, eps), alpha, True, LAP)
    # Bernoulli: D_alpha >= KL for alpha > 1, tight as alpha -> 1 and on p = q (three variables) [M17, Sec. III]
    d.sign("bernoulli-rdp-ge-kl", renyi_bern(alpha, p, q) - kl_bern(p, q), "nonnegative", {alpha: ABOVE_1, **B2})

    # --- zCDP / RDP to (eps, delta): three variables, tight along a curve ------------------------------------
    # min_{alpha>1} rho alpha + log(1/delta)/(alpha-1) = rho + 2 sqrt(rho log(1/delta)) [BS16, Prop. 1.3; M17, Prop. 3]
    L = sp.log(1 / delta)
    d.sign("zcdp-conversion-am-gm", rho * alpha + L / (alpha - 1) - rho - 2 * sp.sqrt(rho * L), "nonnegative",
           {alpha: ABOVE_1, rho: POS, delta: UNIT})

    # --- Gaussian DP: Phi, PhiInv, Max ----------------------------------------------------------------------
    # G_mu(a) >= max(0, 1 - a - TV), TV(N(0,1), N(mu,1)) = 2 Phi(mu/2) - 1; tight at a = Phi(-mu/2) [DRS, Sec. 2]
    d.sign("gdp-tradeoff-above-tv-line", gdp_tradeoff(a, mu) - sp.Max(0, 2 - 2 * Phi(mu / 2) - a), "nonnegative",
           {a: UNIT, mu: POS})
    # mu-GDP <=> (eps, delta(eps))-DP for all eps: G_mu(a) >= 1 - delta(eps) - e^eps a [DRS, Cor. 2.13, Prop. 2.12]
    d.sign("gdp-tradeoff-above-eps-delta-line", gdp_tradeoff(a, mu) - (1 - gdp_delta(eps, mu) - sp.exp(eps) * a),
           "nonnegative", {a: UNIT, mu: sp.Interval.open(0, 10), eps: sp.Interval.open(0, 20)})

    # --- four variables and Max of three ----------------------------------------------------------------------
    # Cauchy-Schwarz, as in heterogeneous Gaussian composition (mu^2 = sum mu_i^2) [DRS, Cor. 3.3]
    d.sign("cauchy-schwarz-4", sp.sqrt((a1**2 + a2**2) * (b1**2 + b2**2)) - (a1 * b1 + a2 * b2), "nonnegative",
           {a1: POS, a2: POS, b1: POS, b2: POS})
    # log-sum-exp is within log 3 of the max (exponential mechanism / softmax) [DR, Sec. 3.4]
    lse = sp.log(sp.exp(u1) + sp.exp(u2) + sp.exp(u3))
    d.sign("logsumexp-le-max-plus-log3", sp.log(3) - (lse - sp.Max(u1, u2, u3)), "nonnegative",
           {u1: REAL, u2: REAL, u3: REAL})

    # --- finite sums with a symbolic integer bound ----------------------------------------------------------
    N1 = {n: sp.Interval(1, sp.oo)}
    # group privacy: sum_{j<n} e^{j eps} = (e^{n eps} - 1)/(e^eps - 1) [DR, Thm. 2.2 (the delta factor)]
    d.identity("group-privacy-geometric-sum", sp.Sum(sp.exp(j * eps), (j, 0, n - 1)),
               (sp.exp(n * eps) - 1) / (sp.exp(eps) - 1), {**N1, eps: POS})
    # sum_{j=1}^n 1/j^2 <= 2 - 1/n (telescoping 1/j^2 <= 1/(j-1) - 1/j); tight at n = 1
    d.sign("basel-partial-le-2-minus-inv-n", 2 - sp.Integer(1) / n - sp.Sum(1 / j**2, (j, 1, n)), "nonnegative", N1)

    # --- infinite series ------------------------------------------------------------------------------------
    # sum_{k>=1} k q^k = q/(1-q)^2 (mean of a geometric law)
    d.identity("sum-k-q-pow-k", sp.Sum(k * q**k, (k, 1, sp.oo)), q / (1 - q)**2, {q: UNIT})
    # discrete Laplace normaliser: sum_{k in Z} e^{-eps|k|} = (1 + e^{-eps})/(1 - e^{-eps}) [CKS, Sec. 2; Ghosh et al.]
    d.identity("discrete-laplace-normaliser", sp.Sum(sp.exp(-eps * sp.Abs(k)), (k, -sp.oo, sp.oo)),
               (1 + sp.exp(-eps)) / (1 - sp.exp(-eps)), {eps: POS})
    # discrete Laplace variance 2 e^{-eps}/(1 - e^{-eps})^2 [CKS, Sec. 2 (Fact on the discrete Laplace)]
    d.identity("discrete-laplace-variance",
               (1 - sp.exp(-eps)) / (1 + sp.exp(-eps)) * sp.Sum(k**2 * sp.exp(-eps * sp.Abs(k)), (k, -sp.oo, sp.oo)),
               2 * sp.exp(-eps) / (1 - sp.exp(-eps))**2, {eps: POS})
    # discrete Gaussian normaliser >= sqrt(2 pi) s (Poisson summation) [CKS, Fact 18 / proof of Prop. 5]
    d.sign("discrete-gaussian-normaliser", sp.Sum(sp.exp(-k**2 / (2 * s**2)), (k, -sp.oo, sp.oo)) - SQ2PI * s,
           "positive", {s: sp.Interval.Lopen(0, 2)})

    # --- integrals: |x| (Laplace) and Gaussian ---------------------------------------------------------------
    lap0 = eps / 2 * sp.exp(-eps * sp.Abs(x))
    # KL(Lap(0,1/eps) || Lap(1,1/eps)) = E_P[eps(|x-1| - |x|)] = eps + e^{-eps} - 1 [M17, Table II]
    d.identity("laplace-kl-integral", sp.Integral(lap0 * eps * (sp.Abs(x - 1) - sp.Abs(x)), (x, -sp.oo, sp.oo)),
               eps + sp.exp(-eps) - 1, {eps: POS})
    # Laplace tail: P(Lap(0,1/eps) > t) = e^{-eps t}/2, t >= 0 [DR, Fact 3.7]
    d.identity("laplace-tail-integral", sp.Integral(lap0, (x, t, sp.oo)), sp.exp(-eps * t) / 2,
               {eps: POS, t: sp.Interval(0, sp.oo)})
    # KL(N(mu,1) || N(0,1)) = mu^2/2 [BS16, Lemma 2.4 at alpha = 1]
    d.identity("gauss-kl-integral", sp.Integral(phi(x - mu) * (mu * x - mu**2 / 2), (x, -sp.oo, sp.oo)),
               mu**2 / 2, {mu: POS})
    # int p^alpha q^{1-alpha} for N(mu,1), N(0,1) = e^{alpha(alpha-1) mu^2/2} [M17, Prop. 7; BS16, Lemma 2.4]
    d.identity("gauss-renyi-integral",
               sp.Integral(sp.exp(-alpha * (x - mu)**2 / 2 - (1 - alpha) * x**2 / 2) / SQ2PI, (x, -sp.oo, sp.oo)),
               sp.exp(alpha * (alpha - 1) * mu**2 / 2), {alpha: ABOVE_1, mu: POS})
    # Gaussian tail: int_t^oo phi = 1 - Phi(t)
    d.identity("gauss-tail-integral", sp.Integral(phi(x), (x, t, sp.oo)), 1 - Phi(t), {t: REAL})
