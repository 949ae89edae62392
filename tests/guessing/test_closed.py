"""symdp.guessing.closed (the posterior and the main bound as SymPy expressions) against quadrature.

The oracles are nested quadratures of Bayes' rule (``examples.quad_posterior``, ``examples.main_quad``):
they integrate the densities numerically and share no closed form with the expressions.
"""
import mpmath as mp
import pytest
import sympy as sp

from symdp.errors import SymdpError
from symdp.guessing import closed
from symdp.guessing.examples import PRIORS, R1, guess, main_quad, quad_posterior
from symdp.guessing.priors import Exponential, Normal
from symdp.special import Exprel

eps, y = sp.Symbol("epsilon", positive=True), sp.Symbol("y", real=True)
POINTS = [(sp.Rational(1, 20), sp.Rational(-6)), (sp.Rational(1, 2), sp.Rational(-1, 4)),
          (sp.Rational(1, 2), sp.Rational(1, 3)), (sp.Integer(2), sp.Rational(5, 4)), (sp.Integer(4), sp.Integer(6))]
"""Outputs on both sides of g(x), at its ends, and k = 0 of the exponential prior (eps = 1/2, rate 1)."""


def _bounds(prior):
    lo, hi = guess(prior)
    return closed.exact(lo), closed.exact(hi)


@pytest.mark.parametrize("name", sorted(PRIORS))
def test_posterior_matches_quadrature(name):
    prior = PRIORS[name]
    post = closed.laplace_posterior(prior, *_bounds(prior), y, eps, R1)
    for e, t in POINTS:
        with mp.workdps(30):
            want = quad_posterior(prior, mp.mpf(t.p) / t.q, mp.mpf(e.p) / e.q)
        got = sp.N(post.subs({eps: e, y: t}), 30)
        assert abs(got - sp.Float(want, 30)) < sp.Float("1e-20"), (name, e, t)


@pytest.mark.parametrize("name", sorted(PRIORS))
def test_main_bound_matches_quadrature(name):
    prior = PRIORS[name]
    bound = closed.main_upper(prior, *_bounds(prior), eps, R1)
    for e in (sp.Rational(1, 20), sp.Rational(1, 2), sp.Integer(3)):
        with mp.workdps(30):
            want = main_quad(prior, mp.mpf(e.p) / e.q)
        assert abs(sp.N(bound.subs(eps, e), 30) - sp.Float(want, 30)) < sp.Float("1e-20"), (name, e)


def test_exprel_is_one_at_zero_and_expm1_over_x_elsewhere():
    x = sp.Symbol("x", real=True)
    assert Exprel(0) == 1 and Exprel(x).is_positive
    with mp.workdps(50):
        for v in ("1e-30", "-3.5", "2"):
            want = mp.expm1(mp.mpf(v)) / mp.mpf(v)
            assert abs(sp.N(Exprel(sp.Float(v, 50)), 50) - sp.Float(want, 50)) < sp.Float("1e-45")


def test_errors_name_the_parameter():
    with pytest.raises(SymdpError, match="prior"):
        closed.piece(object(), eps, 0, 1)
    with pytest.raises(SymdpError, match="c=.*rate"):
        closed.piece(Exponential(1), eps + 1, 0, sp.oo)
    assert closed.exact(-0.25) == sp.Rational(-1, 4) and closed.exact(mp.mpf(3)) == 3
    assert closed.piece(Normal(0, 1), 0, -sp.oo, sp.oo) == 1


def _target(name):
    from symdp.guessing.examples import CENTRE
    from symdp.guessing.targets import Attribute
    prior = PRIORS[name]
    return Attribute(prior, R1, CENTRE + (R1 if isinstance(prior, Exponential) else 0))


@pytest.mark.parametrize("name", sorted(PRIORS))
def test_shell_bound_matches_the_mpmath_series_and_is_below_it(name):
    """closed.shell_upper against the shell masses of bounds.shells (the priors' mpmath CDFs, not the
    expression's pieces): with n = 12 shells and the rest at distance 13 the two agree to 25 digits, and the
    short form is at most the whole series' bound (bounds.shell_upper)."""
    from symdp.guessing.bounds import shell_upper, shells
    target, n = _target(name), 12
    with mp.workdps(30):
        series = shells(target)
        q = list(series.q[:n]) + [mp.mpf(0)] * (n - len(series.q[:n]))
        for e in (sp.Rational(1, 20), sp.Rational(1, 2), sp.Integer(3)):
            z = mp.exp(-mp.mpf(e.p) / e.q)
            short = mp.fsum(z ** (a + 2) * v for a, v in enumerate(q, 1)) + z ** (n + 3) * (1 - series.p - mp.fsum(q))
            got = sp.N(closed.shell_upper(target, eps, n).subs(eps, e), 30)
            assert abs(got - sp.Float(series.p / (series.p + short), 30)) < 1e-25
            assert got <= sp.Float(shell_upper(series, mp.mpf(e.p) / e.q), 30) + sp.Float(10) ** -28


def test_and_ball_is_the_product_and_bad_shell_arguments_are_named():
    from symdp.guessing.targets import And, Attribute
    t1, t2 = _target("normal"), _target("exponential")
    with mp.workdps(30):
        want = t1.ball(2) * t2.ball(2)
        assert abs(sp.N(closed.ball(And((t1, t2)), 2), 30) - sp.Float(want, 30)) < 1e-25
    with pytest.raises(SymdpError, match="n=0"):
        closed.shell_upper(t1, eps, 0)
    with pytest.raises(SymdpError, match="relative"):
        closed.ball(Attribute(PRIORS["exponential"], 0.5, 2, relative=True), 1)
