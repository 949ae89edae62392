"""Liu et al. (PoPETs 2019), Sec. 5 and appendix 10.5: auxiliary information.

An adversary who knows the prior (rho_p), the correlation across records
(rho_c) and across time (rho_t) has posterior odds at most 1/kappa with
kappa = 1 - rho_p - (2 - rho_p)(rho_c + rho_t (1 - rho_c)); precision becomes
1/(1 + kappa GSR/RSR) (Eq. 17, 20, 23).  The highest F-beta is derived by the
three-interval analysis of appendix 10.5.1 in kappa (Eq. 18, 30-32), and
Eq. 21 and 24 follow by the substitutions of appendix 10.5.2-10.5.3.
"""
import numpy as np
import sympy as sp

from symdp import Reading, Status, derivation, quote
from symdp.adversary import closed_forms, fast
from symdp.adversary import table as table1
from symdp.adversary.inverse import kappa_of
from symdp.engine.enclose.bounds import AT_MOST, safe_round
from symdp.latex import NOTATION
from symdp.mechanisms import laplace_fast
from symdp.procedures import laplace_fbeta as proc
from symdp.procedures.laplace_fbeta import B2
from symdp.symbols import QDp, beta, dQ, eps, gsr, kappa, rho_c, rho_p, rho_t, rsr

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
KAPPA_P = 1 - rho_p
KAPPA_C = 1 - rho_p - rho_c * (2 - rho_p)
KAPPA_T = 1 - rho_p - (2 - rho_p) * (rho_c + rho_t * (1 - rho_c))
RHO_DOMAIN = {rho_p: sp.Interval.Ropen(0, 1),
              rho_c: sp.Interval.Ropen(0, (1 - rho_p) / (2 - rho_p)),
              rho_t: sp.Interval.Ropen(0, ((1 - rho_p) / (2 - rho_p) - rho_c) / (1 - rho_c))}
SETTING = proc.Setting(kappa, {kappa: sp.Interval.Lopen(0, 1)})
SETTINGS = {"none": (0, 0, 0), "prior": (0.2, 0, 0), "prior+records": (0.2, 0.1, 0),
            "prior+records+time": (0.2, 0.1, 0.1)}


def fstar_corrected(k):
    """Eq. 18 with e^eps restored in its second branch and 1 - rho_p replaced by the setting's kappa."""
    s = sp.sqrt(1 + 4 * B2 * sp.exp(eps) / k)
    return sp.Piecewise(((1 + B2) / (1 + k + B2), eps < sp.log(1 + B2 / k)),
                        ((1 + B2) * (s - 1) / ((1 + B2) * s - 1 + B2), True))


EQ30 = (r"\frac{\frac{0.5\epsilon}{\Delta Q} e^{\frac{\theta-Q(D')}{\Delta Q}\epsilon} ((1-\rho_p + \beta^2)e^{-\epsilon}"
        r" - (1-\rho_p))}{(1-0.5e^{\frac{\theta-Q(D)}{\Delta Q}\epsilon})^2}")
# Eq. 31 and 32: the last member of each display (the number "(31)", "(32)" stands before it, mid-display)
EQ31 = (r"\frac{\frac{0.5(1-\rho_p)\epsilon}{\Delta Q} (e^{-\epsilon} - e^{-\frac{\theta-Q(D')}{\Delta Q}\epsilon}) + "
        r"\frac{\beta^2}{1-\rho_p} e^{\frac{\theta-Q(D)}{\Delta Q}\epsilon}}{(1-0.5e^{\frac{\theta-Q(D)}{\Delta Q}"
        r"\epsilon})^2}")
EQ32 = (r"\frac{\frac{0.5\beta^2\epsilon}{\Delta Q} e^{-\frac{\theta-Q(D)}{\Delta Q}\epsilon}}{(0.5e^{\frac{\theta-Q(D)}"
        r"{\Delta Q}\epsilon})^2}")
