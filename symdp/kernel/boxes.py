"""The rules ``chart`` and ``boxes``: a sign claim on a domain, shown on a subdivision of the unit box.

``chart``: each claim symbol x_k (in the recorded order) is x_k = lo_k + (hi_k - lo_k) u_k, lo_k and hi_k its
interval's finite ends with the earlier symbols mapped, so [0, 1]^d maps onto a set containing the domain, where
F = goal(x(u)) must be > 0 (>= 0 when not strict).  ``boxes``: the leaves partition the unit box exactly
(:func:`cover_gap`) and each leaf's rule shows F's sign there by the kernel's own enclosures (:mod:`.arb_compile`)
at the node's precision: ``enclosure`` (the ball of F, or of its branch: :meth:`LeafChecker.branch`),
``mean-value`` (the branch's mean-value form), ``chain:<lower|upper>:<i>:<k>`` or ``vertex`` (:mod:`.chain`).
docs/proof-format.md states each rule in full.
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp
from flint import arb

from .arb_compile import Context, Unsupported, ball, compile_arb, exact, precision
from .cases import KINKS
from .chain import check_chain, check_vertex, parse

SPLITS = 3
"""Levels of halving an enclosure leaf may use (at most 2^SPLITS pieces, only where the whole leaf fails)."""


def chart_map(node, claim):
    """(coordinates, F, {x_k: its map}, open ends) of a chart node, or a str saying why the chart does not fit the
    claim; the open ends are, per coordinate, (the domain excludes u = 0, excludes u = 1)."""
    names = {str(s): (s, iv) for s, iv in claim.domain}
    if len(names) != len(claim.domain) or sorted(node.symbols) != sorted(names):
        return f"the chart's symbols {list(node.symbols)} are not the claim's {sorted(names)}"
    if len(node.maps) != len(node.symbols) or set(node.maps) - {"affine"}:
        return "every coordinate's map must be 'affine' (one per symbol)"
    coords = tuple(sp.Dummy(f"u{k}", real=True) for k in range(len(node.symbols)))
    forward, done, ends = {}, set(), []
    for name, u in zip(node.symbols, coords):
        s, iv = names[name]
        if not isinstance(iv, sp.Interval) or s.is_integer:
            return f"{name}'s domain is not an interval of reals"
        lo, hi = sp.sympify(iv.start), sp.sympify(iv.end)
        if any(e.has(sp.oo, -sp.oo, sp.zoo) for e in (lo, hi)):
            return f"{name}'s interval has an infinite end (no affine map)"
        if not (lo.free_symbols | hi.free_symbols) <= done:
            return f"{name}'s interval depends on a symbol not charted before it"
        forward[s] = lo.xreplace(forward) + (hi.xreplace(forward) - lo.xreplace(forward)) * u
        done.add(s)
        ends.append((bool(iv.left_open), bool(iv.right_open)))
    goal = claim.goal
    if not goal.free_symbols <= set(forward):
        return f"the claim has symbols outside its domain: {sorted(map(str, goal.free_symbols - set(forward)))}"
    return coords, goal.xreplace(forward), forward, tuple(ends)


def cover_gap(leaves, d: int) -> str:
    """"" when the leaves' boxes partition [0, 1]^d exactly, else where they fail: a guillotine partition, where a
    region is one leaf's box or a cut u_i = c strictly inside it, which no leaf straddles, has both sides covered."""
    for k, leaf in enumerate(leaves):
        if len(leaf.box) != d or any(not (0 <= a < b <= 1) for a, b in leaf.box):
            return f"leaf {k}'s box is not a box of positive width inside the unit box"
    return _partition(tuple((Fraction(0), Fraction(1)) for _ in range(d)), list(range(len(leaves))), leaves)


def _partition(region, members, leaves) -> str:
    stack = [(region, members)]
    while stack:
        region, members = stack.pop()
        if len(members) == 1 and leaves[members[0]].box == region:
            continue
        if not members:
            return f"the region {_show(region)} holds no leaf (a gap)"
        cut = _cut(region, members, leaves)
        if cut is None:
            return f"the leaves in {_show(region)} overlap or are not a partition ({len(members)} leaves)"
        i, c = cut
        left, right = _halves(region, i, c)
        stack.append((right, [m for m in members if leaves[m].box[i][0] >= c]))
        stack.append((left, [m for m in members if leaves[m].box[i][1] <= c]))
    return ""


