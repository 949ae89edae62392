"""Justification columns and remarks after a display's formula, dropped before its side conditions are split off.

``a &= b && \\text{by Lemma 2}`` and ``y = x \\quad \\text{(see Eq. 3)}`` state nothing about the formula.  A remark
after a wide space is dropped only when it states nothing: its first word, as a whole word, justifies (``by``,
``see``, ``because`` ...: ``\\text{assume}`` and ``\\text{asymptotically}`` are not ``as``), or it is text in
parentheses that opens with no condition word and no qualifier (``(approximately)``), and no relation follows it.
``\\text{because } x > 0`` is left to the condition split, which refuses a statement after a word that opens no
condition (:func:`.conditions.split`).  A condition in parentheses (``\\text{(for } x \\ge 0)``) is read as the
condition without them; another parenthesised relation (``\\text{(} x > 0)``, ``\\text{(valid for } x > 0)``) is
refused, as ``\\quad (x \\ge 0)`` is.  A justification column that defines a name the formula uses (``&& \\text{using }
z = x + \\pi/2``) is refused: dropped, the name would read as a quantity of its own.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .conditions import RELATION_COMMANDS, RELATION_KINDS, keyword, top_level
from .lexer import Tok, fail

JUSTIFYING = frozenset("by because using from see cf cf. via as recall note".split())
"""Words that open a justification, not a condition (``since`` opens a condition: :data:`.conditions.KEYWORDS`)."""
QUALIFYING = frozenset("approximately asymptotically roughly almost about up in on at a.s. w.h.p. whp".split())
"""First words of a parenthesised text that qualifies the relation (``(approximately)``, ``(in distribution)``,
``(up to constants)``): not a remark to drop."""
STATING = RELATION_COMMANDS | {r"\to", r"\rightarrow", r"\longrightarrow", r"\searrow", r"\nearrow",
                              r"\downarrow", r"\uparrow"}
"""Commands that make a remark state something (``\\text{as } n \\to \\infty``: a limit, never dropped)."""
TEXT = ("text", "textrm", "mbox", "textnormal", "textit")


def justification(source: str, tokens: list[Tok]) -> list[Tok]:
    """``tokens`` without a trailing justification column (``&& \\text{by ...}``, ``&& \\text{since } t > 0``,
    a third ``&`` column) or a final remark after a wide space (``\\quad \\text{(by Lemma 2)}``); a column that is
    only a condition keyword and a formula (``&& \\text{if } x > 0``) is kept, as a condition, and so is a
    parenthesised condition, without its parentheses."""
    level = top_level(tokens)
    amps = [k for k, (t, top) in enumerate(zip(tokens, level)) if top and t.kind == "AMP"]
    for k in amps:
        if (k + 1 < len(tokens) and tokens[k + 1].kind == "AMP") or (len(amps) >= 2 and k == amps[-1]):
            rest = [t for t in tokens[k + 1:] if t.kind not in ("AMP", "GAP")]
            if rest and not _pure_condition(rest):
                _refuse_defining(source, tokens[:k], rest)
                return tokens[:k]
    for k, (t, top) in enumerate(zip(tokens, level)):
        if top and t.kind == "GAP" and k + 1 < len(tokens) and tokens[k + 1].kind == "WORD":
            kept = _after_gap(source, tokens, k)
            if kept is not None:
                return kept
    return tokens


def _refuse_defining(source: str, formula: list[Tok], remark: list[Tok]) -> None:
    """Refuse a justification column that defines a name the formula uses (``... \\ln(1 + u) && \\text{defining }
    u = \\epsilon / x``): dropped, the name would be read as a quantity of its own (free of the limit's variable it
    stands for); kept, it is a definition, not a condition.  Only the paper's words say how to read it.  The constants
    ``e`` and ``\\pi`` are never defined so (``\\ln(e) && \\text{since } e = \\lim ...`` recalls a fact)."""
    for k, t in enumerate(remark):
        if t.kind == "REL" and t.text == "=" and k:
            name = _name_before(remark, k)
            constant = [t.text for t in name] in (["e"], [r"\pi"])   # e = \lim ...: a constant's value recalled
            if name and _uses(formula, name) and not constant:
                fail(source, name[0].start, remark[k].end, f"{source[name[0].start:name[-1].end]} defined in the "
                     "justification and used in the formula: a name of its own, or the expression the remark "
                     "gives it? State the definition as its own row, or substitute it")


def _name_before(tokens: list[Tok], k: int) -> list[Tok]:
    """The bare name (a letter or command, with a one-token or braced subscript) right before ``tokens[k]`` and
    right after a word, a comma or the column's start; [] if another kind of side."""
    j = k - 1
    if j >= 2 and tokens[j - 1].kind == "SUB":   # x_1, x_\mathrm{A}: NAME SUB and one token
        j -= 2
    if tokens[j].kind not in ("NAME", "CMD") or (j and tokens[j - 1].kind not in ("WORD", "COMMA")):
        return []
    return tokens[j:k]


