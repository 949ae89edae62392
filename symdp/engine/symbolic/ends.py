"""What the sign prover reads off a claim before it argues: the normal tails it holds, the ends of an interval
a monotonicity argument may start from, stationary points, limits at an end, and a slope's sign probed at a point
(only to choose a route, never as a proof).
"""
from __future__ import annotations

import sympy as sp

from .conditions import truth_of
from .pieces import is_zero


TAILS = (sp.erfc, sp.erfcinv, sp.erfinv)


def tails_in(expr, pieces) -> bool:
    """A normal tail or its inverse in ``expr`` or in a substituted value (substituting creates none)."""
    return expr.has(*TAILS) or any(v.has(*TAILS) for subs in pieces for v in subs.values())


def positive_atoms(e):
    """Each erfcinv (erfinv) of an argument proved inside (0, 2) ((-1, 1)) replaced by a real symbol, then each
    erfc of a real argument by a positive symbol (erfc > 0 on the reals); exp of the real result is positive.

    Sound for sign questions: a sign shown for all values of the new symbols in their ranges holds in
    particular for the actual values.
    """
    reps = {a: sp.Dummy("erfcinv", real=True) for a in e.atoms(sp.erfcinv, sp.erfinv) if _real_inverse(a)}
    e = e.xreplace(reps)
    reps = {a: sp.Dummy("erfc", positive=True) for a in e.atoms(sp.erfc) if a.args[0].is_real}
    return e.xreplace(reps)


def _real_inverse(a) -> bool:
    """erfcinv(x) is real for 0 < x < 2, erfinv(x) for -1 < x < 1 (both conditions proved by
    :func:`.conditions.truth_of`); such an atom may be any real number for a sign question."""
    lo, hi = (0, 2) if isinstance(a, sp.erfcinv) else (-1, 1)
    x = a.args[0]
    return truth_of(x > lo) is True and truth_of(x < hi) is True


def root_free(expr, sign, domain, attempts):
    """One free symbol, a rational function (where solveset finds every real root), continuous, no root on
    the interval: the sign is constant.  Transcendental equations are excluded: solveset can miss a root of
    log(2) - log(1 + e^-s) - c (it returned EmptySet for a root near 1e-9), which is no proof."""
    free = expr.free_symbols
    if len(free) != 1 or sign not in ("positive", "negative"):
        return None
    s = next(iter(free))
    if not expr.is_rational_function(s) or s not in domain:  # a symbol with no interval (a bound variable let out)
        return None
    iv = domain[s]
    def decide():
        if sp.calculus.util.continuous_domain(expr, s, iv) != iv:
            return False
        if sp.solveset(expr, s, iv) is not sp.S.EmptySet:
            return False
        value = expr.subs(s, _interior(iv))
        return getattr(value, f"is_{sign}") is True
    ok = attempts.call("root analysis", decide)
    return f"no root on {iv} (solveset), continuous, {sign} at one point" if ok else None


def _interior(iv):
    if iv.start.is_finite and iv.end.is_finite:
        return (iv.start + iv.end) / 2
    if iv.start.is_finite:
        return iv.start + 1
    if iv.end.is_finite:
        return iv.end - 1
    return sp.Integer(0)


STATIONARY_ROOTS = 3
"""Zeros of one slope tried as split points."""


def stationary(expr, s) -> tuple:
    """The zeros of the slope in ``s`` SymPy's solve finds; where it finds none (a transcendental slope, as
    t/4 - p e^t/(1 - p + p e^t) + p in Hoeffding's lemma), s = 0 when the slope vanishes there as written.  Any
    point inside the interval is a sound split (:func:`_split_at` argues from it both ways): these are hints."""
    slope = sp.factor(sp.together(sp.diff(expr, s)))
    try:
        roots = tuple(r for r in sp.solve(slope, s) if s not in r.free_symbols)
    except NotImplementedError:
        roots = ()
    return roots or ((sp.Integer(0),) if is_zero(slope.subs(s, 0)) else ())


def monotone_ends(expr, domain):
    """(symbol, end, side) to try: an end may move with the other symbols (r in [e^-eps, e^eps]), the
    argument being made at each of their values; no other interval may move with the symbol itself.  Closed
    ends come first (the value there, no limit to take), each group in the domain's order."""
    ends = []
    for s, iv in domain.items():
        if not movable(s, expr, domain):
            continue
        ends += [(bool(iv.left_open) or iv.start.is_finite is not True, s, iv.start, "+"),
                 (bool(iv.right_open) or iv.end.is_finite is not True, s, iv.end, "-")]
    return [(s, end, side) for _, s, end, side in sorted(ends, key=lambda e: e[0])]   # closed ends first


def movable(s, expr, domain) -> bool:
    """``s`` is a real symbol of ``expr`` that no other interval of ``domain`` moves with: an argument along
    ``s`` (monotonicity, a split) holds at each value of the others."""
    if s not in expr.free_symbols or s.is_integer:
        return False
    return not any(s in other.free_symbols for t, other in domain.items() if t != s)


def end_value(expr, s, end, side, closed, others):
    """The limit of ``expr`` at the end (equal to the value there for a closed end), or None; the caller shows
    it finite and real on the other symbols' domain ``others``."""
    limit = sp.limit(expr, s, end, side) if end.is_finite else sp.limit(expr, s, end)
    if limit.has(sp.Limit, sp.AccumBounds, sp.nan):
        return None
    if closed and sp.cancel(sp.together(expr.subs(s, end) - limit)) != 0:
        return None
    return limit


PROBE_DIGITS = 30
"""Digits of the one-point probe that skips a slope of the wrong sign (:func:`against`)."""


def against(deriv, slope: str, domain: dict) -> bool:
    """True when ``deriv`` has the strict opposite of ``slope`` at one interior point of ``domain``, so no
    proof of ``slope`` can exist: the end is skipped without searching.  Pruning only, never a verdict; a point
    that cannot be placed or evaluated skips nothing."""
    point = {}
    for t, iv in domain.items():
        iv = iv.subs(point)
        if iv.free_symbols:
            return False
        point[t] = _interior(iv)
    value = deriv.subs(point).evalf(PROBE_DIGITS)
    if not value.is_Float or abs(value) < sp.Float(10) ** -(PROBE_DIGITS // 2):
        return False
    if slope in ("positive", "nonnegative"):
        return bool(value < 0)
    return slope in ("negative", "nonpositive") and bool(value > 0)
