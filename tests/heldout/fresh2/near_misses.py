"""Second fresh held-out folder: 20 FALSE near misses of true DP facts, written blind to the prover on 2026-12-08.

Each claim perturbs one claim of true_facts.py (named beside it) the way a paper's typo or a careless bound does:
a constant changed, an inequality flipped, a domain widened, a factor of 2 dropped, a square root missing.  Each is
false by a real margin: check_truth.py re-judges it at the concrete point given in its HINTS table and prints the
failing value.  Written without reading the prover (symdp/engine, symdp/kernel), the earlier held-out claims or any
certificate, and committed before any prover measurement.

Sources: as in true_facts.py (Dwork-Roth 2014; Mironov 2017; Bun-Steinke 2016; Dong-Roth-Su 2022; Balle-Wang 2018;
Kairouz-Oh-Viswanath 2015; Balle-Barthe-Gaboardi 2018; Mironov-Talwar-Zhang 2019; Canonne-Kamath-Steinke 2020;
Ghosh-Roughgarden-Sundararajan 2009; McSherry-Talwar 2007; Duchi-Jordan-Wainwright 2013; Jayaraman et al. 2021;
Tsybakov 2009; Polya 1949; Boucheron-Lugosi-Massart 2013).

These claims are fixed: they must NOT be reshaped (rewritten, split, narrowed or re-domained) to suit the prover.
"""
import sympy as sp
from sympy import Abs, Integral, Interval, Max, Min, Rational, Sum, cosh, exp, log, oo, sqrt

from symdp import derivation
from symdp.special import Phi
from symdp.symbols import delta, eps, mu

a = sp.Symbol("a", nonnegative=True)
x = sp.Symbol("x", real=True)
u = sp.Symbol("u", real=True)
t = sp.Symbol("t", positive=True)
b = sp.Symbol("b", positive=True)
Dl = sp.Symbol("Delta", positive=True)
q = sp.Symbol("q", positive=True)
p = sp.Symbol("p", positive=True)
b0 = sp.Symbol("b_0", nonnegative=True)
b1 = sp.Symbol("b_1", nonnegative=True)
r = sp.Symbol("r", positive=True)
f = sp.Symbol("f", positive=True)
prior = sp.Symbol("pi_m", positive=True)
al = sp.Symbol("alpha", positive=True)
eps_tot = sp.Symbol("epsilon_tot", positive=True)
k = sp.Symbol("k", integer=True, positive=True)
n = sp.Symbol("n", integer=True, positive=True)
m = sp.Symbol("m", integer=True, positive=True)
i = sp.Symbol("i", integer=True, positive=True)
z = sp.Symbol("z", integer=True)

POS = Interval.open(0, oo)
UNIT_OPEN = Interval.open(0, 1)


def gdp_delta(e, mu_):
    return Phi(-e / mu_ + mu_ / 2) - exp(e) * Phi(-e / mu_ - mu_ / 2)


def rr_renyi(order, e):
    return log(cosh((order - Rational(1, 2)) * e) / cosh(e / 2)) / (order - 1)


def kl_bern(x1, x2):
    return x1 * log(x1 / x2) + (1 - x1) * log((1 - x1) / (1 - x2))


P_RR = exp(eps) / (1 + exp(eps))
Q_RR = 1 / (1 + exp(eps))


@derivation(id="fresh2.false", title="Twenty near-miss false versions of standard DP facts (second fresh folder)",
            paper="textbooks and papers (see true_facts.py)", where="one perturbed claim per fact")
