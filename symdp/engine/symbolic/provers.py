"""The sign prover: a claim's sign on a domain shown by symbolic routes, tried in order (:data:`SIGN_ROUTES`).

Each route tries cheap targeted rewrites before ``simplify``, every attempt under a time budget
(:mod:`..model.budget`, through :class:`.attempts.Attempts`).  A route answers with the method that established
the claim, or ``None``; it never samples.  The routes are SymPy's rewrites and rules on a domain mapped onto
positive symbols (:mod:`.pieces`), differences, exponents, squaring, lattices of bounds, groups of terms, and
monotonicity from an end of an interval; validated numerics (:mod:`..validated`) and sampled evidence
(:mod:`..sampling.numeric`, VERIFIED, never PROVED) are the caller's.  The method string says which proved a
claim, and the proof object the kernel checks (:mod:`..proof.kernel_proofs`) what it trusts.
"""
from __future__ import annotations

import itertools

import sympy as sp

from ..model.signs import FLIP as _FLIP
from .attempts import Attempts
from .ends import (STATIONARY_ROOTS, TAILS, against, end_value, monotone_ends, movable, positive_atoms, root_free,
                   stationary, tails_in)
from .pieces import Mapped, finite_on, finite_real, on_every_piece, prove_zero, restricted, substitutions
from .rewrites import REWRITES


def prove_sign(expr, sign: str, domain: dict, attempts: Attempts, depth: int = 0) -> str | None:
    """Method that shows ``expr`` has ``sign`` on ``domain``, or None."""
    return next(filter(None, (attempts.route(name, lambda p=p: p(expr, sign, domain, attempts, depth))
                              for name, p in SIGN_ROUTES)), None)


EXPONENT_DEPTH = 3
"""Nested exponent comparisons at most (e^A - e^B, then A - B, ...)."""


def _by_exponents(expr, sign, domain, attempts, depth):
    """f = c (e^A - e^B), c a positive number, A and B real (a constant c is c e^0): f has the sign of A - B,
    exp being increasing.  ``e^(2 eps) - e^(eps s_1) e^(-eps s_2)`` (Liu's Theorem 7) is 2 eps - eps (s_1 - s_2)."""
    if depth >= EXPONENT_DEPTH:
        return None
    pair = _exponent_pair(sp.powsimp(expr))
    if pair is None:
        return None
    a, b = pair
    why = prove_sign(sp.expand(a - b), sign, domain, attempts, depth + 1)
    return f"exp increasing: the sign of {sp.sstr(a)} - ({sp.sstr(b)}) ({why})" if why else None


def _exponent_pair(e):
    """(A, B) with ``e = c e^A - c e^B``, c a positive number and A, B real by their assumptions; or None."""
    terms = sp.Add.make_args(e)
    if len(terms) != 2:
        return None
    parts = []
    for t in terms:
        c, rest = t.as_coeff_Mul()
        if rest == 1:
            parts.append((c, sp.Integer(0)))
        elif isinstance(rest, sp.exp) and rest.args[0].is_extended_real:
            parts.append((c, rest.args[0]))
        else:
            return None
    (c1, a1), (c2, a2) = parts
    if c1 != -c2 or c1 == 0:
        return None
    return (a1, a2) if c1 > 0 else (a2, a1)


def _by_difference(expr, sign, domain, attempts, depth):
    """f = G(x) - G(X), one expression at two points of x's interval: f >= 0 when X <= x there and G does not
    fall in x.  ``F*_beta(eps) - F*_beta(a eps)`` on a in (0, 1]: a eps <= eps, a eps > 0, and F*_beta rises in
    eps (each piece's slope nonnegative, the pieces meeting at the break)."""
    if sign != "nonnegative" or depth > 0 or not isinstance(expr, sp.Add) or len(expr.args) != 2:
        return None
    for u, w in ((expr.args[0], -expr.args[1]), (expr.args[1], -expr.args[0])):
        for x in sorted(u.free_symbols & set(domain), key=lambda s: s.name):
            X = _other_point(u, w, x)
            if X is None or domain[x].free_symbols or x.is_integer or attempts.exhausted:
                continue
            if any(x in iv.free_symbols for t, iv in domain.items() if t != x):   # the slope's points move with x
                continue
            found = _difference_at(u, x, X, domain, attempts, depth)
            if found:
                return found
    return None


def _other_point(u, w, x):
    """X with u(x -> X) == w, read where the two trees first differ at an x of u; or None."""
    def walk(a, b):
        if a == x:
            return b if b != x else None
        if a.func != b.func or len(a.args) != len(b.args):
            return None
        for p, q in zip(a.args, b.args):
            found = walk(p, q)
            if found is not None:
                return found
        return None
    X = walk(u, w)
    return X if X is not None and u.xreplace({x: X}) == w else None


