"""Pankova & Laud, slides "Computing eps for a fixed guessing advantage", the plot, and "Worst-case prior".

The simplified bound inverted in closed form (both directions), the shell bound
inverted by a bracketed bisection (cross-checked against mpmath's findroot on
an independently summed bound), the worst-case priors by differentiation, and
the plot "guessing advantage vs eps for different prior distributions".
"""
import functools

import mpmath as mp
import sympy as sp

from symdp import derivation, quote
from symdp.latex import NOTATION
from symdp.guessing.bounds import shell_upper, shells
from symdp.guessing.examples import PAPER
from symdp.guessing.inverse import eps_gain_simplified, largest_eps
from symdp.guessing.priors import Normal
from symdp.guessing.targets import Attribute
from symdp.symbols import R_sup, eps, eta, p_pre

P = p_pre
GAIN = {P: sp.Interval.open(0, 1), eta: sp.Interval.open(0, 1 - P)}
LOSS = {P: sp.Interval.open(0, 1), eta: sp.Interval.open(0, P)}
ER = {eps: sp.Interval.open(0, 20), R_sup: sp.Interval.open(0, 20)}
AGE = Attribute(Normal(40, 15), 5)
SLIDES = "004_62dfd324924a5a00.txt"
"""The slides' seed text (symdp.guessing.examples.PAPER), named here so that its quotations can be checked."""
INVERSE = (r"\frac{\ln(\frac{P_{\textit{fpre}}(X \setminus g(x))}{P_{\textit{fpre}}(g(x))} \cdot \frac{1}"
           r"{(P_{\textit{fpre}}(g(x)) + \eta)^{-1} - 1})}{\sup_{x, x' \in X} d(x, x')}")


def inverse(d):
    upper = P / (P + sp.exp(-eps * R_sup) * (1 - P))
    lower = P / (P + sp.exp(eps * R_sup) * (1 - P))
    (gain,) = d.solve(r"\epsilon_{gain}", upper - P - eta, eps, text=r"solve $\Pr_{post} - \Pr_{pre} = \eta$ "
                      r"for $\epsilon$ on the simplified bound")
    slide = NOTATION.extend(symbols={r"P_{\textit{fpre}}(X \setminus g(x))": 1 - P, r"P_{\textit{fpre}}(g(x))": P,
                                     r"\sup_{x, x' \in X} d(x, x')": R_sup})
    d.printed("inverse:gain", quote(SLIDES, line=389, latex=INVERSE), gain, GAIN, notation=slide,
              where="slide 'Computing eps for a fixed guessing advantage'")
    d.monotone("inverse:gain-monotone", upper, eps, True, {P: sp.Interval.open(0, 1)},
               text=r"the bound increases with $\epsilon$: every smaller $\epsilon$ meets $\eta$ too (largest $\epsilon$)")
    (loss,) = d.solve(r"\epsilon_{loss}", P - lower - eta, eps, text=r"'analogously' for $\Pr_{pre} - \Pr_{post} "
                      r"\le \eta$, with the lower bound $\Pr_{post} \ge 1/(1 + e^{\epsilon R}(1-p)/p)$")
    d.identity("inverse:loss", loss, sp.log(P * (1 - P + eta) / ((1 - P) * (P - eta))) / R_sup, LOSS)