EQ18 = (r"\begin{cases} \frac{1 + \beta^2}{2 + \beta^2 - \rho_p}, & \epsilon < \log\left(1 + \frac{\beta^2}{1 - "
        r"\rho_p}\right) \\ \frac{(1 + \beta^2)(\sqrt{1 + \frac{4\beta^2\epsilon}{1 - \rho_p}} - 1)}{(1 + \beta^2)"
        r"\sqrt{1 + \frac{4\beta^2\epsilon}{1 - \rho_p}} - 1 + \beta^2}, & \epsilon \geq \log\left(1 + \frac{\beta^2}"
        r"{1 - \rho_p}\right) \end{cases}")
EQ21 = (r"\begin{cases} \frac{1 + \beta^2}{2 + \beta^2 - \rho_p - \rho_c(2 - \rho_p)}, & \epsilon < \epsilon(\rho_p, "
        r"\rho_c) \\ \frac{(1 + \beta^2)(\sqrt{1 + \frac{4\beta^2 e^\epsilon}{1 - \rho_p - \rho_c(2 - \rho_p)}} - 1)}"
        r"{(1 + \beta^2)\sqrt{1 + \frac{4\beta^2 e^\epsilon}{1 - \rho_p - \rho_c(2 - \rho_p)}} - 1 + \beta^2}, & "
        r"\epsilon \geq \epsilon(\rho_p, \rho_c) \end{cases}")
EQ24 = (r"\begin{cases} \frac{1 + \beta^2}{2 + \beta^2 - \rho_p - (2 - \rho_p)(\rho_c + \rho_t(1 - \rho_c))}, & "
        r"\epsilon < \epsilon(\rho_p, \rho_c, \rho_t) \\ \frac{(1 + \beta^2)(\sqrt{1 + \frac{4\beta^2 \epsilon}{1 - "
        r"\rho_p - (2 - \rho_p)(\rho_c + \rho_t(1 - \rho_c))}} - 1)}{(1 + \beta^2)\sqrt{1 + \frac{4\beta^2 \epsilon}"
        r"{1 - \rho_p - (2 - \rho_p)(\rho_c + \rho_t(1 - \rho_c))}} - 1 + \beta^2}, & \epsilon \geq \epsilon(\rho_p, "
        r"\rho_c, \rho_t) \end{cases}")
E_BEFORE_EPSILON = Reading(
    "e restored before epsilon",
    r"the extraction drops the $e$ of $4\beta^2 e^\epsilon$ under both square roots (the seed's own optimum in "
    r"appendix 10.5.1 and Eq. 21 print $e^\epsilon$ there); the branch conditions keep $\epsilon$",
    lambda e: e.replace(lambda x: x.is_Pow and x.exp == sp.S.Half and eps in x.base.free_symbols,
                        lambda x: sp.sqrt(x.base.subs(eps, sp.exp(eps)))))
