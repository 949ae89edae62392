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
import sys
from pathlib import Path

import mpmath as mp
import numpy as np
import sympy as sp

from symdp import Status, derivation
from symdp.audit import PAPER, agrees, at_least, log10_inputs
from symdp.symbols import alpha, eps, log10_a1, log10_b, log10_eps, log10_p, log10_sigma, order, sigma

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _enclosed as E  # noqa: E402
import _extremes as X  # noqa: E402

VERSIONS = {"autodp": "0.2.3.1"}
b = sp.Symbol("b", positive=True)
p = sp.Symbol("p", positive=True)
ORDERS = {log10_a1: sp.Interval(-6, 4)}
"""alpha = 1 + 10^log10_alpha1: orders from 1 + 10^-6 to 10^4."""
MODERATE = {order: sp.Interval(sp.Rational(3, 2), 100)}


def near_one(**point):
    """``inputs``: log10_alpha1 becomes the order alpha = 1 + 10**log10_alpha1 (in doubles, as a user would)."""
    out = log10_inputs("sigma", "b", "epsilon")(**{k: v for k, v in point.items() if k != "log10_alpha1"})
    return {**out, "alpha": 1 + 10.0 ** point["log10_alpha1"]}


def as_alpha(inputs):
    """``inputs`` that also renames the sampled ``order`` to the library's ``alpha``."""
    def renamed(**point):
        out = inputs(**point)
        if "order" in out:
            out["alpha"] = out.pop("order")
        return out
    return renamed


def renyi_quad(p_pdf, q_pdf, a, cuts):
    """D_a(P||Q) by 60-digit quadrature of p^a q^(1-a) (the definition; the oracle of every closed form)."""
    points = [-mp.inf] + [mp.mpf(c) for c in cuts] + [mp.inf]
    return mp.log(mp.quad(lambda y: p_pdf(y) ** a * q_pdf(y) ** (1 - a), points)) / (a - 1)


def mp_fn(expr, *symbols):
    """A derived SymPy closed form as an mpmath function of keyword arguments named after the symbols."""
    fn = sp.lambdify(symbols, expr, modules="mpmath")
    names = [str(s) for s in symbols]
    return lambda **kw: fn(*(kw[n] for n in names))


def gaussian(d):
    from autodp import rdp_bank
    closed = d.define(r"D_\alpha(\mathcal N(1,\sigma^2)\|\mathcal N(0,\sigma^2))", alpha / (2 * sigma ** 2),
                      r"completing the square in $\alpha(x-1)^2 + (1-\alpha)x^2$ (Mironov 2017, Table II)")
    oracle = lambda sigma, alpha: renyi_quad(lambda y: mp.npdf(y, 1, sigma), lambda y: mp.npdf(y, 0, sigma),
                                             alpha, (0, 1))
    d.cross_check("RDP_gaussian:integral", closed, oracle, {sigma: sp.Interval(sp.Rational(1, 2), 4),
                                                            alpha: sp.Interval(sp.Rational(1, 10), 20)}, n=4,
                  text=r"$\alpha/(2\sigma^2)$ against the defining integral by quadrature, fractional orders "
                       r"included (the formula RDP_gaussian cites)")
    lib = lambda sigma, alpha: rdp_bank.RDP_gaussian({"sigma": sigma}, alpha)
    exact = mp_fn(closed, sigma, alpha)
    d.sign("RDP_gaussian:digits", agrees(lib, exact, 14, near_one), "nonnegative",
           {log10_sigma: sp.Interval(-3, 3), **ORDERS},
           text=r"RDP_gaussian agrees with $\alpha/(2\sigma^2)$ to 14 digits for $10^{-3} \le \sigma \le 10^3$ "
                r"and every order $1 + 10^{-6} \le \alpha \le 10^4$")
    return lib, exact


