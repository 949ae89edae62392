"""A replay runs only the steps of a proof: failed routes passed over, recorded hints read, never trusted.

Oracles: counters of what a replay actually runs, and the search's own verdicts (a replay must reach the same
verdict, on the same transcript, doing less).  Soundness by tampering: a certificate can make a replay skip
work, never prove more; a route marked as proved is run again in full, and a recorded split point is only a
place to cut, whose pieces the proof must still close ((x - 1/2)^2 - 1/100 >= 0 on [0, 1] is false at x = 1/2,
whatever point is recorded).
"""
from __future__ import annotations

import json

import pytest
import sympy as sp

from symdp.engine.symbolic import provers
from symdp.engine.codec import encode_expr
from symdp.engine.model.replay import ReplayFailed
from symdp.engine.symbolic.attempts import RENEWED, ROUTE, Attempts
from symdp.symbols import x

UNIT = {x: sp.Interval(0, 1)}
BOWL = (x - sp.Rational(1, 2)) ** 2


def _routes(attempts, ran):
    """A failed route that asks two questions, then one that proves after one question."""
    def failing():
        ran.append("failing")
        attempts.call("first question", lambda: 1)
        attempts.call("second question", lambda: 2)
        return None

    def proving():
        ran.append("proving")
        return "proved" if attempts.call("third question", lambda: 3) == 3 else None
    return attempts.route("failing", failing) or attempts.route("proving", proving)


def test_a_failed_route_is_passed_over_and_a_proved_one_run_again():
    search, ran = Attempts(), []
    assert _routes(search, ran) == "proved" and ran == ["failing", "proving"]
    assert search.log == [f"{ROUTE}failing failed after 2", "first question: done", "second question: done",
                          f"{ROUTE}proving proved", "third question: done"]
    replay, ran = Attempts(transcript=search.log), []
    assert _routes(replay, ran) == "proved" and ran == ["proving"]


def test_nested_routes_are_marked_where_each_began():
    search = Attempts()
    inner = lambda: search.route("inner", lambda: None)
    assert search.route("outer", lambda: inner() or "outer's own way") == "outer's own way"
    assert search.log == [f"{ROUTE}outer proved", f"{ROUTE}inner failed after 0"]
    replay = Attempts(transcript=search.log)
    inner = lambda: replay.route("inner", lambda: pytest.fail("a failed route ran again"))
    assert replay.route("outer", lambda: inner() or "outer's own way") == "outer's own way"


def test_a_route_that_failed_out_of_time_leaves_the_replay_out_of_time():
    search = Attempts(total=0.0)
    assert search.route("late", lambda: search.call("question", lambda: 1)) is None
    assert search.log == [f"{ROUTE}late failed after 0, out of time"]
    replay = Attempts(transcript=search.log)
    assert replay.route("late", lambda: pytest.fail("ran")) is None and replay.exhausted


def test_tampered_marks_never_prove_more():
    """"failed" written over "proved": the route is skipped and nothing proves; "proved" written over
    "failed": the route runs again, fails again, and the proof is the one that runs after it."""
    search, ran = Attempts(), []
    _routes(search, ran)
    skipped = [e.replace("proving proved", "proving failed after 1") for e in search.log]
    assert _routes(Attempts(transcript=skipped), []) is None
    forced, ran = [e.replace("failing failed after 2", "failing proved") for e in search.log], []
    assert _routes(Attempts(transcript=forced), ran) == "proved" and ran == ["failing", "proving"]


def test_a_mark_of_another_route_is_out_of_step():
    with pytest.raises(ReplayFailed, match="a mark of the route 'proving'"):
        Attempts(transcript=[f"{ROUTE}other proved"]).route("proving", lambda: "x")


def test_a_question_at_a_mark_is_out_of_time():
    """A search with time left records every answer, so a replay asking where a mark stands had none."""
    replay = Attempts(transcript=[f"{ROUTE}next proved"])
    assert replay.call("question", lambda: pytest.fail("ran")) is None and replay.exhausted
    assert replay.route("next", lambda: "x") == "x"


