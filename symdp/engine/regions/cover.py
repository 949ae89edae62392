"""One symbol's interval cut into regions: where the claim's kinks switch (each switch of one sign, or strictly
monotone with a zero inside the interval), in a proved order, every Piecewise continuous at each cut.
"""
from __future__ import annotations

import sympy as sp

from .. import validated
from ..symbolic.pieces import prove_zero
from ..validated.points import middle as _middle, value as _value
from .sides import cut, inside, ordered, proves, same, switch_zeros, without


MAX_KINKS = 6


_RELATIONS = (sp.StrictLessThan, sp.LessThan, sp.StrictGreaterThan, sp.GreaterThan)


def cuttable(expr, domain):
    """Symbols whose interval no other interval depends on (the cut symbol goes last)."""
    later = set().union(*(iv.free_symbols for iv in domain.values()))
    return [s for s in domain if s in expr.free_symbols and s not in later and not s.is_integer]


def split_pieces(expr, s, domain, attempts):
    """(t, [(domain, claim)]) for the first other symbol t where a zero c(t) of a switch in s meets an end
    of the interval of s (c = end solved for t, proved inside t's interval): t's interval split there into
    the open intervals between those points and the lines t = point (the claim there, t substituted), so that
    in each piece every switch's zero lies inside the interval of s or beyond it (rr:beats-laplace: the
    crossing log(1 + beta^2) enters (1/2, 8) at beta = sqrt(e^(1/2) - 1)); or None."""
    kinks = sorted(expr.atoms(sp.Piecewise, sp.Max, sp.Min, sp.Abs), key=sp.default_sort_key)
    if not kinks or len(kinks) > MAX_KINKS or any(_nested(k) for k in kinks):
        return None
    switches = {w for k in kinks for w in _switches(k) or ()}
    zeros = [c for w in sorted(switches, key=sp.default_sort_key)
             for c in attempts.call(f"zero of the switch {sp.sstr(w)} in {s}", lambda w=w: switch_zeros(w, s)) or ()]
    iv = domain[s]
    for t in (t for t in cuttable(expr, domain) if t != s):
        meets = [r for c in zeros if c.free_symbols == {t} for end in (iv.start, iv.end) if end.is_finite
                 for r in attempts.call(f"where {sp.sstr(c)} = {end}", lambda c=c, end=end: switch_zeros(c - end, t)) or ()]
        points = inside(meets, t, without(domain, s), attempts)
        if points:
            return t, _pieces_of(expr, domain, t, points)
    return _split_free(expr, s, domain, switches, attempts)


def _split_free(expr, s, domain, switches, attempts):
    """(t, [(domain, claim)]) for the first other symbol t in which a switch free of s has zeros (SymPy's
    solve) proved inside t's interval at every point of the others: t's interval split there, so that the
    switch keeps one sign on each open piece (proved again there, by :func:`regions`) and is 0 on the lines
    (rr:optimal: max(p, (1 + beta^2)/(2 + beta^2)) switches at epsilon = log(1 + beta^2), whatever g); or None."""
    free = [w for w in sorted(switches, key=sp.default_sort_key) if s not in w.free_symbols]
    for t in (t for t in cuttable(expr, domain) if t != s):
        zeros = [c for w in free if t in w.free_symbols
                 for c in attempts.call(f"zero of the switch {sp.sstr(w)} in {t}", lambda w=w: switch_zeros(w, t)) or ()]
        points = inside(zeros, t, domain, attempts)
        if points:
            return t, _pieces_of(expr, domain, t, points)
    return None


def _pieces_of(expr, domain, t, points):
    """[(domain, claim)]: the open intervals of t between ``points`` (the domain's own ends kept) and the lines."""
    out = []
    for j, sub in enumerate(cut(domain, t, points)):
        iv = sub[t]
        out.append(({**sub, t: sp.Interval(iv.start, iv.end, iv.left_open or j > 0,
                                           iv.right_open or j < len(points))}, expr))
        if j < len(points):
            at = {t: points[j]}
            out.append(({u: w.xreplace(at) for u, w in domain.items() if u != t}, expr.xreplace(at)))
    return out


def regions_of(expr, s, domain, attempts):
    """[(closed region's domain, smooth branch)] in order along s, or None (a kink not resolved)."""
    kinks = sorted(expr.atoms(sp.Piecewise, sp.Max, sp.Min, sp.Abs), key=sp.default_sort_key)
    if len(kinks) > MAX_KINKS or any(_nested(k) for k in kinks):
        return None
    pruned = {k: _pruned(k, domain, attempts) for k in kinks if isinstance(k, (sp.Max, sp.Min))}
    expr = expr.xreplace(pruned)
    kinks = sorted(expr.atoms(sp.Piecewise, sp.Max, sp.Min, sp.Abs), key=sp.default_sort_key)
    switches = sorted({w for k in kinks for w in _switches(k) or [None]}, key=sp.default_sort_key) \
        if kinks else []
    if None in switches:
        return None
    signs = {}
    for w in switches:
        signs[w] = _switch_sign(w, s, domain, attempts)
        if signs[w] is None:
            return None
    found = ordered([c for kind, c, _ in signs.values() if kind == "root"], s, domain, attempts)
    if found is None:
        return None
    points, rep = found
    signs = {w: (kind, rep.get(c), k) for w, (kind, c, k) in signs.items()}
    regions = []
    for j, sub in enumerate(cut(domain, s, points)):
        side = {w: _side(signs[w], points, j) for w in switches}
        g = expr.xreplace({k: _branch(k, side) for k in kinks})
        if g.has(*validated.rules.NONSMOOTH):
            return None
        regions.append((sub, g))
    if not all(_continuous(kinks, signs, points, i, s, attempts) for i in range(len(points))):
        return None
    return regions


