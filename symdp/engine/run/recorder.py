"""The recorder a derivation receives: every step it takes lands in the trace.

Bookkeeping steps (define, substitute, rewrite, differentiate, integrate,
limit, solve: :mod:`.steps`) return their result so the derivation reads like
the algebra it records.  Claim steps (identity, sign, monotone, cross_check,
printed) are decided by :mod:`.decide` and carry an id, a status and the evidence.
"""
from __future__ import annotations

import functools
import time
from contextlib import contextmanager
from dataclasses import replace

import sympy as sp

from . import decide
from . import printed as printed_side
from .. import regions
from .. import validated
from ..sampling import numeric as num
from ..model import domain as dom
from ..proof import certificates as certs
from ..proof import kernel_proofs
from ..proof import witnesses
from ..proof.kernel_proofs import Stated
from ..model.arguments import box_budget as _box_budget, by_name as _by_name, expressions as _expressions
from ..model.arguments import with_boxes as _budgeted
from ..model.budget import WORK, metered
from .steps import Steps
from .stopping import Running
from ..model.replay import ReplayFailed
from ..symbolic.rewrites import BUDGET
from ..symbolic.attempts import CLAIM_BUDGET, Attempts
from ..model.records import Outcome
from ..model.status import Status
from ...errors import SymdpError

CERTIFY_TOTAL = 12.0
"""Seconds of symbolic search per claim when certificates are being made (``symdp certify``)."""
ELSEWHERE = "claim-elsewhere"
"""Kind of the placeholder a shard records for a claim another shard decides (:mod:`.shards`)."""
_ELSEWHERE = Outcome(Status.UNDECIDED, "decided by another shard")


def _every(ordinal: int) -> bool:
    return True


def _sharded(method):
    """Decide the claim, or record a placeholder when another shard decides it (:mod:`.shards`)."""
    @functools.wraps(method)
    def claim(self, cid, *args, **kwargs):
        ordinal = self._ordinal
        self._ordinal += 1
        if self.decides(ordinal):
            return method(self, cid, *args, **kwargs)
        self._step(ELSEWHERE, "", (), _ELSEWHERE, claim_id=self._claim_id(cid))
    return claim


_RELATIONS = {"positive": ">", "negative": "<", "nonnegative": r"\ge", "nonpositive": r"\le"}
"""The signs ``d.sign`` claims, and the relation to 0 each states."""


