"""The rules that close a box: an enclosure, or monotonicity from a face (derivative chains).

Every rule reads arb enclosures (or, on a box that reaches infinity, the
extended intervals of :mod:`.ext`) and is sound on its own: a rule that
returns True has shown the claim on the whole box, except on a face that is an
open end of the domain (never a point of it).

* ``E``: the enclosure of f on the box has the claimed sign.
* ``T``: the box at +oo of a one-dimensional claim, in the exponential chart of :mod:`.tail`.
* ``X``: the enclosure by interval arithmetic on exact ends, where the ball's rounding lost the sign (:mod:`.endpoints`).
* ``L{i}.{k}`` / ``R{i}.{k}``: along coordinate i, from the left (right) face:
  the k-th derivative has the sign (+, resp. (-1)^k) on the whole box and the
  lower derivatives and f itself have it on the face; then f has it on the
  box (Taylor's theorem with the integral remainder, applied k times).  The
  face value of f may be an exact 0 shown by SymPy (the touching point).
* ``V``: f is monotone along every coordinate on the box (each gradient enclosure has one sign), so its
  least value there is at the vertex those signs point to, and that value has the claimed sign: by its
  enclosure, or as an exact 0 shown by SymPy at a vertex of the domain (for a strict claim, only where a
  coordinate whose gradient excludes 0 reaches that vertex at an open end: every point of the domain then
  lies strictly above it).  A claim touching 0 at a corner of its domain, where no face is 0 throughout.
* ``P{line}.{top}``: a Taylor model along a touching point or line, or at a removable singularity of an open
  end (:mod:`.touching`, :mod:`.taylor`).
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp
from flint import arb

from ...special import Phi
from ..enclose.arb import ArbFn, NotRigorous, Shared
from ..model.budget import BudgetExceeded, charge, within_budget
from ..enclose import ext
from .branches import smooth_branch
from .radicals import squares_out

EXTENDED = 25
"""Counted work per operation of an enclosure in extended arithmetic (:mod:`.ext`), in ball enclosures' units
(595 us against 24 us for a 35-operation claim: uncounted, 420 boxes at infinity took 140 s)."""
ENVS = 4
"""Boxes whose shared values a problem keeps (:meth:`Problem._env`)."""
ORDERS = (1, 2, 3)
"""Derivative orders tried in a chain."""
SWELL = 60
"""A derivative larger than this many times f (in operations) is not used."""
RAW_SWELL = 2
"""A derivative of order k > 1 whose raw form (before sp.diff's own simplification) is larger than this many
times the SWELL limit is refused unsimplified (:func:`differentiate`)."""
NONSMOOTH = (sp.Piecewise, sp.Abs, sp.Max, sp.Min, sp.sign, sp.Heaviside, sp.floor, sp.ceiling, sp.frac,
             sp.DiracDelta, sp.Derivative, sp.Subs)
"""Atoms where f may have a jump or a kink: the derivative rules (Taylor, mean value) need f smooth on the box,
and SymPy differentiates a Piecewise piece by piece, ignoring its jumps (so x - 1 on [1, 2] after x on [0, 1]
would "rise" everywhere).  Such a claim takes a derivative rule only on a box where every kink keeps one branch
(:mod:`.branches`), with the branch's derivatives; elsewhere enclosures only."""
EXACT_LIMIT = 20.0
"""Seconds SymPy may take to show a face value is exactly 0 (a safety net; rarely reached)."""
EXACT_OPS = 600
"""Operations of the largest face value tested for an exact 0 (not tested: the box stays open, which is
sound).  The proofs of the catalogue and the held-out claims use faces of at most 245 (:func:`_nonzero_somewhere`
says why a face is not handed to SymPy lightly)."""


def positive(iv) -> bool:
    lo = iv[0]
    return lo == ext.POS or (not isinstance(lo, str) and lo > 0)


def nonnegative(iv) -> bool:
    lo = iv[0]
    return lo == ext.POS or (not isinstance(lo, str) and lo >= 0)


class Family:
    """The derivatives of one claim with an integer symbol left free, shared by the claims at its values.

    The problem at m = v takes its derivatives from the family's (differentiated once, with m symbolic, and
    sized once against SWELL) with v put in: the 41 values of Pankova & Laud's geometric output differentiate
    one expression, not 41.
    """

    def __init__(self, f, symbol):
        self.f, self.symbol = f, symbol
        self._derivs: dict = {}

    def derivative(self, chart, key):
        """The family's derivative ``key`` ((i, k): d^k f/dx_i^k; ("u", i): dF/du_i) in ``chart``, or None
        (larger than SWELL times f)."""
        if key not in self._derivs:
            F = self.f.xreplace(chart.forward)
            if key[0] == "u":
                d = sp.diff(F, chart.coords[key[1]])
            elif chart.free[key[0]]:
                d = differentiate(self.f, chart.symbols[key[0]], key[1], SWELL * max(sp.count_ops(F), 1))
                d = None if d is None else d.xreplace(chart.forward)
            else:
                d = differentiate(F, chart.coords[key[0]], key[1], SWELL * max(sp.count_ops(F), 1))
            self._derivs[key] = d if d is not None and sp.count_ops(d) <= SWELL * max(sp.count_ops(F), 1) else None
        return self._derivs[key]


def _cost(fn) -> int:
    """Counted work of one enclosure by ``fn``: the operations of its expression (counted once per function)."""
    ops = getattr(fn, "_ops", None)
    if ops is None:
        expr = getattr(fn, "expr", None)
        ops = max(sp.count_ops(expr), 1) if isinstance(expr, sp.Basic) else 1
        try:
            fn._ops = ops
        except AttributeError:
            return ops
    return ops


def differentiate(f, x, k: int, limit: int):
    """``sp.diff(f, x, k)``, or None when its raw form has more than RAW_SWELL * ``limit`` operations.

    For k > 1 sp.diff simplifies the derivative (``factor_terms(signsimp(.))``), outside any budget: on the
    Gaussian type II error of issue 49 (``1 - alpha - G``, 129 operations in its chart) the third derivative
    has 29405 operations raw, 17834 simplified (refused by SWELL, 7740), and its simplification took seconds
    in every box search of every region.  The raw form is sized first (the simplification shrinks it by less
    than half): a derivative so large is refused unsimplified; any other is exactly what sp.diff returns."""
    raw = sp.diff(f, x, k, simplify=False)
    if k < 2:
        return raw
    if sp.count_ops(raw) > RAW_SWELL * limit:
        return None
    from sympy.core.exprtools import factor_terms
    from sympy.simplify.simplify import signsimp
    return factor_terms(signsimp(raw))


class Problem:
    """``f`` (already signed so that the claim reads f > 0 or f >= 0) pulled back to the unit box.

    ``member``: (family, value) when f is a :class:`Family`'s claim at one value of its integer symbol.
    """

    def __init__(self, f, strict: bool, chart, prec: int, member=None):
        self.f, self.strict, self.chart, self.prec = f, strict, chart, prec
        self.member = member
        self.F = f.xreplace(chart.forward)
        self.shared = Shared()
        self.fn = ArbFn(self.F, chart.coords, self.shared)
        self.smooth = not self.F.has(*NONSMOOTH)
        self.branches = None if self.smooth else smooth_branch(f, chart)
        self._branch: dict = {}
        self._last_choice: tuple = (None, None)
        self._derivs: dict = {}
        self._exact: dict = {}
        self._cache: dict = {}
        self._envs: dict = {}
        self.used: set = set()

    def cached(self, key, make):
        """``make()`` once per key (derived problems, rewrites)."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # -- enclosures ------------------------------------------------------------

    def enclose(self, expr, fn, box):
        """(lo, hi) of ``expr`` on ``box`` (a tuple of (a, b) Fractions), or None."""
        charge(_cost(fn))   # counted work of the claim's searches (:data:`..budget.WORK`)
        try:
            v = fn.at(self._env(box), self.prec) if getattr(fn, "family", None) is self.shared else \
                fn({u: _ball(a, b) for u, (a, b) in zip(self.chart.coords, box)}, self.prec)
        except (ValueError, ZeroDivisionError, ArithmeticError, TypeError, KeyError):
            return None
        if v.is_finite():
            return (v.lower(), v.upper())
        if not (self._at_infinity(box) or self._at_open_end(box)):
            return None
        charge(EXTENDED * _cost(fn))
        from ..enclose.arb import precision
        with precision(self.prec):
            ends = {u: (_exact(a), _exact(b)) for u, (a, b) in zip(self.chart.coords, box)}
            return ext.evaluate(expr, ends)

    def _env(self, box) -> dict:
        """The balls of ``box`` and the values shared among f and its derivatives there (:class:`.arb.Shared`);
        the last few boxes are kept (a rule moves between a box, its centre and its faces)."""
        env = self._envs.get(box)
        if env is None:
            if len(self._envs) >= ENVS:
                del self._envs[next(iter(self._envs))]
            env = self._envs[box] = {u: _ball(a, b) for u, (a, b) in zip(self.chart.coords, box)}
        return env

    def _at_open_end(self, box) -> bool:
        """The box touches an end of the domain that is a limit, not a point (a pole of erfcinv may sit there)."""
        return any((a == 0 and lo) or (b == 1 and hi) for (a, b), (lo, hi) in zip(box, self.chart.open_ends))

    def _at_infinity(self, box) -> bool:
        return any((a == 0 and lo) or (b == 1 and hi) for (a, b), (lo, hi) in zip(box, self.chart.infinite))

    def value(self, box):
        return self.enclose(self.F, self.fn, box)

    def derivative(self, i: int, k: int):
        """(expression, ArbFn) of the k-th derivative along coordinate i, or None (too large, no enclosure)."""
        key = (i, k)
        if key not in self._derivs:
            self._derivs[key] = self._derive(i, k)
        return self._derivs[key]

    def _derive(self, i, k):
        if not self.smooth:
            return None
        if self.member is not None:
            return self._compiled(self._of_family((i, k)))
        limit = SWELL * self._size()
        if self.chart.free[i]:  # only x_i moves along u_i, increasingly: the signs of d^k f/dx_i^k
            d = differentiate(self.f, self.chart.symbols[i], k, limit)
            d = None if d is None else d.xreplace(self.chart.forward)
        else:
            d = differentiate(self.F, self.chart.coords[i], k, limit)
        return self._compiled(d if d is not None and sp.count_ops(d) <= limit else None)

    def _size(self) -> int:
        return max(sp.count_ops(self.F), 1)

    def _of_family(self, key):
        family, value = self.member
        d = family.derivative(self.chart, key)
        return None if d is None else d.xreplace({family.symbol: value})

    def _compiled(self, d):
        if d is None:
            return None
        try:
            return d, ArbFn(d, self.chart.coords, self.shared)
        except (NotRigorous, RecursionError):
            return None

    # -- the rules -------------------------------------------------------------

    def check(self, rule: str, box) -> bool:
        if rule in ("T", "X"):   # the exponential chart at +oo (:mod:`.tail`), exact ends (:mod:`.endpoints`)
            from . import endpoints, tail
            return (tail if rule == "T" else endpoints).close(self, box)
        if rule[0] == "P":   # a Taylor model along a touching line (:mod:`.touching`)
            from .touching import close
            return close(self, rule, box)
        p = self.smooth_on(box)
        if rule == "E":
            v = (p or self).value(box)
            return v is not None and (positive(v) if self.strict else nonnegative(v))
        if p is None:
            return False
        if rule == "M":
            return p._mean_value(box)
        if rule == "V":
            return p._vertex(box)
        side, rest = rule[0], rule[1:]
        i, k = (int(t) for t in rest.split("."))
        return p._chain(box, i, k, side == "L")

    def smooth_on(self, box):
        """A smooth problem equal to this one on ``box``: itself, or the branch its kinks take on the box
        (:mod:`.branches`); None when a kink switches inside the box or cannot be resolved."""
        if self.smooth:
            return self
        if self.branches is None:
            return None
        if self._last_choice[0] != box:   # every rule tried on a box asks for the same choice
            balls = {u: _ball(a, b) for u, (a, b) in zip(self.chart.coords, box)}
            self._last_choice = (box, self.branches.choose(box, balls, self.prec))
        choice = self._last_choice[1]
        if choice is None:
            return None
        if choice not in self._branch:
            self._branch[choice] = self._smooth_problem(self.branches.branch(choice))
        return self._branch[choice]

    def _smooth_problem(self, g):
        if g is None:
            return None
        try:
            p = Problem(g, self.strict, self.chart, self.prec)
        except (NotRigorous, RecursionError):
            return None
        return p if p.smooth else None

    def _mean_value(self, box) -> bool:
        """The mean-value form: f(box) lies in f(c) + sum_i df/du_i(box) [a_i - c_i, b_i - c_i], c the centre
        (second-order tight where the plain enclosure suffers from the dependency problem)."""
        if not self.smooth or self._at_infinity(box):
            return False
        centre = tuple(((a + b) / 2,) * 2 for a, b in box)
        total = self.value(centre)
        if total is None or ext._inf(total[0]) or ext._inf(total[1]):
            return False
        total = ext._ball(total)
        for i, (a, b) in enumerate(box):
            if a == b:
                continue
            grad = self.gradient(i)
            v = None if grad is None else self.enclose(*grad, box)
            if v is None or ext._inf(v[0]) or ext._inf(v[1]):   # an end at infinity (a pole at an open end)
                return False
            half = _exact((b - a) / 2)
            total += ext._ball(v) * arb.union(-half, half)
        iv = (total.lower(), total.upper())
        return total.is_finite() and (positive(iv) if self.strict else nonnegative(iv))

    def _vertex(self, box) -> bool:
        """Rule V: monotone along every coordinate on the box, least at one vertex, which has the sign."""
        if self._at_infinity(box):
            return False
        corner, strictly = [], []
        for i, (a, b) in enumerate(box):
            grad = self.gradient(i)
            v = None if grad is None else self.enclose(*grad, box)
            if v is None or ext._inf(v[0]) or ext._inf(v[1]) or v[0] < 0 < v[1]:
                return False
            corner.append(a if v[0] >= 0 else b)
            strictly.append(v[0] > 0 or v[1] < 0)
        at = tuple((c, c) for c in corner)
        value = self.value(at)
        if value is not None and (positive(value) if self.strict else nonnegative(value)):
            return True
        if any(c not in (0, 1) for c in corner):
            return False
        reached = any(s and self.chart.open_ends[i][0 if c == 0 else 1] for i, (c, s) in enumerate(zip(corner, strictly)))
        return (reached or not self.strict) and self._zero_at_vertex(tuple(corner))

    def _zero_at_vertex(self, corner) -> bool:
        key = ("vertex", corner)
        if key not in self._exact:
            at = dict(zip(self.chart.coords, map(sp.Integer, corner)))
            self._exact[key] = not self.F.xreplace(at).has(sp.oo, -sp.oo, sp.zoo, sp.nan) and _zero_at_point(self.F, at)
        return self._exact[key]

    def gradient(self, i: int):
        """(expression, ArbFn) of dF/du_i, the derivative in the chart's coordinate, or None."""
        key = ("u", i)
        if not self.smooth:
            return None
        if key not in self._derivs:
            if self.member is not None:
                self._derivs[key] = self._compiled(self._of_family(key))
            else:
                d = sp.diff(self.F, self.chart.coords[i])
                self._derivs[key] = self._compiled(d if sp.count_ops(d) <= SWELL * self._size() else None)
        return self._derivs[key]

    def _chain(self, box, i, k, left) -> bool:
        top = self.derivative(i, k)
        if top is None:
            return False
        sign = 1 if left or k % 2 == 0 else -1
        v = self.enclose(*top, box)
        if v is None or not (positive if self.strict else nonnegative)(_signed(v, sign)):
            return False
        end = box[i][0] if left else box[i][1]
        face = tuple((end, end) if j == i else ab for j, ab in enumerate(box))
        for j in range(k - 1, 0, -1):
            d = self.derivative(i, j)
            sj = 1 if left or j % 2 == 0 else -1
            if d is None or not self._face_ok(d, face, sj, i, end, j, strict=False):
                return False
        open_end = self.chart.open_ends[i][0 if left else 1] and end == (0 if left else 1)
        return self._face_ok((self.F, self.fn), face, 1, i, end, 0, strict=self.strict and not open_end)

    def _face_ok(self, d, face, sign, i, end, order, strict) -> bool:
        v = self.enclose(*d, face)
        if v is not None and (positive if strict else nonnegative)(_signed(v, sign)):
            return True
        return not strict and end in (0, 1) and self._exactly_zero(d[0], i, end, order)

    def _exactly_zero(self, expr, i, end, order) -> bool:
        """SymPy shows ``expr`` is identically 0 on the face u_i = end (a touching point at a domain end)."""
        key = (i, end, order)
        if key not in self._exact:
            self._exact[key] = _zero_at(expr, self.chart.coords[i], end, self.chart.infinite[i]) or \
                order == 0 and self._zero_on_face(i, end)
        return self._exact[key]

    def _zero_on_face(self, i, end) -> bool:
        """f itself is identically 0 where its i-th symbol is at that end (written in the claim's own symbols,
        where SymPy sees what the chart's affine maps hide: sqrt(4 b^2 (1 + b^2) + 1) = 2 b^2 + 1)."""
        side = int(end)
        if self.chart.infinite[i][side] or self.member is not None:
            return False
        return _zero_at_point(self.f, {self.chart.symbols[i]: self.chart.ends[i][side]})


def _zero_at(expr, u, end, infinite) -> bool:
    if (end == 0 and infinite[0]) or (end == 1 and infinite[1]):
        return False
    return _zero_at_point(expr, {u: sp.Integer(end)})


def _zero_at_point(expr, at) -> bool:
    """SymPy shows ``expr`` is identically 0 where the coordinates take the values ``at``."""
    try:
        face = expr.xreplace(at)
        if sp.count_ops(face) > EXACT_OPS or _nonzero_somewhere(face):
            return False
        return within_budget(lambda: _cancels(face), EXACT_LIMIT)
    except (BudgetExceeded, TypeError, ValueError, ZeroDivisionError, NotImplementedError, RecursionError):
        return False


def _cancels(face) -> bool:
    """``face`` is 0 after cancel, or after Phi and erfc are written with erf (odd, so SymPy pairs
    Phi(-x) with Phi(x): Phi(-1/4) + Phi(1/4) - 1), or after the square roots of squares are taken out
    (:mod:`.radicals`), or after the arguments of functions are each written as one fraction."""
    if sp.expand(sp.cancel(face)) == 0:
        return True
    if face.has(Phi, sp.erfc) and sp.expand(sp.cancel(face.rewrite(sp.erf))) == 0:
        return True
    rooted = squares_out(face) if face.has(sp.Pow) else face
    if rooted != face and sp.expand(sp.cancel(rooted)) == 0:
        return True
    inside = face.replace(lambda a: isinstance(a, sp.Function) and a.args, _arguments_cancelled)
    return inside != face and sp.expand(sp.cancel(inside)) == 0


def _arguments_cancelled(a):
    """``a`` with each argument written as one factored fraction: erfcinv(2 - 2/(e^eps + 1)) and
    erfcinv(2 e^eps/(e^eps + 1)) become one atom."""
    return a.func(*(sp.factor(sp.cancel(x)) for x in a.args))


def _nonzero_somewhere(face) -> bool:
    """An enclosure of ``face`` at one of two rational points that excludes 0: the face is not identically 0,
    and SymPy's cancel is never asked (on a derivative of a closed-form posterior it held 14 GB and once aborted
    the process, GMP "overflow in mpz type", which no time limit catches).  A point where ``face`` has no
    finite enclosure shows nothing."""
    syms = sorted(face.free_symbols, key=str)
    try:
        fn = ArbFn(face, tuple(syms))
        for k in (3, 7):
            v = fn({s: _exact(Fraction(1, k) + Fraction(i, 101)) for i, s in enumerate(syms)}, 128)
            if v.is_finite() and not v.contains(0):
                return True
    except (NotRigorous, ValueError, ZeroDivisionError, ArithmeticError, TypeError, KeyError, RecursionError):
        return False
    return False


def _signed(iv, sign):
    return iv if sign > 0 else ext.neg(iv)


def _exact(q: Fraction) -> arb:
    from flint import fmpq
    return arb(fmpq(q.numerator, q.denominator))


def _ball(a: Fraction, b: Fraction) -> arb:
    return _exact(a) if a == b else arb.union(_exact(a), _exact(b))
