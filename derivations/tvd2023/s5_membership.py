"""Jia et al. 2023, Sec. 5 (2.5, 5.2, 5.3): the membership experiment, Theorems 14-17, Figures 5-7.

A membership test that says "member" on a set S of outputs has TPR = P(S) (P = M(S) with the target record)
and FPR = gamma = Q(S) (Q = M without it).  The ROC point (gamma, TPR) of every test lies in the region the
privacy notion allows; its upper boundary is 1 - f(gamma), f the notion's trade-off function.  Theorems 14-17
follow by maximising TPR at fixed gamma: Adv = TPR - gamma and PPV = TPR/(TPR + rho gamma) both increase in
TPR.  Each bound is attained by a small discrete mechanism (checked below), so Theorem 14 is tight as titled
and Theorem 15 is tight too; Theorem 17 as printed is valid but loose for gamma > 1 - alpha (TPR <= 1).

The paper's curves (Figures 5-7) come from MATLAB scripts (github.com/con-fide/TVDprivacy) that evaluate the
bounds on the grid gamma = 0, 0.01, ..., 1; the maximum advantage read off that grid understates the exact
(e^eps - 1 + 2 delta)/(e^eps + 1), and PPV_curve.m evaluates Theorem 17 on a prefix of the grid (Fp(1:i)
where Fp(1,i) is meant), which the claims fig7:code-* make concrete.  The figures below are regenerated from
the derived bounds for a Gaussian mechanism with sensitivity 1 and sigma = 8, 4, 2, 1 (the DP-SGD parameters
behind the printed figures are not given in the text), with that mechanism's own ROC curve inside both regions.
"""
import mpmath as mp
import numpy as np
import sympy as sp

from symdp import derivation, quote
from symdp.latex import NOTATION
from symdp.adversary.gaussian import analytic_epsilon
from symdp.special import Phi, PhiInv
from symdp.symbols import alpha_tv, delta, eps
from symdp.tvd import membership as mia

PAPER = "003_0de8f9880065b2b9.txt"
THM16 = r"\frac{1 - f_{\epsilon, \delta}(\gamma)}{1 - f_{\epsilon, \delta}(\gamma) + \rho\gamma}"
G = sp.Symbol("gamma", positive=True)          # false-positive rate
T = sp.Symbol("T", positive=True)              # true-positive rate of a test
RHO = sp.Symbol("rho", positive=True)          # prior ratio (1 - p)/p
PM = sp.Symbol("p", positive=True)             # fraction of members among the targets
E = sp.exp(eps)
KINK = (1 - delta) / (1 + E)
BASE = {eps: sp.Interval.open(0, sp.oo), delta: sp.Interval.open(0, 1)}
LEFT = {**BASE, G: sp.Interval(0, KINK)}
MIDDLE = {**BASE, G: sp.Interval(KINK, 1 - delta)}
RIGHT = {**BASE, G: sp.Interval(1 - delta, 1)}
UNIT = {alpha_tv: sp.Interval.open(0, 1)}
SIGMAS = (8, 4, 2, 1)
FIG_DELTA = 1e-5
GRID = np.linspace(0.0, 1.0, 101)


def experiment(d):
    d.note("Experiment 1 (membership experiment, Yeom et al.): S ~ D^n, M_S = M(S); b uniform in {0, 1}; z ~ S "
           "if b = 0, z ~ D if b = 1; the experiment is 1 when A(z, M_S, n, D) = b. A test's TPR and FPR are "
           "P(S) and Q(S) for the output distributions with and without z; the bounds below apply the privacy "
           "notion to that pair (the neighbouring datasets S and S without z), a definitions-level step")
    adv = d.define(r"\mathrm{Adv}", T - G, "membership advantage (Yeom et al.): TPR minus FPR")
    ppv = d.define(r"\mathrm{PPV}", PM * T / (PM * T + (1 - PM) * G), "fraction of true members among the "
                   r"targets called members, with a fraction $p$ of members")
    d.identity("ppv:rho-form", ppv, T / (T + ((1 - PM) / PM) * G), {PM: sp.Interval.open(0, 1)},
               text=r"$\mathrm{PPV} = \mathrm{TPR}/(\mathrm{TPR} + \rho\gamma)$ with $\rho = (1-p)/p$ (Thm 16)")
    d.sign("adv:increasing", sp.diff(adv, T), "positive", text="Adv increases in TPR")
    d.sign("ppv:increasing", sp.diff(T / (T + RHO * G), T), "positive",
           text=r"and so does PPV: at a fixed $\gamma$ both are largest at the largest TPR the notion allows")


