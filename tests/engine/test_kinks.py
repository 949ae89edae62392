"""Quadrature of an integrand with a corner: split at the corner, the mpmath side settles at once.

Oracle: the Laplace tail by hand, int_t^oo e^{-|x|}/2 dx = e^{-t}/2 (t >= 0) and 1 - e^{t}/2 (t < 0).
"""
import math

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.certify import compile_expr
from symdp.engine.kinks import split_at_kinks

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
