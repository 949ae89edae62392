"""``logs``, ``squared`` and ``induction`` nodes (:mod:`symdp.kernel.compare`, :mod:`symdp.kernel.induction`) from
the search's descriptions "induction on m >= a: the first value ... (HOW); the step ... (HOW)", "log increasing: A > 0
(HOW) and B > 0 (HOW), so the claim has the sign of GAP (HOW)" (:mod:`.symbolic.logarithms`) and "squared (f = A + S,
...): A >= 0 by HOW; A^2 - S^2 SIGN by HOW" (:func:`.symbolic.provers._by_squaring`).

The terms are found again from the claim's goal, as the search found them (its description names them only as
text); each premise is closed by ``close(premise claim, the search's description of its proof)``.  This module only
proposes: the kernel judges every node it builds.
"""
from __future__ import annotations

import re

from ... import kernel
from ...kernel.compare import logs_claims, squared_claims
from ...kernel.induction import induction_claims
from ...kernel.srepr import write
from ..symbolic.logarithms import PAIRS, pairs
from ..symbolic.provers import radical_term
from .proof_pieces import top_split

LOGS = "log increasing: "
INDUCTION = re.compile(r"induction on (\S+) >= \S+: (.+)")
SQUARED = "squared (f = A + S, S the term with square roots; A >= |S| gives f >= 0): A >= 0 by "


def by_compare(claim, detail: str, close):
    """A ``logs`` or ``squared`` node for ``claim`` from the search's ``detail``, or None."""
    if detail.startswith(LOGS):
        return _by_logs(claim, detail, close)
    if detail.startswith(SQUARED):
        return _by_squared(claim, detail[len(SQUARED):], close)
    found = INDUCTION.fullmatch(detail)
    return _by_induction(claim, found.group(1), found.group(2), close) if found else None


def _by_induction(claim, symbol: str, rest: str, close):
    """An ``induction`` node from "the first value B SIGN (HOW); the step F(m + 1) - F(m) = ... SIGN for real m >= a
    (HOW)" (:mod:`.symbolic.induction`)."""
    halves = top_split(rest, "; the step ")
    hows = [_groups(half)[-1][1] if _groups(half) else None for half in halves or ()]
    parts = induction_claims(kernel.Induction(symbol, None, None), claim) if halves and None not in hows else ""
    if isinstance(parts, str):
        return None
    base, step = close(parts[0], hows[0]), close(parts[1], hows[1])
    return None if base is None or step is None else kernel.Induction(symbol, base, step)


def _by_logs(claim, detail: str, close):
    groups = _groups(detail)
    if len(groups) < 3:
        return None
    positive = [how for before, how in groups if before.endswith(" > 0 ")][:2]
    gap_how = groups[-1][1]
    for a, b in pairs(claim.goal)[:PAIRS]:
        node = kernel.Logs(write(b), ())
        parts = logs_claims(node, claim)
        if isinstance(parts, str):
            continue
        first = [next((n for n in (close(part, how) for how in positive) if n is not None), None) for part in parts[:2]]
        premises = (*first, close(parts[2], gap_how))
        if None not in premises:
            return kernel.Logs(node.term, premises)
    return None


def _by_squared(claim, rest: str, close):
    parts_how = top_split(rest, "; A^2 - S^2 ")
    found = radical_term(claim.goal) if parts_how else None
    if not found or " by " not in parts_how[1]:
        return None
    node = kernel.Squared(write(found[1]), ())
    parts = squared_claims(node, claim)
    if isinstance(parts, str):
        return None
    premises = (close(parts[0], parts_how[0]), close(parts[1], parts_how[1].split(" by ", 1)[1]))
    return None if None in premises else kernel.Squared(node.term, premises)


def _groups(text: str) -> list:
    """(text before, text inside) of each parenthesised group at the top level of ``text``, in order."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
            start = i if depth == 1 else start
        elif ch == ")":
            depth -= 1
            if depth == 0:
                out.append((text[:start], text[start + 1:i]))
    return out
