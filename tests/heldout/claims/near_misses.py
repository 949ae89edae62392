"""Held-out near misses: each is FALSE, only in a thin region near where its true version is tight.

A nudged coefficient, a shifted constant or a domain widened past where the
bound holds.  Every one must be REFUTED with an enclosure-certified witness,
never PROVED or VERIFIED.  The region where each fails is noted beside it.
"""
import sys
from pathlib import Path

import sympy as sp

from symdp import derivation
from symdp.symbols import delta, eps

x = sp.Symbol("x", positive=True)
t = sp.Symbol("t", real=True)
p = sp.Symbol("p", positive=True)
rho = sp.Symbol("rho", positive=True)
j = sp.Symbol("j", integer=True, nonnegative=True)
n = sp.Symbol("n", integer=True, positive=True)
R = sp.Rational

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inequalities import density, tail  # noqa: E402  (the true versions' Gaussian tail and density)


@derivation(id="heldout.near-misses", title="Near-miss false versions of standard bounds", paper="held-out",
            where="negative controls")
def near_misses(d):
    d.sign("tanh<=0.999x", R(999, 1000) * x - sp.tanh(x), "positive")                   # x < 0.055
    d.sign("expm1<=0.999xexp", sp.exp(x) - 1 - R(999, 1000) * x * sp.exp(x), "negative")  # x < 0.002
    d.sign("log1p<=0.999x", R(999, 1000) * x - sp.log(1 + x), "positive")               # x < 0.002
    d.sign("1-exp(-x)<=0.999x", R(999, 1000) * x - (1 - sp.exp(-x)), "positive")        # x < 0.002
    d.sign("sqrt<=1+0.499x", 1 + R(499, 1000) * x - sp.sqrt(1 + x), "positive")         # x < 0.008
    d.sign("expm1-x<=0.999x2exp/2", R(999, 2000) * x**2 * sp.exp(x) - (sp.exp(x) - 1 - x), "positive")  # x < 0.003
    d.sign("sigmoid'<=0.2499", R(2499, 10000) - sp.exp(t) / (1 + sp.exp(t))**2, "nonnegative")  # |t| < 0.04
    d.sign("var<=0.2499", R(2499, 10000) - p * (1 - p), "nonnegative", {p: sp.Interval.open(0, 1)})  # |p - 1/2| < 0.01
    s = sp.Symbol("s", positive=True)
    d.sign("lse<=log2-0.001", sp.log(2) - R(1, 1000) - sp.log(1 + sp.exp(-s)), "positive")  # s < 0.002
    u = sp.Symbol("u", real=True)
    d.sign("laplace:widened", sp.exp(eps) - sp.exp(eps * (1 - 2 * u)), "nonnegative",
           {eps: sp.Interval.open(0, sp.oo), u: sp.Interval(R(-1, 100), 1)})             # u < 0
    y = sp.Symbol("y", real=True)
    d.sign("chernoff:widened", sp.exp(-y**2 / 2) / 2 - tail(y), "nonnegative",
           {y: sp.Interval(R(-1, 100), sp.oo)})                                          # y < 0
    d.sign("mills:0.999", R(999, 1000) * density(x) / x - tail(x), "positive")           # x > 31
    zcdp = rho + 2 * sp.sqrt(rho * sp.log(1 / delta))
    d.sign("zcdp:>=2sqrt(rho):widened", zcdp - 2 * sp.sqrt(rho), "positive",
           {rho: sp.Interval.open(0, sp.oo), delta: sp.Interval.Lopen(0, R(2, 5))})     # delta > 1/e, rho small
    d.sign("adv:e^eps-1<=2eps:widened", 2 * eps - (sp.exp(eps) - 1), "positive",
           {eps: sp.Interval.Lopen(0, R(13, 10))})                                       # eps > 1.256
    shifted = sp.exp(t - 1) / (1 + sp.exp(t - 1))**2
    d.sign("sigmoid'-shifted<=0.2499", R(2499, 10000) - shifted, "nonnegative")         # |t - 1| < 0.04
    d.sign("var-shifted<=0.3599", R(3599, 10000) - p * (R(6, 5) - p), "nonnegative",
           {p: sp.Interval.open(0, 1)})                                                  # |p - 3/5| < 0.01
    q = sp.Symbol("q", positive=True)
    kl = p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))
    d.sign("pinsker:2.001", kl - R(2001, 1000) * (p - q)**2, "nonnegative",
           {p: sp.Interval.open(0, 1), q: sp.Interval.open(0, 1)})                       # p, q both near 1/2
    d.identity("geom:halves-nudged", sp.Sum(2**(-j), (j, 0, n - 1)), 2 - 2**(1 - n) + 2**(-n) / 10**6)
    d.identity("rr:advantage-nudged", sp.exp(eps) / (1 + sp.exp(eps)) - R(1, 2),
               sp.tanh(eps / 2) / 2 + sp.exp(-eps) / 10**6)
