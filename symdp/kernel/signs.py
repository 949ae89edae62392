"""The ``signs`` rule: a claim's sign read off its expression tree, after recorded rewrites (docs/proof-format.md).

The goal (:attr:`.claim.Claim.goal`) goes through the node's rewrites (:data:`.algebra.REWRITES`, the same table
as ``algebra``); :meth:`Reader.sign` then reads what the tree says of its sign, bottom up, from a fixed table:
numbers, symbols (by their intervals in the claim's domain, else their assumptions), sums, products, powers,
``exp``, ``erfc``, ``cosh`` (:data:`POSITIVE`), the odd increasing functions (:data:`ODD`), ``log``, ``Abs``,
``Max`` and ``Min``; a constant the table cannot read, by its ball (:func:`_constant`).  A sum the table cannot
read is read as *a pair* ``u - v`` (:meth:`Reader._pair`) or *between its ends* in one domain symbol
(:meth:`Reader._ends`), within a counted :data:`ALLOWANCE`.  Anything
else has no sign and the proof is rejected.  A sign is three facts: ``>= 0``, ``<= 0``, ``!= 0``.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ..special import Exprel, Mills, Phi
from .algebra import REWRITES, bound_symbols, exp_rates, exp_split, map_of
from .arb_compile import Context, Unsupported, compile_arb, precision

POS, NONNEG, NEG, NONPOS, ZERO = (True, False, True), (True, False, False), (False, True, True), \
    (False, True, False), (True, True, False)
ODD = (sp.erf, sp.sinh, sp.tanh, sp.atan, sp.asinh)
"""Odd functions, strictly increasing, 0 at 0: the sign of their argument."""
POSITIVE = (sp.exp, sp.erfc, sp.cosh, Phi, Mills, Exprel)
"""Functions positive at every real argument (symdp's ``Phi`` = (1 + erf(x/sqrt 2))/2, the normal CDF; ``Mills`` =
Phi(-x)/phi(x), a ratio of positive functions; ``Exprel`` = (e^x - 1)/x, 1 at 0: :mod:`symdp.special`)."""
INVERSES = {sp.erfcinv: lambda z: (z, 2 - z), sp.erfinv: lambda z: (1 + z, 1 - z)}
"""Inverse functions, real where each of these is > 0 (erfc maps the line onto (0, 2), erf onto (-1, 1))."""
BITS = 128
"""Working precision of a constant's ball (:func:`_constant`)."""
ALLOWANCE = 200
"""Readings of a sum by a pair or by its ends, per check: a proof that needs more is rejected."""


def check_signs(node, claim) -> str:
    """"" when ``node`` proves ``claim``, else the reason it does not."""
    if claim.relation == "=":
        return "the signs rule proves inequalities, the claim is an identity"
    maps = list(itertools.takewhile(lambda r: r.startswith("map:"), node.rewrites))
    rest = node.rewrites[len(maps):]
    unknown = [r for r in rest if r not in REWRITES and r != EXP_RAY]
    if unknown:
        return f"unknown rewrite {unknown[0]!r} (maps come first)"
    goal, domain, reader = claim.goal, dict(claim.domain), Reader(tuple(r for r in rest if r != EXP_RAY))
    # an end is finite where the table reads its sign on the other symbols (a sign is of a finite real value)
    finite = lambda end, s: end.is_finite or reader.sign(reader.rewritten(end),
                                                         {k: v for k, v in domain.items() if k != s})
    for name in maps:
        got = map_of(name, tuple(domain.items()), finite)
        if isinstance(got, str):
            return got
        goal, domain = charted(goal, domain, *got)
    for name in rest:
        goal, domain = exp_ray(goal, domain, reader) if name == EXP_RAY else (REWRITES[name](goal), domain)
    try:
        got = reader.sign(goal, domain)
    except RecursionError:
        return "the reading nests too deep"
    if got is None or not got[0] or (claim.strict and not got[2]):
        need = "> 0" if claim.strict else ">= 0"
        return f"the goal's tree does not show it {need} (read: {_said(got)})"
    return ""


EXP_RAY = "exp-ray"
"""The rewrite of ``signs`` that needs the domain (:func:`exp_ray`)."""
MAX_POWER = 64
"""The largest power ``|k/g|`` :func:`exp_ray` writes (``(1 + w)^1000000`` would keep ``expand`` busy: no clock here)."""


