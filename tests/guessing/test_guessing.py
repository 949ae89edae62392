"""symdp.guessing against independent oracles: Monte Carlo, quadrature, brute force, findroot."""
import json
import subprocess
import sys
import time

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from symdp.errors import SymdpError
from symdp.guessing import bounds, exact, inverse
from symdp.guessing.priors import Exponential, Normal, TwoBump, Uniform
from symdp.guessing.targets import And, Attribute

AGE = Attribute(Normal(40, 15), 5)


def test_monte_carlo_attacker_ci_contains_exact():
    """A seeded attacker: sample X from the prior, release X + Lap(r/eps), condition on the output set Y."""
    eps, (lo, hi), Y = 0.5, AGE.interval(1), (30.0, 50.0)
    rng = np.random.default_rng(20230807)
    x = rng.normal(40, 15, 2_000_000)
    y = x + rng.laplace(0, 5 / eps, x.size)
    sel = (y >= Y[0]) & (y <= Y[1])
    hits = ((x >= float(lo)) & (x <= float(hi)))[sel]
    est, half = hits.mean(), 4 * hits.std() / np.sqrt(hits.size)      # 4-sigma interval
    with mp.workdps(25):          # exact Pr[X in g | y in Y]: quadrature of Pr[Y | x] f(x)
        s = mp.mpf(eps) / 5
        cdf = lambda v, t: mp.mpf(1) / 2 * mp.exp(s * (v - t)) if v < t else 1 - mp.exp(-s * (v - t)) / 2
        w = lambda t: (cdf(Y[1], t) - cdf(Y[0], t)) * AGE.prior.pdf(t)
        inside = mp.quad(w, [lo, 40, hi])
        value = inside / (inside + mp.quad(w, [-mp.inf, 0, lo]) + mp.quad(w, [hi, 80, mp.inf]))
        assert abs(est - float(value)) < half
        assert value - AGE.ball(1) <= exact.laplace_advantage(AGE, mp.mpf(eps)).eta + 1e-12
        assert exact.laplace_advantage(AGE, mp.mpf(eps)).eta <= bounds.shell_upper(bounds.shells(AGE), eps) - AGE.ball(1)


@pytest.mark.parametrize("prior", [Normal(0, 1), Uniform(-2, 2), Exponential(1), TwoBump(2)])
def test_posterior_closed_form_against_quadrature(prior):
    with mp.workdps(30):
        for y in (-1.5, 0.25, 2):
            assert mp.almosteq(exact.laplace_posterior(prior, 0, 1, y, 1.3, 0.5),
                               exact.laplace_posterior_quad(prior, 0, 1, y, 1.3, 0.5), 1e-25)


def test_printed_shell_bound_is_violated_and_corrected_is_not():
    """Exponential prior from the guess's left end, output y <= 0: the exact posterior is 1 - e^{-2(lam+eps)}."""
    with mp.workdps(30):
        t = Attribute(Exponential(1), 1, 1)
        sh = bounds.shells(t)
        post = exact.laplace_posterior(t.prior, 0, 2, -1, 1, 1)
        assert mp.almosteq(post, 1 - mp.exp(-4), 1e-25)
        assert bounds.shell_upper(sh, 1, printed=True) < post < bounds.shell_upper(sh, 1)


def test_simplified_inverse_closed_form_against_bisection():
    with mp.workdps(30):
        for p, eta, R in ((0.2, 0.1, 10), (0.5, 0.3, 2), (0.01, 0.5, 1)):
            root = inverse.largest_eps(lambda e: bounds.simplified_upper(p, e, R) - p, eta, digits=20)
            assert mp.almosteq(inverse.eps_gain_simplified(mp.mpf(p), mp.mpf(eta), R), root.eps, 1e-13)
            root = inverse.largest_eps(lambda e: p - bounds.simplified_lower(p, e, R), eta, digits=20) if eta < p \
                else None
            if root:
                assert mp.almosteq(inverse.eps_loss_simplified(mp.mpf(p), mp.mpf(eta), R), root.eps, 1e-13)


def test_precise_inverse_against_findroot():
    with mp.workdps(30):
        sh = bounds.shells(AGE)
        got = inverse.largest_eps(lambda e: bounds.shell_upper(sh, e) - sh.p, mp.mpf("0.1"), digits=15).eps
        p = AGE.ball(1)
        summed = lambda e: mp.nsum(lambda a: mp.exp(-e * (a + 2)) * (AGE.ball(a + 1) - AGE.ball(a)), [1, mp.inf])
        ref = mp.findroot(lambda e: p / (p + summed(e)) - p - mp.mpf("0.1"), (0.01, 1), solver="anderson")
        assert mp.almosteq(got, ref, 1e-13)


