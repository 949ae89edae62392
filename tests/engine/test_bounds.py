"""One-sided printed values (symdp.engine.enclose.bounds): hand-checkable cases."""
from decimal import Decimal
from fractions import Fraction

import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.enclose.bounds import AT_LEAST, AT_MOST, method, one_sided, safe_round
from symdp.engine.model.status import Status
from symdp.errors import SymdpError


def derived(text="2.1734"):
    with mp.workdps(60):
        return mp.mpf(text)


# -- "at most": a largest epsilon, derived 2.1734 -------------------------------------------------

def test_truncated_value_on_the_safe_side_is_verified():
    out = one_sided("2.17", derived(), AT_MOST, 2, "the largest epsilon")
    assert out.status is Status.VERIFIED
    assert out.detail == "printed 2.17 <= derived 2.1734 (safe side, truncated)"


def test_value_above_the_largest_epsilon_is_an_erratum():
    out = one_sided("2.18", derived(), AT_MOST, 2, "the largest epsilon")
    assert out.status is Status.ERRATUM
    assert out.detail.startswith("printed 2.18 exceeds the largest epsilon 2.1734: "
                                 "a reader using it would break the bound")


def test_rounded_up_by_less_than_the_rounding_is_still_an_erratum():
    # 2.1756 rounds to 2.18, which is above it: the unsafe side
    out = one_sided("2.18", derived("2.1756"), AT_MOST, 2, "the largest epsilon")
    assert out.status is Status.ERRATUM
    assert "rounded to nearest; toward the safe side it is 2.17" in out.detail


def test_more_than_one_unit_below_is_an_erratum():
    out = one_sided("2.16", derived(), AT_MOST, 2)
    assert out.status is Status.ERRATUM
    assert "more than one unit of its last printed digit (0.01)" in out.detail


def test_printed_where_no_value_exists_is_an_erratum():
    out = one_sided("2.17", None, AT_MOST, 2, "the largest epsilon")
    assert out.status is Status.ERRATUM
    assert out.detail == "printed 2.17, but no value meets the bound: the largest epsilon does not exist"


def test_dash_against_no_value_is_verified_and_dash_against_a_value_is_not():
    assert one_sided(None, None, AT_MOST, 2).status is Status.VERIFIED
    out = one_sided(None, derived(), AT_MOST, 2, "the largest epsilon")
    assert out.status is Status.ERRATUM and "2.1734" in out.detail


def test_one_unit_below_an_exact_two_decimal_value_is_within_the_unit():
    assert one_sided("2.17", derived("2.18"), AT_MOST, 2).status is Status.VERIFIED
    assert one_sided("2.18", derived("2.18"), AT_MOST, 2).status is Status.VERIFIED   # equal: safe
    assert one_sided("2.16", derived("2.18"), AT_MOST, 2).status is Status.ERRATUM


def test_trailing_zeros_dropped_in_print():
    # Liu et al. print 3 for 3.00: decimals is the table's, not the cell's
    assert one_sided("3", derived("3.0037"), AT_MOST, 2).status is Status.VERIFIED
    assert one_sided("3", derived("2.9969"), AT_MOST, 2).status is Status.ERRATUM


# -- "at least": a smallest noise, mirrored ------------------------------------------------------

def test_at_least_mirrors_at_most():
    assert one_sided("2.18", derived(), AT_LEAST, 2).status is Status.VERIFIED
    assert one_sided("2.18", derived(), AT_LEAST, 2).detail == "printed 2.18 >= derived 2.1734 (safe side, rounded up)"
    below = one_sided("2.17", derived(), AT_LEAST, 2, "the smallest noise")
    assert below.status is Status.ERRATUM
    assert below.detail.startswith("printed 2.17 is below the smallest noise 2.1734: a reader using it would break")
    assert one_sided("2.19", derived(), AT_LEAST, 2).status is Status.ERRATUM     # more than one unit above
    assert one_sided("2.17", None, AT_LEAST, 2).status is Status.ERRATUM


# -- inputs, exactness, determinism --------------------------------------------------------------

@pytest.mark.parametrize("printed", ["2.17", " 2.17 ", sp.Rational(217, 100), Fraction(217, 100), Decimal("2.17"), 2.17])
def test_printed_forms(printed):
    assert one_sided(printed, derived(), AT_MOST, 2).status is Status.VERIFIED


def test_equality_within_the_derived_precision_is_the_safe_side():
    # mpf("2.18") is a binary fraction a hair off 2.18; that is no witness either way
    for safe in (AT_MOST, AT_LEAST):
        out = one_sided("2.18", derived("2.18"), safe, 2)
        assert out.status is Status.VERIFIED and "to 45 significant digits" in out.detail


