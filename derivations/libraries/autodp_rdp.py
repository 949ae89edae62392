"""autodp 0.2.3.1, ``autodp.rdp_bank``: the Renyi divergences of the Gaussian, Laplace, randomised-response and
pure-DP mechanisms and of two diagonal Gaussians, derived and compared with the library.

Each closed form is derived from the densities (the Renyi divergence
D_alpha(P||Q) = log(int p^alpha q^(1 - alpha)) / (alpha - 1), by quadrature or
summation) and put beside the formula the library cites (Mironov 2017, Table II;
Bun and Steinke 2016, Lemma 4's proof; Gil 2011, p. 27); the library's float64
output is then compared with the derived value, at 60 digits, on the same
float64 inputs, over the decades users hit: sigma 10^-3..10^3, orders
1 + 10^-6..10^4 and fractional orders below 1, Laplace scales up to 10^9,
randomised response near p = 1/2, epsilon 10^-9..10^2.
"""
import math
import sys
from pathlib import Path

import mpmath as mp
import numpy as np
import sympy as sp

from symdp import Status, derivation
from symdp.symbols import alpha, eps, sigma, x

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _lib_audit import HEADER, agree, bounded, exp10, symbol, table_row  # noqa: E402

VERSIONS = {"autodp": "0.2.3.1"}
b = sp.Symbol("b", positive=True)
p = sp.Symbol("p", positive=True)
l_sigma, l_order, l_b, l_p, l_eps, order = (symbol(n) for n in ("l_sigma", "l_alpha1", "l_b", "l_p", "l_eps",
                                                                  "alpha_R"))
ORDERS = {l_order: sp.Interval(-6, 4)}
"""alpha = 1 + 10^l_alpha1: orders from 1 + 10^-6 to 10^4."""
MODERATE = {order: sp.Interval(sp.Rational(3, 2), 100)}


def renyi_quad(p_pdf, q_pdf, a, cuts):
    """D_a(P||Q) by 60-digit quadrature of p^a q^(1-a) (the definition; the oracle of every closed form)."""
    points = [-mp.inf] + [mp.mpf(c) for c in cuts] + [mp.inf]
    return mp.log(mp.quad(lambda y: p_pdf(y) ** a * q_pdf(y) ** (1 - a), points)) / (a - 1)


def mp_fn(expr, *symbols):
    """A derived SymPy closed form as an mpmath function of positional arguments."""
    return sp.lambdify(symbols, expr, modules="mpmath")


def gaussian(d):
    from autodp import rdp_bank
    closed = d.define(r"D_\alpha(\mathcal N(1,\sigma^2)\|\mathcal N(0,\sigma^2))", alpha / (2 * sigma ** 2),
                      r"completing the square in $\alpha(x-1)^2 + (1-\alpha)x^2$ (Mironov 2017, Table II)")
    oracle = lambda sigma, alpha: renyi_quad(lambda y: mp.npdf(y, 1, sigma), lambda y: mp.npdf(y, 0, sigma),
                                             alpha, (0, 1))
    d.cross_check("gauss:integral", closed, oracle, {sigma: sp.Interval(sp.Rational(1, 2), 4),
                                                     alpha: sp.Interval(sp.Rational(1, 10), 20)}, n=4,
                  text=r"$\alpha/(2\sigma^2)$ against the defining integral by quadrature, fractional orders "
                       r"included (the formula RDP\_gaussian cites)")
    fn = lambda s, a: rdp_bank.RDP_gaussian({"sigma": s}, a)
    exact = mp_fn(closed, sigma, alpha)
    agree(d, "gauss:library", lambda l_sigma, l_alpha1: (exp10(l_sigma), 1 + exp10(l_alpha1)), fn, exact,
          {l_sigma: sp.Interval(-3, 3), **ORDERS}, 14,
          r"RDP\_gaussian agrees with $\alpha/(2\sigma^2)$ to 14 digits for $\sigma = 10^{l_\sigma}$, "
          r"$10^{-3} \le \sigma \le 10^3$, and every order $1 + 10^{-6} \le \alpha \le 10^4$")
    return fn, exact