@settings(max_examples=60, deadline=None)
@given(st.floats(0.001, 0.999), st.floats(0.01, 5), st.floats(0.1, 10))
def test_worst_case_prior_is_worst(p, eps, R):
    with mp.workdps(30):
        best = inverse.worst_eta(eps, R)
        assert bounds.simplified_upper(mp.mpf(p), eps, R) - p <= best + mp.mpf(10) ** -25
        q = inverse.worst_p_for_eps(eps, R)
        assert mp.almosteq(bounds.simplified_upper(q, eps, R) - q, best, 1e-25)


@settings(max_examples=40, deadline=None)
@given(st.floats(0.01, 0.9), st.floats(0.1, 10))
def test_worst_eps_is_smallest(eta, R):
    with mp.workdps(30):
        e = inverse.worst_eps(eta, R)
        assert mp.almosteq(inverse.eps_gain_simplified(inverse.worst_p_for_eta(eta), mp.mpf(eta), R), e, 1e-20)
        for p in (0.001, 0.2, 0.5, (1 - eta) * 0.99):
            if p + eta < 1:
                assert inverse.eps_gain_simplified(mp.mpf(p), mp.mpf(eta), R) >= e - mp.mpf(10) ** -20


def test_geometric_advantage_brute_force():
    pmf = {k: mp.binomial(10, k) / 2 ** 10 for k in range(11)}
    a = exact.geometric_advantage(pmf, 5, 1, 1.0)
    brute = max(exact.geometric_posterior(pmf, 4, 6, y, 1.0, 1) for y in range(-60, 70))
    assert mp.almosteq(a.posterior, brute)
    ratio = mp.fsum(v for k, v in pmf.items() if not 4 <= k <= 6)
    assert a.posterior <= bounds.main_upper_discrete(pmf, 4, 6, 1.0, 1) <= 1 / (1 + ratio * mp.exp(-10) / (1 - ratio))


def test_and_or_against_exact_product_posteriors():
    """AND: independent Laplace(2 r_i / eps) per coordinate is eps-private for the max metric."""
    with mp.workdps(25):
        t1, t2 = Attribute(Normal(0, 1), 0.5, 0.25), Attribute(Exponential(1), 0.5, 0.75)
        both = bounds.shell_upper(bounds.shells(And((t1, t2))), 1)
        one = [bounds.shell_upper(bounds.shells(t), 1) for t in (t1, t2)]
        for y1, y2 in ((0, 0), (-2, 3), (1, -1)):
            p1 = exact.laplace_posterior(t1.prior, *t1.interval(1), y1, mp.mpf(1) / 2, 0.5)
            p2 = exact.laplace_posterior(t2.prior, *t2.interval(1), y2, mp.mpf(1) / 2, 0.5)
            assert p1 * p2 <= both
            assert 1 - (1 - p1) * (1 - p2) <= bounds.or_upper(*one)


def test_validation():
    with pytest.raises(SymdpError):
        Attribute(Normal(0, 1), -1)
    with pytest.raises(SymdpError):
        Normal(0, 0)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "symdp", *args], capture_output=True, text=True)


def test_cli_epsilon_and_guessing():
    out = _cli("epsilon", "--metric", "guessing-advantage", "--bound", "0.1", "--prior", "normal", "--mu", "40",
               "--sigma", "15", "--precision", "5", "--json")
    doc = json.loads(out.stdout)
    assert out.returncode == 0 and list(doc) == sorted(doc) and doc["epsilon"].startswith("0.10523553099316")
    out = _cli("guessing", "--epsilon", "0.5", "--prior", "uniform", "--lo", "0", "--hi", "100", "--precision", "5",
               "--bound-type", "simplified", "--json")
    assert out.returncode == 0 and json.loads(out.stdout)["exact"]["mechanism"] == "laplace"


@pytest.mark.parametrize("args", [("--bound", "1.5", "--prior", "normal", "--mu", "0", "--sigma", "1", "--precision", "1"),
                                  ("--bound", "0.1", "--prior", "normal", "--mu", "0", "--sigma", "1"),
                                  ("--bound", "0.1", "--prior", "normal", "--mu", "0", "--sigma", "1", "--precision",
                                   "1", "--bound-type", "exact"),
                                  ("--bound", "0.1", "--prior", "normal", "--mu", "0", "--sigma", "1", "--precision",
                                   "1", "--bound-type", "simplified")])
def test_cli_bad_input_one_line_exit_2(args):
    out = _cli("epsilon", "--metric", "guessing-advantage", *args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("symdp: error: ") and "is invalid: expected" in out.stderr


def test_precise_path_is_fast():
    with mp.workdps(30):
        started = time.perf_counter()
        sh = bounds.shells(Attribute(Exponential(1 / 50000), 5000))
        inverse.largest_eps(lambda e: bounds.shell_upper(sh, e) - sh.p, mp.mpf("0.1"), digits=15)
        assert time.perf_counter() - started < 0.5
