"""Validated numerics region by region: one symbol's interval cut where the claim's kinks switch and where
its slope vanishes, so that every touching point is the end of a region.

Boxes close a claim that touches 0 only at a face of its domain (the derivative chains of
:mod:`.validated.rules`, the value there shown exactly 0).  Inside the domain they cannot: a Piecewise piece
tangent to the max it is compared with where the piece switches (Dong, Roth and Su's Laplace curve against
f_{eps,0}), or two curves tangent at a stationary point (the Gaussian curve and one (eps, delta) pair).

So one symbol s is cut.  A kink's switch (``a - b`` of max(a, b) and min(a, b), ``a`` of |a|, ``R - L`` of a
Piecewise condition L < R) either has one sign on the whole domain, or is strictly monotone in s with a zero c
that SymPy's solve finds and that makes the switch exactly 0; the sign prover shows c inside the interval.
Between consecutive cuts (ordered by the sign prover, at every point of the other symbols) every switch has
one strict sign, so the claim is one smooth branch there, proved by boxes on the closed region; a region
whose boxes stay open is cut again at the zeros of its branch's slope.  At a cut, every Piecewise is shown
continuous (both sides' pieces, and the piece its conditions select at the cut, agree exactly), so the value
there is the adjacent branches' value and the closed regions cover it.  Every step is exact, a recorded
attempt of the sign prover, or a box search whose log is the certificate (``regions:``), replayed in order.
"""
from __future__ import annotations

import dataclasses
import json

import sympy as sp

from ..special import PhiInv
from ..symbols import t_inverse
from . import faces, shape, tangent, validated
from .points import ball as _ball, middle as _middle, value as _value
from .provers import _is_zero, _stationary, prove_sign, prove_zero
from .tangent import INVERSES
from .validated import REGIONS

LOOK = 30.0
"""Seconds of the sign prover's own budget for the cuts' switches and order, shared by the views (recorded,
then replayed)."""
SIDE_BOXES = 400
"""Boxes for a side condition (a switch's or a slope's sign, the order of two cuts) before the sign prover."""
SIDE_ROUTE = "side condition by boxes"
"""The transcript's route mark of a side condition's box search (:func:`_proves`)."""
SIDE_TREE = "side boxes"
"""The transcript's label of a side condition's box tree (:meth:`.provers.Attempts.tree`): a replay checks it."""
FACES_FIRST = 3
"""Symbols of a region read on its faces before its boxes are searched: in three or more, a box search that
fails costs minutes (rr:optimal's regions), a face where the branch is least a few boxes."""
THROUGH = "through:"
"""Certificate of a region read in logs through an inverse function's variable (:func:`_through`)."""
MAX_KINKS = 6
MAX_CUTS = 6
"""Cuts of one interval at most (kink switches, then zeros of one region's slope)."""
_RELATIONS = (sp.StrictLessThan, sp.LessThan, sp.StrictGreaterThan, sp.GreaterThan)


def decide(expr, which: str, domain: dict, attempts, found):
    """``found`` (validated numerics on the whole domain) when it proved the claim or the route does not
    apply; else the claim proved region by region, or ``found`` unchanged (its certificate kept).  The
    claim's last route: each view gets LOOK / (number of views) seconds of the sign prover's own, after a
    mark in the log; a replay goes straight to the last mark (:meth:`.provers.Attempts.renew_last`)."""
    recorded = getattr(attempts, "recorded_boxes", "") or ""
    if found.proved or recorded and not recorded.startswith(REGIONS):
        return found
    if not recorded and (found.violated or not found.certificate.startswith(validated.OPEN)):
        return found
    budget = getattr(attempts, "box_budget", None)
    if recorded:   # the search renewed the budget before each view; the proof is the last view tried
        attempts.renew_last(LOOK)
    proved = _replay(expr, which, domain, attempts, recorded, budget) if recorded else \
        _search(expr, which, domain, attempts, budget)
    if proved is None:
        return found
    attempts.boxes = proved.certificate
    return proved