def laplace(d):
    from autodp import rdp_bank
    closed = d.define(r"D_\alpha(\mathrm{Lap}(0,b)\|\mathrm{Lap}(1,b))",
                      sp.log(alpha / (2 * alpha - 1) * sp.exp((alpha - 1) / b)
                             + (alpha - 1) / (2 * alpha - 1) * sp.exp(-alpha / b)) / (alpha - 1),
                      r"Mironov 2017, Table II (the formula RDP\_laplace cites), $\alpha \ne 1, \tfrac12$")
    lap = lambda c, s: (lambda y: mp.exp(-abs(y - c) / s) / (2 * s))
    d.cross_check("lap:integral", closed, lambda b, alpha: renyi_quad(lap(0, b), lap(1, b), alpha, (0, 1)),
                  {b: sp.Interval(sp.Rational(1, 2), 4), alpha: sp.Interval(sp.Rational(1, 10), 20)}, n=4,
                  text="Table II's closed form against the defining integral by quadrature, orders below and above 1")
    kl = d.limit(r"D_1", closed, alpha, 1, text=r"the order-1 (KL) limit")
    d.identity("lap:kl", kl, 1 / b + sp.exp(-1 / b) - 1,
               text=r"the KL divergence $1/b + e^{-1/b} - 1$, the branch RDP\_laplace uses at $\alpha = 1$")
    half = d.limit(r"D_{1/2}", closed, alpha, sp.Rational(1, 2), text=r"the order-1/2 limit (removable)")
    d.identity("lap:half", half, -2 * (-1 / (2 * b) + sp.log(1 + 1 / (2 * b))),
               text=r"$-2\log(e^{-1/(2b)}(1 + 1/(2b)))$, the branch RDP\_laplace uses at $\alpha = 1/2$")
    fn = lambda s, a: rdp_bank.RDP_laplace({"b": s}, a)
    exact_a = mp_fn(closed, b, alpha)
    exact_kl = lambda s: 1 / s + mp.expm1(-1 / s)
    exact = lambda s, a: exact_kl(s) if a == 1 else exact_a(s, a)
    agree(d, "lap:library", lambda l_b, alpha_R: (exp10(l_b), float(alpha_R)), fn, exact,
          {l_b: sp.Interval(-1, 1), **MODERATE}, 12,
          r"RDP\_laplace agrees with Table II to 12 digits for $b = 10^{l_b} \in [0.1, 10]$, "
          r"$1.5 \le \alpha \le 100$")
    bounded(d, "lap:large-b", lambda l_b, alpha_R: (exp10(l_b), float(alpha_R)), fn, exact,
            {l_b: sp.Interval(7, 9), order: sp.Interval(2, 10)}, "above", expect=Status.REFUTED,
            text=r"FINDING (unsafe rounding): for a large scale $b = 10^{l_b}$, $10^7 \le b \le 10^9$, "
                 r"RDP\_laplace returns a value below the true divergence $\approx \alpha/(2b^2)$, negative or 0 "
                 r"(the log of a sum that rounds to 1, divided by $\alpha - 1$)")
    bounded(d, "lap:kl-large-b", lambda l_b: (exp10(l_b), 1.0), fn, exact, {l_b: sp.Interval(7, 9)}, "above",
            expect=Status.REFUTED,
            text=r"FINDING (unsafe rounding): at $\alpha = 1$ the branch $1/b + e^{-1/b} - 1$ cancels to 0 or "
                 r"below for $b \ge 10^7$ (true value $\approx 1/(2b^2)$)")
    agree(d, "lap:near-1", lambda l_alpha1: (1.0, 1 + exp10(l_alpha1)), fn, exact,
          {l_order: sp.Interval(-6, -3)}, 11, expect=Status.REFUTED,
          text=r"FINDING (silent loss of digits): near $\alpha = 1$ ($\alpha = 1 + 10^{l_{\alpha 1}}$, $b = 1$) "
               r"the division by $\alpha - 1$ amplifies the rounding of the log: fewer than 11 digits")
    return fn, exact


def randomised_response(d):
    from autodp import rdp_bank
    q = 1 - p
    closed = d.define(r"D_\alpha(\mathrm{Bern}(p)\|\mathrm{Bern}(1-p))",
                      sp.log(p ** alpha * q ** (1 - alpha) + q ** alpha * p ** (1 - alpha)) / (alpha - 1),
                      r"the sum over the two answers of $P(y)^\alpha Q(y)^{1-\alpha}$")
    kl = d.limit(r"D_1", closed, alpha, 1)
    d.identity("rr:kl", kl, (2 * p - 1) * sp.log(p / (1 - p)), {p: sp.Interval.open(sp.Rational(1, 2), 1)},
               text=r"the KL limit $(2p - 1)\log(p/(1-p))$, RDP\_randresponse's $\alpha = 1$ branch")
    fn = lambda pp, a: rdp_bank.RDP_randresponse({"p": pp}, a)
    exact_a = mp_fn(closed, p, alpha)
    exact = lambda pp, a: (2 * pp - 1) * mp.log(pp / (1 - pp)) if a == 1 else exact_a(pp, a)
    agree(d, "rr:library", lambda p, alpha_R: (float(p), float(alpha_R)), fn, exact,
          {p: sp.Interval(sp.Rational(3, 5), sp.Rational(99, 100)), **MODERATE}, 13,
          r"RDP\_randresponse agrees with the sum to 13 digits for $0.6 \le p \le 0.99$, $1.5 \le \alpha \le 100$")
    bounded(d, "rr:near-half", lambda l_p, l_alpha1: (0.5 + exp10(l_p), 1 + exp10(l_alpha1)), fn, exact,
            {l_p: sp.Interval(-6, -3), l_order: sp.Interval(-6, -3)}, "above", expect=Status.REFUTED,
            text=r"FINDING (unsafe rounding): near $p = 1/2$ ($p = 1/2 + 10^{l_p}$) and $\alpha$ near 1 "
                 r"($1 + 10^{l_{\alpha 1}}$) the log-sum-exp of two nearly equal terms, divided by $\alpha - 1$, "
                 r"returns less than the divergence")


