"""``pieces`` nodes (:mod:`symdp.kernel.pieces`) for a claim with ``Piecewise`` atoms: the cut points are the roots,
in one symbol, of the conditions' relations (as :func:`.symbolic.pieces.breakpoints` finds them for the search);
the kernel fixes the active pieces on every region and point, and each part is closed by ``close``.

This module only proposes: the kernel judges every node it builds.
"""
from __future__ import annotations

import functools
import re

import sympy as sp

from ... import kernel
from ...kernel.pieces import piece_claims
from ...kernel.signs import POS, Reader
from ...kernel.srepr import write

MAX_CUTS = 6
"""Cut points at most (each adds two parts)."""


def by_pieces(claim, close):
    """A ``pieces`` node proving ``claim`` (each part closed by ``close(part)``, a node or None), or None: cut where
    a condition's relation meets in one symbol, else (no cut) the pieces fixed on the whole domain."""
    goal = sp.sympify(claim.goal)
    relations = {r for p in goal.atoms(sp.Piecewise) for _, c in p.args
                 for r in c.atoms(sp.core.relational.Relational)}
    named = sorted((pair for pair in claim.domain if isinstance(pair[1], sp.Interval)), key=lambda p: p[0].name)
    tries = [(s, _cuts(relations, s, iv, dict(claim.domain))) for s, iv in named]
    for s, cuts in [t for t in tries if t[1]] + [(s, []) for s, _ in named[:1]]:
        node = kernel.Pieces(s.name, tuple(write(c) for c in cuts), ())
        parts = piece_claims(node, claim)
        premises = [] if isinstance(parts, str) else [close(part) for part in parts]
        if premises and None not in premises:
            return kernel.Pieces(node.symbol, node.cuts, tuple(premises))
    return None


def _cuts(relations, s, iv, domain):
    """The points where a relation's two sides meet as ``s`` varies (numbers, or one expression in the other
    symbols), strictly inside its interval, in the order the table reads; [] when none is inside; None when a
    relation in ``s`` has a complex root or none is found, or the table cannot order them.  The kernel reads the
    order and the ends again."""
    points = set()
    for r in relations:
        d = r.lhs - r.rhs
        if s not in d.free_symbols:
            continue
        roots = sp.solve(d, s) if d.is_polynomial(s) or not d.has(sp.Piecewise) else None
        if not roots or any(x.is_real is False or s in x.free_symbols for x in roots):
            return None
        points |= set(roots)
    rest = {k: v for k, v in domain.items() if k != s}
    inside = [c for c in points if all(e in (-sp.oo, sp.oo) or Reader(()).sign(b - a, rest) == POS
                                       for e, (a, b) in ((iv.start, (iv.start, c)), (iv.end, (c, iv.end))))]
    before = lambda a, b: -1 if Reader(()).sign(b - a, rest) == POS else 1
    ordered = sorted(inside, key=functools.cmp_to_key(before))
    if len(inside) > MAX_CUTS or any(before(a, b) > 0 for a, b in zip(ordered, ordered[1:])):
        return None
    return ordered


SPLIT = re.compile(r"split at the stationary point (\S+) = (.+?) \(inside its interval\): below, (.+)")
"""The search's "split at the stationary point s = c (inside its interval): below, HOW; above, HOW"
(:func:`.symbolic.provers.prove_at_a_stationary_point`)."""


def by_split(claim, detail: str, region, point):
    """A ``pieces`` node cut at the stationary point the search split at (no Piecewise needed: the parts are the
    claim below, at and above the point), the regions closed by ``region(part, how)`` (the search's description of
    each side, a ``monotone`` from the point) and the point by ``point(part)``; or None."""
    found = SPLIT.fullmatch(detail)
    sides = top_split(found.group(3), "; above, ") if found else None
    names = {s.name: s for s, _ in claim.domain}
    if sides is None or found.group(1) not in names:
        return None
    try:
        c = sp.sympify(found.group(2), locals=names)
    except (sp.SympifyError, SyntaxError, TypeError):
        return None
    node = kernel.Pieces(found.group(1), (write(c),), ())
    parts = piece_claims(node, claim)
    if isinstance(parts, str):
        return None
    premises = (region(parts[0], sides[0]), point(parts[1]), region(parts[2], sides[1]))
    return None if None in premises else kernel.Pieces(node.symbol, node.cuts, premises)



def top_split(text: str, sep: str):
    """``text`` split in two at the first ``sep`` outside parentheses, or None."""
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and text.startswith(sep, i):
            return text[:i], text[i + len(sep):]
    return None