def test_skip_passes_over_marks_and_stops_at_a_renewal():
    replay = Attempts(transcript=[f"{ROUTE}a failed after 0", "q: done", RENEWED, "r: done"])
    replay.skip(5)
    assert replay.exhausted and replay.call("r", lambda: "again") is None
    replay.renew(1.0)
    assert replay.call("r", lambda: "again") == "again"


def test_found_values_are_recorded_and_read_back_without_searching():
    search = Attempts()
    assert search.found("roots", lambda: (sp.sqrt(2) / 2, sp.erfcinv(sp.exp(-x)))) == \
        (sp.sqrt(2) / 2, sp.erfcinv(sp.exp(-x)))
    assert search.log[0].startswith("roots: [")
    replay = Attempts(transcript=search.log)
    assert replay.found("roots", lambda: pytest.fail("searched again")) == (sp.sqrt(2) / 2, sp.erfcinv(sp.exp(-x)))


def test_found_values_that_do_not_decode_fail_the_replay():
    with pytest.raises(ReplayFailed, match="do not decode"):
        Attempts(transcript=['roots: [{"f": "__import__"}]']).found("roots", lambda: ())
    with pytest.raises(ReplayFailed):
        Attempts(transcript=["roots: done"]).found("roots", lambda: ())


def test_a_timed_out_search_for_values_finds_none():
    assert Attempts(transcript=["roots: timeout"]).found("roots", lambda: pytest.fail("ran")) == ()
    assert Attempts(total=0.0).found("roots", lambda: (1,)) == ()


def _stationary_split(expr, transcript=None):
    attempts = Attempts(transcript=transcript)
    return provers.prove_at_a_stationary_point(expr, "nonnegative", UNIT, attempts), attempts.log


def test_a_split_at_the_recorded_stationary_point_replays():
    proved, log = _stationary_split(BOWL)
    assert proved and "x = 1/2" in proved
    assert _stationary_split(BOWL, log)[0] == proved


@pytest.mark.parametrize("point", [sp.Rational(1, 2), sp.Rational(1, 3), sp.Rational(2, 3), sp.Integer(2)])
def test_a_tampered_split_point_never_proves_a_false_claim(point):
    false = BOWL - sp.Rational(1, 100)
    _, log = _stationary_split(BOWL)
    tampered = [f"stationary points in x: [{_encoded(point)}]" if str(e).startswith("stationary points in x:")
                else e for e in log]
    try:
        proved = _stationary_split(false, tampered)[0]
    except ReplayFailed:
        proved = None
    assert proved is None
    assert _stationary_split(false)[0] is None


def _encoded(value):
    return json.dumps(encode_expr(value), sort_keys=True, separators=(",", ":"))


def test_a_side_condition_whose_boxes_failed_is_not_searched_again_at_a_replay(monkeypatch):
    """sides.proves: the box search of a side condition is a route.  Where it failed, the replay passes over it
    (the search's 400 boxes of Taylor models are not spent again) and asks the sign prover, as the search did;
    where it closed, the replay searches the boxes again (never trusted)."""
    from symdp.engine import validated
    from symdp.engine.regions import sides

    calls = []
    real = validated.prove

    def counted(e, which, domain, *args, **kwargs):
        calls.append(sp.sstr(e))
        return real(e, which, domain, *args, **kwargs)
    monkeypatch.setattr(validated, "prove", counted)
    false_side, true_side = BOWL - sp.Rational(1, 100), BOWL + 1    # negative at 1/2; positive everywhere
    search = Attempts()
    assert not sides.proves(false_side, "positive", UNIT, search)
    assert sides.proves(true_side, "positive", UNIT, search)
    marks = [e for e in search.log if isinstance(e, str) and e.startswith(ROUTE + sides.SIDE_ROUTE)]
    assert marks == [f"{ROUTE}{sides.SIDE_ROUTE} failed after 0", f"{ROUTE}{sides.SIDE_ROUTE} proved"]
    searched, calls[:] = list(calls), []
    replay = Attempts(transcript=search.log)
    assert not sides.proves(false_side, "positive", UNIT, replay)
    assert sides.proves(true_side, "positive", UNIT, replay)
    assert sp.sstr(false_side) in searched and sp.sstr(false_side) not in calls      # the failed search skipped
    assert calls == [sp.sstr(true_side)]                                             # the closed one run again