def pure_dp(d):
    from autodp import rdp_bank
    e_a = sp.exp(alpha * eps)
    rr = d.define(r"D_\alpha(RR_\epsilon)", sp.log((e_a + sp.exp((1 - alpha) * eps)) / (1 + sp.exp(eps))) / (alpha - 1),
                  r"randomised response with $p = e^\epsilon/(1 + e^\epsilon)$: every $\epsilon$-DP pair is a "
                  r"post-processing of it (Kairouz et al. 2015), so its divergence is the largest")
    cited = (sp.sinh(alpha * eps) - sp.sinh((alpha - 1) * eps)) / sp.sinh(eps)
    d.identity("pure:sinh", cited, (e_a + sp.exp((1 - alpha) * eps)) / (1 + sp.exp(eps)), hint="exp/log expansion",
               text=r"Bun and Steinke's (Lemma 4, proof) $(\sinh(\alpha\epsilon) - \sinh((\alpha-1)\epsilon))"
                    r"/\sinh\epsilon$ is exactly $e^{(\alpha-1)D_\alpha}$ of randomised response: the bound is tight")
    d.identity("pure:kl", eps * (sp.cosh(eps) - 1) / sp.sinh(eps), eps * sp.tanh(eps / 2),
               text=r"the $\alpha = 1$ branch $\epsilon(\cosh\epsilon - 1)/\sinh\epsilon = \epsilon\tanh(\epsilon/2)$, "
                    r"the KL divergence of randomised response")
    exact_a = mp_fn(rr, eps, alpha)
    exact = lambda e, a: e * mp.tanh(e / 2) if a == 1 else exact_a(e, a)
    d.sign("pure:below-1", lambda epsilon, alpha: min(alpha * epsilon ** 2 / 2, epsilon * mp.tanh(epsilon / 2))
           - exact_a(epsilon, alpha), "nonnegative", {eps: sp.Interval(sp.Rational(1, 100), 20),
                                                      alpha: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100))},
           symbolic=False, text=r"for $\alpha < 1$ RDP\_pureDP returns $\min(\alpha\epsilon^2/2, \epsilon\tanh(\epsilon/2))$"
                                r": an upper bound of the exact divergence (not tight)")
    fn = lambda e, a: rdp_bank.RDP_pureDP({"eps": e}, a)
    agree(d, "pure:library", lambda epsilon, alpha_R: (float(epsilon), float(alpha_R)), fn, exact,
          {eps: sp.Interval(sp.Rational(1, 10), 10), **MODERATE}, 12,
          r"RDP\_pureDP agrees with the exact divergence to 12 digits for $0.1 \le \epsilon \le 10$, "
          r"$1.5 \le \alpha \le 100$")
    bounded(d, "pure:kl-small-eps", lambda l_eps: (exp10(l_eps), 1.0), fn, exact, {l_eps: sp.Interval(-9, -8)},
            "above", expect=Status.REFUTED,
            text=r"FINDING (unsafe rounding): at $\alpha = 1$, $\epsilon = 10^{l_\epsilon} \le 10^{-8}$, "
                 r"$\cosh\epsilon - 1$ rounds to 0 and RDP\_pureDP returns 0 (true $\epsilon\tanh(\epsilon/2) > 0$)")
    bounded(d, "pure:near-1", lambda l_alpha1: (1e-3, 1 + exp10(l_alpha1)), fn, exact,
            {l_order: sp.Interval(-6, -4)}, "above", expect=Status.REFUTED,
            text=r"FINDING (unsafe rounding): at $\epsilon = 10^{-3}$ and $\alpha = 1 + 10^{l_{\alpha 1}}$ the "
                 r"difference of log-sinh values divided by $\alpha - 1$ falls below the divergence")
    return fn, exact


