"""Priors on one real attribute (Pankova & Laud, slide "Guessing a single attribute").

Each prior is a frozen dataclass with mpmath ``pdf``/``cdf``/``prob`` at the
caller's working precision.  ``prob(lo, hi)`` is Pr_pre(lo <= X <= hi); it
subtracts in the tail where that is accurate (survival side above the median).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp

from ..errors import require_mp



@dataclass(frozen=True)
class Normal:
    """N(mu, sigma^2)."""

    mu: float = 0.0
    sigma: float = 1.0

    def __post_init__(self):
        require_mp("mu", self.mu)
        require_mp("sigma", self.sigma, 0)

    def pdf(self, t):
        return mp.npdf((t - self.mu) / self.sigma) / self.sigma

    def prob(self, lo, hi):
        a, b = (mp.mpf(lo) - self.mu) / self.sigma, (mp.mpf(hi) - self.mu) / self.sigma
        return mp.ncdf(-a) - mp.ncdf(-b) if a > 0 else mp.ncdf(b) - mp.ncdf(a)

    def center(self):
        return mp.mpf(self.mu)

    support = (-mp.inf, mp.inf)


@dataclass(frozen=True)
class Uniform:
    """Uniform on [lo, hi]."""

    lo: float = 0.0
    hi: float = 1.0

    def __post_init__(self):
        require_mp("lo", self.lo)
        require_mp("hi", self.hi, self.lo)

    def pdf(self, t):
        return mp.mpf(1) / (self.hi - self.lo) if self.lo <= t <= self.hi else mp.mpf(0)

    def prob(self, lo, hi):
        a, b = max(mp.mpf(lo), mp.mpf(self.lo)), min(mp.mpf(hi), mp.mpf(self.hi))
        return (b - a) / (mp.mpf(self.hi) - self.lo) if b > a else mp.mpf(0)

    def center(self):
        return (mp.mpf(self.lo) + self.hi) / 2

    @property
    def support(self):
        return (mp.mpf(self.lo), mp.mpf(self.hi))


@dataclass(frozen=True)
class Exponential:
    """Exponential with rate ``rate`` on [0, oo) (mean 1/rate)."""

    rate: float = 1.0

    def __post_init__(self):
        require_mp("rate", self.rate, 0)

    def pdf(self, t):
        return self.rate * mp.exp(-self.rate * t) if t >= 0 else mp.mpf(0)

    def prob(self, lo, hi):
        a, b = max(mp.mpf(lo), 0), max(mp.mpf(hi), 0)
        return mp.exp(-self.rate * a) * -mp.expm1(-self.rate * (b - a)) if b > a else mp.mpf(0)

    def center(self):
        return mp.log(2) / self.rate

    support = (mp.mpf(0), mp.inf)


@dataclass(frozen=True)
class TwoBump:
    """Equal-weight mixture of N(-s, 1) and N(s, 1): a bimodal, non-flat prior."""

    s: float = 2.0

    def __post_init__(self):
        require_mp("s", self.s, 0)

    def pdf(self, t):
        return (mp.npdf(t - self.s) + mp.npdf(t + self.s)) / 2

    def prob(self, lo, hi):
        return (Normal(self.s, 1).prob(lo, hi) + Normal(-self.s, 1).prob(lo, hi)) / 2

    def center(self):
        return mp.mpf(self.s)

    support = (-mp.inf, mp.inf)


PRIORS = {"normal": Normal, "uniform": Uniform, "exponential": Exponential, "two-bump": TwoBump}