"""Eq. 18 and 24: sqrt(1 + 4 beta^2 epsilon / ...) read as sqrt(1 + 4 beta^2 e^epsilon / ...)."""
PRIOR_AS_KAPPA = NOTATION.extend(symbols={"Q(D)": QDp + dQ, r"\rho_p": 1 - kappa})
"""Appendix 10.5.1 in the procedure's terms: kappa = 1 - rho_p (Sec. 5.1's least prior ratio), Q(D) = Q(D') + Delta Q."""
PRINTED = proc.Printed(
    section="app10.5.1", where="appendix 10.5.1", derivative_ids=("eq30", "eq31", "eq32"), fstar_id="eq18",
    f_of_f=quote(PAPER, line=605, latex=r"\frac{1+\beta^2}{1 + \frac{(1-\rho_p)GSR + \beta^2}{RSR}}"),
    f={"interval1": quote(PAPER, line=607, latex=r"\frac{1-\rho_p + \beta^2 - 0.5(1-\rho_p)e^{-\frac{\theta-Q(D')}"
                                                 r"{\Delta Q}\epsilon}}{1 - 0.5e^{-\frac{\theta-Q(D)}{\Delta Q}\epsilon}}"),
       "interval2": quote(PAPER, line=615, latex=r"\frac{0.5(1-\rho_p)e^{-\frac{\theta-Q(D')}{\Delta Q}\epsilon} + "
                                                 r"\beta^2}{1-0.5e^{\frac{\theta-Q(D)}{\Delta Q}\epsilon}}"),
       "interval3": quote(PAPER, line=623, latex=r"\frac{0.5(1-\rho_p)e^{-\frac{\theta-Q(D')}{\Delta Q}\epsilon} + "
                                                 r"\beta^2}{0.5e^{\frac{\theta-Q(D)}{\Delta Q}\epsilon}}")},
    df={"eq30": quote(PAPER, line=611, number="(30)", latex=EQ30),
        "eq31": quote(PAPER, line=617, latex=EQ31),
        "eq32": quote(PAPER, line=627, latex=EQ32)},
    theta_star=quote(PAPER, line=619, latex=r"\theta = \frac{\Delta Q}{\epsilon} \log(\frac{1-\rho_p}{2\beta^2} "
                                            r"(\sqrt{1 + \frac{4\beta^2 e^\epsilon}{1-\rho_p}} - 1)) + Q(D')"),
    optimum=quote(PAPER, line=621, latex=r"\frac{(1+\beta^2)(\sqrt{1 + \frac{4\beta^2 e^\epsilon}{1-\rho_p}} - 1)}"
                                         r"{(1+\beta^2)\sqrt{1 + \frac{4\beta^2 e^\epsilon}{1-\rho_p}} - 1 + \beta^2}"),
    fstar=quote(PAPER, line=351, number="(18)", latex=EQ18),
    notation=PRIOR_AS_KAPPA,
    errata={
        "app10.5.1:interval1:f": r"both exponents have the wrong sign: $e^{-(\theta-Q(D'))\epsilon/\Delta Q}$ and "
                                 r"$e^{-(\theta-Q(D))\epsilon/\Delta Q}$ for $e^{+\ldots}$ (Eq. 30 right below has them right)",
        "eq31": r"as extracted, the $\beta^2/(1-\rho_p)$ term stands outside the factor "
                r"$0.5(1-\rho_p)\epsilon/\Delta Q$; the bracket must close after it",
        "app10.5.1:interval3:f": r"denominator printed as $0.5e^{(\theta-Q(D))\epsilon/\Delta Q}$ (RSR is "
                                 r"$0.5e^{-(\theta-Q(D))\epsilon/\Delta Q}$); the interval is also printed as "
                                 r"$[Q(D'), \infty)$ for $[Q(D), \infty)$",
        "eq32": r"the same sign error in the denominator; the text then says $f$ increases on "
                r"$(-\infty, Q(D')]$ and cites Eq. 12, meaning $[Q(D), \infty)$ and Eq. 18",
    },
    readings={"eq18": E_BEFORE_EPSILON},
)


