"""The examples the Pankova & Laud derivations share: priors, the guess, a quadrature oracle."""
import mpmath as mp
import sympy as sp

from .priors import Exponential, Normal, TwoBump, Uniform

PAPER = "004_62dfd324924a5a00.txt"
R1 = mp.mpf(1) / 2
"""The precision r of the examples: g(x) = [c - r, c + r]."""
CENTRE = mp.mpf(1) / 4
PRIORS = {"normal": Normal(0, 1), "uniform": Uniform(-2, 2), "exponential": Exponential(1), "two-bump": TwoBump(2)}
"""Flat and non-flat priors on a real attribute (uniform has R = sup d = 8 for r = 1/2)."""
y_out = sp.Symbol("y", real=True)        # the mechanism's output
EY = {sp.Symbol("epsilon", positive=True): sp.Interval(sp.Rational(1, 20), 4), y_out: sp.Interval(-6, 6)}


def guess(prior):
    """g(x) = [c - r, c + r] inside the prior's support, c = 1/4 (exponential: c = 3/4); exact binary fractions."""
    c = CENTRE + (R1 if isinstance(prior, Exponential) else 0)
    return c - R1, c + R1


def quad_posterior(prior, y, epsilon):
    """Pr_post(g(x) | y) for Laplace noise of scale r/eps by quadrature of Bayes' rule (an oracle)."""
    lo, hi = guess(prior)
    s0, s1 = prior.support
    f = lambda t: mp.exp(-epsilon * abs(y - t) / R1) * prior.pdf(t)
    cuts = sorted({v for v in (s0, lo, hi, y, s1, -8, 8) if s0 <= v <= s1})
    pieces = [mp.quad(f, [a, b]) for a, b in zip(cuts, cuts[1:])]
    inside = mp.fsum(v for (a, b), v in zip(zip(cuts, cuts[1:]), pieces) if lo <= a and b <= hi)
    return inside / mp.fsum(pieces)


__all__ = ["binomial_pmf", "main_quad", "PAPER", "R1", "PRIORS", "EY", "guess", "quad_posterior", "y_out", "Normal", "Uniform", "Exponential",
           "TwoBump"]


def binomial_pmf(n=20, q=mp.mpf(3) / 10):
    """An integer prior for the geometric mechanism: Binomial(n, q) on 0..n (exact rationals in mpf)."""
    return {k: mp.binomial(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1)}


def main_quad(prior, epsilon):
    """The main theorem's bound by quadrature (an oracle for bounds.main_upper, which uses closed forms).

    For x beyond g(x) = [lo, hi] every x' in g is on the same side, so the inner integral factors:
    int_g e^{s|x - x'|} f(x') dx' = e^{s x} int_g e^{-s x'} f(x') dx' (x > hi), mirrored for x < lo;
    each factor is one quadrature.
    """
    lo, hi = guess(prior)
    a, b = prior.support
    s = epsilon / R1
    q = lambda g, u, v: mp.quad(lambda x: g(x) * prior.pdf(x), [u, v]) if u < v else mp.mpf(0)
    right = q(lambda x: mp.exp(-s * x), hi, b) / q(lambda x: mp.exp(-s * x), lo, hi)
    left = q(lambda x: mp.exp(s * x), a, lo) / q(lambda x: mp.exp(s * x), lo, hi)
    return 1 / (1 + left + right)
