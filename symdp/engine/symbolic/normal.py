"""A sign claim's Piecewise conditions decided on its domain before any route reads it.

A claim built from Piecewise pieces can carry conditions that hold on its whole domain but that no route
decides as written: Liu et al.'s threshold attack (Def. 3) nests the threshold's own Piecewise, condition
e^{-eps k} <= 1, inside an ITE condition of the outer one, and SymPy's assumptions do not decide the
condition (the domain says eps > 0 and k > 0; the symbols do not).  The regions route takes no nested kink
and no ITE; the cases route sees the inner branch's Q_Dp + Delta_Q k only after the condition is gone.

So, only for a claim with a kink nested in a Piecewise or a condition that is not a single relation, each
relation among its conditions is decided on the claim's whole domain by boxes (at most :data:`BOXES`, a
count, so the outcome is the same on every machine, and replayed by the same search): true where
``gts - lts`` is proved >= 0 (> 0 for a strict relation) everywhere, false where proved < 0 (<= 0).  A
decided relation is replaced by its truth, SymPy drops the pieces that can no longer be selected, and each
exponential's argument is cancelled (e^{eps (Delta_Q + Q_Dp - Delta_Q k - Q_Dp)/Delta_Q} = e^{eps (1 - k)}).
The claim is the same function on its domain; a relation not decided stays as it is.
"""
from __future__ import annotations

import sympy as sp
from sympy.logic.boolalg import BooleanFunction

from .. import validated

BOXES = 400
"""Boxes per relation and per truth value tried."""
MAX_RELATIONS = 8


def decided(expr, domain):
    """(``expr`` with its Piecewise conditions decided on ``domain`` (see the module), what was decided), or
    (``expr``, "")."""
    if not _nested(expr):
        return expr, ""
    known = {}
    for c in sorted(expr.atoms(sp.StrictLessThan, sp.LessThan, sp.StrictGreaterThan, sp.GreaterThan),
                    key=sp.default_sort_key)[:MAX_RELATIONS]:
        truth = _truth(c, domain)
        if truth is not None:
            known[c] = truth
    if not known:
        return expr, ""
    out = expr.xreplace(known).replace(lambda a: isinstance(a, sp.exp), lambda a: sp.exp(sp.cancel(a.args[0])))
    said = ", ".join(f"{sp.sstr(c)} {'true' if t else 'false'}" for c, t in known.items())
    return out, (f"first, the Piecewise condition{'s' if len(known) > 1 else ''} {said} on the whole domain "
                 f"(validated numerics, at most {BOXES} boxes each), so the pieces it excludes dropped")


def _nested(expr) -> bool:
    """A Piecewise with a kink inside another Piecewise's piece, or with a condition that is not one relation."""
    pieces = [p for pw in expr.atoms(sp.Piecewise) for p in pw.args]
    return any(isinstance(p.cond, BooleanFunction) or p.expr.has(sp.Piecewise) or p.cond.has(sp.Piecewise)
               for p in pieces)


def _truth(c, domain):
    """sp.true or sp.false where boxes prove the relation ``c`` so on the whole domain, else None."""
    d, strict = c.gts - c.lts, isinstance(c, (sp.StrictLessThan, sp.StrictGreaterThan))
    for truth, which in ((sp.true, "positive" if strict else "nonnegative"),
                         (sp.false, "nonpositive" if strict else "negative")):
        if validated.prove(d, which, _around(d, domain), budget=BOXES, forms=False, split=False).proved:
            return truth
    return None


def _around(d, domain):
    """The domain of the symbols of ``d`` and of those their intervals depend on, in the domain's order."""
    need = set(d.free_symbols)
    for s in reversed(list(domain)):
        if s in need:
            need |= domain[s].free_symbols
    return {s: iv for s, iv in domain.items() if s in need}