class Recorder(Steps):
    """Collects the trace of one derivation."""

    def __init__(self, derivation_id: str, budget: float = BUDGET, book: dict | None = None,
                 certify: bool = False, decides=None):
        self.derivation_id = derivation_id
        self.budget = budget
        self.book = {} if book is None or certify == certs.FRESH else book
        """The file's records: transcripts by fingerprint, proof objects by claim key (``certify``: replayed
        where they still hold, searched where not; ``certify=FRESH``: ignored)."""
        self.earlier = {c.claim: c for c in (book or {}).values() if c.proved and c.transcript is not None} \
            if certify else {}
        """certify: the proofs the file records, by claim label, each tried again (replayed under this prover)
        where the fresh search finds none, so a slow machine or a changed prover never loses a proof that
        still goes through (:meth:`_carried`)."""
        self.certify = bool(certify)
        self.certificates: list = []
        self.trace: list = []
        self._ids: set[str] = set()
        self.decides = decides or _every
        """Which claims this recorder decides, by ordinal (0 for the first claim called): the others are
        left to other shards of the same derivation (:mod:`.shards`); by default every claim."""
        self._ordinal = 0
        self.running: Running | None = None   # the step running now (:mod:`.stopping`: ERROR at --timeout)
        self.known = tuple((book or {}).values())   # the certificates: claims a stopped run lists as not reached
        self.reads: dict[str, str] = {}
        """Files read by quotes: {absolute path: sha256, or "" when not reachable} (for the cache)."""

    def claim_ids(self) -> set[str]:
        """The ids of the claims called so far (the one running included)."""
        return set(self._ids)

    # -- claims --------------------------------------------------------------

    def _claim_id(self, cid: str) -> str:
        if cid in self._ids:
            raise ValueError(f"claim id {cid!r} used twice in {self.derivation_id}")
        self._ids.add(cid)
        return cid

    @contextmanager
    def _claim(self, kind, cid, text, exprs, expect, relation="", printed_latex="", provenance=None):
        """Run a claim body that fills ``box["outcome"]``; exceptions become ERROR."""
        cid = self._claim_id(cid)
        started = time.perf_counter()
        self.running = Running(kind, cid, text, cid, tuple(exprs), expect, relation)
        box: dict = {"certificate": ""}
        try:
            yield box
            outcome = box["outcome"]
        except ReplayFailed as exc:  # reported as such, never silently downgraded
            outcome = Outcome(Status.ERROR, "certificate replay",
                              f"the recorded proof did not replay: {exc}; run `symdp certify`")
        except Exception as exc:  # recorded, never swallowed silently
            outcome = Outcome(Status.ERROR, "exception", f"{type(exc).__name__}: {exc}")
        self._step(kind, text, exprs, outcome, started, cid, expect, relation, box["certificate"], printed_latex,
                   provenance)
        self.running = None

    def _decide(self, box, cid, fingerprint, decider, hint=None, stated: Stated | None = None):
        """Run ``decider(attempts)``: accepting the claim's proof object if the kernel does, else replaying its
        certificate if there is one (certify: one that still replays), else searching."""
        label = f"{self.derivation_id}::{cid}"
        found = kernel_proofs.accepted(self.book, stated)
        rejected = found if isinstance(found, kernel_proofs.Rejected) else None
        if found is not None and rejected is None:   # no search, no replay: the kernel accepted the recorded proof
            checked, box["certificate"] = found
            box["outcome"] = kernel_proofs.outcome(checked)
            self.certificates.append(kernel_proofs.kept(checked, self.book.get(fingerprint), label))
            return
        recorded = self.book.get(fingerprint)
        attempts, outcome, recorded = self._attempt_recorded(decider, recorded, hint)
        carried = outcome.status is not Status.PROVED and label in self.earlier
        if carried:
            recorded, attempts, outcome = self._carried(decider, self.earlier[label], attempts, outcome)
        proved = outcome.method if outcome.status is Status.PROVED else ""
        if recorded and recorded.proved != proved:
            raise ReplayFailed(f"the certificate records {recorded.proved or 'no proof'!r}, "
                               f"the replay gave {proved or 'no proof'!r}")
        box["certificate"] = _state(self.certify, recorded, carried and bool(proved))
        made = certs.Certificate(fingerprint, label, attempts.upgraded() if recorded else tuple(attempts.log), proved,
                                 getattr(attempts, "boxes", "") or "")
        self.certificates.append(kernel_proofs.attach(made, stated, outcome) if self.certify else made)
        box["outcome"] = _rejected_noted(outcome, rejected)

    def _attempt_recorded(self, decider, recorded, hint):
        """(attempts, outcome, recorded): certify searches afresh where a recorded transcript no longer replays."""
        if not (self.certify and recorded):
            return (*self._attempt(decider, recorded, hint), recorded)
        try:
            attempts, outcome = self._attempt(decider, recorded, hint)
            if (outcome.method if outcome.status is Status.PROVED else "") == recorded.proved:
                return attempts, outcome, recorded
        except ReplayFailed:   # a record that no longer replays is searched again, as with no record
            pass
        return (*self._attempt(decider, None, hint), None)

    def _attempt(self, decider, recorded, hint=None):
        """(attempts, outcome) of ``decider``: replaying ``recorded`` if given, else searching."""
        total = CERTIFY_TOTAL if self.certify else CLAIM_BUDGET
        attempts = Attempts(self.budget, total, hint, recorded.transcript if recorded else None)
        attempts.recorded_boxes = recorded.boxes if recorded else ""
        attempts.unproved = bool(recorded) and not recorded.proved
        with metered(None if recorded else WORK):   # a search's boxes are counted work; a replay follows its log
            return attempts, _noted(decider(attempts), attempts)

    def _carried(self, decider, earlier, attempts, outcome):
        """certify: the earlier proof of the same claim replayed under this prover, where the fresh search
        found none.  Every recorded step is run again and must succeed (a replay never trusts an answer that
        proves), so what it proves is proved; if it does not go through, the fresh search's result stands."""
        try:
            again, replayed = self._attempt(decider, earlier)
        except ReplayFailed:
            return None, attempts, outcome
        if replayed.status is Status.PROVED and replayed.method == earlier.proved:
            again.boxes = earlier.boxes
            return earlier, again, replayed
        return None, attempts, outcome

    @_expressions("lhs", "rhs")
    @_sharded
    def identity(self, cid: str, lhs, rhs, domain=None, text: str = "",
                 expect: Status | None = None, numeric: bool = True, hint: str | None = None):
        """Claim ``lhs == rhs`` on ``domain``; ``hint`` names the rewrite to try first."""
        domain = dom.checked(domain)
        exprs = [("", sp.sympify(lhs)), ("", sp.sympify(rhs))]
        with self._claim("identity", cid, text, exprs, expect, "=") as box:
            fp = certs.fingerprint("identity", lhs, rhs, domain, numeric, hint)
            seed = certs.content_key("identity", lhs, rhs, domain, numeric, hint)
            stated = Stated("identity", {"lhs": lhs, "rhs": rhs, "domain": domain},
                            certs.claim_key("identity", lhs, rhs, domain, numeric, hint))
            self._decide(box, cid, fp, lambda a: decide.identity(lhs, rhs, domain, seed, a, numeric), hint, stated)

    @_expressions("expr")
    @_sharded
    def sign(self, cid: str, expr, which: str, domain=None, text: str = "",
             expect: Status | None = None, numeric: bool = True, n: int = num.POINTS,
             symbolic: bool = True, boxes: int | None = None):
        """Claim that ``expr`` is positive / negative / nonnegative / nonpositive on ``domain``.

        ``expr`` may also be an mpmath function of the domain's symbols (by
        name), for quantities with no closed form; that is decided by sampling
        only.  A claim with ``symbolic=False`` (known to be out of SymPy's
        reach) goes to validated numerics, then sampling.  ``boxes``: the box
        budget of validated numerics for this claim (a count, never seconds;
        default by dimension, :func:`.validated.search.budget_for`).
        """
        domain = dom.checked(domain)
        rel = _RELATIONS.get(which) if isinstance(which, str) else None
        if rel is None:
            raise SymdpError("which", which, f"one of {', '.join(_RELATIONS)}")
        if not isinstance(expr, sp.Basic):
            symbolic = False
        exprs = [("", expr), ("", sp.Integer(0))] if isinstance(expr, sp.Basic) else []
        with self._claim("sign", cid, text, exprs, expect, rel if exprs else "") as box:
            budget = () if boxes is None else (_box_budget(boxes),)
            if symbolic:
                fp = certs.fingerprint("sign", expr, which, domain, numeric, *budget)
                seed = certs.content_key("sign", expr, which, domain, numeric)
                stated = kernel_proofs.sign_stated("sign", expr, which, domain, numeric, *budget)
                self._decide(box, cid, fp, _budgeted(lambda a: decide.sign(expr, which, domain, seed, a, numeric), boxes),
                             stated=stated)
            else:  # no symbolic route: validated numerics for a SymPy expression, else sampling (VERIFIED at best)
                full = dom.complete(domain, expr.free_symbols if exprs else set())
                decider = _budgeted(lambda a: self._numeric_sign(cid, expr, which, full, n, a), boxes)
                if exprs:  # the box log is a certificate like any other: replayed, never searched again
                    self._decide(box, cid, certs.fingerprint("sign-numeric", expr, which, domain, *budget), decider,
                                 stated=kernel_proofs.sign_stated("sign-numeric", expr, which, domain, *budget))
                else:
                    self._opaque_sign(box, cid, expr, which, full, n)

    def _opaque_sign(self, box, cid, fn, which, full, n) -> None:
        """The sign of an mpmath callable (an audit oracle): sampled, a counterexample an earlier check recorded
        judged first (:mod:`.witnesses`), and the certified counterexample found recorded for the next."""
        label = f"{self.derivation_id}::{cid}"
        fingerprint = witnesses.key(label, which, full, n)
        recorded = self.book.get(fingerprint)
        earlier = witnesses.read(recorded, full)
        box["outcome"] = num.check_sign(_by_name(fn), which, full, self._key(cid, full, which), n, earlier)
        made = witnesses.certificate(label, fingerprint, box["outcome"])
        if made is not None:
            self.certificates.append(made)
            box["certificate"] = _state(self.certify, earlier is not None and recorded.transcript == made.transcript,
                                        False)

    def _numeric_sign(self, cid, expr, which, full, n, attempts) -> Outcome:
        """A sign with no symbolic route: the seeded sample, then validated numerics (deterministic, boxes).

        The sample comes first unless a proof is recorded: a counterexample it certifies ends the claim
        without a box search (a false claim's search runs to its budget); a claim false only in a thin
        region the sample misses is still refuted at the centre of a box the search leaves open.
        """
        f = num.compile_expr(expr, tuple(full)) if attempts is not None else _by_name(expr)
        sample = lambda: num.check_sign(f, which, full, self._key(cid, full, which), n)
        sampled = None if _proof_recorded(attempts) else sample()
        if attempts is None or sampled is not None and sampled.status is Status.REFUTED:
            return sampled
        found = regions.decide(expr, which, full, attempts, validated.decide(expr, which, full, attempts))
        if found.proved:
            return Outcome(Status.PROVED, found.method, found.detail)
        refuted = validated.refuted_at(attempts, found, num.refute_at(f, which, full, found.candidates))
        if refuted is not None:
            return refuted
        sampled = sampled if sampled is not None else sample()
        return replace(sampled, detail=f"{sampled.detail}; {found.note}") if found.note else sampled

    @_expressions("expr")
    @_sharded
    def monotone(self, cid: str, expr, var, increasing: bool, domain=None, text: str = "",
                 expect: Status | None = None):
        """Claim strict monotonicity in ``var`` on ``domain`` via the sign of the derivative."""
        domain = dom.checked(domain)
        which = "positive" if increasing else "negative"
        exprs = [(rf"\frac{{\partial}}{{\partial {sp.latex(var)}}}", expr), ("", sp.Integer(0))]
        with self._claim("monotone", cid, text, exprs, expect, ">" if increasing else "<") as box:
            deriv = sp.diff(expr, var)
            fp = certs.fingerprint("monotone", deriv, which, domain)
            seed = certs.content_key("monotone", deriv, which, domain)
            decider = lambda a: _prefixed(decide.sign(deriv, which, domain, seed, a), f"derivative {which}: ")
            stated = Stated("monotone", {"expr": expr, "var": var, "increasing": increasing, "domain": domain},
                            certs.claim_key("monotone", deriv, which, domain))
            self._decide(box, cid, fp, decider, stated=stated)

    @_sharded
    def cross_check(self, cid: str, closed, oracle, domain=None, text: str = "",
                    n: int = num.POINTS, expect: Status | None = None):
        """Compare a closed form with an independent numeric ``oracle(**{name: mpf})``.

        ``closed`` is a SymPy expression, or an mpmath function taking the
        domain's symbols by name (a library routine with no closed form).
        """
        domain = dom.checked(domain)
        symbolic = isinstance(closed, sp.Basic)
        exprs = [("", closed)] if symbolic else []
        with self._claim("cross-check", cid, text, exprs, expect) as box:
            domain = dom.complete(domain, closed.free_symbols if symbolic else set())
            f = num.compile_expr(closed, tuple(domain)) if symbolic else _by_name(closed)
            key = self._key(cid, domain, closed if symbolic else "")
            box["outcome"] = num.check_equal(f, _by_name(oracle), domain, key, "closed form and oracle", n)

    @_sharded
    def printed(self, cid: str, printed, derived=None, domain=None, where: str = "",
                text: str = "", expect: Status | None = None, latex: str = "", reading=None, notation=None):
        """Check a formula or relation as printed in the paper, against the derived one or as it stands.

        ``printed`` is a SymPy expression or relation, the paper's LaTeX, or a :func:`symdp.quote` of
        it (read by :func:`symdp.latex.display` with ``notation``, default :data:`symdp.latex.NOTATION`).
        An equation (chain) is compared member by member with ``derived``; a left side the display
        defines (``\\sigma^2 = ...``) is recorded, never compared.  An inequality ``L <= R`` (``<``,
        ``>=``, ``>``, or a chain of them) is a sign claim on ``domain``, narrowed by the display's side
        conditions; with ``derived`` the members before the first inequality must also equal it.
        ``derived`` may be omitted when the printed relation is the whole claim.  A printed relation
        found false is an ERRATUM with its witness, like a printed formula that disagrees
        (:mod:`.printed`).  ``reading`` (a :class:`symdp.latex.Reading`) transforms a garbled
        extraction before it is judged; the literal text's disagreement is then extraction noise, never
        an erratum.  ``latex`` (optional) is shown as the printed side instead of the quoted text.
        """
        try:
            side, error = printed_side.side(printed, derived, latex, reading, notation), None
        except Exception as exc:  # recorded as the claim's ERROR, with whatever provenance is known
            side, error = printed_side.failed(printed, latex), exc
        text = text or " ".join(filter(None, ("printed", where, "against the derivation" if derived is not None
                                              else "as it stands")))
        with self._claim("printed", cid, text, printed_side.exprs(side, derived), expect,
                         printed_latex=side.latex, provenance=side.provenance) as box:
            if error is not None:
                raise error
            self.reads.update(side.reads)
            claim = printed_side.claim(side, derived, domain, where)
            self._decide(box, cid, claim.fingerprint, claim.decide, stated=kernel_proofs.printed_stated(side, derived, domain, where))

    @_sharded
    def printed_value(self, cid: str, matches: bool, detail: str, text: str = "",
                      expect: Status | None = None):
        """A printed number (a table cell) against the derived one, as judged by the derivation.

        ``detail`` must give both numbers; a mismatch is an ERRATUM.
        """
        status = Status.VERIFIED if matches else Status.ERRATUM
        with self._claim("printed-value", cid, text, [], expect) as box:
            box["outcome"] = Outcome(status, "closed form at 50 digits", detail)

    @_sharded
    def printed_number(self, cid: str, printed, derived, decimals: int, rounding: str = "nearest",
                       text: str = "", expect: Status | None = None, what: str = "the derived value"):
        """A printed number (``"0.697"``) against a derived closed form (``1 - exp(-1/2)/2``), decided exactly.

        ``rounding`` says how the paper rounded: "nearest", "down" (truncated) or "up".  The derived
        value is an exact rational or is enclosed in ball arithmetic (:mod:`.printed`): PROVED when the
        enclosure rounds to the printed number, ERRATUM (with the correct rounding) when it cannot.
        """
        from ..enclose.printed_number import judge
        with self._claim("printed-value", cid, text, [], expect) as box:
            box["outcome"] = judge(printed, derived, decimals, rounding, what)
            if box["outcome"].status is Status.PROVED:   # the kernel's own enclosure, checked again
                box["certificate"] = kernel_proofs.rounded(printed, derived, decimals, rounding)

    @_sharded
    def printed_bound(self, cid: str, printed, derived, safe: str, decimals: int, text: str = "",
                      expect: Status | None = None, what: str = ""):
        """A printed number that is one side of a bound (a largest epsilon, a smallest noise).

        ``safe`` is "at most" (printed must be <= derived) or "at least"; a
        printed value on the unsafe side is an ERRATUM even when it rounds to the
        derived one.  ``derived`` is None when no value meets the bound (a
        :class:`.bounds.NoValue` when the reason has a closed form, enclosed to
        certify the absence), ``printed`` None when the text prints none.  Decided by
        :func:`.bounds.one_sided`; ``what`` names the quantity in the detail.
        """
        from ..enclose.bounds import one_sided
        with self._claim("printed-value", cid, text, [], expect) as box:
            box["outcome"] = one_sided(printed, derived, safe, decimals, what)

    @staticmethod
    def _key(cid: str, *parts) -> str:
        """Seed of a sampling-only claim: its id and content, never the derivation's id."""
        return certs.content_key("sample", cid, *parts)


def _proof_recorded(attempts) -> bool:
    """A validated-numerics proof, or the counterexample its search found, is recorded for the claim (replayed,
    no sample first: the sample decided nothing when the certificate was made)."""
    boxes = getattr(attempts, "recorded_boxes", "") or ""
    return bool(boxes) and not boxes.startswith(validated.OPEN)


def _state(certify: bool, recorded, carried: bool) -> str:
    """A claim's certificate state: certify records (``carried``: the earlier proof, replayed, kept where the
    fresh search found none); check replays a certificate or searches."""
    if certify:
        return "carried" if carried else "recorded"
    return "replayed" if recorded else "searched"


def _rejected_noted(outcome: Outcome, rejected) -> Outcome:
    """``outcome`` with a note that the claim's recorded proof object was rejected (where it was)."""
    if rejected is None:
        return outcome
    return replace(outcome, note="; ".join(filter(None, (outcome.note, rejected.note()))))


def _noted(outcome: Outcome, attempts: Attempts) -> Outcome:
    return replace(outcome, note=attempts.note().lstrip("; "))


def _prefixed(outcome: Outcome, prefix: str) -> Outcome:
    return replace(outcome, detail=prefix + outcome.detail)
