"""Integrals split at the kinks of their integrands, so that quadrature meets only smooth pieces.

``Integral(f, (x, a, b)) = Integral(f, (x, a, m)) + Integral(f, (x, m, b))`` holds for every ``m``.
With ``m = Max(a, Min(c, b))`` at a kink ``c`` of ``f`` (a zero, linear in ``x``, of an ``Abs``
argument or of a Piecewise condition) each piece is smooth inside its interval, where tanh-sinh
converges at its usual rate instead of stalling at the corner (a Laplace density's
``|x - Q(D')|`` cost minutes of 480-digit quadrature per point).  Only the mpmath evaluation
uses the split; the expression judged and printed is unchanged.
"""
from __future__ import annotations

import sympy as sp

MAX_KINKS = 3
"""Kinks split per integral (2**MAX_KINKS pieces at most)."""


def split_at_kinks(expr: sp.Basic) -> sp.Basic:
    """``expr`` with each one-variable definite integral split at its integrand's kinks."""
    integrals = [i for i in expr.atoms(sp.Integral) if _definite(i)]
    return expr.xreplace({i: _split(i) for i in integrals}) if integrals else expr


def _definite(integral: sp.Integral) -> bool:
    return len(integral.limits) == 1 and len(integral.limits[0]) == 3


def _split(integral: sp.Integral) -> sp.Basic:
    x, a, b = integral.limits[0]
    pieces = [(a, b)]
    for c in _kinks(integral.function, x)[:MAX_KINKS]:
        pieces = [part for lo, hi in pieces for part in _at(lo, hi, c)]
    return sp.Add(*(sp.Integral(integral.function, (x, lo, hi)) for lo, hi in pieces), evaluate=False)


def _at(lo, hi, c) -> tuple:
    m = sp.Max(lo, sp.Min(c, hi))
    return (lo, m), (m, hi)


def _kinks(f: sp.Basic, x: sp.Symbol) -> list:
    """Zeros in ``x`` of the arguments of ``Abs`` and of Piecewise conditions, where linear in ``x``."""
    found = [a.args[0] for a in f.atoms(sp.Abs)]
    for piecewise in f.atoms(sp.Piecewise):
        for _, cond in piecewise.args:
            found += [r.lhs - r.rhs for r in cond.atoms(sp.core.relational.Relational)]
    roots = {r for r in (_linear_root(g, x) for g in found) if r is not None}
    return sorted(roots, key=sp.default_sort_key)


def _linear_root(g: sp.Basic, x: sp.Symbol):
    if not g.has(x):
        return None
    try:
        poly = sp.Poly(g, x)
    except sp.PolynomialError:
        return None
    if poly.degree() != 1 or any(c.has(x) for c in poly.all_coeffs()):
        return None
    slope, offset = poly.all_coeffs()
    return -offset / slope


def smooth_pieces(integral: sp.Integral):
    """The integral as a sum of pieces between the kinks of its ``Abs`` terms, each ``|g|`` replaced by the
    sign it keeps on the piece (``g`` linear in ``x`` with a slope of known sign), or None.

    On the piece below a kink ``c`` (``x <= c``) a slope ``s > 0`` makes ``|g| = -g``, above it ``|g| = g``
    (the other way round for ``s < 0``); an empty piece (``c`` outside the range) integrates to 0 either way.
    SymPy integrates the smooth pieces in closed form where it could not integrate ``|g|`` with a symbolic kink.
    """
    if not _definite(integral) or integral.function.has(sp.Piecewise):
        return None
    x, a, b = integral.limits[0]
    kinks: dict = {}
    for term in integral.function.atoms(sp.Abs):
        g = term.args[0]
        c, slope = _linear_root(g, x), sp.diff(g, x)
        if c is None or not (slope.is_positive or slope.is_negative):
            return None
        kinks.setdefault(c, []).append((term, g, 1 if slope.is_positive else -1))
    if not kinks or len(kinks) > MAX_KINKS:
        return None
    pieces = [((a, b), {})]
    for c in sorted(kinks, key=sp.default_sort_key):
        below = {term: -s * g for term, g, s in kinks[c]}
        above = {term: s * g for term, g, s in kinks[c]}
        pieces = [part for (lo, hi), signs in pieces
                  for part in zip(_at(lo, hi, c), ({**signs, **below}, {**signs, **above}))]
    return [sp.Integral(integral.function.xreplace(signs), (x, lo, hi)) for (lo, hi), signs in pieces]
