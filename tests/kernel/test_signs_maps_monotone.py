"""Maps inside a ``signs`` node (a symbol whose interval ends depend on another symbol) and the ``monotone`` rule
(a goal beyond its value at an end), each with near-miss false twins the kernel must reject.

Oracle: the claims are standard (Liu et al. 2019's Laplace branches, ``2 eps - log(2 e^eps - 1) > 0``, Zhao et
al.'s e^-D bound); each false twin is refuted by hand at the point named in its comment."""
import sympy as sp

from symdp.kernel import Monotone, Proof, Signs, check, sign_claim
from symdp.kernel.proof import Proof as P

eps, alpha, x, t = (sp.Symbol(n, positive=True) for n in ("epsilon", "alpha", "x", "t"))
D = sp.Symbol("D", positive=True)
LOW = {eps: sp.Interval.open(0, sp.oo), alpha: sp.Interval.open(0, sp.exp(-eps) / 2)}


def _ok(claim, node) -> bool:
    return check(claim, P.from_json(Proof(node).to_json())).accepted


def test_a_map_onto_an_interval_whose_end_depends_on_another_symbol():
    """-1 - log(2 alpha)/eps > 0 for alpha < e^-eps/2: alpha = e^-eps/(2(1 + t)) gives log(1 + t)/eps."""
    claim = sign_claim(-1 - sp.log(2 * alpha) / eps, "positive", LOW)
    assert _ok(claim, Signs(("map:alpha:down", "together", "expand")))
    assert not _ok(claim, Signs(("together", "expand")))            # no map: the tree shows no sign


def test_a_mapped_false_twin_is_rejected():
    """-1 - log(3 alpha)/eps > 0 fails near alpha = e^-eps/2 (it is log(2/3)/eps < 0 there)."""
    twin = sign_claim(-1 - sp.log(3 * alpha) / eps, "positive", LOW)
    assert not any(_ok(twin, Signs((f"map:alpha:{k}", "together", "expand"))) for k in ("down", "up", "shift", "reflect"))


def test_maps_come_first_and_cover_the_interval():
    claim = sign_claim(-1 - sp.log(2 * alpha) / eps, "positive", LOW)
    verdict = check(claim, Proof(Signs(("together", "map:alpha:down", "expand"))))
    assert not verdict.accepted and "maps come first" in verdict.reason
    closed = sign_claim(-1 - sp.log(2 * alpha) / eps, "nonnegative", {eps: LOW[eps], alpha: sp.Interval(0, 1)})
    assert "does not cover" in check(closed, Proof(Signs(("map:alpha:down",)))).reason   # [0, 1]: each image misses an end


def test_an_interval_end_read_by_the_table():
    """x in (1/(t + 1), 1/t) with t > 1 is positive: its lower end's sign is read, not assumed."""
    y = sp.Symbol("y", real=True)
    claim = sign_claim(y, "positive", {t: sp.Interval.open(1, sp.oo), y: sp.Interval.open(1 / (t + 1), 1 / t)})
    assert _ok(claim, Signs(()))
    twin = sign_claim(y, "positive", {t: sp.Interval.open(1, sp.oo), y: sp.Interval.open(1 / (t + 1) - 1, 1 / t)})
    assert not _ok(twin, Signs(()))                                   # y = -1/4 at t = 3 lies inside


SHARPER = 2 * eps - sp.log(2 * sp.exp(eps) - 1)


def test_monotone_from_the_lower_end():
    """2 eps - log(2 e^eps - 1) > 0 for eps > 0: 0 at eps = 0, derivative 2 - 2e^eps/(2e^eps - 1) > 0."""
    claim = sign_claim(SHARPER, "positive", {eps: sp.Interval.open(0, sp.oo)})
    assert _ok(claim, Monotone("epsilon", "lower", Signs(()), Signs(("together",))))


def test_monotone_near_misses_are_rejected():
    dom = {eps: sp.Interval.open(0, sp.oo)}
    # eps - log(2 e^eps - 1) < 0 for eps > 0: its derivative is negative, the slope premise fails
    twin = sign_claim(eps - sp.log(2 * sp.exp(eps) - 1), "positive", dom)
    assert not _ok(twin, Monotone("epsilon", "lower", Signs(()), Signs(("together",))))
    # the same true claim measured from the wrong end, or with the end included and a zero value
    claim = sign_claim(SHARPER, "positive", dom)
    assert not _ok(claim, Monotone("epsilon", "upper", Signs(()), Signs(("together",))))
    closed = sign_claim(SHARPER, "positive", {eps: sp.Interval(0, sp.oo)})     # 0 at eps = 0
    assert not _ok(closed, Monotone("epsilon", "lower", Signs(()), Signs(("together",))))


def test_monotone_needs_the_goal_defined_at_the_end():
    """x log x + 1 > 0 on (0, 1) is true, but its value at the end 0 is 0*log 0, undefined as written: the rule
    must not read a limit as a value."""
    claim = sign_claim(x * sp.log(x) + 1, "positive", {x: sp.Interval.open(0, 1)})
    verdict = check(claim, Proof(Monotone("x", "lower", Signs(()), Signs(()))))
    assert not verdict.accepted and "not shown defined" in verdict.reason


