"""Mutation suite: a PROVED inequality nudged false must never be PROVED or VERIFIED.

The proved sign and monotonicity claims come from the catalogue (those whose
certificate records a proof) and from the held-out folder; a deterministic
selection (by a hash of the claim's label) keeps the suite's CPU modest:
about 60 mutations.  ``SYMDP_MUTATIONS=all`` mutates every proved claim, ``SYMDP_MUTATIONS=<n>`` the first n
(half catalogue, half held-out) in the same hash order.
Each mutation is certainly false (an arb enclosure at one point of its domain,
:mod:`tests.engine.mutants`) and false only near that point.

Also a property test: random small expressions that the engine PROVES hold at
random points in 300-digit arithmetic.
"""
from __future__ import annotations

import os
from pathlib import Path

import mpmath as mp
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symdp.engine import certificates as certs
from symdp.engine import decide
from symdp.engine.budget import within_budget
from symdp.engine.provers import Attempts
from symdp.engine.recorder import Recorder
from symdp.engine.registry import collect
from symdp.engine.status import Status

from mutants import Claim, mutants, order_key

ROOT = Path(__file__).resolve().parents[2]
SOURCES = (ROOT / "derivations", ROOT / "tests" / "heldout" / "claims")
_ASKED = os.environ.get("SYMDP_MUTATIONS", "")
FULL = _ASKED == "all"
CLAIMS = 10**6 if FULL else int(_ASKED) if _ASKED.isdigit() else 30
"""Proved claims mutated (each gives up to three mutations)."""
DRY_RUN_LIMIT = 120.0


class _Capture(Recorder):
    """Runs a derivation's algebra and captures its sign and monotone claims, deciding nothing."""

    def __init__(self, derivation_id):
        super().__init__(derivation_id)
        self.captured: list = []

    def sign(self, cid, expr, which, domain=None, text="", expect=None, numeric=True, n=0, symbolic=True, boxes=None):
        if isinstance(expr, sp.Basic) and symbolic and expect is None:
            fp = certs.fingerprint("sign", expr, which, domain, numeric)
            self.captured.append((fp, Claim(f"{self.derivation_id}::{cid}", expr, which, dict(domain or {}))))

    def monotone(self, cid, expr, var, increasing, domain=None, text="", expect=None):
        if expect is None:
            which = "positive" if increasing else "negative"
            fp = certs.fingerprint("monotone", sp.diff(expr, var), which, domain)
            self.captured.append((fp, Claim(f"{self.derivation_id}::{cid}", expr, which, dict(domain or {}), var)))

    def identity(self, *args, **kwargs):
        pass

    printed = cross_check = printed_value = printed_bound = identity


def _certified(folder: Path) -> dict:
    """{claim label: proved method} of the sign and monotone proofs recorded below ``folder``."""
    found = {}
    for path in sorted(folder.rglob("*" + certs.SUFFIX)):
        for c in certs.load(path).values():
            if "sign analysis" in c.proved or "validated" in c.proved:
                found[c.claim] = c.proved
    return found


def _captured(folder: Path, wanted=None):
    specs = collect(folder).specs
    if wanted is not None:
        specs = [s for s in specs if s.id in wanted]
    out = []
    for spec in sorted(specs, key=lambda s: s.id):
        d = _Capture(spec.id)
        try:
            within_budget(lambda: spec.fn(d), DRY_RUN_LIMIT)
        except Exception:
            continue
        out += [claim for _, claim in d.captured]
    return out


def _is_proved(claim: Claim) -> bool:
    outcome = decide.sign(claim.signed, claim.which, claim.domain, claim.label, Attempts(), numeric=False)
    return outcome.status is Status.PROVED


