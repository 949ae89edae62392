"""The sample's descent over edge values (numeric.descend): a claim false only where several coordinates sit at
their edges together is refuted with a certified witness; a true claim is never refuted."""
from __future__ import annotations

import mpmath as mp
import sympy as sp

from symdp.engine.model import domain as dom
from symdp.engine.sampling import numeric as num
from symdp.engine.model.status import Status

EPS, BETA, DQ = sp.symbols("epsilon beta Delta_Q", positive=True)
DOMAIN = dom.complete({BETA: sp.Interval(sp.Rational(1, 1000), 1000)}, {EPS, BETA, DQ})
CORNER = 2 * EPS * BETA ** 2 / DQ   # Liu's Eq. 28 at theta = Q(D): its infimum 0 is approached at a corner


def _checked(expr):
    return num.check_sign(num.compile_expr(expr, tuple(DOMAIN)), "positive", DOMAIN, str(expr))


def test_false_only_at_a_corner_is_refuted():
    expr = CORNER - sp.Rational(1, 10 ** 14)   # false only where eps beta^2 / Delta_Q < 5e-15
    out = _checked(expr)
    assert out.status is Status.REFUTED, out.detail
    point = {sp.Symbol(s, positive=True): sp.Rational(v) for s, v in out.witness.point}
    exact = expr.subs({EPS: point[EPS], BETA: point[BETA], DQ: point[DQ]})
    assert exact < 0   # the witness checked by hand: an exact rational


def test_no_sample_point_alone_finds_it():
    """The seeded sample (without the descent) misses the corner: the descent is what refutes."""
    expr = CORNER - sp.Rational(1, 10 ** 14)
    f = num.compile_expr(expr, tuple(DOMAIN))
    with mp.workdps(num.DPS):
        values = [f(p) for p in dom.sample(DOMAIN, num.POINTS, str(expr))]
    assert min(values) > 0


def test_true_claim_is_not_refuted():
    out = _checked(CORNER + sp.Rational(1, 10 ** 300))
    assert out.status is Status.VERIFIED, out.detail


# --- the search that moves (engine/sampling/minimise.py) --------------------------------------------------------------

from symdp.engine.sampling import minimise as moving  # noqa: E402

ALPHA, MU, DELTA = sp.symbols("alpha mu delta", positive=True)
LOG = sp.log(1 / DELTA)
AMGM = ALPHA * MU**2 / 2 + LOG / (ALPHA - 1) - (MU**2 / 2 + MU * sp.sqrt(2 * LOG))
"""The RDP-to-(eps, delta) conversion of the Gaussian minus its optimum over alpha: 0 along alpha* (AM-GM)."""
TUBE = dom.complete({ALPHA: sp.Interval.open(1, 100), MU: sp.Interval(sp.Rational(1, 2), 2),
                     DELTA: sp.Interval(sp.Rational(1, 10**10), sp.Rational(1, 1000))}, AMGM.free_symbols)


def _tube(expr, key="amgm"):
    return num.check_sign(num.compile_expr(expr, tuple(TUBE)), "nonnegative", TUBE, key)


def test_a_thin_tube_around_a_curve_is_refuted_with_an_enclosure():
    out = _tube(AMGM - sp.Rational(1, 10**6))
    assert out.status is Status.REFUTED, out.detail
    assert "enclosure" in out.detail and "local search" in out.detail
    point = {ALPHA: sp.Rational(dict(out.witness.point)["alpha"]), MU: sp.Rational(dict(out.witness.point)["mu"]),
             DELTA: sp.Rational(dict(out.witness.point)["delta"])}
    assert sp.N(AMGM.subs(point) - sp.Rational(1, 10**6), 50) < 0   # checked by hand at 50 digits


def test_the_sample_and_the_edges_alone_miss_the_tube():
    expr = AMGM - sp.Rational(1, 10**6)
    f = num.compile_expr(expr, tuple(TUBE))
    judge = lambda point: num.judge_sign(f, point, "nonnegative")
    with mp.workdps(num.DPS):
        values = [f(p) for p in dom.sample(TUBE, num.POINTS, "amgm")]
        assert min(values) > 0
        assert num.descend(f, judge, "nonnegative", TUBE, dom.sample(TUBE, num.POINTS, "amgm")) is None


def test_the_true_tight_claim_is_not_refuted():
    out = _tube(AMGM)
    assert out.status is Status.VERIFIED, out.detail


def test_the_same_witness_twice():
    one, two = _tube(AMGM - sp.Rational(1, 10**6)), _tube(AMGM - sp.Rational(1, 10**6))
    assert one.witness == two.witness and one.detail == two.detail


def test_the_budget_is_counted_and_capped():
    f = num.compile_expr(AMGM, tuple(TUBE))
    for budget in (1, 17, 60, moving.BUDGET):
        found = moving.minimise(f, "nonnegative", TUBE, "amgm", (), budget)
        assert 0 < found.evaluations <= budget
    assert moving.minimise(f, "nonnegative", TUBE, "amgm").evaluations == moving.BUDGET   # a true claim: all of it


def test_calls_are_counted_not_timed():
    calls = []
    f = num.compile_expr(AMGM, tuple(TUBE))
    counted = lambda point: calls.append(1) or f(point)
    found = moving.minimise(counted, "nonnegative", TUBE, "amgm", (), 50)
    assert len(calls) == found.evaluations <= 50


