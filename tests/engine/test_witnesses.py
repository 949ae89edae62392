"""Recorded counterexamples of opaque sign claims (symdp/engine/proof/witnesses.py): the point a certified refutation of an
mpmath callable was found at is recorded, and judged first at the next check; the outcome is the search's, with no
sample.  A tampered or garbled record is never trusted: the claim is sampled afresh."""
from dataclasses import replace

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.sampling import numeric
from symdp.engine.proof import witnesses
from symdp.engine.enclose.arb import compile_arb
from symdp.engine.run.recorder import Recorder
from symdp.engine.model.status import Status

x = sp.Symbol("x", positive=True)
DOMAIN = {x: sp.Interval(0, 10)}


def _opaque(expr):
    """An mpmath callable of x, called by name as an audit oracle is, with an enclosure that certifies a witness."""
    value, enclosed = sp.lambdify(x, expr, "mpmath"), compile_arb(expr, (x,))
    fn = lambda **point: value(point["x"])
    fn.witness_enclosure = lambda bits, **point: enclosed({x: mp.mpf(point["x"])}, bits)
    return fn


FALSE = _opaque(sp.log(1 + x) - x / 2)   # negative for x > 2.51...: refuted


def _certified():
    first = Recorder("t", certify=True)
    first.sign("c", FALSE, "nonnegative", DOMAIN)
    (made,) = first.certificates
    return first.trace[-1], made


def test_a_certified_refutation_is_recorded_with_its_exact_point():
    step, made = _certified()
    assert step.outcome.status is Status.REFUTED and step.outcome.method == witnesses.METHOD
    assert step.certificate == "recorded" and made.transcript[0].startswith(witnesses.PREFIX)
    point, points = witnesses.read(made, DOMAIN)
    at = point[x]
    with mp.workdps(50):   # oracle: mpmath directly, at the recorded point
        assert mp.log(1 + at) < at / 2
    assert points == step.outcome.points


def test_the_next_check_judges_the_recorded_point_and_samples_nothing(monkeypatch):
    step, made = _certified()
    monkeypatch.setattr(numeric, "_survey", lambda *a, **k: pytest.fail("sampled"))
    again = Recorder("t", book={made.fingerprint: made})
    again.sign("c", FALSE, "nonnegative", DOMAIN)
    assert again.trace[-1].outcome == step.outcome and again.trace[-1].certificate == "replayed"
    assert again.trace[-1].outcome.witness == step.outcome.witness


@pytest.mark.parametrize("entry", [
    'witness: {"point":[["x",[0,1,0,1]]],"points":1}',           # x = 1, where the claim holds: never trusted
    'witness: {"point":[["y",[0,1,0,1]]],"points":1}',           # another symbol
    'witness: {"point":[["x",[2,1,0,1]]],"points":1}',           # not an mpf's parts
    'witness: {"point":',                                        # does not decode
])
def test_a_tampered_or_garbled_record_is_sampled_afresh(entry):
    step, made = _certified()
    tampered = replace(made, transcript=(entry,))
    again = Recorder("t", book={made.fingerprint: tampered})
    again.sign("c", FALSE, "nonnegative", DOMAIN)
    assert again.trace[-1].outcome == step.outcome and again.trace[-1].certificate == "searched"


def test_a_true_claim_records_nothing_and_a_record_never_refutes_it():
    true = _opaque(sp.log(1 + x) - x / (1 + x))
    d = Recorder("t", certify=True)
    d.sign("c", true, "nonnegative", DOMAIN)
    assert d.trace[-1].outcome.status is Status.VERIFIED and not d.certificates
    _, made = _certified()   # a witness of the false claim, filed under the true claim's key
    key = witnesses.key("t::c", "nonnegative", DOMAIN, numeric.POINTS)
    again = Recorder("t", book={key: replace(made, fingerprint=key)})
    again.sign("c", true, "nonnegative", DOMAIN)
    assert again.trace[-1].outcome.status is Status.VERIFIED
