"""Liu et al. (PoPETs 2019), Sec. 3-5: the hypotheses, Bayes' rule in each setting, Theorem 2 and Corollary 1.

Eq. 2, 4 and 13 state the hypotheses (recorded).  Precision and recall
(Eq. 3) are derived from the joint law of the truth and the decision; Eq. 11
follows under the uniform prior, which the derivation shows is needed.
Bayes' rule (Eq. 5, 16, 19, 22) is derived from the joint law of the record
and the output: the posterior odds are the likelihood ratio times the prior
odds.  Eq. 17 is derived from Eq. 3 with a prior, and its second line needs
d_i1 to be the more probable value.  Theorem 2 (the Neyman-Pearson adversary
has the best PR-relation): precision falls with the false-alarm rate at fixed
recall, and the Laplace ROC, derived from Theorem 3's thresholds, is strictly
increasing; Corollary 1: the same holds for every prior.
"""
import sympy as sp

from symdp import derivation, fdp, quote
from symdp.latex import NOTATION
from symdp.mechanisms import laplace
from symdp.symbols import NEIGHBOURS, QD, alpha, eps, gsr, rho_p, rsr, theta

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
HALF = sp.Rational(1, 2)
PI = sp.Symbol("pi", positive=True)                     # prior P(h_1), i.e. of D (or of d_i1)
L1, L0 = sp.symbols("L_1 L_0", positive=True)           # P(A(D) = o), P(A(D') = o)
UNIT_PI = {PI: sp.Interval.open(0, 1)}
LIKELIHOODS = {r"P(\mathcal{A}(D) = o)": L1, r"P(\mathcal{A}(D') = o)": L0,
               r"P(\mathcal{A}(\mathcal{D}) = o)": L1, r"P(\mathcal{A}(\mathcal{D}') = o)": L0}
PRIOR = NOTATION.extend(symbols={**LIKELIHOODS, r"P(d_i = d_{i1})": PI, r"P(d_i = d_{i2})": 1 - PI})
r"""Eq. 16-17: the likelihoods $P(\mathcal{A}(D) = o)$, $P(\mathcal{A}(D') = o)$ and the prior of a binary record."""


def hypotheses(d):
    d.note(r"Eq. 2 (recorded): $h_0: \mathcal{D} = D'$, $h_1: \mathcal{D} = D$. Eq. 4: the same for unbounded DP "
           r"($D'$ lacks $d_i$). Eq. 13: bounded DP, $h_0: d_i = d_{i1}$, $h_1: d_i = d_{i2}$ (binary record). "
           r"Note that Eq. 13 puts $d_{i1}$ under $h_0$, while Eq. 16-17 treat $d_{i1}$ as the value the "
           r"adversary detects (precision $= P(d_{i1} \mid \hat d_i = d_{i1})$): the roles of the labels swap")


def precision_recall(d):
    """Eq. 3 from the joint law of (truth, decision); Eq. 11 at the uniform prior."""
    joint_tp = d.define(r"P(\hat{\mathcal{D}} = D, \mathcal{D} = D)", PI * rsr, r"prior times $P(o \ge \theta \mid D)$")
    joint_fp = d.define(r"P(\hat{\mathcal{D}} = D, \mathcal{D} = D')", (1 - PI) * gsr, "prior times GSR")
    prec = d.define(r"\mathrm{precision}", joint_tp / (joint_tp + joint_fp),
                    r"Eq. 3: $P(\mathcal{D} = D \mid \hat{\mathcal{D}} = D)$, by Bayes' rule")
    rec = d.define(r"\mathrm{recall}", joint_tp / PI, r"Eq. 3: $P(\hat{\mathcal{D}} = D \mid \mathcal{D} = D)$")
    d.printed("eq11:precision", quote(PAPER, line=230, number="(11)", latex=r"\frac{RSR}{RSR + GSR}"),
              prec.subs(PI, HALF), where="Eq. 11 (precision)",
              text=r"with the uniform prior $P(\mathcal{D} = D) = 1/2$ of Sec. 4.1.1")
    d.printed("eq11:recall", quote(PAPER, line=230, number="(11)", latex=r"RSR"), rec, where="Eq. 11 (recall)",
              text="recall does not depend on the prior")
    d.sign("eq11:needs-uniform-prior", prec - rsr / (rsr + gsr), "positive", {PI: sp.Interval.open(HALF, 1)},
           text=r"the uniform prior is an assumption Eq. 11 needs: for $P(\mathcal{D} = D) > 1/2$ the precision is "
                r"larger (at $\pi = 3/4$, RSR = GSR = 1/2: $3/4$, not $1/2$); Sec. 5 is this case")
    return prec