def laplace(d):
    from autodp import rdp_bank
    closed = d.define(r"D_\alpha(\mathrm{Lap}(0,b)\|\mathrm{Lap}(1,b))",
                      sp.log(alpha / (2 * alpha - 1) * sp.exp((alpha - 1) / b)
                             + (alpha - 1) / (2 * alpha - 1) * sp.exp(-alpha / b)) / (alpha - 1),
                      r"Mironov 2017, Table II (the formula RDP_laplace cites), $\alpha \ne 1, \tfrac12$")
    lap = lambda c, s: (lambda y: mp.exp(-abs(y - c) / s) / (2 * s))
    d.cross_check("RDP_laplace:integral", closed, lambda b, alpha: renyi_quad(lap(0, b), lap(1, b), alpha, (0, 1)),
                  {b: sp.Interval(sp.Rational(1, 2), 4), alpha: sp.Interval(sp.Rational(1, 10), 20)}, n=4,
                  text="Table II's closed form against the defining integral by quadrature, orders below and above 1")
    kl = d.limit(r"D_1", closed, alpha, 1, text=r"the order-1 (KL) limit")
    d.identity("RDP_laplace:kl", kl, 1 / b + sp.exp(-1 / b) - 1,
               text=r"the KL divergence $1/b + e^{-1/b} - 1$, the branch RDP_laplace uses at $\alpha = 1$")
    half = d.limit(r"D_{1/2}", closed, alpha, sp.Rational(1, 2), text=r"the order-1/2 limit (removable)")
    d.identity("RDP_laplace:half", half, -2 * (-1 / (2 * b) + sp.log(1 + 1 / (2 * b))),
               text=r"$-2\log(e^{-1/(2b)}(1 + 1/(2b)))$, the branch RDP_laplace uses at $\alpha = 1/2$")
    lib = lambda b, alpha: rdp_bank.RDP_laplace({"b": b}, alpha)
    general = mp_fn(closed, b, alpha)
    exact = lambda b, alpha: 1 / b + mp.expm1(-1 / b) if alpha == 1 else general(b=b, alpha=alpha)
    by_b = as_alpha(log10_inputs("b"))
    enclosed = E.choose(lambda b, alpha: alpha == 1, 1 / b + sp.exp(-1 / b) - 1, closed)
    d.sign("RDP_laplace:digits", agrees(lib, exact, 12, by_b), "nonnegative",
           {log10_b: sp.Interval(-1, 1), **MODERATE},
           text=r"RDP_laplace agrees with Table II to 12 digits for $0.1 \le b \le 10$, $1.5 \le \alpha \le 100$")
    d.sign("RDP_laplace:conservative-large-b", E.at_least(lib, exact, enclosed, by_b), "nonnegative",
           {log10_b: sp.Interval(7, 9), order: sp.Interval(2, 10)}, expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding): for $10^7 \le b \le 10^9$ RDP_laplace returns less than the "
                r"divergence $\approx \alpha/(2b^2)$, 0 or negative (the log of a sum that rounds to 1, over "
                r"$\alpha - 1$)")
    at_one = lambda **point: {"b": 10.0 ** point["log10_b"], "alpha": 1.0}
    d.sign("RDP_laplace:conservative-kl", E.at_least(lib, exact, enclosed, at_one), "nonnegative", {log10_b: sp.Interval(7, 9)},
           expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding): at $\alpha = 1$ the branch $1/b + e^{-1/b} - 1$ cancels to 0 or "
                r"below for $b \ge 10^7$ (the divergence is $\approx 1/(2b^2)$)")
    unit_b = lambda **point: {"b": 1.0, "alpha": 1 + 10.0 ** point["log10_alpha1"]}
    d.sign("RDP_laplace:digits-near-1", E.agrees(lib, exact, enclosed, 11, unit_b), "nonnegative",
           {log10_a1: sp.Interval(-6, -3)}, expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits): at $b = 1$, $\alpha = 1 + 10^{-6} .. 1 + 10^{-3}$ the division "
                r"by $\alpha - 1$ amplifies the rounding of the log: fewer than 11 digits (10 at $1 + 10^{-6}$)")
    return lib, exact


