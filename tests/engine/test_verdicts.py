"""Regression tests for verdicts a reviewer can trust (issue "Verdicts a reviewer can trust").

Each test is built from the minimal example of a failure that was observed:
true claims refuted at extreme points, unreliable numerics taken as
witnesses, assumptions ignored by the sampler, unbounded symbolic work.
"""
import time

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.model.replay import ReplayFailed
from symdp.engine.sampling import certify
from symdp.engine.run import decide
from symdp.engine.model import domain as dom
from symdp.engine.sampling import numeric as num
from symdp.engine.symbolic import pieces
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status
from symdp.symbols import eps, rho_c, rho_p, rho_t

s1, s2 = sp.symbols("s1 s2", positive=True)
dl = sp.Symbol("delta", positive=True)
mu = sp.Symbol("mu", positive=True)
k = sp.Symbol("k", integer=True, positive=True)
l = sp.Symbol("l", integer=True, nonnegative=True)
t = sp.Symbol("t", positive=True)
x = sp.Symbol("x", real=True)

# (e^eps - 1 + 2 delta)/(e^eps + 1) - (2 delta - s1 - s2 + e^eps - 1)/(e^eps + 1) = (s1 + s2)/(e^eps + 1) > 0
GAP = (sp.exp(eps) - 1 + 2 * dl) / (sp.exp(eps) + 1) - (2 * dl - s1 - s2 + sp.exp(eps) - 1) / (sp.exp(eps) + 1)
TAIL_PRINTED = sp.Rational(1, 2) - sp.erf(sp.sqrt(2) * mu / 2) / 2  # SymPy's own integral of the normal tail
TAIL = sp.erfc(sp.sqrt(2) * mu / 2) / 2


def test_exact_zero_at_eps_700_is_not_a_counterexample():
    """Was REFUTED at eps = 700: both fractions round to one number and the exact 0 was taken as real."""
    point = {eps: mp.mpf(700), dl: mp.mpf("0.5"), s1: mp.mpf(1), s2: mp.mpf(1)}
    f = certify.compile_expr(GAP, tuple(point))
    assert certify.judge_sign(f, point, "positive").kind != "differs"


def test_symbolic_route_gets_its_turn_before_numerics():
    out = decide.sign(GAP, "positive", None, "k", Attempts())
    assert out.status is Status.PROVED


def test_sampling_only_never_refutes_the_eps_700_claim():
    full = dom.complete(None, GAP.free_symbols)
    out = num.check_sign(num.compile_expr(GAP, tuple(full)), "positive", full, "k")
    assert out.status is Status.VERIFIED


def test_underflowed_normal_tail_is_not_an_erratum():
    """Was ERRATUM: 1/2 - erf(mu/sqrt 2)/2 is exactly 0 at mu = 53 (true value ~8e-613) at every precision tried.

    Ball arithmetic resolves the cancellation as the precision rises: the sides agree."""
    f, g = certify.compile_expr(TAIL_PRINTED, (mu,)), certify.compile_expr(TAIL, (mu,))
    assert certify.judge_equal(f, g, {mu: mp.mpf(53)}, 50).kind == "agrees"
    full = {mu: sp.Interval.open(0, sp.oo)}
    assert num.check_equal(f, g, full, "k").status is Status.VERIFIED


def test_underflowed_tail_does_not_refute_monotonicity():
    """Was REFUTED ("0.0 vs 0.0"): G_mu decreases in mu."""
    f = certify.compile_expr(sp.diff(TAIL_PRINTED, mu), (mu,))
    assert num.check_sign(f, "negative", {mu: sp.Interval.open(0, sp.oo)}, "k").status is Status.VERIFIED


def test_nonnegative_symbols_are_sampled_at_nonnegative_points():
    """Was REFUTED: rho_p >= 0 sampled on the whole real line."""
    full = dom.complete(None, {rho_p, rho_c, rho_t})
    with mp.workdps(60):
        points = dom.sample(full, 30, "k")
    assert all(p[s] >= 0 for p in points for s in full)
    assert any(p[rho_p] == 0 for p in points)  # the closed end is an edge point
    out = num.check_sign(num.compile_expr(rho_p, (rho_p,)), "nonnegative", dom.complete(None, {rho_p}), "k")
    assert out.status is Status.VERIFIED


def test_declared_interval_is_narrowed_to_the_assumptions():
    with mp.workdps(60):
        points = dom.sample({rho_p: sp.Interval(-1, 1)}, 30, "k")
    assert all(0 <= p[rho_p] <= 1 for p in points)


