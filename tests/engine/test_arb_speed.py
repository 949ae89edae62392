"""The speed-ups of ball arithmetic change no ball (symdp.engine.enclose.arb, validated.rules).

Each speed-up is compared with the plain computation it replaces, bit for bit (midpoint and radius):
``arb_balls.wide`` with its definition rad > 2^-20 |mid|; shared subexpressions with the tree evaluated node by node;
a problem's derivatives evaluated in one environment per box with each compiled alone.  A proof recorded
before the speed-up replays only if every enclosure is the same, so these are the oracles of that claim.
"""
import random
from fractions import Fraction

import flint
import mpmath as mp
import pytest
import sympy as sp
from flint import arb, fmpq, fmpz

from symdp.engine.enclose import arb as A
from symdp.engine.enclose import arb_balls
from symdp.engine.validated.chart import chart
from symdp.engine.validated.rules import Problem, _ball
from symdp.special import Phi

x = sp.Symbol("x", real=True)
y = sp.Symbol("y", positive=True)


def _same(a: arb, b: arb) -> bool:
    """The same ball to the last bit: midpoint and radius as exact (mantissa, exponent) pairs (a decimal print
    would round away the low bits)."""
    if not (a.is_finite() and b.is_finite()):
        return str(a) == str(b)
    return a.mid().man_exp() == b.mid().man_exp() and a.rad().man_exp() == b.rad().man_exp()


def _wide_by_definition(v: arb) -> bool:
    return v.is_finite() and not v.is_exact() and v.rad() > arb(2) ** -20 * abs(v.mid())


def _balls(rng, count):
    for _ in range(count):
        e = rng.randint(-80, 80)
        mid = arb(fmpz(rng.choice([0, 1, -1, rng.randint(-2**45, 2**45), 2 ** rng.randint(0, 60)]))) * arb(2) ** e
        r = rng.choice([0, 1, 2 ** rng.randint(0, 40), rng.randint(1, 2**35)])
        rad = arb(fmpz(r)) * arb(2) ** (e + rng.randint(-75, 12))
        yield arb(mid.mid(), rad.mid()) if r else mid


def test_wide_is_its_definition_on_random_and_boundary_balls():
    rng = random.Random(20261129)
    old = flint.ctx.prec
    try:
        for prec in (53, 128, 256):
            flint.ctx.prec = prec
            boundary = [arb(m, arb(m) * arb(2) ** -20 * (1 + s * arb(2) ** -k))
                        for m in (1, 3, 7, fmpq(5, 3)) for s in (-1, 0, 1) for k in (1, 10, 29, 40)]
            special = [arb("nan"), arb("inf"), arb("-inf"), arb(0, 1), arb(1, "inf"), arb(0), arb(3), arb("nan", 1)]
            for v in [*_balls(rng, 20000), *boundary, *special]:
                assert arb_balls.wide(v) == _wide_by_definition(v), v
    finally:
        flint.ctx.prec = old


SHARED_CASES = [
    sp.diff(sp.exp(-x**2 / 2) * Phi(x * y) / (1 + sp.exp(-x**2 / 2)), x, 2),
    sp.diff(sp.log(1 + y * sp.exp(x)) ** 2 - sp.sqrt(1 + y * sp.exp(x)), y, 3),
    (sp.erfc(x / 2) - sp.erfc(x / 2 + y)) * (sp.erfc(x / 2) + y) + sp.Max(x, sp.erfc(x / 2)),
]


@pytest.mark.parametrize("expr", SHARED_CASES)
def test_shared_subexpressions_give_the_balls_of_the_plain_tree(expr, monkeypatch):
    shared = A.ArbFn(expr, (x, y))
    assert A._repeated(shared.expr), "the case repeats nothing: it tests nothing"
    monkeypatch.setattr(A, "_repeated", lambda e: {})
    plain = A.ArbFn(expr, (x, y))
    points = [{x: mp.mpf("0.3"), y: mp.mpf("1.7")}, {x: arb.union(arb(-1), arb(fmpq(1, 3))), y: arb.union(arb(1), arb(2))}]
    for point in points:
        for prec in (64, 128, 256):
            assert _same(shared(point, prec), plain(point, prec))


def test_a_point_is_enclosed_at_the_precision_asked_whatever_the_callers():
    """The inputs are enclosed at ``prec``, not at the caller's flint precision (a 64-digit input rounded to
    53 bits would leave every ball 1e-16 wide and every comparison at 4096 bits undecided)."""
    fn = A.ArbFn(-sp.E * x + 1, (x,))
    old = flint.ctx.prec
    try:
        flint.ctx.prec = 53
        with mp.workdps(64):
            v = fn({x: mp.mpf(1) / 3}, 256)
        assert flint.ctx.prec == 53
    finally:
        flint.ctx.prec = old
    assert v.rad() < arb(2) ** -240


def test_a_problems_derivatives_share_values_and_keep_their_balls():
    """f and its derivatives in one environment per box give the balls each gives compiled alone."""
    f = sp.exp(-x**2 / 2) * y - Phi(x) * sp.log(1 + y)
    p = Problem(f, True, chart({x: sp.Interval(-2, 3), y: sp.Interval(sp.Rational(1, 2), 4)}), 128)
    half, quarter = Fraction(1, 2), Fraction(1, 4)
    boxes = [((Fraction(0), Fraction(1)),) * 2, ((Fraction(0), half), (quarter, quarter + Fraction(1, 8))),
             ((half, half), (quarter, quarter))]
    for box in boxes:
        for i in range(2):
            for expr, fn in filter(None, [p.gradient(i), p.derivative(i, 1), p.derivative(i, 2), (p.F, p.fn)]):
                alone = A.ArbFn(expr, p.chart.coords)
                v = alone({u: _ball(a, b) for u, (a, b) in zip(p.chart.coords, box)}, p.prec)
                got = p.enclose(expr, fn, box)
                assert got is not None and (got[0], got[1]) == (v.lower(), v.upper())
