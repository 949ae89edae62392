"""Claims read piece by piece: zero by rewrites, Piecewise compared on the regions of one variable, and a
domain mapped onto fresh positive symbols (:func:`substitutions`), where SymPy's assumptions can decide signs.

A claim shown on every piece of a substitution holds on the domain: the pieces' images cover it.
"""
from __future__ import annotations

import functools
import itertools

import sympy as sp

from .attempts import Attempts


def is_zero(e) -> bool:
    return e == 0 or e.is_zero is True


def prove_zero(expr, attempts: Attempts) -> str | None:
    """The rewrite that reduces ``expr`` to zero, or None."""
    return attempts.first(expr, is_zero)


def prove_zero_on(expr, domain: dict, attempts: Attempts) -> str | None:
    """Reduce ``expr`` to zero after mapping positive symbols onto the domain.

    For identities that hold only on the domain (a radicand that is a square
    only there, an absolute value with a known sign there).
    """
    for desc, pieces in substitutions(domain):
        names = on_every_piece(Mapped(expr, pieces), lambda m: attempts.first(m, is_zero))
        if names:
            return f"{names} after {desc}"
        if attempts.exhausted:
            return None
    return None


# --- Piecewise: compare piece by piece on the regions of one variable -------

def _relationals(pw_exprs):
    rels = set()
    for e in pw_exprs:
        for p in e.atoms(sp.Piecewise):
            for _, cond in p.args:
                rels |= cond.atoms(sp.core.relational.Relational)
    return rels


def breakpoints(exprs, attempts: Attempts):
    """(variable, sorted numeric breakpoints) of the Piecewise conditions, or None.

    The variable is the first symbol (by name) in which every condition
    reduces to comparing it with a number, e.g. ``Q' + dQ psi >= Q' + dQ``
    gives psi with breakpoint 1.
    """
    diffs = [r.lhs - r.rhs for r in _relationals(exprs)]
    if not diffs:
        return None
    for var in sorted(set().union(*(d.free_symbols for d in diffs)), key=str):
        points = attempts.call(f"breakpoints in {var}", lambda: _numeric_roots(diffs, var))
        if points is not None:
            return var, points
    return None


def _numeric_roots(diffs, var):
    points = set()
    for d in diffs:
        roots = sp.solve(d, var) if var in d.free_symbols else []
        if not roots or not all(r.is_number and r.is_real for r in roots):
            return None
        points |= set(roots)
    return sorted(points, key=float)


def regions(points):
    """Open intervals between breakpoints, each with an exact interior point."""
    if not points:
        return [(sp.Interval(-sp.oo, sp.oo), sp.Integer(0))]
    out = [(sp.Interval.open(-sp.oo, points[0]), points[0] - 1)]
    for a, b in zip(points, points[1:]):
        out.append((sp.Interval.open(a, b), (a + b) / 2))
    out.append((sp.Interval.open(points[-1], sp.oo), points[-1] + 1))
    return out


def active_piece(expr, var, at):
    """``expr`` with every Piecewise replaced by the piece active at ``var = at``."""
    def pick(*args):
        for value, cond in args:
            truth = cond.subs(var, at)
            if truth is sp.true:
                return value
            if truth is not sp.false:
                raise ValueError(f"condition {cond} undecided at {var} = {at}")
        raise ValueError(f"no piece active at {var} = {at}")
    return expr.replace(sp.Piecewise, pick)