def near_misses(d):
    # perturbs laplace-loss-abs: the neighbouring output moved by 2 Delta (sensitivity doubled).  Fails at x = 0.
    d.sign("nm-laplace-loss-sensitivity-doubled", eps - eps * (Abs(x - 2 * Dl) - Abs(x)) / Dl, "nonnegative",
           domain={x: Interval(-oo, oo), Dl: POS, eps: POS})
    # perturbs laplace-tail-integral: the factor 2 of the two-sided tail dropped.
    d.identity("nm-laplace-tail-one-sided", Integral(exp(-x / b) / (2 * b), (x, t * b, oo)), exp(-t),
               domain={b: POS, t: POS})
    # perturbs laplace-accuracy-union: inequality direction flipped.
    d.sign("nm-laplace-union-flipped", (1 - (1 - exp(-t))**k) - k * exp(-t), "nonnegative",
           domain={k: Interval(1, oo), t: POS})
    # perturbs laplace-tradeoff-above-dp: the constant 4 changed to 5.  Fails at a = e^{-eps}/2.
    d.sign("nm-laplace-tradeoff-5a", exp(-eps) / (5 * a) - Max(1 - exp(eps) * a, exp(-eps) * (1 - a)),
           "nonnegative", domain={a: Interval.Lopen(0, 1), eps: POS})
    # perturbs geometric-tail-sum: 1 + alpha written 1 - alpha in the closed form.
    d.identity("nm-geometric-tail-one-minus",
               2 * Sum((1 - exp(-eps)) / (1 + exp(-eps)) * exp(-eps * z), (z, m, oo)),
               2 * exp(-eps * m) / (1 - exp(-eps)), domain={eps: POS, m: Interval(1, oo)})
    # perturbs expmech-two-outcome: eps/2 instead of eps (the normaliser's change forgotten).
    d.sign("nm-expmech-half-eps", eps / 2 - log(1 + exp(-u)) + log(1 + exp(-u - eps)), "nonnegative",
           domain={u: Interval(-oo, oo), eps: POS})
    # perturbs harmonic-log-bound: the constant 1 changed to 1/2 (below Euler's gamma).
    d.sign("nm-harmonic-half", Rational(1, 2) + log(n) - Sum(1 / i, (i, 1, n)), "nonnegative",
           domain={n: Interval(1, oo)})
    # perturbs advanced-composition-corollary: domain widened from delta <= e^{-1/2} to delta < 1.
    e0 = eps_tot / (2 * sqrt(2 * k * log(1 / delta)))
    d.sign("nm-advanced-composition-delta-widened",
           eps_tot - (sqrt(2 * k * log(1 / delta)) * e0 + k * e0 * (exp(e0) - 1)), "nonnegative",
           domain={eps_tot: Interval.Lopen(0, 1), k: Interval(1, oo), delta: UNIT_OPEN})
    # perturbs advantage-min-bound: the factor 2 of delta dropped.  Fails at the tight point a = (1-delta)/(e^eps+1).
    d.sign("nm-advantage-delta-once",
           (exp(eps) - 1 + delta) / (exp(eps) + 1)
           - (Min(1, exp(eps) * a + delta, 1 - exp(-eps) * (1 - delta - a)) - a),
           "nonnegative", domain={a: Interval(0, 1), delta: Interval.Lopen(0, 1), eps: POS})
    # perturbs approx-dp-tradeoff-symmetric: domain widened from [0, 1 - delta] to [0, 1].  Fails at a = 1.
    def f_ed(y):
        return Max(0, 1 - delta - exp(eps) * y, exp(-eps) * (1 - delta - y))
    d.identity("nm-approx-dp-tradeoff-widened", f_ed(f_ed(a)), a,
               domain={eps: POS, delta: UNIT_OPEN, a: Interval(0, 1)})
    # perturbs mia-precision-bound: e^{eps/2} for e^eps in the bound.  Fails at r = e^eps f.
    d.sign("nm-mia-precision-half-eps",
           prior * exp(eps / 2) / (prior * exp(eps / 2) + 1 - prior) - prior * r / (prior * r + (1 - prior) * f),
           "nonnegative", domain={prior: UNIT_OPEN, eps: POS, f: Interval.Lopen(0, 1),
                                  r: Interval.Lopen(0, exp(eps) * f)})
    # perturbs rr-renyi-le-zcdp: alpha eps^2/2 changed to alpha eps^2/2.2.  Fails for small eps.
    d.sign("nm-rr-renyi-zcdp-2.2", al * eps**2 / Rational(22, 10) - rr_renyi(al, eps), "nonnegative",
           domain={al: Interval.open(1, oo), eps: POS})
    # perturbs subsampling-ge-linear: inequality direction flipped.
    d.sign("nm-subsampling-le-linear", q * eps - log(1 + q * (exp(eps) - 1)), "nonnegative",
           domain={q: Interval.Lopen(0, 1), eps: POS})
    # perturbs gauss-classical-calibration: domain widened from eps <= 1 to eps <= 10.
    mu0 = eps / sqrt(2 * log(Rational(5, 4) / delta))
    d.sign("nm-gauss-classical-eps-widened", delta - gdp_delta(eps, mu0), "nonnegative",
           domain={eps: Interval.Lopen(0, 10), delta: UNIT_OPEN})
    # perturbs cks-conversion-gaussian: the factor 1/(alpha - 1) dropped.  Fails near alpha = 1.
    d.sign("nm-cks-no-alpha-minus-1",
           exp((al - 1) * (al * mu**2 / 2 - eps)) * (1 - 1 / al)**al - gdp_delta(eps, mu),
           "nonnegative", domain={al: Interval.open(1, oo), eps: POS, mu: POS})
    # perturbs gauss-lecam-tv: the square root missing.  Fails for small mu.
    d.sign("nm-gauss-lecam-tv-no-sqrt", (1 - exp(-mu**2 / 4)) - (2 * Phi(mu / 2) - 1), "nonnegative",
           domain={mu: POS})
    # perturbs polya-bound: pi changed to 4 in the exponent.  Fails near t = 0.
    d.sign("nm-polya-4", sqrt(1 - exp(-2 * t**2 / 4)) / 2 - (Phi(t) - Rational(1, 2)), "nonnegative",
           domain={t: POS})
    # perturbs chi2-kl-bernoulli: log(1 + chi^2) replaced by chi^2/2 (the second-order Taylor term taken as a bound).
    d.sign("nm-chi2-kl-half", (p - q)**2 / (2 * q * (1 - q)) - kl_bern(p, q), "nonnegative",
           domain={p: UNIT_OPEN, q: UNIT_OPEN})
    # perturbs djw-local-kl: a sign slip in the exponent, (e^{-eps} - 1)^2 for (e^eps - 1)^2.  Fails for large eps.
    o0, o1 = Q_RR + (P_RR - Q_RR) * b0, Q_RR + (P_RR - Q_RR) * b1
    d.sign("nm-djw-minus-eps", 4 * (exp(-eps) - 1)**2 * (b0 - b1)**2 - kl_bern(o0, o1) - kl_bern(o1, o0),
           "nonnegative",
           domain={eps: POS, b0: Interval(0, 1), b1: Interval(0, 1)})
    # perturbs bennett-bernstein: the constant 3 changed to 4.  Fails near 0 (third-order term).
    d.sign("nm-bennett-bernstein-4", (1 + t) * log(1 + t) - t - t**2 / (2 * (1 + t / 4)), "nonnegative",
           domain={t: POS})
