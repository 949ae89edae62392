"""One region closed: by boxes on the closed region (first on its faces where the claim is least there), by
its branch's shape along the cut symbol, by a tangent point inside it, or through an inverse view
(``v = erfcinv(L(x))``) whose boxes close where the original's do not.
"""
from __future__ import annotations

import json

import sympy as sp

from ...special import PhiInv
from ...symbols import t_inverse
from .. import validated
from ..model.replay import ReplayFailed
from ..symbolic.ends import stationary
from . import faces, shape, tangent
from . import sides
from .sides import boxed, cut, inside
from .tangent import INVERSES


FACES_FIRST = 3
"""Symbols of a region read on its faces before its boxes are searched: in three or more, a box search that
fails costs minutes (rr:optimal's regions), a face where the branch is least a few boxes."""


THROUGH = "through:"
"""Certificate of a region read in logs through an inverse function's variable (:func:`_through`)."""


def inverse_view(expr, domain, s, atom):
    """(claim, domain, v, closed ends of x where v is infinite) with x = (F(v) - m)/k where L(x) = k x + m
    and atom = F^-1(L(x)); or None."""
    v, found = t_inverse, tangent.read_through(expr, s, atom)
    iv = domain[s]
    if found is None or not (iv.start.is_finite and iv.end.is_finite):
        return None
    g, k, increasing = found[0], sp.diff(atom.args[0], s), INVERSES[type(atom)][1]
    ends = [atom.xreplace({s: iv.start}), atom.xreplace({s: iv.end})]
    opens = [bool(iv.left_open), bool(iv.right_open)]
    lost = [(s, x) for x, e, o in zip((iv.start, iv.end), ends, opens) if not o and e.has(sp.oo, -sp.oo, sp.zoo)]
    if increasing != bool(k.is_positive):
        ends, opens = ends[::-1], opens[::-1]
    dm = {(v if t == s else t): (sp.Interval(*ends, *opens) if t == s else w) for t, w in domain.items()}
    return g, dm, v, tuple(lost)


def region(g, which, sub, s, attempts, budget, logs=None, whole=True):
    """(boxes, [logs]) proving ``g`` on ``sub`` (:func:`_smooth`), else read in logs through an inverse
    function's variable (:func:`_through`); or None."""
    if logs is not None and len(logs) == 1 and logs[0].startswith(THROUGH):
        return _through(g, which, sub, s, attempts, logs[0])
    start = len(attempts.log)
    found = _smooth(g, which, sub, s, attempts, budget, logs, whole)
    if found is not None or logs is not None or which not in ("nonnegative", "nonpositive"):
        return found
    return _through(g, which, sub, s, attempts, "", len(attempts.log) - start)


def _smooth(g, which, sub, s, attempts, budget, logs=None, whole=True):
    """(boxes, [logs]) proving ``g`` on ``sub``: whole, else on the faces where it is least (:mod:`.faces`;
    first, in FACES_FIRST symbols or more), else cut at its stationary points, else by its shape along s
    (:mod:`.shape`); or None.  ``whole``: try the region uncut first (not when it is the whole domain, already
    searched).  A replay asks the sign prover what the search asked, in the same order."""
    early = len(sub) >= FACES_FIRST
    if faces.recorded(logs) or logs is None and early:
        found = _on_faces(g, which, sub, attempts, budget, logs[0] if logs else "")
        if found is not None or logs is not None:
            return found
    shaped = shape.recorded(logs) or tangent.recorded(logs)
    if logs is not None and len(logs) == 1 and not shaped or logs is None and whole:
        found = boxed(attempts, lambda: validated.prove(g, which, sub, logs[0] if logs else "", budget=budget,
                                                         forms=False))
        if found.proved or logs or found.violated:   # a box of the wrong sign: no other way proves the region
            return (found.boxes, [found.certificate]) if found.proved else None
        found = None if early else _on_faces(g, which, sub, attempts, budget)
        if found is not None:
            return found
    roots = attempts.found(f"zeros of the slope in {s}", lambda: stationary(g, s))
    points = inside(roots, s, sub, attempts)
    if not points and (logs is None or tangent.recorded(logs)):
        found = _tangent(g, which, sub, s, attempts, logs[0] if logs else "")
        if found is not None or logs is not None:
            return found
    if shape.recorded(logs) or logs is None and not points:
        found = boxed(attempts, lambda: shape.prove(g, which, sub, s, budget, logs[0] if logs else ""))
        return None if found is None else (found[0], [found[1]])
    pieces = cut(sub, s, points) if points else []
    if not points or logs is not None and len(logs) != len(pieces):
        return None
    found = boxed(attempts, lambda: [validated.prove(g, which, p, logs[k] if logs else "", budget=budget, forms=False)
                                      for k, p in enumerate(pieces)])
    if all(f.proved for f in found):
        return sum(f.boxes for f in found), [f.certificate for f in found]
    if logs is not None or any(f.violated for f in found):
        return None
    found = boxed(attempts, lambda: shape.prove(g, which, sub, s, budget))
    return None if found is None else (found[0], [found[1]])


