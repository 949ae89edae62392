"""Jia et al., Total variation distance privacy (2023), Sec. 4.5 (Theorems 11-13) and Figures 1-2.

The TV of the Laplace and Gaussian mechanisms is derived by integrating
|p - q|/2 region by region (the crossing is the midpoint Delta/2), and of the
d-dimensional Gaussian mechanism by the rotation of Proof 9 (the likelihood
ratio depends on <x, v> only, and <x, v>/|v| is N(0, sigma^2)), cross-checked by
quadrature in the original coordinates.  The printed forms of Theorems 11-13
are right and attained at |f(X) - f(X')| = Delta f (the TV increases with the
shift); Proof 7's middle expression has a sign slip in an exponent.
"""
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from symdp import Status, derivation, quote
from symdp.adversary import gaussian as numeric
from symdp.latex import NOTATION
from symdp.mechanisms import gaussian
from symdp.symbols import dQ, sigma

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _a_helpers as H  # noqa: E402

PAPER = "003_0de8f9880065b2b9.txt"
y = sp.Symbol("y", real=True)
b = sp.Symbol("b", positive=True)
SCALES = {dQ: sp.Interval.open(sp.Rational(1, 10), 10), b: sp.Interval.open(sp.Rational(1, 10), 10)}
SHIFT = NOTATION.extend(symbols={r"\Delta f": dQ, r"\Delta_2 f": dQ}, functions={r"\Phi": gaussian.cdf})
"""The paper's sensitivities (Definition 2) as symdp's Delta Q; Phi in the library's erfc form."""


def laplace(d):
    """Theorem 11: D_TV(Lap(0, b), Lap(Delta, b)) = 1 - e^{-Delta/(2b)}."""
    left, right = sp.exp(y / b) / (2 * b), sp.exp(-y / b) / (2 * b)       # Lap(0, b) left / right of 0
    q_left, q_right = sp.exp((y - dQ) / b) / (2 * b), sp.exp(-(y - dQ) / b) / (2 * b)
    pieces = (d.integrate(r"\int_{-\infty}^{0} (p - q)", left - q_left, (y, -sp.oo, 0))
              + d.integrate(r"\int_0^{\Delta/2} (p - q)", right - q_left, (y, 0, dQ / 2))
              + d.integrate(r"\int_{\Delta/2}^{\Delta} (q - p)", q_left - right, (y, dQ / 2, dQ))
              + d.integrate(r"\int_{\Delta}^{\infty} (q - p)", q_right - right, (y, dQ, sp.oo)))
    tv = d.define(r"D_{TV}^{\mathrm{Lap}}", pieces / 2, r"$\frac12\int|p - q|$: $p > q$ exactly below $\Delta/2$")
    d.printed("thm11", quote(PAPER, line=345, latex=r"1 - e^{-\frac{\Delta f}{2b}}"), tv, SCALES, where="Theorem 11",
              notation=SHIFT)
    oracle = lambda Delta_Q, b: H.tv_quadrature(lambda v: H.laplace_pdf(v, 0, b), lambda v: H.laplace_pdf(v, Delta_Q, b),
                                                [0, Delta_Q / 2, Delta_Q])
    d.cross_check("thm11:quadrature", 1 - sp.exp(-dQ / (2 * b)), oracle, SCALES, n=8,
                  text=r"against $\frac12\int |p - q|$ by quadrature")
    d.monotone("thm11:worst-shift", 1 - sp.exp(-dQ / (2 * b)), dQ, True,
               text=r"the TV increases with the shift $|f(X) - f(X')|$: the worst neighbours are at $\Delta f$, where "
                    r"the bound is attained")
    F0 = 1 - sp.exp(-dQ / (2 * b)) / 2          # F_L(Delta/2 | 0, b)
    F1 = sp.exp(-dQ / (2 * b)) / 2              # F_L(Delta/2 | Delta, b)
    d.identity("proof7:cdf", F0 - F1, tv, SCALES, text=r"Proof 7's $F_L(\Delta/2 \mid 0, b) - F_L(\Delta/2 \mid \Delta, b)$")
    middle = (r"\frac{1}{2}(1 - e^{-\frac{|\Delta f|}{2b}}) + \frac{1}{2}(1 - e^{-\frac{-|\Delta f|}{2b}})")
    d.printed("proof7:middle", quote(PAPER, line=351, latex=middle), tv, SCALES, where="Proof 7 (middle expression)",
              expect=Status.ERRATUM, notation=SHIFT,
              text=r"printed $\frac12(1 - e^{-|\Delta f|/(2b)}) + \frac12(1 - e^{-(-|\Delta f|)/(2b)})$: the second "
                   r"exponent is positive, and the sum is negative (at $\Delta f = 2b$: $1 - \cosh 1 = -0.543$); "
                   r"both halves should be $\frac12(1 - e^{-\Delta f/(2b)})$")