def dp_region(d):
    """Theorem 14: the largest TPR at FPR gamma under (eps, delta)-DP, region by region."""
    (t1,) = d.solve(r"T_1", T - (E * G + delta), T, r"$P(S) \le e^\epsilon Q(S) + \delta$ binding")
    (t2,) = d.solve(r"T_2", (1 - G) - (E * (1 - T) + delta), T,
                    r"$Q(S^c) \le e^\epsilon P(S^c) + \delta$ binding: $1 - \gamma \le e^\epsilon(1 - T) + \delta$")
    (kink,) = d.solve(r"\gamma^*", t1 - t2, G, "where the two lines cross")
    d.identity("thm14:kink", kink, KINK, BASE)
    d.sign("thm14:left", t2 - t1, "nonnegative", LEFT, text=r"left of $\gamma^*$ the first constraint binds")
    d.sign("thm14:middle", t1 - t2, "nonnegative", MIDDLE, text="right of it the second")
    d.sign("thm14:middle-below-1", 1 - t2, "nonnegative", MIDDLE, text=r"and $T_2 \le 1$ up to $1 - \delta$")
    d.sign("thm14:right", t2 - 1, "nonnegative", RIGHT, text=r"beyond $1 - \delta$ only $T \le 1$ binds")
    f_printed = [1 - delta - E * G, sp.exp(-eps) * (1 - delta - G), sp.Integer(0)]
    for (name, region), tpr, f in zip((("left", LEFT), ("middle", MIDDLE), ("right", RIGHT)), (t1, t2, 1), f_printed):
        piece = NOTATION.extend(symbols={r"f_{\epsilon, \delta}(\gamma)": f})
        d.printed(f"thm14:printed-{name}", quote(PAPER, line=437, latex=r"1 - f_{\epsilon, \delta}(\gamma) - \gamma"),
                  tpr - G, region, where="Theorem 14", notation=piece,
                  text=rf"on the {name} region $f_{{\epsilon,\delta}}$ is its printed piece and "
                       r"$1 - f_{\epsilon,\delta}(\gamma) - \gamma$ is the derived bound")
    others = {"left": (f_printed[1], f_printed[2]), "middle": (f_printed[0], f_printed[2]),
              "right": (f_printed[0], f_printed[1])}
    for (name, region), f in zip((("left", LEFT), ("middle", MIDDLE), ("right", RIGHT)), f_printed):
        for k, other in enumerate(others[name]):
            d.sign(f"thm14:max-{name}-{k}", f - other, "nonnegative", region,
                   text=rf"that piece is the max of the three on the {name} region")
    return t1, t2


def dp_attained(d, t1, t2):
    """The four-output mechanism whose ROC is the Theorem-14 boundary (Kairouz et al.)."""
    q = (1 - delta) / (1 + E)
    P = (delta, E * q, q, sp.Integer(0))
    Q = (sp.Integer(0), q, E * q, delta)
    d.define("P", sp.Matrix([P]), r"outputs 1-4 with the record; $Q$ is $P$ reversed")
    d.identity("thm14:dp-hockey", sum(sp.Max(0, a - E * b) for a, b in zip(P, Q)), delta, BASE,
               text=r"$\sum_y (P(y) - e^\epsilon Q(y))_+ = \delta$ (and the same with $P, Q$ swapped): it is "
                    r"$(\epsilon,\delta)$-DP")
    d.identity("thm14:attained-kink", P[0] + P[1], t1.subs(G, Q[0] + Q[1]), BASE,
               text=r"saying member on outputs 1-2 gives the ROC point $(\gamma^*, T_1(\gamma^*))$")
    d.identity("thm14:attained-corner", P[0] + P[1] + P[2], t2.subs(G, Q[0] + Q[1] + Q[2]), BASE,
               text=r"on outputs 1-3, $(1 - \delta, 1)$; randomising between neighbouring vertices traces the "
                    r"boundary: the bound is attained at every $\gamma$ (tight)")


