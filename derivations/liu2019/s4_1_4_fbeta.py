"""Liu et al. (PoPETs 2019), Sec. 4.1.4 and appendix 10.3: the highest F-beta (Eq. 12).

Derived the way appendix 10.3 does it (``symdp.procedures.laplace_fbeta`` with
kappa = 1): F-beta as (1 + beta^2)/(1 + f) with f = (GSR + beta^2)/RSR, f on
the three intervals of theta, its derivative on each (Eq. 26-28), the sign
analysis that splits at epsilon = log(1 + beta^2), the stationary threshold and
the optimum; then the result is compared with the printed Eq. 12, with the
library's closed form, and with a brute-force maximisation over the threshold.
First, why the best threshold is the best test: F-beta increases in recall and
decreases in the false-alarm rate, so the Neyman-Pearson tests dominate.
"""
import numpy as np
import sympy as sp

from symdp import Reading, derivation, quote
from symdp.adversary import fast
from symdp.latex import NOTATION
from symdp.procedures import laplace_fbeta as proc
from symdp.procedures.laplace_fbeta import B2
from symdp.symbols import QDp, dQ, eps

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
FIG3B_BETAS = ("0.5", "1", "1.5", "2")

EQ26 = (r"\frac{\frac{0.5\epsilon}{\Delta Q} e^{-\frac{\theta - Q(D')}{\Delta Q}}\epsilon ((1 + \beta^2)e^{-\epsilon} "
        r"- 1)}{(1 - 0.5e^{-\frac{\theta - Q(D')}{\Delta Q}}\epsilon)^2}")
EQ27 = (r"\frac{\frac{0.5\epsilon}{\Delta Q} (e^{-\epsilon} - e^{-\frac{\theta-Q(D')}{\Delta Q}\epsilon} + \beta^2 "
        r"e^{-\frac{\theta-Q(D)}{\Delta Q}\epsilon})}{(1 - 0.5e^{-\frac{\theta-Q(D)}{\Delta Q}\epsilon})^2}")
EQ28 = (r"\frac{0.5\beta^2\epsilon e^{-\frac{\theta-Q(D)}{\Delta Q}\epsilon}}{(0.5e^{-\frac{\theta-Q(D)}{\Delta Q}"
        r"\epsilon})^2}")
OPTIMUM = (r"\frac{(1 + \beta^2)(1 + 4\beta^2 e^\epsilon - \sqrt{1 + 4\beta^2 e^\epsilon})}{(1 + \beta^2)(1 + 4\beta^2 "
           r"e^\epsilon) - (1 - \beta^2)\sqrt{1 + 4\beta^2 e^\epsilon}}")
EQ12 = (r"\begin{cases} \frac{1+\beta^2}{2+\beta^2}, & \epsilon < \log(1+\beta^2) \\ \frac{(1+\beta^2)(\sqrt{1+4"
        r"\beta^2e^\epsilon}-1)}{(1+\beta^2)\sqrt{1+4\beta^2e^\epsilon}-1+\beta^2}, & \epsilon \geq \log(1+\beta^2) "
        r"\end{cases}")
EPS_INTO_EXPONENT = Reading(
    "epsilon into the exponent",
    r"the extraction sets the factor $\epsilon$ after $e^{-\frac{\theta - Q(D')}{\Delta Q}}$; it belongs in the "
    r"exponent, $e^{-\frac{\theta - Q(D')}{\Delta Q}\epsilon}$, as in Eq. 27-28 and in RSR, GSR (Eq. 9-10)",
    lambda e: e.replace(lambda x: isinstance(x, sp.exp) and eps not in x.free_symbols,
                        lambda x: sp.exp(x.args[0] * eps) / eps))
"""Appendix 10.3, first interval (f and Eq. 26) and second interval (f): e^{u} epsilon read as e^{u epsilon}."""