def test_wrong_quadrature_is_not_a_witness():
    """Was REFUTED at t = 1e-9: the quadrature misses a spike of width t; higher precision does not help."""
    spike = sp.Integral(t / (t**2 + (x - 1) ** 2), (x, 0, 2))
    closed = 2 * sp.atan(1 / t)
    f, g = certify.compile_expr(spike, (t,)), certify.compile_expr(closed, (t,))
    assert certify.judge_equal(f, g, {t: mp.mpf("1e-9")}, 50).kind != "differs"


GAUSS_TAIL = sp.Integral(sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi), (x, t, sp.oo))


def test_printed_integral_is_enclosed_through_its_closed_form():
    """Was an mpmath-only witness: 1 - (upper tail) against the upper tail, which an arb ball now separates."""
    f, g = certify.compile_expr(1 - GAUSS_TAIL, (t,)), certify.compile_expr(sp.erfc(t / sp.sqrt(2)) / 2, (t,))
    assert f.arb is not None and f.closed_integral
    verdict = certify.judge_equal(f, g, {t: mp.mpf(2)}, 50)
    assert verdict.kind == "differs" and "closed form" in verdict.why
    with mp.workdps(60):  # oracle: the tail at 2 is erfc(sqrt 2)/2 = 0.0227501..., quadrature independent of SymPy
        assert abs(verdict.rhs - mp.quad(lambda u: mp.npdf(u), [2, mp.inf])) < mp.mpf(10) ** -15  # a 64-bit ball
    assert certify.judge_equal(f, certify.compile_expr(1 - sp.erfc(t / sp.sqrt(2)) / 2, (t,)),
                               {t: mp.mpf(2)}, 50).kind == "agrees"


def test_a_wrong_closed_form_of_an_integral_never_witnesses(monkeypatch):
    """SymPy's closed form is trusted for a witness only where the quadrature repeats it."""
    monkeypatch.setattr(certify, "_closed_integral", lambda integral: sp.erfc(t / sp.sqrt(2)) / 3)
    f = certify.compile_expr(GAUSS_TAIL, (t,))
    g = certify.compile_expr(sp.erfc(t / sp.sqrt(2)) / 3, (t,))
    assert f.closed_integral
    assert certify.judge_equal(f, g, {t: mp.mpf(2)}, 50).kind == "unclear"  # nor agrees with the wrong form
    assert certify.judge_sign(certify.compile_expr(GAUSS_TAIL - sp.erfc(t / sp.sqrt(2)) / 2.5, (t,)),
                              {t: mp.mpf(2)}, "positive").kind != "differs"


def test_integer_symbols_get_integer_points():
    with mp.workdps(60):
        points = dom.sample({k: dom.assumed(k)}, 30, "k")
    assert all(p[k] == int(p[k]) and p[k] >= 1 for p in points)


def test_geometric_sum_with_symbolic_limit():
    out = decide.identity(sp.Sum(2**-l, (l, 0, k - 1)), 2 - 2 ** (1 - k), None, "k", Attempts())
    assert out.status is Status.PROVED
    f = num.compile_expr(sp.Sum(2**-l, (l, 0, k - 1)), (k,))
    g = num.compile_expr(2 - 2 ** (1 - k), (k,))
    assert num.check_equal(f, g, {k: dom.assumed(k)}, "k").status is Status.VERIFIED


def test_sum_with_floor_limit_is_evaluated():
    lhs, rhs = sp.Sum(2**-l, (l, 0, sp.floor(t))), 2 - 2 ** (-sp.floor(t))
    assert decide.identity(lhs, rhs, None, "k", Attempts()).status is Status.PROVED
    out = num.check_equal(num.compile_expr(lhs, (t,)), num.compile_expr(rhs, (t,)), {t: dom.assumed(t)}, "k")
    assert out.status is Status.VERIFIED


def test_huge_expression_is_compiled_without_recursion_error():
    """Was RecursionError in lambdify before any proof was tried."""
    y, z, w = sp.symbols("y z w", real=True)
    big = sp.expand((x + y + z + w + 1) ** 14)
    f = num.compile_expr(big, (x, y, z, w))
    with mp.workdps(30):
        value = f({x: mp.mpf(1), y: mp.mpf(0), z: mp.mpf(0), w: mp.mpf(0)})
    assert value == 2**14
    out = decide.identity(big, (x + y + z + w + 1) ** 14, None, "k", Attempts())
    assert out.status in (Status.PROVED, Status.VERIFIED)  # PROVED by expand when the search has time


def test_hanging_breakpoint_search_is_bounded(monkeypatch):
    """Was > 900 s in provers.breakpoints -> sympy.solve (nested-radical conditions)."""
    def hang(diffs, var):
        while True:
            pass
    monkeypatch.setattr(pieces, "_numeric_roots", hang)
    a = sp.Symbol("a", positive=True)
    cond = x > sp.sqrt(2 + sp.sqrt(3 + a))
    lhs = sp.Piecewise((x, cond), (0, True))
    started = time.monotonic()
    out = decide.identity(lhs, sp.Piecewise((x, cond), (0, True)) + 0 * a + 1 - 1, None, "k",
                          Attempts(budget=0.3, total=1.0), numeric=False)
    assert time.monotonic() - started < 10
    assert out.status in (Status.PROVED, Status.UNDECIDED)


