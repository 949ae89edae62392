"""Jia et al. 2023, Sec. 6: Theorem 18 and Eq. 6 (optimal composition), Example 1, the TV of k-fold eps-DP.

k-fold randomized response RR_eps (Proof 10's mechanism) has a likelihood ratio that depends only on the number
j of outputs that favour X_1: P(j) = C(k, j) e^{(k-j) eps}/(1 + e^eps)^k, Q(j) = C(k, j) e^{j eps}/(1 + e^eps)^k,
L = (k - 2j) eps.  Its hockey-stick divergence at eps' = (k - 2i) eps sums the terms with j < i, which is Eq. 6
with (1 + e^eps)^k in the denominator: the text prints (1 + eps)^k (and, in Proof 10, "eps = (1+alpha)/(1-alpha)"
and 1/(1 + eps) for the output probabilities: a dropped e^ and log throughout).  The formula is checked against
a brute force over all 2^k output vectors in exact rational arithmetic (e^eps = 2) and at 60 digits.

Proof 10 argues that every alpha-TVD mechanism's region contains the corner ((1-alpha)/2, (1+alpha)/2) because
"R(M_i, X_0, X_1) is axially symmetric"; for one ordered pair that is false (witness below).  Over both orderings
the corner is in the hull, but composition composes one ordered pair, and the optimality itself fails: the
alpha = 1/2 pair P = (9/10, 1/10), Q = (2/5, 3/5) composed 3 times has TV 0.729 - 0.064 = 0.665, below the
11/16 = 0.6875 of 3-fold randomized response with the same alpha (thm18:optimal-k3, exact rationals).  What stands: k-fold RR
with eps = log((1+alpha)/(1-alpha)) has TV TV(B(k, (1+alpha)/2), B(k, (1-alpha)/2)) as printed, and the same sum
is the largest TV of k eps-DP steps (RR_eps dominates every eps-DP mechanism; Kairouz et al.).
"""
import itertools
from fractions import Fraction

import mpmath as mp
import numpy as np
import sympy as sp

from symdp import Status, derivation
from symdp.symbols import alpha_tv, eps
from symdp.tvd import composition as comp

PAPER = "003_0de8f9880065b2b9.txt"
K, J, I = sp.symbols("k j i", integer=True, nonnegative=True)
N = sp.Symbol("n", integer=True, positive=True)
EP = sp.Symbol("epsilon'", nonnegative=True)
E = sp.exp(eps)
POS = {eps: sp.Interval.open(0, sp.oo)}
UNIT = {alpha_tv: sp.Interval.open(0, 1)}
BRUTE_K = range(1, 7)
CHECK_K = (4, 7)
TABLE_EPS = ("0.5", "1")


def delta_eq6(k, i, denominator):
    return sum(sp.binomial(k, l) * (sp.exp((k - l) * eps) - sp.exp((k - 2 * i + l) * eps)) for l in range(i)) \
        / denominator ** k


def counts(d):
    """The count j is sufficient; the hockey-stick terms at eps' = (k - 2i) eps are positive exactly for j < i."""
    P = d.define("P(j)", sp.binomial(K, J) * sp.exp((K - J) * eps) / (1 + E) ** K,
                 r"$k$-fold $\tilde M$: $j$ of the $k$ outputs favour $X_1$ (probability $1/(1+e^\epsilon)$ each)")
    Q = d.define("Q(j)", sp.binomial(K, J) * sp.exp(J * eps) / (1 + E) ** K, r"the same under $X_1$")
    d.identity("eq6:loss", sp.expand(sp.log(P / Q), force=True), (K - 2 * J) * eps, hint="exp/log expansion",
               text=r"privacy loss $\log P(j)/Q(j) = (k - 2j)\epsilon$")
    term = P - sp.exp((K - 2 * I) * eps) * Q
    d.identity("eq6:term", term, sp.binomial(K, J) * (sp.exp((K - J) * eps) - sp.exp((K - 2 * I + J) * eps))
               / (1 + E) ** K, hint="expand",
               text=r"$P(j) - e^{(k-2i)\epsilon} Q(j)$ is the summand of Eq. 6 with $l = j$")
    d.sign("eq6:positive", (K - J) - (K - 2 * I + J), "positive", {I: sp.Interval(1, sp.oo), J: sp.Interval(0, I - 1)},
           text=r"its exponents differ by $2(i - j) > 0$ for $j < i$ (a positive term) and $\le 0$ otherwise: "
                r"$\delta_i = \sum_j (P(j) - e^{(k-2i)\epsilon}Q(j))_+$ is the sum over $j < i$, the exact "
                r"(least) $\delta$ at $(k - 2i)\epsilon$")


