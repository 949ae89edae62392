"""The guessing advantage among the privacy notions (beyond the slides; evidence for the notions graph).

eta-guessing advantage (GA) of a mechanism on an attribute: for every prior, every event g of attribute
values and every set Y of outputs, Pr[g | M in Y] - Pr[g] <= eta.  With L = Pr[Y | g] / Pr[Y | not g] the
posterior is p L / (p L + 1 - p); its advantage over the prior p is largest at p* = 1/(1 + sqrt L), where
it is tanh(ln L / 4).  Hence

- eps-DP between every two attribute values (eps d-privacy with R eps = eps_DP) implies tanh(eps/4)-GA,
  attained by randomized response on a binary attribute with prior p*: the slides' worst case for R = 1;
- eta-GA implies (4 artanh eta)-DP between every two values (the two-point prior p* detects any larger
  likelihood ratio): the two notions are equivalent, with exact constants;
- alpha-TVD bounds no guessing advantage below 1 - p: a mechanism that reveals the value with probability
  alpha is alpha-TVD, and its "revealed" output makes the posterior 1;
- Liu et al.'s precision (Sec. 4.1.3: the fraction of positives among the test's rejections) at equal
  priors is the posterior at p = 1/2: the Laplace mechanism's highest precision e^eps/(1 + e^eps) is an
  advantage of tanh(eps/2)/2, below the worst case tanh(eps/4).
"""
import sympy as sp

from symdp import derivation
from symdp.guessing.examples import PAPER
from symdp.symbols import eps, eta, p_pre

P = p_pre
L = sp.Symbol("L", positive=True)          # likelihood ratio Pr[Y | g] / Pr[Y | not g]
t = sp.Symbol("t", real=True)              # a threshold on the Laplace output
a_tv = sp.Symbol("alpha", positive=True)   # probability of revealing
UNIT = {P: sp.Interval.open(0, 1)}
RATIO = {L: sp.Interval.open(1, sp.oo), P: sp.Interval.open(0, 1)}


def two_point(d):
    adv = d.define(r"A(p, L)", P * L / (P * L + 1 - P) - P,
                   r"the advantage of the posterior over the prior $p$ when the output set has likelihood ratio $L$")
    d.monotone("ga:ratio-monotone", adv, L, True, UNIT,
               text=r"it increases with $L$: a bound $L \le e^\epsilon$ bounds it by $A(p, e^\epsilon)$, for every "
                    r"prior (a mixture of pairs keeps the ratio of $\Pr[Y|g]$ and $\Pr[Y|\neg g]$ within $e^\epsilon$)")
    roots = d.solve(r"p^*", sp.diff(adv, P), P, text=r"the worst prior: $\partial A / \partial p = 0$; of the two "
                    r"roots the one in $(0, 1)$ (the other, $1/(1 - \sqrt L)$, is negative for $L > 1$)")
    (best,) = [r for r in roots if 0 < r.subs(L, 4) < 1]
    d.identity("ga:worst-prior", best, 1 / (1 + sp.sqrt(L)), {L: sp.Interval.open(1, sp.oo)},
               text=r"$p^* = 1/(1 + \sqrt L)$ (the slides' $1/(1 + e^{R\epsilon/2})$ for $L = e^{R\epsilon}$)")
    d.sign("ga:concave", sp.diff(adv, P, 2), "negative", RATIO, text=r"$A$ is concave in $p$: $p^*$ is the maximum")
    d.identity("ga:worst", adv.subs(P, best), (sp.sqrt(L) - 1) / (sp.sqrt(L) + 1), {L: sp.Interval.open(1, sp.oo)})
    d.identity("ga:tanh", ((sp.sqrt(L) - 1) / (sp.sqrt(L) + 1)).subs(L, sp.exp(eps)), sp.tanh(eps / 4).rewrite(sp.exp),
               text=r"with $L = e^\epsilon$: the largest advantage of an $\epsilon$-DP mechanism is $\tanh(\epsilon/4)$")
    return adv