def test_witnesses_are_shrunk_to_hand_checkable_points():
    out = decide.identity(sp.exp(eps), 1 + eps, None, "k", Attempts())
    assert out.status is Status.REFUTED
    assert dict(out.witness.point) == {"epsilon": "1.0"}


def test_sample_does_not_depend_on_names_but_on_content():
    from symdp.engine.run.recorder import Recorder
    a, b = Recorder("one.id"), Recorder("another.id")
    for d in (a, b):
        d.identity("c", sp.exp(eps) - 1, sp.exp(eps) - 1 + eps**3 / 10**9)
    (ca,), (cb,) = a.trace, b.trace
    assert ca.outcome == cb.outcome and ca.status is Status.REFUTED


def test_replay_of_a_recorded_proof_ignores_the_search_budget():
    diff = sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1
    search = Attempts()
    found = pieces.prove_zero(diff, search)
    assert found in ("exp substitution", "simplify")  # exp substitution comes first since it exists
    tiny = Attempts(budget=1e-6, total=1e-6, transcript=search.log)  # a machine a million times slower
    assert pieces.prove_zero(diff, tiny) == found
    starved = Attempts(budget=1e-6, total=1e-6)
    assert pieces.prove_zero(diff, starved) is None  # what a search alone would have said


def test_failed_replay_is_reported_not_downgraded():
    with pytest.raises(ReplayFailed):
        pieces.prove_zero(sp.exp(x) - 1 - x, Attempts(transcript=["simplify"]))


def test_multiple_integrals_and_solve_on_a_domain():
    """Was: integrate took one range only (a double integral raised); solve took no domain."""
    from symdp.engine.run.recorder import Recorder
    y = sp.Symbol("y", real=True)
    d = Recorder("t")
    inner_first = d.integrate("I", x * y, (y, 0, x), (x, 0, 1))
    assert inner_first == sp.Rational(1, 8)
    assert d.solve("r", x**2 - 4, x, domain=sp.Interval(0, sp.oo)) == [2]
    assert d.solve("r", x**2 - 4, x, domain={x: sp.Interval(-sp.oo, 0)}) == [-2]


def test_inverse_normal_tail_evaluates_between_1e_67_and_1e_10():
    """Was: "Could not find root within given tolerance" for erfcinv(y), 1e-67 < y < 1e-10."""
    f = num.compile_expr(sp.erfc(sp.erfcinv(t)), (t,))
    with mp.workdps(60):
        for k in (11, 30, 66):
            y = mp.mpf(10) ** -k
            assert mp.almosteq(f({t: y}), y, rel_eps=mp.mpf(10) ** -50)


def test_a_declared_refutation_survives_renaming_the_derivation(tmp_path):
    """Was: under another id, fdp.tradeoff :: laplace:single-pair drew no point where the curves differ."""
    import shutil
    from pathlib import Path

    from symdp.engine.run.registry import discover
    from symdp.engine.run.runner import run_one

    source = Path(__file__).resolve().parents[2] / "derivations" / "fdp"
    text = (source / "tradeoff.py").read_text().replace('id="fdp.tradeoff"', 'id="renamed.elsewhere"')
    (tmp_path / "renamed.py").write_text(text)
    shutil.copy(source / "tradeoff.proofs.json", tmp_path / "renamed.proofs.json")
    (spec,) = discover(tmp_path)
    claims = {c.claim_id: c for c in run_one(spec).claims}
    # both curves are expressions: the renamed derivation still draws a point where they differ, enclosed
    single = claims["laplace:single-pair"]
    assert single.status is Status.REFUTED and "differ" in single.outcome.detail
    assert single.outcome.method.endswith("numeric counterexample (certified)") and "enclosure" in single.outcome.detail
    assert all(c.certificate != "searched" for c in claims.values())  # certificates are keyed by content


def test_shrunk_witness_is_exactly_the_simple_number():
    """Was: shrinking ran at the default 15 digits, so 0.4 became 0.4000000000000000222 in the witness."""
    u = sp.Symbol("u", positive=True)
    out = num.check_equal(num.compile_expr(sp.exp(u), (u,)), num.compile_expr(1 + u + u**2 / 2, (u,)),
                          {u: sp.Interval.open(0, 1)}, "k")
    assert out.status is Status.REFUTED
    assert dict(out.witness.point) == {"u": "0.5"}