@functools.lru_cache(maxsize=4096)
def _shift_candidates(s, iv):
    """Substitutions s -> f(t), t a fresh nonnegative (positive) symbol, as (description, pieces): the images of
    the pieces together are iv or a superset (a claim shown on every piece holds on iv).

    A bounded interval's maps a + (b - a)/(1 + t) and a + (b - a) t/(1 + t) reach one end only in the limit
    t -> oo: alone, each is offered only where that end is open (else "x > 0 on [0, 1]" would be proved from
    x = 1/(1 + t)); a closed [a, b] is both of them together, (a, b] and [a, b), or a + (b - a) 4t/(1 + t)^2.
    """
    lo_t = sp.Dummy("t", nonnegative=True) if not iv.left_open else sp.Dummy("t", positive=True)
    hi_t = sp.Dummy("t", nonnegative=True) if not iv.right_open else sp.Dummy("t", positive=True)
    out = []
    if iv.start.is_finite is not False and iv.end.is_finite is not False:
        width = iv.end - iv.start
        down = (f"{s} = {iv.start} + ({iv.end} - {iv.start})/(1 + t)", iv.start + width / (1 + hi_t))
        up = (f"{s} = {iv.start} + ({iv.end} - {iv.start}) t/(1 + t)", iv.start + width * lo_t / (1 + lo_t))
        out += [(d, [v]) for (d, v), ok in ((down, iv.left_open), (up, iv.right_open)) if ok]
        if not (iv.left_open or iv.right_open):
            t = sp.Dummy("t", nonnegative=True)
            out += [(f"{down[0]}, and {up[0]} (both halves)", [down[1], up[1]]),
                    (f"{s} = {iv.start} + ({iv.end} - {iv.start}) 4t/(1 + t)^2", [iv.start + width * 4 * t / (1 + t) ** 2])]
    if iv.start.is_finite is not False:
        out += [(f"{s} = {iv.start} + t", [iv.start + lo_t]),
                (f"{s} = {iv.start} + log(1 + t)", [iv.start + sp.log(1 + lo_t)])]
    if iv.end.is_finite is not False:
        out += [(f"{s} = {iv.end} - t", [iv.end - hi_t]),
                (f"{s} = {iv.end} - log(1 + t)", [iv.end - sp.log(1 + hi_t)])]
    if iv.start == 0 and iv.left_open and iv.end is sp.oo and s.is_positive:
        out.insert(0, (f"{s} > 0", [s]))
    return tuple(out) or ((f"{s} real", [s]),)   # cached: the same (symbol, interval) maps to the same t


MAX_PIECES = 8
"""Most pieces of one combined substitution (closed intervals split in halves multiply them)."""


def substitutions(domain: dict, limit: int = 8):
    """Combined substitutions that map positive symbols onto the domain: (description, pieces), each piece a
    substitution dict; a claim shown on every piece holds on the domain."""
    per_symbol = [_shift_candidates(s, iv) for s, iv in domain.items()]
    for combo in itertools.islice(itertools.product(*per_symbol), limit):
        choices = list(itertools.product(*(values for _, values in combo)))
        if len(choices) > MAX_PIECES:
            continue
        pieces = []
        for values in choices:
            subs = {}
            for value, s in zip(values, domain):
                subs[s] = value.subs(subs)
            pieces.append(subs)
        yield "; ".join(d for d, _ in combo), pieces


def substitute(expr, subs: dict):
    for s in reversed(list(subs)):
        expr = expr.subs(s, subs[s])
    return expr


class Mapped:
    """``expr`` after each substitution of ``pieces``, made when first read (a piece no rewrite settles ends
    :func:`on_every_piece` before the later ones are needed)."""

    def __init__(self, expr, pieces):
        self.expr, self.pieces, self.made = expr, pieces, []

    def __iter__(self):
        for k, subs in enumerate(self.pieces):
            if k == len(self.made):
                self.made.append(substitute(self.expr, subs))
            yield self.made[k]


def on_every_piece(mapped, first):
    """The rewrites (joined) that settle every piece, or None at the first piece none settles."""
    names = []
    for m in mapped:
        name = first(m)
        if not name:
            return None
        names.append(name)
    return ", ".join(dict.fromkeys(names))


def finite_real(expr, domain) -> bool:
    """SymPy shows ``expr`` finite and real, from the symbols' assumptions or on ``domain`` (mapped as in
    :func:`finite_on`): log(1 - p) on p in (0, 1)."""
    if expr.is_finite is True and expr.is_extended_real is True:
        return True
    covers = (pieces for _, pieces in substitutions(restricted(domain, expr.free_symbols), limit=4))
    return any(all(substitute(expr, subs).is_finite is True and substitute(expr, subs).is_extended_real is True
                   for subs in pieces) for pieces in covers)


def finite_on(expr, domain) -> bool:
    """SymPy proves ``expr`` finite at every point of ``domain`` (no pole of tan, 1/x, ... inside)."""
    return any(all(substitute(expr, subs).is_finite is True for subs in pieces)
               for _, pieces in substitutions(domain, limit=4))


def restricted(domain: dict, free) -> dict:
    """The part of ``domain`` that the symbols ``free`` need (their intervals and those these depend on)."""
    need, grew = set(free), True
    while grew:
        more = set().union(*(domain[t].free_symbols for t in need if t in domain)) - need
        need, grew = need | more, bool(more)
    return {t: iv for t, iv in domain.items() if t in need}