def _search(expr, which, domain, attempts, budget):
    """The claim proved region by region, else on the face where it is least (:mod:`.faces`), or None."""
    proved = _search_views(expr, which, domain, attempts, budget, True)
    if proved is not None:
        return proved
    reduced = _boxed(attempts, lambda: faces.reduce(expr, which, domain))
    if reduced is None:
        return proved
    e, dm, face = reduced
    proved = _search_views(e, which, dm, attempts, budget, False)
    return None if proved is None else _on_face(proved, face)


def _search_views(expr, which, domain, attempts, budget, searched):
    """``searched``: validated numerics already ran on the whole domain (not run again on a lone region)."""
    views, unresolved = list(_views(expr, domain)), []
    for view, e, dm, s, lost in views:
        attempts.renew(LOOK / len(views))   # a mark per view: a replay goes to the last (the one that proved)
        if not _at_ends(expr, which, domain, lost, attempts):
            continue
        regions = _regions(e, s, dm, attempts)
        if regions is None:
            unresolved.append((view, e, dm, s, lost))
            continue
        done = _closed(regions, which, s, attempts, budget, whole=len(regions) > 1 or bool(view) or not searched)
        if done is not None:
            return _proved(view, s, [done])
    for view, e, dm, s, lost in unresolved:   # then split another symbol, each view with a mark of its own
        attempts.renew(LOOK)
        found = _split(e, s, dm, attempts) if _at_ends(expr, which, domain, lost, attempts) else None
        done = None if found is None else _pieces(found[1], which, s, attempts, budget)
        if done is not None:
            return _proved(view, s, done, found[0])
    return None


def _on_face(proved, face):
    """The proof by regions of the claim on ``face``, as the proof of the claim."""
    cert = [{"face": face.symbol.name, "at": sp.sstr(face.end)}] + json.loads(proved.certificate[len(REGIONS):])
    return dataclasses.replace(proved, method=f"{proved.method}, on the face {face.symbol} = {sp.sstr(face.end)}",
                               detail=f"{face.said()}; {proved.detail}",
                               certificate=REGIONS + json.dumps(cert, separators=(",", ":")))


def _closed(regions, which, s, attempts, budget, logs=None, whole=True):
    """[(boxes, [logs])] of every region proved (``logs``: their recorded certificates), or None."""
    done = []
    for k, (sub, g) in enumerate(regions):
        found = _region(g, which, sub, s, attempts, budget, None if logs is None else logs[k], whole)
        if found is None:
            return None
        done.append(found)
    return done


def _pieces(pieces, which, s, attempts, budget, logs=None):
    """Each piece of a split (:func:`_split`) proved region by region: [[(boxes, [logs])] per piece], or None."""
    out = []
    for k, (dm, e) in enumerate(pieces):
        regions = _regions(e, s, dm, attempts)
        if regions is None or logs is not None and len(logs[k]) != len(regions):
            return None
        done = _closed(regions, which, s, attempts, budget, None if logs is None else logs[k])
        if done is None:
            return None
        out.append(done)
    return out


def _replay(expr, which, domain, attempts, recorded, budget):
    cert = json.loads(recorded[len(REGIONS):])
    if cert and isinstance(cert[0], dict):   # the claim read on a face first
        face = cert[0]
        reduced = faces.reduce(expr, which, domain, lambda x: x.name == face["face"])
        if reduced is None or (reduced[2].symbol.name, sp.sstr(reduced[2].end)) != (face["face"], face["at"]):
            raise validated.ReplayFailedError(f"the claim is no longer least on the face {face['face']} = {face['at']}")
        found = _replay_regions(reduced[0], which, reduced[1], attempts, cert[1:], budget)
        return _on_face(found, reduced[2])
    return _replay_regions(expr, which, domain, attempts, cert, budget)


