"""Liu et al. (PoPETs 2019), Sec. 4.1.3: RSR, GSR, precision, recall and Theorem 5.

RSR and GSR are the survival functions of the two Laplace outputs at the
threshold (derived by integration in ``liu2019.laplace-np-test``); here they
are compared with the printed Eq. 9 and 10, precision and recall are formed
(Eq. 11), and Theorem 5 is proved: after theta = Q(D') + Delta Q psi the
PR-relation depends on epsilon and psi only.
"""
import sympy as sp

from symdp import Status, derivation, quote
from symdp.adversary import metrics
from symdp.mechanisms import laplace, laplace_fast
from symdp.symbols import NEIGHBOURS, QD, QDp, dQ, eps, psi, theta

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
HALF = sp.Rational(1, 2)
FIG3A_EPS = ("0.01", "0.1", "0.5", "1", "2", "5")


EQ9 = (r"\begin{cases} 0.5e^{-\frac{(\theta-Q(D))\epsilon}{\Delta Q}}, & \theta \in [Q(D), +\infty) \\ "
       r"1 - 0.5e^{-\frac{(\theta-Q(D))\epsilon}{\Delta Q}}, & \theta \in (-\infty, Q(D)] \end{cases}")
EQ10 = (r"\begin{cases} 0.5e^{-\frac{(\theta-Q(D'))\epsilon}{\Delta Q}}, & \theta \in [Q(D'), +\infty) \\ "
        r"1 - 0.5e^{-\frac{(\theta-Q(D'))\epsilon}{\Delta Q}}, & \theta \in (-\infty, Q(D')] \end{cases}")
"""Eq. 9 and 10 as printed: both branches with exponent -(theta - centre) eps / Delta Q."""


def theorem5(d, rsr, gsr):
    """Substitute theta = Q(D') + Delta Q psi; the result is free of Q and Delta Q."""
    at_psi = {theta: QDp + dQ * psi}
    prec = d.substitute(r"\mathrm{precision}", metrics.precision(rsr, gsr).subs(NEIGHBOURS), at_psi,
                        r"Eq. 11 with $\theta = Q(D') + \Delta Q\,\psi$")
    rec = d.substitute(r"\mathrm{recall}", metrics.recall(rsr).subs(NEIGHBOURS), at_psi)
    r_psi = sp.Piecewise((HALF * sp.exp(-(psi - 1) * eps), psi >= 1), (1 - HALF * sp.exp((psi - 1) * eps), True))
    g_psi = sp.Piecewise((HALF * sp.exp(-psi * eps), psi >= 0), (1 - HALF * sp.exp(psi * eps), True))
    d.printed("thm5:recall", r_psi, rec, where="proof of Thm 5 (RSR in psi)")
    d.printed("thm5:precision", metrics.precision(r_psi, g_psi), prec, where="proof of Thm 5 (GSR in psi)",
              text="the printed psi-forms of RSR and GSR give the same precision: the PR-relation "
                   r"depends on $(\epsilon, \psi)$ only, whatever $Q$, $Q(D')$ and $\Delta Q$ are")


def figure3a(d):
    """Figure 3(a): the PR-relation for several epsilon, from the numpy fast path."""
    import numpy as np
    series = {}
    for e in FIG3A_EPS:
        psis = np.linspace(-8.0 / float(e), 1.0 + 8.0 / float(e), 81)
        prec, rec = laplace_fast.pr_curve(float(e), psis)
        series[rf"$\epsilon = {e}$"] = list(zip(rec, prec))
    d.figure("fig3a", "PR-relation of the Neyman-Pearson adversary against the Laplace mechanism "
             r"(Figure 3(a) regenerated; the threshold sweeps $\psi$ over $[-8/\epsilon, 1 + 8/\epsilon]$; "
             r"$\epsilon = 0.01$ and $5$ are the values the text names, $0.1, 0.5, 1, 2$ are chosen here)",
             "recall", "precision", series)


@derivation(id="liu2019.pr-relation",
            title="RSR, GSR, precision and recall; Theorem 5",
            paper=PAPER, where="Sec. 4.1.3, Eq. 9-11, Theorem 5, Figure 3(a)")
def pr_relation(d):
    rsr = d.define(r"\mathrm{RSR}", laplace.rsr(theta), r"$P(o \ge \theta \mid D)$: survival function of $\mathrm{Lap}(Q(D), \Delta Q/\epsilon)$")
    gsr = d.define(r"\mathrm{GSR}", laplace.gsr(theta), r"$P(o \ge \theta \mid D')$: survival function of $\mathrm{Lap}(Q(D'), \Delta Q/\epsilon)$")
    d.printed("eq9", quote(PAPER, line=219, number="(9)", latex=EQ9), rsr, where="Eq. 9", expect=Status.ERRATUM,
              text=r"lower branch printed as $1 - 0.5 e^{-(\theta-Q(D))\epsilon/\Delta Q}$; the exponent's sign is wrong "
                   "(the proof of Thm 5 has it right)")
    d.printed("eq10", quote(PAPER, line=221, number="(10)", latex=EQ10), gsr, where="Eq. 10", expect=Status.ERRATUM,
              text="same sign error in the lower branch")
    d.define(r"\mathrm{precision}", metrics.precision(rsr, gsr), "Eq. 11 (uniform prior)")
    d.define(r"\mathrm{recall}", metrics.recall(rsr), "Eq. 11")
    theorem5(d, rsr, gsr)
    figure3a(d)
