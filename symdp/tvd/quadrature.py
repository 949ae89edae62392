"""Composite Gauss-Legendre quadrature in numpy, for the calculators' double-precision integrals.

``scipy.integrate`` takes 0.6 s to import (its ODE and boundary-value solvers come with it): twice the
0.3 s that ``symdp tvd --mechanism dp-sgd`` may take end to end.  The integrands here (a Gaussian
mixture times a log-likelihood ratio, a moment of the sampled Gaussian's likelihood ratio) are analytic on
each piece between the cuts the callers give (where they bend), and there Gauss-Legendre converges
geometrically: the panels are halved until two successive sums agree to ``rtol``, at most
:data:`MAX_HALVINGS` times, and the sum is taken once more with the panels halved again (the rate makes
that one exact to rounding: the RDP accountant multiplies log A_alpha, near 0, by thousands of steps).
"""
from __future__ import annotations

import numpy as np

NODES = 32
"""Gauss-Legendre nodes per panel."""
MAX_HALVINGS = 7
"""At most 2**7 panels per piece (4096 evaluations per piece)."""
ROUNDING = 16 * np.finfo(float).eps
"""Rounding allowance per unit of the integral of |f| (see :func:`integrate`)."""
_X, _W = np.polynomial.legendre.leggauss(NODES)


def integrate(f, cuts, rtol: float = 1e-13) -> float:
    """The integral of the vectorised ``f`` from ``cuts[0]`` to ``cuts[-1]`` (finite, increasing cuts).

    Settled when two successive sums differ by at most ``rtol`` times the sum plus :data:`ROUNDING` times the
    integral of ``|f|``: an integrand of both signs (a KL divergence of 1e-6 from log-ratios of 1e-2) cannot be
    summed closer than its terms' rounding, and no halving would ever settle it to ``rtol`` alone.
    Raises ArithmeticError when the sums have not settled after :data:`MAX_HALVINGS` halvings.
    """
    edges = np.asarray(cuts, dtype=float)
    previous, _ = _sum(f, edges, 1)
    for k in range(1, MAX_HALVINGS + 1):
        current, size = _sum(f, edges, 2 ** k)
        if abs(current - previous) <= rtol * abs(current) + ROUNDING * size:
            return _sum(f, edges, 2 ** (k + 1))[0]  # one halving more: the error of `current` can still be ~rtol/100
        previous, last = current, previous
    raise ArithmeticError(f"Gauss-Legendre quadrature did not settle to {rtol:g} with {2 ** MAX_HALVINGS} "
                          f"panels per piece (last two sums {last!r}, {current!r})")


def _sum(f, edges: np.ndarray, panels: int) -> tuple[float, float]:
    """The composite sum with `panels` panels per piece, and the same sum of |f|."""
    a, b = edges[:-1], edges[1:]
    steps = np.linspace(0.0, 1.0, panels + 1)
    lo = (a[:, None] + (b - a)[:, None] * steps[:-1]).ravel()
    hi = (a[:, None] + (b - a)[:, None] * steps[1:]).ravel()
    mid, half = (lo + hi) / 2, (hi - lo) / 2
    terms = half[:, None] * _W * f(mid[:, None] + half[:, None] * _X)
    return float(np.sum(terms)), float(np.sum(np.abs(terms)))
