"""The f-DP blog post (001): Definitions 3.2 and 3.3, Lemma 3.4 derived, and the Type I / Type II labels.

Definition 3.2 (trade-off function): that the Neyman-Pearson tests attain the
infimum is derived (the pointwise Neyman-Pearson inequality), and checked on a
discrete pair against a brute-force search over the vertices of the set of
randomised tests (a linear programme solved by enumeration, with no ordering by
likelihood ratio).  Lemma 3.4: the two (eps, delta)-DP inequalities applied to
a test and to its complement give f_{eps,delta}; a four-point pair attains it.
The post says an (eps, delta)-DP mechanism's trade-off function *is*
f_{eps,delta}; it is only bounded below by it (Laplace witness).  The post
labels type I errors FNR and type II errors FPR; with its own hypotheses the
labels are the other way round.
"""
import itertools

import mpmath as mp
import sympy as sp

from symdp import Status, derivation, fdp, quote
from symdp.latex import NOTATION
from symdp.symbols import delta, eps, fpr

PAPER = "001_ba0a18552870e88c.txt"
PHI = sp.Symbol("phi", nonnegative=True)                 # a test's rejection probability at one point
P0, P1 = sp.symbols("p_0 p_1", positive=True)            # densities of P = M(S) and Q = M(S') at that point
LAM = sp.Symbol("lambda", positive=True)                 # the Neyman-Pearson threshold on q/p
B = sp.Symbol("b", nonnegative=True)                     # a type II error
R0, R1 = sp.symbols("r_0 r_1", nonnegative=True)         # P(decide S' | S), P(decide S' | S')
A01 = {fpr: sp.Interval.open(0, 1)}
SMALL = {eps: sp.Interval.open(0, 3), delta: sp.Interval.open(0, sp.Rational(1, 2))}


def example_pair():
    """A discrete pair (P, Q) on three points, built at the working precision."""
    return (mp.mpf(1) / 2, mp.mpf(3) / 10, mp.mpf(1) / 5), (mp.mpf(1) / 10, mp.mpf(3) / 10, mp.mpf(3) / 5)


def extremal_pair(e, d):
    """Kairouz et al.'s four-point pair whose trade-off is f_{eps,delta}."""
    s, t = (1 - d) * mp.exp(e) / (1 + mp.exp(e)), (1 - d) / (1 + mp.exp(e))
    return (d, s, t, mp.mpf(0)), (mp.mpf(0), t, s, d)


def np_tradeoff(a, p, q):
    """Neyman-Pearson test of size a: reject in decreasing order of q/p, the last point randomised."""
    ratio = lambda k: q[k] / p[k] if p[k] > 0 else mp.inf
    size, power = mp.mpf(0), mp.mpf(0)
    for k in sorted(range(len(p)), key=ratio, reverse=True):
        take = mp.mpf(1) if p[k] == 0 else min(mp.mpf(1), (a - size) / p[k])
        if take <= 0:
            break
        size, power = size + take * p[k], power + take * q[k]
    return 1 - power


def np_tradeoff_expr(a, p, q):
    """:func:`np_tradeoff` as an expression in ``a`` (p, q exact): each point's share of the test is
    min(1, max(0, (a - size so far)/p_k)), in decreasing order of q/p."""
    size, power = 0, 0
    for k in sorted(range(len(p)), key=lambda k: q[k] / p[k], reverse=True):
        power += q[k] * sp.Min(1, sp.Max(0, (a - size) / p[k]))
        size += p[k]
    return 1 - power


EXAMPLE = ((sp.Rational(1, 2), sp.Rational(3, 10), sp.Rational(1, 5)),
           (sp.Rational(1, 10), sp.Rational(3, 10), sp.Rational(3, 5)))
"""The example pair exactly (:func:`example_pair` at the working precision)."""


def brute_tradeoff(a, p, q):
    """inf{beta_phi : alpha_phi <= a} over the vertices of the test polytope (at most one fractional entry)."""
    k, slack, best = len(p), mp.mpf(10) ** (5 - mp.mp.dps), mp.mpf(1)
    for free, bits in itertools.product(range(k), itertools.product((0, 1), repeat=k - 1)):
        phi = list(bits[:free]) + [mp.mpf(0)] + list(bits[free:])
        fixed = mp.fsum(p[j] * phi[j] for j in range(k))
        for f in (mp.mpf(0), mp.mpf(1)) + (((a - fixed) / p[free],) if p[free] > 0 else ()):
            phi[free] = f
            if 0 <= f <= 1 and fixed + f * p[free] <= a + slack:
                best = min(best, 1 - mp.fsum(q[j] * phi[j] for j in range(k)))
    return best


