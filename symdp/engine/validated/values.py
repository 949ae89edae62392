"""An integer symbol on a finite range: the claim proved at each of its values (exact enumeration).

``m`` in [-10, 30] (the output of the geometric mechanism, Pankova & Laud) gives 41 claims in the other
symbols, each proved by branch and bound with its own box budget; the certificate lists their logs in the
order of the values.  Finite sums with numeric limits are written out term by term first (the binomial
prior's 21 weights), so the boxes enclose ordinary expressions.
"""
from __future__ import annotations

import json

import sympy as sp

MAX_VALUES = 64
"""Most values an integer symbol is enumerated over (a larger range is left to sampling)."""
MAX_TERMS = 200
"""Most terms a Sum is written out with (a longer one stays a Sum, which boxes do not take)."""
PREFIX = "int:"
"""Certificate of an enumeration: ``int:<symbol>:<JSON list of each value's certificate>``."""


def integer_symbol(domain: dict):
    """(symbol, values) of the one integer symbol of ``domain`` with constant integer ends, at most MAX_VALUES
    values and no other interval depending on it; or None."""
    ints = [s for s in domain if s.is_integer]
    if len(ints) != 1:
        return None
    s, iv = ints[0], domain[ints[0]]
    lo, hi = sp.ceiling(iv.start), sp.floor(iv.end)
    if not (lo.is_Integer and hi.is_Integer) or hi - lo >= MAX_VALUES:   # counted before anything is listed
        return None
    if any(s in other.free_symbols for other in domain.values()):
        return None
    values = [v for v in range(int(lo), int(hi) + 1) if iv.contains(v) is sp.true]
    return (s, values) if values else None


def written_out(expr):
    """``expr`` with every Sum over numeric limits replaced by its terms (innermost first)."""
    def expand(*args):
        term, (k, lo, hi) = args[0], args[1]
        if not (lo.is_Integer and hi.is_Integer) or hi - lo >= MAX_TERMS:
            return sp.Sum(*args)
        return sp.Add(*[term.xreplace({k: sp.Integer(v)}) for v in range(int(lo), int(hi) + 1)])
    return expr.replace(lambda e: isinstance(e, sp.Sum) and len(e.limits) == 1, lambda e: expand(*e.args))


def encode(s, certificates: list) -> str:
    return f"{PREFIX}{s}:{json.dumps(certificates)}"


def decode(recorded: str) -> list:
    return json.loads(recorded[len(PREFIX):].split(":", 1)[1])