def test_a_transcript_recorded_before_the_side_route_replays_as_it_was_recorded(monkeypatch):
    """A transcript from before the side condition's route has no mark there: its replay searches the boxes, as
    the search then did (a proof kept across the change is replayed, never lost or misread)."""
    from symdp.engine import validated
    from symdp.engine.regions import sides

    calls = []
    real = validated.prove
    monkeypatch.setattr(validated, "prove", lambda e, *a, **k: calls.append(sp.sstr(e)) or real(e, *a, **k))
    false_side, true_side = BOWL - sp.Rational(1, 100), BOWL + 1
    search = Attempts()
    assert not sides.proves(false_side, "positive", UNIT, search)
    assert sides.proves(true_side, "positive", UNIT, search)
    old = [e for e in search.log if not (isinstance(e, str) and e.startswith((ROUTE + sides.SIDE_ROUTE,
                                                                              sides.SIDE_TREE + ": ")))]
    calls[:] = []
    replay = Attempts(transcript=old)
    assert not sides.proves(false_side, "positive", UNIT, replay)
    assert sides.proves(true_side, "positive", UNIT, replay)
    assert calls == [sp.sstr(false_side), sp.sstr(true_side)]        # both searched again, as before the route
    assert replay.upgraded() == tuple(search.log)                    # certify files it with the marks in place


def test_a_closed_side_condition_s_box_tree_is_recorded_and_checked_never_searched_again(monkeypatch):
    """The side condition's box tree is recorded (Attempts.tree); a replay judges its leaves again and searches
    nothing.  A tree recorded for a true side condition, replayed against a false one, fails loudly: a tree says
    where to cut, the leaves must still close."""
    from symdp.engine import validated
    from symdp.engine.regions import sides

    false_side, true_side = BOWL - sp.Rational(1, 100), BOWL + 1
    search = Attempts()
    assert sides.proves(true_side, "positive", UNIT, search)
    trees = [e for e in search.log if isinstance(e, str) and e.startswith(sides.SIDE_TREE + ": ")]
    assert len(trees) == 1
    monkeypatch.setattr(validated.search.Search, "run", lambda self, box: pytest.fail("searched at a replay"))
    assert sides.proves(true_side, "positive", UNIT, Attempts(transcript=search.log))
    with pytest.raises(ReplayFailed):
        sides.proves(false_side, "positive", UNIT, Attempts(transcript=search.log))


def test_a_transcript_recorded_before_side_trees_is_searched_there_and_filed_with_them():
    from symdp.engine.regions import sides

    false_side, true_side = BOWL - sp.Rational(1, 100), BOWL + 1
    search = Attempts()
    assert not sides.proves(false_side, "positive", UNIT, search)
    assert sides.proves(true_side, "positive", UNIT, search)
    older = lambda prefixes: [e for e in search.log if not (isinstance(e, str) and e.startswith(prefixes))]
    for recorded in (older(sides.SIDE_TREE + ": "), older((sides.SIDE_TREE + ": ", ROUTE + sides.SIDE_ROUTE))):
        replay = Attempts(transcript=recorded)
        assert not sides.proves(false_side, "positive", UNIT, replay)
        assert sides.proves(true_side, "positive", UNIT, replay)
        assert replay.upgraded() == tuple(search.log)   # the marks, then the tree, where the search wrote them
