"""Integer attributes and the two-sided geometric mechanism (slide "Where to get such M?", on integers).

The attribute takes integer values; its prior is a continuous prior rounded to the nearest integer,
Pr[X = k] = Pr_prior(k - 1/2 <= X < k + 1/2), truncated where the mass beyond is below ``TAIL``.
The guess is g = {k : |k - c| <= r} for an integer centre c, d(k, k') = |k - k'| / r, and the mechanism
adds two-sided geometric noise, Pr[noise = j] proportional to e^{-eps |j| / r}: it is eps d-private
(derivation pankova2023.definitions, claim geometric:d-private).

Posteriors for every output y and the main theorem's bound are sums of positive terms computed by
first-order recurrences, O(n) for n integers (the dict versions in ``exact`` and ``bounds`` are the
O(n^2) oracles the tests compare with).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import mpmath as mp

from ..errors import SymdpError, require_mp

TAIL = mp.mpf(10) ** -30
"""Prior mass left out on each side of the truncated support (below 15 significant digits of any answer)."""
MAX_VALUES = 100_000
"""Cap on the number of integers the prior may need (rescale the attribute beyond it)."""


@dataclass(frozen=True)
class IntegerAttribute:
    """An integer attribute: ``prior`` rounded to integers, precision ``r`` (> 0), integer guess ``center``."""

    prior: object
    r: float
    center: float | None = None

    def __post_init__(self):
        require_mp("precision", self.r, 0)
        if self.center is not None and mp.mpf(self.center) != mp.nint(self.center):
            raise SymdpError("center", self.center, "an integer (the attribute is an integer)")

    @property
    def c(self):
        return mp.nint(self.prior.center() if self.center is None else self.center)

    def interval(self, a):
        """B(c, a) = {k : |k - c| <= a r} as its integer ends."""
        m = mp.floor(a * mp.mpf(self.r))
        return self.c - m, self.c + m

    def ball(self, a):
        lo, hi = self.interval(a)
        return self.prior.prob(lo - mp.mpf(1) / 2, hi + mp.mpf(1) / 2)

    @cached_property
    def support(self):
        """(first integer, probabilities of consecutive integers) holding all but 2 TAIL of the prior."""
        lo, hi = self.c - _reach(self, -1), self.c + _reach(self, 1)
        half = mp.mpf(1) / 2
        return lo, [self.prior.prob(k - half, k + half) for k in range(int(lo), int(hi) + 1)]


def _reach(t, side):
    """The smallest power of two n with prior mass beyond c + side n (rounded) below TAIL."""
    n, half = 1, mp.mpf(1) / 2
    while True:
        edge = t.c + side * (n + half)
        beyond = t.prior.prob(edge, mp.inf) if side > 0 else t.prior.prob(-mp.inf, edge)
        if beyond < TAIL:
            return n
        n *= 2
        if n > MAX_VALUES:
            raise SymdpError("--prior", "an integer attribute needing more than %d values" % MAX_VALUES,
                             "a prior on fewer integers (rescale the attribute, e.g. a salary in thousands)")


def _sweeps(p, z):
    """L[i] = sum_{j <= i} p[j] z^{i-j} and R[i] = sum_{j > i} p[j] z^{j-i}."""
    n = len(p)
    left, right = [mp.mpf(0)] * n, [mp.mpf(0)] * n
    acc = mp.mpf(0)
    for i in range(n):
        acc = acc * z + p[i]
        left[i] = acc
    acc = mp.mpf(0)
    for i in range(n - 2, -1, -1):
        acc = (acc + p[i + 1]) * z
        right[i] = acc
    return left, right


@dataclass(frozen=True)
class GeometricAdvantage:
    """sup_y Pr_post(g | y) - Pr_pre(g) of the geometric mechanism, at the maximising output ``y``."""

    eta: object
    posterior: object
    prior: object
    y: int


def geometric_advantage(t: IntegerAttribute, eps):
    """The exact advantage: outputs beyond the support give the posterior of its nearest end."""
    lo, p = t.support
    glo, ghi = (int(v - lo) for v in t.interval(1))
    z = mp.exp(-mp.mpf(eps) / t.r)
    inside = [v if glo <= i <= ghi else mp.mpf(0) for i, v in enumerate(p)]
    (al, ar), (il, ir) = _sweeps(p, z), _sweeps(inside, z)
    post = [(il[i] + ir[i]) / (al[i] + ar[i]) for i in range(len(p))]
    best = max(range(len(p)), key=post.__getitem__)
    prior = mp.fsum(inside)
    return GeometricAdvantage(post[best] - prior, post[best], prior, int(lo) + best)


def _series(coeffs, x):
    """sum_j coeffs[j] x^j (Horner)."""
    return mp.polyval(list(reversed(coeffs)), x)


def main_upper(t: IntegerAttribute, eps):
    """Slide "Main theorem" on integers: 1 / (1 + sum_{x not in g} f(x) / sum_{x' in g} e^{eps d(x, x')} f(x')).

    For x above g = [lo, hi] the inner sum is z^{-(x - hi)} sum_g f(x') z^{-(hi - x')} (z = e^{-eps / r}), below
    g likewise: four power series in z and 1/z.
    """
    lo, p = t.support
    glo, ghi = (int(v - lo) for v in t.interval(1))
    z = mp.exp(-mp.mpf(eps) / t.r)
    inside = p[glo:ghi + 1]
    a_hi, a_lo = _series(inside[::-1], 1 / z), _series(inside, 1 / z)
    above, below = _series([0] + p[ghi + 1:], z), _series([0] + p[:glo][::-1], z)
    return 1 / (1 + above / a_hi + below / a_lo)
