"""The sample's descent over edge values (numeric.descend): a claim false only where several coordinates sit at
their edges together is refuted with a certified witness; a true claim is never refuted."""
from __future__ import annotations

import mpmath as mp
import sympy as sp

from symdp.engine import domain as dom
from symdp.engine import numeric as num
from symdp.engine.status import Status

EPS, BETA, DQ = sp.symbols("epsilon beta Delta_Q", positive=True)
DOMAIN = dom.complete({BETA: sp.Interval(sp.Rational(1, 1000), 1000)}, {EPS, BETA, DQ})
CORNER = 2 * EPS * BETA ** 2 / DQ   # Liu's Eq. 28 at theta = Q(D): its infimum 0 is approached at a corner


def _checked(expr):
    return num.check_sign(num.compile_expr(expr, tuple(DOMAIN)), "positive", DOMAIN, str(expr))


def test_false_only_at_a_corner_is_refuted():
    expr = CORNER - sp.Rational(1, 10 ** 14)   # false only where eps beta^2 / Delta_Q < 5e-15
    out = _checked(expr)
    assert out.status is Status.REFUTED, out.detail
    point = {sp.Symbol(s, positive=True): sp.Rational(v) for s, v in out.witness.point}
    exact = expr.subs({EPS: point[EPS], BETA: point[BETA], DQ: point[DQ]})
    assert exact < 0   # the witness checked by hand: an exact rational


def test_no_sample_point_alone_finds_it():
    """The seeded sample (without the descent) misses the corner: the descent is what refutes."""
    expr = CORNER - sp.Rational(1, 10 ** 14)
    f = num.compile_expr(expr, tuple(DOMAIN))
    with mp.workdps(num.DPS):
        values = [f(p) for p in dom.sample(DOMAIN, num.POINTS, str(expr))]
    assert min(values) > 0


def test_true_claim_is_not_refuted():
    out = _checked(CORNER + sp.Rational(1, 10 ** 300))
    assert out.status is Status.VERIFIED, out.detail