def exp_ray(goal, domain: dict, reader):
    """``exp-ray``: for each symbol x of the domain (by name) whose interval the table reads > 0 (>= 0), after
    ``expand(power_exp)``, every ``exp(k x)`` (k rational) as ``(1 + w)^(k/g)``, g the gcd of the |k|, w a fresh
    symbol on (0, oo) ([0, oo)) added to the domain; x stays where the goal has it otherwise.  Not for a symbol the goal
    binds anywhere (:func:`bound_symbols`), nor past :data:`MAX_POWER`.  A generalisation:
    at w = e^(g x) - 1, which lies in w's interval at every point of the domain, ``(1 + w)^(k/g) = e^(k x)``, so a
    sign read for every (x, w) holds at every x."""
    goal = exp_split(goal)
    domain, bound = dict(domain), bound_symbols(goal)
    for x in sorted((s for s in domain if isinstance(domain[s], sp.Interval) and s not in bound), key=lambda s: s.name):
        ks = exp_rates(goal, x)
        sign = reader.sign(x, domain) if ks else None
        if sign is None or not sign[0] or max(abs(k) for k in ks) > MAX_POWER * abs(sp.gcd_list(ks)):
            continue
        g = abs(sp.gcd_list(ks))
        w = sp.Dummy(f"w_{x.name}", positive=True) if sign[2] else sp.Dummy(f"w_{x.name}", nonnegative=True)
        goal = goal.xreplace({sp.exp(k * x): (1 + w) ** (k / g) for k in ks})
        domain[w] = sp.Interval(0, sp.oo, left_open=bool(sign[2]), right_open=True)
    return goal, domain


def charted(goal, domain: dict, s, image, t):
    """The goal and domain with ``s`` replaced by ``image`` of the fresh ``t`` (in the goal and in every other
    interval), ``t`` in s's place with its interval [0, oo) or (0, oo): for each value of the other symbols,
    ``image`` covers s's interval as ``t`` covers its own, so the claim on the new domain implies it on the old."""
    ray = sp.Interval(0, sp.oo, left_open=bool(t.is_positive), right_open=True)
    return goal.xreplace({s: image}), {(t if k == s else k): (ray if k == s else v.xreplace({s: image}))
                                       for k, v in domain.items()}


