"""Sign claims with ``Max`` or ``Min`` of three or more arguments, split by which argument is the largest.

``Max(a_1, ..., a_n)`` equals ``a_i`` on the region ``a_i - a_k >= 0`` (every k); these n closed regions cover
every point (some argument is the largest), so a claim holds if, for every i, it holds on the region with the
``Max`` replaced by ``a_i`` (``Min`` likewise, with ``a_k - a_i >= 0``).  Every other kink of the claim (|.|, a
two-argument max or min, a two-piece Piecewise) is split at the same time, as :mod:`.cases` does.

A region's constraints ``c >= 0`` that move several symbols are used by a change of variables, not dropped: a
constraint linear in a real symbol y (a number k as its coefficient, ``c = k y + r``) whose interval is the
whole line (and on which no other interval depends) gives ``y = (w - r)/k`` with a new symbol ``w = c >= 0``.
The points of the region are the images of ``w >= 0`` and the other symbols' values, so the claim shown for
all of these holds on the region.  ``log(e^a + e^b + e^c) <= a + log 3`` where a is the largest becomes, with
``b = a - w_1`` and ``c = a - w_2``, a claim on w_1, w_2 >= 0 that the sign prover settles by monotonicity.
A constraint on one symbol narrows its interval (:func:`.cases._narrowed`); one used neither way is left out
(a larger region, a stronger claim) and kept for Farkas' lemma (:func:`.cases._farkas`), as in :mod:`.cases`.

A claim left unchanged by swapping two arguments that are symbols with the same interval (on which no other
interval depends) needs only one of the two regions: the swap maps one onto the other.  Only the first
many-argument kink is reduced so.
"""
from __future__ import annotations

import itertools

import sympy as sp

from .cases import MAX_OPS, _farkas, _narrowed, _switch
from .pieces import restricted
from .provers import prove_sign, respects_assumptions

MAX_CASES = 64
"""Cases (products of every kink's branches) tried at most."""

_KINKS = (sp.Abs, sp.Max, sp.Min, sp.Piecewise)


def many(expr) -> bool:
    """``expr`` holds a Max or Min of three or more arguments."""
    return any(len(k.args) > 2 for k in expr.atoms(sp.Max, sp.Min))


def prove_by_many_cases(expr, which: str, domain: dict, attempts) -> str | None:
    """A method showing ``expr`` is ``which`` on ``domain`` case by case (largest or smallest argument of each
    Max and Min, sign of each other kink), or None; for claims with a many-argument Max or Min only."""
    if not many(expr) or which not in ("positive", "negative", "nonnegative", "nonpositive"):
        return None
    f = -expr if which in ("negative", "nonpositive") else expr
    strict = which in ("positive", "negative")
    choices = _choices(f) if sp.count_ops(f) <= MAX_OPS else None
    if choices is None:
        return None
    kinks, options = choices
    cases = list(itertools.product(*(range(len(o)) for o in options)))
    if len(cases) > MAX_CASES:
        return None
    skipped = _symmetric(f, kinks, domain)
    routes = set()
    for case in (c for c in cases if c[0] not in skipped):
        route = _case(f, kinks, [o[k] for o, k in zip(options, case)], strict, domain, attempts)
        if route is None:
            return None
        routes.add(route)
    by_swap = f"; those where {', '.join(sorted(map(str, (kinks[0].args[k] for k in skipped))))} is picked by " \
              f"symmetry" if skipped else ""
    return (f"{len(cases)} cases of {len(kinks)} kink{'s' if len(kinks) > 1 else ''}, each max/min by its picked "
            f"argument{by_swap} ({', '.join(sorted(routes))})")


# -- the branches of each kink ----------------------------------------------------------------------

def _choices(f):
    """(kinks, per kink its options (branch, constraints, preferred symbols)), the many-argument ones first; None
    for a nested or unhandled kink."""
    if f.has(sp.sign, sp.Heaviside):
        return None
    kinks = sorted(f.atoms(*_KINKS), key=lambda k: (len(k.args) <= 2 or isinstance(k, sp.Piecewise),
                                                     sp.default_sort_key(k)))
    options = []
    for kink in kinks:
        found = _options(kink)
        if found is None or any(b.has(*_KINKS) or any(c.has(*_KINKS) for c in cs) for b, cs, _ in found):
            return None
        options.append(found)
    return kinks, options


def _options(kink):
    """[(branch, constraints >= 0, symbols to eliminate first)] covering every point, or None."""
    if isinstance(kink, (sp.Max, sp.Min)):
        args = kink.args
        sign = 1 if isinstance(kink, sp.Max) else -1
        return [(a, [sign * (a - b) for b in args if b is not a], set().union(*(b.free_symbols for b in args
                                                                               if b is not a)) - a.free_symbols)
                for a in args]
    parts = _switch(kink)
    if parts is None:
        return None
    s, plus, minus = parts
    return [(plus, [s], set()), (minus, [-s], set())]