def _difference_at(G, x, X, domain, attempts, depth):
    iv = domain[x]
    ends = [(X - iv.start, iv.left_open)] if iv.start.is_finite else []
    ends += [(iv.end - X, iv.right_open)] if iv.end.is_finite else []
    below = prove_sign(x - X, "nonnegative", domain, attempts, depth + 1)
    inside = below and all(prove_sign(e, "positive" if open_ else "nonnegative", domain, attempts, depth + 1)
                           for e, open_ in ends)
    rises = inside and _nondecreasing(G, x, domain, attempts, depth)
    return (f"G({x}) - G({sp.sstr(X)}) with {sp.sstr(X)} <= {x} in its interval ({below}) and G rising in {x} "
            f"({rises})") if rises else None


def _nondecreasing(G, x, domain, attempts, depth):
    """A method showing G does not fall in x on its interval: a smooth G by its slope; a two-piece Piecewise
    split at x < c by each piece's slope and the two pieces equal at x = c (no jump down)."""
    if not G.has(sp.Piecewise):
        finite = attempts.call("finite on the domain", lambda: finite_on(G, domain))   # no pole to jump across
        return finite and prove_sign(sp.diff(G, x), "nonnegative", domain, attempts, depth + 1)
    if not isinstance(G, sp.Piecewise) or len(G.args) != 2 or G.args[1].cond is not sp.true:
        return None
    (low, cond), (high, _) = G.args
    if not isinstance(cond, (sp.StrictLessThan, sp.LessThan)) or cond.lhs != x or x in cond.rhs.free_symbols:
        return None
    if low.has(sp.Piecewise) or high.has(sp.Piecewise):
        return None
    c = cond.rhs
    finite = attempts.call("finite on the domain", lambda: finite_on(low, domain) and finite_on(high, domain))
    joined = finite and prove_zero(low.subs(x, c) - high.subs(x, c), attempts)
    slopes = [prove_sign(sp.diff(e, x), "nonnegative", domain, attempts, depth + 1) for e in (low, high)] \
        if joined else [None]
    return f"slopes {slopes[0]}; {slopes[1]}; the pieces meet at the break ({joined})" if all(slopes) else None


SQUARING_DEPTH = 2
"""Square roots removed by squaring, one after the other, from one sign claim."""


def _by_squaring(expr, sign, domain, attempts, depth):
    """f = A + S, S the one term with square roots (a product of them), every radicand proved nonnegative: A >= 0
    and A^2 - S^2 >= 0 give A >= |S| >= -S, so f >= 0 (and f > 0 when A^2 - S^2 > 0).  S^2 has no root left.
    ``1 - (p - q)^2 - (sqrt(pq) + sqrt((1 - p)(1 - q)))^2`` becomes p(1 - p) + q(1 - q) >= 0 and
    (p(1 - p) - q(1 - q))^2 >= 0 (Bretagnolle-Huber's Cauchy-Schwarz step)."""
    if sign not in ("positive", "nonnegative"):
        return _by_squaring(-expr, _FLIP[sign], domain, attempts, depth) if sign in _FLIP else None
    if depth >= SQUARING_DEPTH or not expr.has(sp.Pow) or attempts.exhausted:
        return None
    parts = attempts.call("radical term", lambda: radical_term(expr))
    if not parts:
        return None
    rest, term, radicands = parts
    for r in radicands:
        if not prove_sign(r, "nonnegative", restricted(domain, r.free_symbols), attempts, depth + 1):
            return None
    first = prove_sign(rest, "nonnegative", restricted(domain, rest.free_symbols), attempts, depth + 1)
    gap = first and attempts.call("squared", lambda: sp.expand(rest**2 - term**2))
    second = gap is not None and first and prove_sign(gap, sign, domain, attempts, depth + 1)
    return (f"squared (f = A + S, S the term with square roots; A >= |S| gives f >= 0): A >= 0 by "
            f"{first}; A^2 - S^2 {sign} by {second}") if second else None


def radical_term(expr):
    """(A, S, radicands) with expand(f) = A + S, S the only term holding a square root, or None."""
    half = lambda t: [b for b, e in (p.as_base_exp() for p in t.atoms(sp.Pow)) if e.is_Rational and e.q == 2]
    terms = sp.Add.make_args(sp.expand(expr))
    rooted = [t for t in terms if half(t)]
    if len(rooted) != 1 or half(sp.expand(rooted[0] ** 2)):
        return None
    rest = sp.Add(*[t for t in terms if t is not rooted[0]])
    return rest, rooted[0], sorted(set(half(rooted[0])), key=sp.default_sort_key)


