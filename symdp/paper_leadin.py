"""The side conditions a display's lead-in sentence states, for ``symdp paper --standalone``: "For $0 \\le b \\le a$,
we have", "If $x > 0$, then", "Let $\\delta \\in (0, 1)$ and $\\alpha > 1$." right before the display.

Only the last sentence of the paragraph before the display counts, only when it opens with one of the words of
:data:`_LEAD` followed at once by inline formulas (joined by commas or "and") and holds no other formula after them
(``for some``, a formula further in the sentence, a sentence earlier in the paragraph: none is read).  Each formula
must read as a relation of order (``<``, ``\\le``, ``>``, ``\\ge``, a chain of them, or membership of an interval);
one that does not (an equation, a distribution) makes the sentence give none, never a guess.  The display's own side
conditions and ``--domain`` narrow further (:mod:`.paper_domain`).
"""
from __future__ import annotations

import re

import sympy as sp

from .latex import LatexError, NotAFormula, display

_LEAD = re.compile(r"^(?:\\noindent\s*)?(?:(?:and|then|so|while|but)\s*,?\s*)?"
                   r"(?:for|if|when|whenever|assume(?: that)?|suppose(?: that)?|let|fix|given)\s+"
                   r"(?:all\s+|any\s+|every\s+|each\s+)?((?:\$[^$]+\$\s*(?:,\s*(?:and\s+)?|and\s+)?)+)([^$]*)$",
                   re.IGNORECASE | re.DOTALL)
_REST = re.compile(r"^[\s,:]*(?:\.|(?:then|we have|we get|we obtain|we find|one has|one gets|it holds(?: that)?|"
                   r"the following holds|(?:we|one) can (?:show|prove) that)[\s,:]*)?\s*$", re.IGNORECASE)
"""What may follow the formulas in the lead-in: nothing, or words that only lead into the display.  Anything else
("does not hold", "be an integer", "small enough", "sufficiently large", "the claim is trivial; otherwise we have")
qualifies or negates the condition, or hands it to another case: the sentence gives none."""
_INTEGER_LETTERS = frozenset("i j k l m n t N K M T".split())
"""Letters papers use for integers (an index, a count, a number of steps): a lead-in "For all $n \ge 1$" ranges over
integers, where the check would range over the reals; such a condition is not taken (the row keeps no domain)."""
_DISPLAY_END = re.compile(r"\\(?:begin|end)\s*\{[^}]*\}|\\\]|\$\$|\\(?:sub)*section\*?\s*\{[^}]*\}|\\item\b"
                          r"|\\par\b")
"""Where the text before a display stops counting: the end of a display, an environment's opening or closing, a
heading, an item, a paragraph break."""
_THEN = re.compile(r"^(?:then|hence|thus|so|therefore|consequently|we have|we get|it follows that|one has)\b[\s,:]*"
                   r"(?:(?:we|one) (?:have|get|find)[\s,:]*)?(?:that[\s,:]*)?$", re.IGNORECASE)
"""A last sentence that only leads into the display ("Then", "We have:"): the sentence before it is the lead-in,
when it opens with an assumption (:data:`_ASSUMING`)."""
_ASSUMING = re.compile(r"^(?:let|assume|suppose|fix)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\\$])")
_ORDER = {"<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}
"""The relations of order a lead-in formula may state, by the reader's operator."""


def conditions(before: str, notation) -> tuple:
    """The relations the lead-in sentence at the end of ``before`` (the paragraph's text before the display) states,
    read with ``notation``; () when it states none this module reads."""
    before = _DISPLAY_END.split(before)[-1].strip()   # from the last display, environment, heading or item
    said = _SENTENCE_END.split(before) if before else [""]
    last = said[-2] if len(said) > 1 and _THEN.match(said[-1]) and _ASSUMING.match(said[-2]) else said[-1]
    m = _LEAD.match(last)
    if m is None:
        return ()
    if not _REST.match(m.group(2)):
        return ()
    read = [_relations(formula, notation) for formula in re.findall(r"\$([^$]+)\$", m.group(1))]
    if any(s.name in _INTEGER_LETTERS for rels in read for r in rels for s in r.free_symbols):
        return ()
    return () if not all(read) else tuple(r for rels in read for r in rels)   # one formula unread: none taken


def _relations(formula: str, notation) -> list:
    try:
        read = display(formula, notation)
    except (LatexError, NotAFormula):
        return []
    if read.defines or read.conditions:
        return []
    if len(read.chain) == 1 and isinstance(read.chain[0], (sp.Rel, sp.And)) and not isinstance(read.chain[0], sp.Eq):
        return [read.chain[0]]
    if len(read.chain) < 2 or any(op not in _ORDER for op in read.ops):
        return []
    return [_ORDER[op](a, b, evaluate=False) for op, a, b in zip(read.ops, read.chain, read.chain[1:])]