def _replay_regions(expr, which, domain, attempts, cert, budget):
    view, name, logs, *split = cert
    found = next(((e, dm, s, lost) for v, e, dm, s, lost in _views(expr, domain) if (v, s.name) == (view, name)),
                 None)
    if found is None or not _at_ends(expr, which, domain, found[3], attempts):
        raise validated.ReplayFailedError(f"the view {view or name} of the claim is not the one recorded")
    e, dm, s, _ = found
    if split:
        found = _split(e, s, dm, attempts)
        done = None if found is None or found[0].name != split[0] or len(found[1]) != len(logs) else \
            _pieces(found[1], which, s, attempts, budget, logs)
        if done is None:
            raise validated.ReplayFailedError(f"the pieces of {split[0]} or their regions of {name} no longer close")
        return _proved(view, s, done, split[0])
    regions = _regions(e, s, dm, attempts)
    if regions is None or len(regions) != len(logs):
        raise validated.ReplayFailedError(f"the regions of {name} are not those recorded")
    done = _closed(regions, which, s, attempts, budget, logs)
    if done is None:
        raise validated.ReplayFailedError(f"a region of {name} no longer closes")
    return _proved(view, s, [done])


def _proved(view, s, pieces, t=None):
    """The proof of ``pieces`` ([[(boxes, [logs])] per piece]: one piece, or those of a split along ``t``)."""
    done = [d for piece in pieces for d in piece]
    boxes, cells, n = sum(b for b, _ in done), sum(len(logs) for _, logs in done), len(done)
    method = f"validated numerics by regions of {s}: {boxes} boxes in {cells} regions, {validated.PREC} bits"
    more = f", {cells - n} more at zeros of a branch's slope" if cells > n else ""
    read = f"the claim read in {s} = {view} (strictly monotone, onto the new interval); " if view else ""
    split = (f"{t} first split into {len(pieces)} pieces (open intervals and the lines between them) where a "
             f"switch's zero in {s} meets an end of its interval, or where a switch free of {s} is 0; in each, "
             if t else "")
    shaped = sum(1 for _, logs in done for log in logs if log.startswith(shape.SHAPE))
    touching = sum(1 for _, logs in done for log in logs if log.startswith(tangent.TANGENT))
    said = ([f"{shaped} closed by the branch's shape along {s}: concave, or monotone, its derivatives' signs boxed "
             f"and the claim proved at the ends"] if shaped else []) + \
        ([f"{touching} cut where the claim and its slope are exactly 0, the claim falling to that point and rising "
          f"from it, the slopes' signs boxed"] if touching else [])
    faced = sum(1 for _, logs in done for log in logs if log.startswith(faces.FACE))
    said += [f"{faced} read on the faces where the branch is least (monotone along a symbol on the whole region, "
             f"its slope's sign boxed), boxed there"] if faced else []
    through = sum(1 for _, logs in done for log in logs if log.startswith(THROUGH))
    said += [f"{through} read through v = erfcinv or Phi^-1 of a linear function of {s} and in logs (P - Q >= 0 as "
             f"log P - log Q, P and Q boxed > 0), cut where that and its slope are exactly 0, falling to that point and "
             f"rising from it"] if through else []
    by_shape = f" (of them, {'; '.join(said)})" if said else ""
    detail = (f"{read}{split}{s} cut where the kinks switch ({n} region{'s' if n != 1 else ''}, one smooth branch "
              f"each{more}); every cut proved inside its interval and every Piecewise continuous there; on each "
              f"closed region, branch and bound, arb enclosures at {validated.PREC} bits, {boxes} boxes in all{by_shape}")
    logs = [[logs for _, logs in piece] for piece in pieces]
    cert = [view, s.name, logs[0]] if t is None else [view, s.name, logs, str(t)]
    return validated.Attempt(True, method, detail, REGIONS + json.dumps(cert, separators=(",", ":")), boxes=boxes)


