"""Pankova & Laud, slides "Guessing AND of attributes" and "Guessing OR of attributes".

AND: d = max(|x1 - x1'|/r1, |x2 - x2'|/r2), g(x) = B(c, 1) a box, and the slide prints the
single-attribute shell bound with e^{-eps a}.  Checked on a family in closed form: r1 = r2 = 1,
two independent priors lambda e^{-lambda x} on x >= 0, g(x) = [0, 2]^2 (centre (1, 1)), the
max-metric Laplace mechanism f(y|x) = (eps^2/8) e^{-eps ||y - x||_inf} (eps d-private by the
triangle inequality) and the output y = (0, 0).  The printed bound is below the exact posterior
there (an erratum with a certain witness); the corrected e^{-eps (a + 2)} holds, and also holds
against the exact posteriors of independent Laplace noise (scale 2 r_i/eps, which is eps
d-private for the max metric) under the four priors.

OR: the union bound Pr_post(g1 or g2) <= Pr_post(g1) + Pr_post(g2) holds.  Under independence
the exact posterior is 1 - (1 - P1)(1 - P2), so 1 - (1 - U1)(1 - U2) is a valid bound that is
tighter by U1 U2; unlike the union bound, its advantage vanishes as eps -> 0.
"""
import mpmath as mp
import sympy as sp

from symdp import Status, derivation
from symdp.guessing.bounds import main_upper, or_prior, or_upper, shell_upper, shells
from symdp.guessing.examples import CENTRE, PAPER, PRIORS, R1
from symdp.guessing.exact import laplace_posterior
from symdp.guessing.priors import Exponential
from symdp.guessing.targets import And, Attribute
from _pankova_series import LE, geometric, k, lam
from symdp.symbols import R_sup, eps

m, u, v = sp.symbols("m u v", nonnegative=True)
y1, y2 = sp.symbols("y_1 y_2", real=True)
EYY = {eps: sp.Interval(sp.Rational(1, 20), 4), y1: sp.Interval(-6, 6), y2: sp.Interval(-6, 6)}
PAIRS = (("normal", "exponential"), ("uniform", "two-bump"))



def target(name):
    prior = PRIORS[name]
    return Attribute(prior, R1, CENTRE + (R1 if isinstance(prior, Exponential) else 0))


def mechanism(d):
    norm = d.integrate(r"\int_{\mathbb{R}^2} e^{-\epsilon \|u\|_\infty} du", 8 * m * sp.exp(-eps * m), (m, 0, sp.oo),
                       text=r"the max-metric Laplace mechanism: the square $\|u\|_\infty = m$ has perimeter $8m$")
    d.identity("mechanism:normaliser", norm, 8 / eps**2,
               text=r"$f_Y(y|x) = \frac{\epsilon^2}{8} e^{-\epsilon\|y-x\|_\infty}$ ($r_1 = r_2 = 1$); it is "
                    r"$\epsilon d$-private for the max metric since $\|y-x'\|_\infty - \|y-x\|_\infty \le \|x-x'\|_\infty$")
    d.sign("product-laplace:factor-2", 2 * sp.Max(u, v) - u - v, "nonnegative", {u: sp.Interval(0, 10), v: sp.Interval(0, 10)},
           text=r"independent Laplace noise of scale $r_i/\epsilon$ on each attribute has log-ratio "
                r"$\epsilon(|\Delta_1|/r_1 + |\Delta_2|/r_2) \le 2\epsilon\max_i |\Delta_i|/r_i$, with equality at "
                r"$|\Delta_1|/r_1 = |\Delta_2|/r_2$: it is $2\epsilon$ (not $\epsilon$) $d$-private for the max metric; "
                r"scale $2r_i/\epsilon$ is $\epsilon d$-private")


