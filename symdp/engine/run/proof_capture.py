"""The claims a derivation states, captured without deciding them: what ``symdp check-proofs`` checks against.

A certificate names its claim only by a content hash (:func:`.certificates.fingerprint`).  To check a proof
against the claim it proves, the derivation is run with :class:`CapturingRecorder`: its bookkeeping steps run
as usual, each claim records its arguments under the fingerprint the recorder computes for it, and nothing is
decided (no search, no sampling), as :func:`symdp.pytest_plugin.dry_run` lists claims.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field

import sympy as sp

from ..model import requirements
from ..model.budget import BudgetExceeded, within_budget
from .recorder import Recorder
from ..model.records import Outcome
from ..model.status import Status

_NOT_DECIDED = Outcome(Status.UNDECIDED, "not decided (capturing claims)")


@dataclass(frozen=True)
class Captured:
    """One claim as stated: its certificate key, its label and the arguments it was called with."""

    fingerprint: str
    label: str
    kind: str
    """identity, sign, monotone or printed (the recorder method that stated it)."""
    args: dict


@dataclass(frozen=True)
class Capture:
    claims: dict
    """fingerprint -> :class:`Captured`."""
    error: str = ""
    """Why the derivation did not run to its end ("" when it did); its later claims are missing."""
    keyed: dict = field(default_factory=dict)
    """claim key (:func:`.certificates.claim_key`) -> :class:`Captured`, for the claims a proof object can key."""


def _bound(method, self, args, kwargs) -> dict:
    bound = inspect.signature(method).bind(self, *args, **kwargs)
    bound.apply_defaults()
    return dict(bound.arguments)


class CapturingRecorder(Recorder):
    """A recorder whose claims are captured (arguments and fingerprint), never decided."""

    def __init__(self, derivation_id: str):
        super().__init__(derivation_id)
        self.captured: dict = {}
        self.keyed: dict = {}
        self._pending = ("", {})

    def _decide(self, box, cid, fingerprint, decider, hint=None, stated=None):
        kind, args = self._pending
        self._pending = ("", {})
        self.captured[fingerprint] = Captured(fingerprint, f"{self.derivation_id}::{cid}", kind, args)
        if stated is not None:
            self.keyed[stated.key] = Captured(stated.key, f"{self.derivation_id}::{cid}", stated.kind, stated.args)
        box["outcome"] = _NOT_DECIDED

    def _listed(self, cid):
        self._claim_id(cid)

    def identity(self, cid, *args, **kwargs):
        self._pending = ("identity", _bound(Recorder.identity, self, (cid, *args), kwargs))
        return super().identity(cid, *args, **kwargs)

    def sign(self, cid, *args, **kwargs):
        b = _bound(Recorder.sign, self, (cid, *args), kwargs)
        if not isinstance(b["expr"], sp.Basic):
            return self._listed(cid)   # a function by name: sampled only, nothing to capture
        self._pending = ("sign" if b["symbolic"] else "sign-numeric", b)
        return super().sign(cid, *args, **kwargs)

    def monotone(self, cid, *args, **kwargs):
        self._pending = ("monotone", _bound(Recorder.monotone, self, (cid, *args), kwargs))
        return super().monotone(cid, *args, **kwargs)

    def printed(self, cid, *args, **kwargs):
        self._pending = ("printed", _printed_identity(_bound(Recorder.printed, self, (cid, *args), kwargs)))
        if self._pending[1]:
            self._pending = ("identity", self._pending[1])
        return super().printed(cid, *args, **kwargs)

    def cross_check(self, cid, *args, **kwargs):
        self._listed(cid)


def _printed_identity(b) -> dict:
    """A printed formula of one member against a derived one is decided as the identity member = derived
    (:func:`.printed.claim`, its formula path): its arguments, or {} for any other printed claim."""
    from . import printed as printed_side
    if b["derived"] is None:
        return {}
    try:
        side = printed_side.side(b["printed"], b["derived"], b["latex"], b["reading"], b["notation"])
    except Exception:   # the recorder reports it as the claim's ERROR
        return {}
    if not side.equation or len(side.members) != 1:
        return {}
    return {"lhs": side.members[0], "rhs": b["derived"]}


def capture(spec, timeout: float = 900.0) -> Capture:
    """The claims of ``spec`` by fingerprint (a derivation whose audited library is missing states none)."""
    _, skip = requirements.resolve(spec.requires)
    if skip:
        return Capture({}, f"skipped: {skip}")
    d = CapturingRecorder(spec.id)
    try:
        within_budget(lambda: spec.fn(d), timeout)
    except BudgetExceeded:
        return Capture(d.captured, f"stopped after {timeout:g} s", d.keyed)
    except Exception as exc:
        return Capture(d.captured, f"{type(exc).__name__}: {exc}", d.keyed)
    return Capture(d.captured, keyed=d.keyed)
