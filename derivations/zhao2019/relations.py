"""Zhao, Relations among different privacy notions: Theorems 1 and 2 and the improvement over eps/6.

Theorem 2: eps-DP implies (e^{2 eps} - 1)-SP and is implied by
(1/2 - 1/(e^eps + 1))-SP; Theorem 1 states the same for the Bayesian notions.
The proofs rest on two facts checked here: posteriors of neighbouring inputs
are point-wise within e^{+-2 eps}, and point-wise (eps', 0)-indistinguishable
distributions are at statistical distance at most e^{eps'} - 1 (which is loose:
the exact maximum is tanh(eps'/2)).  The claimed improvement
1/2 - 1/(e^eps + 1) > eps/6 is proved and its exact range computed.
"""
import mpmath as mp
import sympy as sp

from symdp import derivation
from symdp.symbols import eps, sp_a

PAPER = "002_a00d4f65f210ea49.txt"
P = sp.Symbol("p", positive=True)
L0, L1, L2, L3 = sp.symbols("L_0 L_1 L_2 L_3", positive=True)
POS = {eps: sp.Interval.open(0, sp.oo)}


def posteriors(d):
    """Two-point prior pi on {x, z}; likelihoods under neighbouring inputs differ by factors in [e^-eps, e^eps]."""
    pi = sp.Symbol("pi", positive=True)
    u, v = sp.symbols("u v", positive=True)          # L(x)/L'(x) = e^{u eps - eps}... as factors r1, r2
    r1, r2 = sp.exp(eps * (2 * u / (1 + u) - 1)), sp.exp(eps * (2 * v / (1 + v) - 1))   # any value in (e^-eps, e^eps)
    post = pi * L0 / (pi * L0 + (1 - pi) * L1)
    post_n = pi * L0 * r1 / (pi * L0 * r1 + (1 - pi) * L1 * r2)
    ratio = d.define(r"b_0[x|y] / b_i[x|y]", sp.simplify(post_n / post),
                     r"posterior of $x$ under neighbouring inputs; the likelihoods change by factors "
                     r"$r_1, r_2 \in (e^{-\epsilon}, e^\epsilon)$")
    dom = {pi: sp.Interval.open(0, 1), u: sp.Interval.open(0, sp.oo), v: sp.Interval.open(0, sp.oo), **POS}
    d.sign("thm2:posterior-upper", sp.exp(2 * eps) - ratio, "positive", dom,
           text=r"the posteriors are point-wise within $e^{2\epsilon}$ (proof of Thm 1, first part)")
    d.sign("thm2:posterior-lower", ratio - sp.exp(-2 * eps), "positive", dom)


def statistical_distance(d):
    """Point-wise (e', 0)-indistinguishable distributions: SD <= e^{e'} - 1, loose; tight is tanh(e'/2)."""
    tight = (sp.exp(eps) - 1) / (sp.exp(eps) + 1)
    q = sp.exp(eps) / (1 + sp.exp(eps))
    d.identity("sd:extremal", q - (1 - q), tight,
               text=r"two-point distributions $(q, 1-q)$ and $(1-q, q)$ with $q = e^{\epsilon'}/(1+e^{\epsilon'})$ "
                    r"are point-wise $(\epsilon',0)$-indistinguishable at distance $\tanh(\epsilon'/2)$, the most "
                    r"any such pair can have (the corner of the region, as for randomized response)")
    d.sign("sd:loose", sp.exp(eps) - 1 - tight, "positive", POS,
           text=r"so the bound $e^{\epsilon'} - 1$ of [3, Lemma 3.3] used in Thm 1 and 2 is loose: with it "
                r"$\epsilon$-DP gives $(e^{2\epsilon}-1)$-SP; the exact constant is $\tanh(\epsilon)$")


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
    r = sp.Float(mp.nstr(root, 45), 45)
    d.define(r"\epsilon_0", r, "the positive root, by mpmath's findroot at 50 digits")
    d.sign("improvement:stated-range", h, "positive", {eps: sp.Interval.Lopen(0, sp.Rational(135, 100))},
           text=r"the improvement holds for $\epsilon \le 1.35$, as stated")
    d.sign("improvement:exact-range", h, "positive", {eps: sp.Interval.open(0, r)},
           text=rf"in fact it holds on all of $(0, \epsilon_0)$, $\epsilon_0 = {mp.nstr(root, 12)}\ldots$")
    d.sign("improvement:beyond", h, "negative", {eps: sp.Interval.open(r, sp.oo)},
           text=r"and fails beyond $\epsilon_0$")
    d.sign("improvement:root", h.subs(eps, r - sp.Float("1e-40", 50)), "positive", symbolic=False,
           text=r"$h$ changes sign within $10^{-40}$ of $\epsilon_0$ (two numbers, evaluated at 60 digits)")
    d.sign("improvement:root-after", h.subs(eps, r + sp.Float("1e-40", 50)), "negative", symbolic=False)


def uniform_prior(d):
    """Proof of the converse: a uniform two-point belief turns posteriors into likelihoods (Eq. 20)."""
    l1, l2, x = sp.symbols("P_1 P_2 x", positive=True)
    half = sp.Rational(1, 2)
    post = l1 * half / (l1 * half + l2 * half)
    d.identity("eq20:bayes", post / (1 - post), l1 / l2, text=r"with $b = (\frac12, \frac12)$ the posterior odds "
               r"are the likelihood ratio $P[Y(x_{i+S}) = y] / P[Y(x'_{i+S}) = y]$")
    a = sp.Rational(1, 2) - 1 / (sp.exp(eps) + 1)
    d.printed("eq20", (half + a) / (half - a), sp.exp(eps), where="Eq. 20",
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
    improvement(d)
    uniform_prior(d)
    converse(d)