def test_nelder_mead_moves_to_large_rho_and_delta_near_1(monkeypatch):
    """The zCDP bound >= 1.000001 rho fails only where rho is large and delta near 1: with the chart's corners
    not scored, Nelder-Mead on the relative gap walks there from the sample."""
    monkeypatch.setattr(moving, "CORNERS", 0)
    rho = sp.Symbol("rho", positive=True)
    expr = rho + 2 * sp.sqrt(rho * LOG) - (1 + sp.Rational(1, 10**6)) * rho
    D = dom.complete({DELTA: sp.Interval.open(0, 1)}, expr.free_symbols)
    f = num.compile_expr(expr, tuple(D))
    with mp.workdps(num.DPS):
        assert num.descend(f, lambda p: num.judge_sign(f, p, "nonnegative"), "nonnegative", D,
                           dom.sample(D, num.POINTS, "zcdp")) is None
        found = moving.minimise(num._Relative(f, f.symbols), "nonnegative", D, "zcdp")
    assert found.violates and found.starts > 0 and 1 - found.point[DELTA] < 1e-6
    exact = expr.subs({s: sp.Float(mp.nstr(v, 30), 30) for s, v in found.point.items()})
    assert sp.N(exact, 30) < 0   # 4 rho log(1/delta) < 1e-12 rho^2 there


def test_no_chart_no_search():
    n = sp.Symbol("n", integer=True, positive=True)
    found = moving.minimise(lambda p: mp.mpf(1), "positive", dom.complete({}, {n}), "n")
    assert found.point is None and found.evaluations == 0


def test_a_false_identity_in_a_thin_tube_is_refuted():
    """max(A, 1e-6) = A is false only in the tube where the AM-GM gap A is below 1e-6: the search on the
    difference (one way after the other) moves into it."""
    lhs, rhs = sp.Max(AMGM, sp.Rational(1, 10**6)), AMGM
    f, g = num.compile_expr(lhs, tuple(TUBE)), num.compile_expr(rhs, tuple(TUBE))
    out = num.check_equal(f, g, TUBE, "max-tube")
    assert out.status is Status.REFUTED and "enclosure" in out.detail and "local search" in out.detail, out.detail
    assert num.check_equal(f, f, TUBE, "max-tube").status is Status.VERIFIED


# --- the held-out near misses of issue 49 and their true twins, through the whole pipeline -------------------

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

import symdp  # noqa: E402

MOVING = Path(__file__).resolve().parents[1] / "heldout" / "claims" / "near_misses_moving.py"
TWINS = '''
import sympy as sp
from symdp import derivation

R = sp.Rational
alpha, mu, delta, rho = sp.symbols("alpha mu delta rho", positive=True)
p, q = sp.symbols("p q", positive=True)
L = sp.log(1 / delta)


@derivation(id="twins", title="the true twins of the moving near misses", paper="held-out", where="issue 49")
def twins(d):
    tube = {alpha: sp.Interval.open(1, 100), mu: sp.Interval(R(1, 2), 2), delta: sp.Interval(R(1, 10**10), R(1, 1000))}
    d.sign("rdp-amgm", alpha * mu**2 / 2 + L / (alpha - 1) - (mu**2 / 2 + mu * sp.sqrt(2 * L)), "nonnegative", tube)
    bc = sp.sqrt(p * q) + sp.sqrt((1 - p) * (1 - q))
    d.sign("hellinger-tv", sp.Abs(p - q) - (1 - bc), "nonnegative", {p: sp.Interval.open(0, 1), q: sp.Interval.open(0, 1)})
    d.sign("zcdp>=rho", 2 * sp.sqrt(rho * L) + rho - rho, "nonnegative", {delta: sp.Interval.open(0, 1)})
'''


def _witnesses(path: Path, jobs: int) -> dict:
    out = subprocess.run([sys.executable, "-m", "symdp", "check", "--json", "--no-cache", "-j", str(jobs),
                          "--path", str(path)], capture_output=True, text=True, timeout=1500)
    claims = {}
    for result in json.loads(out.stdout)["derivations"]:
        for c in result["claims"]:
            claims[c["id"]] = (c["status"], c["witness"], c["detail"])
    return claims


@pytest.fixture(scope="module")
def moving_claims():
    run = symdp.run(str(MOVING))
    assert not run.errors, run.errors
    return [c for r in run.results for c in r.claims]


def test_the_moving_near_misses_are_refuted_with_an_enclosure(moving_claims):
    assert len(moving_claims) == 3
    for c in moving_claims:
        assert c.outcome.status is Status.REFUTED and c.outcome.witness is not None, (c.claim_id, c.outcome)
        assert "enclosure" in c.outcome.detail, (c.claim_id, c.outcome.detail)


def test_their_true_twins_are_not_refuted(tmp_path):
    (tmp_path / "twins.py").write_text(TWINS)
    run = symdp.run(str(tmp_path / "twins.py"))
    assert not run.errors, run.errors
    claims = [c for r in run.results for c in r.claims]
    assert len(claims) == 3
    assert all(c.outcome.status not in (Status.REFUTED, Status.ERRATUM) for c in claims), \
        [(c.claim_id, c.outcome.status, c.outcome.detail) for c in claims]


def test_the_witnesses_do_not_depend_on_jobs(tmp_path, moving_claims):
    (tmp_path / "near_misses_moving.py").write_text(MOVING.read_text())
    one, two = _witnesses(tmp_path, 1), _witnesses(tmp_path, 2)
    assert one == two
    assert {k: v[0] for k, v in one.items()} == {c.claim_id: "REFUTED" for c in moving_claims}