def gaussian_1d(d):
    """Theorem 12: D_TV(N(0, sigma^2), N(Delta, sigma^2)) = 2 Phi(Delta/(2 sigma)) - 1."""
    p, q = gaussian.density(y, 0), gaussian.density(y, dQ)
    d.identity("thm12:crossing", sp.expand_log(sp.log(p / q), force=True), dQ * (dQ - 2 * y) / (2 * sigma**2),
               hint="exp/log expansion", text=r"$\log(p/q) = \Delta(\Delta - 2y)/(2\sigma^2)$: $p > q$ exactly below "
                                              r"$\Delta/2$")
    below = d.integrate(r"\int_{-\infty}^{\Delta/2} (p - q)", p - q, (y, -sp.oo, dQ / 2),
                        text=r"$D_{TV} = \int_{p > q}(p - q)$")
    printed = 2 * gaussian.cdf(dQ / (2 * sigma)) - 1
    dom = {dQ: sp.Interval.open(sp.Rational(1, 10), 10), sigma: sp.Interval.open(sp.Rational(1, 10), 10)}
    d.printed("thm12", quote(PAPER, line=359, latex=r"2\Phi(\frac{\Delta f}{2\sigma}) - 1"), below, dom,
              where="Theorem 12", notation=SHIFT)
    oracle = lambda Delta_Q, sigma: H.tv_quadrature(lambda v: H.normal_pdf(v, 0, sigma),
                                                    lambda v: H.normal_pdf(v, Delta_Q, sigma), [0, Delta_Q / 2, Delta_Q])
    d.cross_check("thm12:quadrature", printed, oracle, dom, n=8, text=r"against $\frac12\int|p - q|$ by quadrature")
    d.identity("proof8:symmetry", gaussian.cdf(dQ / (2 * sigma)) - gaussian.cdf(-dQ / (2 * sigma)), printed,
               text=r"Proof 8: $F_G(\Delta/2 \mid 0) - F_G(\Delta/2 \mid \Delta) = 2F_G(\Delta/2 \mid 0) - 1$")
    d.monotone("thm12:worst-shift", printed, dQ, True, text=r"increasing in the shift: attained at $\Delta f$")
    d.identity("sec4.2:area", printed.subs({dQ: 1, sigma: 1}), sp.erf(sp.sqrt(2) / 4),
               text=r"Sec. 4.2 and Fig. 1: $\Pr[N(0,1) < 0.5] - \Pr[N(1,1) < 0.5] = 2\Phi(1/2) - 1 = 0.3829$")


