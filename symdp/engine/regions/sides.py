"""The side conditions of a region proof: a switch's sign, a cut inside its interval, cuts in order, each shown
by the sign prover or by a box search on the condition's own domain (the search recorded as a route of the
transcript, its box tree replayed: :data:`SIDE_ROUTE`, :data:`SIDE_TREE`).
"""
from __future__ import annotations

import sympy as sp

from .. import validated
from ..model.replay import ReplayFailed
from ..symbolic.pieces import is_zero, prove_zero
from ..symbolic.provers import prove_sign
from ..validated.points import ball as _ball, middle as _middle, value as _value


SIDE_BOXES = 400
"""Boxes for a side condition (a switch's or a slope's sign, the order of two cuts) before the sign prover."""


SIDE_ROUTE = "side condition by boxes"
"""The transcript's route mark of a side condition's box search (:func:`proves`)."""


SIDE_TREE = "side boxes"
"""The transcript's label of a side condition's box tree (:meth:`.attempts.Attempts.tree`): a replay checks it."""


MAX_CUTS = 6
"""Cuts of one interval at most (kink switches, then zeros of one region's slope)."""


def boxed(attempts, fn):
    """``fn()``, a box search (or a shape's, a tangent's), outside the sign prover's deadline
    (:meth:`.attempts.Attempts.paused`): how many of its calls fit never depends on how fast boxes close."""
    with attempts.paused():
        return fn()


def switch_zeros(w, s):
    return tuple(r for r in sp.solve(w, s) if s not in r.free_symbols)


def same(a, b, attempts) -> bool:
    return is_zero(a - b) or bool(prove_zero(a - b, attempts))


def without(domain, s):
    return {t: iv for t, iv in domain.items() if t != s}


def inside(roots, s, domain, attempts):
    """The real roots free of s proved strictly inside the interval of s, at every point of the others."""
    iv, rest = domain[s], without(domain, s)
    out = []
    for c in roots[:MAX_CUTS]:
        if not (c.is_real is not False and s not in c.free_symbols):
            continue
        ends = [c - iv.start] if iv.start.is_finite else []
        ends += [iv.end - c] if iv.end.is_finite else []
        if all(_positive(e, rest, attempts) for e in ends):
            out.append(c)
    found = ordered(out, s, domain, attempts)
    return found[0] if found else []


def ordered(points, s, domain, attempts):
    """(``points`` without repeats, increasing at every point of the other symbols (proved), and each
    point's representative there), or None."""
    rest = without(domain, s)
    at = _middle(rest)
    keyed = []
    for c in points:
        v = _value(c, at)
        if v is None:
            return None
        keyed.append((v, sp.default_sort_key(c), c))
    keyed.sort(key=lambda t: t[:2])
    out, rep = [], {}
    for v, _, c in keyed:
        if out and (c == out[-1] or same(c, out[-1], attempts)):
            rep[c] = out[-1]
            continue
        if out and not _positive(c - out[-1], rest, attempts):
            return None
        out.append(c)
        rep[c] = c
    return (out, rep) if len(out) <= MAX_CUTS else None


def _positive(e, rest, attempts) -> bool:
    """``e`` > 0 at every point of ``rest``."""
    return proves(e, "positive", rest, attempts)


def proves(e, which, domain, attempts) -> bool:
    """``e`` is ``which`` on the domain: an arb enclosure for a constant (SymPy cannot evaluate erfcinv),
    boxes (a search of at most SIDE_BOXES, the same on every machine; far cheaper to replay than the sign
    prover's polynomial roots), else the sign prover.  The box search is a route of the transcript
    (:meth:`.attempts.Attempts.route`): a replay checks the box tree a search that closed recorded
    (:meth:`.attempts.Attempts.tree`, every leaf judged again), and passes over a search that failed (up to
    SIDE_BOXES boxes of Taylor models, seconds each), as the search then did.  A transcript recorded before the
    route (no mark) or before its trees (no tree) is searched there, as then; certify files it upgraded."""
    if not e.free_symbols:
        v = _ball(e)
        return v is not None and {"positive": v > 0, "negative": v < 0, "nonnegative": v >= 0,
                                  "nonpositive": v <= 0}[which]
    boxes = lambda: boxed(attempts, lambda: attempts.tree(SIDE_TREE, lambda: _side_search(e, which, domain),
                                                          lambda tree: _side_replay(e, which, domain, tree)))
    if attempts.replaying and not attempts.marked(SIDE_ROUTE):   # a transcript from before the route
        found = boxes()
        attempts.added(SIDE_ROUTE, found)
    else:
        found = attempts.route(SIDE_ROUTE, boxes)
    if found:
        return True
    return bool(prove_sign(e, which, domain, attempts, 1))


def _side_search(e, which, domain) -> tuple:
    """(proved, its box tree) of a side condition's box search."""
    found = validated.prove(e, which, domain, budget=SIDE_BOXES, forms=False)
    return found.proved, found.certificate


def _side_replay(e, which, domain, tree: str) -> bool:
    """The recorded box tree of a side condition, every leaf judged again (a tree that no longer closes fails the
    replay loudly, as any box log)."""
    found = validated.prove(e, which, domain, recorded=tree, forms=False)
    if not found.proved:
        raise ReplayFailed(f"the side condition's recorded boxes no longer prove {e} {which}")
    return True


def cut(domain, s, points):
    """The closed regions of s between consecutive cuts (the domain's own ends keep their openness)."""
    iv, rest = domain[s], without(domain, s)
    ends = [iv.start] + list(points) + [iv.end]
    last = len(ends) - 2
    return [{**rest, s: sp.Interval(ends[j], ends[j + 1], j == 0 and iv.left_open, j == last and iv.right_open)}
            for j in range(last + 1)]