def _views(expr, domain):
    """(view, claim, domain, cut symbol, ends): each symbol as it is (view ""), then each symbol x read through
    an inverse function v = erfcinv(L(x)) or PhiInv(L(x)), L linear (view: that atom); ``ends``: the closed
    ends of x where v is infinite (not in the new domain: the claim there is proved on its own)."""
    for s in _cuttable(expr, domain):
        yield "", expr, domain, s, ()
    for s in _cuttable(expr, domain):
        for atom in sorted(expr.atoms(sp.erfcinv, PhiInv), key=sp.default_sort_key):
            found = _inverse_view(expr, domain, s, atom)
            if found:
                yield (sp.sstr(atom),) + found


def _at_ends(expr, which, domain, lost, attempts) -> bool:
    """The claim holds at the ends ``lost`` ((x, end) pairs) that a view leaves out, the other symbols free:
    exactly 0 for a claim that allows it, an arb enclosure of the right sign for a constant, else the sign
    prover."""
    for s, end in lost:
        e, rest = expr.xreplace({s: end}), {t: iv for t, iv in domain.items() if t != s}
        if e.has(sp.oo, -sp.oo, sp.zoo, sp.nan):
            return False
        if not (which in ("nonnegative", "nonpositive") and _is_zero(e)) and not _proves(e, which, rest, attempts):
            return False
    return True


def _inverse_view(expr, domain, s, atom):
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


def _cuttable(expr, domain):
    """Symbols whose interval no other interval depends on (the cut symbol goes last)."""
    later = set().union(*(iv.free_symbols for iv in domain.values()))
    return [s for s in domain if s in expr.free_symbols and s not in later and not s.is_integer]


# -- pieces: another symbol split where a switch's zero leaves the interval ----------------------------------

def _split(expr, s, domain, attempts):
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
             for c in attempts.call(f"zero of the switch {sp.sstr(w)} in {s}", lambda w=w: _roots(w, s)) or ()]
    iv = domain[s]
    for t in (t for t in _cuttable(expr, domain) if t != s):
        meets = [r for c in zeros if c.free_symbols == {t} for end in (iv.start, iv.end) if end.is_finite
                 for r in attempts.call(f"where {sp.sstr(c)} = {end}", lambda c=c, end=end: _roots(c - end, t)) or ()]
        points = _inside(meets, t, _rest(domain, s), attempts)
        if points:
            return t, _pieces_of(expr, domain, t, points)
    return _split_free(expr, s, domain, switches, attempts)


def _split_free(expr, s, domain, switches, attempts):
    """(t, [(domain, claim)]) for the first other symbol t in which a switch free of s has zeros (SymPy's
    solve) proved inside t's interval at every point of the others: t's interval split there, so that the
    switch keeps one sign on each open piece (proved again there, by :func:`_regions`) and is 0 on the lines
    (rr:optimal: max(p, (1 + beta^2)/(2 + beta^2)) switches at epsilon = log(1 + beta^2), whatever g); or None."""
    free = [w for w in sorted(switches, key=sp.default_sort_key) if s not in w.free_symbols]
    for t in (t for t in _cuttable(expr, domain) if t != s):
        zeros = [c for w in free if t in w.free_symbols
                 for c in attempts.call(f"zero of the switch {sp.sstr(w)} in {t}", lambda w=w: _roots(w, t)) or ()]
        points = _inside(zeros, t, domain, attempts)
        if points:
            return t, _pieces_of(expr, domain, t, points)
    return None


def _pieces_of(expr, domain, t, points):
    """[(domain, claim)]: the open intervals of t between ``points`` (the domain's own ends kept) and the lines."""
    out = []
    for j, sub in enumerate(_cut(domain, t, points)):
        iv = sub[t]
        out.append(({**sub, t: sp.Interval(iv.start, iv.end, iv.left_open or j > 0,
                                           iv.right_open or j < len(points))}, expr))
        if j < len(points):
            at = {t: points[j]}
            out.append(({u: w.xreplace(at) for u, w in domain.items() if u != t}, expr.xreplace(at)))
    return out


# -- one region: boxes, else cut at the zeros of the slope -------------------------------------------------