LATTICE_DEPTH = 4
"""min/max atoms removed, one at a time, from one sign claim."""


_BOUND_BY = {sp.Min: "nonpositive", sp.Max: "nonnegative"}
"""f >= f(a_i) for each argument a_i of m when f falls in m = min(...) (m <= a_i) or rises in m = max(...)."""


def _by_lattice(expr, sign, domain, attempts, depth):
    """A claim f >= 0 (or f > 0) with min/max, one atom at a time.  At the top of a sum, min(a, b) + r >= 0
    exactly when a + r >= 0 and b + r >= 0 (and -max(a, b) + r likewise).  Elsewhere, where f is monotone in
    an atom m (its derivative in m, with m a symbol of m's own sign, proved nonpositive for a min, nonnegative
    for a max), f >= f with m replaced by any one of its arguments, and that claim is tried instead.
    ``min(uv, wz) - min(u, w) min(v, z)`` becomes uv - min(u, w) min(v, z), then uv - u min(v, z), then 0."""
    if sign not in ("positive", "nonnegative"):
        return _by_lattice(-expr, _FLIP[sign], domain, attempts, depth) if sign in _FLIP else None
    if depth >= LATTICE_DEPTH or not expr.has(sp.Min, sp.Max) or attempts.exhausted:
        return None
    split = _lattice_split(expr)
    if split:   # every argument's claim must hold
        found = []
        for claim in split:
            found.append(prove_sign(claim, sign, domain, attempts, depth + 1))
            if not found[-1]:
                return None
        return "min/max at the top, each argument: " + "; ".join(found)
    bound = _lattice_bound(expr, domain, attempts)
    for claim in bound[1] if bound else ():   # any one argument's claim suffices
        found = prove_sign(claim, sign, domain, attempts, depth + 1)
        if found:
            return f"{bound[0]}: {found}"
        if attempts.exhausted:
            return None
    return None


def _lattice_split(expr):
    for term in sp.Add.make_args(expr):
        m = term if isinstance(term, sp.Min) else (-term if isinstance(-term, sp.Max) else None)
        if m is not None:
            rest, unit = expr - term, (1 if isinstance(m, sp.Min) else -1)
            return [sp.Add(rest, unit * a) for a in m.args]
    return None


def respects_assumptions(domain: dict, symbols) -> bool:
    """Every symbol's interval in ``domain`` lies where its assumptions put it (a positive symbol on (0, oo)):
    only then may a fact SymPy derives from the assumptions be used on the domain."""
    ranges = (("positive", sp.Interval.open(0, sp.oo)), ("nonnegative", sp.Interval(0, sp.oo)),
              ("negative", sp.Interval.open(-sp.oo, 0)), ("nonpositive", sp.Interval(-sp.oo, 0)))
    domain = domain or {}
    for s in set(symbols) & set(domain):
        for kind, where in ranges:
            if getattr(s, f"is_{kind}") and domain[s].is_subset(where) is not True:
                return False
    return True


def _lattice_bound(expr, domain, attempts):
    if not respects_assumptions(domain, expr.free_symbols):   # the atoms' kinds are read from assumptions
        return None
    for m in sorted(expr.atoms(sp.Min, sp.Max), key=sp.default_sort_key):
        kinds = [k for k in ("positive", "nonnegative", "real") if all(getattr(a, f"is_{k}") for a in m.args)]
        if "real" not in kinds:   # the slope is proved for every x of its kind: m and every argument among them
            continue
        x = sp.Dummy("m", **{k: True for k in kinds})
        slope = sp.diff(expr.xreplace({m: x}), x)
        if _by_assumptions(slope, _BOUND_BY[type(m)], domain, attempts):
            return (f"monotone in {m}, bounded by an argument",
                    [expr.xreplace({m: a}) for a in sorted(m.args, key=sp.default_sort_key)])
        if attempts.exhausted:
            return None
    return None


