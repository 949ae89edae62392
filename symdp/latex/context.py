"""What the derived expression offers a display's names (:class:`Context`): its symbols, its functions, the
constants it uses, and the names it uses only as indexed families.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from sympy.core.function import AppliedUndef

from ..errors import SymdpError


@dataclass(frozen=True)
class Context:
    """What the derived expression offers names: its symbols, its functions, the constants it uses."""

    symbols: frozenset = frozenset()
    functions: frozenset = frozenset()
    constants: frozenset = frozenset()
    families: frozenset = frozenset()
    r"""Names the derived expression uses only as indexed families (``mu`` of ``mu[i]``, never ``mu`` alone):
    a left side ``\mu = \sqrt{\sum_i \mu_i^2}`` defines ``\mu``, it is not one of the family."""

    @classmethod
    def of(cls, derived) -> Context:
        if derived is None:
            return cls()
        if isinstance(derived, sp.Basic):
            funcs = {type(f) for f in derived.atoms(AppliedUndef, sp.LambertW)}
            return cls(frozenset(derived.atoms(sp.Symbol)), frozenset(funcs),
                       frozenset(c for c in (sp.E, sp.pi) if derived.has(c) or (c is sp.E and derived.has(sp.exp))),
                       _families(derived))
        if isinstance(derived, (list, tuple, set, frozenset)):
            parts = [cls.of(item) for item in derived]
            union = [frozenset().union(*(getattr(p, f) for p in parts)) for f in ("symbols", "functions",
                                                                                  "constants", "families")]
            plain = frozenset().union(*(p.symbols - p.families for p in parts))
            return cls(*union[:3], union[3] - {s.name for s in plain})
        raise SymdpError("derived", derived, "a SymPy expression or a collection of them")


def _families(derived: sp.Basic) -> frozenset:
    """The names of ``derived``'s indexed families that never stand alone in it."""
    bases = {i.base.label for i in derived.atoms(sp.Indexed)}
    if not bases:
        return frozenset()
    alone = derived.replace(lambda e: isinstance(e, sp.Indexed), lambda e: sp.Dummy()).atoms(sp.Symbol)
    return frozenset(b.name for b in bases - alone if isinstance(b, sp.Symbol))
