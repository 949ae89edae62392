"""Infinite sums in ball arithmetic (:mod:`symdp.engine.enclose.arb_series`) and the identity route that sums them.

The oracle is mpmath at 50 digits (``nsum`` on the series itself, an independent evaluation) and the closed
forms derived by hand: sum_{k>=1} k q^k = q/(1-q)^2 (differentiate the geometric series), and
sum_k e^{-eps|k|} = 1 + 2 e^{-eps}/(1 - e^{-eps}) = (1 + e^{-eps})/(1 - e^{-eps}).
"""
import mpmath as mp
import pytest
import sympy as sp
from flint import arb

from symdp.engine.run import decide
from symdp.engine.enclose.arb import NotRigorous, compile_arb
from symdp.engine.enclose.arb_readout import as_mpf
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

q = sp.Symbol("q", positive=True)
eps = sp.Symbol("epsilon", positive=True)
mu = sp.Symbol("mu", real=True)
k = sp.Symbol("k", integer=True)
Q = {q: sp.Interval.open(0, 1)}
EPS = {eps: sp.Interval.open(0, sp.oo)}
GEOMETRIC = sp.Sum(k * q ** k, (k, 1, sp.oo))
TWO_SIDED = sp.Sum(sp.exp(-eps * sp.Abs(k)), (k, -sp.oo, sp.oo))
CLOSED_TWO_SIDED = (1 + sp.exp(-eps)) / (1 - sp.exp(-eps))


def _oracle(term, lo, hi, **values):
    """The series at 50 digits by mpmath's nsum, on ranges split by hand at the term's kink (nsum's extrapolation
    is wrong across a kink: it gives -0.09 for the Max case below, whose sum is 3.53)."""
    ranges = [(lo, hi)] if not isinstance(lo, list) else list(zip(lo, hi))
    with mp.workdps(50):
        exact = {n: mp.mpf(sp.Rational(v).p) / sp.Rational(v).q for n, v in values.items()}
        return sum(mp.nsum(lambda j: term(j, **exact), [a, b]) for a, b in ranges)


