"""The attempts of one claim's symbolic search: rewrites run under budgets, and their answers recorded or replayed.

:class:`Attempts` is the log a certificate keeps (the transcript): each call's answer, the routes tried with
their marks (:data:`ROUTE`), and the box trees of side searches.  A replay runs every recorded step again and
fails loudly (:class:`..model.replay.ReplayFailed`) where one no longer goes through; it never trusts an answer.
"""
from __future__ import annotations

import contextlib
import json
import re
import time

import sympy as sp

from ..codec.checks import CodecError
from ..codec.expressions import decode_expr, encode_expr
from ..model.budget import BudgetExceeded, within_budget
from ..model.replay import ReplayFailed
from .rewrites import BUDGET, REWRITES


CLAIM_BUDGET = 6.0
"""Seconds allowed to all symbolic attempts on one claim together (search only)."""


REPLAY_LIMIT = 120.0
"""Seconds a recorded proof step may take when it is replayed: a safety net, not a budget."""


RENEWED = "renewed"
"""The log's mark of :meth:`Attempts.renew`."""


ROUTE = "route: "
"""Prefix of the log's marks of :meth:`Attempts.route` (no answer begins so)."""


_FAILED = re.compile(r"route: (.+) failed after (\d+)(, out of time)?")


def _is_mark(entry) -> bool:
    return isinstance(entry, str) and entry.startswith(ROUTE)


def _encoded(values) -> list:
    """The codec's forms of ``values``; one it cannot write is left out (a hint the proof does without)."""
    out = []
    for v in values:
        try:
            out.append(encode_expr(v))
        except CodecError:
            continue
    return out


def _decoded(text: str, label: str) -> tuple:
    try:
        return tuple(decode_expr(v) for v in json.loads(text))
    except (CodecError, ValueError) as exc:
        raise ReplayFailed(f"the recorded values of '{label}' do not decode ({exc})") from None


