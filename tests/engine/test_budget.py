import threading

import pytest

from symdp.engine.budget import BudgetExceeded, within_budget


def _spin():
    while True:
        pass


def test_result_returned_within_budget():
    assert within_budget(lambda: 6 * 7, 1.0) == 42


def test_main_thread_attempt_is_interrupted():
    with pytest.raises(BudgetExceeded):
        within_budget(_spin, 0.2)


def test_worker_thread_attempt_is_killed_in_a_forked_child():
    box = {}
    def run():
        try:
            within_budget(_spin, 0.3)
        except BudgetExceeded as exc:
            box["exc"] = exc
        box["value"] = within_budget(lambda: "ok", 5.0)
    t = threading.Thread(target=run)
    t.start()
    t.join(10)
    assert isinstance(box.get("exc"), BudgetExceeded) and box["value"] == "ok"


def test_exceptions_pass_through():
    with pytest.raises(ZeroDivisionError):
        within_budget(lambda: 1 / 0, 1.0)
