"""What the attacker guesses: balls of the metric d (slides "Guessing a single attribute", "AND").

A target knows ``ball(a) = Pr_pre(d(X, c) <= a)`` for its guess centre c, in
units of d; then Pr_pre(g(x)) = ball(1) (g(x) = B(c, 1)) and the shells
B(c, a + 1) \\ B(c, a) have probability ball(a + 1) - ball(a).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp

from ..errors import SymdpError, require_mp


@dataclass(frozen=True)
class Attribute:
    """One real attribute, d(x, x') = |x - x'| / r; ``relative``: d = |ln x - ln x'| / ln(1 + r)."""

    prior: object
    r: float
    center: float | None = None
    relative: bool = False

    def __post_init__(self):
        require_mp("precision", self.r, 0)
        if self.relative and (mp.mpf(self.prior.support[0]) < 0 or self.c <= 0):
            raise SymdpError("relative", "with a guess centre <= 0 or a prior below 0",
                             "a positive attribute (prior supported on [0, oo), centre > 0)")

    @property
    def c(self):
        return self.prior.center() if self.center is None else mp.mpf(self.center)

    def interval(self, a):
        """B(c, a) as an interval of attribute values."""
        if self.relative:
            rho = (1 + mp.mpf(self.r)) ** a
            return self.c / rho, self.c * rho
        return self.c - a * mp.mpf(self.r), self.c + a * mp.mpf(self.r)

    def ball(self, a):
        return self.prior.prob(*self.interval(a))


@dataclass(frozen=True)
class And:
    """Independent attributes guessed together: d = max_i d_i, so B(c, a) is a box (slide "AND")."""

    parts: tuple

    def ball(self, a):
        return mp.fprod(t.ball(a) for t in self.parts)