def _cut(region, members, leaves):
    """A coordinate and a cut strictly inside the region that no leaf straddles: the midpoints first (a
    bisection tree), then every leaf end."""
    for i, (a, b) in enumerate(region):
        if _clean(i, (a + b) / 2, members, leaves):
            return i, (a + b) / 2
    for i, (a, b) in enumerate(region):
        for c in sorted({leaves[m].box[i][e] for m in members for e in (0, 1)} - {a, b}):
            if a < c < b and _clean(i, c, members, leaves):
                return i, c
    return None


def _halves(box, i, c):
    """The two boxes ``box`` is cut into by the hyperplane u_i = c."""
    return box[:i] + ((box[i][0], c),) + box[i + 1:], box[:i] + ((c, box[i][1]),) + box[i + 1:]


def _clean(i, c, members, leaves) -> bool:
    return all(leaves[m].box[i][1] <= c or leaves[m].box[i][0] >= c for m in members)


def _show(region) -> str:
    return " x ".join(f"[{a}, {b}]" for a, b in region)


class LeafChecker:
    """The leaf rules on one chart, each expression they need formed and compiled once (:meth:`memo`)."""

    def __init__(self, coords, F, strict: bool, prec: int, forward, open_ends):
        self.coords, self.F, self.strict, self.prec = coords, F, strict, prec
        self.forward, self.open_ends = forward, open_ends
        """x_k -> its map, and the open ends of :func:`chart_map` (for :mod:`.chain`)."""
        self.fn = compile_arb(F, coords)
        self._parts: dict = {}

    def memo(self, key, make):
        """``make()``, computed once per key on this chart (compiled expressions, branches, derivatives)."""
        if key not in self._parts:
            self._parts[key] = make()
        return self._parts[key]

    def env(self, box) -> dict:
        """Each coordinate's ball on ``box``."""
        return {u: ball(a, b) for u, (a, b) in zip(self.coords, box)}

    def enclose(self, e, env) -> arb:
        return self.memo(e, lambda: compile_arb(e, self.coords))(env)

    def holds(self, v: arb) -> bool:
        return v.is_finite() and (v > 0 if self.strict else v >= 0)

    def check(self, leaf) -> str:
        """"" when the leaf's rule closes its box, else why not."""
        with precision(self.prec):
            env = self.env(leaf.box)
            if leaf.rule == "enclosure":
                return self._enclosure(env, leaf.box)
            if leaf.rule == "mean-value":
                return self._mean_value(leaf, env)
            if leaf.rule == "vertex":
                return check_vertex(self, leaf, env)
            chain = parse(leaf.rule)
            if chain is not None:
                return check_chain(self, leaf, env, *chain)
        return f"unknown leaf rule {leaf.rule!r}"

    def _enclosure(self, env, box, depth: int = 0) -> str:
        """The ball of F (or of its branch) on ``box``; where it fails, the balls on the halves of its widest
        coordinate, to :data:`SPLITS` levels (enclosures on a cover of the box enclose F on it)."""
        v = self.fn(env)
        if not self.holds(v) and self.F.has(*KINKS):
            G = self.branch(env, box)
            v = v if G is None else self.enclose(G, env)
        if not self.holds(v) and depth < SPLITS:
            i = max(range(len(box)), key=lambda j: (box[j][1] - box[j][0], -j))
            halves = _halves(box, i, (box[i][0] + box[i][1]) / 2)
            if all(not self._enclosure(self.env(h), h, depth + 1) for h in halves):
                return ""
        return self._verdict("enclosure", v)

    def branch(self, env, box):
        """F on the leaf with each Abs, Max, Min replaced by the argument it equals on the whole leaf, innermost
        kinks first (|a| = a where the ball of a is >= 0, -a where <= 0; max(a_1, ..., a_n) = a_i where every
        a_i - a_j, formed by SymPy, is >= 0 on the leaf; min alike), or None where one cannot be decided."""
        G = self.F
        while True:
            inner = self._innermost(G)
            if not inner:
                return G
            chosen = tuple((k, self._side(k, env, box)) for k in inner)
            if any(c is None for _, c in chosen):
                return None
            G = self.memo((G, chosen), lambda: G.xreplace(dict(chosen)))

    def _innermost(self, G) -> tuple:
        inner = lambda: (k for k in G.atoms(*KINKS) if not any(a.has(*KINKS) for a in k.args))
        return self.memo(("inner", G), lambda: tuple(sorted(inner(), key=sp.default_sort_key)))

    def _side(self, kink, env, box):
        if isinstance(kink, sp.Abs):
            a = kink.args[0]
            return a if self._nonnegative(a, env, box) else -a if self._nonnegative(-a, env, box) else None
        for i, a in enumerate(kink.args):
            if all(self._nonnegative(self._switch(kink, i, j), env, box) for j in range(len(kink.args)) if j != i):
                return a
        return None

    def _switch(self, kink, i, j):
        """a_i - a_j for max, a_j - a_i for min (formed once)."""
        a, b = kink.args[i], kink.args[j]
        return self.memo(("switch", kink, i, j), lambda: a - b if isinstance(kink, sp.Max) else b - a)

    def _nonnegative(self, e, env, box) -> bool:
        """e >= 0 on the leaf: exactly from the box's rational ends where e is affine with rational
        coefficients (a ball's rounded-up radius would miss a switch on a face), else by its ball."""
        affine = self.memo(("affine", e), lambda: _affine(e, self.coords))
        if affine is None:
            return self.enclose(e, env) >= 0
        const, coeffs = affine
        return const + sum(min(c * a, c * b) for c, (a, b) in zip(coeffs, box)) >= 0

    def _gradient(self, G):
        """(F's branch, its gradient's compiled entries) or a str saying why there is no gradient."""
        try:
            grads = Context(self.coords, every=True)
            return compile_arb(G, self.coords), [compile_arb(sp.diff(G, u), self.coords, grads) for u in self.coords]
        except Unsupported as exc:
            return f"no enclosure of the gradient: {exc}"

    def _mean_value(self, leaf, env) -> str:
        G = self.branch(env, leaf.box)
        if G is None:
            return "the mean-value form needs one smooth branch on the leaf (a kink changes branch in it)"
        made = self.memo(("gradient", G), lambda: self._gradient(G))
        if isinstance(made, str):
            return made
        fn, grad = made
        total = fn({u: exact((a + b) / 2) for u, (a, b) in zip(self.coords, leaf.box)})
        for g, (a, b) in zip(grad, leaf.box):
            r = exact((b - a) / 2)
            total += g(env) * arb.union(-r, r)
        return self._verdict("mean-value form", total)

    def _verdict(self, what: str, v: arb) -> str:
        """"" when the ball ``v`` has the claimed sign, else the reason naming ``what`` gave it."""
        return "" if self.holds(v) else f"the {what} {_show_ball(v)} does not have the claimed sign"


