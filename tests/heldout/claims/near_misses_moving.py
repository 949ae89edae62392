"""Held-out near misses that only a search that moves can refute (issue 49): each is FALSE, in a region the
seeded sample and the descent to edge values miss.

- rdp-amgm: the RDP-to-(eps, delta) conversion of the Gaussian mechanism, alpha mu^2/2 + log(1/delta)/(alpha-1),
  against its optimum over alpha (AM-GM, tight along alpha* = 1 + sqrt(2 log(1/delta))/mu) minus 1e-6: false
  only in a thin tube around that curve inside the three-variable domain.
- hellinger-tv: H^2 = 1 - BC <= TV for Bernoulli(p), Bernoulli(q) scaled by 1.001: false only near the corners
  (0, 1) and (1, 0) of the open square, where sqrt(p) + sqrt(1 - q) (or the mirror) is below about 1e-3.
- zcdp: the zCDP-to-(eps, delta) bound rho + 2 sqrt(rho log(1/delta)) is at least rho; with the constant
  nudged to 1.000001 rho it is false only where rho is large and delta near 1 (4 rho log(1/delta) < 1e-12 rho^2).

Their true twins (the un-nudged claims) are in tests/engine/test_descent.py: never REFUTED.
"""
import sympy as sp

from symdp import derivation

R = sp.Rational
alpha, mu, delta, rho = sp.symbols("alpha mu delta rho", positive=True)
p, q = sp.symbols("p q", positive=True)
L = sp.log(1 / delta)

RDP = alpha * mu**2 / 2 + L / (alpha - 1)
OPTIMUM = mu**2 / 2 + mu * sp.sqrt(2 * L)
TUBE = {alpha: sp.Interval.open(1, 100), mu: sp.Interval(R(1, 2), 2), delta: sp.Interval(R(1, 10**10), R(1, 1000))}
BC = sp.sqrt(p * q) + sp.sqrt((1 - p) * (1 - q))
SQUARE = {p: sp.Interval.open(0, 1), q: sp.Interval.open(0, 1)}
ZCDP = rho + 2 * sp.sqrt(rho * L)


@derivation(id="heldout.near-misses-moving", title="Near misses false only off the sample and the edges",
            paper="held-out", where="negative controls (issue 49)")
def near_misses_moving(d):
    d.sign("rdp-amgm:-1e-6", RDP - (OPTIMUM + R(1, 10**6)), "nonnegative", TUBE)      # |alpha - alpha*| small
    d.sign("hellinger-tv:1.001", sp.Abs(p - q) - R(1001, 1000) * (1 - BC), "nonnegative", SQUARE)  # near (0,1), (1,0)
    d.sign("zcdp>=rho:1.000001", ZCDP - (1 + R(1, 10**6)) * rho, "nonnegative",
           {delta: sp.Interval.open(0, 1)})                                           # rho large, delta near 1
