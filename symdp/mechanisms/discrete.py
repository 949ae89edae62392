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

from ..errors import SymdpError, require_mp, require_sym

MAX_ALL_TESTS = 16
"""The brute-force oracle enumerates 2^n tests: supports up to this size."""


def _distribution(name, p, numeric: bool):
    """``p`` as a list: probabilities (numbers in [0, 1] summing to 1) or, if not ``numeric``, expressions."""
    if isinstance(p, (str, bytes)) or not hasattr(p, "__len__") or len(p) == 0:
        raise SymdpError(name, p, "a non-empty sequence of probabilities")
    if not numeric:
        return [require_sym(name, v, 0, 1) for v in p]
    out = [require_mp(name, v, 0, 1, "lh") for v in p]
    if abs(mp.fsum(out) - 1) > mp.mpf("1e-9"):
        raise SymdpError(name, p, "probabilities that sum to 1")
    return out


def _pair(p1, p0, numeric: bool):
    p1, p0 = _distribution("p1", p1, numeric), _distribution("p0", p0, numeric)
    if len(p1) != len(p0):
        raise SymdpError("p0", p0, f"as many probabilities as p1 ({len(p1)})")
    return p1, p0


def _beta2(beta):
    return require_mp("beta", beta, 0, None) ** 2

def roc_vertices(p1, p0, order):
    """Cumulative (G, R) after adding outputs in ``order`` (decreasing likelihood ratio)."""
    if isinstance(p1, (str, bytes)) or isinstance(p0, (str, bytes)) or not hasattr(p1, "__len__") \
            or not hasattr(p0, "__len__") or len(p1) != len(p0):
        raise SymdpError("p0", p0, "a sequence as long as p1")
    try:
        ok = sorted(order) == list(range(len(p1)))
    except TypeError:
        ok = False
    if not ok:
        raise SymdpError("order", order, f"a permutation of 0..{len(p1) - 1}")
    g = r = 0
    vertices = [(0, 0)]
    for i in order:
        g, r = g + p0[i], r + p1[i]
        vertices.append((g, r))
    return vertices


def fbeta(g, r, b2):
    """F-beta of a test with false-alarm rate g and recall r (Eq. 11; 0 when r = 0)."""
    for name, v, low, high, closed in (("g", g, 0, 1, "lh"), ("r", r, 0, 1, "lh"), ("b2", b2, 0, None, "")):
        if isinstance(v, (int, float, mp.mpf)):
            require_mp(name, v, low, high, closed)
        else:
            require_sym(name, v, low, high, closed)
    return _fbeta(g, r, b2)


def _fbeta(g, r, b2):
    return 0 if r == 0 else (1 + b2) * r / (r + g + b2)


def lr_order(p1, p0):
    """Outputs sorted by decreasing likelihood ratio p1/p0 (numbers; p0 = 0 is an infinite ratio)."""
    p1, p0 = _pair(p1, p0, True)

    def ratio(i):
        if p0[i] == 0:
            return mp.inf if p1[i] > 0 else mp.mpf(0)
        return p1[i] / p0[i]
    return sorted(range(len(p1)), key=lambda i: -ratio(i))


def fbeta_star(p1, p0, beta):
    """Best F-beta over the Neyman-Pearson tests (numbers), at the polygon's vertices."""
    p1, p0 = _pair(p1, p0, True)
    b2 = _beta2(beta)
    return max(_fbeta(g, r, b2) for g, r in roc_vertices(p1, p0, lr_order(p1, p0)))


def fbeta_star_all_tests(p1, p0, beta):
    """Oracle: the best F-beta over every deterministic test (every set of outputs called h1)."""
    p1, p0 = _pair(p1, p0, True)
    b2, n = _beta2(beta), len(p1)
    if n > MAX_ALL_TESTS:
        raise SymdpError("p1", f"{n} outputs", f"at most {MAX_ALL_TESTS} outputs (2^n tests are enumerated)")
    best = mp.mpf(0)
    for size in range(1, n + 1):
        for subset in combinations(range(n), size):
            best = max(best, _fbeta(sum(p0[i] for i in subset), sum(p1[i] for i in subset), b2))
    return best
