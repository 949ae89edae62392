"""Zhao, Relations among different privacy notions: Theorems 1 and 2 and the improvement over eps/6.

Theorem 2: eps-DP implies (e^{2 eps} - 1)-SP and is implied by
(1/2 - 1/(e^eps + 1))-SP; Theorem 1 states the same for the Bayesian notions.
The proofs rest on two facts checked here: posteriors of neighbouring inputs
are point-wise within e^{+-2 eps}, and point-wise (eps', 0)-indistinguishable
distributions are at statistical distance at most e^{eps'} - 1 (which is loose:
the largest distance is tanh(eps'/2), with an attaining pair and a certificate
that no pair does better).  Through that route eps-DP gives tanh(eps)-SP; but
the two posteriors are re-weightings of each other by factors in
[e^-eps, e^eps], and the tight constant is tanh(eps/2): proved as a bound, and
attained by randomized response on x_1 xor x_2 under a two-point prior.  The
claimed improvement 1/2 - 1/(e^eps + 1) > eps/6 is proved and its exact range
computed.
"""
import mpmath as mp
import sympy as sp

from symdp import derivation, quote
from symdp.symbols import eps, sp_a

PAPER = "002_a00d4f65f210ea49.txt"
P = sp.Symbol("p", positive=True)
L0, L1, L2, L3 = sp.symbols("L_0 L_1 L_2 L_3", positive=True)
POS = {eps: sp.Interval.open(0, sp.oo)}


def posteriors(d):
    """Two-point prior pi on {x, z}; likelihoods under neighbouring inputs differ by factors in [e^-eps, e^eps]."""
    pi = sp.Symbol("pi", positive=True)
    r1, r2 = sp.symbols("r_1 r_2", positive=True)    # L(x)/L'(x) and L(z)/L'(z): eps-DP puts each in [e^-eps, e^eps]
    post = pi * L0 / (pi * L0 + (1 - pi) * L1)
    post_n = pi * L0 * r1 / (pi * L0 * r1 + (1 - pi) * L1 * r2)
    ratio = d.define(r"b_0[x|y] / b_i[x|y]", sp.simplify(post_n / post),
                     r"posterior of $x$ under neighbouring inputs; the likelihoods change by factors "
                     r"$r_1, r_2 \in [e^{-\epsilon}, e^\epsilon]$")
    factor = sp.Interval(sp.exp(-eps), sp.exp(eps))
    dom = {**POS, pi: sp.Interval.open(0, 1), r1: factor, r2: factor}
    d.sign("thm2:posterior-upper", sp.exp(2 * eps) - ratio, "positive", dom,
           text=r"the posteriors are point-wise within $e^{2\epsilon}$ (proof of Thm 1, first part)")
    d.sign("thm2:posterior-lower", ratio - sp.exp(-2 * eps), "positive", dom)


def statistical_distance(d):
    """Point-wise (e', 0)-indistinguishable distributions: SD <= e^{e'} - 1, loose; the largest SD is tanh(e'/2)."""
    tight = (sp.exp(eps) - 1) / (sp.exp(eps) + 1)
    q = sp.exp(eps) / (1 + sp.exp(eps))
    d.identity("sd:extremal", q - (1 - q), tight,
               text=r"two-point distributions $(q, 1-q)$ and $(1-q, q)$ with $q = e^{\epsilon'}/(1+e^{\epsilon'})$ "
                    r"are point-wise $(\epsilon',0)$-indistinguishable at distance $\tanh(\epsilon'/2)$")
    g, r = sp.symbols("Q(S) P(S)", positive=True)
    w = 1 / (1 + sp.exp(eps))
    d.identity("sd:upper", tight - (r - g), w * (sp.exp(eps) * g - r) + (1 - w) * ((1 - r) - sp.exp(-eps) * (1 - g)),
               text=r"and no such pair is farther apart: summing the point-wise bounds, every set $S$ has "
                    r"$P(S) \le e^{\epsilon'} Q(S)$ and $P(S^c) \ge e^{-\epsilon'} Q(S^c)$, and "
                    r"$\tanh(\epsilon'/2) - (P(S) - Q(S))$ is $w$ times the first slack plus $1-w$ times the second, "
                    r"$w = 1/(1+e^{\epsilon'}) \in (0, 1)$ (a linear-programming certificate)")
    d.sign("sd:weights", w * (1 - w), "positive", POS, text=r"$w(1-w) > 0$, so both weights are positive")
    d.sign("sd:loose", sp.exp(eps) - 1 - tight, "positive", POS,
           text=r"so the bound $e^{\epsilon'} - 1$ of [3, Lemma 3.3] used in Thm 1 and 2 is loose: with it "
                r"$\epsilon$-DP gives $(e^{2\epsilon}-1)$-SP, with the largest distance of a point-wise "
                r"$(2\epsilon, 0)$-indistinguishable pair it gives $\tanh(\epsilon)$-SP (still not tight: see "
                "sp:upper and sp:attained below)")


