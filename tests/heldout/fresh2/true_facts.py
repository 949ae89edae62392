"""Second fresh held-out folder: 40 TRUE standard differential-privacy facts, written blind to the prover on 2026-12-08.

Written from textbooks and papers, without reading the prover (symdp/engine, symdp/kernel), the earlier held-out
claims or any certificate, and committed before any prover measurement.  Their truth is checked independently in
mpmath at 60 digits by check_truth.py (dense grids of each domain, then Nelder-Mead minimisation of the signed side).

Sources:
- C. Dwork, A. Roth, The Algorithmic Foundations of Differential Privacy (2014): Fact 3.7, Thms 3.6, 3.8, 3.10,
  Cor. 3.21, Thm A.1.
- I. Mironov, Renyi Differential Privacy (CSF 2017); T. van Erven, P. Harremoes, Renyi Divergence and
  Kullback-Leibler Divergence (IEEE T-IT 2014), Thm 3.
- M. Bun, T. Steinke, Concentrated Differential Privacy (TCC 2016), Prop. 1.4 (Prop. 3.3 in the body).
- J. Dong, A. Roth, W. Su, Gaussian Differential Privacy (JRSS-B 2022): trade-off functions (Sec. 2), Prop. 2.12,
  Cor. 2.13, the Laplace trade-off function (Sec. 2 / Appendix).
- B. Balle, Y.-X. Wang, Improving the Gaussian Mechanism for Differential Privacy (ICML 2018), Thm 8.
- P. Kairouz, S. Oh, P. Viswanath, The Composition Theorem for Differential Privacy (ICML 2015), Thm 2.1.
- B. Balle, G. Barthe, M. Gaboardi, Privacy Amplification by Subsampling (NeurIPS 2018);
  N. Li, W. Qardaji, D. Su (ASIACCS 2012), Thm 1.
- I. Mironov, K. Talwar, L. Zhang, Renyi Differential Privacy of the Sampled Gaussian Mechanism
  (2019), the alpha = 2 case.
- C. Canonne, G. Kamath, T. Steinke, The Discrete Gaussian for Differential Privacy (NeurIPS 2020): conversion
  from concentrated to approximate DP (Prop. 12), variance and subgaussianity of the discrete Gaussian.
- S. Warner (JASA 1965); T. Wang, J. Blocki, N. Li, S. Jha, Locally Differentially Private Protocols for
  Frequency Estimation (USENIX Security 2017), variance of generalised randomised response.
- A. Ghosh, T. Roughgarden, M. Sundararajan, Universally Utility-Maximizing Privacy Mechanisms (STOC 2009).
- F. McSherry, K. Talwar, Mechanism Design via Differential Privacy (FOCS 2007), Thm 6; D. Durfee, R. Rogers,
  Practical Differentially Private Top-k Selection (NeurIPS 2019) (Gumbel-max = exponential mechanism).
- J. Duchi, M. Jordan, M. Wainwright, Local Privacy and Statistical Minimax Rates (FOCS 2013 / JASA 2018), Thm 1.
- B. Jayaraman, L. Wang, K. Knipmeyer, Q. Gu, D. Evans, Revisiting Membership Inference under Realistic
  Assumptions (PoPETs 2021): positive predictive value under eps-DP.
- A. Tsybakov, Introduction to Nonparametric Estimation (2009): Lemmas 2.3, 2.7 (Le Cam, chi^2 vs KL).
- G. Polya (1949) and Z. W. Birnbaum (1942) normal-tail bounds; S. Boucheron, G. Lugosi, P. Massart,
  Concentration Inequalities (2013), Sec. 2.7-2.8 (Bennett/Bernstein); M. Mitzenmacher, E. Upfal,
  Probability and Computing (2005), Thm 4.5 (Chernoff lower tail).

These claims are fixed: they must NOT be reshaped (rewritten, split, narrowed or re-domained) to suit the prover.
"""
import sympy as sp
from sympy import Abs, Integral, Interval, Max, Min, Rational, Sum, binomial, cosh, exp, log, oo, pi, sqrt, tanh

from symdp import derivation
from symdp.special import Phi, PhiInv
from symdp.symbols import delta, eps, mu, sigma

