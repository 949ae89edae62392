"""Jia et al., Total variation distance privacy (2023): its relations to DP (Sec. 4.2, Thms 3, 4, 18).

alpha-TVD privacy bounds the statistical distance of neighbouring outputs by
alpha, i.e. FN + FP >= 1 - alpha for every test (Thm 4).  eps-DP implies
tanh(eps/2)-TVD, and no less: a linear-programming certificate shows that no
eps-DP mechanism exceeds it, and randomized response attains it (both checked
below).  This is Thm 18's conversion eps = log((1 + alpha)/(1 - alpha)) read
backwards.  The interval of false-negative rates where the TVD line lies above
both DP lines is derived and compared with the printed one.
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
                        r"$1 - P(S) \ge e^{-\epsilon}(1 - Q(S))$ (with $r = P(S)$, $g = Q(S)$)")
    d.identity("dp-tvd:corner", corner[r] - corner[g], tv,
               text=r"at that corner $P(S) - Q(S) = \tanh(\epsilon/2)$")
    w = 1 / (1 + sp.exp(eps))
    slack_ratio = sp.exp(eps) * g - r                       # P(S) <= e^eps Q(S)
    slack_complement = (1 - r) - sp.exp(-eps) * (1 - g)     # P(S^c) >= e^-eps Q(S^c)
    d.identity("dp-tvd:upper", tv - (r - g), w * slack_ratio + (1 - w) * slack_complement,
               text=r"no $\epsilon$-DP mechanism does better (a linear-programming certificate): for every set $S$, "
                    r"$\tanh(\epsilon/2) - (P(S) - Q(S))$ is $w$ times the slack of $P(S) \le e^\epsilon Q(S)$ "
                    r"plus $1 - w$ times that of $P(S^c) \ge e^{-\epsilon} Q(S^c)$, $w = 1/(1+e^\epsilon)$; "
                    r"$\epsilon$-DP makes both slacks $\ge 0$")
    d.sign("dp-tvd:weight", w, "positive", text=r"$w > 0$")
    d.sign("dp-tvd:weight-complement", 1 - w, "positive", text=r"$1 - w > 0$: so $P(S) - Q(S) \le \tanh(\epsilon/2)$")
    p = sp.exp(eps) / (1 + sp.exp(eps))
    d.define("p", p, "randomized response: the true bit with probability p, the other with 1 - p")
    d.identity("dp-tvd:rr-dp", p / (1 - p), sp.exp(eps),
               text=r"randomized response is $\epsilon$-DP: its likelihood ratios are $e^{\pm\epsilon}$")
    d.identity("dp-tvd:attained", p - (1 - p), tv,
               text=r"and with $S = \{1\}$ its $P(S) - Q(S) = 2p - 1 = \tanh(\epsilon/2)$: the bound is attained "
                    r"(tight)")
    d.identity("dp-tvd:tanh", tv, sp.tanh(eps / 2).rewrite(sp.exp))
    conv = sp.log((1 + alpha_tv) / (1 - alpha_tv))
    d.identity("thm18:conversion", tv.subs(eps, conv), alpha_tv, {alpha_tv: sp.Interval.open(0, 1)},
               hint="exp/log expansion", text=r"Thm 18's $\epsilon = \log\frac{1+\alpha}{1-\alpha}$ is the "
               r"inverse: every $\epsilon$-DP mechanism with that $\epsilon$ is $\alpha$-TVD, and randomized "
               r"response with it is exactly $\alpha$-TVD")
    kink = (1 - delta) / (1 + sp.exp(eps))
    a = sp.Symbol("a", positive=True)
    d.sign("adp-tvd:rises", sp.diff(1 - a - (1 - delta - sp.exp(eps) * a), a), "positive", ADP,
           text=r"left of the kink $f_{\epsilon,\delta}(a) = 1 - \delta - e^\epsilon a$, and $1 - a - f$ "
                r"increases in $a$")
    d.sign("adp-tvd:falls", sp.diff(1 - a - sp.exp(-eps) * (1 - delta - a), a), "negative", ADP,
           text=r"right of it $f = e^{-\epsilon}(1 - \delta - a)$ (then 0), and $1 - a - f$ decreases")
    gap = d.define(r"\mathrm{TV}_{\epsilon,\delta}", 1 - kink - sp.exp(-eps) * (1 - delta - kink),
                   r"$(\epsilon,\delta)$-DP: so $1 - a - f_{\epsilon,\delta}(a)$ is largest at the kink "
                   r"$a = (1-\delta)/(1+e^\epsilon)$")
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
    d.monotone("sec4.2:above-first", (1 - alpha_tv - x) - (1 - delta - sp.exp(eps) * x), x, True, dom,
               text=r"the TVD line minus $1 - \delta - e^\epsilon P_{FN}$ increases in $P_{FN}$: the TVD line is "
                    "above that DP line exactly right of the lower end")
    d.monotone("sec4.2:above-second", (1 - alpha_tv - x) - sp.exp(-eps) * (1 - delta - x), x, False, dom,
               text=r"the TVD line minus $e^{-\epsilon}(1 - \delta - P_{FN})$ decreases: it is above that DP line "
                    "exactly left of the upper end")
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
