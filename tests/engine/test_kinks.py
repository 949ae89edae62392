"""Quadrature of an integrand with a corner: split at the corner, the mpmath side settles at once.

Oracle: the Laplace tail by hand, int_t^oo e^{-|x|}/2 dx = e^{-t}/2 (t >= 0) and 1 - e^{t}/2 (t < 0).
"""
import math

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.sampling import certify
from symdp.engine.sampling.certify import compile_expr
from symdp.engine.enclose.kinks import smooth_pieces, split_at_kinks

x = sp.Symbol("x", real=True)
t = sp.Symbol("t", real=True)
TAIL = sp.Integral(sp.exp(-sp.Abs(x)) / 2, (x, t, sp.oo))


def test_the_split_is_the_same_integral():
    split = split_at_kinks(TAIL)
    assert split != TAIL and len(split.atoms(sp.Integral)) == 2
    assert all(i.function == TAIL.function for i in split.atoms(sp.Integral))


@pytest.mark.parametrize("at", [-3.25, -0.5, 0.0, 0.75, 4.0])
def test_the_tail_by_hand(at):
    exact = math.exp(-at) / 2 if at >= 0 else 1 - math.exp(at) / 2
    f = compile_expr(TAIL, (t,))
    with mp.workdps(60):
        value = f({t: mp.mpf(at)})
    assert abs(value - exact) <= 1e-15 * abs(exact)


def test_an_integrand_without_corners_is_left_alone():
    smooth = sp.Integral(sp.exp(-x ** 2), (x, t, sp.oo))
    assert split_at_kinks(smooth) == smooth


def test_smooth_pieces_close_a_laplace_tail_with_a_symbolic_kink():
    """SymPy cannot integrate |x - c| with a symbolic c; its pieces between the kinks it integrates."""
    c, th = sp.Symbol("c", real=True), sp.Symbol("theta", real=True)
    tail = sp.Integral(sp.exp(-sp.Abs(x - c)) / 2, (x, th, sp.oo))
    closed = certify.closed_integrals(tail)
    assert not closed.has(sp.Integral)
    with mp.workdps(40):  # oracle: the Laplace survival function by hand, at theta on both sides of c
        for c0, t0 in ((1, 2), (1, -3), (-2, -2)):
            value = closed.subs({c: c0, th: t0}).evalf(40)
            by_hand = mp.exp(-(t0 - c0)) / 2 if t0 >= c0 else 1 - mp.exp(t0 - c0) / 2
            assert abs(mp.mpf(str(value)) - by_hand) < mp.mpf(10) ** -30


def test_smooth_pieces_need_a_slope_of_known_sign():
    c, k = sp.Symbol("c", real=True), sp.Symbol("k", real=True)
    assert smooth_pieces(sp.Integral(sp.exp(-sp.Abs(k * x - c)), (x, 0, 1))) is None
