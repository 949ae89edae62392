"""Numeric evidence: digits, rounding noise versus real differences, edges."""
import mpmath as mp
import sympy as sp

from symdp.engine.model import domain as dom
from symdp.engine.sampling import numeric as num
from symdp.engine.model.status import Status

eps = sp.Symbol("epsilon", positive=True)
b = sp.Symbol("beta", positive=True)


def test_digits_agreed():
    assert num.digits_agreed(mp.mpf(1), mp.mpf(1), 60) == 60
    assert num.digits_agreed(mp.mpf("1.0001"), mp.mpf(1), 60) == 4


def test_cancellation_at_extreme_points_is_noise_not_a_counterexample():
    # g(theta*) = 0 exactly; at eps = 700 it cancels terms of size 1e-152 to leave 0
    s = sp.sqrt(1 + 4 * b**2 * sp.exp(eps))
    g = -2 * b**2 / (s - 1) + (s - 1) * sp.exp(-eps) / 2 + sp.exp(-eps)
    syms = (b, eps)
    out = num.check_equal(num.compile_expr(g, syms), num.compile_expr(sp.Integer(0), syms),
                          {b: sp.Interval.open(0, sp.oo), eps: sp.Interval.open(0, sp.oo)}, "k")
    assert out.status is Status.VERIFIED


def test_tiny_real_values_keep_their_sign():
    f = num.compile_expr(-sp.exp(-eps), (eps,))
    out = num.check_sign(f, "negative", {eps: sp.Interval.open(0, sp.oo)}, "k")
    assert out.status is Status.VERIFIED


def test_samples_are_deterministic_and_include_edges():
    domain = {eps: sp.Interval.open(0, sp.oo)}
    with mp.workdps(60):
        a, c = dom.sample(domain, 30, "key"), dom.sample(domain, 30, "key")
    assert a == c and len(a) == 30
    values = sorted(p[eps] for p in a)
    assert values[0] < 1e-8 and values[-1] >= 700


def test_closed_end_nudged_inside():
    domain = {b: sp.Interval.open(0, sp.oo), eps: sp.Interval(sp.log(1 + b**2), sp.oo)}
    with mp.workdps(60):
        for p in dom.sample(domain, 30, "key"):
            assert p[eps] >= mp.log(1 + p[b] ** 2)


# ------------------------------------------------------------------ the maximisation oracle

def _counting(f):
    calls = []

    def g(x):
        calls.append(x)
        return f(x)
    return g, calls


def test_maximize_at_an_end_needs_one_probe_not_a_golden_section_crawl():
    # F-beta of a threshold test between two atoms is monotone: the maximum is an end of the range
    from symdp.engine.sampling.oracles import maximize
    with mp.workdps(480):
        f, calls = _counting(lambda x: -mp.exp(x))
        x, v = maximize(f, 0, 1, grid=24)
        assert x == 0 and v == -1
        # the grid (scouted at 440 digits), the scouted top again at 480, and one probe (Brent took ~1,150 here)
        assert len(calls) == 25 + 1 + 1
        g, _ = _counting(lambda x: mp.log(1 + x))
        x, v = maximize(g, 0, 2, grid=24)
        assert x == 2 and v == mp.log(3)


def test_scouted_grid_picks_the_full_precision_argmax_among_near_ties():
    # values that differ only beyond the scouting precision (1e-30 apart): the scout cannot tell them
    # apart, so every near tie is re-evaluated at the working precision and the true largest one wins
    from symdp.engine.sampling.oracles import _best_on_grid
    with mp.workdps(60):
        xs = [mp.mpf(k) for k in range(9)]
        f = lambda x: 1 + mp.mpf(10) ** -30 * (1 if x == 6 else 0) + mp.mpf(10) ** -40 * x
        k, v = _best_on_grid(f, xs)
        assert k == 6 and v == f(xs[6])
        full = [f(x) for x in xs]
        assert k == max(range(9), key=lambda i: full[i])       # what a full-precision grid picks


def test_scouting_falls_back_when_the_low_precision_value_fails():
    # a function that only evaluates at the working precision (it raises below 40 digits)
    from symdp.engine.sampling.oracles import maximize
    def picky(t):
        if mp.mp.dps < 40:
            raise ZeroDivisionError("needs 40 digits")
        return -(t - mp.mpf(1) / 7) ** 2
    with mp.workdps(60):
        x, v = maximize(picky, 0, 1, grid=24)
        assert abs(x - mp.mpf(1) / 7) < mp.mpf(10) ** -28 and abs(v) < mp.mpf(10) ** -55


def test_maximize_interior_maximum_still_found_by_brent():
    from symdp.engine.sampling.oracles import maximize
    with mp.workdps(60):
        x, v = maximize(lambda t: -(t - mp.mpf(1) / 3) ** 2 + 2, 0, 1, grid=24)
        assert abs(x - mp.mpf(1) / 3) < mp.mpf(10) ** -28
        assert abs(v - 2) < mp.mpf(10) ** -55
        # a maximum inside the end cell, above the end value: the probe is not lower, Brent runs
        x, v = maximize(lambda t: -(t - mp.mpf("0.99")) ** 2, 0, 1, grid=24)
        assert abs(x - mp.mpf("0.99")) < mp.mpf(10) ** -28
