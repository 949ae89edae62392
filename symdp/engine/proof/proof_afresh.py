"""A ``monotone`` node looked for afresh, where the search's description has no translation.

The search may prove a sign by a route the exporter cannot follow (``G(a) - G(b)`` with ``a <= b`` and ``G`` rising:
the subsampling bound ``eps - log(1 + q (e^eps - 1)) >= 0``), while the claim is monotone in one symbol from a finite
end of its interval, where the kernel reads its value and the sign of its slope.  This module tries each such end
(:func:`by_monotone`); the kernel judges what is found.  Nothing is timed: the tries are a fixed list, so the proof
filed is the same on every machine.
"""
from __future__ import annotations

import sympy as sp

from ... import kernel
from ...kernel.monotone import premises

SIZE = 200
"""Operations (``count_ops``) above which no end is tried: each try asks the kernel for the slope's sign."""


def by_monotone(claim, value_tries, slope_tries, first_signs):
    """``monotone`` from the first finite end (lower, then upper, symbols in the domain's order) whose value and slope
    ``first_signs`` closes with ``value_tries`` and ``slope_tries`` (lists of rewrites), or None."""
    if claim.relation == "=" or sp.count_ops(claim.goal) > SIZE:
        return None
    for s, _ in claim.domain:
        for end in ("lower", "upper"):
            stated = safe_premises(kernel.Monotone(s.name, end, None, None), claim)
            if isinstance(stated, str):
                continue
            value = first_signs(stated[0], value_tries)
            slope = first_signs(stated[1], slope_tries) if value is not None else None
            if slope is not None:
                return kernel.Monotone(s.name, end, value, slope)
    return None


def safe_premises(node, claim):
    """:func:`.kernel.monotone.premises`, or a str where SymPy fails on the goal (the kernel's own check rejects such
    a proof, :func:`symdp.kernel.check`; here, outside it, the try is simply not made)."""
    try:
        return premises(node, claim)
    except (ArithmeticError, ValueError, TypeError, AttributeError, RecursionError) as exc:
        return f"SymPy failed: {type(exc).__name__}"