def printed_eq6(d):
    d.printed("eq6:denominator", delta_eq6(2, 1, 1 + eps), delta_eq6(2, 1, 1 + E), POS, where="Eq. 6 (k = 2, i = 1)",
              expect=Status.ERRATUM,
              text=r"printed $\delta_i = \sum_{l<i}\binom{k}{l}(e^{(k-l)\epsilon} - e^{(k-2i+l)\epsilon})"
                   r"/(1+\epsilon)^k$; "
                   r"derived with $(1 + e^\epsilon)^k$. Hand check at $k = 2$, $i = 1$, $\epsilon = 1$: printed "
                   r"$(e^2 - 1)/4 = 1.597 > 1$, impossible for a $\delta$; derived $(e^2-1)/(1+e)^2 = 0.4621$ "
                   r"$= \tanh(1/2)$, the TV of $\mathrm{RR}_1$ twice")
    d.identity("eq6:k2", delta_eq6(2, 1, 1 + E), sp.tanh(eps / 2).rewrite(sp.exp), POS,
               text=r"at $k = 2$, $i = 1$ the derived $\delta_1$ (at $\epsilon' = 0$) is $\tanh(\epsilon/2)$")


def figure8(d):
    """Fig. 8: the log-ratio of Lap(0, 1) and Lap(1, 1) densities is 1 left of 0, -1 right of 1, linear between."""
    x = sp.Symbol("x", real=True)
    ratio = d.define(r"\log\frac{p_0(x)}{p_1(x)}", sp.Abs(x - 1) - sp.Abs(x), r"Laplace, $b = 1$, $\Delta f = 1$")
    for cid, region, value in (("left", sp.Interval(-sp.oo, 0), 1), ("middle", sp.Interval(0, 1), 1 - 2 * x),
                               ("right", sp.Interval(1, sp.oo), -1)):
        d.identity(f"fig8:{cid}", ratio, value, {x: region},
                   text=rf"on ${sp.latex(region)}$ the privacy loss is ${sp.latex(value)}$" +
                        (r": strictly inside $(-\epsilon, \epsilon) = (-1, 1)$ for $0 < x < 1$, the part of the "
                         "guarantee the text calls wasted by DP" if cid == "middle" else ""))
    pts = [(float(v), float(abs(v - 1) - abs(v))) for v in np.linspace(-2, 3, 51)]
    d.figure("fig8", r"Privacy loss of the Laplace mechanism ($b = 1$, $\Delta f = 1$; Figure 8 regenerated)",
             r"$x$", r"$\log p_0(x)/p_1(x)$", {r"$|x - 1| - |x|$": pts})


