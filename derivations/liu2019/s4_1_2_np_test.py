"""Liu et al. (PoPETs 2019), Sec. 4.1.2 and 4.1.5: the Neyman-Pearson test against Laplace.

Derives the likelihood ratio (Eq. 7), the false-alarm rate by integrating the
density, the output threshold theta(alpha) (Eq. 6), lambda from theta (Eq. 8)
and lambda as a function of alpha (Sec. 4.1.5), and compares each with the
printed text.
"""
import sympy as sp

from symdp import Status, derivation, quote
from symdp.latex import NOTATION
from symdp.mechanisms import laplace
from symdp.symbols import NEIGHBOURS, QD, QDp, alpha, dQ, eps, o, psi, theta, z

PAPER = "000_0f0c1e9c4d2d1ce3.txt"
HALF = sp.Rational(1, 2)
K = sp.Symbol("k", nonnegative=True)  # distance of the threshold from the centre, in scale units
ALPHA_LOW = {alpha: sp.Interval.Lopen(0, HALF)}
ALPHA_HIGH = {alpha: sp.Interval.open(HALF, 1)}
EQ7 = (r"\begin{cases} \exp(\epsilon) & \text{if } o > Q(D) \\ \exp\left(\frac{2o - Q(D) - Q(D')}{\Delta Q} "
       r"\epsilon\right) & \text{if } o \in [Q(D'), Q(D)] \\ \exp(-\epsilon) & \text{if } o < Q(D') \end{cases}")
EQ6 = (r"\begin{cases} -\frac{\Delta Q \log 2\alpha}{\epsilon} + Q(D'), & \alpha \in [0, 0.5] \\ "
       r"\frac{\Delta Q \log 2(1-\alpha)}{\epsilon} + Q(D'), & \alpha \in (0.5, 1] \end{cases}")


def likelihood_ratio(d):
    """Eq. 7: Lambda(o) from the two densities, in psi = (o - Q(D'))/Delta Q."""
    lr = d.define(r"\Lambda(o)", laplace.likelihood_ratio(o), "ratio of the Laplace densities of A(D) and A(D')")
    at_psi = {o: QDp + dQ * psi, **NEIGHBOURS}
    lr_psi = d.rewrite(r"\Lambda", sp.piecewise_fold(sp.powsimp(lr.subs(at_psi)).rewrite(sp.Piecewise)), "simplify",
                       r"substitute $o = Q(D') + \Delta Q\,\psi$ and $Q(D) = Q(D') + \Delta Q$; absolute values as cases")
    in_psi = NOTATION.extend(symbols={"o": at_psi[o], "Q(D)": at_psi[QD]})
    d.printed("eq7", quote(PAPER, line=189, number="(7)", latex=EQ7), lr_psi, where="Eq. 7", notation=in_psi,
              text=r"read in the derivation's coordinates: $o = Q(D') + \Delta Q\,\psi$, $Q(D) = Q(D') + \Delta Q$")
    middle = sp.exp((2 * o - QD - QDp) * eps / dQ)
    d.monotone("eq7:middle-increasing", middle, o, True,
               text=r"on $[Q(D'), Q(D)]$ the ratio increases in $o$, so $\Lambda(o) \ge \lambda$ is $o \ge \theta$")
    return middle


def false_alarm(d):
    """P_FA(theta) = P(o >= theta | D') by integrating the density (proof of Thm 3)."""
    half_density = sp.exp(-sp.Abs(z)) / 2
    d.define(r"p(z)", half_density, r"standard Laplace density; $o = Q(D') + z\,\Delta Q/\epsilon$")
    above = d.integrate(r"P_{FA}|_{\theta = Q(D') + k\Delta Q/\epsilon}", half_density.rewrite(sp.Piecewise), (z, K, sp.oo),
                        text="threshold at or above $Q(D')$")
    below = d.integrate(r"P_{FA}|_{\theta = Q(D') - k\Delta Q/\epsilon}", half_density.rewrite(sp.Piecewise), (z, -K, sp.oo),
                        text="threshold below $Q(D')$")
    k_of = (theta - QDp) * eps / dQ
    derived = sp.Piecewise((above.subs(K, k_of), theta >= QDp), (below.subs(K, -k_of), True))
    d.identity("pfa:library", laplace.gsr(theta), derived,
               text="the library's survival function (GSR, Eq. 10) is the integral just derived")
    printed = sp.Piecewise((1 - sp.exp(-(theta - QDp) * eps / dQ) / 2, theta < QDp),
                           (sp.exp((theta - QDp) * eps / dQ) / 2, True))
    d.printed("pfa:values", printed, derived, where="proof of Thm 3 (values of P_FA)",
              expect=Status.ERRATUM,
              text=r"printed: $1 - \frac12 e^{-(\theta-Q(D'))\epsilon/\Delta Q}$ below $Q(D')$ and "
                   r"$\frac12 e^{(\theta-Q(D'))\epsilon/\Delta Q}$ above; the exponents have the wrong sign "
                   "(Eq. 6, solved from the right values, is correct)")
    cdf = 1 - derived
    integral = r"1 - \int_{\theta}^{\infty} \frac{\epsilon}{2\Delta Q} e^{-\frac{\epsilon|x-Q(D')|}{\Delta Q}} dx"
    d.printed("pfa:integral", quote(PAPER, line=193, latex=integral), derived,
              where="proof of Thm 3 (P_FA = 1 - integral)",
              expect=Status.ERRATUM,
              text=r"printed $P_{FA} = 1 - \int_\theta^\infty P(\mathcal{A}(D') = o)\,do$; that is "
                   r"$P(o < \theta \mid D') = 1 - P_{FA}$")
    return derived