def odds(d):
    """Eq. 16-17 and the maximal posterior odds behind Eq. 20 and 23."""
    p1, p2, l1, l2 = sp.symbols("P_1 P_2 L_1 L_2", positive=True)
    evidence = p1 * l1 + p2 * l2
    d.identity("eq16", (l1 * p1 / evidence) / (l2 * p2 / evidence), l1 * p1 / (l2 * p2),
               text="Bayes' rule: the posterior odds are the likelihood ratio times the prior odds")
    d.identity("eq17", p1 * rsr / (p1 * rsr + p2 * gsr), 1 / (1 + (p2 / p1) * gsr / rsr),
               text=r"precision with priors; the worst case $P_2/P_1 = 1 - \rho_p = \kappa$ gives Eq. 17")
    ratio = sp.Symbol("x", positive=True)
    d.monotone("eq17:worst-case", 1 / (1 + ratio * gsr / rsr), ratio, False,
               text=r"precision decreases in $x = P_2/P_1$: the adversary does best at the least $P_2/P_1$ the prior "
                    r"allows, $1 - \rho_p$ (attained by the prior $P_1 = 1/(2-\rho_p)$)")
    q = sp.Symbol("q", positive=True)
    d.monotone("odds:increasing", q / (1 - q), q, True, {q: sp.Interval.open(0, 1)},
               text=r"odds $q/(1-q)$ increase in $q$: the largest posterior odds below come from the largest "
                    r"probability of $d_{i1}$ the model allows")
    a = 1 / (1 - rho_p)                                  # the largest prior odds
    p_c = a / ((1 + a) * (1 - rho_c))                    # the largest P(d_i = d_i1 | correlated records)
    p_t = p_c / (1 - rho_t)
    dom_c = {k: v for k, v in RHO_DOMAIN.items() if k != rho_t}
    d.identity("eq20:odds", p_c / (1 - p_c), 1 / KAPPA_C, dom_c,
               text=r"$\max P^c_{i1}/P^c_{i2} = 1/(1 - \rho_p - \rho_c(2-\rho_p))$")
    step = (r"\frac{\frac{1}{1 - \rho_p}}{(1 + \frac{1}{1 - \rho_p})(1 - \rho_c)} / (1 - \frac{1}{(1 + "
            r"\frac{1}{1 - \rho_p})(1 - \rho_c)})")
    d.printed("eq20:proof-step", quote(PAPER, line=372, latex=step), p_c / (1 - p_c), dom_c,
              where="proof of Eq. 20 (intermediate)", expect=Status.ERRATUM,
              text=r"the printed intermediate divides by $1 - 1/((1 + \frac{1}{1-\rho_p})(1-\rho_c))$; "
                   r"$1 - P^c_{i1}$ has $\frac{1}{1-\rho_p}$ in that numerator (the final value printed is right)")
    step = quote(PAPER, line=402, latex=r"\frac{1}{(2 - \rho_p)(1 - \rho_c)(1 - \rho_t) - 1}")
    d.printed("eq23:step", step, p_t / (1 - p_t), RHO_DOMAIN,
              where="proof of Eq. 23 (second step)")
    d.identity("eq23:odds", p_t / (1 - p_t), 1 / KAPPA_T, RHO_DOMAIN,
               text=r"$\max P^t_{i1}/P^t_{i2} = 1/\kappa$, "
                    r"$\kappa = 1 - \rho_p - (2-\rho_p)(\rho_c + \rho_t(1-\rho_c))$")


def best_test(d):
    """With auxiliary information F-beta still rewards recall and penalises false alarms."""
    g, r = sp.symbols("G R", positive=True)
    f = (1 + B2) / (1 + (kappa * g + B2) / r)
    d.define(r"F_\beta(G, R)", f, r"F-beta with precision $1/(1 + \kappa G/R)$, false-alarm rate $G$, recall $R$")
    d.sign("best-test:recall", sp.diff(f, r), "positive", {kappa: sp.Interval.Lopen(0, 1)}, text=r"$F_\beta$ increases in $R$")
    d.sign("best-test:false-alarm", sp.diff(f, g), "negative", {kappa: sp.Interval.Lopen(0, 1)},
           text=r"and decreases in $G$: the Neyman-Pearson tests (thresholds on $o$) dominate, so the highest "
                r"$F_\beta$ over the threshold is the highest over all tests")


def substitutions(d, derived):
    """Appendix 10.5.2-10.5.3: Eq. 21 and 24 from Eq. 18 by replacing rho_p."""
    d.identity("app10.5.2:substitution", KAPPA_P.subs(rho_p, rho_p + rho_c * (2 - rho_p)), KAPPA_C,
               text=r"replacing $\rho_p$ by $\rho_p + \rho_c(2-\rho_p)$ in $1-\rho_p$ gives $\kappa$ of Eq. 20")
    d.identity("app10.5.3:substitution", KAPPA_P.subs(rho_p, rho_p + (2 - rho_p) * (rho_c + rho_t * (1 - rho_c))),
               KAPPA_T, text=r"and $\rho_p + (2-\rho_p)(\rho_c + \rho_t(1-\rho_c))$ gives $\kappa$ of Eq. 23")
    corrected = fstar_corrected(kappa)
    d.identity("eq18:corrected", corrected, derived, SETTING.kappa_domain,
               text=r"Eq. 18 with $e^\epsilon$ restored is the derived $F^*_\beta$")
    dom_c = {k: v for k, v in RHO_DOMAIN.items() if k != rho_t}
    turn_c = NOTATION.extend(symbols={r"\epsilon(\rho_p, \rho_c)": sp.log(1 + B2 / KAPPA_C)})
    d.printed("eq21", quote(PAPER, line=374, number="(21)", latex=EQ21), corrected.subs(kappa, KAPPA_C), dom_c,
              where="Eq. 21", notation=turn_c,
              text=r"Eq. 21 is (corrected) Eq. 18 with $\rho_p \to \rho_p + \rho_c(2-\rho_p)$, and "
                   r"$\kappa$ stays in $(0, 1]$ on this domain")
    turn_t = NOTATION.extend(symbols={r"\epsilon(\rho_p, \rho_c, \rho_t)": sp.log(1 + B2 / KAPPA_T)})
    d.printed("eq24", quote(PAPER, line=404, number="(24)", latex=EQ24), corrected.subs(kappa, KAPPA_T), RHO_DOMAIN,
              where="Eq. 24", notation=turn_t, reading=E_BEFORE_EPSILON,
              text=r"as in Eq. 18, the extraction's $4\beta^2\epsilon$ is read as $4\beta^2 e^\epsilon$")