def regions(d):
    """Sec. 6.1's two printed definitions of privacy regions (Kairouz et al.)."""
    fn, fp = sp.Rational(1, 3), sp.Rational(1, 3)
    d.identity("sec6.1:rr-corner", fp + 2 * fn, 1,
               text=r"randomized response with $e^\epsilon = 2$ ($P = (2/3, 1/3)$, $Q = (1/3, 2/3)$, "
                    r"$\epsilon$-DP) and the test $S = \{0\}$: $(P_{FN}, P_{FP}) = (1/3, 1/3)$ and "
                    r"$P_{FP} + e^\epsilon P_{FN} = 1 = 1 - \delta$ with $\delta = 0$")
    d.printed("sec6.1:region-strict", sp.Gt(fp + 2 * fn, 1, evaluate=False), fp + 2 * fn,
              where="Sec. 6.1, R(eps, delta)",
              text=r"the printed region $R(\epsilon, \delta) = \{P_{FP} + e^\epsilon P_{FN} > 1 - \delta$ and "
                   r"$e^\epsilon P_{FP} + P_{FN} > 1 - \delta\}$ uses strict inequalities (Kairouz et al.; "
                   r"Wasserman and Zhou: $\ge$); the $\epsilon$-DP randomized response reaches its boundary "
                   r"(sec6.1:rr-corner): at $(P_{FN}, P_{FP}) = (1/3, 1/3)$, $e^\epsilon = 2$, $\delta = 0$ the "
                   r"printed first condition fails, so `$M$ is $(\epsilon, \delta)$-DP iff $R(M)$ is inside "
                   r"$R(\epsilon, \delta)$' fails as printed; the region must be closed ($\ge$)", expect=Status.ERRATUM)
    # P = (1/2, 1/2) with the record, Q = (0, 1) without, the test S = {0}: P_FN = P(S^c) = 1/2, P_FP = Q(S) = 0
    p_fn, p_fp = sp.Rational(1, 2), sp.Integer(0)
    d.printed("sec6.1:region-pair", p_fn, p_fp, where="Sec. 6.1, R(M, X0, X1), second coordinate",
              text=r"the printed mechanism region $\mathrm{conv}\{(P_{FN}(S), P_{FN}(S))\}$ repeats $P_{FN}$; it is "
                   r"the hull of $(P_{FN}, P_{FP})$. With $P = (1/2, 1/2)$ (the record in), $Q = (0, 1)$ (out) and "
                   r"$S = \{0\}$ the second coordinate is printed $P_{FN} = 1/2$ and derived $P_{FP} = 0$: the "
                   r"printed pair puts every point on the diagonal", expect=Status.ERRATUM)


def _brute(k, r, eps_prime_power):
    """delta at eps' = log(r^m) of k-fold RR with e^eps = r, over all 2^k output vectors (exact rationals)."""
    p, q = r / (1 + r), 1 / (1 + r)
    total = Fraction(0)
    for y in itertools.product((0, 1), repeat=k):
        P = np.prod([p if b == 0 else q for b in y], dtype=object)
        Q = np.prod([q if b == 0 else p for b in y], dtype=object)
        total += max(Fraction(0), P - r ** eps_prime_power * Q)
    return total