def _region(g, which, sub, s, attempts, budget, logs=None, whole=True):
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
        found = _boxed(attempts, lambda: validated.prove(g, which, sub, logs[0] if logs else "", budget=budget,
                                                         forms=False))
        if found.proved or logs or found.violated:   # a box of the wrong sign: no other way proves the region
            return (found.boxes, [found.certificate]) if found.proved else None
        found = None if early else _on_faces(g, which, sub, attempts, budget)
        if found is not None:
            return found
    roots = attempts.found(f"zeros of the slope in {s}", lambda: _stationary(g, s))
    points = _inside(roots, s, sub, attempts)
    if not points and (logs is None or tangent.recorded(logs)):
        found = _tangent(g, which, sub, s, attempts, logs[0] if logs else "")
        if found is not None or logs is not None:
            return found
    if shape.recorded(logs) or logs is None and not points:
        found = _boxed(attempts, lambda: shape.prove(g, which, sub, s, budget, logs[0] if logs else ""))
        return None if found is None else (found[0], [found[1]])
    pieces = _cut(sub, s, points) if points else []
    if not points or logs is not None and len(logs) != len(pieces):
        return None
    found = _boxed(attempts, lambda: [validated.prove(g, which, p, logs[k] if logs else "", budget=budget, forms=False)
                                      for k, p in enumerate(pieces)])
    if all(f.proved for f in found):
        return sum(f.boxes for f in found), [f.certificate for f in found]
    if logs is not None or any(f.violated for f in found):
        return None
    found = _boxed(attempts, lambda: shape.prove(g, which, sub, s, budget))
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
        found = _inverse_view(g, sub, s, atom)
        logged = None if not found or found[3] else _logs(*found[:2])
        done = None if logged is None else _tangent(logged, which, found[1], found[2], attempts,
                                                      recorded[2] if recorded else "")
        if done is not None:
            return done[0], [THROUGH + json.dumps([sp.sstr(atom), before, done[1][0]], separators=(",", ":"))]
    if recorded:
        raise validated.ReplayFailedError(f"the region read in logs through {recorded[0]} no longer closes")
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
    return validated.prove(e, "positive", domain, budget=SIDE_BOXES, forms=False).proved


def _boxed(attempts, fn):
    """``fn()``, a box search (or a shape's, a tangent's), outside the sign prover's deadline
    (:meth:`.provers.Attempts.paused`): how many of its calls fit never depends on how fast boxes close."""
    with attempts.paused():
        return fn()


def _on_faces(g, which, sub, attempts, budget, log=""):
    """(boxes, [log]) of the region read on the faces where it is least (:func:`.faces.prove`: box searches
    whose time the sign prover's deadline does not count), or None."""
    found = _boxed(attempts, lambda: faces.prove(g, which, sub, budget, log))
    if found is None and log:
        raise validated.ReplayFailedError(f"the region is no longer proved on its faces ({log.partition('|')[0]})")
    return None if found is None else (found[0], [found[1]])


def _tangent(g, which, sub, s, attempts, log):
    """(boxes, [log]) of the region cut at the point inside it where the claim touches 0 (:mod:`.tangent`:
    the first candidate where the claim and its slope are exactly 0, proved inside), or None."""
    if which not in ("nonnegative", "nonpositive"):
        return None
    touching = [c for c in tangent.mirrors(g, s) if tangent.touches(g, s, c)]
    points = _inside(touching[:1], s, sub, attempts)
    found = _boxed(attempts, lambda: tangent.prove(g, which, _cut(sub, s, points), s, log)) if points else None
    return None if found is None else (found[0], [found[1]])


# -- the regions of the kinks -----------------------------------------------------------------------------

def _regions(expr, s, domain, attempts):
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
    found = _ordered([c for kind, c, _ in signs.values() if kind == "root"], s, domain, attempts)
    if found is None:
        return None
    points, rep = found
    signs = {w: (kind, rep.get(c), k) for w, (kind, c, k) in signs.items()}
    regions = []
    for j, sub in enumerate(_cut(domain, s, points)):
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
        if any(_proves(a - c, want, domain, attempts) for a in keep if a is not c and a.free_symbols):
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
    return k if _proves(e, "positive" if k > 0 else "negative", domain, attempts) else None


