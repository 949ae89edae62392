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

from symdp import Reading, Status, derivation, quote
from symdp.latex import NOTATION
from symdp.mechanisms import gaussian
from symdp.symbols import alpha_tv, delta, dQ, eps, mu, sigma

PAPER = "003_0de8f9880065b2b9.txt"
FN, FP = sp.symbols("P_FN P_FP", nonnegative=True)
PS, QS = sp.symbols("P(S) Q(S)", nonnegative=True)
ADP = {eps: sp.Interval.open(0, sp.oo), delta: sp.Interval.open(0, 1)}


def theorem3(d):
    """Theorem 3 (Kairouz et al.): the two test inequalities are the DP inequalities on the complement of S."""
    a, b = sp.symbols("A B", nonnegative=True)       # A = Pr[M(X_0) in S-bar], B = Pr[M(X_1) in S-bar]
    d.identity("thm3:first", (1 - a) + sp.exp(eps) * b - (1 - delta), (sp.exp(eps) * b + delta) - a,
               text=r"$P_{FN} + e^\epsilon P_{FP} - (1 - \delta)$ with $P_{FN} = 1 - A$, $P_{FP} = B$ is the slack of "
                    r"$\Pr[\mathcal{M}(X_0) \in \bar S] \le e^\epsilon \Pr[\mathcal{M}(X_1) \in \bar S] + \delta$: "
                    r"the first inequality for every $S$ is $(\epsilon,\delta)$-DP in one direction (Thm 3 writes "
                    r"$\alpha$ for $\epsilon$)")
    d.identity("thm3:second", sp.exp(eps) * (1 - a) + b - (1 - delta), (sp.exp(eps) * (1 - a) + delta) - (1 - b),
               text=r"and the second is $\Pr[\mathcal{M}(X_1) \in S] \le e^\epsilon \Pr[\mathcal{M}(X_0) \in S] + "
                    r"\delta$, the other direction")


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


EXPONENT_IS_EPS = Reading(
    "the exponent is epsilon", r"Sec. 4.2 writes $e^\alpha$ for the DP level $e^\epsilon$ of Theorem 3 "
    r"(the TVD parameter is $\alpha$ too); the interval's ends are in $\epsilon$, $\delta$ and $\alpha$",
    lambda e: e.subs(sp.exp(alpha_tv), sp.exp(eps)))
"""Sec. 4.2's interval: e^alpha in the text is e^epsilon."""


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
    tv = NOTATION.extend(symbols={r"\alpha": alpha_tv})
    low = quote(PAPER, line=226, latex=r"\frac{\alpha-\delta}{e^\alpha-1}")
    d.printed("sec4.2:interval-low", low, lo, dom, where="Sec. 4.2 (lower end)", notation=tv, reading=EXPONENT_IS_EPS)
    high = quote(PAPER, line=226, latex=r"\frac{e^\alpha(1-\alpha)-1-\delta}{e^\alpha-1}")
    d.printed("sec4.2:interval-high", high, hi, dom, notation=tv, reading=EXPONENT_IS_EPS,
              where="Sec. 4.2 (upper end)", expect=Status.ERRATUM,
              text=r"printed $\frac{e^\epsilon(1-\alpha) - 1 - \delta}{e^\epsilon - 1}$ (with $\alpha$ for both "
                   r"$\epsilon$ and the TVD parameter); the derivation gives $+\delta$: "
                   r"$\frac{e^\epsilon(1-\alpha) - 1 + \delta}{e^\epsilon - 1}$")


def tvd_to_adp(d):
    """alpha-TVD implies (eps, alpha)-DP at every level eps, and no smaller delta."""
    qs, slack = sp.symbols("Q_S s", nonnegative=True)
    d.sign("tvd-adp:bound", (sp.exp(eps) - 1) * qs + slack, "nonnegative",
           text=r"with $P(S) = Q(S) + \alpha - s$, $s \ge 0$ (TVD): $e^\epsilon Q(S) + \alpha - P(S) = (e^\epsilon - 1)"
                r"Q(S) + s \ge 0$, so $\alpha$-TVD is $(\epsilon, \alpha)$-DP for every $\epsilon \ge 0$")
    tv = alpha_tv
    hockey = sp.Max(1 - tv - sp.exp(eps) * (1 - tv), 0) + sp.Max(tv, 0) + sp.Max(-sp.exp(eps) * tv, 0)
    d.identity("tvd-adp:attained", hockey, tv, {alpha_tv: sp.Interval.open(0, 1)},
               text=r"tight: the leak mechanism (a common output w.p. $1 - \alpha$, else one only its input produces) "
                    r"is $\alpha$-TVD and its $\delta(\epsilon) = \sum_y \max(p(y) - e^\epsilon q(y), 0) = \alpha$ at "
                    r"every $\epsilon$")


def gdp_to_tvd(d):
    """mu-GDP implies (2 Phi(mu/2) - 1)-TVD, attained by the Gaussian mechanism."""
    zz = sp.Symbol("z", real=True)     # z = Phi^{-1}(1 - a), a the type I error
    h = d.define("h(z)", gaussian.cdf(zz) - gaussian.cdf(zz - mu),
                 r"$1 - a - G_\mu(a)$ at $a = 1 - \Phi(z)$, $G_\mu(a) = \Phi(\Phi^{-1}(1-a) - \mu)$: "
                 r"$D_{TV} = \sup_a (1 - a - f(a)) \le \sup_z h(z)$ for every $f \ge G_\mu$")
    dh = d.differentiate("h'(z)", h, zz)
    d.identity("gdp-tvd:slope", dh, gaussian.density(zz, 0, 1) * (1 - sp.exp(mu * zz - mu**2 / 2)),
               hint="exp/log expansion", text=r"$h'(z) = \varphi(z)(1 - e^{\mu z - \mu^2/2})$")
    d.sign("gdp-tvd:rises", 1 - sp.exp(mu * zz - mu**2 / 2), "positive",
           {mu: sp.Interval.open(0, sp.oo), zz: sp.Interval.open(-sp.oo, mu / 2)}, text=r"positive below $\mu/2$")
    d.sign("gdp-tvd:falls", 1 - sp.exp(mu * zz - mu**2 / 2), "negative",
           {mu: sp.Interval.open(0, sp.oo), zz: sp.Interval.open(mu / 2, sp.oo)},
           text=r"negative above: the supremum is $h(\mu/2)$")
    d.identity("gdp-tvd:value", h.subs(zz, mu / 2), 2 * gaussian.cdf(mu / 2) - 1,
               text=r"$\mu$-GDP implies $(2\Phi(\mu/2) - 1)$-TVD")
    d.identity("gdp-tvd:attained", (2 * gaussian.cdf(dQ / (2 * sigma)) - 1).subs(dQ, mu * sigma), h.subs(zz, mu / 2),
               text=r"tight: the Gaussian mechanism with $\Delta/\sigma = \mu$ is $\mu$-GDP and its TV is exactly "
                    r"this (Theorem 12, tvd2023.s4-mechanism-tv)")


@derivation(id="tvd2023.relations", title="TVD privacy and differential privacy (Jia et al. 2023)",
            paper=PAPER, where="Sec. 4.2, Theorems 3, 4 and 18; edges TVD -> ADP, GDP -> TVD")
def relations(d):
    theorem3(d)
    hypothesis_testing(d)
    dp_to_tvd(d)
    interval(d)
    tvd_to_adp(d)
    gdp_to_tvd(d)