# -- symbols (each with its assumptions) ---------------------------------------------------------------------------
a = sp.Symbol("a", nonnegative=True)                 # type I error (false-positive rate) of a test
x = sp.Symbol("x", real=True)                        # integration variable / mechanism output
u = sp.Symbol("u", real=True)                        # a (scaled) score
v = sp.Symbol("v", real=True)                        # a second score
lam = sp.Symbol("lambda", real=True)                 # argument of a moment generating function
t = sp.Symbol("t", positive=True)                    # a threshold / deviation
s = sp.Symbol("s", positive=True)                    # relative deviation in a Chernoff bound
b = sp.Symbol("b", positive=True)                    # Laplace scale
Dl = sp.Symbol("Delta", positive=True)               # sensitivity
q = sp.Symbol("q", positive=True)                    # sampling rate / a Bernoulli parameter
p = sp.Symbol("p", positive=True)                    # a Bernoulli parameter
b0 = sp.Symbol("b_0", nonnegative=True)              # Bernoulli input law of a local randomiser
b1 = sp.Symbol("b_1", nonnegative=True)              # the other input law
r = sp.Symbol("r", positive=True)                    # true-positive rate of an attack
f = sp.Symbol("f", positive=True)                    # false-positive rate of an attack
prior = sp.Symbol("pi_m", positive=True)             # prior probability of membership
al = sp.Symbol("alpha", positive=True)               # Renyi order
eps_p = sp.Symbol("epsilon_p", positive=True)        # a second privacy level (the hockey-stick order)
eps_tot = sp.Symbol("epsilon_tot", positive=True)    # target total epsilon of a composition
k = sp.Symbol("k", integer=True, positive=True)      # number of compositions / queries
n = sp.Symbol("n", integer=True, positive=True)
m = sp.Symbol("m", integer=True, positive=True)
dd = sp.Symbol("d", integer=True, positive=True)     # alphabet size of generalised randomised response
i = sp.Symbol("i", integer=True, positive=True)      # summation index
j = sp.Symbol("j", integer=True, nonnegative=True)   # summation index
z = sp.Symbol("z", integer=True)                     # integer output of a discrete mechanism

POS = Interval.open(0, oo)
UNIT_OPEN = Interval.open(0, 1)


def phi(y):
    """Standard normal density."""
    return exp(-y**2 / 2) / sqrt(2 * pi)


def gdp_delta(e, mu_):
    """Privacy profile of mu-GDP / the Gaussian mechanism (Dong-Roth-Su Cor. 2.13; Balle-Wang Thm 8)."""
    return Phi(-e / mu_ + mu_ / 2) - exp(e) * Phi(-e / mu_ - mu_ / 2)


def rr_renyi(order, e):
    """Renyi divergence of order `order` between the two output laws of eps-randomised response."""
    return log(cosh((order - Rational(1, 2)) * e) / cosh(e / 2)) / (order - 1)


def kl_bern(x1, x2):
    """KL(Bern(x1) || Bern(x2))."""
    return x1 * log(x1 / x2) + (1 - x1) * log((1 - x1) / (1 - x2))


P_RR = exp(eps) / (1 + exp(eps))     # randomised response: probability of the true answer
Q_RR = 1 / (1 + exp(eps))            # ... of the flipped answer


@derivation(id="fresh2.true", title="Forty standard differential-privacy facts (second fresh held-out folder)",
            paper="textbooks and papers (see the module docstring)", where="one claim per fact")
