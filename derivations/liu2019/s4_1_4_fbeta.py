"""Liu et al. (PoPETs 2019), Sec. 4.1.4 and appendix 10.3: the highest F-beta (Eq. 12).

Derived the way appendix 10.3 does it: F-beta as (1 + beta^2)/(1 + f) with
f = (GSR + beta^2)/RSR, f on the three intervals of theta, its derivative on
each (Eq. 26-28), the sign analysis that splits at epsilon = log(1 + beta^2),
the stationary threshold and the optimum; then the result is compared with
the printed Eq. 12, with the library's closed form, and with a brute-force
maximisation over the threshold at 60 digits.
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.adversary import closed_forms, metrics
from symdp.adversary import fast
from symdp.engine.oracles import maximize
from symdp.mechanisms import laplace
from symdp.symbols import NEIGHBOURS, QD, QDp, beta, bound, dQ, eps, gsr, rsr, theta, w

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
HALF = sp.Rational(1, 2)
B2 = beta**2
A = (theta - QDp) * eps / dQ                      # the exponent (theta - Q(D')) eps / Delta Q
TURN = sp.log(1 + B2)                             # the case split of Eq. 12
EPS_LOW = {beta: sp.Interval.open(0, sp.oo), eps: sp.Interval.open(0, TURN)}
EPS_HIGH = {beta: sp.Interval.open(0, sp.oo), eps: sp.Interval.open(TURN, sp.oo)}
INTERVALS = {  # name: (probe point, domain of theta)
    "interval1": (QDp - 1, sp.Interval(-sp.oo, QDp)),
    "interval2": (QDp + dQ / 2, sp.Interval.open(QDp, QDp + dQ)),
    "interval3": (QDp + 2 * dQ, sp.Interval(QDp + dQ, sp.oo)),
}
FIG3B_BETAS = ("0.5", "1", "1.5", "2")


def _e(v):
    return sp.exp(v)


# Appendix 10.3 as printed (exponents read as e^{... eps / Delta Q}; the extraction
# places eps outside some exponents, which is noise, not a finding).
PRINTED_F = {
    "interval1": (1 + B2 - HALF * _e(-A)) / (1 - HALF * _e(-A)),
    "interval2": (HALF * _e(-A) + B2) / (1 - HALF * _e(-A)),
    "interval3": (HALF * _e(-A) + B2) / (HALF * _e(-(A - eps))),
}
PRINTED_DF = {
    "eq26": eps / (2 * dQ) * _e(-A) * ((1 + B2) * _e(-eps) - 1) / (1 - HALF * _e(-A)) ** 2,
    "eq27": eps / (2 * dQ) * (_e(-eps) - _e(-A) + B2 * _e(-(A - eps))) / (1 - HALF * _e(-(A - eps))) ** 2,
    "eq28": HALF * B2 * eps * _e(-(A - eps)) / (HALF * _e(-(A - eps))) ** 2,
}
ERRATA = {"interval1": "numerator and denominator: both exponents have the wrong sign and the "
                       "denominator (RSR) uses $Q(D')$ instead of $Q(D)$",
          "interval2": r"denominator (RSR) printed as $1 - 0.5 e^{-(\theta-Q(D'))\epsilon/\Delta Q}$; it is "
                       r"$1 - 0.5 e^{(\theta-Q(D))\epsilon/\Delta Q}$",
          "interval3": None,
          "eq26": "exponent sign in the numerator and the denominator's RSR (as in the printed f)",
          "eq27": r"the $\beta^2$ term's exponent has the wrong sign and so does the denominator's; "
                  "the endpoint values the text then states are those of the corrected form",
          "eq28": r"the derivative lacks the factor $1/\Delta Q$ (the first printed term also has $\epsilon^2$ for $\epsilon$); "
                  "its sign, which is all the argument uses, is right"}


def f_to_metric(d):
    """F-beta = (1 + beta^2) / (1 + (GSR + beta^2)/RSR) (appendix 10.3, first display)."""
    fb = d.define(r"F_\beta", metrics.fbeta(metrics.precision(rsr, gsr), metrics.recall(rsr)),
                  "Sec. 3 with Eq. 11")
    d.printed("app10.3:F-of-f", (1 + B2) / (1 + (gsr + B2) / rsr), fb, where="appendix 10.3, first display")


def on_interval(d, name):
    """f = (GSR + beta^2)/RSR on one interval, compared with the printed f; its derivative."""
    probe, theta_range = INTERVALS[name]
    r = d.piece(r"\mathrm{RSR}", laplace.rsr(theta).subs(NEIGHBOURS), theta, probe, f"{name} of theta")
    g = d.piece(r"\mathrm{GSR}", laplace.gsr(theta).subs(NEIGHBOURS), theta, probe)
    f = d.define("f", (g + B2) / r)
    dom = {theta: theta_range}
    expect = Status.ERRATUM if ERRATA[name] else None
    d.printed(f"app10.3:{name}:f", PRINTED_F[name], f, dom, where=f"appendix 10.3, {name}",
              text=ERRATA[name] or "", expect=expect)
    return f, r, d.differentiate(r"\partial f/\partial\theta", f, theta), dom


def interval1(d):
    f, r, df, dom = on_interval(d, "interval1")
    c = (1 + B2) * sp.exp(-eps) - 1
    corrected = eps / (2 * dQ) * sp.exp(A) * c / r**2
    d.identity("eq26:derived", df, corrected, dom, text="the derivative factors as a positive term times "
               r"$(1 + \beta^2) e^{-\epsilon} - 1$")
    d.printed("eq26", PRINTED_DF["eq26"], df, dom, where="Eq. 26", text=ERRATA["eq26"], expect=Status.ERRATUM)
    d.sign("eq26:factor-positive", eps / (2 * dQ) * sp.exp(A) / r**2, "positive", dom)
    d.sign("split:low", c, "positive", EPS_LOW, text=r"$\epsilon < \log(1 + \beta^2)$: $f$ increases on interval 1")
    d.sign("split:high", c, "negative", EPS_HIGH, text=r"$\epsilon > \log(1 + \beta^2)$: $f$ decreases on interval 1")
    limit = d.limit(r"\lim_{\theta\to-\infty} f", f, theta, -sp.oo,
                    text=r"the infimum of $f$ on interval 1 when $f$ increases there (not attained)")
    return f, limit


def interval2(d):
    f, r, df, dom = on_interval(d, "interval2")
    g = sp.exp(-eps) - sp.exp(-A) + B2 * sp.exp(A - eps)
    d.identity("eq27:derived", df, eps / (2 * dQ) * g / r**2, dom)
    d.printed("eq27", PRINTED_DF["eq27"], df, dom, where="Eq. 27", text=ERRATA["eq27"], expect=Status.ERRATUM)
    d.monotone("eq27:g-increasing", g, theta, True, dom, text=r"the numerator $g$ increases in $\theta$, "
               "so $f$ has at most one stationary point on interval 2, a minimum")
    d.identity("eq27:g-left", g.subs(theta, QDp), (1 + B2) * sp.exp(-eps) - 1, text=r"$g$ at $\theta = Q(D')$")
    d.identity("eq27:g-right", g.subs(theta, QDp + dQ), B2, text=r"$g$ at $\theta = Q(D)$ is $\beta^2 > 0$")
    return f, g


def stationary(d, f2, g):
    """Solve g = 0 in x = e^{(theta - Q(D')) eps/Delta Q} and evaluate the optimum."""
    g_x = d.substitute("g", g, {sp.exp(A): w, sp.exp(-A): 1 / w, sp.exp(A - eps): w * sp.exp(-eps)},
                       r"$x = e^{(\theta - Q(D'))\epsilon/\Delta Q} > 0$")
    (x_star,) = d.solve("x^*", g_x, w, "the stationary point (the positive root)")
    theta_star = QDp + dQ / eps * sp.log(x_star)
    d.identity("stationary:root", g.subs(theta, theta_star), 0, text=r"$g$ vanishes at $\theta^*$")
    s = sp.sqrt(1 + 4 * B2 * sp.exp(eps))
    d.printed("stationary:theta", dQ / eps * sp.log((-1 + s) / (2 * B2)) + QDp, theta_star,
              where="appendix 10.3 (stationary theta)")
    left = 2 * (sp.exp(eps) - 1 - B2) / (s + 1 + 2 * B2)
    d.identity("stationary:x-minus-1", x_star - 1, left,
               text=r"$\theta^* > Q(D')$ exactly when $\epsilon > \log(1 + \beta^2)$")
    d.sign("stationary:inside-left", left, "positive", EPS_HIGH, text=r"so $\theta^* > Q(D')$ on that range")
    right = 2 * B2 * sp.exp(2 * eps) / (2 * B2 * sp.exp(eps) + 1 + s)
    d.identity("stationary:e-minus-x", sp.exp(eps) - x_star, right)
    d.sign("stationary:inside-right", right, "positive", text=r"so $\theta^* < Q(D)$ always")
    best = d.rewrite(r"F_\beta(\theta^*)", (1 + B2) / (1 + f2.subs(theta, theta_star)), "cancel",
                     r"the optimum of $F_\beta$ on interval 2")
    printed_min = (1 + B2) * (1 + 4 * B2 * sp.exp(eps) - s) / ((1 + B2) * (1 + 4 * B2 * sp.exp(eps)) - (1 - B2) * s)
    d.printed("app10.3:optimum", printed_min, best, where="appendix 10.3 (value at theta*)",
              text=r"the text calls it the `minimum value for $F_\beta$'; it is the minimum of $f$ and the maximum of $F_\beta$")
    return best


def interval3(d):
    f, r, df, dom = on_interval(d, "interval3")
    d.identity("eq28:derived", df, 2 * B2 * eps / dQ * sp.exp(A - eps), dom)
    d.printed("eq28", PRINTED_DF["eq28"], df, dom, where="Eq. 28", text=ERRATA["eq28"], expect=Status.ERRATUM)
    d.monotone("eq28:increasing", f, theta, True, dom, text=r"$f$ increases on interval 3")
    return f


def combine(d, f1, f2, f3, limit, best):
    """Continuity at the interval ends and the case split give Eq. 12."""
    d.identity("continuity:Q(D')", f1.subs(theta, QDp), f2.subs(theta, QDp))
    d.identity("continuity:Q(D)", f2.subs(theta, QDp + dQ), f3.subs(theta, QDp + dQ))
    d.identity("limit", limit, 1 + B2, text=r"$f \to 1 + \beta^2$ as $\theta \to -\infty$")
    derived = sp.Piecewise(((1 + B2) / (1 + limit), eps < TURN), (best, True))
    d.define(r"F^*_\beta", derived, r"$\epsilon < \log(1+\beta^2)$: $f$ increases on all three intervals, the "
             r"supremum is the limit $\theta \to -\infty$ (not attained); otherwise the minimum of $f$ is at $\theta^*$")
    d.identity("eq12:continuous", best.subs(eps, TURN), (1 + B2) / (2 + B2),
               {beta: sp.Interval.open(0, sp.oo)}, text=r"both branches meet at $\epsilon = \log(1 + \beta^2)$")
    s = sp.sqrt(1 + 4 * B2 * sp.exp(eps))
    printed = sp.Piecewise(((1 + B2) / (2 + B2), eps < TURN),
                           ((1 + B2) * (s - 1) / ((1 + B2) * s - 1 + B2), True))
    d.printed("eq12", printed, derived, where="Eq. 12")
    d.identity("eq12:library", closed_forms.fbeta_star(), derived,
               text="the library's overflow-free form (used by the numpy and mpmath fast paths)")
    return derived


def brute_force(epsilon, beta):
    """Oracle: maximise F-beta over the threshold by search, from the Laplace tails alone."""
    tail = lambda z: mp.exp(-z) / 2 if z >= 0 else 1 - mp.exp(z) / 2
    b2 = beta**2
    def fb(u):  # u = (theta - Q(D')) eps / Delta Q
        r, g = tail(u - epsilon), tail(u)
        precision, recall = r / (r + g), r
        return 1 / (1 / ((1 + b2) * precision) + b2 / ((1 + b2) * recall))
    return maximize(fb, -200, epsilon + 200)[1]


def inverse(d):
    """The closed-form inverse used by ``symdp epsilon``."""
    branch = closed_forms.fbeta_star().args[1][0]
    inv = d.define(r"\epsilon(F)", closed_forms.epsilon_for_fbeta(), r"the largest $\epsilon$ with $F^*_\beta \le F$")
    dom = {beta: sp.Interval.open(0, sp.oo), bound: sp.Interval.Ropen((1 + B2) / (2 + B2), 1)}
    d.identity("inverse:round-trip", branch.subs(eps, inv), bound, dom, hint="factored radicands", text=r"$F^*_\beta(\epsilon(F)) = F$")
    ratio = sp.exp(inv)
    poly = bound * (1 + B2 - bound) - (1 + B2) ** 3 * (1 - bound) ** 2
    d.identity("inverse:on-branch", ratio / (1 + B2) - 1, poly / ((1 + B2) ** 3 * (1 - bound) ** 2), dom)
    d.sign("inverse:on-branch-sign", poly, "nonnegative", dom,
           text=r"so $e^{\epsilon(F)} \ge 1 + \beta^2$: $\epsilon(F)$ lies on the increasing branch")
    d.monotone("eq12:increasing", branch, eps, True, EPS_HIGH,
               text=r"$F^*_\beta$ strictly increases for $\epsilon > \log(1 + \beta^2)$, so $\epsilon(F)$ is the largest")


def figure3b(d):
    import numpy as np
    grid = np.linspace(0.0, 6.0, 121)[1:]
    series = {rf"$\beta = {b}$": list(zip(grid, fast.fbeta_star(grid, float(b)))) for b in FIG3B_BETAS}
    d.figure("fig3b", "Highest F-beta of the Neyman-Pearson adversary against epsilon "
             "(Figure 3(b) regenerated from Eq. 12)", r"$\epsilon$", r"$F^*_\beta$", series)


@derivation(id="liu2019.fbeta-laplace",
            title="Highest F-beta against the Laplace mechanism (Eq. 12)",
            paper=PAPER, where="Sec. 4.1.4, Eq. 12; appendix 10.3, Eq. 26-28; Figure 3(b)")
def fbeta_laplace(d):
    f_to_metric(d)
    f1, limit = interval1(d)
    f2, g = interval2(d)
    best = stationary(d, f2, g)
    f3 = interval3(d)
    combine(d, f1, f2, f3, limit, best)
    d.cross_check("eq12:brute-force", closed_forms.fbeta_star(), brute_force,
                  text="against maximising F-beta over the threshold by grid and golden-section "
                       r"search ($u = (\theta - Q(D'))\epsilon/\Delta Q$ from $-200$, standing for "
                       r"$\theta \to -\infty$, to $\epsilon + 200$)")
    inverse(d)
    figure3b(d)