def brute_force(d):
    r = Fraction(2)
    rows = []
    for k in BRUTE_K:
        for i in range(k // 2 + 1):
            exact = _brute(k, r, k - 2 * i)
            derived = delta_eq6(k, i, 1 + E).subs(eps, sp.log(2))
            d.identity(f"brute:k{k}:i{i}", sp.Rational(exact.numerator, exact.denominator), derived,
                       text=rf"$k = {k}$, $i = {i}$, $e^\epsilon = 2$: the sum over all $2^{k}$ outputs "
                            rf"$= {exact}$ equals corrected Eq. 6")
            value = mp.nstr(mp.mpf(exact.numerator) / exact.denominator, 10)
            rows.append((str(k), str(i), f"{(k - 2 * i)}*log 2", str(exact), value))
    d.table("eq6-brute", "Exact delta of k-fold randomized response at eps' = (k - 2i) eps, e^eps = 2: brute force "
            "over all 2^k outputs (exact rationals), equal to the corrected Eq. 6",
            ("k", "i", "eps'", "delta (exact)", "delta"), rows)
    for k in CHECK_K:
        for i in range(1, k // 2 + 1):
            d.cross_check(f"brute:k{k}:i{i}:60digits", delta_eq6(k, i, 1 + E), lambda epsilon, k=k, i=i:
                          _brute_mp(k, epsilon, (k - 2 * i) * epsilon), {eps: sp.Interval.open(0, 5)}, n=8,
                          text=rf"$k = {k}$, $i = {i}$: against the $2^{k}$-output brute force at 60 digits, "
                               r"$\epsilon \in (0, 5)$")


def _brute_mp(k, e, eps_prime):
    p, q = 1 / (1 + mp.exp(-e)), 1 / (1 + mp.exp(e))
    total = mp.mpf(0)
    for y in itertools.product((0, 1), repeat=k):
        P = mp.fprod(p if b == 0 else q for b in y)
        Q = mp.fprod(q if b == 0 else p for b in y)
        total += max(mp.mpf(0), P - mp.exp(eps_prime) * Q)
    return total


def theorem18(d):
    ealpha = sp.log((1 + alpha_tv) / (1 - alpha_tv))
    d.identity("thm18:p", (E / (1 + E)).subs(eps, ealpha), (1 + alpha_tv) / 2, UNIT, hint="exp/log expansion",
               text=r"with $\epsilon = \log\frac{1+\alpha}{1-\alpha}$ each step answers truthfully w.p. "
                    r"$(1+\alpha)/2$: the $k$-fold TV is $D_{TV}(B(k, \frac{1+\alpha}{2}), B(k, \frac{1-\alpha}{2}))$ "
                    "(the count is sufficient), as printed")
    one_sided = alpha_tv + (1 - alpha_tv) * (1 - alpha_tv) / 2 - (1 + alpha_tv) / 2
    d.sign("thm18:proof-corner", one_sided, "nonnegative", UNIT, expect=Status.REFUTED,
           text=r"Proof 10: ``any mechanism intersects $\tilde M_i$ at $(\frac{1-\alpha}{2}, \frac{1+\alpha}{2})$'' "
                r"(FPR, TPR). Refuted for one ordered pair: $P = (\alpha, 1-\alpha)$ with the record, "
                r"$Q = (0, 1)$ without, is $\alpha$-TVD; its ROC boundary is $\alpha + (1-\alpha)\gamma$, at "
                r"$\gamma = (1-\alpha)/2$ below $(1+\alpha)/2$ by $(\alpha - \alpha^2)/2$ "
                r"($\alpha = 1/2$: $5/8 < 3/4$); its region is not symmetric")
    chord = alpha_tv + ((1 - alpha_tv) / 2 - 0) * (1 - alpha_tv) / ((1 - alpha_tv) - 0)
    d.identity("thm18:both-orders", chord, (1 + alpha_tv) / 2, UNIT,
               text=r"over both orderings of the neighbours (the swapped pair has ROC vertex $(1-\alpha, 1)$) the "
                    r"chord from $(0, \alpha)$ to $(1-\alpha, 1)$ passes through the corner at $\gamma = (1-\alpha)/2$; "
                    "but a composition composes one ordered pair, so this does not carry the proof "
                    "(thm18:optimal-k3)")
    for k in range(1, 5):
        tv_rr = delta_eq6(k, k // 2, 1 + E) if k % 2 == 0 else _tv_odd(k)
        tv_alpha = tv_rr.subs(eps, sp.log((1 + alpha_tv) / (1 - alpha_tv)))
        d.sign(f"thm18:one-sided-k{k}", (1 - (1 - alpha_tv) ** k) - tv_alpha, "nonnegative", UNIT,
               text=rf"$k = {k}$: the one-sided mechanism composed ($1 - (1-\alpha)^{k}$) does not beat "
                    r"$k$-fold $\tilde M$")
    optimality(d)


def _tv_binary(p, q, k):
    """TV of k-fold (p, 1-p) vs (q, 1-q), by the number c of first outcomes (exact)."""
    return sum(sp.Abs(sp.binomial(k, c) * (p ** c * (1 - p) ** (k - c) - q ** c * (1 - q) ** (k - c)))
               for c in range(k + 1)) / 2


def optimality(d):
    """Theorem 18's optimality: refuted at k = 3 by binary pairs with the same alpha = 1/2."""
    t = sp.Symbol("t", positive=True)
    fam = {t: sp.Interval(sp.Rational(3, 4), sp.Rational(19, 20))}
    d.identity("thm18:witness-alpha", _tv_binary(t, t - sp.Rational(1, 2), 1), sp.Rational(1, 2), fam,
               text=r"$P = (t, 1-t)$, $Q = (t - 1/2, 3/2 - t)$, $3/4 \le t < 1$, is $\alpha$-TVD with $\alpha = 1/2$, "
                    r"like $\tilde M$ with $e^\epsilon = (1+\alpha)/(1-\alpha) = 3$ (which is $t = 3/4$)")
    rr3 = _tv_odd(3).subs(eps, sp.log(3))
    d.identity("thm18:rr-k3", rr3, sp.Rational(11, 16),
               text=r"3-fold $\tilde M$: $(27 - 1 + 3(9 - 3))/64 = 11/16$")
    d.sign("thm18:optimal-k3", _tv_binary(t, t - sp.Rational(1, 2), 3) - rr3, "nonnegative", fam,
           expect=Status.REFUTED,
           text=r"Theorem 18: $\tilde M$ ``has the optimal composition property'' among $\alpha$-TVD mechanisms "
                r"(its $k$-fold region inside every other's, so its $k$-fold TV the least). Refuted: at $t = 9/10$ "
                r"($P = (9/10, 1/10)$, $Q = (2/5, 3/5)$), 3-fold by the count $c$ of first outcomes, only $c = 3$ "
                r"has $P^3 > Q^3$: TV $= 0.729 - 0.064 = 0.665 < 11/16 = 0.6875$ (at $t = 4/5$: $17/25 = 0.68$)")
    d.identity("thm18:witness-k3", _tv_binary(sp.Rational(9, 10), sp.Rational(2, 5), 3), sp.Rational(133, 200),
               text=r"the hand-checked point $t = 9/10$: 3-fold TV $= 0.665$")


def _tv_odd(k):
    terms = (sp.binomial(k, j) * (sp.exp((k - j) * eps) - sp.exp(j * eps)) for j in range((k + 1) // 2))
    return sum(terms) / (1 + E) ** k


def tv_of_k(d):
    """TV_k = sum_{j < k/2} C(k,j) (e^{(k-j)eps} - e^{j eps}) / (1 + e^eps)^k; an even step adds nothing."""
    d.define(r"\mathrm{TV}_k", sp.Sum(sp.binomial(K, J) * (sp.exp((K - J) * eps) - sp.exp(J * eps)),
                                      (J, 0, sp.ceiling(K / 2) - 1)) / (1 + E) ** K,
             r"the tight TV of $k$-fold $\epsilon$-DP ($\delta$ at $\epsilon' = 0$)")
    for m in range(1, 5):
        d.identity(f"tv:even-k{2 * m}", delta_eq6(2 * m, m, 1 + E), _tv_odd(2 * m - 1), POS, hint="cancel",
                   text=rf"$\mathrm{{TV}}_{{{2 * m}}} = \mathrm{{TV}}_{{{2 * m - 1}}}$: the {2 * m}th step adds no TV")
    d.cross_check("tv:library", lambda epsilon: comp.mp_tv_kfold(9, epsilon, 70),
                  lambda epsilon: _brute_mp(9, epsilon, 0), {eps: sp.Interval(sp.Rational(1, 100), 3)}, n=6,
                  text=r"the library's symdp.tvd.composition.mp_tv_kfold at $k = 9$ against the $2^9$-output "
                       "brute force")
    rows = [[str(k)] + [mp.nstr(comp.mp_tv_kfold(k, mp.mpf(e)), 8) for e in TABLE_EPS] for k in range(1, 11)]
    d.table("tv-k", "Tight TV of k-fold eps-DP (k-fold randomized response)",
            ("k",) + tuple(f"eps = {e}" for e in TABLE_EPS), rows)
    ks = list(range(1, 101))
    series = {}
    for e in (0.1, 0.5, 1.0):
        series[rf"$\epsilon = {e}$ exact"] = list(zip(ks, [float(comp.tv_kfold(int(k), e)) for k in ks]))
        naive = [min(1.0, k * float(np.tanh(e / 2))) for k in ks]
        series[rf"$\epsilon = {e}$, $\min(1, k\tanh(\epsilon/2))$"] = list(zip(ks, naive))
    d.figure("tv-k", r"Tight TV of $k$-fold $\epsilon$-DP against $k$, beside naive composition", r"$k$",
             r"$\mathrm{TV}_k$", series)


def example1(d):
    P = [sp.Integer(1) / N] * 2 + [1 / N, 0]
    Q = [sp.Integer(1) / N] * 2 + [0, 1 / N]
    d.note(r"Example 1: M outputs one of the n records uniformly; D and D' differ in record n. Outputs: the n - 1 "
           r"shared records (1/n each under both), x_n (1/n under D, 0 under D'), x_n' (0, 1/n)")
    d.identity("ex1:tv", (sp.Abs(P[2] - Q[2]) + sp.Abs(P[3] - Q[3])) / 2, 1 / N,
               text=r"$D_{TV} = \frac{1}{2}(\frac1n + \frac1n) = 1/n$ (the shared outputs cancel), as printed")
    d.identity("ex1:delta", sp.Max(0, P[2] - sp.exp(EP) * Q[2]), 1 / N,
               text=r"the output $x_n$ alone gives $\delta(\epsilon') \ge 1/n$ for every $\epsilon'$ ($Q(x_n) = 0$)")
    d.sign("ex1:shared", (1 - sp.exp(EP)) / N, "nonpositive", text=r"and the shared outputs add "
           r"$(1 - e^{\epsilon'})/n \le 0$: $\delta(\epsilon') = 1/n$ exactly, so $M$ is $(0, 1/n)$-DP (as printed) "
           r"and $(\epsilon, \delta)$-DP for no $\delta < 1/n$, whatever $\epsilon$")


def _rr_roc(k, e):
    """Vertices (FPR, TPR) of the ROC of k-fold RR_eps: say member when at most c answers favour X_1."""
    from scipy.stats import binom
    p = 1 / (1 + np.exp(-e))
    c = np.arange(-1, k + 1)
    return list(zip(binom.cdf(c, k, p).tolist(), binom.cdf(c, k, 1 - p).tolist()))


def _gauss_mu(alpha):
    from scipy.stats import norm
    return 2 * norm.ppf((1 + alpha) / 2)


def _gauss_roc(mu, grid):
    from scipy.stats import norm
    with np.errstate(divide="ignore"):
        return list(zip(grid.tolist(), norm.cdf(norm.ppf(grid) + mu).tolist()))


def laplace_gaussian(d):
    """Fig. 9: Laplace and Gaussian with the same TV; the Gaussian's region contains the Laplace's."""
    from symdp.fdp import gaussian_tradeoff, laplace_tradeoff, mp_laplace_tradeoff
    from symdp.mechanisms import gaussian
    from symdp.symbols import fpr

    alpha = 1 - sp.exp(-eps / 2)                                  # TV of Lap(0,1) vs Lap(eps,1) (Thm 11)
    gap = laplace_tradeoff(fpr, eps) - gaussian_tradeoff(fpr, 2 * gaussian.quantile((1 + alpha) / 2))
    for name, top in (("printed", sp.Rational(5, 2)), ("beyond", sp.Integer(20))):
        d.sign(f"fig9:contains-{name}", gap, "nonnegative", {eps: sp.Interval.Lopen(0, top), fpr: sp.Interval(0, 1)},
               n=40, text=rf"Laplace ($\epsilon \le {top}$) and Gaussian ($\mu = 2\Phi^{{-1}}((1+\alpha)/2)$) with "
                          r"the same $\alpha = 1 - e^{-\epsilon/2}$: the Laplace trade-off lies above the Gaussian "
                          r"one, i.e. the Gaussian's privacy region contains the Laplace's" +
                          (" (Sec. 6.1, as printed)" if name == "printed" else
                           r": the qualifier $\epsilon < 2.5$ is not needed, up to $\epsilon = 20$"))
    grid = np.linspace(0.0, 1.0, 201)
    for a in (0.05, 0.1, 0.2, 0.4):
        e = float(comp.eps_of_alpha(a))
        el = _laplace_eps(a)
        lap = [(x, 1 - float(mp_laplace_tradeoff(x, el))) for x in grid.tolist()]
        d.figure(f"fig9-alpha{a}", rf"Privacy regions (ROC boundaries) at $\alpha = {a}$: randomized response "
                 rf"($\epsilon = {e:.4g}$, optimal), Laplace ($\epsilon = {el:.4g}$), Gaussian "
                 rf"($\mu = {_gauss_mu(a):.4g}$) (Figure 9 regenerated)", r"$\gamma$", r"$\mathrm{TPR}$",
                 {r"optimal ($\mathrm{RR}$)": _rr_roc(1, e), "Laplace": lap,
                  "Gaussian": _gauss_roc(_gauss_mu(a), grid)})
    figure10(d, grid)


def _laplace_eps(alpha):
    """The eps of Lap(0, 1) vs Lap(eps, 1) with TV alpha: 1 - e^{-eps/2} = alpha (Thm 11)."""
    return -2 * np.log1p(-alpha)


def _laplace_roc(alpha, k, grid):
    """(FPR, TPR) of k Laplace releases with TV alpha (scale 1/eps), thinned to ``grid``: the tests on the sum
    of grid-rounded privacy losses (symdp.tvd.pld.composed_roc, 2^16 points)."""
    from symdp.tvd import mechanisms, pld
    fpr, tpr = pld.composed_roc(mechanisms.laplace_loss_law(1.0, 1 / _laplace_eps(alpha)), k, 2 ** 16)
    idx = np.unique(np.searchsorted(fpr, grid).clip(0, fpr.size - 1))
    return list(zip(fpr[idx].tolist(), tpr[idx].tolist()))


def figure10(d, grid):
    """Fig. 10: k-fold optimal (RR), Laplace and Gaussian at alpha = 0.1, and their TV after k releases."""
    from symdp.tvd import mechanisms
    e, mu = float(comp.eps_of_alpha(0.1)), _gauss_mu(0.1)
    rows = []
    for k in (1, 10, 50, 100):
        d.figure(f"fig10-k{k}", rf"Privacy regions after $k = {k}$ compositions at $\alpha = 0.1$: $k$-fold "
                 r"randomized response (optimal, exact vertices), Laplace (tests on the summed privacy loss, "
                 r"$2^{16}$-point grid) and Gaussian ($\mu\sqrt{k}$) (Figure 10 regenerated)",
                 r"$\gamma$", r"$\mathrm{TPR}$", {r"optimal ($k$-fold $\mathrm{RR}$)": _rr_roc(k, e),
                                                     "Laplace": _laplace_roc(0.1, k, grid),
                                                     "Gaussian": _gauss_roc(mu * np.sqrt(k), grid)})
        lap = mechanisms.laplace_composed_tv(1.0, 1 / _laplace_eps(0.1), k)
        rows.append((str(k), f"{float(comp.tv_kfold(k, e)):.6g}", f"[{lap.lower:.6g}, {lap.upper:.6g}]",
                     f"{mechanisms.gaussian_composed_tv(1.0, 1 / mu, k):.6g}"))
    d.table("fig10-tv", r"TV after $k$ releases of three $0.1$-TVD mechanisms: the largest advantage of a test "
            r"in Figure 10's regions (randomized response exact; Laplace a guaranteed interval from the privacy-loss "
            r"distribution; Gaussian $2\Phi(\mu\sqrt{k}/2) - 1$). The Laplace column stays near the optimum and "
            r"well below the Gaussian, as Sec. 6.1 says",
            (r"$k$", "optimal (RR)", "Laplace", "Gaussian"), rows)


@derivation(id="tvd2023.s6-optimal-composition", title="Optimal composition and Example 1 (Jia et al. 2023, Sec. 6)",
            paper=PAPER, where="Sec. 6.1, Theorem 18, Eq. 6, Proof 10, Figures 8-10; Sec. 6.2, Example 1")
def optimal_composition(d):
    counts(d)
    figure8(d)
    regions(d)
    printed_eq6(d)
    brute_force(d)
    theorem18(d)
    tv_of_k(d)
    laplace_gaussian(d)
    example1(d)
