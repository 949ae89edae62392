"""A claim read on the face where it is least (engine.regions.faces): f monotone along one symbol on the whole domain.

Oracle: by hand.  1 - u y falls in u (d/du = -y < 0), so on u in (0, 1] it is least at u = 1, where it is
1 - y.  The F-beta slack of rr:optimal (Liu et al. 2019, Sec. 7) falls in the recall's factor u: its
derivative is -(1 + b^2)(b^2 + g) m / (b^2 + g + u m)^2 with m = min(e^eps g, 1 - (1 - g) e^-eps) >= 0.
A pole (1/(u - 1/3)), an open end, a symbol inside a kink, and a derivative of both signs are never read on a
face; a false claim stays false on its face (the face is a part of the domain).
"""
from __future__ import annotations

import sympy as sp

from symdp.engine.regions import faces
from symdp.mechanisms import discrete
from symdp.symbols import beta, eps

u, y, g = sp.symbols("u y g", positive=True)
UNIT = {u: sp.Interval.Lopen(0, 1), y: sp.Interval.open(0, 1)}


def test_least_at_the_closed_end_the_slope_points_to():
    claim, rest, face = faces.reduce(1 - u * y, "nonnegative", UNIT)
    assert (face.symbol, face.end, face.sign) == (u, 1, "nonpositive")
    assert claim == 1 - y and rest == {y: UNIT[y]}
    assert "face u = 1" in face.said() and "d/du <= 0" in face.said()


def test_an_upper_bound_is_read_where_the_claim_is_greatest():
    claim, _, face = faces.reduce(u * y - 1, "nonpositive", UNIT)
    assert (face.symbol, face.end, claim) == (u, 1, y - 1)


def test_the_rr_optimal_slack_is_least_at_the_upper_edge():
    b2 = beta ** 2
    r = u * sp.Min(sp.exp(eps) * g, 1 - (1 - g) * sp.exp(-eps))
    slack = sp.Max(sp.exp(eps) / (1 + sp.exp(eps)), (1 + b2) / (2 + b2)) - discrete.fbeta(g, r, b2)
    domain = {eps: sp.Interval.Lopen(0, 10), beta: sp.Interval.open(sp.Rational(1, 5), 5),
              g: sp.Interval.open(0, 1), u: sp.Interval.Lopen(0, 1)}
    claim, rest, face = faces.reduce(slack, "nonnegative", domain)
    assert (face.symbol, face.end) == (u, 1) and u not in claim.free_symbols and u not in rest


def test_an_open_end_is_read_as_the_limit_only_where_the_claim_allows_0():
    """1 - u y >= 0 on u in (0, 1) holds as its limit 1 - y at u -> 1 does; a strict claim could touch its limit
    (1 - u y - (1 - y) = y (1 - u) > 0 there, but that is the claim again), so it is not read there."""
    opened = {u: sp.Interval.open(0, 1), y: UNIT[y]}
    claim, _, face = faces.reduce(1 - u * y, "nonnegative", opened)
    assert claim == 1 - y and not face.closed and "its limit at the open end" in face.said()
    assert faces.reduce(1 - u * y, "positive", opened) is None


def test_a_region_proved_on_its_face_or_identically_0():
    boxes, cert = faces.prove(1 - u * y, "nonnegative", UNIT, 600)
    assert cert.startswith("face:u = 1|") and faces.prove(1 - u * y, "nonnegative", UNIT, 600, cert) == (boxes, cert)
    zero = y / (y + 1) + 1 / (y + 1) - 1 + 0 * u   # 0, not written so
    assert faces.prove(zero, "nonnegative", {y: UNIT[y]}, 600) == (0, "face:|zero")
    assert faces.prove(zero, "positive", {y: UNIT[y]}, 600) is None


def test_never_read_on_a_face():
    """A pole inside the domain, a symbol inside a kink, a slope of both signs (u - 1/2)^2."""
    pole = 1 / (u - sp.Rational(1, 3)) + y
    assert faces.reduce(pole, "nonnegative", {u: UNIT[u]}) is None
    assert faces.prove(pole, "nonnegative", UNIT, 600) is None   # read on y -> 0 only: 1/(u - 1/3), false
    assert faces.reduce(sp.Max(u, y) - u * y, "nonnegative", UNIT) is None
    assert faces.reduce((u - sp.Rational(1, 2)) ** 2 + y, "nonnegative", {u: UNIT[u]}) is None


def test_a_false_claim_stays_false_on_its_face():
    """1 - u y - 1/10 < 0 near u = y = 1: read on u = 1 it is 9/10 - y, still negative at y = 0.95; never proved,
    at a closed end or an open one."""
    false = 1 - u * y - sp.Rational(1, 10)
    claim, _, _ = faces.reduce(false, "nonnegative", UNIT)
    assert claim.subs(y, sp.Rational(95, 100)) < 0
    for domain in (UNIT, {u: sp.Interval.open(0, 1), y: UNIT[y]}):
        assert faces.prove(false, "nonnegative", domain, 600) is None


def test_a_replay_reads_only_the_faces_its_certificate_names(monkeypatch):
    """(u - 1/3)^2 + u/10 + y: the slope in y is 1 (the face y = 0, least there); in u, 2 (u - 1/3) + 1/10, it
    is -17/30 at 0 and 13/30 at the middle: the search tries u first in vain, a replay goes straight to y; a
    certificate naming another face does not replay."""
    claim, domain = (u - sp.Rational(1, 3)) ** 2 + u / 10 + y, {u: UNIT[u], y: sp.Interval(0, 1)}
    boxes, cert = faces.prove(claim, "nonnegative", domain, 600)
    assert cert.startswith("face:y = 0")
    tried, face = [], faces._face
    monkeypatch.setattr(faces, "_face", lambda e, w, dm, x: tried.append(x) or face(e, w, dm, x))
    assert faces.prove(claim, "nonnegative", domain, 600, cert) == (boxes, cert) and tried[0] == y
    assert faces.prove(claim, "nonnegative", domain, 600, cert.replace("y = 0", "u = 0")) is None
