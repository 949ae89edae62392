"""The highest F-beta against the Laplace mechanism, derived by the three-interval analysis.

Liu et al. (2019) derive it twice: appendix 10.3 for the uniform prior (Eq. 12,
26-28) and appendix 10.5.1 for an adversary whose posterior odds carry the
factor kappa = 1 - rho_p (Eq. 18, 30-32).  Both run :func:`derive` with their
own printed formulas (:class:`Printed`); kappa = 1 is the uniform prior.  f =
(kappa GSR + beta^2)/RSR on theta < Q(D'), Q(D') < theta < Q(D) and theta >=
Q(D); its derivative on each; the sign analysis that splits at epsilon =
log(1 + beta^2/kappa); the stationary threshold; the optimum.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import mpmath as mp
import sympy as sp

from ..adversary import closed_forms, metrics
from ..engine.sampling.oracles import maximize
from ..engine.model.status import Status
from ..mechanisms import laplace
from ..symbols import NEIGHBOURS, QDp, beta, bound, dQ, eps, gsr, rsr, theta, w

B2 = beta**2
A = (theta - QDp) * eps / dQ          # the exponent (theta - Q(D')) eps / Delta Q
INTERVALS = {  # name: (probe point, domain of theta)
    "interval1": (QDp - 1, sp.Interval(-sp.oo, QDp)),
    "interval2": (QDp + dQ / 2, sp.Interval.open(QDp, QDp + dQ)),
    "interval3": (QDp + 2 * dQ, sp.Interval(QDp + dQ, sp.oo)),
}


@dataclass(frozen=True)
class Printed:
    """What the paper prints for one run of the analysis, and the claim ids to record it under.

    Each printed formula is a SymPy expression or a :func:`symdp.quote` of the paper's LaTeX, read
    with ``notation`` and, where the extraction is garbled, the claim's reading.
    """

    section: str                 # claim-id prefix, e.g. "app10.3"
    where: str                   # e.g. "appendix 10.3"
    derivative_ids: tuple        # e.g. ("eq26", "eq27", "eq28")
    fstar_id: str                # e.g. "eq12"
    f: dict                      # interval name -> printed f
    df: dict                     # derivative id -> printed derivative
    theta_star: sp.Basic
    optimum: sp.Basic            # printed value of F-beta at theta*
    fstar: sp.Basic              # printed F*_beta (Piecewise)
    errata: dict = field(default_factory=dict)   # claim id -> why the printed text is wrong
    f_of_f: object = None        # printed F-beta in terms of f (first display); None: the form of Sec. 3
    readings: dict = field(default_factory=dict)  # claim id -> symdp.latex.Reading of a garbled extraction
    notation: object = None      # symdp.latex.Notation for the quoted formulas (None: the default table)


@dataclass(frozen=True)
class Setting:
    """kappa (1 for the uniform prior, else a positive symbol) and the domains that go with it."""

    kappa: sp.Basic = sp.Integer(1)
    kappa_domain: dict = field(default_factory=dict)

    @property
    def turn(self):
        return sp.log(1 + B2 / self.kappa)

    def eps_domain(self, low: bool) -> dict:
        iv = sp.Interval.open(0, self.turn) if low else sp.Interval.open(self.turn, sp.oo)
        return {beta: sp.Interval.open(0, sp.oo), **self.kappa_domain, eps: iv}


def _claim_printed(d, p: Printed, cid, printed, derived, dom, where, text=""):
    why = p.errata.get(cid)
    d.printed(cid, printed, derived, dom, where=where, text=why or text,
              expect=Status.ERRATUM if why else None, reading=p.readings.get(cid), notation=p.notation)


def f_to_metric(d, p: Printed, s: Setting):
    """F-beta = (1 + beta^2)/(1 + (kappa GSR + beta^2)/RSR)."""
    prec = 1 / (1 + s.kappa * gsr / rsr)
    fb = d.define(r"F_\beta", metrics.fbeta(prec, metrics.recall(rsr)),
                  r"Sec. 3 with precision $1/(1 + \kappa\,\mathrm{GSR}/\mathrm{RSR})$")
    printed = p.f_of_f if p.f_of_f is not None else (1 + B2) / (1 + (s.kappa * gsr + B2) / rsr)
    _claim_printed(d, p, f"{p.section}:F-of-f", printed, fb, None, f"{p.where}, first display")


def on_interval(d, p: Printed, s: Setting, name: str):
    """f on one interval, compared with the printed f; its derivative."""
    probe, theta_range = INTERVALS[name]
    r = d.piece(r"\mathrm{RSR}", laplace.rsr(theta).subs(NEIGHBOURS), theta, probe, f"{name} of theta")
    g = d.piece(r"\mathrm{GSR}", laplace.gsr(theta).subs(NEIGHBOURS), theta, probe)
    f = d.define("f", (s.kappa * g + B2) / r)
    dom = {theta: theta_range, **s.kappa_domain}
    _claim_printed(d, p, f"{p.section}:{name}:f", p.f[name], f, dom, f"{p.where}, {name}")
    return f, r, d.differentiate(r"\partial f/\partial\theta", f, theta), dom


def interval1(d, p: Printed, s: Setting):
    f, r, df, dom = on_interval(d, p, s, "interval1")
    eq = p.derivative_ids[0]
    c = (s.kappa + B2) * sp.exp(-eps) - s.kappa
    d.identity(f"{eq}:derived", df, eps / (2 * dQ) * sp.exp(A) * c / r**2, dom,
               text=r"the derivative factors as a positive term times $(\kappa + \beta^2) e^{-\epsilon} - \kappa$")
    _claim_printed(d, p, eq, p.df[eq], df, dom, eq.replace("eq", "Eq. "))
    d.sign(f"{eq}:factor-positive", eps / (2 * dQ) * sp.exp(A) / r**2, "positive", dom)
    d.sign("split:low", c, "positive", s.eps_domain(True),
           text=r"$\epsilon < \log(1 + \beta^2/\kappa)$: $f$ increases on interval 1")
    d.sign("split:high", c, "negative", s.eps_domain(False),
           text=r"$\epsilon > \log(1 + \beta^2/\kappa)$: $f$ decreases on interval 1")
    limit = d.limit(r"\lim_{\theta\to-\infty} f", f, theta, -sp.oo,
                    text=r"the infimum of $f$ on interval 1 when $f$ increases there (not attained)")
    return f, limit


def interval2(d, p: Printed, s: Setting):
    f, r, df, dom = on_interval(d, p, s, "interval2")
    eq = p.derivative_ids[1]
    g = s.kappa * sp.exp(-eps) - s.kappa * sp.exp(-A) + B2 * sp.exp(A - eps)
    d.identity(f"{eq}:derived", df, eps / (2 * dQ) * g / r**2, dom)
    _claim_printed(d, p, eq, p.df[eq], df, dom, eq.replace("eq", "Eq. "))
    d.monotone(f"{eq}:g-increasing", g, theta, True, dom, text=r"the numerator $g$ increases in $\theta$, "
               "so $f$ has at most one stationary point on interval 2, a minimum")
    d.identity(f"{eq}:g-left", g.subs(theta, QDp), (s.kappa + B2) * sp.exp(-eps) - s.kappa,
               text=r"$g$ at $\theta = Q(D')$")
    d.identity(f"{eq}:g-right", g.subs(theta, QDp + dQ), B2, text=r"$g$ at $\theta = Q(D)$ is $\beta^2 > 0$")
    return f, g


def stationary(d, p: Printed, s: Setting, f2, g):
    """Solve g = 0 in x = e^{(theta - Q(D')) eps/Delta Q} and evaluate the optimum."""
    k = s.kappa
    g_x = d.substitute("g", g, {sp.exp(A): w, sp.exp(-A): 1 / w, sp.exp(A - eps): w * sp.exp(-eps)},
                       r"$x = e^{(\theta - Q(D'))\epsilon/\Delta Q} > 0$")
    (x_star,) = d.solve("x^*", g_x, w, "the stationary point (the positive root)")
    theta_star = QDp + dQ / eps * sp.log(x_star)
    d.identity("stationary:root", g.subs(theta, theta_star), 0, s.kappa_domain, text=r"$g$ vanishes at $\theta^*$")
    _claim_printed(d, p, "stationary:theta", p.theta_star, theta_star, s.kappa_domain,
                   f"{p.where} (stationary theta)")
    root = sp.sqrt(k**2 + 4 * B2 * k * sp.exp(eps))
    left = 2 * (k * sp.exp(eps) - k - B2) / (root + k + 2 * B2)
    d.identity("stationary:x-minus-1", x_star - 1, left, s.kappa_domain,
               text=r"$\theta^* > Q(D')$ exactly when $\epsilon > \log(1 + \beta^2/\kappa)$")
    d.sign("stationary:inside-left", left, "positive", s.eps_domain(False), text=r"so $\theta^* > Q(D')$ on that range")
    right = 2 * B2 * sp.exp(2 * eps) / (2 * B2 * sp.exp(eps) + k + root)
    d.identity("stationary:e-minus-x", sp.exp(eps) - x_star, right, s.kappa_domain)
    d.sign("stationary:inside-right", right, "positive", s.kappa_domain, text=r"so $\theta^* < Q(D)$ always")
    best = d.rewrite(r"F_\beta(\theta^*)", (1 + B2) / (1 + f2.subs(theta, theta_star)), "cancel",
                     r"the optimum of $F_\beta$ on interval 2")
    _claim_printed(d, p, f"{p.section}:optimum", p.optimum, best, s.kappa_domain, f"{p.where} (value at theta*)")
    return best


def interval3(d, p: Printed, s: Setting):
    f, r, df, dom = on_interval(d, p, s, "interval3")
    eq = p.derivative_ids[2]
    d.identity(f"{eq}:derived", df, 2 * B2 * eps / dQ * sp.exp(A - eps), dom)
    _claim_printed(d, p, eq, p.df[eq], df, dom, eq.replace("eq", "Eq. "))
    d.monotone(f"{eq}:increasing", f, theta, True, dom, text=r"$f$ increases on interval 3")
    return f


def combine(d, p: Printed, s: Setting, f1, f2, f3, limit, best):
    """Continuity at the interval ends and the case split give F*_beta."""
    d.identity("continuity:Q(D')", f1.subs(theta, QDp), f2.subs(theta, QDp))
    d.identity("continuity:Q(D)", f2.subs(theta, QDp + dQ), f3.subs(theta, QDp + dQ))
    d.identity("limit", limit, s.kappa + B2, text=r"$f \to \kappa + \beta^2$ as $\theta \to -\infty$")
    derived = sp.Piecewise(((1 + B2) / (1 + limit), eps < s.turn), (best, True))
    d.define(r"F^*_\beta", derived, r"$\epsilon < \log(1+\beta^2/\kappa)$: $f$ increases on all three intervals, the "
             r"supremum is the limit $\theta \to -\infty$ (not attained); otherwise the minimum of $f$ is at $\theta^*$")
    d.identity(f"{p.fstar_id}:continuous", best.subs(eps, s.turn), (1 + B2) / (1 + s.kappa + B2),
               {beta: sp.Interval.open(0, sp.oo), **s.kappa_domain},
               text=r"both branches meet at $\epsilon = \log(1 + \beta^2/\kappa)$")
    _claim_printed(d, p, p.fstar_id, p.fstar, derived, s.kappa_domain, p.fstar_id.replace("eq", "Eq. "))
    d.identity(f"{p.fstar_id}:library", closed_forms.fbeta_star(k=s.kappa), derived, s.kappa_domain,
               text="the library's overflow-free form (used by the numpy and mpmath fast paths)")
    return derived


def derive(d, p: Printed, s: Setting = Setting()):
    """The whole analysis; returns the derived F*_beta."""
    d.define(r"\kappa", s.kappa, r"the adversary's least posterior-odds factor ($\kappa = 1$: uniform prior)")
    f_to_metric(d, p, s)
    f1, limit = interval1(d, p, s)
    f2, g = interval2(d, p, s)
    best = stationary(d, p, s, f2, g)
    f3 = interval3(d, p, s)
    return combine(d, p, s, f1, f2, f3, limit, best)


def brute_force(epsilon, beta, kappa=1):
    """Oracle: maximise F-beta over the threshold by search, from the Laplace tails alone."""
    tail = lambda z: mp.exp(-z) / 2 if z >= 0 else 1 - mp.exp(z) / 2
    b2 = beta**2
    def fb(u):  # u = (theta - Q(D')) eps / Delta Q
        r, g = tail(u - epsilon), tail(u)
        precision, recall = 1 / (1 + kappa * g / r), r
        return 1 / (1 / ((1 + b2) * precision) + b2 / ((1 + b2) * recall))
    return maximize(fb, -200, epsilon + 200)[1]


def cross_check(d, p: Printed, s: Setting, domain=None):
    d.cross_check(f"{p.fstar_id}:brute-force", closed_forms.fbeta_star(k=s.kappa), brute_force,
                  {**(domain or {}), **s.kappa_domain},
                  text="against maximising F-beta over the threshold by grid and golden-section "
                       r"search ($u = (\theta - Q(D'))\epsilon/\Delta Q$ from $-200$, standing for "
                       r"$\theta \to -\infty$, to $\epsilon + 200$)")


def inverse(d, p: Printed, s: Setting):
    """The closed-form inverse used by ``symdp epsilon``."""
    k = s.kappa
    branch = closed_forms.fbeta_star(k=k).args[1][0]
    inv = d.define(r"\epsilon(F)", closed_forms.epsilon_for_fbeta(k=k), r"the largest $\epsilon$ with $F^*_\beta \le F$")
    dom = {beta: sp.Interval.open(0, sp.oo), **s.kappa_domain, bound: sp.Interval.Ropen((1 + B2) / (1 + k + B2), 1)}
    d.identity("inverse:round-trip", branch.subs(eps, inv), bound, dom, hint="factored radicands",
               text=r"$F^*_\beta(\epsilon(F)) = F$")
    poly = k**2 * bound * (1 + B2 - bound) - (k + B2) * (1 + B2) ** 2 * (1 - bound) ** 2
    d.identity("inverse:on-branch", sp.exp(inv) * k / (k + B2) - 1,
               poly / ((k + B2) * (1 + B2) ** 2 * (1 - bound) ** 2), dom)
    d.sign("inverse:on-branch-sign", poly, "nonnegative", dom,
           text=r"so $e^{\epsilon(F)} \ge 1 + \beta^2/\kappa$: $\epsilon(F)$ lies on the increasing branch")
    d.monotone(f"{p.fstar_id}:increasing", branch, eps, True, s.eps_domain(False),
               text=r"$F^*_\beta$ strictly increases for $\epsilon > \log(1 + \beta^2/\kappa)$, so $\epsilon(F)$ is the largest")