def np_lemma(d):
    """Definition 3.2: the Neyman-Pearson tests attain the infimum over all rejection rules."""
    above = {LAM: sp.Interval.open(0, sp.oo), P0: sp.Interval.open(0, sp.oo), P1: sp.Interval(LAM * P0, sp.oo),
             PHI: sp.Interval(0, 1)}
    below = {**above, P1: sp.Interval.open(0, LAM * P0)}
    d.sign("def3.2:np-pointwise-reject", (1 - PHI) * (P1 - LAM * P0), "nonnegative", above,
           text=r"where $q \ge \lambda p$ the Neyman-Pearson test $\phi^*$ rejects ($\phi^* = 1$): "
                r"$(\phi^* - \phi)(q - \lambda p) \ge 0$ for every rule $\phi \in [0, 1]$")
    d.sign("def3.2:np-pointwise-accept", (0 - PHI) * (P1 - LAM * P0), "nonnegative", below,
           text=r"where $q < \lambda p$ it accepts ($\phi^* = 0$): again $(\phi^* - \phi)(q - \lambda p) \ge 0$")
    ps, qs = sp.symbols("P_1:4", real=True), sp.symbols("Q_1:4", real=True)
    f, g = sp.symbols("phi^*_1:4", real=True), sp.symbols("phi_1:4", real=True)
    total = sum((fk - gk) * (qk - LAM * pk) for fk, gk, pk, qk in zip(f, g, ps, qs))
    power = lambda t: sum(tk * qk for tk, qk in zip(t, qs))
    size = lambda t: sum(tk * pk for tk, pk in zip(t, ps))
    d.identity("def3.2:np-integrated", total, (power(f) - power(g)) - LAM * (size(f) - size(g)),
               text=r"summed over the outcomes (three shown; an integral alike): "
                    r"$\beta_\phi - \beta_{\phi^*} \ge \lambda(\alpha_{\phi^*} - \alpha_\phi) \ge 0$ whenever "
                    r"$\alpha_\phi \le \alpha_{\phi^*}$, so the Neyman-Pearson test of size $\alpha$ attains "
                    r"$T(P, Q)(\alpha)$: the infimum is a minimum, over likelihood-ratio tests")
    d.cross_check("def3.2:np-attains-inf", lambda a: np_tradeoff(a, *example_pair()),
                  lambda a: brute_tradeoff(a, *example_pair()), A01, n=12,
                  text=r"a discrete check: $P = (0.5, 0.3, 0.2)$, $Q = (0.1, 0.3, 0.6)$; the Neyman-Pearson "
                       r"construction against the least type II error over every vertex of the polytope of "
                       r"randomised tests $\{\phi \in [0,1]^3: \alpha_\phi \le a\}$ (exact enumeration)")
    curve = np_tradeoff_expr(fpr, *EXAMPLE)
    d.cross_check("def3.2:np-expression", curve, lambda a: brute_tradeoff(a, *example_pair()), A01, n=12,
                  text=r"the same Neyman-Pearson curve as an expression in $\alpha$ (clamped shares of each "
                       r"point), against the enumeration")
    d.sign("def3.2:below-diagonal", 1 - fpr - curve, "nonnegative", A01,
           text=r"$T(P,Q)(\alpha) \le 1 - \alpha$: the rule that rejects with probability $\alpha$ whatever it "
                r"sees has $\beta = 1 - \alpha$")