def _monotone_zero(w, s, domain, attempts):
    direction = _signed(sp.diff(w, s), domain, attempts)
    if direction is None:
        return None
    roots = attempts.call(f"zero of the switch {sp.sstr(w)} in {s}", lambda: _roots(w, s))
    if not roots or len(roots) != 1 or not prove_zero(w.xreplace({s: roots[0]}), attempts):
        return None
    return ("root", roots[0], direction) if _inside(roots, s, domain, attempts) else None


def _roots(w, s):
    return tuple(r for r in sp.solve(w, s) if s not in r.free_symbols)


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
            if other is None or not _same(left, other.xreplace({s: c}), attempts):
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


def _same(a, b, attempts) -> bool:
    return _is_zero(a - b) or bool(prove_zero(a - b, attempts))


# -- cuts -------------------------------------------------------------------------------------------------

def _rest(domain, s):
    return {t: iv for t, iv in domain.items() if t != s}


def _inside(roots, s, domain, attempts):
    """The real roots free of s proved strictly inside the interval of s, at every point of the others."""
    iv, rest = domain[s], _rest(domain, s)
    out = []
    for c in roots[:MAX_CUTS]:
        if not (c.is_real is not False and s not in c.free_symbols):
            continue
        ends = [c - iv.start] if iv.start.is_finite else []
        ends += [iv.end - c] if iv.end.is_finite else []
        if all(_positive(e, rest, attempts) for e in ends):
            out.append(c)
    found = _ordered(out, s, domain, attempts)
    return found[0] if found else []


def _ordered(points, s, domain, attempts):
    """(``points`` without repeats, increasing at every point of the other symbols (proved), and each
    point's representative there), or None."""
    rest = _rest(domain, s)
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
        if out and (c == out[-1] or _same(c, out[-1], attempts)):
            rep[c] = out[-1]
            continue
        if out and not _positive(c - out[-1], rest, attempts):
            return None
        out.append(c)
        rep[c] = c
    return (out, rep) if len(out) <= MAX_CUTS else None


def _positive(e, rest, attempts) -> bool:
    """``e`` > 0 at every point of ``rest``."""
    return _proves(e, "positive", rest, attempts)


def _proves(e, which, domain, attempts) -> bool:
    """``e`` is ``which`` on the domain: an arb enclosure for a constant (SymPy cannot evaluate erfcinv),
    boxes (a search of at most SIDE_BOXES, the same on every machine; far cheaper to replay than the sign
    prover's polynomial roots), else the sign prover.  The box search is a route of the transcript
    (:meth:`.provers.Attempts.route`): a replay checks the box tree a search that closed recorded
    (:meth:`.provers.Attempts.tree`, every leaf judged again), and passes over a search that failed (up to
    SIDE_BOXES boxes of Taylor models, seconds each), as the search then did.  A transcript recorded before the
    route (no mark) or before its trees (no tree) is searched there, as then; certify files it upgraded."""
    if not e.free_symbols:
        v = _ball(e)
        return v is not None and {"positive": v > 0, "negative": v < 0, "nonnegative": v >= 0,
                                  "nonpositive": v <= 0}[which]
    boxes = lambda: _boxed(attempts, lambda: attempts.tree(SIDE_TREE, lambda: _side_search(e, which, domain),
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
        raise validated.ReplayFailedError(f"the side condition's recorded boxes no longer prove {e} {which}")
    return True


def _cut(domain, s, points):
    """The closed regions of s between consecutive cuts (the domain's own ends keep their openness)."""
    iv, rest = domain[s], _rest(domain, s)
    ends = [iv.start] + list(points) + [iv.end]
    last = len(ends) - 2
    return [{**rest, s: sp.Interval(ends[j], ends[j + 1], j == 0 and iv.left_open, j == last and iv.right_open)}
            for j in range(last + 1)]