def bayes(d):
    """Eq. 5, 16, 19, 22: posterior odds = likelihood ratio x prior odds."""
    evidence = d.define(r"P(\mathcal{A}(\mathcal{D}) = o \mid \mathbf{d}_{-i})", PI * L1 + (1 - PI) * L0,
                        r"total probability over the two values of the record: given $\mathbf{d}_{-i}$ and the "
                        r"record, the database is fixed and $P(\mathcal{A}(\mathcal{D}) = o \mid \mathbf{d}_{-i}, "
                        r"\mathcal{D} = D) = P(\mathcal{A}(D) = o)$ (Eq. 5, second line)")
    post1 = d.define(r"P(\mathcal{D} = D \mid o, \mathbf{d}_{-i})", PI * L1 / evidence, "Eq. 5, Bayes' rule")
    post0 = d.define(r"P(\mathcal{D} = D' \mid o, \mathbf{d}_{-i})", (1 - PI) * L0 / evidence)
    d.identity("eq5:total", post1 + post0, 1, text="the two posteriors add up to 1")
    odds = d.rewrite(r"\frac{P(D \mid o)}{P(D' \mid o)}", post1 / post0, "cancel")
    eq16 = r"\frac{P(\mathcal{A}(D) = o)P(d_i = d_{i1})}{P(\mathcal{A}(D') = o)P(d_i = d_{i2})}"
    d.printed("eq16", quote(PAPER, line=332, number="(16)", latex=eq16), odds, UNIT_PI, where="Eq. 16",
              notation=PRIOR,
              text=r"posterior odds = likelihood ratio times prior odds; with $\pi = P(d_i = d_{i1})$ this is "
                   r"Eq. 16, with $\pi = P^c_{i1}$ Eq. 19, with $\pi = P^t_{i1}$ Eq. 22 (the conditional priors "
                   r"replace the prior because $P(d_i \mid \mathbf{d}_{-i})$ depends on $\mathbf{d}_{-i}$ only "
                   r"through the correlated records)")
    pc, pt = sp.symbols("P^c_{i1} P^t_{i1}", positive=True)
    eq19 = r"\frac{P(\mathcal{A}(D) = o) P_{i1}^c}{P(\mathcal{A}(D') = o) P_{i2}^c}"
    d.printed("eq19", quote(PAPER, line=364, number="(19)", latex=eq19), odds.subs(PI, pc),
              {pc: sp.Interval.open(0, 1)}, where="Eq. 19",
              notation=NOTATION.extend(symbols={**LIKELIHOODS, r"P_{i1}^c": pc, r"P_{i2}^c": 1 - pc}),
              text=r"record correlation: the prior is $P^c_{i1} = P(d_i = d_{i1} \mid d_{c1}, d_{c2}, \ldots)$, "
                   r"$P^c_{i2} = 1 - P^c_{i1}$ (binary record)")
    eq22 = r"\frac{P(\mathcal{A}(\mathcal{D}) = o)P_{i1}^t}{P(\mathcal{A}(\mathcal{D}') = o)P_{i2}^t}"
    d.printed("eq22", quote(PAPER, line=389, number="(22)", latex=eq22), odds.subs(PI, pt),
              {pt: sp.Interval.open(0, 1)}, where="Eq. 22",
              notation=NOTATION.extend(symbols={**LIKELIHOODS, r"P_{i1}^t": pt, r"P_{i2}^t": 1 - pt}),
              text=r"temporal correlation: the prior is $P^t_{i1}$. The text defines $P^t_{i1}$ given "
                   r"$\mathbf{d}^{[t-1]}_{-i}$ while the posterior conditions on $\mathbf{d}^{[t]}_{-i}, "
                   r"\mathbf{d}^{[t-1]}_i$: the record's own past is what temporal correlation uses, so "
                   r"$\mathbf{d}^{[t-1]}_{-i}$ there reads as $\mathbf{d}^{[t-1]}_i$ (an index slip, probably)")
    d.identity("eq5:uniform", odds.subs(PI, HALF), L1 / L0,
               text=r"with the uniform prior the posterior odds are $\Lambda(o)$: distinguishing the posteriors is "
                    r"distinguishing $P(\mathcal{A}(D) = o)$ and $P(\mathcal{A}(D') = o)$ (Sec. 4.1.1)")
    lam = sp.Symbol("Lambda", positive=True)
    d.monotone("eq5:posterior-increasing", PI * lam / (PI * lam + 1 - PI), lam, True, UNIT_PI,
               text=r"the posterior of $D$ increases with $\Lambda(o)$ for every prior: a threshold on the "
                    "posterior is a threshold on the likelihood ratio (and, by Theorem 3, on o)")