def max_advantage(d, t1, t2):
    d.monotone("thm14:adv-rises", t1 - G, G, True, LEFT, text="the advantage rises up to the kink")
    d.monotone("thm14:adv-falls", t2 - G, G, False, MIDDLE, text="and falls after it")
    top = d.substitute(r"\mathrm{Adv}^*", t1 - G, {G: KINK}, domain=BASE)
    d.identity("thm14:max", top, (E - 1 + 2 * delta) / (E + 1), BASE,
               text=r"largest advantage $(e^\epsilon - 1 + 2\delta)/(e^\epsilon + 1)$ ($\tanh(\epsilon/2)$ at "
                    r"$\delta = 0$), equal to the TV bound of $(\epsilon,\delta)$-DP")
    d.identity("sec5.2:dp-accuracy", (1 + top) / 2, E / (1 + E) * (1 - delta) + delta, BASE,
               text=r"balanced accuracy $(1 + \mathrm{Adv}^*)/2$: the printed DP bound of Sec. 5.2 "
                    r"$\frac{e^\epsilon}{1+e^\epsilon}(1-\delta) + \delta$")
    grid_best = max((sp.E - 1) * sp.Rational(26, 100), (1 - sp.exp(-1)) * sp.Rational(73, 100))
    d.sign("fig5:grid", sp.tanh(sp.Rational(1, 2)) - grid_best, "positive",
           text=r"the scripts evaluate the bound on $\gamma \in \{0, 0.01, \dots, 1\}$: at $\epsilon = 1$, "
                r"$\delta = 0$ the kink $1/(1+e) = 0.26894$ is off the grid and the largest grid value "
                r"$(1 - e^{-1}) \cdot 0.73 = 0.46145$ understates the exact $\tanh(1/2) = 0.46212$")


def theorem16(d, t1, t2):
    """Theorem 16: Theorem 14's TPR bound put into PPV = TPR/(TPR + rho gamma) (ppv:increasing)."""
    f_printed = (1 - delta - E * G, sp.exp(-eps) * (1 - delta - G), sp.Integer(0))
    for (name, region), tpr, f in zip((("left", LEFT), ("middle", MIDDLE), ("right", RIGHT)), (t1, t2, 1), f_printed):
        piece = NOTATION.extend(symbols={r"f_{\epsilon, \delta}(\gamma)": f})
        d.printed(f"thm16:printed-{name}", quote(PAPER, line=457, latex=THM16), tpr / (tpr + RHO * G), region,
                  where="Theorem 16", notation=piece,
                  text=rf"on the {name} region $f_{{\epsilon,\delta}}$ (line 465) is its printed piece")