def _pruned(kink, domain, attempts):
    """max (min) without its constant arguments that another argument is proved to exceed (stay below) on
    the whole domain: max(0, a, b) = max(a, b) where a > 0, so b's own zero is no cut."""
    want = "nonnegative" if isinstance(kink, sp.Max) else "nonpositive"
    keep = list(kink.args)
    for c in (a for a in kink.args if not a.free_symbols):
        if any(proves(a - c, want, domain, attempts) for a in keep if a is not c and a.free_symbols):
            keep.remove(c)
    return kink.func(*keep) if len(keep) > 1 else keep[0]


def _nested(kink) -> bool:
    return any(a.has(sp.Piecewise, sp.Max, sp.Min, sp.Abs) for a in kink.args if isinstance(a, sp.Basic)
               and not isinstance(a, sp.logic.boolalg.Boolean))


def _switches(kink):
    """The expressions whose signs select the kink's branch, or None (a condition not handled)."""
    if isinstance(kink, sp.Abs):
        return [kink.args[0]]
    if isinstance(kink, (sp.Max, sp.Min)):
        a = kink.args
        return [a[i] - a[j] for i in range(len(a)) for j in range(i + 1, len(a))]
    out = []
    for piece in kink.args:
        if piece.cond is sp.true:
            return out
        if not isinstance(piece.cond, _RELATIONS):
            return None
        out.append(piece.cond.gts - piece.cond.lts)
    return None   # no final True piece: undefined somewhere


def _branch(kink, side):
    """The kink's smooth branch when every switch w has the strict sign side[w] (+1 or -1)."""
    if isinstance(kink, sp.Abs):
        return kink.args[0] * side[kink.args[0]]
    if isinstance(kink, (sp.Max, sp.Min)):
        a, want = kink.args, 1 if isinstance(kink, sp.Max) else -1
        above = lambda i, j: side[a[i] - a[j]] if i < j else -side[a[j] - a[i]]
        return next(a[i] for i in range(len(a)) if all(above(i, j) == want for j in range(len(a)) if j != i))
    return next(p.expr for p in kink.args if p.cond is sp.true or side[p.cond.gts - p.cond.lts] > 0)


def _switch_sign(w, s, domain, attempts):
    """("const", None, sign) when w has one strict sign on the domain; ("root", c, direction) when w is
    strictly monotone in s with its zero c (exact) inside the interval of s; else None."""
    found = _monotone_zero(w, s, domain, attempts)
    if found:
        return found
    k = _signed(w, domain, attempts)
    return ("const", None, k) if k else None


def _signed(e, domain, attempts):
    """+1 or -1: the strict sign of ``e`` on the domain, proved (the one seen at the domain's middle is the
    only one tried: a false claim costs the sign prover its whole budget); else None."""
    v = _value(e, _middle(domain))
    if v is None or v == 0:
        return None
    k = 1 if v > 0 else -1
    return k if proves(e, "positive" if k > 0 else "negative", domain, attempts) else None


def _monotone_zero(w, s, domain, attempts):
    direction = _signed(sp.diff(w, s), domain, attempts)
    if direction is None:
        return None
    roots = attempts.call(f"zero of the switch {sp.sstr(w)} in {s}", lambda: switch_zeros(w, s))
    if not roots or len(roots) != 1 or not prove_zero(w.xreplace({s: roots[0]}), attempts):
        return None
    return ("root", roots[0], direction) if inside(roots, s, domain, attempts) else None


def _side(sign, points, j):
    """The sign of a switch on region j (between cuts j - 1 and j)."""
    kind, c, k = sign
    if kind == "const":
        return k
    return k if j > points.index(c) else -k


def _continuous(kinks, signs, points, i, s, attempts) -> bool:
    """Every Piecewise takes at the cut points[i] the value of its pieces on both sides (exactly)."""
    c = points[i]
    below = {w: _side(sg, points, i) for w, sg in signs.items()}
    above = {w: _side(sg, points, i + 1) for w, sg in signs.items()}
    at = {w: 0 if sg[0] == "root" and sg[1] == c else below[w] for w, sg in signs.items()}
    for k in (k for k in kinks if isinstance(k, sp.Piecewise)):
        left = _branch(k, below).xreplace({s: c})
        for other in (_branch(k, above), _selected(k, at)):
            if other is None or not same(left, other.xreplace({s: c}), attempts):
                return False
    return True


def _selected(kink, at):
    """The piece a Piecewise selects where its switches have the signs ``at`` (0: the relation's own)."""
    for p in kink.args:
        if p.cond is sp.true:
            return p.expr
        v = at[p.cond.gts - p.cond.lts]
        if v > 0 or v == 0 and isinstance(p.cond, (sp.LessThan, sp.GreaterThan)):
            return p.expr
    return None