def randomised_response(d):
    from autodp import rdp_bank
    q = 1 - p
    closed = d.define(r"D_\alpha(\mathrm{Bern}(p)\|\mathrm{Bern}(1-p))",
                      sp.log(p ** alpha * q ** (1 - alpha) + q ** alpha * p ** (1 - alpha)) / (alpha - 1),
                      r"the sum over the two answers of $P(y)^\alpha Q(y)^{1-\alpha}$")
    kl = d.limit(r"D_1", closed, alpha, 1)
    d.identity("RDP_randresponse:kl", kl, (2 * p - 1) * sp.log(p / (1 - p)),
               {p: sp.Interval.open(sp.Rational(1, 2), 1)},
               text=r"the KL limit $(2p - 1)\log(p/(1-p))$, RDP_randresponse's $\alpha = 1$ branch")
    lib = lambda p, alpha: rdp_bank.RDP_randresponse({"p": p}, alpha)
    general = mp_fn(closed, p, alpha)
    exact = lambda p, alpha: (2 * p - 1) * mp.log(p / (1 - p)) if alpha == 1 else general(p=p, alpha=alpha)
    d.sign("RDP_randresponse:digits", agrees(lib, exact, 13, as_alpha(lambda **kw: kw)), "nonnegative",
           {p: sp.Interval(sp.Rational(3, 5), sp.Rational(99, 100)), **MODERATE},
           text=r"RDP_randresponse agrees with the sum to 13 digits for $0.6 \le p \le 0.99$, "
                r"$1.5 \le \alpha \le 100$")
    near_half = lambda **point: {"p": 0.5 + 10.0 ** point["log10_p"], "alpha": 1 + 10.0 ** point["log10_alpha1"]}
    d.sign("RDP_randresponse:conservative-near-half", E.at_least(lib, exact, E.choose(
        lambda p, alpha: alpha == 1, (2 * p - 1) * sp.log(p / (1 - p)), closed), near_half), "nonnegative",
           {log10_p: sp.Interval(-6, -3), log10_a1: sp.Interval(-6, -3)}, expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding): near $p = 1/2$ ($p = 1/2 + 10^{-6} .. 1/2 + 10^{-3}$) and $\alpha$ "
                r"near 1 the log-sum-exp of two nearly equal terms, over $\alpha - 1$, falls below the divergence")


