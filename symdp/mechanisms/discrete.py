"""Mechanisms with finitely many outputs: Neyman-Pearson ROC vertices and the best F-beta.

With discrete outputs the Neyman-Pearson tests randomise at the atoms; their
(GSR, RSR) points trace the polygon through the vertices obtained by adding
outputs in decreasing likelihood ratio.  F-beta = (1+b)R/(R + G + b) is
linear-fractional, hence monotone along each edge, so its maximum over the
polygon is at a vertex: no randomisation is needed for the best F-beta.
Works on SymPy expressions (vertices in closed form, given the order of the
likelihood ratios) and on mpmath numbers.
"""
from __future__ import annotations

from itertools import combinations

import mpmath as mp


def roc_vertices(p1, p0, order):
    """Cumulative (G, R) after adding outputs in ``order`` (decreasing likelihood ratio)."""
    g = r = 0
    vertices = [(0, 0)]
    for i in order:
        g, r = g + p0[i], r + p1[i]
        vertices.append((g, r))
    return vertices


def fbeta(g, r, b2):
    """F-beta of a test with false-alarm rate g and recall r (Eq. 11; 0 when r = 0)."""
    return 0 if r == 0 else (1 + b2) * r / (r + g + b2)


def lr_order(p1, p0):
    """Outputs sorted by decreasing likelihood ratio p1/p0 (numbers)."""
    return sorted(range(len(p1)), key=lambda i: -mp.mpf(p1[i]) / mp.mpf(p0[i]))


def fbeta_star(p1, p0, beta):
    """Best F-beta over the Neyman-Pearson tests (numbers), at the polygon's vertices."""
    b2 = mp.mpf(beta) ** 2
    return max(fbeta(g, r, b2) for g, r in roc_vertices(p1, p0, lr_order(p1, p0)))


def fbeta_star_all_tests(p1, p0, beta):
    """Oracle: the best F-beta over every deterministic test (every set of outputs called h1)."""
    b2, n = mp.mpf(beta) ** 2, len(p1)
    best = mp.mpf(0)
    for size in range(1, n + 1):
        for subset in combinations(range(n), size):
            best = max(best, fbeta(sum(p0[i] for i in subset), sum(p1[i] for i in subset), b2))
    return best