def semantic_tight(d):
    """eps-DP gives tanh(eps/2)-SP, and no less: b_0 is b_i re-weighted by factors in [e^-eps, e^eps]."""
    b = sp.symbols("b_1:4", positive=True)             # the prior on three databases x_1, x_2, x_3
    lik = sp.symbols("L_1:4", positive=True)           # P[Y(x_k) = y]         (Game 0)
    lik_i = sp.symbols("M_1:4", positive=True)         # P[Y((x_k)_{-i}) = y]  (Game i)
    b0 = [bk * lk / sum(bj * lj for bj, lj in zip(b, lik)) for bk, lk in zip(b, lik)]
    bi = [bk * mk / sum(bj * mj for bj, mj in zip(b, lik_i)) for bk, mk in zip(b, lik_i)]
    ratio = [lk / mk for lk, mk in zip(lik, lik_i)]
    d.identity("sp:tilt", b0[0] / bi[0], ratio[0] / sum(v * rk for v, rk in zip(bi, ratio)),
               text=r"Eq. 2 over Eq. 3: $\overline{b}_0(x) = \overline{b}_i(x)\,r(x)/E_{\overline{b}_i}[r]$ with "
                    r"$r(x) = P[Y(x)=y]/P[Y(x_{-i})=y]$, which $\epsilon$-DP keeps in $[e^{-\epsilon}, e^\epsilon]$ "
                    r"($x$ and $x_{-i}$ are neighbours); shown for three databases, the sums work alike for any number")
    t, a, c = sp.symbols("t a c", positive=True)
    unit_t = {t: sp.Interval.open(0, 1)}
    b0_set = t * a / (t * a + (1 - t) * c)
    d.define(r"\overline{b}_0(S)", b0_set, r"for a set $S$ of databases with $\overline{b}_i(S) = t$: $a$ and $c$ "
             r"are the $\overline{b}_i$-averages of $r$ on $S$ and off it, both in $[e^{-\epsilon}, e^\epsilon]$")
    d.monotone("sp:extreme-a", b0_set, a, True, unit_t, text=r"$\overline{b}_0(S)$ increases in $a$")
    d.monotone("sp:extreme-c", b0_set, c, False, unit_t,
               text=r"and decreases in $c$: it is largest at $a = e^\epsilon$, $c = e^{-\epsilon}$")
    half = (sp.exp(eps) - 1) / (sp.exp(eps) + 1)
    top = b0_set.subs({a: sp.exp(eps), c: sp.exp(-eps)})
    gap = (sp.exp(eps) - 1) * (1 - (sp.exp(eps) + 1) * t) ** 2 / ((sp.exp(eps) + 1) * (1 + (sp.exp(2 * eps) - 1) * t))
    d.identity("sp:upper", half - (top - t), gap, unit_t,
               text=r"there $\tanh(\epsilon/2) - (\overline{b}_0(S) - \overline{b}_i(S))$ is a square over a "
                    r"positive denominator")
    d.sign("sp:upper-sign", gap, "nonnegative", {**POS, **unit_t},
           text=r"so $\mathrm{SD}(\overline{b}_0, \overline{b}_i) \le \tanh(\epsilon/2)$: $\epsilon$-DP implies "
                r"$\tanh(\epsilon/2)$-SP, with equality possible only at $\overline{b}_i(S) = 1/(1+e^\epsilon)$")
    p = sp.exp(eps) / (1 + sp.exp(eps))
    d.define("p", p, r"the witness: $n = 2$ binary entries, default value 0; $Y$ is randomized response on "
             r"$x_1 \oplus x_2$ (the true bit with probability $p$); the prior is uniform on $x = (1,0)$, "
             r"$z = (1,1)$; transcript $y = 1$, $i = 1$, so $x_{-1} = (0,0)$, $z_{-1} = (0,1)$")
    d.identity("sp:witness-dp", p / (1 - p), sp.exp(eps),
               text=r"$Y$ is $\epsilon$-DP: changing one entry flips $x_1 \oplus x_2$, and the likelihood ratios of "
                    r"the two answers are $e^{\pm\epsilon}$")
    on = lambda x1, x2: p if (x1 + x2) % 2 else 1 - p          # P[Y(x1, x2) = 1]
    b0_x = on(1, 0) / (on(1, 0) + on(1, 1))                    # Eq. 2, uniform prior
    bi_x = on(0, 0) / (on(0, 0) + on(0, 1))                    # Eq. 3
    d.define(r"\overline{b}_0(x)", b0_x, "Eq. 2: the posterior of x in Game 0")
    d.define(r"\overline{b}_1(x)", bi_x, "Eq. 3: the posterior of x in Game 1")
    d.identity("sp:attained", b0_x - bi_x, half,
               text=r"their distance is $2p - 1 = \tanh(\epsilon/2)$: the bound is attained, so $\tanh(\epsilon/2)$ "
                    r"is the exact DP-to-SP constant (Thm 2's $e^{2\epsilon} - 1$ and the point-wise route's "
                    r"$\tanh(\epsilon)$ are not)")