def _through(g, which, sub, s, attempts, log="", asked=0):
    """(boxes, [log]) of the region read through v = F^-1(L(s)) (an erfcinv or PhiInv of the claim, its ends
    finite) and in logs, g = P - Q read as log P - log Q (P and Q proved > 0 by boxes), proved by
    :func:`_tangent` in v; or None.  Laplace against Gaussian at equal total variation (Sec. 6.1 of the TV
    paper): e^-eps/(4a) >= G_mu(a) is, in v = erfcinv(2 - 2a), -eps >= log erfc(-v) + log erfc(v - 2w), whose
    slope is one increasing function at two points (:mod:`.pair`), while neither the claim in a (it rises
    and falls between the touching point and a = 1/2 once eps > 3) nor its logs in a close by boxes at
    eps = 20.  ``asked``: the sign prover's answers the routes tried before gave (a replay passes over them);
    the certificate ``through:[atom, asked, tangent's log]``."""
    recorded = json.loads(log[len(THROUGH):]) if log else None
    if recorded:
        attempts.skip(recorded[1])
    start = len(attempts.log)
    for atom in sorted(g.atoms(sp.erfcinv, PhiInv), key=sp.default_sort_key):
        if recorded and sp.sstr(atom) != recorded[0]:
            continue
        before = asked + len(attempts.log) - start   # with the atoms tried in vain before this one
        found = inverse_view(g, sub, s, atom)
        logged = None if not found or found[3] else _logs(*found[:2])
        done = None if logged is None else _tangent(logged, which, found[1], found[2], attempts,
                                                      recorded[2] if recorded else "")
        if done is not None:
            return done[0], [THROUGH + json.dumps([sp.sstr(atom), before, done[1][0]], separators=(",", ":"))]
    if recorded:
        raise ReplayFailed(f"the region read in logs through {recorded[0]} no longer closes")
    return None


def _logs(g, domain):
    """log P - log Q for g = P - Q (the terms of positive and of negative sign), P and Q proved > 0 on the
    domain by boxes; or None."""
    terms = sp.Add.make_args(g)
    minus = [t for t in terms if t.could_extract_minus_sign()]
    P, Q = sp.Add(*(t for t in terms if t not in minus)), -sp.Add(*minus)
    if not minus or len(minus) == len(terms):
        return None
    if not all(_boxed_positive(e, domain) for e in (P, Q)):
        return None
    return sp.log(P) - sp.log(Q)


def _boxed_positive(e, domain) -> bool:
    return validated.prove(e, "positive", domain, budget=sides.SIDE_BOXES, forms=False).proved


def _on_faces(g, which, sub, attempts, budget, log=""):
    """(boxes, [log]) of the region read on the faces where it is least (:func:`.faces.prove`: box searches
    whose time the sign prover's deadline does not count), or None."""
    found = boxed(attempts, lambda: faces.prove(g, which, sub, budget, log))
    if found is None and log:
        raise ReplayFailed(f"the region is no longer proved on its faces ({log.partition('|')[0]})")
    return None if found is None else (found[0], [found[1]])


def _tangent(g, which, sub, s, attempts, log):
    """(boxes, [log]) of the region cut at the point inside it where the claim touches 0 (:mod:`.tangent`:
    the first candidate where the claim and its slope are exactly 0, proved inside), or None."""
    if which not in ("nonnegative", "nonpositive"):
        return None
    touching = [c for c in tangent.mirrors(g, s) if tangent.touches(g, s, c)]
    points = inside(touching[:1], s, sub, attempts)
    found = boxed(attempts, lambda: tangent.prove(g, which, cut(sub, s, points), s, log)) if points else None
    return None if found is None else (found[0], [found[1]])