def true_facts(d):
    # ---- randomised response, composition, local protocols ---------------------------------------------------
    # KOV 2015 Thm 3.3 (k-fold RR is binomial) with the KL chain rule: the mean privacy loss of k-fold eps-RR is
    # k * KL(RR) = k eps tanh(eps/2).  Finite sum with a symbolic bound k.
    d.identity("kl-binomial-composition",
               Sum(binomial(k, j) * P_RR**j * Q_RR**(k - j) * (2 * j - k) * eps, (j, 0, k)),
               k * eps * tanh(eps / 2), domain={eps: POS, k: Interval(1, oo)})
    # Wang-Blocki-Li-Jha 2017, Sec. 4 (direct encoding / GRR): q(1-q)/(p-q)^2 = (e^eps + d - 2)/(e^eps - 1)^2.
    pg, qg = exp(eps) / (exp(eps) + dd - 1), 1 / (exp(eps) + dd - 1)
    d.identity("grr-variance", qg * (1 - qg) / (pg - qg)**2, (exp(eps) + dd - 2) / (exp(eps) - 1)**2,
               domain={eps: POS, dd: Interval(2, oo)})
    # Balle-Barthe-Gaboardi 2018 / Dwork-Roth Def. 2.4: the privacy profile (hockey-stick divergence) of eps-RR at
    # order eps_p <= eps is (e^eps - e^eps_p)/(1 + e^eps).  Max, domain bounded by another symbol.
    d.identity("rr-hockey-stick",
               Max(0, P_RR - exp(eps_p) * Q_RR) + Max(0, Q_RR - exp(eps_p) * P_RR),
               (exp(eps) - exp(eps_p)) / (1 + exp(eps)), domain={eps: POS, eps_p: Interval.Lopen(0, eps)})
    # Mironov 2017 Def. 3 evaluated on RR: sum_y P(y)^alpha Q(y)^(1-alpha) = cosh((alpha - 1/2) eps)/cosh(eps/2).
    d.identity("rr-renyi-cosh", P_RR**al * Q_RR**(1 - al) + Q_RR**al * P_RR**(1 - al),
               cosh((al - Rational(1, 2)) * eps) / cosh(eps / 2), domain={al: POS, eps: POS})
    # Mironov 2017 Sec. III (eps-DP is (oo, eps)-RDP) / van Erven-Harremoes Thm 3: D_alpha <= D_inf = eps for
    # every order alpha > 0 (removable singularity at alpha = 1, inside the domain).
    d.sign("rr-renyi-le-eps", eps - rr_renyi(al, eps), "nonnegative", domain={al: POS, eps: POS})
    # Bun-Steinke 2016 Prop. 1.4: eps-DP implies (eps^2/2)-zCDP, i.e. D_alpha <= alpha eps^2/2 for alpha > 1;
    # on RR (singular at the edge alpha -> 1).
    d.sign("rr-renyi-le-zcdp", al * eps**2 / 2 - rr_renyi(al, eps), "nonnegative",
           domain={al: Interval.open(1, oo), eps: POS})
    # van Erven-Harremoes 2014 Thm 3: the Renyi divergence is nondecreasing in its order (strictly here).
    d.monotone("rr-renyi-monotone", rr_renyi(al, eps), al, increasing=True,
               domain={al: Interval.open(1, oo), eps: POS})
    # Duchi-Jordan-Wainwright 2013 Thm 1: for an eps-LDP channel, KL(M0||M1) + KL(M1||M0) <= 4 (e^eps - 1)^2 TV^2;
    # on RR with Bernoulli(b0), Bernoulli(b1) inputs (TV = |b0 - b1|).  Three variables, tight along b0 = b1.
    o0, o1 = Q_RR + (P_RR - Q_RR) * b0, Q_RR + (P_RR - Q_RR) * b1
    d.sign("djw-local-kl", 4 * (exp(eps) - 1)**2 * (b0 - b1)**2 - kl_bern(o0, o1) - kl_bern(o1, o0), "nonnegative",
           domain={eps: POS, b0: Interval(0, 1), b1: Interval(0, 1)})

    # ---- Laplace, geometric and exponential mechanisms -------------------------------------------------------
    # Dwork-Roth Thm 3.6 (proof): the privacy loss of the Laplace mechanism, scale Delta/eps, is at most eps.
    # Abs, three variables, tight on the half-line x <= 0.
    d.sign("laplace-loss-abs", eps - eps * (Abs(x - Dl) - Abs(x)) / Dl, "nonnegative",
           domain={x: Interval(-oo, oo), Dl: POS, eps: POS})
    # Dwork-Roth Fact 3.7: Pr[|Lap(b)| >= t b] = e^{-t}, as an integral.
    d.identity("laplace-tail-integral", 2 * Integral(exp(-x / b) / (2 * b), (x, t * b, oo)), exp(-t),
               domain={b: POS, t: POS})
    # Dwork-Roth Thm 3.8 (the union bound step): 1 - (1 - e^{-t})^k <= k e^{-t}; integer k, tight at k = 1.
    d.sign("laplace-accuracy-union", k * exp(-t) - (1 - (1 - exp(-t))**k), "nonnegative",
           domain={k: Interval(1, oo), t: POS})
    # KL(Lap(0,1) || Lap(eps,1)) = eps + e^{-eps} - 1 (integral with two kinks, 0 and eps).
    d.identity("laplace-kl-integral", Integral(exp(-Abs(x)) / 2 * (Abs(x - eps) - Abs(x)), (x, -oo, oo)),
               eps + exp(-eps) - 1, domain={eps: POS})
    # Pinsker on the Laplace pair: TV = 1 - e^{-eps/2} <= sqrt(KL/2).  Tight to first order at eps = 0.
    d.sign("laplace-pinsker", sqrt((eps + exp(-eps) - 1) / 2) - (1 - exp(-eps / 2)), "nonnegative",
           domain={eps: POS})
    # Dong-Roth-Su 2022 (Laplace trade-off function, middle branch e^{-eps}/(4a)) lies above f_{eps,0}:
    # Laplace is eps-DP.  Max, tight along a = e^{-eps}/2 and a = 1/2.
    d.sign("laplace-tradeoff-above-dp", exp(-eps) / (4 * a) - Max(1 - exp(eps) * a, exp(-eps) * (1 - a)),
           "nonnegative", domain={a: Interval.Lopen(0, 1), eps: POS})
    # Ghosh-Roughgarden-Sundararajan 2009, two-sided geometric mechanism with alpha = e^{-eps}:
    # Pr[|Z| >= m] = 2 alpha^m/(1 + alpha).  Infinite sum from a symbolic lower bound m.
    d.identity("geometric-tail-sum",
               2 * Sum((1 - exp(-eps)) / (1 + exp(-eps)) * exp(-eps * z), (z, m, oo)),
               2 * exp(-eps * m) / (1 + exp(-eps)), domain={eps: POS, m: Interval(1, oo)})
    # McSherry-Talwar 2007 Thm 6 / Dwork-Roth Thm 3.10 on two outcomes: shifting the scaled score gap u by eps
    # (each score moves by at most the sensitivity) changes the probability by at most e^eps.  Tight as u -> -oo.
    d.sign("expmech-two-outcome", eps - log(1 + exp(-u)) + log(1 + exp(-u - eps)), "nonnegative",
           domain={u: Interval(-oo, oo), eps: POS})
    # Durfee-Rogers 2019 (Gumbel-max trick): report-noisy-max with Gumbel noise is the exponential mechanism,
    # Pr[u + G1 > v + G2] = e^u/(e^u + e^v).  Integral, two variables.
    d.identity("gumbel-max-integral",
               Integral(exp(-(x - u)) * exp(-exp(-(x - u))) * exp(-exp(-(x - v))), (x, -oo, oo)),
               exp(u) / (exp(u) + exp(v)), domain={u: Interval(-5, 5), v: Interval(-5, 5)})
    # Harmonic-number bound (used for the binary/tree mechanism and continual counting): H_n <= 1 + ln n.
    d.sign("harmonic-log-bound", 1 + log(n) - Sum(1 / i, (i, 1, n)), "nonnegative", domain={n: Interval(1, oo)})

    # ---- approximate DP, composition, hypothesis testing -------------------------------------------------------
    # Dwork-Roth Cor. 3.21: with eps = eps_tot/(2 sqrt(2k ln(1/delta))), k-fold advanced composition stays within
    # eps_tot for eps_tot <= 1 (here delta <= e^{-1/2}).  Three variables, one an integer.
    e0 = eps_tot / (2 * sqrt(2 * k * log(1 / delta)))
    d.sign("advanced-composition-corollary", eps_tot - (sqrt(2 * k * log(1 / delta)) * e0 + k * e0 * (exp(e0) - 1)),
           "nonnegative", domain={eps_tot: Interval.Lopen(0, 1), k: Interval(1, oo),
                                  delta: Interval.Lopen(0, exp(-Rational(1, 2)))})
    # Kairouz-Oh-Viswanath 2015 Thm 2.1: under (eps, delta)-DP the best TPR at FPR a is
    # min(1, e^eps a + delta, 1 - e^{-eps}(1 - delta - a)); its advantage is at most (e^eps - 1 + 2 delta)/(e^eps + 1).
    # Min, three variables, tight at a = (1 - delta)/(e^eps + 1).
    d.sign("advantage-min-bound",
           (exp(eps) - 1 + 2 * delta) / (exp(eps) + 1)
           - (Min(1, exp(eps) * a + delta, 1 - exp(-eps) * (1 - delta - a)) - a),
           "nonnegative", domain={a: Interval(0, 1), delta: Interval.Lopen(0, 1), eps: POS})
    # Dong-Roth-Su 2022 Sec. 2 (f_{eps,delta}, symmetric trade-off functions): f_{eps,delta} is symmetric,
    # f(f(a)) = a on [0, 1 - delta].  Nested Max, domain bounded by another symbol.
    def f_ed(y):
        return Max(0, 1 - delta - exp(eps) * y, exp(-eps) * (1 - delta - y))
    d.identity("approx-dp-tradeoff-symmetric", f_ed(f_ed(a)), a,
               domain={eps: POS, delta: UNIT_OPEN, a: Interval(0, 1 - delta)})
    # Jayaraman et al. 2021 (PPV of a membership-inference attack under eps-DP): TPR r <= e^eps FPR f gives
    # precision <= prior e^eps/(prior e^eps + 1 - prior).  Four variables, tight along r = e^eps f.
    d.sign("mia-precision-bound",
           prior * exp(eps) / (prior * exp(eps) + 1 - prior) - prior * r / (prior * r + (1 - prior) * f),
           "nonnegative", domain={prior: UNIT_OPEN, eps: POS, f: Interval.Lopen(0, 1),
                                  r: Interval.Lopen(0, exp(eps) * f)})

    # ---- subsampling ----------------------------------------------------------------------------------------------
    # Li-Qardaji-Su 2012 Thm 1 / Balle-Barthe-Gaboardi 2018: subsampling at rate q gives
    # eps' = log(1 + q(e^eps - 1)), never below q eps (convexity of e^x).  Tight at q = 1.
    d.sign("subsampling-ge-linear", log(1 + q * (exp(eps) - 1)) - q * eps, "nonnegative",
           domain={q: Interval.Lopen(0, 1), eps: POS})
    # same: eps'/q is decreasing in the rate q (the amplification is concave in q).
    d.monotone("subsampling-per-rate-monotone", log(1 + q * (exp(eps) - 1)) / q, q, increasing=False,
               domain={q: Interval.Lopen(0, 1), eps: POS})
    # Mironov-Talwar-Zhang 2019 (alpha = 2): the order-2 Renyi moment of the sampled Gaussian mechanism,
    # E_{N(0,1)}[(mixture/N(0,1))^2] = 1 + q^2 (e^{mu^2} - 1).  Integral, two variables.
    d.identity("sampled-gaussian-renyi2-integral",
               Integral(((1 - q) * phi(x) + q * phi(x - mu))**2 / phi(x), (x, -oo, oo)),
               1 + q**2 * (exp(mu**2) - 1), domain={q: Interval.Lopen(0, 1), mu: Interval.Lopen(0, 5)})

    # ---- Gaussian mechanism and Gaussian DP ------------------------------------------------------------------
    # Dwork-Roth Thm A.1 (sigma = Delta sqrt(2 ln(1.25/delta))/eps gives (eps, delta)-DP for eps <= 1), checked
    # against the exact privacy profile of Balle-Wang Thm 8 with mu = Delta/sigma.  Phi, two variables.
    mu0 = eps / sqrt(2 * log(Rational(5, 4) / delta))
    d.sign("gauss-classical-calibration", delta - gdp_delta(eps, mu0), "nonnegative",
           domain={eps: Interval.Lopen(0, 1), delta: UNIT_OPEN})
    # Dong-Roth-Su Cor. 2.13: delta(eps) of mu-GDP is decreasing in eps.
    d.monotone("gdp-delta-decreasing", gdp_delta(eps, mu), eps, increasing=False, domain={eps: POS, mu: POS})
    # Dong-Roth-Su 2022: G_mu(a) = Phi(Phi^{-1}(1 - a) - mu) is symmetric, G_mu(G_mu(a)) = a.  Phi/PhiInv.
    def g_mu(y):
        return Phi(-PhiInv(y) - mu)
    d.identity("gdp-tradeoff-involution", g_mu(g_mu(a)), a, domain={a: UNIT_OPEN, mu: POS})
    # Dong-Roth-Su Prop. 2.12 / Cor. 2.13 (primal-dual): G_mu(a) >= 1 - delta(eps) - e^eps a for every eps.
    # Three variables, tight along a = Phi(-eps/mu - mu/2).
    d.sign("gdp-dual-envelope", g_mu(a) + exp(eps) * a + gdp_delta(eps, mu) - 1, "nonnegative",
           domain={a: UNIT_OPEN, eps: POS, mu: POS})
    # Balle-Wang 2018 Thm 8: the hockey-stick divergence of N(mu,1) from N(0,1) is the analytic-Gaussian delta.
    # Integral of a Max (a kink at x = eps/mu + mu/2).
    d.identity("analytic-gaussian-integral", Integral(Max(0, phi(x - mu) - exp(eps) * phi(x)), (x, -oo, oo)),
               gdp_delta(eps, mu), domain={eps: POS, mu: POS})
    # Canonne-Kamath-Steinke 2020 Prop. 12 (conversion of (alpha, alpha mu^2/2)-RDP of the Gaussian, Mironov 2017, into
    # (eps, delta)-DP) is valid: the exact Gaussian delta is below the bound at every order alpha > 1.
    d.sign("cks-conversion-gaussian",
           exp((al - 1) * (al * mu**2 / 2 - eps)) / (al - 1) * (1 - 1 / al)**al - gdp_delta(eps, mu),
           "nonnegative", domain={al: Interval.open(1, oo), eps: POS, mu: POS})
    # Bhattacharyya coefficient of N(0,1) and N(mu,1) (Tsybakov Sec. 2.4): integral of sqrt(p q) = e^{-mu^2/8}.
    d.identity("gauss-hellinger-integral", Integral(sqrt(phi(x) * phi(x - mu)), (x, -oo, oo)), exp(-mu**2 / 8),
               domain={mu: POS})
    # Le Cam (Tsybakov Lemma 2.3, TV <= sqrt(1 - BC^2)) for the Gaussian pair: 2 Phi(mu/2) - 1 <= sqrt(1 - e^{-mu^2/4}).
    d.sign("gauss-lecam-tv", sqrt(1 - exp(-mu**2 / 4)) - (2 * Phi(mu / 2) - 1), "nonnegative", domain={mu: POS})

    # ---- tail and concentration bounds used in DP -------------------------------------------------------------
    # Polya 1949: Phi(t) - 1/2 <= sqrt(1 - e^{-2t^2/pi})/2.  Tight to first order at t = 0.
    d.sign("polya-bound", sqrt(1 - exp(-2 * t**2 / pi)) / 2 - (Phi(t) - Rational(1, 2)), "nonnegative",
           domain={t: POS})
    # Birnbaum 1942: Mills ratio (1 - Phi(t))/phi(t) >= (sqrt(t^2 + 4) - t)/2 for t >= 0.  Tight as t -> oo.
    d.sign("birnbaum-mills", 1 - Phi(t) - (sqrt(t**2 + 4) - t) / 2 * phi(t), "nonnegative", domain={t: POS})
    # Boucheron-Lugosi-Massart Sec. 2.8 (Bennett implies Bernstein): (1+u)log(1+u) - u >= u^2/(2(1 + u/3)).
    # Tight to third order at 0.
    d.sign("bennett-bernstein", (1 + t) * log(1 + t) - t - t**2 / (2 * (1 + t / 3)), "nonnegative",
           domain={t: POS})
    # Mitzenmacher-Upfal Thm 4.5 (Chernoff, lower tail): e^{-s}/(1-s)^{1-s} <= e^{-s^2/2} for 0 < s < 1.
    d.sign("chernoff-lower-tail", exp(-s**2 / 2) - exp(-s) / (1 - s)**(1 - s), "nonnegative",
           domain={s: UNIT_OPEN})
    # Tsybakov Lemma 2.7: KL <= log(1 + chi^2), on Bernoulli laws.  Two variables, tight along p = q.
    d.sign("chi2-kl-bernoulli", log(1 + (p - q)**2 / (q * (1 - q))) - kl_bern(p, q), "nonnegative",
           domain={p: UNIT_OPEN, q: UNIT_OPEN})

    # ---- the discrete Gaussian (Canonne-Kamath-Steinke 2020) ------------------------------------------------------
    w = exp(-z**2 / (2 * sigma**2))
    # Var[N_Z(0, sigma^2)] <= sigma^2.  Ratio of two-sided infinite sums.
    d.sign("dgauss-variance", sigma**2 - Sum(z**2 * w, (z, -oo, oo)) / Sum(w, (z, -oo, oo)), "nonnegative",
           domain={sigma: Interval.Lopen(0, 2)})
    # N_Z(0, sigma^2) is sigma^2-subgaussian: E[e^{lambda Z}] <= e^{lambda^2 sigma^2/2}.  Tight where
    # lambda sigma^2 is an integer (Poisson summation).
    d.sign("dgauss-subgaussian-mgf",
           exp(lam**2 * sigma**2 / 2) - Sum(exp(lam * z) * w, (z, -oo, oo)) / Sum(w, (z, -oo, oo)), "nonnegative",
           domain={lam: Interval(-2, 2), sigma: Interval.Lopen(0, 2)})
