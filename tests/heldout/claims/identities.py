"""Held-out standard DP identities (true), written with the public API only.

Sources: randomized response (Warner 1965); Dwork and Roth (2014), Def. 3.3
(Laplace) and Sec. 3.5 (geometric sums of composition); the binomial theorem.
"""
import sympy as sp

from symdp import derivation
from symdp.symbols import eps, mu

n = sp.Symbol("n", integer=True, positive=True)
j = sp.Symbol("j", integer=True, nonnegative=True)
x = sp.Symbol("x", real=True)
z = sp.Symbol("z", positive=True)
p = sp.Symbol("p", positive=True)
b = sp.Symbol("b", positive=True)


@derivation(id="heldout.identities", title="Identities of randomized response, Laplace and Gaussian mechanisms",
            paper="held-out", where="Warner 1965; Dwork-Roth Def. 3.3")
def identities(d):
    rr = sp.exp(eps) / (1 + sp.exp(eps))
    d.identity("rr:advantage", rr - sp.Rational(1, 2), sp.tanh(eps / 2) / 2,
               text=r"RR's advantage over a coin: $e^\epsilon/(1 + e^\epsilon) - 1/2 = \tanh(\epsilon/2)/2$")
    d.identity("rr:ratio", rr / (1 - rr), sp.exp(eps), text=r"RR's likelihood ratio is $e^\epsilon$")
    d.identity("rr:tight", rr - sp.exp(eps) * (1 - rr), 0,
               text=r"RR's hockey-stick divergence at $e^\epsilon$ is 0 (pure DP is tight)")
    d.identity("rr:log-odds", sp.log(rr / (1 - rr)), eps, text=r"the log-odds of RR is $\epsilon$")
    d.identity("laplace:ratio", sp.exp(-eps * (z + 1)) / sp.exp(-eps * z), sp.exp(-eps),
               text=r"Laplace densities one sensitivity apart, right of both centres: ratio $e^{-\epsilon}$")
    d.identity("laplace:tail", sp.Integral(sp.exp(-x / b) / b, (x, z, sp.oo)), sp.exp(-z / b),
               text=r"Laplace tail $\int_z^\infty e^{-x/b}/b\,dx = e^{-z/b}$")
    d.identity("laplace:second-moment", sp.Integral(x**2 * sp.exp(-x / b) / b, (x, 0, sp.oo)), 2 * b**2,
               text=r"Laplace variance $2b^2$")
    d.identity("gauss:loss", sp.log(sp.exp(-(x - mu)**2 / 2) / sp.exp(-x**2 / 2)), mu * x - mu**2 / 2,
               text=r"Gaussian privacy loss $\mu x - \mu^2/2$")
    d.identity("gauss:symmetry", sp.erfc(x / sp.sqrt(2)) / 2 + sp.erfc(-x / sp.sqrt(2)) / 2, 1,
               text=r"$\Phi(x) + \Phi(-x) = 1$")
    d.identity("cosh-sinh", sp.cosh(eps / 2) ** 2 - sp.sinh(eps / 2) ** 2, 1, text=r"$\cosh^2 - \sinh^2 = 1$")


@derivation(id="heldout.sums", title="Finite geometric sums and binomial identities", paper="held-out",
            where="composition sums; the binomial theorem")
def sums(d):
    d.identity("geom:halves", sp.Sum(2**(-j), (j, 0, n - 1)), 2 - 2**(1 - n), text=r"$\sum_{j<n} 2^{-j}$")
    d.identity("geom:group", sp.Sum(sp.exp(j * eps), (j, 0, n - 1)), (sp.exp(n * eps) - 1) / (sp.exp(eps) - 1),
               text=r"group privacy's $\sum_{j<n} e^{j\epsilon} = (e^{n\epsilon} - 1)/(e^\epsilon - 1)$")
    d.identity("binom:total", sp.Sum(sp.binomial(n, j), (j, 0, n)), 2**n, text=r"$\sum_j \binom{n}{j} = 2^n$")
    d.identity("binom:mean", sp.Sum(j * sp.binomial(n, j), (j, 0, n)), n * 2**(n - 1),
               text=r"$\sum_j j\binom{n}{j} = n 2^{n-1}$")
    d.identity("geom:tail", sp.Sum(sp.exp(-j * eps), (j, n, sp.oo)), sp.exp(-n * eps) / (1 - sp.exp(-eps)),
               text=r"geometric mechanism tail $\sum_{j \ge n} e^{-j\epsilon}$")
