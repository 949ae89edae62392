"""Definite integrals in ball arithmetic (:mod:`symdp.engine.enclose.arb_integrals`): acb.integral on pieces cut at the
kinks, tails bounded by proved majorants.

The oracle is mpmath at 50 digits: closed forms (int_z^oo phi = erfc(z/sqrt 2)/2, A&S 26.2.2; the Laplace
density integrates to 1) and tanh-sinh quadrature split at the kink by hand where there is no closed form.
"""
import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.run import decide
from symdp.engine.sampling import numeric as num
from symdp.engine.enclose.arb import NotRigorous, compile_arb
from symdp.engine.enclose.arb_readout import as_mpf
from symdp.engine.sampling.certify import Compiled
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status

x = sp.Symbol("x", real=True)
z = sp.Symbol("z", real=True)
eps = sp.Symbol("epsilon", positive=True)
mu = sp.Symbol("mu", real=True)
PHI = sp.exp(-x ** 2 / 2) / sp.sqrt(2 * sp.pi)
QUARTIC = sp.exp(-x ** 2 / 2 - x ** 4 / 10)          # no closed form: only the acb route encloses it
UPPER = sp.Integral(PHI, (x, z, sp.oo))


def _mp(v):
    v = sp.Rational(v)
    return mp.mpf(v.p) / v.q


def _quartic(t):
    return mp.exp(-t ** 2 / 2 - t ** 4 / 10)


CASES = [
    # (expression, symbols, point, oracle at 50 digits)
    (UPPER, (z,), {z: -6}, lambda z: mp.erfc(z / mp.sqrt(2)) / 2),
    (UPPER, (z,), {z: 0}, lambda z: mp.erfc(z / mp.sqrt(2)) / 2),
    (UPPER, (z,), {z: 3}, lambda z: mp.erfc(z / mp.sqrt(2)) / 2),
    (UPPER, (z,), {z: 30}, lambda z: mp.erfc(z / mp.sqrt(2)) / 2),              # 4.9e-198
    (sp.Integral(PHI, (x, -sp.oo, z)), (z,), {z: sp.Rational(1, 3)}, lambda z: mp.erfc(-z / mp.sqrt(2)) / 2),
    (sp.Integral(eps / 2 * sp.exp(-eps * sp.Abs(x - mu)), (x, -sp.oo, sp.oo)), (eps, mu),
     {eps: sp.Rational(1, 10), mu: sp.Rational(1, 3)}, lambda eps, mu: mp.mpf(1)),
    (sp.Integral(eps / 2 * sp.exp(-eps * sp.Abs(x - mu)), (x, -sp.oo, sp.oo)), (eps, mu),
     {eps: 20, mu: -2}, lambda eps, mu: mp.mpf(1)),
    (sp.Integral(sp.Abs(x - z) * PHI, (x, -1, 2)), (z,), {z: sp.Rational(1, 2)},
     lambda z: mp.quad(lambda t: abs(t - z) * mp.npdf(t), [-1, z, 2])),
    (sp.Integral(QUARTIC, (x, z, sp.oo)), (z,), {z: 1}, lambda z: mp.quad(_quartic, [z, mp.inf])),
    (sp.Integral(QUARTIC, (x, z, sp.oo)), (z,), {z: -3}, lambda z: mp.quad(_quartic, [z, 0, mp.inf])),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_the_enclosure_holds_the_value_and_is_as_narrow_as_the_precision(case):
    expr, symbols, point, oracle = CASES[case]
    ball = compile_arb(expr, symbols)(point, 256)
    with mp.workdps(60):   # 50 digits guaranteed with margin (erfc at 50 dps is off by 1.3e-48 at z = 30)
        truth = oracle(*(_mp(point[s]) for s in symbols))
    with mp.workdps(80):
        mid, rad = as_mpf(ball.mid()), as_mpf(ball.rad())
        assert abs(mid - truth) <= rad + abs(truth) * mp.mpf(10) ** -48
        assert rad <= abs(mid) * mp.mpf(2) ** -180


def test_an_integrand_without_a_complex_ball_form_is_not_enclosed():
    with pytest.raises(NotRigorous):
        compile_arb(sp.Integral(sp.Function("g")(x), (x, 0, z)), (z,))


def test_a_divergent_tail_has_no_enclosure():
    assert not compile_arb(sp.Integral(1 / (1 + x ** 2), (x, 0, sp.oo)), ())({}, 64).is_finite()


def test_the_false_gaussian_tail_identity_is_refuted_with_an_enclosed_witness():
    wrong = sp.erfc(z / sp.sqrt(2)) / 2 * sp.Rational(1001, 1000)
    out = decide.identity(UPPER, wrong, {z: sp.Interval(-5, 8)}, "tail-false", Attempts())
    assert out.status is Status.REFUTED and "certified" in out.method and out.witness is not None


def test_the_true_gaussian_tail_identity_is_not_refuted():
    out = decide.identity(UPPER, sp.erfc(z / sp.sqrt(2)) / 2, {z: sp.Interval(-5, 8)}, "tail-true", Attempts())
    assert out.status in (Status.PROVED, Status.VERIFIED)


def test_an_integral_with_no_closed_form_refutes_through_its_enclosure():
    """Judged as the numeric check judges any claim (compile_expr skipped: SymPy's closed-form search spends
    two minutes finding none for the quartic exponent); the mpmath sides are quadrature, the verdict arb's."""
    lhs = sp.Integral(QUARTIC, (x, z, sp.oo))
    rhs = (sp.Integral(QUARTIC, (x, z, 0)) + sp.Integral(QUARTIC, (x, 0, sp.oo))) * sp.Rational(1001, 1000)
    f = Compiled(lambda v: mp.quad(_quartic, [v, 0, mp.inf]), (z,), arb=compile_arb(lhs, (z,)))
    g = Compiled(lambda v: mp.quad(_quartic, [v, 0, mp.inf]) * mp.mpf("1.001"), (z,), arb=compile_arb(rhs, (z,)))
    out = num.check_equal(f, g, {z: sp.Interval(-5, 8)}, "quartic-false")
    assert out.status is Status.REFUTED and "certified" in out.method
    same = Compiled(f.fn, (z,), arb=compile_arb(rhs / sp.Rational(1001, 1000), (z,)))
    assert num.check_equal(f, same, {z: sp.Interval(-5, 8)}, "quartic-true").status is Status.VERIFIED