def f_dp(d):
    """Definition 3.3: f-DP; the Laplace mechanism is f_{eps,0}-DP and randomized response meets f_{eps,0}."""
    dom = {**A01, eps: sp.Interval.open(sp.Rational(1, 20), 6)}
    d.sign("def3.3:laplace", fdp.laplace_tradeoff(fpr, eps) - fdp.f_eps_delta(fpr, eps, 0),
           "nonnegative", dom, n=20,
           text=r"$T(\mathrm{Lap}(0,1), \mathrm{Lap}(\epsilon,1)) \ge f_{\epsilon,0}$: the $\epsilon$-DP Laplace "
                r"mechanism is $f_{\epsilon,0}$-DP (for the pair in the other order the curve is the same by symmetry)")
    p = sp.exp(eps) / (1 + sp.exp(eps))
    d.identity("def3.3:rr-kink", 1 - p, fdp.f_eps_delta(1 - p, eps, 0),
               text=r"randomized response (the true bit with probability $p = e^\epsilon/(1+e^\epsilon)$, test "
                    r"`answer 1') has type I and type II error $1 - p$, on $f_{\epsilon,0}$ at its kink: no "
                    r"$f \ge f_{\epsilon,0}$ that is larger there is met, so $f_{\epsilon,0}$ is the trade-off of "
                    r"$\epsilon$-DP")


def lemma34(d):
    """f_{eps,delta} from the definition of (eps, delta)-DP, and what the post says it is."""
    (b_rej,) = d.solve(r"\beta_{R}", (1 - B) - (sp.exp(eps) * fpr + delta), B,
                       r"(eps, delta)-DP on the rejection set $R$: $Q(R) \le e^\epsilon P(R) + \delta$, with "
                       r"$P(R) = \alpha$, $Q(R) = 1 - \beta$; the boundary")
    (b_acc,) = d.solve(r"\beta_{R^c}", (1 - fpr) - (sp.exp(eps) * B + delta), B,
                       r"and on its complement: $P(R^c) \le e^\epsilon Q(R^c) + \delta$, $1 - \alpha \le "
                       r"e^\epsilon\beta + \delta$; the boundary")
    d.sign("lemma3.4:rejection-bound", sp.diff((1 - B) - (sp.exp(eps) * fpr + delta), B), "negative",
           text=r"the first constraint's slack decreases in $\beta$: it says $\beta \ge 1 - \delta - e^\epsilon\alpha$")
    d.sign("lemma3.4:acceptance-bound", sp.diff((1 - fpr) - (sp.exp(eps) * B + delta), B), "negative",
           text=r"the second says $\beta \ge e^{-\epsilon}(1 - \delta - \alpha)$")
    lemma = (r"\max\left\{0,\ 1 - \delta - e^{\varepsilon} \alpha,\ e^{-\varepsilon}(1 - \delta - \alpha)"
             r"\right\}")
    d.printed("lemma3.4:formula", quote(PAPER, line=43, latex=lemma), sp.Max(0, b_rej, b_acc), where="Lemma 3.4",
              notation=NOTATION.extend(symbols={r"\alpha": fpr}),
              text=r"with $\beta \ge 0$: every test of an $(\epsilon,\delta)$-DP mechanism has "
                   r"$\beta \ge f_{\epsilon,\delta}(\alpha)$, the printed formula")
    d.identity("lemma3.4:converse", 1 - b_rej, sp.exp(eps) * fpr + delta,
               text=r"conversely $T \ge f_{\epsilon,\delta}$ for both orders of the pair gives, for the test that "
                    r"rejects on an event $E$, $Q(E) = 1 - \beta \le e^\epsilon P(E) + \delta$: "
                    r"$f_{\epsilon,\delta}$-DP is $(\epsilon,\delta)$-DP")
    d.cross_check("lemma3.4:attained", lambda a, epsilon, delta: np_tradeoff(a, *extremal_pair(epsilon, delta)),
                  lambda a, epsilon, delta: fdp.mp_f_eps_delta(a, epsilon, delta), {**A01, **SMALL}, n=12,
                  text=r"the pair $P = (\delta, (1-\delta)\frac{e^\epsilon}{1+e^\epsilon}, "
                       r"(1-\delta)\frac{1}{1+e^\epsilon}, 0)$, $Q$ the same reversed, is $(\epsilon,\delta)$-DP and "
                       r"its trade-off function is exactly $f_{\epsilon,\delta}$: the bound is tight")
    d.cross_check("lemma3.4:attained-brute",
                  lambda a, epsilon, delta: brute_tradeoff(a, *extremal_pair(epsilon, delta)),
                  lambda a, epsilon, delta: fdp.mp_f_eps_delta(a, epsilon, delta), {**A01, **SMALL}, n=8,
                  text="the same by the vertex enumeration of Definition 3.2")
    s, t = (1 - delta) * sp.exp(eps) / (1 + sp.exp(eps)), (1 - delta) / (1 + sp.exp(eps))
    d.identity("lemma3.4:extremal-dp", s - sp.exp(eps) * t, 0,
               text=r"that pair is $(\epsilon,\delta)$-DP: $\sum_k \max(Q_k - e^\epsilon P_k, 0)$ is $\delta$ (the "
                    r"last point) plus $0$ (the middle points, where $Q_k \le e^\epsilon P_k$ with equality)")
    is_vs_bound(d)


