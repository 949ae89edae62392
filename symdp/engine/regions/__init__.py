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

from ...special import PhiInv
from .. import validated
from ..model.replay import ReplayFailed
from ..symbolic.pieces import is_zero
from ..validated import REGIONS
from . import faces, shape, tangent
from .closing import THROUGH, inverse_view, region
from .cover import cuttable, regions_of, split_pieces
from .sides import boxed, proves


LOOK = 30.0
"""Seconds of the sign prover's own budget for the cuts' switches and order, shared by the views (recorded,
then replayed)."""


def decide(expr, which: str, domain: dict, attempts, found):
    """``found`` (validated numerics on the whole domain) when it proved the claim or the route does not
    apply; else the claim proved region by region, or ``found`` unchanged (its certificate kept).  The
    claim's last route: each view gets LOOK / (number of views) seconds of the sign prover's own, after a
    mark in the log; a replay goes straight to the last mark (:meth:`.attempts.Attempts.renew_last`)."""
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
    reduced = boxed(attempts, lambda: faces.reduce(expr, which, domain))
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
        regions = regions_of(e, s, dm, attempts)
        if regions is None:
            unresolved.append((view, e, dm, s, lost))
            continue
        done = _closed(regions, which, s, attempts, budget, whole=len(regions) > 1 or bool(view) or not searched)
        if done is not None:
            return _proved(view, s, [done])
    for view, e, dm, s, lost in unresolved:   # then split another symbol, each view with a mark of its own
        attempts.renew(LOOK)
        found = split_pieces(e, s, dm, attempts) if _at_ends(expr, which, domain, lost, attempts) else None
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
        found = region(g, which, sub, s, attempts, budget, None if logs is None else logs[k], whole)
        if found is None:
            return None
        done.append(found)
    return done


def _pieces(pieces, which, s, attempts, budget, logs=None):
    """Each piece of a split (:func:`split`) proved region by region: [[(boxes, [logs])] per piece], or None."""
    out = []
    for k, (dm, e) in enumerate(pieces):
        regions = regions_of(e, s, dm, attempts)
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
            raise ReplayFailed(f"the claim is no longer least on the face {face['face']} = {face['at']}")
        found = _replay_regions(reduced[0], which, reduced[1], attempts, cert[1:], budget)
        return _on_face(found, reduced[2])
    return _replay_regions(expr, which, domain, attempts, cert, budget)


def _replay_regions(expr, which, domain, attempts, cert, budget):
    view, name, logs, *split = cert
    found = next(((e, dm, s, lost) for v, e, dm, s, lost in _views(expr, domain) if (v, s.name) == (view, name)),
                 None)
    if found is None or not _at_ends(expr, which, domain, found[3], attempts):
        raise ReplayFailed(f"the view {view or name} of the claim is not the one recorded")
    e, dm, s, _ = found
    if split:
        found = split_pieces(e, s, dm, attempts)
        done = None if found is None or found[0].name != split[0] or len(found[1]) != len(logs) else \
            _pieces(found[1], which, s, attempts, budget, logs)
        if done is None:
            raise ReplayFailed(f"the pieces of {split[0]} or their regions of {name} no longer close")
        return _proved(view, s, done, split[0])
    regions = regions_of(e, s, dm, attempts)
    if regions is None or len(regions) != len(logs):
        raise ReplayFailed(f"the regions of {name} are not those recorded")
    done = _closed(regions, which, s, attempts, budget, logs)
    if done is None:
        raise ReplayFailed(f"a region of {name} no longer closes")
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
    for s in cuttable(expr, domain):
        yield "", expr, domain, s, ()
    for s in cuttable(expr, domain):
        for atom in sorted(expr.atoms(sp.erfcinv, PhiInv), key=sp.default_sort_key):
            found = inverse_view(expr, domain, s, atom)
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
        if not (which in ("nonnegative", "nonpositive") and is_zero(e)) and not proves(e, which, rest, attempts):
            return False
    return True