def certainty(d, derived):
    """kappa -> 0+: the adversary becomes certain."""
    low = derived.args[0][0]
    top = d.limit(r"\lim_{\kappa\to 0^+} F^*_\beta", low, kappa, 0, "+",
                  r"for fixed $\epsilon$, $\kappa < \beta^2/(e^\epsilon - 1)$ puts $\epsilon$ on the flat branch")
    d.identity("kappa:certain", top, 1, text=r"$F^*_\beta \to 1$ as $\kappa \to 0^+$: no $\epsilon$ protects "
               "against an adversary whose auxiliary information alone decides the record")


def table(d):
    k = kappa_of(0.2, 0.1, 0.1)
    rows = [(f"beta = {b}",) + tuple(table1.NONE if a.epsilon is None else str(safe_round(a.epsilon, AT_MOST, 2))
                                     for a in row)
            for b, row in zip(table1.BETAS, table1.table1(k))]
    d.table("table1-aux", "Table 1 regenerated for an adversary with rho_p = 0.2, rho_c = 0.1, rho_t = 0.1 "
            f"(kappa = {float(k):.3f}): the largest epsilon with F*_beta <= bound, truncated to two decimals "
            "(the safe side of a largest epsilon)", ("F*_beta <=",) + table1.BOUNDS, rows)


def figures(d):
    grid = np.linspace(0.0, 5.0, 101)[1:]
    series = {name: list(zip(grid, fast.fbeta_star(grid, 1.0, float(kappa_of(*rho)))))
              for name, rho in SETTINGS.items()}
    d.figure("fig8", "Highest F1 under auxiliary information (Figure 8 regenerated; kappa from "
             "(rho_p, rho_c, rho_t) = (0,0,0), (0.2,0,0), (0.2,0.1,0), (0.2,0.1,0.1): beta = 1 is the paper's; the "
             "rho settings are those of Figures 5-7, chosen here since Figure 8's are not given in the text)",
             r"$\epsilon$", r"$F^*_1$", series)
    for fig, name in (("fig5b", "prior"), ("fig6b", "prior+records"), ("fig7b", "prior+records+time")):
        k = float(kappa_of(*SETTINGS[name]))
        curves = {}
        for e in ("0.1", "0.5", "1", "2", "5"):
            psis = np.linspace(-8.0 / float(e), 1.0 + 8.0 / float(e), 81)
            prec, rec = laplace_fast.pr_curve(float(e), psis, k)
            curves[rf"$\epsilon = {e}$"] = list(zip(rec, prec))
        d.figure(fig, f"PR-relation with auxiliary information {SETTINGS[name]} (kappa = {k:.4g}); "
                 f"Figure {fig[3:]} regenerated; the rho values are the paper's (figure caption), the epsilon values "
                 "are chosen, the text gives none", "recall", "precision", curves)


@derivation(id="liu2019.fbeta-auxiliary", title="Highest F-beta under auxiliary information (Eq. 16-24)",
            paper=PAPER, where="Sec. 5, Eq. 16-24; appendix 10.5, Eq. 30-32; Figures 5(b), 6(b), 7(b), 8")
def fbeta_auxiliary(d):
    odds(d)
    best_test(d)
    derived = proc.derive(d, PRINTED, SETTING)
    substitutions(d, derived)
    certainty(d, derived)
    proc.cross_check(d, PRINTED, SETTING)
    proc.inverse(d, PRINTED, SETTING)
    table(d)
    figures(d)
