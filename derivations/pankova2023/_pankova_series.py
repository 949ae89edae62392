"""What the shells and AND/OR derivations share: the exponential-prior family's symbols and geometric series."""
import sympy as sp

from symdp.symbols import eps

lam = sp.Symbol("lambda", positive=True)
k = sp.Symbol("k", integer=True, nonnegative=True)
LE = {lam: sp.Interval(sp.Rational(1, 10), 5), eps: sp.Interval(sp.Rational(1, 10), 5)}
"""The family's domain: prior rate lambda and epsilon in [1/10, 5]."""


def geometric(d, cid, label, term, start, text=""):
    """sum_{k >= start} term: a geometric series with ratio z = term(k+1)/term(k), checked to be in (0, 1)."""
    z = sp.simplify(term.subs(k, k + 1) / term)
    d.sign(f"{cid}:ratio", 1 - z, "positive", LE, text=f"the series ${label}$ is geometric with ratio ${sp.latex(z)} < 1$")
    return d.define(label, sp.simplify(term.subs(k, start) / (1 - z)), text)
