"""Steps use the prover (issue 49, item 4): ``solve(domain=...)`` drops a root the sign prover shows outside
the domain and says so; ``solve`` and ``substitute`` are PROVED only where their output was checked."""
import sympy as sp

from symdp.engine.run.recorder import Recorder
from symdp.engine.model.status import Status

alpha = sp.Symbol("alpha", positive=True)
mu = sp.Symbol("mu", positive=True)
delta = sp.Symbol("delta", positive=True)
LOG = sp.log(1 / delta)


def _rdp_slope():
    """The RDP conversion's objective alpha mu^2 / 2 + log(1/delta) / (alpha - 1) (Mironov 2017, Prop. 3), its
    slope in alpha: stationary at 1 +- sqrt(2 log(1/delta)) / mu."""
    return sp.diff(alpha * mu ** 2 / 2 + LOG / (alpha - 1), alpha)


def test_solve_on_a_domain_returns_the_one_root_above_one():
    d = Recorder("t")
    roots = d.solve("alpha^*", _rdp_slope(), alpha, domain={alpha: sp.Interval.open(1, sp.oo),
                                                            delta: sp.Interval.open(0, 1)})
    (root,) = roots
    assert sp.N(root.subs({delta: sp.Rational(1, 10), mu: 1}) - (1 + sp.sqrt(2 * sp.log(10)))) == 0
    step = d.trace[-1]
    assert step.status is Status.PROVED
    assert "1 shown outside" in step.outcome.method
    assert "dropped" in step.outcome.detail and "kept" in step.outcome.detail


def test_solve_on_alpha_alone_drops_the_root_below_one_where_real_and_not_real_elsewhere():
    """As autodp_dp.py writes it (delta > 0 only): the root 1 - sqrt(2 log(1/delta))/mu is at most 1 where it
    is real (delta <= 1) and not real for delta > 1, so outside (1, oo) for every mu, delta."""
    d = Recorder("t")
    (root,) = d.solve("alpha^*", _rdp_slope(), alpha, domain=sp.Interval.open(1, sp.oo))
    assert root.subs({delta: sp.Rational(1, 10), mu: 1}).evalf() > 1
    step = d.trace[-1]
    assert step.status is Status.PROVED and "1 shown outside" in step.outcome.method
    # the kept root is the one the step displays; the detail names it as such and prints the dropped one
    assert "not real for delta outside" in step.outcome.detail and "kept the root shown above" in step.outcome.detail
    assert step.exprs == (("alpha^*", root),)


def test_solve_without_domain_checks_each_root():
    x = sp.Symbol("x", real=True)
    d = Recorder("t")
    assert sorted(d.solve("r", x ** 2 - 2, x)) == [-sp.sqrt(2), sp.sqrt(2)]
    assert d.trace[-1].status is Status.PROVED


def test_substitute_of_a_value_that_may_break_an_assumption_is_not_proved():
    z = sp.Symbol("z", positive=True)
    x = sp.Symbol("x", real=True)
    d = Recorder("t")
    assert d.substitute("s", sp.sqrt(z ** 2), {z: x}) == x              # SymPy used z > 0: |x| was meant
    assert d.trace[-1].status is Status.UNDECIDED
    assert "not known to be positive" in d.trace[-1].outcome.detail
    d.substitute("t", sp.sqrt(z ** 2), {z: x ** 2 + 1})
    assert d.trace[-1].status is Status.PROVED


def test_substitute_meets_an_assumption_on_the_domain_it_is_given():
    """gamma = (1 - delta)/(e^eps + 1) is positive for delta in (0, 1) (tvd2023's kink of Theorem 14), not for
    delta in (0, 2) (delta = 3/2 makes it negative), and a closed end is not used (delta = 1 gives 0)."""
    g = sp.Symbol("gamma", positive=True)
    eps, delta = sp.Symbol("epsilon", positive=True), sp.Symbol("delta", positive=True)
    kink, d = (1 - delta) / (sp.exp(eps) + 1), Recorder("t")
    for interval, status in ((sp.Interval.open(0, 1), Status.PROVED), (sp.Interval.open(0, 2), Status.UNDECIDED),
                             (sp.Interval(0, 1), Status.UNDECIDED), (None, Status.UNDECIDED)):
        domain = {eps: sp.Interval.open(0, sp.oo), delta: interval} if interval is not None else None
        d.substitute("s", g ** 2, {g: kink}, domain=domain)
        assert d.trace[-1].status is status, interval
    x = sp.Symbol("x", real=True)
    d.substitute("s", g, {g: x - 1}, domain={x: sp.Interval.open(1, 3)})
    assert d.trace[-1].status is Status.PROVED
    d.substitute("s", g, {g: x}, domain={x: sp.Interval.open(-sp.oo, sp.oo)})
    assert d.trace[-1].status is Status.UNDECIDED


def test_substitute_reads_erfcinv_through_the_normal_quantile():
    """sqrt(2) erfcinv(2a) = -PhiInv(a) is real for a in (0, 1) (fdp.tradeoff's threshold), not for a in (0, 2)."""
    t, a = sp.Symbol("t", real=True), sp.Symbol("a", positive=True)
    d = Recorder("t")
    for interval, status in ((sp.Interval.open(0, 1), Status.PROVED), (sp.Interval.open(0, 2), Status.UNDECIDED)):
        d.substitute("s", t ** 2, {t: sp.sqrt(2) * sp.erfcinv(2 * a)}, domain={a: interval})
        assert d.trace[-1].status is status, interval


def test_substitute_into_a_singularity_is_not_proved():
    x = sp.Symbol("x", real=True)
    d = Recorder("t")
    d.substitute("s", 1 / x, {x: 0})
    assert d.trace[-1].status is Status.UNDECIDED