def tvd_bounds(d):
    """Theorems 15 and 17 (alpha-TVD), and the mechanism attaining them."""
    dom = {**UNIT, G: sp.Interval(0, 1 - alpha_tv)}
    d.note(r"alpha-TVD: P(S) - Q(S) <= alpha for every S, so TPR <= min{1, gamma + alpha} (Thm 15)")
    d.identity("thm15:attained", (sp.Abs(alpha_tv - 0) + sp.Abs(0) + sp.Abs(0 - alpha_tv)) / 2, alpha_tv, UNIT,
               text=r"attained: $P = (\alpha, 1-\alpha, 0)$, $Q = (0, 1-\alpha, \alpha)$ has TV $\alpha$ and "
                    r"ROC vertices $(0, \alpha)$, $(1-\alpha, 1)$, i.e. TPR $= \min\{1, \gamma+\alpha\}$ "
                    "(the (0, alpha)-DP mechanism of Example 1)")
    tight = sp.Piecewise((G + alpha_tv, G <= 1 - alpha_tv), (1, True))
    d.define(r"\mathrm{PPV}^*_{TV}", tight / (tight + RHO * G), r"the tight PPV bound under $\alpha$-TVD")
    printed = (G + alpha_tv) / (G + alpha_tv + RHO * G)
    thm17 = quote(PAPER, line=469, latex=r"\frac{\gamma + \alpha}{\gamma + \alpha + \rho\gamma}")
    d.printed("thm17:tight-part", thm17, printed, dom, where="Theorem 17",
              notation=NOTATION.extend(symbols={r"\alpha": alpha_tv}),
              text=r"for $\gamma \le 1 - \alpha$ the printed bound is the tight one")
    d.sign("thm17:loose-part", printed - 1 / (1 + RHO * G), "positive",
           {**UNIT, G: sp.Interval.Lopen(1 - alpha_tv, 1)},
           text=r"for $\gamma > 1 - \alpha$ it exceeds the tight $1/(1 + \rho\gamma)$: valid, not tight")
    d.identity("sec5.2:tvd-accuracy", (1 + alpha_tv) / 2, sp.Rational(1, 2) + alpha_tv / 2, UNIT,
               text=r"balanced accuracy $\le 1/2 + \alpha/2$ (Sec. 5.2, from Eq. 4)")


def ppv_code(d):
    """PPV_curve.m evaluates (Fp(1:i)+alpha)/(Fp(1:i)+alpha+rho*Fp(1:i)): a least-squares ratio of row vectors."""
    fp = [sp.Rational(j, 100) for j in range(3)]
    a, r = sp.Rational(1, 5), sp.Integer(1)
    x = [f + a for f in fp]
    y = [f + a + r * f for f in fp]
    code = sum(u * v for u, v in zip(x, y)) / sum(v * v for v in y)
    d.identity("fig7:code-value", code, sp.Rational(139, 146),
               text=r"MATLAB's $x/y$ for row vectors is the scalar $c$ minimising $\|c y - x\|$, "
                    r"$(x \cdot y)/(y \cdot y)$; at $\alpha = 0.2$, $\rho = 1$, $i = 3$ ($\gamma = 0.02$) the "
                    r"script plots $(0.2\cdot0.2 + 0.21\cdot0.22 + 0.22\cdot0.24)/(0.2^2 + 0.22^2 + 0.24^2) "
                    r"= 139/146 = 0.95205$")
    d.sign("fig7:code-above", code - (fp[2] + a) / (fp[2] + a + r * fp[2]), "positive",
           text=r"above Theorem 17's $0.22/0.24 = 0.91667$ at $\gamma = 0.02$: the plotted TVD PPV curve "
                "is not the theorem's (too high, the safe side, but not the bound stated)")
    d.note(r"$\texttt{ROC\_curve.m}$ plots $\mathrm{TPR} = \min(e^\epsilon \gamma + \delta, 1 + (\gamma - 1 + \delta) "
           r"e^{-\epsilon})$ without the cap 1 (above 1 for $\gamma > 1 - \delta$, hidden by the axis limits); "
           r"$\texttt{PPV\_curve.m}$ takes $\rho$ (named $\texttt{sample\_rate}$) where the text speaks of the "
           r"proportion $p$ of training samples, $\rho = (1 - p)/p$")


def _gauss_roc(gamma, s):
    return mp.ncdf(mp.sqrt(2) * mp.erfinv(2 * gamma - 1) + 1 / mp.mpf(s)) if 0 < gamma < 1 else mp.mpf(gamma)


