"""The meanings a paper's letter may have where it states no range: a refutation of ``symdp paper --standalone`` on
symdp's assumption alone is looked at again under each.

symdp's ``\\delta`` is positive, but a privacy paper's delta is the slack of (epsilon, delta)-DP, a probability
below 1: ``\\log(1/\\delta) \\ge 0`` is false at delta = 2 and true for every delta the paper means.  symdp's
``\\alpha`` is a false-alarm rate (below 1), a Renyi paper's is an order above 1: ``\\frac{\\log(1/\\delta)}{\\alpha -
1} \\ge 0`` is false for the one and true for the other.  A row refuted on such a letter's assumed interval is
decided again on each of its meanings (:data:`MEANINGS`): refuted under every one, it is refuted there (the witness
one of the meanings allows); otherwise it is *unsettled*: the listing says under which meaning it holds and under
which it fails, and asks for the range; never called false for a value the paper cannot mean.
"""
from __future__ import annotations

import itertools

import sympy as sp

from .engine.model import domain as dom
from .engine.model.status import Status
from .paper_domain import interval_text

MEANINGS = {
    "delta": (("the slack of (epsilon, delta)-DP, a probability", sp.Interval.open(0, 1)),),
    "alpha": (("a false-alarm rate", sp.Interval.open(0, 1)), ("a Renyi order", sp.Interval.open(1, sp.oo))),
}
"""For each letter (by its symbol's name): its meanings in privacy papers, each with the interval it ranges over.
Only letters whose every meaning is narrower than symdp's assumption, so that a proof on the assumption holds
under each."""


def readings(domain: dict) -> list:
    """[(the domain with the letters the paper gives no range narrowed to one meaning each, what it says)], one per
    combination of meanings; [] when no letter of ``domain`` is open to a meaning (the paper, or ``--domain``, gave
    it a range: its interval is no longer the assumption's)."""
    open_ = [s for s in domain if s.name in MEANINGS and domain[s] == dom.assumed(s)]
    if not open_:
        return []
    out = []
    for combo in itertools.product(*(MEANINGS[s.name] for s in open_)):
        narrowed = {**domain, **{s: iv for s, (_, iv) in zip(open_, combo)}}
        out.append((narrowed, ", ".join(f"{s} in {interval_text(iv)} ({what})" for s, (what, iv) in zip(open_, combo))))
    return out


def settle(decide, domain: dict, first: tuple):
    """``first`` (status, method, detail, witness, certificate), decided on ``domain``, looked at again under each
    reading (``decide(domain, k)`` decides the k-th): (the outcome, its domain, the state) -- ``first`` unchanged when
    no letter is open to a meaning; the first reading's refutation when every reading refutes; else ``first``'s
    witness with the state ``unsettled`` and a detail naming each reading's verdict."""
    found = readings(domain)
    if first[0] not in (Status.REFUTED, Status.ERRATUM) or not found:
        return first, domain, None
    decided = [decide(narrowed, k) for k, (narrowed, _) in enumerate(found)]
    if all(d[0] in (Status.REFUTED, Status.ERRATUM) for d in decided):
        return decided[0], found[0][0], None
    verdicts = "; ".join(f"{d[0].value.lower()} for {said}" for d, (_, said) in zip(decided, found))
    names = ", ".join(sorted({s.name for narrowed, _ in found for s in narrowed if narrowed[s] != domain[s]}))
    detail = (f"the paper states no range for {names}; {verdicts}; state the range (a side condition in the "
              f"display, or --domain)")
    return (first[0], first[1], detail, first[3], first[4]), domain, "unsettled"