def and_family(d):
    ball = lambda a: (1 - sp.exp(-lam * (1 + a)))**2
    p = d.define(r"\Pr_{pre}(g(x))", ball(1), r"$g(x) = [0, 2]^2$ under independent $\lambda e^{-\lambda x_i}$")
    q = sp.expand(ball(k + 1) - ball(k))
    d.identity("and:shell", q, 2 * (1 - sp.exp(-lam)) * sp.exp(-lam * (k + 1))
               - (1 - sp.exp(-2 * lam)) * sp.exp(-2 * lam * (k + 1)),
               text=r"$\Pr_{pre}(B(x,k+1)\setminus B(x,k)) = (1-e^{-\lambda(k+2)})^2 - (1-e^{-\lambda(k+1)})^2$ "
                    r"($k \ge 1$): two geometric terms")
    t1 = 2 * (1 - sp.exp(-lam)) * sp.exp(-lam * (k + 1))
    t2 = (1 - sp.exp(-2 * lam)) * sp.exp(-2 * lam * (k + 1))
    printed = (geometric(d, "and-printed-1", r"\Sigma_{1}", sp.exp(-eps * k) * t1, 1)
               - geometric(d, "and-printed-2", r"\Sigma_{2}", sp.exp(-eps * k) * t2, 1))
    corrected = (geometric(d, "and-fixed-1", r"\Sigma'_{1}", sp.exp(-eps * (k + 2)) * t1, 1)
                 - geometric(d, "and-fixed-2", r"\Sigma'_{2}", sp.exp(-eps * (k + 2)) * t2, 1))
    dens = 2 * lam * sp.exp(-lam * m) * (1 - sp.exp(-lam * m))
    inside = d.integrate(r"N_g", sp.exp(-eps * m) * dens, (m, 0, 2),
                         text=r"output $y = (0, 0)$: $\|y - x\|_\infty = \max(x_1, x_2)$, whose prior density is "
                              r"$2\lambda e^{-\lambda m}(1 - e^{-\lambda m})$")
    total = d.integrate(r"N", sp.exp(-eps * m) * dens, (m, 0, sp.oo))
    post = d.define(r"\Pr_{post}(g(x))", inside / total, "the exact posterior (Bayes' rule)")
    u_printed = d.define(r"U_{printed}", 1 / (1 + printed / p), "the printed AND bound")
    u_fixed = d.define(r"U", 1 / (1 + corrected / p), r"corrected: $e^{-\epsilon(a+2)}$, as for one attribute")
    d.sign("and:printed-valid", u_printed - post, "nonnegative", LE, symbolic=False, expect=Status.REFUTED,
           text=r"the printed AND bound is below the exact posterior of an $\epsilon d$-private mechanism: not a bound")
    d.printed("and:printed", u_printed, u_fixed, LE, where="slide 'Guessing AND of attributes'", expect=Status.ERRATUM,
              text=r"printed $e^{-\epsilon a}$; a point of $B(x,a+1)\setminus B(x,a)$ is within $a + 2$ of every "
                   r"point of $B(x, 1)$ in the max metric, so $e^{-\epsilon(a+2)}$")
    d.sign("and:corrected-valid", u_fixed - post, "nonnegative", LE,
           text="the corrected bound holds on the family")


def and_priors(d):
    for a, b in PAIRS:
        t1, t2 = target(a), target(b)
        sh = shells(And((t1, t2)))
        (l1, h1), (l2, h2) = t1.interval(1), t2.interval(1)
        exact = lambda epsilon, y_1, y_2, t1=t1, t2=t2, l1=l1, h1=h1, l2=l2, h2=h2: (
            laplace_posterior(t1.prior, l1, h1, y_1, epsilon / 2, R1)
            * laplace_posterior(t2.prior, l2, h2, y_2, epsilon / 2, R1))
        gap = lambda epsilon, y_1, y_2, sh=sh, exact=exact: shell_upper(sh, epsilon) - exact(epsilon, y_1, y_2)
        d.sign(f"and:corrected-valid:{a}+{b}", gap, "nonnegative", EYY, n=20,
               text=f"AND of a {a} and a {b} attribute ($r = 1/2$), independent Laplace of scale $2r/\\epsilon$: the "
                    r"exact posterior is the product of the two single-attribute posteriors")


