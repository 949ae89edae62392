"""A paper's own functions, defined in one labelled display and applied in later ones (``symdp paper --standalone``).

Papers define a function once and then state its properties::

    G_\\mu(\\alpha) = \\Phi(\\Phi^{-1}(1-\\alpha) - \\mu), \\quad \\mu > 0,\\ 0 \\le \\alpha \\le 1   \\label{eq:g}
    G_\\mu(\\alpha) \\le 1 - \\alpha                                                     \\label{eq:below}

A labelled display whose defined side is a function of distinct plain symbols (``h(x) = x^2 + 1``,
``G_\\mu(\\alpha) = ...``) defines that function for the displays that follow it in reading order.  A later
relation that applies it (``G_\\mu(\\alpha) \\le 1 - \\alpha``, ``h(2) = 5``) is checked with the definition put in
its place; the definition's side conditions, with the arguments put in for its variables, are added to the
row's (``0 \\le \\alpha \\le 1`` above; applied at a number they are true or the row is skipped), and the row names
the label it used.  A later definition of the same function replaces the earlier one (the paper's order).  A
definition that applies itself (a recursion) is not used, and a display that applies a function no earlier
display defines is skipped as before.  Names defined without arguments (``\\rho = ...``) are not carried:
papers reuse a letter for a fixed value and for a free parameter.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from sympy.core.function import AppliedUndef


@dataclass(frozen=True)
class Definition:
    """``call = body`` from the display ``label`` at ``where`` (file:line), valid under ``conditions``."""

    label: str
    where: str
    call: AppliedUndef
    body: sp.Expr
    conditions: tuple
    spelled: str = ""
    """The function's name as the paper writes it (``\\sigma`` of ``\\sigma(z) = ...``), declared for later rows."""

    def at(self, args) -> tuple:
        """(the body, the conditions) with ``args`` put in for the call's variables."""
        put = dict(zip(self.call.args, args))
        return self.body.subs(put, simultaneous=True), tuple(c.subs(put, simultaneous=True) for c in self.conditions)

    def text(self) -> str:
        return f"{sp.sstr(self.call)} = {sp.sstr(self.body)} from {self.label} ({self.where})"


def definition(label: str, where: str, read_as) -> Definition | None:
    """The function ``read_as`` (a :class:`symdp.latex.Display`) defines, or None when it defines none."""
    head = read_as.head
    if not isinstance(head, AppliedUndef) or len(read_as.chain) != 1 or read_as.unread:
        return None
    args = head.args
    if not all(isinstance(a, sp.Symbol) for a in args) or len(set(args)) != len(args):
        return None
    body = read_as.chain[0]
    if not isinstance(body, sp.Expr) or body.has(head.func):
        return None
    return Definition(label, where, head, body, tuple(read_as.conditions))


def is_value(read_as, known: dict) -> bool:
    """``h(2) = 4`` after ``h`` is defined: a value of a known function at a point, a relation to check (asked of a
    row :func:`redefines` has turned down)."""
    head = read_as.head
    return isinstance(head, AppliedUndef) and head.func in known and definition("", "", read_as) is None


def redefines(read_as, known: dict) -> bool:
    """``p(y; \\mu, \\sigma^2) = ...`` after ``p(x; l, u) = ...``: the letter of a known function written over
    variables (distinct names, or powers of them) with a first member that is not the earlier definition there: a new
    function the later displays mean (papers reuse ``p`` for every density), or a value that does not hold; which,
    only the text says, so it is neither checked nor carried, and the earlier definition is not used after it.  A row
    whose first member is the definition at those arguments (``g(u) = u^2 + 1 \\ge 2u``, ``f(t^2) = t^4 + 1``) is a
    value, checked with the definition."""
    head = read_as.head
    if not isinstance(head, AppliedUndef) or head.func not in known or not read_as.chain:
        return False
    bases = [a.base if isinstance(a, sp.Pow) and a.exp.is_number else a for a in head.args]
    if not (all(isinstance(b, sp.Symbol) for b in bases) and len(set(bases)) == len(bases)):
        return False
    d = known[head.func]
    if len(head.args) != len(d.call.args):
        return False
    return not _same(d.at(head.args)[0], read_as.chain[0])


def _same(a, b) -> bool:
    """``a`` and ``b`` are one expression by exact algebra (no numerics, no time limit: the same on every machine);
    False where it cannot show it."""
    if not isinstance(a, sp.Expr) or not isinstance(b, sp.Expr):
        return False
    difference = sp.expand(a - b)
    return difference == 0 or sp.cancel(sp.together(difference)) == 0


def expand(known: dict, members) -> tuple[tuple, tuple, tuple]:
    """(members with every known function applied, the conditions those applications bring, the definitions used).

    ``known`` maps a function (``G_mu``) to its :class:`Definition`; a call with another number of arguments
    than the definition is left as it stands (the row then names it as undeclared)."""
    used, conditions = {}, []

    def put(call):
        d = known[call.func]
        body, conds = d.at(call.args)
        used[d.label] = d
        conditions.extend(c for c in conds if c is not sp.true and c not in conditions)
        return body

    applies = lambda e: isinstance(e, AppliedUndef) and e.func in known and len(e.args) == len(known[e.func].call.args)
    out = tuple(m.replace(applies, put) if isinstance(m, sp.Basic) else m for m in members)
    return out, tuple(conditions), tuple(used.values())
