"""Proof objects in a derivation's run: a recorded one accepted by the kernel instead of a search, a new one
filed beside a proof the search found (issue 51, item 3).

A claim's proof object is keyed by the claim alone (:func:`.certificates.claim_key`), so a change to the
search never invalidates it.  It is trusted only when :func:`symdp.kernel.check` accepts it against the claim
as the derivation states it *now* (the claim is rebuilt from the call's arguments, never read from the file);
a proof that the kernel rejects is ignored and the claim is replayed or searched as before.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from ... import kernel
from ..enclose.printed_number import interval
from . import certificates as certs
from .proof_export import export, stated_claim
from ..model.records import Outcome
from ..model.status import Status


@dataclass(frozen=True)
class Stated:
    """A claim as the recorder was asked it: its kind (identity, sign, sign-numeric, monotone), its arguments
    and its key (:func:`.certificates.claim_key`)."""

    kind: str
    args: dict
    key: str


def sign_stated(kind, expr, which, domain, *rest) -> Stated:
    """A sign claim as stated, keyed as its certificate is but without the prover."""
    return Stated(kind, {"expr": expr, "which": which, "domain": domain},
                  certs.claim_key(kind, expr, which, domain, *rest))


def printed_stated(side, derived, domain, where) -> Stated | None:
    """A printed formula of one member against a derived one, as the identity it is decided as (keyed apart from
    ``d.identity``: its outcome's detail is a printed claim's)."""
    if derived is None or not side.equation or len(side.members) != 1:
        return None
    return Stated("identity", {"lhs": side.members[0], "rhs": derived, "domain": domain},
                  certs.claim_key("printed", side.members[0], derived, domain, where))


KERNEL_CHECKED = "kernel-checked"
"""A claim's certificate state when the kernel accepted its proof object and the proof has no oracle node."""
TRUSTS = "trusts: "
"""The prefix of the state of an accepted proof with oracle nodes: ``trusts: sympy.limit x1`` names its trust base."""


def state(verdict) -> str:
    """``kernel-checked``, or ``trusts: <oracle> x<n>, ...`` for an accepted proof that trusts oracles (issue 51)."""
    if not verdict.trusts:
        return KERNEL_CHECKED
    return TRUSTS + ", ".join(f"{kind} x{n}" for kind, n in verdict.trusts)


def rounded(printed, derived, decimals: int, rounding: str) -> str | None:
    """:func:`state` when the kernel, by its own enclosure, shows ``derived`` (a constant) among the values that
    round to ``printed`` (:func:`.printed_number.interval`): a ``signs`` node on ``Min(X - lo, hi - X) >= 0``
    (``> 0`` where an end is excluded, which asks a little more there); None where it does not (the engine's
    verdict stands, with no proof object)."""
    (lo, lo_in), (hi, hi_in) = interval(printed, decimals, rounding)
    x = sp.sympify(derived)
    # unevaluated: SymPy would otherwise pick one side of the Min by a float comparison
    goal = sp.Min(x - sp.Rational(lo), sp.Rational(hi) - x, evaluate=False)
    claim = kernel.sign_claim(goal, "nonnegative" if lo_in and hi_in else "positive", {})
    verdict = kernel.check(claim, kernel.Proof(kernel.Signs(())))
    return state(verdict) if verdict.accepted else None


@dataclass(frozen=True)
class Rejected:
    """A recorded proof object the kernel did not accept for the claim as stated now: the node that failed and
    why.  The claim is then replayed or searched; the note says so (``symdp show``; ``symdp check-proofs``)."""

    node: str
    reason: str

    def note(self) -> str:
        return f"its recorded proof object was rejected by the kernel at {self.node}: {self.reason[:200]}"


def accepted(book: dict, stated: Stated | None):
    """``(record, state)``: the record of ``book`` whose proof object the kernel accepts for ``stated`` and
    :func:`state` of the kernel's verdict; :class:`Rejected` where the record's proof object does not check;
    None where there is none."""
    record = book.get(stated.key) if stated is not None else None
    if record is None or not record.kernel:
        return None
    claim = stated_claim(stated)
    if claim is None:
        return None
    try:
        proof = kernel.Proof.from_json(record.entry["proof"])
    except (ValueError, KeyError, TypeError) as exc:
        return Rejected("proof", f"unreadable ({type(exc).__name__}: {exc})")
    verdict = kernel.check(claim, proof)
    return (record, state(verdict)) if verdict.accepted else Rejected(verdict.node, verdict.reason)


def kept(checked, transcript, label: str):
    """The record to file for a claim whose proof object the kernel accepted: with the transcript this prover
    recorded for it too, when there is one that proved it (certifying twice writes the same file)."""
    if transcript is not None and transcript.transcript is not None and transcript.proved:
        return replace(transcript, claim=label, key=checked.key, kernel=checked.kernel)
    return replace(checked, claim=label)


def outcome(record) -> Outcome:
    """The outcome a kernel-accepted proof stands for, as the search that found it gave it."""
    e = record.entry
    return Outcome(Status.PROVED, e["method"], e["detail"], points=e["points"], digits=e["digits"])


def attach(certificate, stated: Stated | None, proved: Outcome):
    """``certificate`` with the proof object of its proof, where the format can state it and the kernel accepts
    it (else unchanged)."""
    if stated is None or proved.status is not Status.PROVED:
        return certificate
    made = export(stated, certificate, proved.detail)
    if made.proof is None or not kernel.check(made.claim, made.proof).accepted:
        return certificate
    entry = certs.kernel_entry(made.proof, proved.method, proved.detail, proved.points, proved.digits)
    return replace(certificate, key=stated.key, kernel=entry)