def diagonal_gaussian(d):
    from autodp import rdp_bank
    m, v1, v2 = sp.Symbol("m", real=True), sp.Symbol("v_1", positive=True), sp.Symbol("v_2", positive=True)
    va = alpha * v2 + (1 - alpha) * v1
    closed = d.define(r"D_\alpha(\mathcal N(m, v_1)\|\mathcal N(0, v_2))",
                      alpha * m ** 2 / (2 * va) - (sp.log(va) - (1 - alpha) * sp.log(v1) - alpha * sp.log(v2))
                      / (2 * (alpha - 1)),
                      r"Gil (2011) p. 27, one coordinate, $v_\alpha = \alpha v_2 + (1-\alpha) v_1 > 0$ (variances)")
    dom = {m: sp.Interval(-2, 2), v1: sp.Interval(sp.Rational(1, 2), 1), v2: sp.Interval(1, 2),
           alpha: sp.Interval(sp.Rational(1, 10), 5)}
    oracle = lambda m, v_1, v_2, alpha: renyi_quad(lambda y: mp.npdf(y, m, mp.sqrt(v_1)),
                                                   lambda y: mp.npdf(y, 0, mp.sqrt(v_2)), alpha, (0, m))
    d.cross_check("diag:integral", closed, oracle, dom, n=4,
                  text=r"the cited closed form against quadrature: pRDP\_diag\_gaussian's 'sigma1', 'sigma2' are "
                       r"variances, not standard deviations (the docstring does not say)")
    call = lambda mm, s1, s2, a: rdp_bank.pRDP_diag_gaussian(
        {"mu1": np.array([mm]), "mu2": np.array([0.0]), "sigma1": np.array([s1]), "sigma2": np.array([s2])}, a)
    exact = mp_fn(closed, m, v1, v2, alpha)
    agree(d, "diag:library", lambda m, v_1, v_2, alpha_R: (float(m), float(v_1), float(v_2), float(alpha_R)), call,
          exact, {m: sp.Interval(sp.Rational(1, 10), 2), v1: sp.Interval(sp.Rational(1, 2), 1),
                  v2: sp.Interval(1, 2), **MODERATE}, 12,
          r"pRDP\_diag\_gaussian agrees with the closed form to 12 digits ($1.5 \le \alpha \le 100$)")
    agree(d, "diag:near-1", lambda l_alpha1: (1.0, 0.7, 1.5, 1 + exp10(l_alpha1)), call, exact,
          {l_order: sp.Interval(-6, -3)}, 11, expect=Status.REFUTED,
          text=r"FINDING (silent loss of digits): at $\alpha = 1 + 10^{l_{\alpha 1}}$ the log-determinant term "
               r"$(\ldots)/(\alpha - 1)$ cancels; fewer than 11 digits remain ($m = 1$, $v_1 = 0.7$, $v_2 = 1.5$)")
    return call, exact


@derivation(id="libraries.autodp.rdp-bank", title="autodp rdp_bank: Renyi divergences of the basic mechanisms",
            paper="autodp 0.2.3.1 (autodp/rdp_bank.py)", where="RDP_gaussian, RDP_laplace, RDP_randresponse, "
            "RDP_pureDP, pRDP_diag_gaussian", requires=VERSIONS)
def rdp_bank_audit(d):
    g, g_exact = gaussian(d)
    lap, lap_exact = laplace(d)
    randomised_response(d)
    pure, pure_exact = pure_dp(d)
    diag, diag_exact = diagonal_gaussian(d)
    rows = [table_row("RDP_gaussian({'sigma': 1e-3}, 1e4)", g, (1e-3, 1e4), g_exact),
            table_row("RDP_laplace({'b': 1e8}, 2)", lap, (1e8, 2.0), lap_exact),
            table_row("RDP_laplace({'b': 1e8}, 1)", lap, (1e8, 1.0), lap_exact),
            table_row("RDP_laplace({'b': 1}, 1 + 1e-6)", lap, (1.0, 1 + 1e-6), lap_exact),
            table_row("RDP_pureDP({'eps': 1e-8}, 1)", pure, (1e-8, 1.0), pure_exact),
            table_row("RDP_pureDP({'eps': 1e-8}, 2)", pure, (1e-8, 2.0), pure_exact),
            table_row("RDP_pureDP({'eps': 1e-3}, 1 + 1e-6)", pure, (1e-3, 1 + 1e-6), pure_exact),
            table_row("pRDP_diag_gaussian(m=1, v=0.7, 1.5; 1 + 1e-6)", diag, (1.0, 0.7, 1.5, 1 + 1e-6), diag_exact)]
    d.table("rdp-bank:extremes", "autodp rdp_bank at the extremes: the library's float64 value against the "
            "derived one", HEADER, rows)