def _by_groups(expr, sign, domain, attempts, depth):
    """A sum split in two: the terms with one symbol, and the rest.  When each part has the sign, so has the
    sum (both ``>= 0`` give ``>= 0``; both ``> 0`` give ``> 0``).  ``p1/(p1 + (1 - p1)k) - p1 + p2/(p2 + (1 - p2)k)
    - p2`` splits at p1 into two terms of one prior each.  Only clean splits are tried (each part needs a variable
    the other does not, counting the variables its intervals depend on: two claims on different variables),
    before any other route: the parts are small, where the whole may exhaust the symbolic budget.  Each symbol
    of the sum (by name) is tried once."""
    if depth > 0 or not isinstance(expr, sp.Add) or attempts.exhausted:
        return None
    for s in sorted(expr.free_symbols & set(domain), key=lambda x: x.name):
        part = sp.Add(*[t for t in expr.args if t.has(s)])
        rest = expr - part
        own, other = (set(restricted(domain, g.free_symbols)) for g in (part, rest))
        if rest == 0 or not own - other or not other - own:   # each part needs a variable the other does not
            continue
        first = prove_sign(part, sign, restricted(domain, part.free_symbols), attempts, depth + 1)
        second = first and prove_sign(rest, sign, restricted(domain, rest.free_symbols), attempts, depth + 1)
        if second:
            return f"sum split at {s}: {first}; {second}"
        if attempts.exhausted:
            return None
    return None


def _by_assumptions(expr, sign, domain, attempts):
    accept = lambda e: getattr(e, f"is_{sign}") is True
    for desc, pieces in substitutions(domain):
        mapped = Mapped(expr, pieces)
        names = on_every_piece(mapped, lambda m: attempts.first(m, accept, REWRITES[:-1]))
        if names:
            return f"sign by assumptions{_after(desc)} ({names})"
        if tails_in(expr, pieces) and any(m.has(*TAILS) for m in mapped):
            names = on_every_piece(mapped, lambda m: attempts.first(positive_atoms(m), accept, REWRITES[:-1]))
            if names:
                return f"sign by assumptions{_after(desc)}, the normal tail positive and its inverse real on its range ({names})"
    return root_free(expr, sign, domain, attempts)


# --- signs through monotonicity: f(x) beyond its limit at an end -----------------

MONOTONE_DEPTH = 2
"""Nested monotonicity arguments (on the derivative, on the limit) allowed to one sign claim."""


MONOTONE_TRIES = 4
"""(symbol, end) pairs tried at each level."""


_NONSMOOTH = (sp.Abs, sp.Piecewise, sp.floor, sp.ceiling, sp.frac, sp.sign, sp.Max, sp.Min, sp.Heaviside,
              sp.DiracDelta, sp.KroneckerDelta, sp.Mod, sp.re, sp.im, sp.arg, sp.conjugate,
              sp.Sum, sp.Product, sp.Integral, sp.Derivative, sp.Limit)


_STRICT = {"positive": "nonnegative", "negative": "nonpositive"}


def _by_monotonicity(expr, sign, domain, attempts, depth):
    """Sign from an end of one symbol's interval: f tends to L there and moves away from 0.

    On (a, b] with f' > 0 (proved on the interval, far end included) and
    L = lim_{x -> a+} f >= 0, f(x) > L >= 0 (mean value theorem: f is
    differentiable on (a, b], with the continuous extension f(a) = L).  A
    closed end a needs f(a) = L exactly, L with the claimed sign and f' of the
    non-strict sign.  Mirrored for the right end, for negative and non-strict
    signs.  L may depend on the other symbols: its sign is a claim on their
    domain, decided the same way.  Smooth elementary expressions only (no Abs,
    Piecewise, floor, sums), proved finite on the whole domain (a pole, with
    f' "positive" on both sides, is excluded); real (not integer) symbols
    whose interval has constant ends and on which no other interval depends.
    """
    if depth >= MONOTONE_DEPTH or expr.has(*_NONSMOOTH) or attempts.exhausted:
        return None
    if not _finite_somehow(expr, domain, attempts, depth):
        return None
    for s, end, side in itertools.islice(monotone_ends(expr, domain), MONOTONE_TRIES):
        found = _from_end(expr, sign, domain, attempts, depth, s, end, side)
        if found or attempts.exhausted:
            return found
    return None


def prove_from_an_end(expr, sign: str, domain: dict, attempts) -> str | None:
    """Monotonicity from an end (:func:`_by_monotonicity`) with one level more than :func:`prove_sign`
    allows itself (its limits and slopes decided by the full sign prover), or None."""
    return _by_monotonicity(expr, sign, domain, attempts, -1)


