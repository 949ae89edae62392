"""Jia et al., Total variation distance privacy (2023), Sec. 4.1 and 4.3: definitions and single-mechanism facts.

Definition 3 (alpha-TVD privacy) as the largest gap P(S) - Q(S), equal to half
the L1 distance; Proposition 1 (accuracy at most P0 + P1 alpha for priors
P0 >= P1): proved, and attained by a two-output mechanism, so it is the best
bound alpha-TVD can give; for a given mechanism (the Gaussian) the exact Bayes
accuracy lies below it whenever P0 > P1.  Proof 1's range a <= (1 - alpha)/2 is
too narrow (the attaining mechanism has a = 1 - alpha), harmlessly: the
algebra does not use it.  Theorem 5 (post-processing, also for randomized maps)
is proved; Proof 2 writes '=' for '<='.  Definition 5 (group privacy) restates
Definition 3 for groups without a parameter; the derived group parameter is
min(1, k alpha), attained.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Status, derivation, quote
from symdp.latex import NOTATION
from symdp.mechanisms import gaussian
from symdp.symbols import alpha_tv as a_tv, mu

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _a_helpers as H  # noqa: E402

PAPER = "003_0de8f9880065b2b9.txt"
t = sp.Symbol("t", real=True)
g = sp.Symbol("g", nonnegative=True)
P0 = sp.Symbol("P_0", positive=True)
PS, QS = sp.symbols("P_S Q_S", nonnegative=True)     # P(S), Q(S)
UNIT = sp.Interval.open(0, 1)
PRIOR = {P0: sp.Interval(sp.Rational(1, 2), 1, right_open=True), a_tv: UNIT}


def definition3(d):
    d.identity("def3:positive-part", sp.Max(t, 0), (sp.Abs(t) + t) / 2,
               text=r"$\max(p_i - q_i, 0) = (|p_i - q_i| + (p_i - q_i))/2$; summed, $\sum_i (p_i - q_i) = 0$, so "
                    r"$\sup_S P(S) - Q(S) = \sum_i \max(p_i - q_i, 0) = \frac12 \sum_i |p_i - q_i|$, attained by "
                    r"$S = \{p > q\}$; the supremum of $|P(Y) - Q(Y)|$ is the same ($Y \mapsto$ complement)")
    d.identity("def3:equal-priors", (PS + 1 - QS) / 2, sp.Rational(1, 2) + (PS - QS) / 2,
               text=r"with equal priors the accuracy of guessing 0 on $S$ is $\frac12 + \frac12(P(S) - Q(S))$: "
                    r"the best adversary's accuracy is exactly $\frac12 + \frac12 D_{TV}$ for every mechanism")


def proposition1(d):
    P1 = 1 - P0
    acc = P0 * PS + P1 * (1 - QS)
    d.identity("prop1:decomposition", acc - (P0 + P1 * a_tv), P1 * (PS - QS - a_tv) - (P0 - P1) * (1 - PS),
               text=r"$E = P_0 P(S) + P_1(1 - Q(S))$ minus the bound is $P_1(P(S) - Q(S) - \alpha) - (P_0 - P_1)"
                    r"(1 - P(S))$: both terms are $\le 0$ when $P(S) - Q(S) \le \alpha$ and $P_0 \ge P_1$")
    d.sign("prop1:second-term", P0 - P1, "nonnegative", PRIOR, text=r"$P_0 - P_1 = 2P_0 - 1 \ge 0$")
    a, b0, b1 = sp.symbols("a b_0 b_1", nonnegative=True)
    eq3 = P0 * (a + a_tv) + P0 * b0 + P1 * (1 - a) - P1 * b1
    eq4 = P0 * a_tv + (P0 - P1) * a + P1 + (P0 - P1) * (1 - a - a_tv)
    d.identity("proof1:eq3-eq4", eq4 - eq3.subs(b1, b0).subs(b0, 1 - a - a_tv), 0,
               text=r"Proof 1, (3) to (4): with $b_1 = b_0 = 1 - a - \alpha$ (the extreme values) (3) is (4)")
    d.identity("proof1:eq4", eq4, P0 + P1 * a_tv, text=r"and (4) $= P_0 + P_1 \alpha$")
    best = sp.Max(P0 * 1, P1 * (1 - a_tv)) + sp.Max(P0 * 0, P1 * a_tv)
    d.identity("prop1:attained", best, P0 + P1 * a_tv, PRIOR,
               text=r"tight: $\mathcal{M}(X_0) = a$ always, $\mathcal{M}(X_1) = a$ w.p. $1 - \alpha$, $b$ w.p. "
                    r"$\alpha$ ($D_{TV} = \alpha$); the Bayes accuracy $\sum_y \max(P_0 p_0(y), P_1 p_1(y))$ is "
                    r"$P_0 + P_1\alpha$")
    d.sign("proof1:range-of-a", (1 - a_tv) / 2 - (1 - a_tv), "nonnegative", {a_tv: UNIT}, expect=Status.REFUTED,
           text=r"Proof 1 takes $a \in [0, (1-\alpha)/2]$; in the attaining mechanism $Y = \{a\}$ has "
                r"$\Pr[\mathcal{M}(X_1) \in Y] = a = 1 - \alpha > (1 - \alpha)/2$. The range is never used: (3) to "
                r"(4) holds for every $a \in [0, 1 - \alpha]$")
    gaussian_priors(d)


def gaussian_priors(d):
    """The exact Bayes accuracy of the Gaussian mechanism (N(0,1) vs N(mu,1)) with priors P0, 1 - P0."""
    P1 = 1 - P0
    thr = mu / 2 + sp.log(P0 / P1) / mu
    exact = d.define(r"E^*_{\mathrm{Gauss}}", P0 * gaussian.cdf(thr) + P1 * gaussian.cdf(mu - thr),
                     r"guess 0 below $\theta = \mu/2 + \log(P_0/P_1)/\mu$, where $P_0 \varphi(y) = P_1 \varphi(y - \mu)$")
    dom = {P0: sp.Interval.open(sp.Rational(1, 2), sp.Rational(99, 100)), mu: sp.Interval.open(sp.Rational(1, 10), 5)}
    # cut at the modes as well as at the crossing: for P0 near 1 and small mu the crossing is ~40 standard
    # deviations out, and tanh-sinh on (-inf, 43) with all the mass near 0 needed 240 digits (35 s a point)
    oracle = lambda P_0, mu: H.best_accuracy_quadrature(lambda v: H.normal_pdf(v, 0, 1), lambda v: H.normal_pdf(v, mu, 1),
                                                        P_0, [0, mu, mu / 2 + mp.log(P_0 / (1 - P_0)) / mu])
    d.cross_check("prop1:gauss-exact", exact, oracle, dom, n=8,
                  text=r"against $\int \max(P_0 \varphi(y), P_1 \varphi(y - \mu))\,dy$ by quadrature")
    alpha_g = 2 * gaussian.cdf(mu / 2) - 1
    d.sign("prop1:gauss-below-bound", P0 + P1 * alpha_g - exact, "positive", dom,
           text=r"for $P_0 > 1/2$ the Gaussian mechanism stays strictly below $P_0 + P_1\alpha$: the bound is the "
                r"worst case over $\alpha$-TVD mechanisms, not the Gaussian's accuracy")
    rows = []
    with mp.workdps(30):
        for p0 in ("0.5", "0.7", "0.9", "0.99"):
            pz, m = mp.mpf(p0), mp.mpf(1)
            al = 2 * mp.ncdf(m / 2) - 1
            th = m / 2 + mp.log(pz / (1 - pz)) / m
            ex = pz * mp.ncdf(th) + (1 - pz) * mp.ncdf(m - th)
            rows.append((p0, mp.nstr(al, 6), mp.nstr(ex, 6), mp.nstr(pz + (1 - pz) * al, 6), mp.nstr(pz, 6)))
    d.table("prop1-gauss", "Proposition 1 for N(0,1) vs N(1,1) (alpha = 2 Phi(1/2) - 1): the exact best accuracy "
            "beside the bound P0 + P1 alpha and the prior alone", ("P0", "alpha", "exact", "P0 + P1 alpha", "P0"), rows)


def post_processing(d):
    d.sign("thm5:termwise", sp.Max(t, 0) - g * t, "nonnegative", {g: sp.Interval(0, 1)},
           text=r"a randomized $f$ gives $\Pr[f(\mathcal{M}(X)) \in Z] = \sum_y p_y g_y$ with $g_y = \Pr[f(y) \in Z] "
                r"\in [0, 1]$; termwise $g_y(p_y - q_y) \le \max(p_y - q_y, 0)$, so the gap is at most $D_{TV} \le "
                r"\alpha$ (Theorem 5, for randomized maps too; Proof 2 covers deterministic $f$ only)")
    constant_f = NOTATION.extend(symbols={r"\Pr[\mathcal{M}(X) \in Y]": sp.Integer(1),
                                          r"\Pr[\mathcal{M}(X') \in Y]": sp.Integer(1), r"\alpha": a_tv})
    step = quote(PAPER, line=238, latex=r"\Pr[\mathcal{M}(X) \in Y] = \Pr[\mathcal{M}(X') \in Y] + \alpha")
    d.printed("proof2:equality", step, sp.Integer(1), {a_tv: UNIT}, where="Proof 2 (second equality)",
              expect=Status.ERRATUM, notation=constant_f,
              text=r"Proof 2 prints $\Pr[\mathcal{M}(X) \in Y] = \Pr[\mathcal{M}(X') \in Y] + \alpha$; with $f$ "
                   r"constant ($Y$ everything) both probabilities are 1 and the right side is $1 + \alpha$: the step "
                   r"is '$\le$', not '$=$'")
    d.note(r"Theorem 5 is tight: $f$ the identity keeps $D_{TV} = \alpha$.")


def group_privacy(d):
    k = sp.Symbol("k", positive=True, integer=True)
    tv = lambda u, v: sp.Abs(u - v)
    p, q, r = sp.symbols("p q r", nonnegative=True)
    d.sign("def5:triangle", tv(p, q) + tv(q, r) - tv(p, r), "nonnegative",
           text=r"$|P(S) - R(S)| \le |P(S) - Q(S)| + |Q(S) - R(S)|$: along a chain of $k$ neighbours "
                r"$D_{TV}(\mathcal{M}(X), \mathcal{M}(X')) \le k\alpha$ (and $\le 1$)")
    c = sp.Symbol("c", nonnegative=True, integer=True)
    bern = lambda cnt: {1: a_tv * cnt, 0: 1 - a_tv * cnt}
    gap = sum(sp.Max(bern(c + k)[o] - bern(c)[o], 0) for o in (0, 1))
    d.identity("def5:attained", gap, k * a_tv, {a_tv: sp.Interval.open(0, 1 / (c + k))},
               text=r"attained: $\mathcal{M}(X) = \mathrm{Bernoulli}(\alpha\, c(X))$, $c$ a count ($n\alpha \le 1$), "
                    r"is $\alpha$-TVD and datasets $k$ apart are at TV exactly $k\alpha$: the group parameter is "
                    r"$\min(1, k\alpha)$. Definition 5 as printed keeps $\alpha$ for groups of $k$ without saying how "
                    r"it grows; for $\epsilon$-DP the group TV is $\tanh(k\epsilon/2)$")


@derivation(id="tvd2023.s4-definitions", title="TVD privacy: Definition 3, Proposition 1, post-processing, group privacy",
            paper=PAPER, where="Sec. 4, Definitions 3 and 5, Proposition 1, Theorem 5")
def definitions(d):
    definition3(d)
    proposition1(d)
    post_processing(d)
    group_privacy(d)