def eq17(d, prec):
    """Eq. 17 from Eq. 3 with prior P(d_i1) = pi; the worst-case prior ratio 1 - rho_p."""
    first = r"\frac{P(d_i = d_{i1})RSR}{P(d_i = d_{i1})RSR + P(d_i = d_{i2})GSR}"
    d.printed("eq17:first-line", quote(PAPER, line=343, number="(17)", latex=first), prec, UNIT_PI,
              where="Eq. 17 (first line)", notation=PRIOR)
    top = 1 / (2 - rho_p)
    rho = {rho_p: sp.Interval.Ropen(0, 1)}
    d.identity("eq17:prior", (1 - top) / top, 1 - rho_p, rho,
               text=r"for a binary record, $\min P(d_i = d_{i1})/P(d_i = d_{i2}) = 1 - \rho_p$ puts "
                    r"$1/(2-\rho_p)$ on the more probable value")
    second = quote(PAPER, line=343, number="(17)", latex=r"\frac{1}{1 + (1 - \rho_p) \frac{GSR}{RSR}}")
    d.printed("eq17:second-line", second, prec.subs(PI, top), rho,
              where="Eq. 17 (second line)",
              text=r"Eq. 17's second line is the first with $d_{i1}$ the more probable value (the labelling that "
                   r"helps the adversary)")
    other = 1 / (1 + gsr / ((1 - rho_p) * rsr))
    d.printed("eq17:other-label", other, prec.subs(PI, 1 - top), rho, where="Eq. 17 with the labels swapped",
              text=r"with $d_{i1}$ the less probable value the precision is $1/(1 + \mathrm{GSR}/((1-\rho_p)"
                   r"\mathrm{RSR}))$, below Eq. 11's: `precision is increased' holds for the favoured labelling")
    d.sign("eq17:increase", 1 / (1 + (1 - rho_p) * gsr / rsr) - rsr / (rsr + gsr), "nonnegative", rho,
           text=r"Eq. 17 is at least Eq. 11 (equal at $\rho_p = 0$), recall unchanged")


def theorem2(d, prec):
    """Best PR-relation: at fixed recall, precision decreases in the false-alarm rate; the Laplace ROC increases."""
    d.monotone("thm2:precision-falls-with-fa", prec.subs(PI, HALF), gsr, False,
               text=r"at a fixed recall (RSR), precision decreases in the false-alarm rate (GSR): the test with "
                    r"the least false-alarm rate at that recall has the highest precision")
    d.monotone("cor1:any-prior", prec, gsr, False, UNIT_PI,
               text=r"Corollary 1: the same for every prior $\pi \in (0, 1)$, so for correlated records too (the "
                    r"correlation enters only through the prior odds, eq16)")
    ptd = sp.Piecewise((alpha * sp.exp(eps), alpha < sp.exp(-eps) / 2),
                       (1 - sp.exp(-eps) / (4 * alpha), alpha <= HALF),
                       (1 - (1 - alpha) * sp.exp(-eps), True))
    branches = (("low", 0, 0, 0, sp.exp(-eps) / 2, "positive"),          # (name, ROC piece, Eq. 6 branch, alpha
                ("middle", 1, 0, sp.exp(-eps) / 2, HALF, "negative"),    #  range, side of Q(D))
                ("high", 2, 1, HALF, 1, "negative"))
    for name, piece, side, lo, hi, above in branches:
        dom = {alpha: sp.Interval.open(lo, hi)}
        th = laplace.threshold(alpha).args[side][0]
        d.sign(f"thm2:roc-{name}-branch", (th - QD).subs(NEIGHBOURS), above, dom,
               text=r"Eq. 6's threshold lies " + ("above" if above == "positive" else "below") + r" $Q(D)$ here")
        rsr_branch = laplace.rsr(theta).args[0 if above == "positive" else 1][0]
        d.identity(f"thm2:roc-{name}", rsr_branch.subs(theta, th).subs(NEIGHBOURS), ptd.args[piece][0], dom,
                   hint="exp/log expansion",
                   text=r"$P_{TD}(\alpha) = \mathrm{RSR}(\theta(\alpha))$ with Theorem 3's threshold (Eq. 6), on "
                        r"RSR's branch for that side of $Q(D)$")
        d.monotone(f"thm2:roc-increasing-{name}", ptd.args[piece][0], alpha, True, dom,
                   text=r"strictly increasing in $\alpha$: the least $P_{FA}$ at a given $P_{TD}$ is the "
                        r"Neyman-Pearson one, the step Theorem 2's proof needs")
    d.identity("thm2:roc-is-tradeoff", ptd, 1 - fdp.laplace_tradeoff(alpha, eps), {alpha: sp.Interval.open(0, 1)},
               text=r"the Laplace ROC is $1 - T$ for the trade-off function of $\mathrm{Lap}(0,1)$ vs "
                    r"$\mathrm{Lap}(\epsilon,1)$ (fdp.tradeoff): Theorem 3 and the f-DP view agree")


@derivation(id="liu2019.bayes", title="Hypotheses, Bayes' rule in each setting, Theorem 2 and Corollary 1",
            paper=PAPER, where="Sec. 3-5, Eq. 2-5, 11, 13, 16, 17, 19, 22; Theorem 2, Corollary 1; appendix 10.1-10.2")
def bayes_rule(d):
    hypotheses(d)
    prec = precision_recall(d)
    bayes(d)
    eq17(d, prec)
    theorem2(d, prec)
