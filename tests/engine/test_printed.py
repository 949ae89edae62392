"""Printed numbers judged exactly (engine.enclose.printed_number): exact rationals, arb enclosures, honest UNDECIDED.

The oracle is Python's decimal module at 80 digits (its exp, ln and sqrt are
correctly rounded), which the engine does not use.
"""
from decimal import Decimal, localcontext

import pytest
import sympy as sp

from symdp.engine.enclose.printed_number import judge
from symdp.engine.model.status import Status
from symdp.errors import SymdpError


def _decimal(text_expr):
    with localcontext() as ctx:
        ctx.prec = 80
        return eval(text_expr, {"D": Decimal})


@pytest.mark.parametrize("derived, oracle", [
    (1 - sp.exp(-sp.Rational(1, 2)) / 2, "1 - (-D(1) / 2).exp() / 2"),
    (sp.E / (sp.E + 1), "D(1).exp() / (D(1).exp() + 1)"),
    (sp.sqrt(sp.log(125000)), "D(125000).ln().sqrt()"),
])
@pytest.mark.parametrize("decimals", [1, 2, 3, 6])
def test_rounding_to_nearest_agrees_with_decimal(derived, oracle, decimals):
    value = _decimal(oracle)
    right = str(value.quantize(Decimal(1).scaleb(-decimals)))
    wrong = str(Decimal(right) + Decimal(1).scaleb(-decimals))
    assert judge(right, derived, decimals).status is Status.PROVED
    out = judge(wrong, derived, decimals)
    assert out.status is Status.ERRATUM and out.detail.endswith(f"is {right}")


def test_truncation_and_rounding_up():
    v = sp.sqrt(sp.log(125000))             # 3.4257...
    assert judge("3.4", v, 1, "down").status is Status.PROVED
    assert judge("3.5", v, 1, "down").status is Status.ERRATUM
    assert judge("3.5", v, 1, "up").status is Status.PROVED
    assert judge("3.4", v, 1, "up").status is Status.ERRATUM


def test_exact_rationals_compare_exactly_including_ties():
    assert judge("0.13", sp.Rational(1, 8), 2).status is Status.PROVED     # 0.125: a tie accepts either side
    assert judge("0.12", sp.Rational(1, 8), 2).status is Status.PROVED
    assert judge("0.2", sp.Rational(1, 4), 1, "down").status is Status.PROVED
    assert judge("0.3", sp.Rational(1, 4), 1, "down").status is Status.ERRATUM
    assert judge(15, sp.Integer(15), 0).method == "exact rational arithmetic"


def test_near_a_rounding_boundary_the_precision_rises():
    out = judge("0.697", sp.Rational(6965, 10000) + sp.exp(-100), 3)
    assert out.status is Status.PROVED and "64 bits" not in out.method


def test_unresolvable_or_unenclosable_is_undecided():
    assert judge("0.697", sp.Rational(6965, 10000) + sp.exp(-10**5), 3).status is Status.UNDECIDED
    assert judge("1.0", sp.Function("g")(1), 1).status is Status.UNDECIDED


@pytest.mark.parametrize("kwargs, name", [
    ({"printed": "0.25", "derived": sp.Rational(1, 4), "decimals": 1}, "printed"),
    ({"printed": "0.2", "derived": sp.Float("0.2"), "decimals": 1}, "derived"),
    ({"printed": "0.2", "derived": sp.Symbol("x"), "decimals": 1}, "derived"),
    ({"printed": "0.2", "derived": sp.Rational(1, 5), "decimals": 1, "rounding": "half"}, "rounding"),
    ({"printed": "0.2", "derived": sp.Rational(1, 5), "decimals": -1}, "decimals"),
])
def test_bad_inputs_name_the_parameter(kwargs, name):
    with pytest.raises(SymdpError, match=name):
        judge(**kwargs)
