"""The kernel's maps onto a domain (``map:<symbol>:<kind>`` in an ``algebra`` node): identities that hold only on
their domain close after the map the search used; each has a false twin on a wider interval that no map may close,
and a map whose image misses a point of the interval is refused.

Oracle: the identities are elementary (sqrt((1 - x)^2) = |1 - x|, |y| = -y for y < 0); the twins are checked false
by mpmath at a point of their domain.
"""
from __future__ import annotations

import json
from pathlib import Path

import mpmath
import pytest
import sympy as sp

from symdp.engine.proof.kernel_proofs import Stated
from symdp.engine.proof.proof_export import _charted
from symdp.kernel import Algebra, Proof, check, identity_claim

x = sp.Symbol("x", real=True)
y = sp.Symbol("y", real=True)
SQUARE = sp.sqrt((1 - x) ** 2)
SCHEMA = Path(__file__).resolve().parents[2] / "symdp" / "schemas" / "proof.schema.json"


def _accepted(claim, *rewrites, closing="cancel"):
    return check(claim, Proof(Algebra(tuple(rewrites), closing))).accepted


@pytest.mark.parametrize("interval, kind", [
    (sp.Interval.open(0, 1), "down"), (sp.Interval.open(0, 1), "up"),
    (sp.Interval.Ropen(0, 1), "up"),
])
def test_an_identity_of_the_domain_closes_after_its_map(interval, kind):
    assert _accepted(identity_claim(SQUARE, 1 - x, {x: interval}), f"map:x:{kind}")


def test_a_half_open_interval_maps_with_t_nonnegative():
    assert _accepted(identity_claim(sp.Abs(x), x, {x: sp.Interval.Lopen(0, 1)}), "map:x:down")


def test_without_the_map_it_does_not_close():
    assert not _accepted(identity_claim(SQUARE, 1 - x, {x: sp.Interval.open(0, 1)}))


def test_the_false_twin_on_a_wider_interval_is_never_closed():
    with mpmath.workdps(30):
        assert mpmath.sqrt((1 - mpmath.mpf(1.5)) ** 2) != 1 - mpmath.mpf(1.5)   # false at x = 1.5
    twin = identity_claim(SQUARE, 1 - x, {x: sp.Interval.open(0, 2)})
    assert not any(_accepted(twin, f"map:x:{k}") for k in ("down", "up", "shift", "reflect"))


@pytest.mark.parametrize("kind", ["down", "up"])
def test_a_closed_interval_has_no_map(kind):
    """Each image misses an end of [0, 1] (where the identity here does hold: the kernel refuses all the same)."""
    verdict = check(identity_claim(SQUARE, 1 - x, {x: sp.Interval(0, 1)}), Proof(Algebra((f"map:x:{kind}",), "cancel")))
    assert not verdict.accepted and "does not cover" in verdict.reason


def test_shift_and_reflect_cover_half_lines():
    assert _accepted(identity_claim(sp.Abs(y), -y, {y: sp.Interval.open(-sp.oo, 0)}), "map:y:reflect")
    assert _accepted(identity_claim(sp.sqrt(x ** 2), x, {x: sp.Interval(0, sp.oo)}), "map:x:shift")
    assert not _accepted(identity_claim(sp.Abs(y), -y, {y: sp.Interval.open(-sp.oo, 1)}), "map:y:reflect")
    assert not _accepted(identity_claim(sp.sqrt(x ** 2), x, {x: sp.Interval(-1, sp.oo)}), "map:x:shift")
    assert not _accepted(identity_claim(sp.Abs(y), -y, {y: sp.Interval.open(-sp.oo, 0)}), "map:y:shift")


@pytest.mark.parametrize("name", ["map:z:down", "map:x:sideways", "map:x", "map::down"])
def test_a_map_of_no_domain_symbol_or_kind_is_rejected(name):
    verdict = check(identity_claim(SQUARE, 1 - x, {x: sp.Interval.open(0, 1)}), Proof(Algebra((name,), "cancel")))
    assert not verdict.accepted and "map" in verdict.reason


def test_maps_survive_their_json_form_and_match_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    proof = Proof(Algebra(("map:x:down", "expand"), "cancel"))
    data = proof.to_json()
    jsonschema.validate(json.loads(json.dumps(data)), json.loads(SCHEMA.read_text()))
    assert check(identity_claim(SQUARE, 1 - x, {x: sp.Interval.open(0, 1)}), Proof.from_json(data)).accepted
    bad = {**data, "proof": {**data["proof"], "rewrites": ["map:x:diagonal"]}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, json.loads(SCHEMA.read_text()))


def test_the_exporter_writes_the_searchs_maps():
    stated = Stated("identity", {"lhs": sp.Abs(y), "rhs": -y, "domain": {y: sp.Interval.open(-sp.oo, 0)}}, "k")
    made = _charted(stated, "symbolic (as written after y = 0 - t)")
    assert made.proof is not None and made.proof.root.rewrites[0] == "map:y:reflect"
    assert check(made.claim, made.proof).accepted
    assert _charted(stated, "symbolic (as written after y = 0 - log(1 + t))").proof is None   # no counterpart