def _symmetric(f, kinks, domain) -> set:
    """Options of the first kink (a many-argument one) whose case is another's image under a swap of two symbol
    arguments that leaves the claim and the domain unchanged."""
    args = kinks[0].args if isinstance(kinks[0], (sp.Max, sp.Min)) and len(kinks[0].args) > 2 else ()
    skipped = set()
    for i, a in enumerate(args):
        for b in args[:i]:
            if b not in skipped and _swappable(f, a, b, domain):
                skipped.add(a)
                break
    return {k for k, a in enumerate(args) if a in skipped}


def _swappable(f, a, b, domain) -> bool:
    if not (a.is_Symbol and b.is_Symbol) or domain.get(a) != domain.get(b) or a not in domain:
        return False
    if any({a, b} & iv.free_symbols for iv in domain.values()):
        return False
    return f.xreplace({a: b, b: a}) == f


# -- one case -------------------------------------------------------------------------------------

def _case(f, kinks, picked, strict, domain, attempts) -> str | None:
    branch = f.xreplace({k: option[0] for k, option in zip(kinks, picked)})
    constraints = [(c, prefer) for _, cs, prefer in picked for c in cs]
    which = "positive" if strict else "nonnegative"
    if branch.is_number and ((branch > 0) if strict else (branch >= 0)) is sp.true:
        return "constant"
    region = _region(branch, constraints, domain)
    if region is None:
        return "empty"
    moved, where, changed = region
    after = " after a change of variables" if changed else ""
    split = _logs_split(moved)
    if respects_assumptions(where, split.free_symbols) and getattr(split, f"is_{which}") is True:
        return f"assumptions{after}, logs split"
    if prove_sign(moved, which, restricted(where, moved.free_symbols), attempts):
        return f"sign prover{after}"
    return "Farkas" if _farkas(branch, [c for c, _ in constraints], domain, strict) else None


def _region(branch, constraints, domain):
    """(branch, domain, changed) with every usable constraint applied: a one-symbol one narrows an interval,
    another eliminates a real symbol of the whole line (y = (w - r)/k, w >= 0); None for an empty region."""
    where, changed, taken = dict(domain), False, {s.name for s in branch.free_symbols} | {s.name for s in domain}
    for c, prefer in constraints:
        c = sp.expand(c.xreplace(changed or {}))
        narrowed = _narrowed(where, [c])
        if narrowed is None:
            return None
        if narrowed != where:
            where = narrowed
            continue
        gap = _eliminable(c, prefer, where)
        if gap is None:
            continue
        y, value, w = _gap(c, gap, taken)
        taken.add(w.name)
        where = {(w if t == y else t): (sp.Interval(0, sp.oo) if t == y else iv) for t, iv in where.items()}
        changed = {**{t: v.xreplace({y: value}) for t, v in (changed or {}).items()}, y: value}
    moved = branch.xreplace(changed) if changed else branch
    return moved, where, bool(changed)


def _eliminable(c, prefer, domain):
    """A real symbol of the whole line that ``c`` is linear in, with a number as its coefficient and no interval
    depending on it (those of ``prefer`` first, then by name), or None."""
    line = sp.Interval(-sp.oo, sp.oo)
    for y in sorted(c.free_symbols, key=lambda s: (s not in prefer, s.name)):
        if y not in domain or y.is_integer or domain[y] != line or y.is_real is not True:
            continue
        if any(y in iv.free_symbols for iv in domain.values()):
            continue
        k = sp.diff(c, y)
        if k.is_number and k != 0 and not sp.diff(k, y).free_symbols and y not in (c - k * y).free_symbols:
            return y, k
    return None


def _gap(c, gap, taken):
    """(y, its value in terms of the new symbol w, w) with w = c >= 0."""
    y, k = gap
    name = f"w_{y.name}"
    while name in taken:
        name += "'"
    w = sp.Symbol(name, nonnegative=True)
    return y, sp.expand((w - (c - k * y)) / k), w


def _logs_split(e):
    """Each log's argument expanded and its common factors taken out, then split where SymPy knows the factors
    positive (exact): log(e^a + e^(a - w)) - a becomes log(1 + e^-w), a sign the assumptions decide."""
    split = lambda x: sp.expand_log(sp.log(sp.factor_terms(sp.expand(x.args[0], power_exp=True))), force=False)
    return e.replace(lambda x: isinstance(x, sp.log), split)