class Reader:
    """The table's reading of signs, with the node's rewrites (for the ends of a sum) and a counted allowance."""

    def __init__(self, rewrites: tuple):
        self.rewrites, self.left = tuple(rewrites), ALLOWANCE

    def rewritten(self, e):
        for name in self.rewrites:
            e = REWRITES[name](e)
        return e

    def sign(self, e, domain: dict):
        """POS, NONNEG, NEG, NONPOS, ZERO or None: the table's reading, else a constant's ball."""
        got = self._read(e, domain)
        if got is None and not e.free_symbols:
            return _constant(e)
        return got

    def _read(self, e, domain: dict):
        if e.is_Number:
            return _number(e)
        if e in (sp.pi, sp.E):
            return POS
        if e.is_Symbol:
            return _symbol(e, domain) or self._between(e, domain)
        if e.is_Add:
            return self._sum(e, domain)
        if e.is_Mul:
            return _mul([self.sign(a, domain) for a in e.args])
        if e.is_Pow:
            return self._pow(e.base, e.exp, domain)
        return self._function(e, domain)

    def _between(self, s, domain):
        """The sign of ``s`` from its interval's ends read by the table (``alpha in (exp(-eps)/2, 1)``): the other
        symbols' intervals only, so a reading never comes back to ``s``."""
        iv, rest = domain.get(s), {k: v for k, v in domain.items() if k != s}
        if not isinstance(iv, sp.Interval):
            return None
        lo = self.sign(iv.start, rest) if iv.start.is_finite else None
        hi = self.sign(iv.end, rest) if iv.end.is_finite else None
        if lo is not None and lo[0]:
            return POS if lo[2] or iv.left_open else NONNEG
        if hi is not None and hi[1]:
            return NEG if hi[2] or iv.right_open else NONPOS
        return None

    def real(self, e, domain: dict) -> bool:
        """``e`` is real at every point of ``domain`` (as the tree shows it)."""
        if self.sign(e, domain) is not None:
            return True
        if e.is_Symbol:
            return isinstance(domain.get(e), sp.Interval) or e.is_real is True
        if e.is_Add or e.is_Mul or isinstance(e, POSITIVE + ODD + (sp.Abs, sp.Max, sp.Min)):
            return all(self.real(a, domain) for a in e.args)
        if isinstance(e, sp.log):
            return self._factored(e.args[0], domain) == POS
        if isinstance(e, tuple(INVERSES)):
            return all(self._positive(x, domain) for x in INVERSES[type(e)](e.args[0]))
        if e.is_Pow:
            b = self._factored(e.base, domain)
            if e.exp.is_Integer:
                return self.real(e.base, domain) and (e.exp >= 0 or (b is not None and b[2]))
            return b == POS and self.real(e.exp, domain)
        return False

    def _factored(self, x, domain):
        """The sign of ``x`` as written, else of its factored form (a log's argument or a denominator whose sign only
        its factors show: ``1 - (p - q)^2 = (1 - p + q)(1 + p - q)`` for p, q in (0, 1)); the same number."""
        got = self.sign(x, domain)
        return got if got is not None or not x.is_Add or x.has(sp.Float) else self.sign(sp.factor(x), domain)

    def _positive(self, x, domain) -> bool:
        """``x > 0`` read as written or over one denominator (``2 - 2/(e^eps + 1)``: ``2 e^eps/(e^eps + 1)``)."""
        return self.sign(x, domain) == POS or (x.is_Add and self.sign(sp.together(x), domain) == POS)

    def _sum(self, e, domain):
        got = _add([self.sign(a, domain) for a in e.args])
        if got is None and e.has(sp.Float):   # SymPy adds floats rounded: 1e20 + 1 - 1e20 is 0 there
            return None
        if got is None and _cancels(e) and all(self.real(a, domain) for a in e.args):
            return _number(sp.Add(*e.args))   # an unevaluated p - p (a goal put in at an end): real terms, a number
        if got is None and self.left > 0:
            self.left -= 1
            got = self._pair(e, domain)
            if got is None:
                got = next((g for g in (self._ends(e, s, domain) for s in reversed(list(domain))) if g), None)
        return got

    def _pair(self, e, domain):
        """``e = u - v``, ``u, v > 0``: by exp's logs, or by the arguments of one increasing function."""
        with_exp = [t for t in e.args if _has_exp(t)]
        if len(with_exp) == 1 or (with_exp and len(e.args) == 2):
            t = with_exp[0]
            u, v = (t, t - e) if self.sign(t, domain) == POS else (e - t, -t)
            if self.sign(u, domain) == POS and self.sign(v, domain) == POS:
                return self.sign(_log_ratio(u, v) if _has_exp(u) else -_log_ratio(v, u), domain)
        if len(e.args) != 2:
            return None
        first, second = sorted(e.args, key=lambda t: t.could_extract_minus_sign())
        (cu, fu), (cv, fv) = first.as_coeff_Mul(), (-second).as_coeff_Mul()
        same = type(fu) is type(fv) and isinstance(fu, (sp.log,) + ODD) and cu == cv and cu > 0
        a, b = (fu.args[0], fv.args[0]) if same else (None, None)
        if not same or not all(self.sign(x, domain) == POS if isinstance(fu, sp.log) else self.real(x, domain)
                               for x in (a, b)):
            return None
        return self.sign(a - b, domain)

    def _ends(self, e, s, domain):
        """``e = c s + r`` (``c``, ``r`` free of ``s``; no interval of a symbol ``e`` depends on mentions ``s``) takes
        its values between those at the ends of ``s``'s interval (rewritten, read without ``s``; +-c at an infinite
        end)."""
        iv, rest = domain.get(s), {k: v for k, v in domain.items() if k != s}
        c = _slope(e, s)
        if c is None or not isinstance(iv, sp.Interval) or \
                any(s in v.free_symbols for v in [iv, *(rest[k] for k in _depends(e, rest))]):
            return None
        ends = [self._end(e, s, iv.start, iv.left_open, -c, rest), self._end(e, s, iv.end, iv.right_open, c, rest)]
        return None if None in ends else _hull(ends)

    def _end(self, e, s, at, is_open, towards, domain):
        """(sign, open) of ``e`` at one end of ``s``'s interval; ``towards`` is the slope's sign there."""
        if at.is_infinite:
            got = self.sign(towards, domain)
            return (got, True) if got in (POS, NEG) else None
        got = self.sign(self.rewritten(e.subs(s, at)), domain)
        return None if got is None else (got, is_open)

    def _pow(self, b, k, domain):
        base = self.sign(b, domain)
        if base is None:  # an even power of a real base is >= 0 whatever the base's sign
            return NONNEG if k.is_Integer and k > 0 and k % 2 == 0 and self.real(b, domain) else None
        if base == POS and self.real(k, domain):
            return POS
        if base == ZERO and self.sign(k, domain) == POS:
            return ZERO
        if k.is_Integer:
            if k < 0 and not base[2]:
                return None
            if k % 2 == 0:
                return (True, False, base[2])
            return base
        if base[0] and self.sign(k, domain) == POS:
            return (True, False, base[2])
        return None

    def _function(self, e, domain):
        args = e.args
        if isinstance(e, POSITIVE):
            return POS if self.real(args[0], domain) else None
        if isinstance(e, ODD):
            return self.sign(args[0], domain)
        if isinstance(e, sp.log):
            return self.sign(args[0] - 1, domain) if self.sign(args[0], domain) == POS else None
        if isinstance(e, sp.Abs):
            inner = self.sign(args[0], domain)
            return (True, False, bool(inner and inner[2])) if self.real(args[0], domain) else None
        if isinstance(e, (sp.Max, sp.Min)):
            return self._extremum(isinstance(e, sp.Max), args, domain)
        return None

    def _extremum(self, is_max, args, domain):
        """Max >= each argument: > 0 (>= 0) when one argument is; <= 0 (< 0) when all are.  Min(a, ..) = -Max(-a, ..)."""
        if not is_max:
            flipped = self._extremum(True, [-a for a in args], domain)
            return None if flipped is None else (flipped[1], flipped[0], flipped[2])
        if not all(self.real(a, domain) for a in args):
            return None
        signs = [self.sign(a, domain) for a in args]
        above = [s for s in signs if s is not None and s[0]]
        if above:
            return (True, False, any(s[2] for s in above))
        if all(s is not None and s[1] for s in signs):
            return (False, True, all(s[2] for s in signs))
        return None