def test_a_difference_beyond_the_precision_counts():
    with mp.workdps(80):
        d = mp.mpf("2.17") - mp.mpf("1e-30")
    assert one_sided("2.17", d, AT_MOST, 2).status is Status.ERRATUM


def test_sympy_derived_value():
    assert one_sided("0.69", sp.log(2), AT_MOST, 2).status is Status.VERIFIED
    assert one_sided("0.7", sp.log(2), AT_MOST, 2).status is Status.ERRATUM


def test_safe_round():
    assert safe_round(derived(), AT_MOST, 2) == Decimal("2.17")
    assert safe_round(derived(), AT_LEAST, 2) == Decimal("2.18")
    assert safe_round(derived("2.18"), AT_MOST, 2) == Decimal("2.18")
    assert safe_round(derived("2.18"), AT_LEAST, 2) == Decimal("2.18")


def test_deterministic_method_and_detail():
    a, b = one_sided("2.18", derived(), AT_MOST, 2), one_sided("2.18", derived(), AT_MOST, 2)
    assert a == b
    assert a.method == method(AT_MOST) == ("one-sided comparison (printed at most derived), exact rational "
                                           "arithmetic against the derived value at 50 digits")


@pytest.mark.parametrize("args, param", [
    (("2.175", derived(), AT_MOST, 2), "printed"),
    (("two", derived(), AT_MOST, 2), "printed"),
    (("2.17", derived(), "below", 2), "safe"),
    (("2.17", derived(), AT_MOST, -1), "decimals"),
    (("2.17", mp.inf, AT_MOST, 2), "derived"),
])
def test_bad_input_names_the_parameter(args, param):
    with pytest.raises(SymdpError) as err:
        one_sided(*args)
    assert err.value.parameter == param


def test_recorder_printed_bound():
    from symdp.engine.run.recorder import Recorder
    d = Recorder("t.bounds")
    d.printed_bound("ok", "2.17", derived(), AT_MOST, 2, text="cell", what="the largest epsilon")
    d.printed_bound("up", "2.18", derived(), AT_MOST, 2, expect=Status.ERRATUM)
    d.printed_bound("bad", "2.175", derived(), AT_MOST, 2)
    ok, up, bad = d.trace
    assert (ok.kind, ok.claim_id, ok.status, ok.ok) == ("printed-value", "ok", Status.VERIFIED, True)
    assert up.status is Status.ERRATUM and up.ok
    assert bad.status is Status.ERROR and "decimals" in bad.outcome.detail


def test_a_closed_form_derived_value_is_compared_against_its_enclosure():
    """Liu et al.'s Table 1, beta = 0.5, F*_beta <= 0.62: the largest epsilon is log(f(1 + b^2 - f)/((1 + b^2)^2
    (1 - f)^2)) = 0.548809689...; 0.55 is above it (an erratum, certified by an arb enclosure), 0.54 below."""
    import sympy as sp
    f, b = sp.Rational("0.62"), sp.Rational("0.5")
    exact = sp.log(f * (1 + b**2 - f) / ((1 + b**2) ** 2 * (1 - f) ** 2))
    high, low = one_sided("0.55", exact, AT_MOST, 2), one_sided("0.54", exact, AT_MOST, 2)
    assert high.status is Status.ERRATUM and low.status is Status.VERIFIED
    assert high.method == low.method == method(AT_MOST, enclosed=True)
    assert "arb enclosure" in high.method
    assert one_sided("0.55", mp.mpf("0.548809689355433192864"), AT_MOST, 2).method == method(AT_MOST)


# -- no value meets the bound, and why, enclosed (Liu et al.'s Table 1, issue 49) -------------------------------

NO_EPSILON = {  # (beta, bound): (printed cell, least F*_beta minus the bound by hand)
    ("0.5", "0.55"): ("0.22", Fraction(5, 9) - Fraction(55, 100)),      # (1 + 1/4)/(2 + 1/4) = 5/9: 1/180
    ("0.8", "0.62"): ("0.49", Fraction(41, 66) - Fraction(62, 100)),    # (1 + 16/25)/(2 + 16/25) = 41/66: 1/825
    ("1.5", "0.76"): ("1.17", Fraction(13, 17) - Fraction(76, 100)),    # (1 + 9/4)/(2 + 9/4) = 13/17: 2/425
    ("2", "0.83"): ("1.61", Fraction(5, 6) - Fraction(83, 100)),        # (1 + 4)/(2 + 4) = 5/6: 1/300
}


def _eq12(epsilon, beta):
    """Eq. 12 as printed (Liu et al. 2019), at 100 digits: the independent oracle."""
    with mp.workdps(100):
        e, b2 = mp.mpf(epsilon), mp.mpf(beta) ** 2
        if e < mp.log(1 + b2):
            return (1 + b2) / (2 + b2)
        r = mp.sqrt(1 + 4 * b2 * mp.exp(e))
        return (1 + b2) * (r - 1) / ((1 + b2) * r - 1 + b2)