def improvement(d):
    h = d.define("h", sp.Rational(1, 2) - 1 / (sp.exp(eps) + 1) - eps / 6,
                 r"the claimed improvement: $\frac12 - \frac1{e^\epsilon+1} > \epsilon/6$")
    d.identity("improvement:at-0", h.subs(eps, 0), 0)
    d.identity("improvement:slope-0", sp.diff(h, eps).subs(eps, 0), sp.Rational(1, 12),
               text=r"$h(0) = 0$ and $h'(0) = 1/12 > 0$")
    d2 = d.differentiate("h''", sp.diff(h, eps), eps)
    d.sign("improvement:concave", d2, "negative", POS, text=r"$h$ is strictly concave on $\epsilon > 0$: "
           "it has exactly one positive root, positive before it and negative after")
    with mp.workdps(50):
        root = mp.findroot(lambda e: mp.mpf(1) / 2 - 1 / (mp.exp(e) + 1) - e / 6, 2.5)
        below, above = (sp.Rational(int(mp.floor(root * 10**30)) + k, 10**30) for k in (0, 1))  # rationals around it
    r = sp.Float(mp.nstr(root, 45), 45)
    d.define(r"\epsilon_0", r, "the positive root, by mpmath's findroot at 50 digits")
    d.sign("improvement:stated-range", h, "positive", {eps: sp.Interval.Lopen(0, sp.Rational(135, 100))},
           text=r"the improvement holds for $\epsilon \le 1.35$, as stated")
    d.sign("improvement:exact-range", h, "positive", {eps: sp.Interval.Lopen(0, below)},
           text=rf"in fact it holds on all of $(0, \epsilon_0)$, $\epsilon_0 = {mp.nstr(root, 12)}\ldots$: here "
                r"up to the 30-digit rational below the root")
    d.sign("improvement:beyond", h, "negative", {eps: sp.Interval(above, sp.oo)},
           text=r"and fails from the 30-digit rational above it on")
    d.sign("improvement:root", h.subs(eps, below), "positive", symbolic=False,
           text=r"$h$ changes sign between the two rationals, $10^{-30}$ apart (exact inputs, ball arithmetic)")
    d.sign("improvement:root-after", h.subs(eps, above), "negative", symbolic=False)


def uniform_prior(d):
    """Proof of the converse: a uniform two-point belief turns posteriors into likelihoods (Eq. 20)."""
    l1, l2, x = sp.symbols("P_1 P_2 x", positive=True)
    half = sp.Rational(1, 2)
    post = l1 * half / (l1 * half + l2 * half)
    d.identity("eq20:bayes", post / (1 - post), l1 / l2, text=r"with $b = (\frac12, \frac12)$ the posterior odds "
               r"are the likelihood ratio $P[Y(x_{i+S}) = y] / P[Y(x'_{i+S}) = y]$")
    a = sp.Rational(1, 2) - 1 / (sp.exp(eps) + 1)
    eq20 = (r"\frac{\frac{1}{2} + \left(\frac{1}{2} - \frac{1}{e^{\epsilon} + 1}\right)}{\frac{1}{2} - "
            r"\left(\frac{1}{2} - \frac{1}{e^{\epsilon} + 1}\right)}")
    d.printed("eq20", quote(PAPER, line=240, number="(20)", latex=eq20), sp.exp(eps), where="Eq. 20",
              text=r"a-BSP keeps the posterior in $[\frac12 - a, \frac12 + a]$; the largest odds are $e^\epsilon$")
    d.sign("eq20:odds-increasing", sp.diff(x / (1 - x), x), "positive", {x: sp.Interval.open(0, 1)},
           text="the odds increase with the posterior, so the bound is at the interval's end")


def converse(d):
    """Thm 2, second part: the SP parameter a corresponds to eps = log((1 + 2a)/(1 - 2a))."""
    a_of = sp.Rational(1, 2) - 1 / (sp.exp(eps) + 1)
    eps_of = sp.log((1 + 2 * sp_a) / (1 - 2 * sp_a))
    d.identity("thm2:inverse", a_of.subs(eps, eps_of), sp_a, {sp_a: sp.Interval.open(0, sp.Rational(1, 2))},
               hint="exp/log expansion", text=r"$a$-SP with $a < 1/2$ implies $\epsilon$-DP for "
               r"$\epsilon = \log\frac{1+2a}{1-2a}$ (the map of the converse edge)")
    d.identity("thm2:tanh", a_of, (sp.tanh(eps / 2) / 2).rewrite(sp.exp),
               text=r"$\frac12 - \frac1{e^\epsilon+1} = \frac12\tanh(\epsilon/2)$")


@derivation(id="zhao2019.dp-sp", title="DP, semantic privacy and their Bayesian versions (Zhao, Thms 1-2)",
            paper=PAPER, where="Theorems 1 and 2, Sec. III-A, and the improvement over eps/6")
def dp_sp(d):
    posteriors(d)
    statistical_distance(d)
    semantic_tight(d)
    improvement(d)
    uniform_prior(d)
    converse(d)