def gaussian_inside(d):
    """A real mechanism's ROC lies inside both regions (Gaussian, sensitivity 1, sigma = 2, delta = 1e-5)."""
    s = 2
    e = analytic_epsilon(1 / mp.mpf(s), mp.mpf(FIG_DELTA))
    a = 2 * mp.ncdf(1 / mp.mpf(2 * s)) - 1
    dom = {G: sp.Interval(0, 1)}
    boundary = lambda gamma: min(1, FIG_DELTA + mp.exp(e) * gamma, 1 - mp.exp(-e) * (1 - FIG_DELTA - gamma))
    d.sign("gauss:inside-dp", lambda gamma: boundary(gamma) - _gauss_roc(gamma, s), "nonnegative", dom,
           text=rf"N(0, 4) vs N(1, 4): $(\epsilon, 10^{{-5}})$-DP with $\epsilon = {mp.nstr(e, 6)}$ (analytic); "
                "its ROC $\\Phi(\\Phi^{-1}(\\gamma) + 1/2)$ lies below the Theorem-14 boundary")
    roc = Phi(PhiInv(G) + 1 / sp.Integer(s))                   # _gauss_roc as an expression (0, 1 at the ends)
    d.sign("gauss:inside-tvd", sp.Min(1, G + 2 * Phi(1 / sp.Integer(2 * s)) - 1) - roc, "nonnegative", dom,
           text=rf"and below the Theorem-15 one with $\alpha = 2\Phi(1/4) - 1 = {mp.nstr(a, 6)}$ (Thm 12)")


def _params(s):
    e = float(analytic_epsilon(1 / mp.mpf(s), mp.mpf(FIG_DELTA)))
    return e, float(2 * mp.ncdf(1 / mp.mpf(2 * s)) - 1)


def _exact_roc(s):
    from scipy.stats import norm
    with np.errstate(divide="ignore"):
        return norm.cdf(norm.ppf(GRID) + 1 / s)


def figures(d):
    labels = (r"$(\epsilon,\delta)$-DP", r"$\alpha$-TVD", r"Gaussian $\sigma$ (exact)")
    for s in SIGMAS:
        e, a = _params(s)
        dp, tv, roc = mia.dp(e, FIG_DELTA), mia.tvd(a), _exact_roc(s)
        cap = rf"$\sigma = {s}$: $\epsilon = {e:.4g}$, $\delta = 10^{{-5}}$, $\alpha = {a:.4g}$"
        advantages = (dp.advantage(GRID), tv.advantage(GRID), roc - GRID)
        d.figure(f"fig5-sigma{s}", f"Membership advantage bounds (Figure 5 regenerated, Thms 14, 15; {cap})",
                 r"$\gamma$", r"$\mathrm{Adv}$", {k: list(zip(GRID, v)) for k, v in zip(labels, advantages)})
        d.figure(f"fig6-sigma{s}", f"ROC regions (Figure 6 regenerated; {cap})", r"$\gamma$", r"$\mathrm{TPR}$",
                 dict(zip(labels, (zip(GRID, dp.tpr(GRID)), zip(GRID, tv.tpr(GRID)), zip(GRID, roc)))))
    e, a = _params(2)
    dp, tv = mia.dp(e, FIG_DELTA), mia.tvd(a)
    for p in ("0.5", "0.2", "0.1", "0.01"):
        rho = (1 - float(p)) / float(p)
        d.figure(f"fig7-p{p}", rf"PPV bounds at $\sigma = 2$, member fraction $p = {p}$ (Figure 7 regenerated, "
                 r"Thms 16, 17 (tight form))", r"$\gamma$", r"$\mathrm{PPV}$",
                 {labels[0]: list(zip(GRID, mia.ppv(dp.tpr(GRID), GRID, rho, dp.ppv_at_zero(rho)))),
                  labels[1]: list(zip(GRID, mia.ppv(tv.tpr(GRID), GRID, rho, tv.ppv_at_zero(rho))))})


@derivation(id="tvd2023.s5-membership", title="Membership inference under DP and TVD (Jia et al. 2023, Sec. 5)",
            paper=PAPER, where="Experiment 1 (Sec. 2.5); Sec. 5.2; Theorems 14-17; Figures 5-7")
def membership(d):
    experiment(d)
    t1, t2 = dp_region(d)
    dp_attained(d, t1, t2)
    max_advantage(d, t1, t2)
    theorem16(d, t1, t2)
    tvd_bounds(d)
    ppv_code(d)
    gaussian_inside(d)
    figures(d)
