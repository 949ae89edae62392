"""Liu et al. (PoPETs 2019): Figures 2, 5(a), 6(a), 7(a) and 9, and the prose claims about Figure 3(a).

Figure 2 (the two Laplace densities and the threshold) and Figures 5(a)-7(a)
(the densities weighted by the adversary's prior, or conditional prior) are
regenerated.  The rho values are the paper's (captions of Figs. 5-7); epsilon,
Delta Q, Q(D') and theta are not given in the text and are chosen here
(epsilon = 1, Delta Q = 1, Q(D') = 0).  Figure 9 (a diagram) is
recorded as a table of the neighbouring databases Sec. 6.1 describes; Figure 1
is a flow chart with nothing to compute.  Sec. 4.1.3's remarks on Figure 3(a)
are checked: every threshold's precision lies in [1/2, e^eps/(1+e^eps)], so at
eps = 0.01 precision is within 0.0025 of 1/2; at eps = 5 the midpoint
threshold has precision = recall = 0.959.
"""
import mpmath as mp
import numpy as np
import sympy as sp

from symdp import derivation
from symdp.adversary import metrics
from symdp.adversary.inverse import kappa_of
from symdp.mechanisms import laplace
from symdp.symbols import NEIGHBOURS, QDp, dQ, eps, psi, theta

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
HALF = sp.Rational(1, 2)
CHOSEN = "epsilon = 1, Delta Q = 1, Q(D') = 0, Q(D) = 1 (chosen: the text gives none)"
GRID = np.linspace(-4.0, 5.0, 91)
SETTINGS = {"fig5a": ((0.2, 0, 0), "rho_p = 0.2"), "fig6a": ((0.2, 0.1, 0), "rho_p = 0.2, rho_c = 0.1"),
            "fig7a": ((0.2, 0.1, 0.1), "rho_p = 0.2, rho_c = 0.1, rho_t = 0.1")}


def density(o, center):
    return 0.5 * np.exp(-np.abs(o - center))


def figure2(d):
    d.figure("fig2", "Figure 2 regenerated: the densities of A(D) (h1) and A(D') (h0); the adversary decides h1 "
             f"when o >= theta; RSR and GSR are the areas right of theta. {CHOSEN}", "o", "density",
             {r"$P(\mathcal{A}(D) = o)$": list(zip(GRID, density(GRID, 1.0))),
              r"$P(\mathcal{A}(D') = o)$": list(zip(GRID, density(GRID, 0.0)))})


def weighted(d):
    """Figures 5(a)-7(a): the densities times the (conditional) priors, kappa = least prior odds (Eq. 17, 20, 23)."""
    for fid, (rho, given) in SETTINGS.items():
        k = float(kappa_of(*rho))
        top, low = 1 / (1 + k), k / (1 + k)
        d.figure(fid, f"Figure {fid[3]}(a) regenerated: P(A(D)=o) P_i1 and P(A(D')=o) P_i2 with the largest prior "
                 f"odds P_i1/P_i2 = 1/kappa = {1 / k:.4g} ({given}: the paper's values; {CHOSEN})", "o",
                 "weighted density", {r"$P(\mathcal{A}(D) = o)\,P_{i1}$": list(zip(GRID, top * density(GRID, 1.0))),
                                      r"$P(\mathcal{A}(D') = o)\,P_{i2}$": list(zip(GRID, low * density(GRID, 0.0)))})


def figure9(d):
    rows = (("DP", "D, D' differ in one record"),
            ("Blowfish (count/marginal constraints)", "any records' differences allowed by the constraints"),
            ("dependent DP, inferential privacy", "one record changed directly, then its correlated records"),
            ("membership privacy, MI-DP", "no neighbouring databases: posterior vs prior, mutual information"))
    d.table("fig9", "Figure 9 (a diagram) as a table: the neighbouring databases of each notion, from Sec. 6.1",
            ("notion", "neighbouring databases"), rows)


def prose(d):
    at_psi = {theta: QDp + dQ * psi}
    r, g = (laplace.rsr(theta).subs(NEIGHBOURS).subs(at_psi), laplace.gsr(theta).subs(at_psi))
    prec = metrics.precision(r, g)
    top = sp.exp(eps) / (1 + sp.exp(eps))
    d.sign("fig3a:precision-at-most", top - prec, "nonnegative",
           text=r"every threshold has precision at most $e^\epsilon/(1+e^\epsilon)$ (RSR $\le e^\epsilon$ GSR, "
                r"Definition 1 on half-lines)")
    d.sign("fig3a:precision-at-least", prec - HALF, "nonnegative",
           text=r"and at least $1/2$ (RSR $\ge$ GSR: $Q(D) \ge Q(D')$)")
    with mp.workdps(50):
        hi = mp.exp(mp.mpf("0.01")) / (1 + mp.exp(mp.mpf("0.01")))
    d.printed_value("fig3a:eps=0.01", hi - mp.mpf(1) / 2 < mp.mpf("0.005"),
                    f"printed: precision ~ 0.5 at eps = 0.01; derived: every threshold's precision lies in "
                    f"[0.5, {mp.nstr(hi, 6)}]", text=r"Sec. 4.1.3: `$\epsilon = 0.01$ gives precision $\approx 0.5$'")
    mid = d.substitute(r"\mathrm{precision}|_{\psi = 1/2}", prec, {psi: HALF}, "the midpoint threshold")
    d.identity("fig3a:midpoint-precision", mid, 1 - sp.exp(-eps / 2) / 2,
               text=r"at the midpoint $\theta = (Q(D) + Q(D'))/2$: precision $= 1 - e^{-\epsilon/2}/2$")
    d.identity("fig3a:midpoint-recall", r.subs(psi, HALF), 1 - sp.exp(-eps / 2) / 2, text="and recall the same")
    with mp.workdps(50):
        both = 1 - mp.exp(-mp.mpf(5) / 2) / 2
    d.printed_value("fig3a:eps=5", both > mp.mpf("0.95"),
                    f"printed: very high precision and recall at eps = 5; derived: the midpoint threshold has "
                    f"precision = recall = {mp.nstr(both, 6)}", text=r"Sec. 4.1.3: `$\epsilon = 5$ gives very high "
                    r"precision and recall'")


@derivation(id="liu2019.figures", title="Figures 2, 5(a)-7(a), 9 and the prose claims on Figure 3(a)",
            paper=PAPER, where="Sec. 4.1.3, 5.1-5.3, 6.1; Figures 1, 2, 3(a), 5(a), 6(a), 7(a), 9")
def figures(d):
    figure2(d)
    weighted(d)
    figure9(d)
    prose(d)
    d.note("Figure 1 is a flow chart of the method (no quantity to compute)")
