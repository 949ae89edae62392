"""Signs at a removable singularity: a claim written with a pole at an open end of one symbol's interval (a Renyi
divergence of order alpha with 1/(alpha - 1), tight as alpha -> 1), proved monotone from that end level by level.

At each level the claim ``f`` is replaced by its core ``g`` (``f = c g``, ``c`` of a proved sign: :mod:`.cores`).
Where ``g`` tends to exactly 0 at the end ``a`` (the 0/0 of the singularity), ``g >= 0`` on the interval follows
from ``g' >= 0`` there (``g' > 0`` for ``g > 0``; mirrored at an upper end), ``g`` being continuous up to ``a`` with
``g(a+) = 0`` and differentiable inside: the mean value theorem.  The slope's own claim goes down the same end
(:data:`CASCADE` levels at most) while its core vanishes there; the first core that does not is left to the sign
prover (monotonicity from an end, one level deeper than its own).  Every limit is SymPy's, recorded as an attempt
of the transcript; every derivative is exact.
"""
from __future__ import annotations

import sympy as sp

from ..model.signs import FLIP
from .cores import core
from .ends import against, end_value, movable
from .pieces import is_zero, restricted
from .provers import MONOTONE_DEPTH, NONSMOOTH, finite_somehow, prove_from_an_end, prove_sign

ROUTE = "removable end"
"""The route's name in the transcript."""
LOOK = 30.0
"""Seconds of the sign prover's own budget the route gets (a renewal recorded in the transcript)."""
CASCADE = 4
"""Levels down one end at most."""


def applies(expr, domain: dict) -> bool:
    """``expr`` has a pole, as written, at an open finite end of a movable symbol's interval."""
    return not expr.has(*NONSMOOTH) and any(True for _ in _ends(expr, domain))


def prove(expr, which: str, domain: dict, attempts) -> str | None:
    """The method proving ``expr`` ``which`` on ``domain`` from a removable singularity at an end, or None."""
    attempts.renew(LOOK)
    for s, end, side in _ends(expr, domain):
        found = _level(expr, which, domain, attempts, (s, end, side), 0)
        if found or attempts.exhausted:
            return found
    return None


def _ends(expr, domain):
    """(s, end, side) of each open finite end of a movable symbol with constant ends where ``expr`` has a pole."""
    for s, iv in domain.items():
        if not isinstance(iv, sp.Interval) or iv.free_symbols or not movable(s, expr, domain):
            continue
        for end, side, is_open in ((iv.start, "+", iv.left_open), (iv.end, "-", iv.right_open)):
            if is_open and end.is_finite and _pole(expr, s, end):
                yield s, end, side


def _pole(expr, s, end) -> bool:
    """A power of ``expr`` with a negative exponent whose base (in ``s``) is exactly 0 at ``s = end``."""
    return any(p.exp.is_negative and s in p.base.free_symbols and is_zero(sp.expand(p.base.subs(s, end)))
               for p in expr.atoms(sp.Pow))


def _level(expr, which, domain, attempts, where, level):
    """The method of one level (the claim's core, its value 0 at the end, its slope's claim), or None."""
    s, end, side = where
    prover = lambda e, w: _cheap(e, w, domain, attempts)
    found = core(expr, which, s, domain, attempts, prover, end)
    value = _value(found.expr, domain, attempts, where) if level < CASCADE else None
    if value is None or not is_zero(value):
        last = level > 0 and core(expr, which, s, domain, attempts, prover)
        why = last and _finally(last.expr, last.which, domain, attempts)
        return f"{last.said}{why}" if why else None
    if found.expr.has(*NONSMOOTH) or not _defined(found.expr, domain, attempts):
        return None
    slope = found.which if side == "+" else FLIP[found.which]
    deriv = attempts.call(f"derivative in {s}", lambda: sp.diff(found.expr, s))
    if deriv is None or attempts.call(f"slope probe in {s}", lambda: against(deriv, slope, domain)):
        return None
    why = _level(deriv, slope, domain, attempts, where, level + 1)
    return (f"{found.said}monotone in {s} from {s} -> {end}{side} (limit 0: 0 at the end; derivative {slope}: "
            f"{why})") if why else None


def _defined(g, domain, attempts) -> bool:
    """``g`` is finite (so smooth: an elementary expression) on the domain: by the sign prover's finiteness, else
    :func:`_conditions` proved."""
    if finite_somehow(g, domain, attempts, 0):
        return True
    needs = _conditions(g)
    return needs is not None and all(any(_cheap(e, w, domain, attempts) for w in ways) for e, ways in needs)


def _conditions(g):
    """[(e, signs)]: ``g``, built of sums, products, powers, exp and log only, is defined and smooth where every
    logarithm's argument is positive, every negative power's base has one sign and every other root's base is
    positive (e has one of ``signs``); None for any other function."""
    atoms = [a for a in sp.preorder_traversal(g) if isinstance(a, sp.Function)]
    if any(not isinstance(a, (sp.exp, sp.log)) for a in atoms):
        return None
    needs = [(a.args[0], ("positive",)) for a in atoms if isinstance(a, sp.log)]
    powers = [p for p in sorted(g.atoms(sp.Pow), key=sp.default_sort_key) if p.base.free_symbols
              and not isinstance(p.base, sp.exp) and not (p.exp.is_integer and p.exp.is_nonnegative)]
    return needs + [(p.base, ("positive", "negative") if p.exp.is_integer else ("positive",)) for p in powers]


def _cheap(e, which, domain, attempts):
    """The sign prover without monotonicity (a factor's sign, a log's argument): its rewrites and substitutions."""
    return prove_sign(e, which, restricted(domain, e.free_symbols), attempts, MONOTONE_DEPTH)


def _value(g, domain, attempts, where):
    """The limit of ``g`` at the end: its value there where :func:`_conditions` hold at the end (so ``g`` is
    continuous there), else SymPy's limit (recorded); or None."""
    s, end, side = where
    others = {t: iv for t, iv in domain.items() if t != s}
    needs = _conditions(g)
    placed = needs is not None and [(e.subs(s, end), ways) for e, ways in needs]
    if placed and all(any(_cheap(e, w, others, attempts) for w in ways) for e, ways in placed):
        return attempts.call(f"value in {s} at {end}", lambda: sp.expand(g.subs(s, end)))
    return attempts.call(f"limit in {s} at {end}{side}", lambda: end_value(g, s, end, side, False, others))


def _finally(g, which, domain, attempts):
    """The sign prover on the last core: its own routes, then monotonicity from an end one level deeper."""
    return prove_sign(g, which, domain, attempts, MONOTONE_DEPTH - 1) or prove_from_an_end(g, which, domain, attempts)
