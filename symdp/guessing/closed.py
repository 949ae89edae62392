"""The exact Laplace posterior, the main theorem's bound and the shell bound as SymPy expressions (Pankova & Laud).

The closed forms of :mod:`.exact` (``_piece``, ``laplace_mass``, ``laplace_posterior``) and
:mod:`.bounds` (``main_upper``, ``shell_upper``, ``simplified_upper``), written once more with the
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

from ..errors import SymdpError, require
from ..special import Exprel, Mills, Phi
from ..symbols import x2_int, x_int
from .priors import Exponential, Normal, TwoBump, Uniform
from .targets import And


NOTATION = (r"In the closed forms below, $\operatorname{Mills}(x) = (1 - \Phi(x))/\varphi(x)$ is the Mills ratio "
            r"(A&S 26.2.12; $\varphi$ the standard normal density), in which a normal tail times "
            r"$e^{2\epsilon y}$ is one bounded factor, and $\operatorname{exprel}(x) = (e^x - 1)/x$.")
"""The report's note on the special functions of the closed forms."""


def exact(v) -> sp.Rational:
    """The exact binary value of an int, float or mpf as a Rational."""
    sign, man, exp, _ = mp.mpf(v)._mpf_
    return (-1) ** sign * sp.Integer(man) * sp.Integer(2) ** exp


def _clamp(t, lo, hi):
    return sp.Min(sp.Max(t, lo), hi)


def piece(prior, c, a, b, at=0):
    """e^{-c at} int_a^b e^{c t} f_X(t) dt for a <= b (ends may be symbolic or infinite); cf. ``exact._piece``.

    ``at`` moves the weight to e^{c (t - at)}: a Laplace mass at output y is a sum of such pieces with at = y,
    and a normal tail then takes the Mills form (:func:`_normal_piece`) with y in one bounded factor."""
    if isinstance(prior, Normal):
        return _normal_piece(exact(prior.mu), exact(prior.sigma), c, a, b, at)
    if isinstance(prior, TwoBump):
        return (piece(Normal(prior.s, 1), c, a, b, at) + piece(Normal(-prior.s, 1), c, a, b, at)) / 2
    return sp.exp(-c * at) * _flat_piece(prior, c, a, b)


def _normal_piece(m, s, c, a, b, at):
    """The normal prior N(m, s^2): e^{c (m - at) + (c s)^2 / 2} (Phi(v_b) - Phi(v_a)), v = (t - m - c s^2)/s.

    With one end infinite it is e^{c (t - at)} phi((t - m)/s) Mills(+-v_t) at the finite end t (A&S 26.2.12:
    1 - Phi(v) = phi(v) Mills(v), and c m + (c s)^2/2 - v^2/2 = c t - (t - m)^2/(2 s^2)): e^{2 eps y} times a
    tail that falls like e^{-2 eps y} is enclosed as the bounded Mills factor, not as two factors that
    cancel."""
    shift = m + c * s**2
    weight = lambda t: sp.exp(c * (t - at) - (t - m) ** 2 / (2 * s**2)) / sp.sqrt(2 * sp.pi)
    if a is sp.S.NegativeInfinity and b is sp.S.Infinity:
        return sp.exp(c * (m - at) + (c * s) ** 2 / 2)
    if b is sp.S.Infinity:
        return weight(a) * Mills((a - shift) / s)
    if a is sp.S.NegativeInfinity:
        return weight(b) * Mills((shift - b) / s)
    return sp.exp(c * (m - at) + (c * s) ** 2 / 2) * (Phi((b - shift) / s) - Phi((a - shift) / s))


def _flat_piece(prior, c, a, b):
    """int_a^b e^{c t} f_X(t) dt under a uniform or exponential prior."""
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
    return piece(prior, s, lo, t, y) + piece(prior, -s, t, hi, y)


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


def ball(target, a):
    """Pr_pre(B(c, a)), exact: an interval of one attribute, a box (the product) for an ``And``."""
    if isinstance(target, And):
        return sp.Mul(*(ball(t, a) for t in target.parts))
    require(not target.relative, "target", "a relative attribute", "an attribute with d = |x - x'| / r")
    c, r = exact(target.c), exact(target.r)
    return piece(target.prior, 0, c - a * r, c + a * r)


def shell_upper(target, eps, n):
    """The corrected shell bound (slide "Guessing a single attribute", e^{-eps (a + 2)}; cf. ``bounds.shell_upper``)
    with shells a = 1..n written out and the mass beyond B(c, n + 1) put at the nearest distance:
    p / (p + sum_a e^{-eps (a + 2)} q_a + e^{-eps (n + 3)} (1 - ball(n + 1))).

    The last term is at least the rest of the series, so the expression is at most the bound of the whole
    series: wherever it is above a posterior, so is the bound.
    """
    require(isinstance(n, int) and n >= 1, "n", n, "an integer >= 1 (shells written out)")
    z, p = sp.exp(-eps), ball(target, 1)
    shells = sum(z ** (a + 2) * (ball(target, a + 1) - ball(target, a)) for a in range(1, n + 1))
    return p / (p + shells + z ** (n + 3) * (1 - ball(target, n + 1)))


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
