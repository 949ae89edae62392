"""Jia et al., Total variation distance privacy (2023), Sec. 2: the mechanisms and Experiment 1.

Theorem 1 (Laplace) is checked against the Laplace privacy profile: scale
Delta/eps gives delta(eps) = 0, and no smaller epsilon.  Theorem 2 (Gaussian)
prints the variance Delta^2 sigma^2 / eps with sigma = sqrt(2 log(1.25/delta))/eps,
i.e. Delta^2 2 log(1.25/delta) / eps^3; the classical calibration (Dwork and
Roth, Thm A.1) is Delta^2 2 log(1.25/delta) / eps^2.  The extra 1/eps adds noise
below eps = 1 and removes it above, where the printed mechanism is not
(eps, delta)-DP (its exact privacy profile, Balle and Wang 2018, exceeds delta).
Sec. 2.4's Pinsker and Bretagnolle-Huber inequalities are in
``tvd2023.s4-composition``; Experiment 1 is recorded as a definition.
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation, quote
from symdp.latex import NOTATION
from symdp.mechanisms import gaussian
from symdp.symbols import delta, dQ, eps, eps2

PAPER = "003_0de8f9880065b2b9.txt"
y = sp.Symbol("y", real=True)
b = sp.Symbol("b", positive=True)
DELTA = {delta: sp.Interval.open(0, 1)}


def laplace(d):
    """Theorem 1: Lap(Delta/eps) noise on a query of sensitivity Delta is eps-DP, and no better."""
    loss = d.define(r"L(y)", (sp.Abs(y - dQ) - sp.Abs(y)) / b,
                    r"privacy loss $\log\frac{p_{f(X)}(y)}{p_{f(X')}(y)}$, $f(X) = 0$, $f(X') = \Delta Q$, Lap(b)")
    d.sign("thm1:loss-bounded", dQ / b - loss, "nonnegative",
           text=r"$|y - \Delta Q| - |y| \le \Delta Q$ (triangle inequality): the loss is at most $\Delta Q/b$")
    d.identity("thm1:loss-attained", loss, dQ / b, {y: sp.Interval.open(-sp.oo, 0)},
               text=r"and equals $\Delta Q/b$ for every $y < 0$: with $b = \Delta Q/\epsilon$ the mechanism is "
                    r"$\epsilon$-DP and no $\epsilon' < \epsilon$ holds with $\delta = 0$")
    profile = 1 - sp.exp((eps2 - eps) / 2)
    lap = lambda v, c: mp.exp(-abs(v - c)) / 2
    oracle = lambda epsilon, epsilon_2: mp.quad(lambda v: max(lap(v, epsilon) - mp.exp(epsilon_2) * lap(v, 0), 0),
                                                [(epsilon + epsilon_2) / 2, epsilon, mp.inf])
    d.cross_check("thm1:profile", profile, oracle, {eps: sp.Interval.open(sp.Rational(1, 10), 6),
                                                    eps2: sp.Interval.open(0, eps)}, n=8,
                  text=r"the privacy profile of Lap(0, 1) vs Lap($\epsilon$, 1) (scale $\Delta Q/\epsilon$ after "
                       r"rescaling): $\delta(\epsilon') = 1 - e^{(\epsilon' - \epsilon)/2}$ for $\epsilon' < \epsilon$ "
                       r"(the hockey-stick integral by quadrature, from the crossing point $(\epsilon + \epsilon')/2$ on)")
    d.identity("thm1:profile-at-eps", profile.subs(eps2, eps), 0,
               text=r"$\delta(\epsilon) = 0$: $(\epsilon, 0)$-DP as Theorem 1 states")
    d.sign("thm1:profile-below-eps", profile, "positive", {eps2: sp.Interval.open(0, eps)},
           text=r"and $\delta(\epsilon') > 0$ for $\epsilon' < \epsilon$: $\epsilon$ is the least")
    d.note(r"Theorem 1 writes $\mathrm{Lap}(\Delta_i f/\epsilon)$ for each coordinate; the scale must use the "
           r"$\ell_1$ sensitivity $\Delta_1 f$ (Definition 2 with $p = 1$). Read as the sensitivity of coordinate $i$, "
           r"$f(X) = (c(X), c(X))$ (a count twice, $\Delta_i = 1$, $\Delta_1 f = 2$) with $\mathrm{Lap}(1/\epsilon)$ "
           r"per coordinate has privacy loss $2\epsilon$ at $y \le 0$ in both coordinates: $2\epsilon$-DP, not $\epsilon$")


def gaussian_mechanism(d):
    """Theorem 2 as printed against the classical calibration and the exact profile."""
    sig = sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta)) / eps
    printed_var = d.define(r"\mathrm{Var}_{\mathrm{printed}}", dQ**2 * sig**2 / eps,
                           r"Theorem 2: $N(0, \Delta^2 f \sigma^2/\epsilon)$ with $\sigma = \sqrt{2\log(1.25/\delta)}/"
                           r"\epsilon$")
    classical_var = gaussian.classic_sigma() ** 2
    as_defined = NOTATION.extend(symbols={r"\Delta_i^2 f": dQ**2, r"\sigma": sig})
    variance = quote(PAPER, line=97, latex=r"\frac{\Delta_i^2 f \sigma^2}{\epsilon}")
    d.printed("thm2:variance", variance, classical_var, DELTA, where="Theorem 2 (noise variance)",
              expect=Status.ERRATUM, notation=as_defined,
              text=r"the classical calibration has variance $2\log(1.25/\delta)\Delta^2/\epsilon^2$ (noise standard "
                   r"deviation $\Delta\sqrt{2\log(1.25/\delta)}/\epsilon$); the printed one has an extra $1/\epsilon$")
    mu_printed = dQ / sp.sqrt(printed_var)
    d.identity("thm2:mu-printed", mu_printed, eps**sp.Rational(3, 2) / sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta)),
               DELTA, text=r"the printed mechanism has $\mu = \Delta/\mathrm{sd} = \epsilon^{3/2}/\sqrt{2\log(1.25/"
                           r"\delta)}$ (classical: $\epsilon/\sqrt{2\log(1.25/\delta)}$)")
    mu_p = eps**sp.Rational(3, 2) / sp.sqrt(2 * sp.log(sp.Rational(5, 4) / delta))
    slack = delta - gaussian.analytic_delta(mu_p, eps)
    d.sign("thm2:printed-dp-below-1", slack, "nonnegative", {eps: sp.Interval.open(0, 1), **DELTA},
           text=r"below $\epsilon = 1$ the printed mechanism adds more noise than the classical one and is "
                r"$(\epsilon,\delta)$-DP (its exact profile $\delta_\mu(\epsilon) \le \delta$)")
    d.sign("thm2:printed-dp-above-1", slack, "nonnegative", {eps: sp.Interval.open(1, 20), **DELTA}, symbolic=False,
           expect=Status.REFUTED,
           text=r"above $\epsilon = 1$ it adds less, and is not $(\epsilon,\delta)$-DP: e.g. at $\epsilon = 4$, "
                r"$\delta = 10^{-5}$, $\mu = 8/\sqrt{2\log(1.25\cdot 10^5)} = 1.65$ and $\delta_\mu(4) = 0.023$")
    d.note(r"Theorem 2 writes $\Delta_i^2 f$ per coordinate; for a vector query the calibration uses the $\ell_2$ "
           r"sensitivity $\Delta_2 f$ (the rotation argument of Theorem 13).")


def experiment1(d):
    d.note(r"Experiment 1 (membership experiment of Yeom et al.), recorded as a definition: sample $S \sim D^n$ and "
           r"train $\mathcal{M}_S = \mathcal{M}(S)$; draw $b$ uniformly from $\{0, 1\}$; draw $z \sim S$ if $b = 0$, "
           r"$z \sim D$ if $b = 1$; the experiment is 1 when $\mathcal{A}(z, \mathcal{M}_S, n, D) = b$. Its expectation "
           r"is $\frac12 \Pr[\mathcal{A} = 0 \mid b = 0] + \frac12 \Pr[\mathcal{A} = 1 \mid b = 1]$, the accuracy of "
           r"Experiment 2 with $P_0 = P_1 = 1/2$ (bounds: tvd2023.s4-definitions; Sec. 5's theorems elsewhere)")
    pa, pb = sp.symbols("p_0 p_1", nonnegative=True)
    acc = d.define(r"E(\mathrm{Exp}^M)", (pa + pb) / 2,
                   r"with $p_0 = \Pr[\mathcal{A} = 0 \mid b = 0]$, $p_1 = \Pr[\mathcal{A} = 1 \mid b = 1]$")
    d.identity("exp1:advantage", 2 * acc - 1, pa - (1 - pb),
               text=r"$2E - 1 = \mathrm{TPR} - \mathrm{FPR}$ (Yeom et al.'s membership advantage, 'member' = 0)")


def definitions(d):
    """Definitions 1-2 and Sec. 2.3-2.4, recorded."""
    P_, Q_ = sp.symbols("P_Y Q_Y", nonnegative=True)          # Pr[M(X) in Y], Pr[M(X') in Y]
    d.define(r"\text{Def. 1}", sp.exp(eps) * Q_ + delta - P_,
             r"$(\epsilon,\delta)$-DP: this slack is $\ge 0$ for all neighbours $X, X'$ and all $Y$ "
             r"($\epsilon \ge 0$, $\delta \in [0, 1)$)")
    fx, fxp = sp.symbols("f_X f_Xp", real=True)
    d.define(r"\Delta_1 f", sp.Abs(fx - fxp), r"Definition 2 (one coordinate): the largest $\|f(X) - f(X')\|_p$ over "
             r"neighbours")
    d.note(r"Sec. 2.3: $D_{TV}(P, Q) = \max_X |P(X) - Q(X)|$ (equal to $\frac12\int|p - q|$: tvd2023.s4-definitions). "
           r"Sec. 2.4: $D_{KL}(P\|Q) = \int p \log(p/q)$ and the Pinsker and Bretagnolle-Huber bounds "
           r"(tvd2023.s4-composition, where both are derived and compared).")


@derivation(id="tvd2023.s2-mechanisms", title="The Laplace and Gaussian mechanisms as Jia et al. state them",
            paper=PAPER, where="Sec. 2, Definitions 1-2, Theorems 1 and 2, Experiment 1")
def mechanisms(d):
    definitions(d)
    laplace(d)
    gaussian_mechanism(d)
    experiment1(d)
