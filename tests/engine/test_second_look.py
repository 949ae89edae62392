"""The second look (decide._second_look): monotonicity from an end one level deeper, with a budget of its own;
and a replay of a certificate that records no proof skips the symbolic routes."""
from __future__ import annotations

import sympy as sp

from symdp.engine.run import decide
from symdp.engine.symbolic.attempts import Attempts, RENEWED
from symdp.engine.model.status import Status

P = sp.Symbol("p", positive=True)
Q = sp.Symbol("q_0", positive=True)
DOMAIN = {P: sp.Interval.open(sp.Rational(1, 2), 1), Q: sp.Interval.open(0, sp.Rational(1, 2))}
KL = P * sp.log(P / Q) + (1 - P) * sp.log((1 - P) / (1 - Q))


def _decided(expr, which="positive", attempts=None):
    return decide.sign(expr, which, DOMAIN, "second-look", attempts or Attempts(), numeric=False)


def test_pinsker_strict_proved_from_an_end(monkeypatch):
    """KL(p || q) > 2 (p - q)^2 for q < 1/2 < p (TVD paper, pinsker:strict): tight as p, q -> 1/2.
    The budgets are wall-clock: generous here, so a loaded machine tests the route, not its speed."""
    monkeypatch.setattr(decide, "SECOND_LOOK", 60.0)
    search = Attempts(budget=60.0, total=120.0)
    out = _decided(KL - 2 * (P - Q) ** 2, attempts=search)
    assert out.status is Status.PROVED and "monotone from an end" in out.method
    again = _decided(KL - 2 * (P - Q) ** 2, attempts=Attempts(transcript=search.log))
    assert again.status is Status.PROVED and again.detail == out.detail and RENEWED in search.log


def test_near_misses_not_proved():
    """A constant above Pinsker's 2 is false near p = q = 1/2 (KL = 2 (p - q)^2 + O((p - q)^4))."""
    for bad in (KL - sp.Rational(2000001, 1000000) * (P - Q) ** 2, KL - 2 * (P - Q) ** 2 - sp.Rational(1, 10 ** 9)):
        assert _decided(bad).status is not Status.PROVED


def test_unproved_replay_skips_symbolic_routes(monkeypatch):
    """A certificate that records no proof: the replay runs no prover (they could only fail again)."""
    def refuse(*args, **kwargs):
        raise AssertionError("a symbolic route ran on the replay of an unproved claim")
    for name in ("prove_sign", "prove_by_cases", "prove_from_an_end"):
        monkeypatch.setattr(decide, name, refuse)
    replay = Attempts(transcript=[None])
    replay.unproved, replay.recorded_boxes = True, "open: recorded"
    out = decide.sign(KL - 3 * (P - Q) ** 2, "positive", DOMAIN, "second-look", replay, numeric=True)
    assert out.status is not Status.PROVED


UNIT = {P: sp.Interval.open(0, 1), Q: sp.Interval.open(0, 1)}
BH = KL + sp.log(1 - (P - Q) ** 2)
"""kl(p || q) >= -log(1 - (p - q)^2) (Bretagnolle-Huber, two points): 0 along the whole diagonal q = p."""


def _second(expr, which, domain, seconds=120.0):
    """The second look with ``seconds`` of its own (wall-clock: generous, so a loaded machine tests the routes,
    not their speed; the split needs about 14 s of an idle machine, near the catalogue's 15)."""
    search = Attempts(budget=seconds, total=seconds)
    saved, decide.SECOND_LOOK = decide.SECOND_LOOK, seconds
    try:
        return decide._second_look(expr, which, domain, search)
    finally:
        decide.SECOND_LOOK = saved


def test_tangent_along_a_curve_proved_by_a_split_at_the_stationary_point():
    """Boxes cannot close a claim that is 0 on a curve inside the domain; the slope in q vanishes at q = p,
    the value there is exactly 0, and the slope has the sign of q - p on either side."""
    out = _second(BH, "nonnegative", UNIT)
    assert out is not None and out.status is Status.PROVED and "stationary point q_0 = p" in out.detail


def test_a_split_does_not_prove_a_near_miss():
    """Pushed below 0 at the tangency, or strict where it touches 0: never proved."""
    for bad, which in ((BH - sp.Rational(1, 10**6), "nonnegative"), (BH, "positive"),
                       (KL + sp.log(1 - sp.Rational(101, 100) * (P - Q) ** 2), "nonnegative")):
        out = _second(bad, which, UNIT, seconds=30.0)
        assert out is None or out.status is not Status.PROVED


EPS = sp.Symbol("epsilon", positive=True)
R1, R2, A, B = sp.symbols("r_1 r_2 A B", positive=True)
RATIO = R1 * (A + B) / (R1 * A + R2 * B)
"""Zhao et al. 2019, Thm 2: a posterior ratio, the likelihoods moved by factors r_i in [e^-eps, e^eps]."""


def _factors(k):
    span = sp.Interval(sp.exp(-k * EPS), sp.exp(k * EPS))
    return {EPS: sp.Interval.open(0, sp.oo), A: sp.Interval.open(0, sp.oo), B: sp.Interval.open(0, sp.oo),
            R1: span, R2: span}


def test_monotone_to_an_end_that_moves_with_another_symbol():
    """r_1 ranges over [e^-eps, e^eps], an interval that moves with eps: the ratio rises in r_1 to its end."""
    out = _second(sp.exp(2 * EPS) - RATIO, "positive", _factors(1))
    assert out is not None and out.status is Status.PROVED and "r_1 -> exp(epsilon)" in out.detail


def test_a_moving_end_does_not_prove_a_wider_range():
    """With r_i in [e^-2eps, e^2eps] the ratio nears e^{4 eps} (at r_1 = e^{2 eps}, r_2 = e^{-2 eps}, A -> 0):
    e^{2 eps} is no bound."""
    out = _second(sp.exp(2 * EPS) - RATIO, "positive", _factors(2), seconds=30.0)
    assert out is None or out.status is not Status.PROVED
