"""Jia et al., Total variation distance privacy (2023): its relations to DP (Sec. 4.2, Thms 3, 4, 18).

alpha-TVD privacy bounds the statistical distance of neighbouring outputs by
alpha, i.e. FN + FP >= 1 - alpha for every test (Thm 4).  eps-DP implies
tanh(eps/2)-TVD, tightly (randomized response attains it), which is Thm 18's
conversion eps = log((1 + alpha)/(1 - alpha)) read backwards; and the interval
of false-negative rates where the TVD line is the tighter description is
derived and compared with the printed one.
"""
import sympy as sp

from symdp import Status, derivation
from symdp.symbols import alpha_tv, delta, eps

PAPER = "003_0de8f9880065b2b9.txt"
FN, FP = sp.symbols("P_FN P_FP", nonnegative=True)
PS, QS = sp.symbols("P(S) Q(S)", nonnegative=True)
ADP = {eps: sp.Interval.open(0, sp.oo), delta: sp.Interval.open(0, 1)}


def hypothesis_testing(d):
    d.identity("thm4:errors", (1 - PS) + QS, 1 - (PS - QS),
               text=r"for a rejection region $S$: $P_{FN} + P_{FP} = 1 - (P(S) - Q(S))$, so "
                    r"$\sup_S (P(S) - Q(S)) \le \alpha$ (TVD) iff $P_{FN} + P_{FP} \ge 1 - \alpha$ for all $S$ (Thm 4)")


def dp_to_tvd(d):
    tv = (sp.exp(eps) - 1) / (sp.exp(eps) + 1)
    g, r = sp.symbols("g r", positive=True)
    (corner,) = d.solve("corner", [r - sp.exp(eps) * g, r - 1 + sp.exp(-eps) * (1 - g)], [g, r],
                        r"the corner of the $\epsilon$-DP region $P(S) \le e^\epsilon Q(S)$, "
                        r"$1 - Q(S) \ge e^{-\epsilon}(1 - P(S))$")
    d.identity("dp-tvd:corner", corner[r] - corner[g], tv,
               text=r"$P(S) - Q(S)$ is linear, so its maximum over the region is at this corner: "
                    r"$\epsilon$-DP implies $\tanh(\epsilon/2)$-TVD, attained by randomized response (tight)")
    d.identity("dp-tvd:tanh", tv, sp.tanh(eps / 2).rewrite(sp.exp))
    conv = sp.log((1 + alpha_tv) / (1 - alpha_tv))
    d.identity("thm18:conversion", tv.subs(eps, conv), alpha_tv, {alpha_tv: sp.Interval.open(0, 1)},
               hint="exp/log expansion", text=r"Thm 18's $\epsilon = \log\frac{1+\alpha}{1-\alpha}$ is the "
               r"inverse: the $\epsilon$-DP mechanism with that $\epsilon$ is exactly $\alpha$-TVD")
    kink = (1 - delta) / (1 + sp.exp(eps))
    gap = d.define(r"\mathrm{TV}_{\epsilon,\delta}", 1 - kink - sp.exp(-eps) * (1 - delta - kink),
                   r"$(\epsilon,\delta)$-DP: $1 - \alpha - f_{\epsilon,\delta}(\alpha)$ is largest at the kink "
                   r"$\alpha = (1-\delta)/(1+e^\epsilon)$")
    d.identity("adp-tvd", gap, (sp.exp(eps) - 1 + 2 * delta) / (sp.exp(eps) + 1), ADP,
               text=r"$(\epsilon,\delta)$-DP implies $\frac{e^\epsilon - 1 + 2\delta}{e^\epsilon + 1}$-TVD")


def interval(d):
    """Where the TVD line P_FP >= 1 - alpha - P_FN lies above both DP lines (Sec. 4.2)."""
    x = FN
    lo = d.solve(r"P_{FN}^{\mathrm{low}}", (1 - alpha_tv - x) - (1 - delta - sp.exp(eps) * x), x,
                 r"the TVD line meets $P_{FP} = 1 - \delta - e^\epsilon P_{FN}$")[0]
    hi = d.solve(r"P_{FN}^{\mathrm{high}}", (1 - alpha_tv - x) - sp.exp(-eps) * (1 - delta - x), x,
                 r"and $P_{FP} = e^{-\epsilon}(1 - \delta - P_{FN})$")[0]
    dom = {**ADP, alpha_tv: sp.Interval.open(0, 1)}
    d.printed("sec4.2:interval-low", (alpha_tv - delta) / (sp.exp(eps) - 1), lo, dom, where="Sec. 4.2 (lower end)")
    d.printed("sec4.2:interval-high", (sp.exp(eps) * (1 - alpha_tv) - 1 - delta) / (sp.exp(eps) - 1), hi, dom,
              where="Sec. 4.2 (upper end)", expect=Status.ERRATUM,
              text=r"printed $\frac{e^\epsilon(1-\alpha) - 1 - \delta}{e^\epsilon - 1}$ (with $\alpha$ for both "
                   r"$\epsilon$ and the TVD parameter); the derivation gives $+\delta$: "
                   r"$\frac{e^\epsilon(1-\alpha) - 1 + \delta}{e^\epsilon - 1}$")


@derivation(id="tvd2023.relations", title="TVD privacy and differential privacy (Jia et al. 2023)",
            paper=PAPER, where="Sec. 4.2, Theorems 3, 4 and 18")
def relations(d):
    hypothesis_testing(d)
    dp_to_tvd(d)
    interval(d)
