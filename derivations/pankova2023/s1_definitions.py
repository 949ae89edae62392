"""Pankova & Laud, slides "eps-differential privacy for particular attributes" to "Prior and posterior".

d-privacy and its rescaling, the mechanisms that meet it (Laplace with scale
r/eps on a real attribute, two-sided geometric on integers), the guessing
advantage (its supremum over output sets is attained at single outputs), and
Bayes' rule in both printed forms, with the exact posteriors of the four priors
checked against quadrature.
"""
import mpmath as mp
import sympy as sp

from symdp import derivation
from symdp.guessing.exact import laplace_posterior
from symdp.symbols import eps

from symdp.guessing.examples import EY, PAPER, PRIORS, R1, guess, quad_posterior, y_out

t, t2, y = sp.symbols("x x'", real=True) + (y_out,)
dd, al, r = sp.symbols("d alpha r", positive=True)


def rescaling(d):
    d.identity("rescaling", sp.exp(eps * dd), sp.exp((al * eps) * (dd / al)),
               text=r"$e^{\epsilon d(t,t')} = e^{\alpha\epsilon \cdot d(t,t')/\alpha}$ for every $\alpha > 0$: "
                    r"only the product $\epsilon \cdot d$ is meaningful, there is no universally good $\epsilon$")


def mechanisms(d):
    loss = d.define(r"\ln\frac{f_Y(y|x)}{f_Y(y|x')}", eps * (sp.Abs(y - t2) - sp.Abs(y - t)) / r,
                    r"Laplace mechanism $y = x + \mathrm{Lap}(r/\epsilon)$, $d(x,x') = |x-x'|/r$")
    d.sign("laplace:d-private", eps * sp.Abs(t - t2) / r - loss, "nonnegative",
           text=r"the log-likelihood ratio is at most $\epsilon d(x, x')$ (triangle inequality): the Laplace "
                r"mechanism with scale $r/\epsilon$ is $\epsilon d$-private")
    d.identity("laplace:attained", loss.subs(t2, t + r * dd).subs(y, t - 1), eps * dd,
               text=r"with equality at $x' = x + r\,d$ for every output $y \le x$: no smaller multiple of $d$ works")
    k, k2, yi = sp.symbols("k k' m", integer=True)
    ri = sp.Symbol("r", positive=True, integer=True)
    gl = eps * (sp.Abs(yi - k2) - sp.Abs(yi - k)) / ri
    d.sign("geometric:d-private", eps * sp.Abs(k - k2) / ri - gl, "nonnegative",
           text=r"two-sided geometric noise $\Pr[k] \propto e^{-\epsilon |k| / r}$ on integers is $\epsilon d$-private")


def advantage(d):
    a1, a2, b1, b2 = sp.symbols("a_1 a_2 b_1 b_2", positive=True)
    d.sign("sup-at-points", sp.Max(a1 / b1, a2 / b2) - (a1 + a2) / (b1 + b2), "nonnegative",
           text=r"$\eta = \sup_Y (\Pr[X \in g \mid \mathcal{M}(X) \in Y] - \Pr[X \in g])$: a posterior given a union "
                r"of outputs is a mediant of the point-wise ones, never above the larger: the supremum over $Y$ is "
                r"the supremum over single outputs $y$")


def bayes(d):
    N, D = sp.symbols(r"N D", positive=True)
    d.identity("bayes:forms", D / (D + N), 1 / (1 + N / D),
               text=r"Bayes' rule in both printed forms: $D = \int_{g(x)} f_X(x'|\mathcal{M}(x))dx'$, "
                    r"$N = \int_{X \setminus g(x)} f_X(x|\mathcal{M}(x))dx$")
    for name, prior in PRIORS.items():
        lo, hi = guess(prior)
        closed = lambda epsilon, y, prior=prior, lo=lo, hi=hi: laplace_posterior(prior, lo, hi, y, epsilon, R1)
        oracle = lambda epsilon, y, prior=prior: quad_posterior(prior, y, epsilon)
        d.cross_check(f"posterior:{name}", closed, oracle, EY, n=6,
                      text=f"exact posterior of $g(x)$ under the {name} prior (Laplace, $r = 1/2$): closed form "
                           "(completed squares / elementary integrals) against quadrature of Bayes' rule")


@derivation(id="pankova2023.definitions", title="d-privacy, guessing advantage and the posterior (Pankova & Laud)",
            paper=PAPER, where="slides: eps-DP for particular attributes, d-privacy, defining guessing advantage, "
                               "prior and posterior probability")
def definitions(d):
    rescaling(d)
    mechanisms(d)
    advantage(d)
    bayes(d)