def _affine(e, coords):
    """(c_0, (c_1, ..., c_d)) as Fractions when e = c_0 + sum c_i u_i exactly, else None."""
    if not e.free_symbols <= set(coords):
        return None
    try:
        poly = sp.Poly(e, *coords)
    except sp.PolynomialError:
        return None
    if poly.total_degree() > 1 or not all(c.is_Rational for c in poly.coeffs()):
        return None
    q = lambda c: Fraction(int(c.p), int(c.q))
    const = poly.coeff_monomial(1)
    return q(const), tuple(q(poly.coeff_monomial(u)) for u in coords)


def _show_ball(v: arb) -> str:
    return f"[{v.lower().str(5, radius=False)}, {v.upper().str(5, radius=False)}]" if v.is_finite() else "non-finite"


def check_chart(node, claim, path: str):
    """(path of the failing node, reason), ("", "") when the chart and its boxes prove the claim."""
    if claim.relation == "=":
        return path, "a chart proves a sign claim (>, >=, <, <=), the claim is an identity"
    made = chart_map(node, claim)
    if isinstance(made, str):
        return path, made
    coords, F, forward, ends = made
    boxes, where = node.premise, f"{path}/boxes"
    gap = cover_gap(boxes.leaves, len(coords))
    if gap:
        return where, gap
    try:
        leaves = LeafChecker(coords, F, claim.strict, boxes.prec, forward, ends)
    except Unsupported as exc:
        return where, f"no enclosure of the claim: {exc}"
    for k, leaf in enumerate(boxes.leaves):
        why = leaves.check(leaf)
        if why:
            return f"{where}/leaf {k}", why
    return "", ""