def dp_and_ga(d, adv):
    q = sp.exp(eps) / (1 + sp.exp(eps))
    pstar = 1 / (1 + sp.exp(eps / 2))
    post = d.define(r"\Pr[g \mid Y]", pstar * q / (pstar * q + (1 - pstar) * (1 - q)),
                    r"randomized response on a binary attribute (the truth with probability "
                    r"$e^\epsilon/(1 + e^\epsilon)$), prior $p^* = 1/(1 + e^{\epsilon/2})$ on $g = \{1\}$, output $1$")
    d.identity("dp-ga:attained", post - pstar, sp.tanh(eps / 4).rewrite(sp.exp),
               text=r"it attains $\tanh(\epsilon/4)$: DP $\Rightarrow$ GA with $\eta = \tanh(\epsilon/4)$ is tight")
    ratio = sp.exp(4 * sp.atanh(eta))
    d.identity("ga-dp:inverse", ((sp.sqrt(L) - 1) / (sp.sqrt(L) + 1)).subs(L, ratio), eta,
               {eta: sp.Interval.open(0, 1)}, hint="exp/log expansion",
               text=r"conversely a ratio $L > e^{4\,\mathrm{artanh}\,\eta}$ gives, at $p^*$, an advantage above "
                    r"$\eta$ (the worst advantage increases in $L$): $\eta$-GA implies "
                    r"$4\,\mathrm{artanh}(\eta)$-DP between every two values, and the two constants are inverse")
    d.monotone("ga-dp:worst-monotone", (sp.sqrt(L) - 1) / (sp.sqrt(L) + 1), L, True, {},
               text=r"the worst advantage $(\sqrt L - 1)/(\sqrt L + 1)$ increases with $L$")


def tvd_and_ga(d):
    d.define(r"\sup_S P(S) - Q(S)", a_tv,
             r"the mechanism that outputs the value with probability $\alpha$ (else $\bot$) is $\alpha$-TVD: "
             r"the set $\{\text{revealed } x\}$ has probability $\alpha$ under $x$ and $0$ under $x' \ne x$")
    post = a_tv * P / (a_tv * P + 0 * (1 - P))
    d.identity("tvd-ga:reveal-posterior", post - P, 1 - P, UNIT,
               text=r"and the output 'revealed $x$' makes the posterior of $g = \{x\}$ equal to 1: an advantage of "
                    r"$1 - p$ for every $\alpha > 0$; TVD bounds no guessing advantage")


def precision(d):
    dq = sp.Symbol(r"\Delta Q", positive=True)
    x = sp.Symbol("x", real=True)
    dens = lambda centre: eps / (2 * dq) * sp.exp(-eps * (x - centre) / dq)
    p1 = d.integrate(r"\Pr[Y \mid D]", dens(dq), (x, t, sp.oo),
                     text=r"the Laplace mechanism (scale $\Delta Q/\epsilon$) with $Q(D) = \Delta Q$, $Q(D') = 0$; "
                          r"the test rejects on $Y = [t, \infty)$, $t \ge \Delta Q$")
    p0 = d.integrate(r"\Pr[Y \mid D']", dens(0), (x, t, sp.oo))
    prec = p1 / (p1 + p0)
    d.identity("precision:highest", prec, sp.exp(eps) / (1 + sp.exp(eps)), {t: sp.Interval(dq, sp.oo)},
               text=r"the precision at equal priors is $e^\epsilon/(1 + e^\epsilon)$ for every such $t$: the largest "
                    r"any test reaches, since the likelihood ratio never exceeds $e^\epsilon$")
    d.identity("precision:advantage", prec - sp.Rational(1, 2), sp.tanh(eps / 2) / 2, {t: sp.Interval(dq, sp.oo)},
               hint="exp/log expansion", text=r"an advantage of $\tanh(\epsilon/2)/2$ at $p = 1/2$")
    d.sign("precision:below-worst", sp.tanh(eps / 4) - sp.tanh(eps / 2) / 2, "positive",
           text=r"below the worst-case $\tanh(\epsilon/4)$ ($\tanh(2u)/2 = \tanh u / (1 + \tanh^2 u)$): the uniform "
                r"prior is not the worst one")


@derivation(id="pankova2023.notions", title="Guessing advantage, DP, TVD and precision (beyond the slides)",
            paper=PAPER, where="beyond the slides: the guessing advantage beside DP, TVD and Liu et al.'s precision")
def notions(d):
    adv = two_point(d)
    dp_and_ga(d, adv)
    tvd_and_ga(d)
    precision(d)
