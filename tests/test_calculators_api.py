"""The calculators' science is usable without the command line: frozen answers whose ``as_dict()`` is what
``--json`` prints (less ``schema_version`` and ``tools``), and nothing printed."""
from __future__ import annotations

import dataclasses
import json
import math

import pytest

from symdp.cli import main
from symdp.guessing.calculator import Query, advantage, largest_epsilon
from symdp.tvd import calculator as tvd
from symdp.tvd.membership import bounds_by_notion


def _cli(capsys, argv) -> dict:
    assert main(argv + ["--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    del doc["schema_version"], doc["tools"]
    return doc


def _frozen(answer):
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.mechanism = "other"


def test_guessing_answers(capsys):
    q = Query(prior="normal", mu=40.0, sigma=15.0, precision=5.0)
    eps = largest_epsilon(q, 0.1)
    adv = advantage(q, 0.1)
    assert capsys.readouterr() == ("", "")
    _frozen(eps)
    _frozen(adv)
    opts = ["--prior", "normal", "--mu", "40", "--sigma", "15", "--precision", "5"]
    assert eps.as_dict() == _cli(capsys, ["epsilon", "--metric", "guessing-advantage", "--bound", "0.1"] + opts)
    assert adv.as_dict() == _cli(capsys, ["guessing", "--epsilon", "0.1"] + opts)


def test_tvd_answer(capsys):
    answer = tvd.compute(tvd.validate(tvd.Request("laplace", epsilon=1.0, steps=3, points=4096)))
    assert capsys.readouterr() == ("", "")
    _frozen(answer)
    argv = ["tvd", "--mechanism", "laplace", "--epsilon", "1", "--steps", "3", "--points", "4096"]
    assert json.loads(json.dumps(answer.as_dict())) == _cli(capsys, argv)


def test_membership_bounds_by_notion():
    got = bounds_by_notion(1.0, 1e-5, None, 0.01, 9.0)
    assert got["tvd"] is None and got["combined"] is None
    assert got["dp"].tpr == pytest.approx(math.e * 0.01 + 1e-5, rel=1e-14)  # TPR <= e^eps FPR + delta at small FPR
