"""A region where the claim touches 0 at a point inside the interval of the cut symbol (a double zero).

Boxes cannot close a region whose claim is tangent to 0 inside it, and no shape of the whole region does:
f = e^-eps/(4a) - G_mu(a) with mu = 2 Phi^-1(1 - e^{-eps/2}/2) (Laplace against Gaussian at equal total
variation, Sec. 6.1 of the TV paper) is 0 with its slope at a = e^{-eps/2}/2, and SymPy's solve finds no
zero of the slope.  Read through v = erfcinv(2 - 2a), the claim is e^-eps >= erfc(-v) erfc(v - 2w)
(w = erfcinv(2 - e^{-eps/2})): a product symmetric about v = w, where the arguments of its two erfc are
opposite.  So the candidates are such mirror points: where two atoms of one function have arguments, linear
in s, that are equal or opposite.  A candidate c is kept where the claim and its slope are exactly 0 there
(SymPy) and c is proved inside the interval; then the region is cut at c, the claim falls to c on the left
and rises from c on the right (:mod:`.shape`, its slope boxed with the claim's own box budget: the slope
touches 0 at c too), and its value at c is the exact 0.  A false claim (a shifted one) is not exactly 0 at c,
so it never pays the slope's searches.  Any cut is sound; the candidates only choose where.
"""
from __future__ import annotations

import json

import sympy as sp

from ...special import Phi, PhiInv
from ...symbols import t_inverse
from . import shape
from ..validated.rules import _zero_at_point

TANGENT = "tangent:"
"""Certificate of a region cut at its touching point: ``tangent:[left piece's shape, right piece's]``."""
MIRRORED = (sp.erfc, sp.erf, Phi, sp.exp)
"""Functions whose atoms are paired (equal or opposite arguments)."""
MAX_CANDIDATES = 6
SIDES = (("falling",), ("rising",))
"""The shape of the claim on the left and on the right of its touching point."""
INVERSES = {sp.erfcinv: (sp.erfc, False), PhiInv: (Phi, True)}
"""Inverse function -> (its inverse, increasing)."""


def mirrors(g, s) -> list:
    """:func:`candidates` of ``g`` in s, then those of ``g`` read through each v = F^-1(L(s)) (L linear)
    taken back to s: the touching point of e^-eps/(4a) - G_mu(a) is a mirror in v = erfcinv(2 - 2a) only."""
    out = candidates(g, s)
    for atom in sorted(g.atoms(*INVERSES), key=sp.default_sort_key):
        found = read_through(g, s, atom)
        back = [] if found is None else [found[1].xreplace({t_inverse: c}) for c in candidates(found[0], t_inverse)]
        out += [c for c in back if c not in out]
    return out[:MAX_CANDIDATES]


def read_through(g, s, atom):
    """(``g`` in v = atom = F^-1(L(s)), s as a function of v), L(s) = k s + m linear; or None."""
    arg, v = atom.args[0], t_inverse
    k = sp.diff(arg, s)
    if v in g.free_symbols or k.free_symbols or not k.is_nonzero or sp.diff(arg, s, 2) != 0:
        return None
    s_of_v = (INVERSES[type(atom)][0](v) - arg.xreplace({s: 0})) / k
    out = g.xreplace({atom: v}).xreplace({s: s_of_v})
    return None if s in out.free_symbols else (out, s_of_v)


def candidates(g, s) -> list:
    """Points c (free of s) where two atoms of one function of :data:`MIRRORED` have arguments, linear in s,
    that are equal or opposite; in SymPy's sort order."""
    atoms = sorted((a for a in g.atoms(*MIRRORED) if s in a.free_symbols), key=sp.default_sort_key)
    found = set()
    for i, a in enumerate(atoms):
        for b in atoms[i + 1:]:
            if type(a) is type(b):
                roots = (_linear_root(sp.expand(a.args[0] - k * b.args[0]), s) for k in (1, -1))
                found |= {c for c in roots if c is not None}
    return sorted(found, key=sp.default_sort_key)[:MAX_CANDIDATES]


def _linear_root(e, s):
    """The zero of ``e`` when it is linear in s with a nonzero coefficient free of s, else None."""
    k = sp.diff(e, s)
    if s in k.free_symbols or not k.is_nonzero:
        return None
    return -e.xreplace({s: 0}) / k


def touches(g, s, c) -> bool:
    """The claim and its slope along s are exactly 0 at s = c (SymPy, under its budget)."""
    return _zero_at_point(g, {s: c}) and _zero_at_point(sp.diff(g, s), {s: c})


def prove(g, which, pieces, s, log: str = ""):
    """(boxes, certificate) of the claim on the two ``pieces`` (closed, either side of the touching point):
    falling on the left, rising on the right, the claim at the point exactly 0; or None.  ``log``: a
    recorded ``tangent:`` certificate to replay."""
    logs = json.loads(log[len(TANGENT):]) if log else ["", ""]
    done = []
    for k, sub in enumerate(pieces):
        done.append(shape.prove(g, which, sub, s, None, logs[k], names=SIDES[k], slope_boxes=None))
        if done[-1] is None:
            return None
    return sum(b for b, _ in done), TANGENT + json.dumps([c for _, c in done], separators=(",", ":"))


def recorded(logs) -> bool:
    """The region's recorded certificate is a tangent proof."""
    return bool(logs) and len(logs) == 1 and logs[0].startswith(TANGENT)