def test_monotone_with_a_dependent_interval_is_refused():
    claim = sign_claim(D - 1, "positive", {D: sp.Interval.open(1, sp.oo), x: sp.Interval.open(0, D)})
    assert "mentions" in check(claim, Proof(Monotone("D", "lower", Signs(()), Signs(())))).reason


def test_monotone_from_an_end_with_a_constant_value():
    """D/2 - 1 + e^-D > 0 for D > 8/5 (Zhao et al.'s bound): -1/5 + e^-8/5 > 0 at the end, slope 1/2 - e^-D > 0."""
    claim = sign_claim(D / 2 - 1 + sp.exp(-D), "positive", {D: sp.Interval.open(sp.Rational(8, 5), sp.oo)})
    node = Monotone("D", "lower", Signs(()), Signs(()))
    assert _ok(claim, node)
    twin = sign_claim(D / 2 - 1 + sp.exp(-D), "positive", {D: sp.Interval.open(sp.Rational(3, 2), sp.oo)})
    assert not _ok(twin, node)                                         # -1/4 + e^-3/2 = -0.027 at D = 3/2
    assert check(claim, Proof(node)).rules == ("monotone", "signs")


def test_the_new_nodes_match_the_schema():
    import json
    from pathlib import Path

    import pytest
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parents[2] / "symdp" / "schemas" / "proof.schema.json").read_text())
    for node in (Signs(("map:alpha:down", "together", "factor")),
                 Monotone("D", "lower", Signs(()), Monotone("D", "upper", Signs(("expand",)), Signs(())))):
        jsonschema.validate(Proof(node).to_json(), schema)


def test_an_inverse_function_is_real_inside_its_range():
    """erfcinv(z) is real for 0 < z < 2 (erfc maps the line onto (0, 2)): e^{-erfcinv(z)^2} > 0 there, and the
    reading is refused where z reaches 2 (erfcinv(5/2) is not real)."""
    z = sp.Symbol("z", positive=True)
    goal = sp.exp(-sp.erfcinv(z) ** 2)
    assert _ok(sign_claim(goal, "positive", {z: sp.Interval.open(0, 2)}), Signs(()))
    assert not _ok(sign_claim(goal, "positive", {z: sp.Interval.open(0, 3)}), Signs(()))
    # the GDP curve's slope in mu (Dong, Roth and Su): 2 - 2/(e^eps + 1) lies in (0, 2), read over one denominator
    mu = sp.Symbol("mu", positive=True)
    slope = -sp.exp(-(mu + sp.sqrt(2) * sp.erfcinv(2 - 2 / (sp.exp(eps) + 1))) ** 2 / 2)
    assert _ok(sign_claim(slope, "negative", {eps: sp.Interval.open(0, sp.oo), mu: sp.Interval.open(0, sp.oo)}), Signs(()))


# --- the adversarial review of 2026-12-06: four false claims the first version accepted -------------------------

HALF = sp.Rational(1, 2)


def test_monotone_integrates_over_the_whole_interval_not_the_symbol_s_assumptions():
    """4 s^2 - 1/2 > 0 for s in [-1, 1] with s positive: false at s = 1/10 (-0.46).  The slope 8 s read > 0 from s's
    own assumption while the integral from -1 crosses s <= 0."""
    s = sp.Symbol("s", positive=True)
    claim = sign_claim(4 * s ** 2 - HALF, "positive", {s: sp.Interval(-1, 1)})
    assert not _ok(claim, Monotone("s", "lower", Signs(()), Signs(())))


def test_monotone_needs_the_goal_and_slope_defined_as_written():
    """atan(1/(s - 1/2)) > 0 on [0, 1]: false at s = 1/4 (-1.33); its slope, after `together`, reads > 0 through
    the jump at s = 1/2."""
    s = sp.Symbol("s")
    claim = sign_claim(sp.atan(1 / (s - HALF)), "positive", {s: sp.Interval(0, 1)})
    assert not _ok(claim, Monotone("s", "upper", Signs(()), Signs(("together",))))


def test_an_undefined_base_to_the_power_zero_has_no_value():
    """2 - exp(1/s)^s >= 0 on (0, 1): false everywhere (2 - e); at s = 0 the goal is nan**0, which flint gives as 1."""
    s = sp.Symbol("s", real=True)
    claim = sign_claim(2 - sp.exp(1 / s) ** s, "nonnegative", {s: sp.Interval.open(0, 1)})
    assert not _ok(claim, Monotone("s", "lower", Signs(()), Signs(("map:s:down",))))


def test_a_negative_base_has_no_real_root():
    """x + (-1)^(1/3) < 0 on (0, 1/2): SymPy's (-1)^(1/3) is the principal root 1/2 + i sqrt(3)/2, not -1; the
    kernel's and the engine's compilers gave -1."""
    from flint import arb

    from symdp.engine.enclose.arb import compile_arb
    y = sp.Symbol("y")
    claim = sign_claim(y + (-1) ** sp.Rational(1, 3), "negative", {y: sp.Interval.open(0, HALF)})
    assert not _ok(claim, Signs(()))
    assert not compile_arb(y + (-1) ** sp.Rational(1, 3), [y])({y: arb(0.25)}, 128).is_finite()
    assert compile_arb(y ** sp.Rational(1, 3), [y])({y: arb(8)}, 128).contains(2)