def prove_at_a_stationary_point(expr, sign: str, domain: dict, attempts) -> str | None:
    """Split one symbol's interval at a zero c of the slope (SymPy's solve) and argue from c both ways.

    With a < c < b proved at every point of the other symbols' domain, (a, b) is (a, c] and [c, b): on each
    piece, monotonicity from the closed end c (:func:`_from_end`: the value at c with the claimed sign, the
    slope of the right sign on the open piece).  Tangency inside the domain, kl(p||q) + log(1 - (p - q)^2) >= 0
    touching 0 along q = p, is closed exactly, where boxes cannot.  Smooth expressions proved finite only."""
    if expr.has(*_NONSMOOTH) or attempts.exhausted or not _finite_somehow(expr, domain, attempts, -1):
        return None
    for s, iv in domain.items():
        if not movable(s, expr, domain) or iv.free_symbols:
            continue
        roots = attempts.found(f"stationary points in {s}", lambda: stationary(expr, s))
        for c in roots[:STATIONARY_ROOTS]:
            found = _split_at(expr, sign, domain, attempts, s, c)
            if found or attempts.exhausted:
                return found
    return None


def _split_at(expr, sign, domain, attempts, s, c):
    iv, rest = domain[s], {t: v for t, v in domain.items() if t != s}
    ends = [c - iv.start] if iv.start.is_finite else []
    ends += [iv.end - c] if iv.end.is_finite else []
    if not attempts.call("split point finite and real", lambda: finite_real(c, rest)):
        return None
    if not all(prove_sign(e, "positive", rest, attempts, 1) for e in ends):
        return None
    low = {**rest, s: sp.Interval(iv.start, c, iv.left_open, False)}    # s after the symbols of c
    high = {**rest, s: sp.Interval(c, iv.end, False, iv.right_open)}
    below = _from_end(expr, sign, low, attempts, 0, s, c, "-")
    above = below and _from_end(expr, sign, high, attempts, 0, s, c, "+")
    return (f"split at the stationary point {s} = {sp.sstr(c)} (inside its interval): below, {below}; above, "
            f"{above}") if above else None


def _from_end(expr, sign, domain, attempts, depth, s, end, side):
    iv = domain[s]
    closed = end.is_finite and not (iv.left_open if side == "+" else iv.right_open)
    others = {t: v for t, v in domain.items() if t != s}
    slope = sign if side == "+" else _FLIP[sign]
    slope = _STRICT.get(slope, slope) if closed else slope
    deriv = attempts.call(f"derivative in {s}", lambda: sp.diff(expr, s))
    if deriv is None or attempts.call(f"slope probe in {s}", lambda: against(deriv, slope, domain)):
        return None
    limit = attempts.call(f"limit in {s} at {end}{side}", lambda: end_value(expr, s, end, side, closed, others))
    if limit is None:
        return None
    rest = restricted(others, limit.free_symbols)
    if not _finite_somehow(limit, rest, attempts, depth, real=True):
        return None
    target = sign if closed else _STRICT.get(sign, sign)
    why_limit = prove_sign(limit, target, rest, attempts, depth + 1)
    if not why_limit:
        return None
    open_end = sp.Interval(iv.start, iv.end, True, iv.right_open) if side == "+" else \
        sp.Interval(iv.start, iv.end, iv.left_open, True)
    why_slope = prove_sign(deriv, slope, {**domain, s: open_end}, attempts, depth + 1)
    if not why_slope:
        return None
    return (f"monotone in {s} from {s} -> {end}{side if not closed else ''} (limit {sp.sstr(limit)}: {why_limit}; "
            f"derivative {slope}: {why_slope})")


def _finite_somehow(expr, domain, attempts, depth, real=False) -> bool:
    """``expr`` finite (and real) on ``domain``: by SymPy's assumptions after a substitution, else as N/D with
    N finite (and real) the same way and D of one proved sign (``r_1 S/(r_1 A + r_2 B)`` on r_i in
    [e^-eps, e^eps], whose denominator SymPy cannot tell nonzero)."""
    test = finite_real if real else finite_on
    if attempts.call("finite on the domain", lambda: test(expr, domain)):
        return True
    parts = attempts.call("numerator and denominator", lambda: sp.fraction(sp.together(expr)))
    if not parts or parts[1].is_number or not attempts.call("finite numerator", lambda: test(parts[0], domain)):
        return False
    return any(prove_sign(parts[1], which, domain, attempts, depth + 1) for which in ("positive", "negative"))


def _after(desc: str) -> str:
    return f" after {desc}" if desc else ""


SIGN_ROUTES = (("difference", _by_difference), ("exponents", _by_exponents), ("groups", _by_groups),
                ("assumptions", lambda expr, sign, domain, attempts, _: _by_assumptions(expr, sign, domain, attempts)),
                ("monotonicity", _by_monotonicity), ("lattice", _by_lattice), ("squaring", _by_squaring))
"""The ways :func:`prove_sign` tries, in order (each a route of the log: a replay passes over those that failed)."""