CASES = [
    # (expression, symbols, point, oracle term, lower, upper)
    (GEOMETRIC, (q,), {q: sp.Rational(1, 10 ** 6)}, lambda j, q: j * q ** j, 1, mp.inf),
    (GEOMETRIC, (q,), {q: sp.Rational(1, 2)}, lambda j, q: j * q ** j, 1, mp.inf),
    (GEOMETRIC, (q,), {q: sp.Rational(98, 100)}, lambda j, q: j * q ** j, 1, mp.inf),
    (TWO_SIDED, (eps,), {eps: sp.Rational(1, 100)}, lambda j, epsilon: mp.exp(-epsilon * abs(j)), -mp.inf, mp.inf),
    (TWO_SIDED, (eps,), {eps: 1}, lambda j, epsilon: mp.exp(-epsilon * abs(j)), -mp.inf, mp.inf),
    (TWO_SIDED, (eps,), {eps: 40}, lambda j, epsilon: mp.exp(-epsilon * abs(j)), -mp.inf, mp.inf),
    (sp.Sum(k ** 2 * sp.exp(-eps * sp.Abs(k)), (k, -sp.oo, sp.oo)), (eps,), {eps: sp.Rational(1, 2)},
     lambda j, epsilon: j ** 2 * mp.exp(-epsilon * abs(j)), -mp.inf, mp.inf),
    (sp.Sum(sp.exp(-eps * sp.Abs(k - mu)), (k, -sp.oo, sp.oo)), (eps, mu), {eps: 1, mu: sp.Rational(7, 2)},
     lambda j, epsilon, mu: mp.exp(-epsilon * abs(j - mu)), -mp.inf, mp.inf),
    (sp.Sum(sp.exp(-eps * sp.Max(k, 3 - k)), (k, -sp.oo, 10)), (eps,), {eps: sp.Rational(1, 3)},
     lambda j, epsilon: mp.exp(-epsilon * max(j, 3 - j)), [-mp.inf, 2], [1, 10]),
    (sp.Sum(sp.binomial(k + 3, 3) * q ** k, (k, 0, sp.oo)), (q,), {q: sp.Rational(1, 3)},
     lambda j, q: mp.binomial(j + 3, 3) * q ** j, 0, mp.inf),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_the_enclosure_holds_the_value_and_is_as_narrow_as_the_precision(case):
    expr, symbols, point, term, lo, hi = CASES[case]
    truth = _oracle(term, lo, hi, **{str(s): v for s, v in point.items()})
    ball = compile_arb(expr, symbols)(point, 256)
    with mp.workdps(80):
        mid, rad = as_mpf(ball.mid()), as_mpf(ball.rad())
        assert abs(mid - truth) <= rad + abs(truth) * mp.mpf(10) ** -48   # the oracle's own 50 digits
        assert rad <= abs(mid) * mp.mpf(2) ** -180                        # 50 digits and more at 256 bits


def test_a_slow_series_gets_a_wide_but_true_ball():
    """Past MAX_TERMS terms (or when they would not reach the precision) the ball is wider, never wrong."""
    ball = compile_arb(GEOMETRIC, (q,))({q: sp.Rational(9999, 10000)}, 64)
    assert ball.is_finite() and ball.contains(arb(9999) * 10 ** 4)    # q/(1-q)^2 = 9999e4
    for bits in (64, 256):
        ball = compile_arb(GEOMETRIC, (q,))({q: sp.Rational(99, 100)}, bits)
        assert ball.contains(arb(9900)) and ball.rad() < 1e-4


def test_a_divergent_series_has_no_enclosure():
    assert not compile_arb(sp.Sum(k, (k, 1, sp.oo)), ())({}, 64).is_finite()
    assert not compile_arb(GEOMETRIC, (q,))({q: 2}, 64).is_finite()


def test_a_kink_the_tail_cannot_resolve_is_not_enclosed():
    with pytest.raises(NotRigorous):
        compile_arb(sp.Sum(sp.exp(-sp.floor(k / 2) * eps), (k, 0, sp.oo)), (eps,))


def test_the_false_series_identity_is_refuted_with_an_enclosed_witness():
    out = decide.identity(GEOMETRIC, 1 / (1 - q) ** 2, Q, "series-false", Attempts())
    assert out.status is Status.REFUTED
    assert "certified" in out.method and "arb enclosure" in out.detail and out.witness is not None


def test_the_true_series_identity_is_proved():
    assert decide.identity(GEOMETRIC, q / (1 - q) ** 2, Q, "series-true", Attempts()).status is Status.PROVED


def test_the_two_sided_geometric_sum_is_proved_and_replays():
    attempts = Attempts()
    out = decide.identity(TWO_SIDED, CLOSED_TWO_SIDED, EPS, "two-sided", attempts)
    assert out.status is Status.PROVED and "split at |k|" in out.method
    replay = decide.identity(TWO_SIDED, CLOSED_TWO_SIDED, EPS, "two-sided", Attempts(transcript=attempts.log))
    assert replay.status is Status.PROVED and replay.method == out.method


def test_the_two_sided_sum_nudged_is_refuted_with_an_enclosed_witness():
    out = decide.identity(TWO_SIDED, CLOSED_TWO_SIDED * (1 + sp.Rational(1, 10 ** 6)), EPS, "two-sided-off",
                          Attempts())
    assert out.status is Status.REFUTED and "certified" in out.method


def test_the_discrete_laplace_variance_near_miss_is_refuted():
    """Var of the discrete Laplace law P(k) = (1 - r)/(1 + r) r^|k|, r = e^-eps: 2 r/(1 - r)^2 (by hand: twice
    sum_{k>=1} k^2 r^k = r (1 + r)/(1 - r)^3, times (1 - r)/(1 + r)); one wrong factor of (1 - r) refutes.
    (The true one is proved by the summation route when the claim's 6 s budget reaches it; under load it is
    spent first and the sample, slow at tiny eps, decides: not tested here.)"""
    r = sp.exp(-eps)
    lhs = sp.Sum(k ** 2 * (1 - r) / (1 + r) * sp.exp(-eps * sp.Abs(k)), (k, -sp.oo, sp.oo))
    wrong = decide.identity(lhs, 2 * r / (1 - r) ** 3, EPS, "dl-var-off", Attempts())
    assert wrong.status is Status.REFUTED and "certified" in wrong.method