def _depends(e, domain) -> set:
    """The symbols of ``domain`` that reading ``e`` may consult: ``e``'s own, and those their intervals' ends mention
    (transitively).  A symbol outside it never enters the reading, so its interval may mention anything: the points
    of the domain, without it, lie in the product the reading covers."""
    seen, todo = set(), set(e.free_symbols)
    while todo:
        v = todo.pop()
        if v not in seen and v in domain:
            seen.add(v)
            todo |= domain[v].free_symbols if isinstance(domain[v], sp.Interval) else set()
    return seen


def _cancels(e) -> bool:
    """``e``, an unevaluated sum, is a number once SymPy adds its terms (``p - p``)."""
    return sp.Add(*e.args).is_Number and sp.Add(*e.args) != e


def _has_exp(t) -> bool:
    return any(isinstance(f, sp.exp) for f in sp.Mul.make_args(t))


def _log_ratio(u, v):
    """``log(u/v)`` for ``u = c e^a`` (the exp factors of a product) and ``v > 0``: ``a - log(v/c)``, and
    ``a + log c - b - log d`` when ``v = d e^b``."""
    a, c = _exp_split(u)
    if not _has_exp(v):
        return a - sp.log(v / c)
    b, d = _exp_split(v)
    return a + sp.log(c) - b - sp.log(d)


def _exp_split(t):
    """(a, c) with ``t = c e^a``: the arguments of ``t``'s exp factors summed, and the other factors."""
    factors = sp.Mul.make_args(t)
    return (sp.Add(*[f.args[0] for f in factors if isinstance(f, sp.exp)]),
            sp.Mul(*[f for f in factors if not isinstance(f, sp.exp)]))


def _slope(e, s):
    """``c`` with ``e = c s + r``, ``c`` and ``r`` free of ``s`` (read off the terms of ``e``), or None."""
    slope = []
    for t in sp.Add.make_args(e):
        if s in t.free_symbols:
            slope.append(t / s)
            if s in slope[-1].free_symbols:
                return None
    return sp.Add(*slope) if slope else None


