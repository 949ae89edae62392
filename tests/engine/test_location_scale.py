"""Location and scale (engine.model.location): a claim in x, a, b that depends on them only through t = (x - a)/b
is proved in t; the reduction is an equivalence (checked at random points), it is refused where a or b
survive or x's interval is not carried onto a fixed one, and near misses are never proved."""
from __future__ import annotations

import random

import mpmath as mp
import sympy as sp

from symdp.engine.run import decide
from symdp.engine.model import location
from symdp.engine.model import domain as dom
from symdp.engine.symbolic.attempts import Attempts, RENEWED
from symdp.engine.model.status import Status

EPS = sp.Symbol("epsilon", positive=True)
DQ = sp.Symbol("Delta_Q", positive=True)
Q = sp.Symbol("Q_Dp", real=True)
TH = sp.Symbol("theta", real=True)


def _tail(at, centre):
    """P(o >= at) for o ~ Laplace(centre, Delta_Q/eps) (Liu et al., Eq. 9)."""
    z = EPS * (at - centre) / DQ
    return sp.Piecewise((sp.exp(-z) / 2, at >= centre), (1 - sp.exp(z) / 2, True))


HALF_LINES = sp.exp(EPS) * _tail(TH, Q) - _tail(TH, Q + DQ)   # Liu's Definition 1 on half-lines {o >= theta}


def _decided(expr, which="nonnegative", domain=None):
    return decide.sign(expr, which, dict(domain or {}), "location", Attempts(), numeric=False)


def test_half_lines_proved_after_the_reduction():
    out = _decided(HALF_LINES)
    assert out.status is Status.PROVED
    assert "location and scale" in out.method and "only through t" in out.detail


def test_reduction_is_an_equivalence():
    full = dom.complete({}, HALF_LINES.free_symbols)
    x, a, b, g, reduced = location.reduce(HALF_LINES, full)
    f, h = sp.lambdify((EPS, DQ, Q, TH), HALF_LINES, "mpmath"), sp.lambdify((EPS, location.T), g, "mpmath")
    rng = random.Random(7)
    with mp.workdps(40):
        for _ in range(40):
            e, d, q, th = (mp.mpf(rng.uniform(0.01, 5)), mp.mpf(rng.uniform(0.01, 5)), mp.mpf(rng.uniform(-5, 5)),
                           mp.mpf(rng.uniform(-9, 9)))
            point = {EPS: e, DQ: d, Q: q, TH: th}
            t = (point[x] - point[a]) / point[b]
            assert abs(f(e, d, q, th) - h(e, t)) < mp.mpf(10) ** -30


def test_refused_when_a_symbol_survives():
    assert location.reduce(HALF_LINES + Q / 1000, dom.complete({}, HALF_LINES.free_symbols)) is None


def test_refused_when_the_interval_is_not_carried():
    """theta >= 0 and Q(D') >= 0: for fixed Q(D') and Delta_Q, t = (theta - Q(D'))/Delta_Q does not run over a
    fixed interval, and the other way round neither."""
    domain = dom.complete({TH: sp.Interval(0, sp.oo), Q: sp.Interval(0, sp.oo)}, HALF_LINES.free_symbols)
    assert location.reduce(HALF_LINES, domain) is None


def test_refused_when_a_depends_on_x():
    domain = dom.complete({Q: sp.Interval(-sp.oo, sp.oo), TH: sp.Interval(Q, sp.oo)}, HALF_LINES.free_symbols)
    found = location.reduce(HALF_LINES, domain)
    assert found is None or found[0] == TH   # theta's interval moves with Q(D'): only theta may be x


def test_interval_carried_onto_fixed_ends():
    domain = dom.complete({TH: sp.Interval(Q + DQ, sp.oo)}, HALF_LINES.free_symbols)
    found = location.reduce(HALF_LINES, domain)
    assert found is not None and found[4][location.T] in (sp.Interval(1, sp.oo), sp.Interval(-sp.oo, -1))


def test_near_misses_not_proved():
    for bad in (HALF_LINES - sp.Rational(1, 10 ** 6), sp.exp(EPS * 1.000001) * 0 + sp.exp(EPS) * _tail(TH, Q)
                - sp.Rational(1000001, 1000000) * _tail(TH, Q + DQ)):
        assert _decided(bad).status is not Status.PROVED


def test_replay_after_the_budget_ran_out():
    """A search that used up the claim's budget before the reduction (log marked RENEWED) replays."""
    search = Attempts(total=0.0)
    first = decide.sign(HALF_LINES, "nonnegative", {}, "location", search, numeric=False)
    assert RENEWED in search.log and first.status is Status.PROVED
    again = decide.sign(HALF_LINES, "nonnegative", {}, "location", Attempts(transcript=search.log), numeric=False)
    assert again.status is Status.PROVED and again.detail == first.detail