def gaussian_nd(d):
    """Theorem 13 by rotation (three dimensions written out)."""
    xs = sp.symbols("x_1:4", real=True)
    vs = sp.symbols("v_1:4", real=True)
    norm2 = sum(v**2 for v in vs)
    logratio = (sum((xi - vi) ** 2 for xi, vi in zip(xs, vs)) - sum(xi**2 for xi in xs)) / (2 * sigma**2)
    inner = sum(xi * vi for xi, vi in zip(xs, vs))
    d.identity("thm13:log-ratio", logratio, (norm2 - 2 * inner) / (2 * sigma**2),
               text=r"$\log\frac{p(x)}{q(x)} = \frac{\|x - v\|^2 - \|x\|^2}{2\sigma^2} = \frac{\|v\|^2 - 2\langle x, v"
                    r"\rangle}{2\sigma^2}$ (here $d = 3$): the optimal set is the half-space $\langle x, v\rangle < "
                    r"\|v\|^2/2$")
    d.identity("thm13:projection-variance", sum(v**2 * sigma**2 for v in vs) / norm2, sigma**2,
               {v: sp.Interval.open(0, sp.oo) for v in vs},
               text=r"$\langle x, v\rangle/\|v\|$ is $N(0, \sigma^2)$ under $p$ (variance $\sum v_i^2\sigma^2/\|v\|^2$) "
                    r"and $N(\|v\|, \sigma^2)$ under $q$: the 1-D case of Theorem 12 with shift $\|v\| \le \Delta_2 f$")
    v1, v2 = sp.symbols("v_1 v_2", positive=True)
    closed = 2 * gaussian.cdf(sp.sqrt(v1**2 + v2**2) / (2 * sigma)) - 1
    dom = {v1: sp.Interval.open(sp.Rational(1, 10), 3), v2: sp.Interval.open(sp.Rational(1, 10), 3),
           sigma: sp.Interval.open(sp.Rational(1, 2), 3)}
    d.cross_check("thm13:planar-quadrature", closed, lambda v_1, v_2, sigma: H.tv_gaussian_2d(v_1, v_2, sigma), dom,
                  n=4, text=r"in the plane, against $\int_{p > q}(p - q)$ in the original coordinates (inner integral "
                            r"a normal tail, outer by quadrature), no rotation")
    d.printed("thm13", quote(PAPER, line=377, latex=r"2\Phi(\frac{\Delta_2 f}{2\sigma}) - 1"),
              closed.subs(sp.sqrt(v1**2 + v2**2), dQ), notation=SHIFT,
              where="Theorem 13", text=r"Theorem 13 at $\|v\| = \Delta_2 f$ (the worst case, by Theorem 12's "
                                       r"monotonicity)")


def figures(d):
    """Fig. 1 (the two densities) and Fig. 2 (the hypothesis-testing curves) for N(0,1) vs N(1,1)."""
    with mp.workdps(30):
        grid = [mp.mpf(k) / 10 - 4 for k in range(91)]
        d.figure("fig1", r"Fig. 1 regenerated: the output densities of the Gaussian mechanism on inputs 0 and 1; "
                 r"$D_{TV}$ is the area between them left of $y = 1/2$, $2\Phi(1/2) - 1 = 0.3829$",
                 r"$y$", r"density", {r"$N(0,1)$": [(v, mp.npdf(v)) for v in grid],
                                      r"$N(1,1)$": [(v, mp.npdf(v, 1)) for v in grid]})
        dl = mp.mpf("1e-5")
        e = numeric.analytic_epsilon(1, dl)
        al = 2 * mp.ncdf(mp.mpf(1) / 2) - 1
        fn = [mp.mpf(k) / 100 for k in range(101)]
        curve = lambda a: mp.ncdf(mp.sqrt(2) * mp.erfinv(1 - 2 * a) - 1) if 0 < a < 1 else 1 - a   # Phi(Phi^-1(1-a) - 1)
        dp = lambda a: max(0, 1 - dl - mp.exp(e) * a, mp.exp(-e) * (1 - dl - a))
        d.figure("fig2", rf"Fig. 2 regenerated: $P_{{FP}}$ against $P_{{FN}}$ for N(0,1) vs N(1,1): the exact trade-off "
                 rf"curve, the tightest $(\epsilon, \delta)$-DP curve at $\delta = 10^{{-5}}$ ($\epsilon = "
                 rf"{mp.nstr(e, 4)}$) and the TVD line ($\alpha = {mp.nstr(al, 4)}$)", r"$P_{FN}$", r"$P_{FP}$",
                 {r"Gaussian, $\mu = 1$": [(a, curve(a)) for a in fn],
                  r"$(\epsilon,\delta)$-DP": [(a, dp(a)) for a in fn],
                  r"$\alpha$-TVD": [(a, max(0, 1 - al - a)) for a in fn]})


@derivation(id="tvd2023.s4-mechanism-tv", title="TV of the Laplace and Gaussian mechanisms (Theorems 11-13)",
            paper=PAPER, where="Sec. 4.5, Theorems 11-13, Proofs 7-9; Sec. 4.2, Figures 1-2")
def mechanism_tv(d):
    laplace(d)
    gaussian_1d(d)
    gaussian_nd(d)
    figures(d)