def _uses(formula: list[Tok], name: list[Tok]) -> bool:
    """``formula`` writes the name ``name`` (the same tokens, not followed by a subscript or a prime of its own)."""
    key = [(t.kind, t.text) for t in name]
    n = len(key)
    return any([(t.kind, t.text) for t in formula[i:i + n]] == key
               and (i + n >= len(formula) or formula[i + n].kind not in ("SUB", "PRIME"))
               and (i == 0 or formula[i - 1].kind != "SUB") for i in range(len(formula) - n + 1))


def _after_gap(source: str, tokens: list[Tok], k: int):
    """The row with the text after the wide space at ``k`` dropped (a remark) or unwrapped (a condition in
    parentheses); None to leave it to the condition split."""
    word, rest = tokens[k + 1], tokens[k + 2:]
    if word.cmd in ("ref", "eqref"):
        return tokens[:k]
    if word.cmd not in TEXT:
        return None
    text = word.text.strip().lower()
    inner = text[1:].strip() if text.startswith("(") else None
    states = any(t.kind in RELATION_KINDS or (t.kind == "CMD" and t.text in STATING) for t in rest)
    if inner is None:
        return tokens[:k] if _first(text) in JUSTIFYING and not keyword(word) and not states else None
    opened = replace(word, text=word.text.replace("(", "", 1))
    if states and keyword(opened):
        return tokens[:k + 1] + [opened] + _closed(source, word, rest)
    if states:
        fail(source, word.start, tokens[-1].end, "a relation in parentheses after the formula: a condition on it, or "
             "a remark? Write the condition after \\text{for } or \\text{if } without parentheses")
    return tokens[:k] if not keyword(opened) and _first(inner) not in QUALIFYING else None


def _first(text: str) -> str:
    """The first word of a text, whole (``as`` is not the first word of ``assume``; ``cf.``, ``a.s.`` kept whole)."""
    m = re.match(r"[a-z]+(?:\.[a-z]+)*\.?", text)
    return m.group(0) if m else ""


def _closed(source: str, word: Tok, rest: list[Tok]) -> list[Tok]:
    """``rest`` without the parenthesis that closes ``word``'s: the last token, a ``)`` or ``\\text{)}``."""
    last = rest[-1] if rest else None
    if last is not None and (last.kind == "RPAREN" or (last.kind == "WORD" and last.text.strip() == ")")):
        return rest[:-1]
    return fail(source, word.start, (last or word).end, "a condition in parentheses that the row does not close "
                "at its end: write the condition after \\text{for } or \\text{if } without parentheses")


def _pure_condition(rest: list[Tok]) -> bool:
    """A column that is a condition keyword alone (``\\text{if }``, ``\\text{for all }``) and a formula."""
    first = rest[0]
    if not keyword(first) or keyword(first) not in ("if", "for", "when", "whenever", "provided"):
        return False
    extra = first.text.strip()[len(keyword(first)):].strip().lower()
    return extra in ("", "all", "any", "every", "each") and not any(t.kind == "WORD" for t in rest[1:])
