"""Factoring only where it can be interrupted.

SymPy's polynomial code takes exp(1000001 x / 1000000) as the generator exp(x / 1000000) to the power
1000001.  Factoring such an expression runs Wang's algorithm with a bound of about a million bits, and its
primality tests are single C calls that no SIGALRM budget interrupts: a test run hung for an hour in
``nextprime``.  :func:`factor` refuses, deterministically (by the expression, never by the clock), an
expression with an exponent whose numerator or denominator exceeds :data:`WIDE`.
"""
from __future__ import annotations

import sympy as sp

WIDE = 1000
"""The largest numerator or denominator of a rational number inside an exponent that factoring accepts."""


def wide(e) -> bool:
    """Whether some exponent of ``e`` (of a power or of exp) holds a rational number beyond :data:`WIDE`."""
    for atom in sp.sympify(e).atoms(sp.exp, sp.Pow):
        exponent = atom.args[0] if isinstance(atom, sp.exp) else atom.exp
        if any(abs(r.p) > WIDE or r.q > WIDE for r in exponent.atoms(sp.Rational)):
            return True
    return False


def factor(e):
    """``sp.factor(e)``; NotImplementedError (a skipped rewrite) when :func:`wide`."""
    if wide(e):
        raise NotImplementedError(f"an exponent with a numerator or denominator above {WIDE}: not factored")
    return sp.factor(e)