def threshold(d, pfa):
    """Eq. 6: solve P_FA(theta) = alpha on each branch."""
    up = d.solve(r"\theta_{\alpha \le 1/2}", pfa.args[0][0] - alpha, theta, r"$\alpha \le 1/2$: $\theta \ge Q(D')$")
    down = d.solve(r"\theta_{\alpha > 1/2}", pfa.args[1][0] - alpha, theta, r"$\alpha > 1/2$: $\theta < Q(D')$")
    derived = sp.Piecewise((up[0], alpha <= HALF), (down[0], True))
    d.identity("eq6:inverts-low", pfa.args[0][0].subs(theta, up[0]), alpha, ALPHA_LOW,
               text=r"the threshold has false-alarm rate $\alpha$ ($\alpha \le 1/2$)")
    d.identity("eq6:inverts-high", pfa.args[1][0].subs(theta, down[0]), alpha, ALPHA_HIGH,
               text=r"the threshold has false-alarm rate $\alpha$ ($\alpha > 1/2$)")
    d.sign("eq6:branch-low", up[0] - QDp, "nonnegative", ALPHA_LOW,
           text=r"for $\alpha \le 1/2$ the threshold lies at or above $Q(D')$, on the branch used")
    d.sign("eq6:branch-high", QDp - down[0], "positive", ALPHA_HIGH,
           text=r"for $\alpha > 1/2$ the threshold lies below $Q(D')$, on the branch used")
    d.printed("eq6", quote(PAPER, line=175, number="(6)", latex=EQ6), derived, {alpha: sp.Interval.open(0, 1)},
              where="Eq. 6")
    d.identity("eq6:library", laplace.threshold(alpha), derived, {alpha: sp.Interval.open(0, 1)},
               text="the library's threshold is the derived one")
    return derived


def lr_threshold(d, middle, theta_alpha):
    """Eq. 8 and Sec. 4.1.5: lambda from theta, then from alpha."""
    lam_theta = d.substitute(r"\lambda", middle, {o: theta}, r"$\lambda = \Lambda(\theta)$ on $[Q(D'), Q(D)]$")
    d.printed("eq8", quote(PAPER, line=199, number="(8)", latex=r"e^{\frac{2\theta-Q(D)-Q(D')}{\Delta Q} \epsilon}"),
              lam_theta, where="Eq. 8")
    d.identity("eq8:library", laplace.lr_threshold(theta), lam_theta)
    branches = [lam_theta.subs(theta, piece).subs(NEIGHBOURS) for piece, _ in theta_alpha.args]
    derived = sp.Piecewise((d.rewrite(r"\lambda_{\alpha \le 1/2}", branches[0], "factor"), alpha <= HALF),
                           (d.rewrite(r"\lambda_{\alpha > 1/2}", branches[1], "factor"), True))
    printed = sp.Piecewise((sp.exp(-eps) / (4 * alpha**2), alpha <= HALF),
                           (sp.exp(-eps) / (4 * (1 - alpha) ** 2), True))
    d.printed("sec4.1.5:lambda", printed, derived, {alpha: sp.Interval.open(0, 1)},
              where="Sec. 4.1.5 (lambda as a function of alpha)", expect=Status.ERRATUM,
              text=r"combining Eq. 6 and Eq. 8 gives $4(1-\alpha)^2 e^{-\epsilon}$ for $\alpha > 1/2$, not $e^{-\epsilon}/(4(1-\alpha)^2)$")
    d.sign("sec4.1.5:lambda-below-range", derived.args[1][0] - sp.exp(-eps), "negative", ALPHA_HIGH,
           text=r"for $\alpha > 1/2$ this $\lambda$ is below $e^{-\epsilon}$, the least value of $\Lambda$: "
                r"Eq. 8 only describes thresholds inside $[Q(D'), Q(D)]$; outside it $\Lambda$ is constant "
                "and the test o >= theta is the Neyman-Pearson test with randomisation on that plateau")


@derivation(id="liu2019.laplace-np-test",
            title="Neyman-Pearson test against the Laplace mechanism",
            paper=PAPER, where="Sec. 4.1.2, Theorem 3, Eq. 6-8; Sec. 4.1.5")
def laplace_np_test(d):
    middle = likelihood_ratio(d)
    pfa = false_alarm(d)
    theta_alpha = threshold(d, pfa)
    lr_threshold(d, middle, theta_alpha)