def _no_value(beta, bound):
    from symdp.adversary.closed_forms import fbeta_star
    from symdp.engine.enclose.bounds import NoValue
    return NoValue(fbeta_star(0, sp.Rational(beta)) - sp.Rational(bound), f"least F*_beta minus {bound}")


@pytest.mark.parametrize("cell", sorted(NO_EPSILON))
def test_no_epsilon_cells_are_certified_by_an_enclosure_of_the_margin(cell):
    """The oracle: Eq. 12 at 100 digits is never below its flat value, which lies above the bound by the margin
    computed by hand, and the printed epsilon gives an adversary above the bound."""
    beta, bound = cell
    printed, margin = NO_EPSILON[cell]
    with mp.workdps(100):
        assert margin > 0 and mp.almosteq(_eq12(0, beta) - mp.mpf(bound), mp.mpf(margin.numerator) / margin.denominator,
                                          mp.mpf(10) ** -90)
        grid = [mp.mpf(k) / 8 for k in range(0, 80)]
        assert min(_eq12(e, beta) for e in grid) == _eq12(0, beta)
        assert _eq12(printed, beta) > mp.mpf(bound)
    out = one_sided(printed, _no_value(beta, bound), AT_MOST, 2, "the largest epsilon")
    assert out.status is Status.ERRATUM
    assert out.method == method(AT_MOST, absent=True) and "arb enclosure at 256 bits" in out.method
    assert f" is {margin.numerator}/{margin.denominator}: its arb enclosure at 256 bits lies in [" in out.detail
    lo, hi = (Fraction(Decimal(t)) for t in out.detail.rsplit("[", 1)[1].split("]")[0].split(", "))
    assert 0 < lo <= margin <= hi


def test_no_epsilon_tamper_twins_are_not_erratum():
    """Moved to be consistent, a cell is not an erratum: a dash where no epsilon exists; the bound moved past the
    flat value (0.56 > 5/9 at beta = 0.5) with the truncated largest epsilon printed (log(0.56 * 0.69 / (1.5625 *
    0.44^2)) = 0.2448...).  A margin that is not above 0 never certifies an absence."""
    from symdp.adversary.closed_forms import epsilon_for_fbeta
    from symdp.engine.enclose.bounds import NoValue
    dash = one_sided(None, _no_value("0.5", "0.55"), AT_MOST, 2)
    assert dash.status is Status.VERIFIED and dash.method == method(AT_MOST, absent=True)
    moved = epsilon_for_fbeta(sp.Rational("0.56"), sp.Rational("0.5"))
    with mp.workdps(100):
        assert mp.almosteq(mp.log(mp.mpf("0.56") * mp.mpf("0.69") / (mp.mpf("1.5625") * mp.mpf("0.44") ** 2)),
                           mp.mpf(str(sp.N(moved, 60))), mp.mpf(10) ** -55)
    out = one_sided("0.24", moved, AT_MOST, 2, "the largest epsilon")
    assert out.status is Status.VERIFIED and out.method == method(AT_MOST, enclosed=True)
    with pytest.raises(SymdpError) as err:       # 5/9 - 0.56 = -1/225: a value does meet the bound
        one_sided("0.24", _no_value("0.5", "0.56"), AT_MOST, 2)
    assert err.value.parameter == "derived"
    undecided = one_sided("0.22", NoValue(sp.Integer(0), "nothing"), AT_MOST, 2)
    assert undecided.status is Status.ERRATUM and undecided.method == method(AT_MOST)


def test_table1_no_epsilon_cells_are_enclosed():
    """The derivation itself (liu2019.table1, run alone): the four cells that print an epsilon where none meets
    the bound are errata certified by the enclosure; the dashes where none does are VERIFIED the same way."""
    from pathlib import Path
    from symdp.engine.run.registry import discover
    from symdp.engine.run.runner import run_one
    folder = Path(__file__).resolve().parents[2] / "derivations" / "liu2019"
    (spec,) = [s for s in discover(str(folder)) if s.id == "liu2019.table1"]
    claims = {c.claim_id: c for c in run_one(spec).claims}
    for beta, bound in NO_EPSILON:
        claim = claims[f"table1:beta={beta}:F={bound}"]
        assert claim.status is Status.ERRATUM and claim.outcome.method == method(AT_MOST, absent=True)
    dashes = [c for c in claims.values() if c.outcome.detail.startswith("no value meets the bound, as printed")]
    assert len(dashes) == 15 and all(c.status is Status.VERIFIED for c in dashes)
    assert {c.outcome.method for c in dashes} == {method(AT_MOST, absent=True)}
