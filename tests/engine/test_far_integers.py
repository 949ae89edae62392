"""A claim false only far out along an unbounded integer is REFUTED with an enclosure; its true twin is not.

The fresh held-out folder's near miss ``1.6449 - sum_{j<=n} 1/j^2 >= 0`` (false for n > 29,000: the partial
sums tend to pi^2/6 = 1.644934...) was VERIFIED by a sample that never goes past n = 1,000."""
import sympy as sp

from symdp.engine.run.recorder import Recorder
from symdp.engine.model.status import Status

n = sp.Symbol("n", integer=True, positive=True)
j = sp.Symbol("j", integer=True, positive=True)
S = sp.Sum(1 / j**2, (j, 1, n))


def _status(expr, which="nonnegative"):
    d = Recorder("t.far")
    d.sign("c", expr, which, {n: sp.Interval(1, sp.oo)})
    return d.trace[-1].outcome


def test_a_partial_sum_past_its_bound_only_far_out_is_refuted_with_an_enclosure():
    got = _status(sp.Rational(16449, 10000) - S)
    assert got.status is Status.REFUTED and "arb enclosure" in got.detail and "far out" in got.detail
    n_at = float(dict(got.witness.point)["n"])
    assert n_at > 29000 and sum(1 / k**2 for k in range(1, 30001)) > 1.6449  # the oracle: the sum written out


def test_the_true_twin_is_not_refuted():
    assert _status(sp.pi**2 / 6 - S).status in (Status.PROVED, Status.VERIFIED)
    assert _status(S - 1, "nonnegative").status in (Status.PROVED, Status.VERIFIED)
