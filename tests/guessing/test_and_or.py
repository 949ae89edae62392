"""AND / OR of attributes (derivation pankova2023.and-or) against independent oracles: 2-D quadrature, Monte Carlo."""
import mpmath as mp
import numpy as np

from symdp.guessing import bounds, exact
from symdp.guessing.priors import Exponential, Normal
from symdp.guessing.targets import And, Attribute


def _max_laplace_posterior(lam, eps):
    """Pr[X in [0, 2]^2 | y = (0, 0)], X_i ~ Exp(lam) iid, f(y|x) ∝ e^{-eps ||y - x||_inf}: 2-D quadrature."""
    w = lambda a, b: mp.exp(-eps * max(a, b) - lam * (a + b))
    inside = mp.quad(lambda a: mp.quad(lambda b: w(a, b), [0, a, 2]), [0, 2])
    total = 2 * mp.quad(lambda a: mp.quad(lambda b: w(a, b), [0, a]), [0, mp.inf])    # symmetric in a <-> b
    return inside / total


def _and_bound(lam, eps, printed):
    """The shell bound of the AND family summed term by term (not via the derivation's geometric closed forms)."""
    ball = lambda a: (1 - mp.exp(-lam * (1 + a))) ** 2
    p = ball(1)
    shift = 0 if printed else 2
    s = mp.nsum(lambda k: mp.exp(-eps * (k + shift)) * (ball(k + 1) - ball(k)), [1, mp.inf])
    return p / (p + s)


def test_printed_and_bound_violated_corrected_holds():
    with mp.workdps(30):
        lam, eps = mp.mpf(1), mp.mpf(1)
        post = _max_laplace_posterior(lam, eps)
        assert mp.almosteq(_and_bound(lam, eps, True), mp.mpf("0.91813517893703790836"), 1e-15)
        assert mp.almosteq(post, mp.mpf("0.91813517893703790836") + mp.mpf("0.031875408750092267603"), 1e-12)
        assert post > _and_bound(lam, eps, True) + 0.03
        assert _and_bound(lam, eps, False) >= post


def test_and_shells_match_the_box():
    """Shells of the max metric: ball(a) of the AND is the product of the per-attribute balls."""
    t1, t2 = Attribute(Normal(0, 1), 0.5, 0.25), Attribute(Exponential(1), 0.5, 0.75)
    sh = bounds.shells(And((t1, t2)))
    assert mp.almosteq(sh.p, t1.ball(1) * t2.ball(1))
    assert mp.almosteq(sh.q[0], t1.ball(2) * t2.ball(2) - sh.p)


def test_or_monte_carlo_attacker():
    """Seeded: independent priors, Laplace r/eps on each; Pr[g1 or g2 | Y] against the exact product formula."""
    eps, r = 1.0, 0.5
    rng = np.random.default_rng(11)
    x1, x2 = rng.normal(0, 1, 1_000_000), rng.exponential(1, 1_000_000)
    y1, y2 = x1 + rng.laplace(0, r / eps, x1.size), x2 + rng.laplace(0, r / eps, x2.size)
    sel = (np.abs(y1 - 0.25) < 0.05) & (np.abs(y2 - 0.75) < 0.05)
    hit = ((np.abs(x1 - 0.25) <= r) | (np.abs(x2 - 0.75) <= r))[sel]
    p1 = exact.laplace_posterior(Normal(0, 1), -0.25, 0.75, 0.25, eps, r)
    p2 = exact.laplace_posterior(Exponential(1), 0.25, 1.25, 0.75, eps, r)
    want = float(bounds.or_prior(p1, p2))
    se = np.sqrt(want * (1 - want) / hit.size)
    assert abs(hit.mean() - want) < 5 * se + 0.003                   # the 0.003: bin width around the outputs
    u1 = bounds.main_upper(Normal(0, 1), -0.25, 0.75, eps, r)
    u2 = bounds.main_upper(Exponential(1), 0.25, 1.25, eps, r)
    assert bounds.or_upper(u1, u2) >= 1 - (1 - u1) * (1 - u2) >= want