def pure_dp(d):
    from autodp import rdp_bank
    e_a = sp.exp(alpha * eps)
    rr = d.define(r"D_\alpha(RR_\epsilon)", sp.log((e_a + sp.exp((1 - alpha) * eps)) / (1 + sp.exp(eps))) / (alpha - 1),
                  r"randomised response with $p = e^\epsilon/(1 + e^\epsilon)$: every $\epsilon$-DP pair is a "
                  r"post-processing of it (Kairouz et al. 2015), so its divergence is the largest")
    cited = (sp.sinh(alpha * eps) - sp.sinh((alpha - 1) * eps)) / sp.sinh(eps)
    d.identity("RDP_pureDP:sinh", cited, (e_a + sp.exp((1 - alpha) * eps)) / (1 + sp.exp(eps)),
               hint="exp/log expansion",
               text=r"Bun and Steinke's (Lemma 4, proof) $(\sinh(\alpha\epsilon) - \sinh((\alpha-1)\epsilon))"
                    r"/\sinh\epsilon$ is exactly $e^{(\alpha-1)D_\alpha}$ of randomised response: the bound is tight")
    d.identity("RDP_pureDP:kl", eps * (sp.cosh(eps) - 1) / sp.sinh(eps), eps * sp.tanh(eps / 2),
               text=r"the $\alpha = 1$ branch $\epsilon(\cosh\epsilon - 1)/\sinh\epsilon = \epsilon\tanh(\epsilon/2)$, "
                    r"the KL divergence of randomised response")
    general = mp_fn(rr, eps, alpha)
    exact = lambda epsilon, alpha: epsilon * mp.tanh(epsilon / 2) if alpha == 1 else general(epsilon=epsilon,
                                                                                                alpha=alpha)
    d.sign("RDP_pureDP:below-1", lambda epsilon, alpha: min(alpha * epsilon ** 2 / 2, epsilon * mp.tanh(epsilon / 2))
           - general(epsilon=epsilon, alpha=alpha), "nonnegative",
           {eps: sp.Interval(sp.Rational(1, 100), 20), alpha: sp.Interval(sp.Rational(1, 100), sp.Rational(99, 100))},
           symbolic=False, text=r"for $\alpha < 1$ RDP_pureDP returns $\min(\alpha\epsilon^2/2, \epsilon\tanh"
                                r"(\epsilon/2))$: an upper bound of the exact divergence (valid, not tight)")
    lib = lambda epsilon, alpha: rdp_bank.RDP_pureDP({"eps": epsilon}, alpha)
    d.sign("RDP_pureDP:digits", agrees(lib, exact, 12, as_alpha(lambda **kw: kw)), "nonnegative",
           {eps: sp.Interval(sp.Rational(1, 10), 10), **MODERATE},
           text=r"RDP_pureDP agrees with the exact divergence to 12 digits for $0.1 \le \epsilon \le 10$, "
                r"$1.5 \le \alpha \le 100$")
    at_one = lambda **point: {"epsilon": 10.0 ** point["log10_epsilon"], "alpha": 1.0}
    enclosed = E.choose(lambda epsilon, alpha: alpha == 1, eps * sp.tanh(eps / 2), rr)
    d.sign("RDP_pureDP:conservative-kl", E.at_least(lib, exact, enclosed, at_one), "nonnegative", {log10_eps: sp.Interval(-9, -8)},
           expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding): at $\alpha = 1$, $\epsilon \le 10^{-8}$, $\cosh\epsilon - 1$ rounds to 0 "
                r"and RDP_pureDP returns 0 (the divergence $\epsilon\tanh(\epsilon/2)$ is positive)")
    small = lambda **point: {"epsilon": 1e-3, "alpha": 1 + 10.0 ** point["log10_alpha1"]}
    d.sign("RDP_pureDP:conservative-near-1", E.at_least(lib, exact, enclosed, small), "nonnegative",
           {log10_a1: sp.Interval(-6, -4)}, expect=Status.REFUTED,
           text=r"FINDING (unsafe rounding): at $\epsilon = 10^{-3}$ and $\alpha = 1 + 10^{-6} .. 1 + 10^{-4}$ the "
                r"difference of log-sinh values over $\alpha - 1$ falls below the divergence")
    return lib, exact


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
    d.cross_check("pRDP_diag_gaussian:integral", closed, oracle, dom, n=4,
                  text=r"the cited closed form against quadrature: pRDP_diag_gaussian's 'sigma1', 'sigma2' are "
                       r"variances, not standard deviations (the docstring does not say)")
    lib = lambda m, v_1, v_2, alpha: rdp_bank.pRDP_diag_gaussian(
        {"mu1": np.array([m]), "mu2": np.array([0.0]), "sigma1": np.array([v_1]), "sigma2": np.array([v_2])}, alpha)
    exact = mp_fn(closed, m, v1, v2, alpha)
    d.sign("pRDP_diag_gaussian:digits", agrees(lib, exact, 12, as_alpha(lambda **kw: kw)), "nonnegative",
           {m: sp.Interval(sp.Rational(1, 10), 2), v1: sp.Interval(sp.Rational(1, 2), 1), v2: sp.Interval(1, 2),
            **MODERATE},
           text=r"pRDP_diag_gaussian agrees with the closed form to 12 digits ($1.5 \le \alpha \le 100$)")
    fixed = lambda **point: {"m": 1.0, "v_1": 0.7, "v_2": 1.5, "alpha": 1 + 10.0 ** point["log10_alpha1"]}
    d.sign("pRDP_diag_gaussian:digits-near-1", E.agrees(lib, exact, closed, 11, fixed), "nonnegative",
           {log10_a1: sp.Interval(-6, -3)}, expect=Status.REFUTED,
           text=r"FINDING (silent loss of digits): at $\alpha = 1 + 10^{-6} .. 1 + 10^{-3}$ the log-determinant "
                r"term over $\alpha - 1$ cancels: fewer than 11 digits ($m = 1$, $v_1 = 0.7$, $v_2 = 1.5$)")
    return lib, exact