# Appendix 10.3 as printed, quoted from the seed text.
PRINTED = proc.Printed(
    section="app10.3", where="appendix 10.3", derivative_ids=("eq26", "eq27", "eq28"), fstar_id="eq12",
    f_of_f=quote(PAPER, line=567, latex=r"\frac{1 + \beta^2}{1 + \frac{GSR + \beta^2}{RSR}}"),
    f={"interval1": quote(PAPER, line=569, latex=r"\frac{1 + \beta^2 - 0.5e^{-\frac{\theta - Q(D')}{\Delta Q}}"
                                                 r"\epsilon}{1 - 0.5e^{-\frac{\theta - Q(D')}{\Delta Q}}\epsilon}"),
       "interval2": quote(PAPER, line=575, latex=r"\frac{0.5e^{-\frac{\theta - Q(D')}{\Delta Q}}\epsilon + "
                                                 r"\beta^2}{1 - 0.5e^{-\frac{\theta - Q(D')}{\Delta Q}}\epsilon}"),
       "interval3": quote(PAPER, line=583, latex=r"\frac{0.5e^{-\frac{\theta-Q(D')}{\Delta Q}\epsilon} + "
                                                 r"\beta^2}{0.5e^{-\frac{\theta-Q(D)}{\Delta Q}\epsilon}}")},
    df={"eq26": quote(PAPER, line=571, number="(26)", latex=EQ26),
        "eq27": quote(PAPER, line=579, number="(27)", latex=EQ27),
        "eq28": quote(PAPER, line=585, number="(28)", latex=EQ28)},
    theta_star=quote(PAPER, line=581, latex=r"\theta = \frac{\Delta Q}{\epsilon} \log \frac{-1 + \sqrt{1 + 4\beta^2 "
                                            r"e^\epsilon}}{2\beta^2} + Q(D')"),
    optimum=quote(PAPER, line=581, latex=OPTIMUM),
    fstar=quote(PAPER, line=251, number="(12)", latex=EQ12),
    readings={"app10.3:interval1:f": EPS_INTO_EXPONENT, "eq26": EPS_INTO_EXPONENT,
              "app10.3:interval2:f": EPS_INTO_EXPONENT},
    notation=NOTATION.extend(symbols={"Q(D)": QDp + dQ}),
    errata={
        "app10.3:interval1:f": "numerator and denominator: both exponents have the wrong sign and the "
                               "denominator (RSR) uses $Q(D')$ instead of $Q(D)$",
        "app10.3:interval2:f": r"denominator (RSR) printed as $1 - 0.5 e^{-(\theta-Q(D'))\epsilon/\Delta Q}$; "
                               r"it is $1 - 0.5 e^{(\theta-Q(D))\epsilon/\Delta Q}$",
        "eq26": "exponent sign in the numerator and the denominator's RSR (as in the printed f)",
        "eq27": r"the $\beta^2$ term's exponent has the wrong sign and so does the denominator's; "
                "the endpoint values the text then states are those of the corrected form",
        "eq28": r"the derivative lacks the factor $1/\Delta Q$ (the first printed term also has $\epsilon^2$ "
                r"for $\epsilon$); its sign, which is all the argument uses, is right",
    },
)


def best_test(d):
    """F-beta rewards recall and penalises false alarms: the best test is a Neyman-Pearson one."""
    g, r = sp.symbols("G R", positive=True)
    f = (1 + B2) * r / (r + g + B2)
    d.define(r"F_\beta(G, R)", f, r"F-beta of a test with false-alarm rate (GSR) $G$ and recall (RSR) $R$ (Eq. 11)")
    d.sign("best-test:recall", sp.diff(f, r), "positive", text=r"$F_\beta$ increases in $R$")
    d.sign("best-test:false-alarm", sp.diff(f, g), "negative",
           text=r"and decreases in $G$: at every false-alarm rate the test with the largest recall, the "
                r"Neyman-Pearson test (a threshold on $o$, since $\Lambda(o)$ is nondecreasing: "
                "liu2019.laplace-np-test, eq7:middle-increasing), does at least as well as any other, so the "
                r"highest $F_\beta$ over the threshold $\theta$ is the highest over all tests")


def figure3b(d):
    grid = np.linspace(0.0, 6.0, 121)[1:]
    series = {rf"$\beta = {b}$": list(zip(grid, fast.fbeta_star(grid, float(b)))) for b in FIG3B_BETAS}
    d.figure("fig3b", "Highest F-beta of the Neyman-Pearson adversary against epsilon "
             "(Figure 3(b) regenerated from Eq. 12; the beta values are chosen within Table 1's range [0.5, 2], the "
             "text gives none for the figure)", r"$\epsilon$", r"$F^*_\beta$", series)


@derivation(id="liu2019.fbeta-laplace",
            title="Highest F-beta against the Laplace mechanism (Eq. 12)",
            paper=PAPER, where="Sec. 4.1.4, Eq. 12; appendix 10.3, Eq. 26-28; Figure 3(b)")
def fbeta_laplace(d):
    best_test(d)
    proc.derive(d, PRINTED)
    proc.cross_check(d, PRINTED, proc.Setting())
    proc.inverse(d, PRINTED, proc.Setting())
    figure3b(d)