def is_vs_bound(d):
    quarter = sp.Rational(1, 4)
    lap, bound = fdp.laplace_tradeoff(quarter, 1), fdp.f_eps_delta(quarter, 1, 0)
    d.identity("lemma3.4:laplace-quarter", lap, sp.exp(-1),
               text=r"$\mathrm{Lap}(0,1)$ vs $\mathrm{Lap}(1,1)$ ($1$-DP, $\delta = 0$) at $\alpha = 1/4$: the test "
                    r"$x \ge \ln 2$ has $\beta = e^{\ln 2 - 1}/2 = e^{-1} = 0.3679$")
    d.identity("lemma3.4:bound-quarter", bound, 1 - sp.E / 4, text=r"$f_{1,0}(1/4) = 1 - e/4 = 0.3204$")
    d.sign("lemma3.4:laplace-above", lap - bound, "positive",
           text=r"$e^{-1} - (1 - e/4) > 0$: the Laplace curve lies strictly above $f_{1,0}$ there")
    d.printed("lemma3.4:is", bound, lap, where="Lemma 3.4 at the Laplace mechanism", expect=Status.ERRATUM,
              text=r"the post: for an $(\epsilon,\delta)$-DP $M$ `the trade-off function is' "
                   r"$f_{\epsilon,\delta}$. It is at least $f_{\epsilon,\delta}$ (Wasserman and Zhou; Kairouz et "
                   r"al.), with equality only for extremal pairs (lemma3.4:attained). Printed, at the $1$-DP "
                   r"Laplace mechanism ($\delta = 0$) and $\alpha = 1/4$: $T(1/4) = f_{1,0}(1/4) = 1 - e/4 = 0.3204$; "
                   r"derived: $T(1/4) = e^{-1} = 0.3679$ (lemma3.4:laplace-quarter)")


def labels(d):
    """H0: S (without the record), H1: S' (with it); 'positive' = the record is in."""
    dom = {R0: sp.Interval(0, 1), R1: sp.Interval(0, 1)}
    d.define(r"(\alpha_\phi, \beta_\phi)", sp.Tuple(R0, 1 - R1),
             r"type I error $P(\text{reject } H_0 \mid H_0) = P(\hat S = S' \mid S) = r_0$; type II error "
             r"$P(\text{accept } H_0 \mid H_1) = P(\hat S = S \mid S') = 1 - r_1$")
    d.define(r"(\mathrm{FPR}, \mathrm{FNR})", sp.Tuple(R0, 1 - R1),
             r"`positive' is `the sample is in' ($S'$): FPR $= P(\hat S = S' \mid S) = r_0$, "
             r"FNR $= P(\hat S = S \mid S') = 1 - r_1$")
    d.printed("labels:type-I", 1 - R1, R0, dom, where="'type I (FNR; ...)'", expect=Status.ERRATUM,
              text=r"the post calls type I errors FNR, and describes them as `the data set does not include the "
                   r"sample ($S$) however the adversary assumes that it does ($S'$)': that is a false positive. "
                   r"Type I is the FPR (as Lemma 3.4, `a false positive rate of $\alpha$', has it)")
    d.printed("labels:type-II", R0, 1 - R1, dom, where="'type II errors (FPR; ...)'", expect=Status.ERRATUM,
              text=r"and type II errors FPR; they are the FNR. The sentence after (`for a given FNR ... the lowest "
                   r"FPR and thus the highest TPR') needs the labels swapped: for a given FPR the lowest FNR, "
                   r"thus the highest TPR $= 1 - \mathrm{FNR}$")


@derivation(id="fdp.definitions", title="Trade-off functions, f-DP and f_{eps,delta} derived (the f-DP post)",
            paper=PAPER, where="the Type I / Type II labels; Definitions 3.2-3.3, Lemma 3.4")
def definitions(d):
    np_lemma(d)
    f_dp(d)
    lemma34(d)
    labels(d)