def or_symbolic(d):
    P1, P2, U1, U2 = sp.symbols("P_1 P_2 U_1 U_2", positive=True)
    dom = {U1: sp.Interval(0, 1), U2: sp.Interval(0, 1), P1: sp.Interval(0, U1), P2: sp.Interval(0, U2)}
    exact = d.define(r"\Pr_{post}(g_1 \lor g_2)", 1 - (1 - P1) * (1 - P2),
                     r"independent attributes and independent mechanisms: the posterior factorises")
    d.sign("or:union-valid", P1 + P2 - exact, "nonnegative", dom,
           text=r"the printed union bound $\Pr_{post}(g_1 \lor g_2) \le \Pr_{post}(g_1) + \Pr_{post}(g_2)$ holds")
    indep = d.define(r"U_{\lor}", 1 - (1 - U1) * (1 - U2), r"under independence: $U_i \ge P_i$ and $1-(1-U_1)(1-U_2)$ "
                                                           r"is increasing in each $U_i$")
    d.sign("or:independence-valid", indep - exact, "nonnegative", dom)
    d.identity("or:gap", U1 + U2 - indep, U1 * U2, text=r"the union bound is looser by $U_1 U_2$")
    p1, p2 = sp.symbols("p_1 p_2", positive=True)
    simp = lambda p: p / (p + sp.exp(-eps * R_sup) * (1 - p))
    prior_or = p1 + p2 - p1 * p2
    dpp = {p1: sp.Interval.open(0, 1), p2: sp.Interval.open(0, 1), eps: sp.Interval.open(0, 20),
           R_sup: sp.Interval.open(0, 20)}
    d.sign("or:union-advantage-floor", simp(p1) + simp(p2) - prior_or - p1 * p2, "nonnegative", dpp,
           text=r"with the simplified bounds the union bound's advantage $U_1 + U_2 - \Pr_{pre}(g_1 \lor g_2)$ is at "
                r"least $p_1 p_2$ for every $\epsilon$: it never certifies a small $\eta$")
    at0 = d.limit(r"\eta_{\lor}(0)", 1 - (1 - simp(p1)) * (1 - simp(p2)) - prior_or, eps, 0)
    d.identity("or:independence-eps0", at0, 0, text=r"the independence bound's advantage vanishes at $\epsilon \to 0$")


def or_priors(d):
    for a, b in PAIRS:
        t1, t2 = target(a), target(b)
        (l1, h1), (l2, h2) = t1.interval(1), t2.interval(1)

        def parts(epsilon, y_1, y_2, t1=t1, t2=t2, l1=l1, h1=h1, l2=l2, h2=h2):
            u1, u2 = main_upper(t1.prior, l1, h1, epsilon, R1), main_upper(t2.prior, l2, h2, epsilon, R1)
            p1 = laplace_posterior(t1.prior, l1, h1, y_1, epsilon, R1)
            p2 = laplace_posterior(t2.prior, l2, h2, y_2, epsilon, R1)
            return u1, u2, or_prior(p1, p2)
        d.sign(f"or:union-valid:{a}+{b}", lambda epsilon, y_1, y_2, parts=parts: (
            lambda u1, u2, post: or_upper(u1, u2) - post)(*parts(epsilon, y_1, y_2)), "nonnegative", EYY, n=20,
            text=f"OR of a {a} and a {b} attribute ($r = 1/2$), Laplace of scale $r/\\epsilon$ on each, the main "
                 r"theorem per attribute: the union bound holds against the exact posterior")
        d.sign(f"or:independence-valid:{a}+{b}", lambda epsilon, y_1, y_2, parts=parts: (
            lambda u1, u2, post: 1 - (1 - u1) * (1 - u2) - post)(*parts(epsilon, y_1, y_2)), "nonnegative", EYY,
            n=20, text=r"and so does the tighter independence bound $1 - (1 - U_1)(1 - U_2)$")


@derivation(id="pankova2023.and-or", title="Guessing AND and OR of attributes (Pankova & Laud)", paper=PAPER,
            where="slides: Guessing AND of attributes; Guessing OR of attributes")
def and_or(d):
    mechanism(d)
    and_family(d)
    and_priors(d)
    or_symbolic(d)
    or_priors(d)
