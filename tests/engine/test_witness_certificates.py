"""A refutation found at the centre of a box left open is recorded (certificate ``witness: ``) and replayed.

The replay judges the recorded candidate point again (the same arb enclosure, the same shrink), so it gives
the same outcome byte for byte without the box search; a recorded point that no longer refutes is a failed
replay, never a quiet change of status.
"""
import json

import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine import validated
from symdp.engine.model.replay import ReplayFailed
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status
from symdp.engine.validated import search

x = sp.Symbol("x", positive=True)
ZHAO = sp.Rational(1, 2) - 1 / (sp.exp(x) + 1) - x / 6
NEAR_MISS = (ZHAO - sp.Rational(1, 10**6), "positive", {x: sp.Interval.open(0, sp.Rational(5, 2))})
"""False only in a thin region around the zero of the true version (x = 0): found at a box's centre."""


def _replay(certificate):
    a = Attempts(total=0.0)
    a.recorded_boxes, a.unproved = certificate, True
    return decide.sign(*NEAR_MISS, "k", a), a


def test_a_refuting_search_records_its_witness_and_the_replay_does_not_search(monkeypatch):
    first = Attempts(total=0.0)
    found = decide.sign(*NEAR_MISS, "k", first)
    assert found.status is Status.REFUTED and "centre of a box left open" in found.detail
    assert first.boxes.startswith(validated.WITNESS)
    assert json.loads(first.boxes[len(validated.WITNESS):])["point"]
    monkeypatch.setattr(search.Search, "run", lambda *a: pytest.fail("a recorded witness was searched again"))
    again, attempts = _replay(first.boxes)
    assert again == found
    assert attempts.boxes == first.boxes


def test_a_recorded_point_that_does_not_refute_fails_the_replay():
    first = Attempts(total=0.0)
    decide.sign(*NEAR_MISS, "k", first)
    data = json.loads(first.boxes[len(validated.WITNESS):])
    data["point"] = [["x", 0, 1, 0]]    # x = 1, where the claim holds
    with pytest.raises(ReplayFailed):
        _replay(validated.WITNESS + json.dumps(data, sort_keys=True))


def test_a_recorded_point_keeps_every_bit():
    with __import__("mpmath").workdps(60):
        third = __import__("mpmath").mpf(1) / 3
    cert = validated._witness("n", {x: third})
    _, point = validated._read_witness(cert, {x: sp.Interval(0, 1)})
    assert point[x]._mpf_ == third._mpf_
