"""Laplace mechanism: library closed forms against quadrature (mpmath), written here."""
import mpmath as mp
import numpy as np
import pytest
import sympy as sp

from symdp.errors import SymdpError
from symdp.mechanisms import laplace, laplace_fast
from symdp.symbols import QD, QDp, alpha, dQ, eps, theta


def quad_survival(t, center, scale):
    """P(X >= t) for Lap(center, scale) by numerical integration of the density."""
    dens = lambda v: mp.exp(-abs(v - center) / scale) / (2 * scale)
    pts = [t, center] if t < center else [t]
    return mp.quad(dens, pts + [mp.inf])


@pytest.mark.parametrize("t", ["-3.5", "-0.2", "0", "0.7", "2.5"])
def test_rsr_gsr_match_quadrature(t):
    vals = {QDp: sp.Rational(3, 10), dQ: sp.Rational(5, 4), eps: sp.Rational(7, 10), theta: sp.Rational(t)}
    vals[QD] = vals[QDp] + vals[dQ]
    with mp.workdps(40):
        scale = mp.mpf(5) / 4 / (mp.mpf(7) / 10)
        for expr, center in ((laplace.rsr(), mp.mpf("1.55")), (laplace.gsr(), mp.mpf("0.3"))):
            got = mp.mpf(sp.N(expr.subs(vals), 40))
            assert mp.almosteq(got, quad_survival(mp.mpf(t), center, scale), 1e-30)


@pytest.mark.parametrize("a", ["0.01", "0.3", "0.5", "0.77", "0.999"])
def test_threshold_has_false_alarm_alpha(a):
    vals = {QDp: 1, dQ: 2, eps: sp.Rational(1, 3), alpha: sp.Rational(a)}
    with mp.workdps(40):
        t = mp.mpf(sp.N(laplace.threshold().subs(vals), 40))
        assert mp.almosteq(quad_survival(t, mp.mpf(1), mp.mpf(6)), mp.mpf(a), 1e-30)


def oracle_pr(e, p):
    """Precision and recall from the Laplace tails at 50 digits."""
    with mp.workdps(50):
        tail = lambda z: mp.exp(-z) / 2 if z >= 0 else 1 - mp.exp(z) / 2
        r, g = tail((mp.mpf(p) - 1) * e), tail(mp.mpf(p) * e)
        return r / (r + g), r


@pytest.mark.parametrize("e", [1e-8, 1e-3, 0.5, 5.0, 60.0, 700.0])
def test_pr_curve_accurate_at_the_extremes(e):
    psis = np.array([-1e6, -50.0, -1.0, 0.0, 0.3, 1.0, 2.0, 50.0])
    prec, rec = laplace_fast.pr_curve(e, psis)
    for k, p in enumerate(psis):
        op, orr = oracle_pr(mp.mpf(e), p)
        assert prec[k] == pytest.approx(float(op), rel=1e-13)
        if orr > 1e-300:
            assert rec[k] == pytest.approx(float(orr), rel=1e-12)


def test_pr_curve_rejects_bad_epsilon():
    with pytest.raises(SymdpError, match="epsilon"):
        laplace_fast.pr_curve(-1.0, [0.0])