@derivation(id="libraries.autodp.rdp-bank", title="autodp rdp_bank: Renyi divergences of the basic mechanisms",
            paper=PAPER, where="autodp 0.2.3.1, autodp/rdp_bank.py: RDP_gaussian, RDP_laplace, RDP_randresponse, "
            "RDP_pureDP, pRDP_diag_gaussian", requires=VERSIONS)
def rdp_bank_audit(d):
    g, g_exact = gaussian(d)
    lap, lap_exact = laplace(d)
    randomised_response(d)
    pure, pure_exact = pure_dp(d)
    diag, diag_exact = diagonal_gaussian(d)
    rows = [X.row("RDP_gaussian({'sigma': 1e-3}, 1e4)", g, g_exact, sigma=1e-3, alpha=1e4),
            X.row("RDP_laplace({'b': 1e8}, 2)", lap, lap_exact, b=1e8, alpha=2.0),
            X.row("RDP_laplace({'b': 1e8}, 1)", lap, lap_exact, b=1e8, alpha=1.0),
            X.row("RDP_laplace({'b': 1}, 1 + 1e-6)", lap, lap_exact, b=1.0, alpha=1 + 1e-6),
            X.row("RDP_pureDP({'eps': 1e-8}, 1)", pure, pure_exact, epsilon=1e-8, alpha=1.0),
            X.row("RDP_pureDP({'eps': 1e-8}, 2)", pure, pure_exact, epsilon=1e-8, alpha=2.0),
            X.row("RDP_pureDP({'eps': 1e-3}, 1 + 1e-6)", pure, pure_exact, epsilon=1e-3, alpha=1 + 1e-6),
            X.row("pRDP_diag_gaussian(m=1, v=0.7, 1.5; 1 + 1e-6)", diag, diag_exact, m=1.0, v_1=0.7, v_2=1.5,
                  alpha=1 + 1e-6)]
    d.table("functions", "the functions audited and the formula each implements", ("function", "source formula"), [
        ("RDP_gaussian", "alpha/(2 sigma^2) (Mironov 2017, Table II)"),
        ("RDP_laplace", "log(alpha/(2 alpha - 1) e^((alpha - 1)/b) + (alpha - 1)/(2 alpha - 1) e^(-alpha/b))/(alpha -"
                        " 1); KL 1/b + e^(-1/b) - 1; order 1/2 branch (Mironov 2017, Table II)"),
        ("RDP_randresponse", "log(p^alpha (1-p)^(1-alpha) + (1-p)^alpha p^(1-alpha))/(alpha - 1); KL (2p - 1) "
                             "log(p/(1-p))"),
        ("RDP_pureDP", "log((sinh(alpha eps) - sinh((alpha - 1) eps))/sinh eps)/(alpha - 1) (Bun and Steinke 2016, "
                       "Lemma 4's proof); eps (cosh eps - 1)/sinh eps at alpha = 1; min(alpha eps^2/2, .) below 1"),
        ("pRDP_diag_gaussian", "alpha m^2/(2 v_alpha) - (log v_alpha - (1 - alpha) log v_1 - alpha log v_2)/(2 (alpha"
                               " - 1)), v_alpha = alpha v_2 + (1 - alpha) v_1 (Gil 2011, p. 27)")])
    d.table("extremes", "autodp rdp_bank at the extremes: the float64 value against the derived one", X.HEADER, rows)
