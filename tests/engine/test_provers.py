"""The provers: PROVED only from SymPy, VERIFIED from samples, REFUTED with a witness."""
import time

import sympy as sp

from symdp.engine.run import decide
from symdp.engine.symbolic import attempts as transcripts, pieces
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

x = sp.Symbol("x", positive=True)
y = sp.Symbol("y", real=True)


def test_true_identity_is_proved():
    out = decide.identity((x + 1) ** 2, x**2 + 2 * x + 1, None, "t", Attempts())
    assert out.status is Status.PROVED
    assert "symbolic" in out.method


def test_false_identity_is_refuted_with_witness():
    out = decide.identity(sp.exp(x), 1 + x + x**2 / 2, None, "t", Attempts())
    assert out.status is Status.REFUTED
    w = out.witness
    assert w is not None and w.point and w.lhs != w.rhs
    # the witness really is a counterexample
    at = {x: sp.Float(dict(w.point)["x"], 30)}
    assert abs(sp.N((sp.exp(x) - 1 - x - x**2 / 2).subs(at), 30)) > 1e-25


def test_true_but_unprovable_is_verified_not_proved():
    # SymPy's rewrites do not prove the digamma recurrence (W(x) e^W(x) = x they now do: the Lambert W identity)
    for lhs, rhs in [(sp.polygamma(0, x + 1) - sp.polygamma(0, x), 1 / x)]:
        out = decide.identity(lhs, rhs, None, "t", Attempts())
        assert out.status is Status.VERIFIED
        assert out.points >= 20 and out.digits >= 50
        assert "seeded points" in out.detail


def test_hanging_simplification_becomes_undecided_within_budget(monkeypatch):
    def hang(e):
        while True:
            pass
    monkeypatch.setattr(transcripts, "REWRITES", (("hang", hang),))
    started = time.monotonic()
    attempts = Attempts(budget=0.5, total=1.0)
    out = decide.identity(sp.LambertW(x) * sp.exp(sp.LambertW(x)), x, None, "t", attempts, numeric=False)
    assert time.monotonic() - started < 3
    assert out.status is Status.UNDECIDED
    assert "hang" in attempts.note()


def test_piecewise_compared_region_by_region():
    a = sp.Piecewise((y, y >= 0), (-y, True))
    out = decide.identity(a, sp.Abs(y).rewrite(sp.Piecewise), None, "t", Attempts())
    assert out.status is Status.PROVED
    wrong = sp.Piecewise((y, y >= 1), (-y, True))
    out = decide.identity(a, wrong, None, "t", Attempts())
    assert out.status is Status.REFUTED
    assert 0 < float(dict(out.witness.point)["y"]) < 1


def test_breakpoints_found_through_parameters():
    d, q = sp.Symbol("d", positive=True), sp.Symbol("q", real=True)
    cond = q + d * y >= q + d
    assert pieces.breakpoints([sp.Piecewise((1, cond), (0, True))], Attempts()) == (y, [1])


def test_sign_proved_by_shift_and_refuted_by_sample():
    eps, b = sp.Symbol("epsilon", positive=True), sp.Symbol("beta", positive=True)
    dom = {b: sp.Interval.open(0, sp.oo), eps: sp.Interval.open(sp.log(1 + b**2), sp.oo)}
    out = decide.sign((1 + b**2) * sp.exp(-eps) - 1, "negative", dom, "t", Attempts())
    assert out.status is Status.PROVED
    out = decide.sign((1 + b**2) * sp.exp(-eps) - 1, "positive", dom, "t", Attempts())
    assert out.status is Status.REFUTED


def test_sign_by_root_analysis():
    out = decide.sign(x**2 - 3 * x + 3, "positive", {x: sp.Interval(-sp.oo, sp.oo)}, "t", Attempts())
    assert out.status is Status.PROVED


def test_the_lambert_w_identity_is_proved():
    out = decide.identity(sp.LambertW(x) * sp.exp(sp.LambertW(x)), x, None, "t", Attempts())
    assert out.status is Status.PROVED and "Lambert W" in out.method
