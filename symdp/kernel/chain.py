"""The leaf rules ``chain:<face>:<i>:<k>`` (F's sign on a leaf from a face, by a chain of derivatives) and
``vertex`` (F monotone along every coordinate on the leaf, least at one vertex).

G is F's branch on the leaf (:meth:`.boxes.LeafChecker.branch`), a the face (the leaf's lower or upper end of
u_i), D_j the j-th derivative of G in u_i and s_j the sign of (u_i - a)^j on the leaf.  The rule holds when
s_k D_k >= 0 on the whole leaf (> 0 when strict), s_j D_j >= 0 on the face for j = 1..k-1, and G >= 0 on the
face (> 0 when strict, unless the face is an open end of the domain), each on the face by its enclosure or, at
u_i = 0 or 1 and non-strict, by being the literal 0.  By Taylor's theorem with the integral remainder every term
of G(u) = sum_{j<k} D_j(a) (u_i - a)^j / j! + R_k then has the sign (docs/proof-format.md, ``boxes``).

``vertex``: each first derivative D_i of G in u_i has one sign on the whole leaf (its ball >= 0 or <= 0), so G is
least at the vertex c with c_i the leaf's lower end of u_i where D_i >= 0, else its upper end (move one coordinate
at a time inside the box); G(c) has the claimed sign by its ball, or (its ball finite: G defined there) is the literal 0 at a vertex of the unit box,
for a strict claim only where a coordinate whose D_i excludes 0 reaches c_i at an open end of the domain (every
point of the domain then lies strictly above G(c)).
"""
from __future__ import annotations

import sympy as sp

from .arb_compile import Unsupported

ORDERS = (1, 2, 3)


def parse(rule: str):
    """(lower, i, k) of ``chain:<lower|upper>:<i>:<k>``, or None when the rule is not a chain."""
    parts = rule.split(":")
    if len(parts) != 4 or parts[0] != "chain" or parts[1] not in ("lower", "upper"):
        return None
    if not (parts[2].isdigit() and parts[3].isdigit()) or int(parts[3]) not in ORDERS:
        return None
    return parts[1] == "lower", int(parts[2]), int(parts[3])


def check_chain(checker, leaf, env, lower: bool, i: int, k: int) -> str:
    """"" when the chain closes ``leaf`` (``checker``: the chart's :class:`.boxes.LeafChecker`), else why not."""
    if i >= len(leaf.box):
        return f"no coordinate {i}"
    G = checker.branch(env, leaf.box)
    if G is None:
        return "a derivative chain needs one smooth branch on the leaf (a kink changes branch in it)"
    u, end = checker.coords[i], leaf.box[i][0 if lower else 1]
    face = checker.env(tuple((end, end) if j == i else ab for j, ab in enumerate(leaf.box)))
    sign = lambda j: 1 if lower or j % 2 == 0 else -1
    try:
        top = sign(k) * checker.enclose(_derivative(checker, G, u, k), env)
        if not (top > 0 if checker.strict else top >= 0):
            return f"the {k}-th derivative in u_{i} does not have the sign on the leaf"
        for j in range(k - 1, 0, -1):
            if not _on_face(checker, sign(j) * _derivative(checker, G, u, j), face, u, end, strict=False):
                return f"the {j}-th derivative in u_{i} does not have the sign on the face"
    except Unsupported as exc:
        return f"no enclosure of a derivative: {exc}"
    open_end = end in (0, 1) and checker.open_ends[i][int(end)]
    if not _on_face(checker, G, face, u, end, strict=checker.strict and not open_end):
        return f"F does not have the claimed sign on the face u_{i} = {end}"
    return ""


def _derivative(checker, G, u, j):
    """The j-th derivative of G in u, up to a positive constant factor: where every map is x = lo + (hi - lo) u
    with numbers lo < hi, G is written back in the claim's symbols (u = (x - lo)/(hi - lo)), differentiated in
    x and charted again, which is d^j G/du^j / (hi - lo)^j, the same sign and usually a tighter enclosure."""
    back = checker.memo("inverse", lambda: _inverse(checker.forward))
    if back is None:
        return checker.memo(("d", G, u, j), lambda: sp.diff(G, u, j))
    x = next(x for x, e in checker.forward.items() if e.has(u))
    return checker.memo(("d", G, u, j), lambda: sp.diff(G.xreplace(back), x, j).xreplace(checker.forward))


def _inverse(forward):
    """{u_k: (x_k - lo_k)/(hi_k - lo_k)} when every map is affine with numbers lo_k < hi_k, else None."""
    back = {}
    for x, e in forward.items():
        if len(e.free_symbols) != 1:
            return None
        (u,) = e.free_symbols
        lo, slope = sp.sympify(e.xreplace({u: sp.Integer(0)})), sp.diff(e, u)
        if not (lo.is_Rational and slope.is_Rational and slope > 0):
            return None
        back[u] = (x - lo) / slope
    return back


def _on_face(checker, e, face, u, end, strict: bool) -> bool:
    v = checker.enclose(e, face)
    if v.is_finite() and (v > 0 if strict else v >= 0):
        return True   # the literal 0 below only where the ball shows e defined there (SymPy: log(-1) - log(-1) = 0)
    return not strict and end in (0, 1) and v.is_finite() and _zero(checker, e, {u: end})


def _zero(checker, e, at: dict) -> bool:
    """``e`` with the coordinates put in at ``at`` (0 or 1 each) is the literal 0 after ``expand(cancel(.))``."""
    point = {u: sp.Integer(int(c)) for u, c in at.items()}
    exact = lambda: sp.expand(sp.cancel(e.xreplace(point))) is sp.S.Zero
    return checker.memo(("zero", e, tuple(point.items())), exact)


def check_vertex(checker, leaf, env) -> str:
    """"" when the ``vertex`` rule closes ``leaf``, else why not."""
    G = checker.branch(env, leaf.box)
    if G is None:
        return "the vertex rule needs one smooth branch on the leaf (a kink changes branch in it)"
    corner, strictly = [], []
    try:
        for u, (a, b) in zip(checker.coords, leaf.box):
            v = checker.enclose(_derivative(checker, G, u, 1), env)
            if not (v.is_finite() and (v >= 0 or v <= 0)):
                return f"the derivative in {u} has no one sign on the leaf"
            corner.append(a if v >= 0 else b)
            strictly.append(bool(v > 0 or v < 0))
        value = checker.enclose(G, checker.env(tuple((c, c) for c in corner)))
        if checker.holds(value):
            return ""
    except Unsupported as exc:
        return f"no enclosure: {exc}"
    if not value.is_finite():
        return "F is not shown defined at the vertex the derivatives point to"
    reached = any(s and c in (0, 1) and checker.open_ends[i][int(c)] for i, (c, s) in enumerate(zip(corner, strictly)))
    if all(c in (0, 1) for c in corner) and (reached or not checker.strict) \
            and _zero(checker, G, dict(zip(checker.coords, corner))):
        return ""
    return "F at the vertex the derivatives point to does not have the claimed sign"
