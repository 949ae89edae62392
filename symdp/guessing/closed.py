"""The exact Laplace posterior and the main theorem's bound as SymPy expressions (Pankova & Laud).

The closed forms of :mod:`.exact` (``_piece``, ``laplace_mass``, ``laplace_posterior``) and
:mod:`.bounds` (``main_upper``, ``simplified_upper``), written once more with the
output y and epsilon as symbols.  An mpmath function is opaque to the provers (it can only be sampled); an
expression can be enclosed on a box, so a claim "the bound holds at every output" can be proved.

The branches of the mpmath code (an interval empty once y passes an end) are clamps here:
``int_lo^{min(hi, y)}`` is the integral up to ``min(max(y, lo), hi)``, 0 when y <= lo.  The priors'
parameters are taken exactly (their binary values).  Integrals of e^{kt} are written with
``exprel(x) = (e^x - 1)/x`` (:class:`symdp.special.Exprel`), which has no 0/0 at k = 0.
"""
from __future__ import annotations

import mpmath as mp
import sympy as sp

from ..errors import SymdpError
from ..special import Exprel, Phi
from ..symbols import x2_int, x_int
from .priors import Exponential, Normal, TwoBump, Uniform


def exact(v) -> sp.Rational:
    """The exact binary value of an int, float or mpf as a Rational."""
    sign, man, exp, _ = mp.mpf(v)._mpf_
    return (-1) ** sign * sp.Integer(man) * sp.Integer(2) ** exp


def _clamp(t, lo, hi):
    return sp.Min(sp.Max(t, lo), hi)


def piece(prior, c, a, b):
    """int_a^b e^{c t} f_X(t) dt for a <= b (ends may be symbolic or infinite); cf. ``exact._piece``."""
    if isinstance(prior, Normal):
        m, s = exact(prior.mu), exact(prior.sigma)
        shift = m + c * s**2
        return sp.exp(c * m + (c * s) ** 2 / 2) * (Phi((b - shift) / s) - Phi((a - shift) / s))
    if isinstance(prior, TwoBump):
        return (piece(Normal(prior.s, 1), c, a, b) + piece(Normal(-prior.s, 1), c, a, b)) / 2
    if isinstance(prior, Uniform):
        s0, s1 = exact(prior.lo), exact(prior.hi)
        a, b = _clamp(a, s0, s1), _clamp(b, s0, s1)
        return (b - a) * sp.exp(c * a) * Exprel(c * (b - a)) / (s1 - s0)
    if isinstance(prior, Exponential):
        rate = exact(prior.rate)
        a, b, k = sp.Max(a, 0), sp.Max(b, 0), c - rate
        if b is sp.oo:
            if not k.is_negative:
                raise SymdpError("c", c, f"c < {rate}, the Exponential prior's rate (the integral to infinity "
                                         "diverges otherwise)")
            return -rate * sp.exp(k * a) / k
        return rate * (b - a) * sp.exp(k * a) * Exprel(k * (b - a))
    raise SymdpError("prior", prior, "a Normal, Uniform, Exponential or TwoBump prior")


def laplace_mass(prior, lo, hi, y, s):
    """int_lo^hi e^{-s |y - t|} f_X(t) dt, split at y clamped into [lo, hi]; cf. ``exact.laplace_mass``."""
    t = _clamp(y, lo, hi)
    return sp.exp(-s * y) * piece(prior, s, lo, t) + sp.exp(s * y) * piece(prior, -s, t, hi)


def laplace_posterior(prior, lo, hi, y, eps, r):
    """Pr[lo <= X <= hi | y] for the Laplace mechanism of scale r/eps (Bayes' rule, slide "Prior and posterior")."""
    s = eps / exact(r)
    inside = laplace_mass(prior, lo, hi, y, s)
    outside = laplace_mass(prior, -sp.oo, lo, y, s) + laplace_mass(prior, hi, sp.oo, y, s)
    return 1 / (1 + outside / inside)   # each mass once: an enclosure on a box does not pay for inside twice


def main_upper(prior, lo, hi, eps, r):
    """Slide "Main theorem" for one real attribute, d = |x - x'|/r, g(x) = [lo, hi]; cf. ``bounds.main_upper``."""
    s = eps / exact(r)
    ratio = (piece(prior, -s, hi, sp.oo) / piece(prior, -s, lo, hi)
             + piece(prior, s, -sp.oo, lo) / piece(prior, s, lo, hi))
    return 1 / (1 + ratio)


def simplified_upper(p, eps, R):
    """Slide "Simplification": p / (p + e^{-eps R} (1 - p))."""
    return p / (p + sp.exp(-eps * R) * (1 - p))


# --- integer attributes, geometric noise ---------------------------------------------------------------

def binomial_weight(x, n: int = 20, q=sp.Rational(3, 10)):
    """Pr[X = x] for X ~ Binomial(n, q), exact (cf. ``examples.binomial_pmf``)."""
    return sp.binomial(n, x) * q**x * (1 - q) ** (n - x)


def geometric_posterior(weight, support, lo, hi, y, eps, r):
    """Pr[lo <= X <= hi | y] for integer X with prior ``weight(x)`` on ``support`` = (a, b) and noise
    proportional to e^{-eps |k| / r} (Bayes' rule); cf. ``exact.geometric_posterior``."""
    like = weight(x_int) * sp.exp(-eps * sp.Abs(y - x_int) / r)
    return sp.Sum(like, (x_int, lo, hi)) / sp.Sum(like, (x_int, *support))


def main_upper_discrete(weight, support, lo, hi, eps, r):
    """Slide "Main theorem" on integers (sums for integrals), d = |x - x'| / r; cf. ``bounds.main_upper_discrete``."""
    inner = sp.Sum(weight(x2_int) * sp.exp(eps * sp.Abs(x_int - x2_int) / r), (x2_int, lo, hi))
    a, b = support
    outside = sp.Sum(weight(x_int) / inner, (x_int, a, lo - 1)) + sp.Sum(weight(x_int) / inner, (x_int, hi + 1, b))
    return 1 / (1 + outside)