class Attempts:
    """Runs rewrites under the budget, and records or replays the answers.

    In *search* mode each attempt gets ``budget`` seconds and all attempts of
    one claim together get ``total`` seconds; every answer (the rewrite that
    worked, or None) is appended to :attr:`log`, the claim's transcript.  In
    *replay* mode (``transcript`` given) the recorded answers are followed: a
    recorded None is not tried again, a recorded rewrite is run with the
    generous :data:`REPLAY_LIMIT` and must still succeed, else
    :class:`ReplayFailed`.  The decision procedures depend only on these
    answers, so a replayed claim gets the same verdict on any machine.
    """

    def __init__(self, budget: float = BUDGET, total: float = CLAIM_BUDGET, hint: str | None = None,
                 transcript=None):
        self.budget, self.total, self.hint = budget, total, hint
        self.replaying = transcript is not None
        self._script = list(transcript or ())
        self._recorded = tuple(transcript or ())
        self._added: list = []
        """(index in the recorded transcript, mark) of the routes it was recorded without (:meth:`added`)."""
        self.log: list = []
        self.deadline = None
        self.timed_out: list[str] = []
        self.exhausted = False

    def first(self, expr, accept, rewrites=None):
        """Name of the first rewrite whose result satisfies ``accept``, else None."""
        rewrites = REWRITES if rewrites is None else rewrites
        if self.replaying:
            return self._replay_first(expr, accept, dict(rewrites))
        if self._out_of_time():
            return None
        name = self._search(expr, accept, sorted(rewrites, key=lambda r: r[0] != self.hint))
        self.log.append(name)
        return name

    def call(self, label: str, fn):
        """``fn()`` under the budget (None if it ran out of time or raised); recorded like a rewrite."""
        if self.replaying:
            entry = self._next()
            if entry in (None, f"{label}: timeout"):
                return None
            if entry != f"{label}: done":
                self._replay_mismatch(entry, f"'{label}: done'")
            return _quiet(lambda: within_budget(fn, REPLAY_LIMIT), replay=label)
        if self._out_of_time():
            return None
        try:
            value = _quiet(lambda: within_budget(fn, min(self.budget, self._left())))
        except BudgetExceeded:
            self.timed_out.append(label)
            self.log.append(f"{label}: timeout")
            return None
        self.log.append(f"{label}: done")
        return value

    def found(self, label: str, fn) -> tuple:
        """The expressions ``fn()`` finds (under the budget; () if it ran out of time or raised), recorded in the
        log by the safe codec (:mod:`.codec`, never sympify), so a replay reads them instead of searching
        again.  Only for hints a proof checks itself: a cut point, a split point (any value the proof then
        shows to lie inside its interval gives a proof).  The search goes on with the values it recorded, as
        decoded, so search and replay see the same expressions."""
        if self.replaying:
            entry = self._next()
            if entry in (None, f"{label}: timeout"):
                return ()
            if not entry.startswith(f"{label}: ["):
                self._replay_mismatch(entry, f"'{label}: [...]'")
            return _decoded(entry[len(label) + 2:], label)
        values = self.call(label, fn)
        if self.log and self.log[-1] == f"{label}: done":
            self.log[-1] = f"{label}: " + json.dumps(_encoded(values or ()), sort_keys=True, separators=(",", ":"))
            return _decoded(self.log[-1][len(label) + 2:], label)
        return ()

    def route(self, name: str, fn):
        """``fn()``, one way of proving, marked in the log where it began: ``route: <name> proved``, or ``route:
        <name> failed after <n>`` (n answers follow, then ``, out of time`` if the search's budget was used up at
        its end).  A replay runs a route that proved again in full, and passes over one that failed: its
        answers skipped, the budget's state at its end restored.  Nothing a failed route found is used, so the
        verdict is the search's, and a replay runs only the steps of the proof."""
        if self.replaying:
            return self._replay_route(name, fn)
        start = len(self.log)
        result = fn()
        ended = "proved" if result else f"failed after {len(self.log) - start}" + (", out of time" * self.exhausted)
        self.log.insert(start, f"{ROUTE}{name} {ended}")
        return result

    def added(self, name: str, proved: bool) -> None:
        """In a replay of a transcript recorded before the route ``name`` existed (no mark where the caller ran
        it, as then): the mark a search now writes there, noted for :meth:`upgraded` (before what the route's own
        steps noted at the same place, :meth:`tree`)."""
        ended = "proved" if proved else "failed after 0" + ", out of time" * self.exhausted
        at = len(self._recorded) - len(self._script)
        first = next((k for k, (where, _) in enumerate(self._added) if where == at), len(self._added))
        self._added.insert(first, (at, f"{ROUTE}{name} {ended}"))

    def tree(self, label: str, search, replay) -> bool:
        """A box tree a proof step finds (a side condition's box search, :func:`..regions.sides.proves`): ``search()``
        gives (proved, tree); a proved tree is recorded as ``<label>: <tree>``, and a replay checks it
        (``replay(tree)``, every leaf judged again) instead of searching.  A transcript recorded before trees were
        (none at this place) is searched, as then, and the tree noted for :meth:`upgraded`."""
        head = self._script[0] if self.replaying and self._script else None
        if isinstance(head, str) and head.startswith(label + ": "):
            self._script.pop(0)
            return bool(replay(head[len(label) + 2:]))
        proved, found = search()
        if proved and self.replaying:
            self._added.append((len(self._recorded) - len(self._script), f"{label}: {found}"))
        elif proved:
            self.log.append(f"{label}: {found}")
        return proved

    def upgraded(self) -> tuple:
        """The replayed transcript with the entries of :meth:`added` and :meth:`tree` in place: what certify files,
        so that the next replay passes over the routes that failed and checks the trees found (the recorded
        answers are unchanged)."""
        out = list(self._recorded)
        for shift, (at, entry) in enumerate(sorted(self._added, key=lambda t: t[0])):
            out.insert(at + shift, entry)
        return tuple(out)

    def marked(self, name: str) -> bool:
        """In a replay, whether the transcript's next entry is the mark of the route ``name`` (a route added to the
        search later is absent from the transcripts recorded before it: the caller then runs what it ran then)."""
        head = self._script[0] if self._script else None
        failed = _FAILED.fullmatch(head) if isinstance(head, str) else None
        return head == f"{ROUTE}{name} proved" or (failed is not None and failed.group(1) == name)

    def _replay_route(self, name, fn):
        head = self._script[0] if self._script else None
        if head == f"{ROUTE}{name} proved":
            self._script.pop(0)
            return fn()
        failed = _FAILED.fullmatch(head) if isinstance(head, str) else None
        if failed is None or failed.group(1) != name:
            return self._replay_mismatch(head, f"a mark of the route '{name}'")
        del self._script[:1 + int(failed.group(2))]
        self.exhausted = bool(failed.group(3))
        return None

    def renew(self, seconds: float) -> None:
        """A route tried after the others gets ``seconds`` of its own.  The log marks the point (RENEWED): a
        replay takes every answer before it that the search never gave (out of time) as None, as the search
        did, and goes on from the mark."""
        if self.replaying:
            if self._script and self._script[0] == RENEWED:
                self._script.pop(0)
                self.exhausted = False
            return
        self.log.append(RENEWED)
        self.deadline, self.exhausted = time.monotonic() + seconds, False

    @contextlib.contextmanager
    def paused(self):
        """Work whose time the sign prover's deadline does not count (box searches between its calls): the
        deadline moves on by what the block took.  No mark in the log; nothing changes in a replay."""
        started = time.monotonic()
        try:
            yield
        finally:
            if self.deadline is not None and not self.replaying:
                self.deadline += time.monotonic() - started

    def skip(self, n: int) -> None:
        """A replay passes over ``n`` recorded answers: those of routes the search tried in vain before the
        one its certificate records (nothing they answered is used).  The search records nothing."""
        if self.replaying:
            for _ in range(n):
                if not self._script or self._script[0] == RENEWED:
                    self.exhausted = True
                    return
                self._script.pop(0)

    def renew_last(self, seconds: float) -> None:
        """:meth:`renew` for a claim's last route: a replay first skips to the log's last mark (the routes
        between, which the search tried in vain, are not replayed)."""
        if self.replaying and RENEWED in self._script:
            del self._script[:len(self._script) - 1 - self._script[::-1].index(RENEWED)]
        self.renew(seconds)

    # -- search ----------------------------------------------------------------

    def _left(self) -> float:
        if self.deadline is None:
            self.deadline = time.monotonic() + self.total
        return self.deadline - time.monotonic()

    def _out_of_time(self) -> bool:
        if self._left() <= 0:
            self.exhausted = True
        return self.exhausted

    def _search(self, expr, accept, rewrites):
        for name, rewrite in rewrites:
            if self._out_of_time():
                return None
            try:
                ok = within_budget(lambda: accept(rewrite(expr)), min(self.budget, self._left()))
            except BudgetExceeded:
                self.timed_out.append(name)
                continue
            except SKIPPED:
                continue
            if ok:
                return name
        return None

    # -- replay ----------------------------------------------------------------

    def _next(self):
        """The next recorded answer; past the end, at a renewal or at a route's mark the search had run out of
        time (a search with time left records every answer)."""
        if not self._script or self._script[0] == RENEWED or _is_mark(self._script[0]):
            self.exhausted = True
            return None
        return self._script.pop(0)

    def _replay_first(self, expr, accept, rewrites):
        name = self._next()
        if name is None:
            return None
        if name not in rewrites:
            return self._replay_mismatch(name, "a rewrite name")
        try:
            ok = within_budget(lambda: accept(rewrites[name](expr)), REPLAY_LIMIT)
        except BudgetExceeded:
            raise ReplayFailed(f"the recorded rewrite '{name}' exceeded {REPLAY_LIMIT:g} s") from None
        except SKIPPED as exc:
            raise ReplayFailed(f"the recorded rewrite '{name}' raised {type(exc).__name__}") from None
        if not ok:
            raise ReplayFailed(f"the recorded rewrite '{name}' no longer reduces the claim")
        return name

    @staticmethod
    def _replay_mismatch(found, wanted):
        raise ReplayFailed(f"the certificate is out of step with the prover (found {found!r}, "
                           f"expected {wanted}); run `symdp certify`")

    def note(self) -> str:
        notes = []
        if self.timed_out:
            notes.append(f"{', '.join(dict.fromkeys(self.timed_out))} ran out of time "
                         f"(budget {self.budget:g} s per attempt)")
        if self.exhausted and not self.replaying:
            notes.append(f"the claim's {self.total:g} s symbolic budget was used up")
        return "".join("; " + n for n in notes)


SKIPPED = (TypeError, ValueError, NotImplementedError, RecursionError, AttributeError, ZeroDivisionError,
           sp.PoleError)
"""Exceptions of a rewrite that mean "this rewrite does not apply" (deterministic, not time)."""


def _quiet(fn, replay: str | None = None):
    """``fn()``; a deterministic failure (SKIPPED) gives None; a replay that times out fails loudly."""
    try:
        return fn()
    except SKIPPED:
        return None
    except BudgetExceeded:
        if replay is None:
            raise
        raise ReplayFailed(f"the recorded step '{replay}' exceeded {REPLAY_LIMIT:g} s") from None
