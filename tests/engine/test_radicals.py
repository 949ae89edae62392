"""Square roots of perfect squares taken out exactly (engine.validated.radicals), and the exact-zero test of a
face that uses them (rules._cancels).

Oracle: by hand, 4 e - 4 e^(1/2) + 1 = (2 e^(1/2) - 1)^2 with 2 e^(1/2) - 1 = 2.297 > 0, and
4 b^2 (1 + b^2) + 1 = (2 b^2 + 1)^2; sqrt((b - 1)^2) is |b - 1|, not b - 1, for b > 0.
"""
from __future__ import annotations

import sympy as sp

from symdp.engine.validated.radicals import squares_out
from symdp.engine.validated.rules import _cancels

b = sp.Symbol("b", positive=True)
H = sp.exp(sp.Rational(1, 2))


def test_a_constant_square_hidden_by_e():
    face = sp.sqrt(4 * (H - 1) * H + 1) - 2 * (H - 1) - 1
    assert sp.expand(sp.cancel(face)) != 0      # SymPy alone does not see it
    assert _cancels(face)


def test_a_square_in_a_symbol():
    assert sp.expand(squares_out(sp.sqrt(4 * b ** 2 * (1 + b ** 2) + 1)) - (2 * b ** 2 + 1)) == 0
    rate = 1 / (1 + (sp.sqrt(4 * b ** 2 / (1 + b ** 2) + 1 / (1 + b ** 2) ** 2) + 1 / (1 + b ** 2)) / (2 * b ** 2 + 2))
    assert _cancels(rate - (b ** 2 + 1) / (b ** 2 + 2))


def test_a_square_of_unknown_sign_is_left_alone():
    assert not _cancels(sp.sqrt(b ** 2 - 2 * b + 1) - (b - 1))
    assert not _cancels(sp.sqrt(4 * (H - 1) * H + 1) - 2 * (H - 1) - 1 + sp.Rational(1, 10 ** 30))


def test_arguments_of_functions_written_as_one_fraction():
    e = sp.Symbol("epsilon", positive=True)
    assert _cancels(sp.erfcinv(2 - 2 / (sp.exp(e) + 1)) - sp.erfcinv(2 * sp.exp(e) / (sp.exp(e) + 1)))
    assert not _cancels(sp.erfcinv(2 - 2 / (sp.exp(e) + 1)) - sp.erfcinv(2 / (sp.exp(e) + 1)))
