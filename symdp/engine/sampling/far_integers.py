"""Counterexamples far out along an unbounded integer: ``1.6449 - \\sum_{j=1}^n 1/j^2 \\ge 0`` fails only for
n > 29,000 (the partial sums reach pi^2/6 = 1.64493... from below), far past any seeded sample.

For each integer symbol of the claim whose range is unbounded on one side, the claim is judged at the sample's
least point with that coordinate moved 10^3, 10^4, ..., 10^9 from its finite end.  A finite ``Sum`` up to that
symbol is taken in SymPy's closed form (``harmonic(n, 2)``), used only after it agrees exactly with the sum
written out at n = 1..6, and the claim is enclosed there by the kernel's ball compiler
(:mod:`symdp.kernel.arb_compile`, which sets ``harmonic(n, m)`` as ``zeta(m) - zeta(m, n + 1)``): a witness is
that enclosure excluding 0, like any other.  Deterministic: the same points everywhere, a count, never time.
"""
from __future__ import annotations

import mpmath as mp
import sympy as sp
from flint import arb

from ...kernel.arb_compile import Unsupported, compile_arb, precision
from ..model.domain import integer_range
from ..enclose.judge import Verdict

_WRONG = {"positive": lambda v: v <= 0, "nonnegative": lambda v: v < 0, "negative": lambda v: v >= 0,
          "nonpositive": lambda v: v > 0}
"""The claim certainly fails where its enclosure is wholly on the wrong side (arb's comparisons hold for every
point of the ball)."""
POWERS = range(3, 10)
"""The distances 10^k from the finite end that are tried."""
CHECKED = 6
"""A closed form of a sum replaces it only after agreeing exactly with the sum written out at this many values."""
BITS = 128


def far_counterexample(f, sign: str, domain: dict, start: dict):
    """(point, verdict, judge) of a certified counterexample with one unbounded integer coordinate far from its
    end (the others as in ``start``), or None."""
    expr = getattr(getattr(f, "arb", None), "expr", None)
    if expr is None or not expr.has(sp.Sum):
        return None
    for s, iv in domain.items():
        lo, hi = integer_range(iv) if s.is_integer else (None, None)
        if (lo is None) == (hi is None):
            continue
        judge = _judge(_summed(expr, s), tuple(domain), sign)
        for k in POWERS:
            point = {**start, s: mp.mpf(lo + 10**k if lo is not None else hi - 10**k)}
            verdict = judge(point) if judge else None
            if verdict is not None and verdict.kind == "differs":
                return point, verdict, lambda p, judge=judge: judge(p) or Verdict("unclear")
    return None


def _summed(expr, s):
    """``expr`` with its finite sums up to ``s`` in closed form, where SymPy finds one that agrees with the
    written-out sum at s = 1..CHECKED (else None)."""
    sums = {S: S.doit() for S in expr.atoms(sp.Sum) if s in S.limits[0][2].free_symbols}
    closed = {S: c for S, c in sums.items() if not c.has(sp.Sum) and _agrees(S, c, s)}
    out = expr.xreplace(closed)
    return None if out.has(sp.Sum) else out


def _agrees(S, closed, s) -> bool:
    """The closed form equals the sum written out exactly at s = 1..CHECKED."""
    try:
        return all(sp.simplify(S.subs(s, v).doit() - closed.subs(s, v)) == 0 for v in range(1, CHECKED + 1))
    except (TypeError, ValueError, NotImplementedError):
        return False


def _judge(expr, symbols, sign: str):
    """point -> Verdict: "differs" when the kernel's enclosure of ``expr`` excludes 0 on the wrong side."""
    if expr is None:
        return None
    try:
        fn = compile_arb(expr, symbols)
    except Unsupported:
        return None

    def judge(point):
        with precision(BITS):
            v = fn({s: arb(mp.nstr(point[s], 40)) for s in symbols})
        if not v.is_finite() or not _WRONG[sign](v):
            return None
        return Verdict("differs", 0, mp.mpf(v.mid().str(30, radius=False)), mp.mpf(0),
                       f"certified: arb enclosure {v.str(6)} of the value excludes 0 at {BITS} bits, the sum in its "
                       "closed form")
    return judge
