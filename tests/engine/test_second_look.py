"""The second look (decide._second_look): monotonicity from an end one level deeper, with a budget of its own;
and a replay of a certificate that records no proof skips the symbolic routes."""
from __future__ import annotations

import sympy as sp

from symdp.engine import decide
from symdp.engine.provers import RENEWED, Attempts
from symdp.engine.status import Status

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