def _hull(ends):
    """The sign of an affine function inside an interval, from (sign, open) at its two ends: a value inside is a
    mean of the ends' values with positive weights."""
    ge, le = all(s[0] for s, _ in ends), all(s[1] for s, _ in ends)
    strict = all(s[2] for s, is_open in ends if not is_open) and any(s[2] for s, _ in ends)
    return _combined(ge, le, strict)


def _constant(e):
    """The sign of a constant the table cannot read (``exp(-1) + E/4 - 1``), from its ball at :data:`BITS` bits by
    the kernel's own compiler: strict where the ball excludes 0, else none; none either where a part of it has no
    finite ball (``atan(log 0)``: its ball is finite, but it is not defined as written)."""
    env: dict = {}
    try:
        with precision(BITS):   # every compound node computed once and kept in env (Context with every)
            v = compile_arb(e, (), Context((), every=True))(env)
    except (Unsupported, ValueError, ZeroDivisionError, TypeError):
        return None
    if not all(b.is_finite() for b in env.values()):
        return None
    return POS if v.is_finite() and v > 0 else NEG if v.is_finite() and v < 0 else None


def _number(e):
    if not e.is_finite or not e.is_real:
        return None
    return POS if e > 0 else NEG if e < 0 else ZERO


def _symbol(s, domain):
    iv = domain.get(s)
    if isinstance(iv, sp.Interval):
        lo, hi = iv.start, iv.end
        if lo.is_positive or (lo.is_zero and iv.left_open):
            return POS
        if hi.is_negative or (hi.is_zero and iv.right_open):
            return NEG
        if lo.is_nonnegative:
            return NONNEG
        if hi.is_nonpositive:
            return NONPOS
    facts = (s.is_positive, s.is_negative, s.is_nonnegative, s.is_nonpositive)
    return next((sign for fact, sign in zip(facts, (POS, NEG, NONNEG, NONPOS)) if fact), None)


def _add(signs):
    if any(s is None for s in signs):
        return None
    return _combined(all(s[0] for s in signs), all(s[1] for s in signs), any(s[2] for s in signs))


def _combined(ge, le, strict):
    """The sign of a value that is >= 0 (``ge``), <= 0 (``le``), != 0 when ``strict`` and not both."""
    if ge and le:
        return ZERO
    return (ge, le, strict) if ge or le else None


def _mul(signs):
    if any(s is None for s in signs):
        return None
    if any(s == ZERO for s in signs):
        return ZERO
    negative = sum(1 for s in signs if not s[0]) % 2
    return (not negative, bool(negative), all(s[2] for s in signs))


def _said(sign) -> str:
    return {None: "no sign", POS: "> 0", NONNEG: ">= 0", NEG: "< 0", NONPOS: "<= 0", ZERO: "= 0"}[sign]


def excluded(symbol, interval, rest: dict) -> bool:
    """``interval`` is shown to lie wholly outside ``symbol``'s sign assumptions (a positive ``z`` on [-2, -1], a
    nonpositive one on (0, 1]), or the symbol is not real (imaginary: SymPy rewrites ``conjugate(x)`` as ``-x``): by
    SymPy, or by this table on the other symbols' intervals ``rest``.  A claim is stated on its domain *and* its
    symbols' assumptions; one whose domain they exclude is vacuous, and the kernel refuses it rather than prove it."""
    if not isinstance(interval, sp.Interval):
        return False
    lo, hi = interval.start, interval.end
    below = sp.Lt(hi, 0) == sp.true or Reader(()).sign(hi, rest) == NEG
    above = sp.Gt(lo, 0) == sp.true or Reader(()).sign(lo, rest) == POS
    at_most_0 = below or sp.Le(hi, 0) == sp.true or (Reader(()).sign(hi, rest) or (False, False))[1]
    at_least_0 = above or sp.Ge(lo, 0) == sp.true or (Reader(()).sign(lo, rest) or (False,))[0]
    strictly_below, strictly_above = below or at_most_0 and interval.right_open, above or at_least_0 and interval.left_open
    return bool(symbol.is_real is False or symbol.is_nonnegative and strictly_below or symbol.is_positive and at_most_0
                or symbol.is_nonpositive and strictly_above or symbol.is_negative and at_least_0)