def _selection(folder: Path, count: int) -> list[Claim]:
    """``count`` proved claims of ``folder`` in hash order: from the certificates where there are some
    (only their derivations are run, for their expressions), else searched afresh."""
    labels = sorted(_certified(folder), key=order_key)
    if labels:
        wanted = set(labels[:count])
        claims = _captured(folder, {label.split("::")[0] for label in wanted})
        return sorted((c for c in claims if c.label in wanted), key=lambda c: order_key(c.label))
    picked = []
    for claim in sorted(_captured(folder), key=lambda c: order_key(c.label)):
        if len(picked) < count and _is_proved(claim):
            picked.append(claim)
    return picked


def proved_claims() -> list[Claim]:
    """A deterministic selection of proved sign/monotone claims: half catalogue, half held-out."""
    return [c for folder in SOURCES for c in _selection(folder, CLAIMS // 2)]


def _decided(m) -> Status:
    expr = sp.diff(m.expr, m.var) if m.var is not None else m.expr
    key = certs.fingerprint("sign", expr, m.which, m.domain, True)
    return decide.sign(expr, m.which, m.domain, key, Attempts(budget=1.0, total=2.0)).status


_CLAIMS = proved_claims()
"""The selection, made at collection (about 2 s: the certificates' labels, then those derivations' algebra)."""


def _listing(rows) -> str:
    return "\n".join(f"{m.label}: {status.value} (false at {m.point}: {m.enclosure})" for m, status in rows)


def test_enough_mutations():
    assert len([m for claim in _CLAIMS for m in mutants(claim)]) >= (150 if FULL else min(40, CLAIMS))


@pytest.mark.parametrize("claim", _CLAIMS, ids=[c.label for c in _CLAIMS])
def test_mutations_are_never_proved_or_verified(claim):
    """One item per proved claim (its mutations decided afresh), so pytest-xdist shares them out and a
    failure names the claim."""
    rows = [(m, _decided(m)) for m in mutants(claim)]
    bad = [(m, s) for m, s in rows if s in (Status.PROVED, Status.VERIFIED)]
    assert not bad, _listing(bad)


# --- property: what the engine proves holds at random points (300 digits) --------------

X = sp.Symbol("x", positive=True)
_LEAVES = st.sampled_from([X, X / 2, 2 * X, sp.Integer(1), sp.Integer(2), sp.Rational(1, 3)])
_UNARY = [sp.exp, lambda e: sp.log(1 + e), sp.tanh, lambda e: sp.sqrt(1 + e), lambda e: 1 / (1 + e)]


def _grow(children):
    unary = st.builds(lambda k, e: _UNARY[k](e), st.integers(0, len(_UNARY) - 1), children)
    binary = st.builds(lambda a, b, k: (a + b, a * b, a - b)[k], children, children, st.integers(0, 2))
    return unary | binary


EXPRS = st.recursive(_LEAVES, _grow, max_leaves=4).filter(lambda e: X in e.free_symbols)
POINTS = st.lists(st.floats(1e-6, 500.0), min_size=3, max_size=3)


def _holds(value, which: str) -> bool:
    return {"positive": value > 0, "negative": value < 0,
            "nonnegative": value >= 0, "nonpositive": value <= 0}[which]


@settings(max_examples=int(os.environ.get("SYMDP_PROPERTY_EXAMPLES", "30")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(EXPRS, EXPRS, st.sampled_from(["positive", "negative", "nonnegative"]), POINTS)
def test_what_is_proved_holds_at_300_digits(a, b, which, points):
    sign = decide.sign(a - b, which, {}, "property", Attempts(budget=1.0, total=2.0), numeric=False)
    same = decide.identity(a, b, None, "property", Attempts(budget=1.0, total=2.0), numeric=False)
    f = sp.lambdify(X, a - b, "mpmath")
    with mp.workdps(300):
        for x in points:
            value = f(mp.mpf(x))
            scale = max(abs(mp.mpf(1)), abs(sp.lambdify(X, a, "mpmath")(mp.mpf(x))))
            if sign.status is Status.PROVED:
                assert _holds(value, which) or abs(value) < scale * mp.mpf(10) ** -280, (a - b, which, x, value)
            if same.status is Status.PROVED:
                assert abs(value) <= scale * mp.mpf(10) ** -280, (a, b, x, value)