def worst_case(d):
    k = sp.Symbol("k", positive=True)
    adv = P / (P + k * (1 - P)) - P
    slope = d.differentiate(r"\partial\eta/\partial p", adv, P, text=r"fixed $\epsilon$, $k = e^{-\epsilon R}$")
    roots = d.solve("p^*", slope, P, domain={P: sp.Interval.open(0, 1), k: sp.Interval.open(0, 1)})
    d.define("p^*", sp.FiniteSet(*roots), r"the critical points in $(0, 1)$ for $0 < k < 1$")
    best = 1 / (1 + 1 / sp.sqrt(k))
    d.identity("worst:p-eps-critical", slope.subs(P, best), 0, {k: sp.Interval.open(0, 1)},
               text=r"$p^* = \sqrt{k}/(1+\sqrt{k})$ is the critical point")
    d.sign("worst:p-eps-concave", sp.diff(adv, P, 2), "negative", {k: sp.Interval.open(0, 1), P: sp.Interval.open(0, 1)},
           text=r"$\eta(p)$ is strictly concave: $p^*$ is the unique maximiser")
    worst = quote(SLIDES, line=415, latex=r"p = \frac{1}{1 + e^{R \cdot \varepsilon/2}}")
    d.printed("worst:p-eps", worst, best.subs(k, sp.exp(-eps * R_sup)), ER,
              where="slide 'Worst-case prior distribution', fixed eps")
    d.identity("worst:eta", adv.subs(P, best).subs(k, sp.exp(-eps * R_sup)), sp.tanh(eps * R_sup / 4), ER,
               text=r"the worst-case advantage: $\eta^*(\epsilon) = \tanh(R\epsilon/4)$")
    h = sp.log((1 - P) * (P + eta) / (P * (1 - P - eta)))
    dh = d.differentiate(r"\partial (R\epsilon)/\partial p", h, P, text=r"fixed $\eta$")
    d.identity("worst:p-eta-critical", dh.subs(P, (1 - eta) / 2), 0, {eta: sp.Interval.open(0, 1)},
               text=r"$p = (1-\eta)/2$ (printed) is a critical point")
    d.identity("worst:p-eta-symmetry", h.subs(P, 1 - eta - P), h, GAIN,
               text=r"$R\epsilon(p) = R\epsilon(1 - \eta - p)$: symmetric about $(1-\eta)/2$")
    d.sign("worst:p-eta-convex", sp.diff(h, P, 2), "positive", GAIN,
           text=r"and convex on $(0, 1 - \eta)$: $p = (1-\eta)/2$ is the unique minimiser, as printed")
    d.identity("worst:eps", h.subs(P, (1 - eta) / 2) / R_sup, 4 * sp.atanh(eta) / R_sup, {eta: sp.Interval.open(0, 1)},
               text=r"the worst-case $\epsilon(\eta) = \frac{4}{R}\operatorname{artanh}\eta$, the inverse of "
                    r"$\tanh(R\epsilon/4)$")


def precise(d):
    def lib(eta):
        sh = shells(AGE)   # at the working precision
        return largest_eps(lambda e: shell_upper(sh, e) - sh.p, eta, digits=mp.mp.dps - 3).eps

    def oracle(eta):
        p = AGE.ball(1)
        ball = functools.lru_cache(maxsize=None)(lambda a, prec: AGE.ball(a))   # each shell once per precision
        shell = lambda a: ball(a + 1, mp.mp.prec) - ball(a, mp.mp.prec)
        summed = lambda e: mp.nsum(lambda a: mp.exp(-e * (a + 2)) * shell(a), [1, mp.inf])
        return mp.findroot(lambda e: p / (p + summed(e)) - p - eta, (mp.mpf("0.001"), mp.mpf(40)), solver="anderson")
    d.cross_check("precise:inverse", lib, oracle, {eta: sp.Interval(sp.Rational(1, 20), sp.Rational(7, 10))}, n=4,
                  text=r"the shell bound inverted by bisection (library) against mpmath's findroot on the bound "
                       r"summed by nsum (age, normal prior N(40, 15), guess within 5 years)")
    gain = lambda eta, p_pre, R: largest_eps(lambda e: p_pre / (p_pre + mp.exp(-e * R) * (1 - p_pre)) - p_pre,
                                              eta, digits=mp.mp.dps - 3).eps
    d.cross_check("simplified:inverse", lambda eta, p_pre, R: eps_gain_simplified(p_pre, eta, R), gain,
                  {P: sp.Interval(sp.Rational(1, 20), sp.Rational(9, 10)),
                   eta: sp.Interval(sp.Rational(1, 100), 1 - P - sp.Rational(1, 100)), R_sup: sp.Interval(1, 10)}, n=6,
                  text="the closed-form inverse against bisection on the bound")


def plot(d):
    etas = [mp.mpf(k) / 100 for k in range(1, 100)]
    series = {}
    for pv in ("0.01", "0.1", "0.25", "0.5", "0.75"):
        p = mp.mpf(pv)
        series[rf"$\Pr_{{\mathrm{{pre}}}} = {pv}$"] = [(e, eps_gain_simplified(p, e, 1)) for e in etas if p + e < 1]
    series["worst case"] = [(e, 4 * mp.atanh(e)) for e in etas]
    d.figure("advantage-vs-eps", "Largest epsilon (R = 1) meeting a guessing-advantage bound, for several "
             "Pr_pre(g(x)), and the worst case 4 artanh(eta) (the slide's plot regenerated)", r"$\eta$",
             r"$\epsilon R$", series)


@derivation(id="pankova2023.epsilon", title="Epsilon for a guessing advantage; worst-case priors (Pankova & Laud)",
            paper=PAPER, where="slides: Computing eps for a fixed guessing advantage; the plot; Worst-case prior")
def epsilon(d):
    inverse(d)
    worst_case(d)
    precise(d)
    plot(d)
