"""A word in ``\\text{...}`` standing alone as an operand: one name (``\\text{dof}``, ``\\text{cohort size}``).

Docstrings and notebooks write a quantity's name as a word in upright text: ``lb = \\frac{1}{\\text{dof}}``,
``\\frac{2\\pi\\alpha}{\\text{high} - \\text{low}}``, ``\\sqrt{v + \\text{eps\\_root}} + \\text{eps}``,
``\\sigma_{\\text{cohort size}}``.  Upright text is never a product of its letters, so such a word is one name
when nothing can make it anything else:

- it stands alone between operators: what comes before it opens an operand (the start, an operator, a relation,
  an opening bracket, a comma, a condition's opening word) and what follows it closes one (the end, an operator, a relation, a closing
  bracket, a comma, a script).  Or it is the last factor of a product: a name before it, and what follows closes it
  (``\\beta_1 \\text{fin} + ...``, blanks alone between; after a number it may be a unit, ``5 \\text{ms}``, and is
  refused; after a wide space, a remark, ``x \\quad \\text{asymptotically}``, refused).  A word against an operand
  after it is refused: ``\\text{sign}\\, x`` (a function without parentheses), ``n \\text{ even}`` (prose);
- it is written tight in its braces (``\\text{where }`` is prose around the formula) and holds only letters, digits,
  ``_`` and single spaces between words, none of them an English connective (``\\text{for all}``, ``\\text{is
  the}``), or only the letters of a script written without spaces (``\\text{总人数}``);
- it names no value or function (``\\text{undefined}``, ``\\text{NaN}``, ``\\text{mod}``: refused with the reason).

A word followed by parentheses (``\\text{logit}(x)``) is decided by the resolver, as a call.
"""
from __future__ import annotations

import re

import sympy as sp
from lark import Token

from .lexer import fail, spaced

BEFORE = frozenset({None, "PLUS", "MINUS", "MUL", "DIV", "REL", "LPAREN", "LBRACK", "LBRACE", "LSET", "COMMA",
                    "AMP", "NEWROW", "ABSL", "IN", "AND", "OR", "NOT", "IF"})
"""What may stand before a word read as a name (``None``: the start of the row)."""
COEFFICIENTS = frozenset({"NAME"})
"""A name before the word, when what follows the word closes it (``\\beta_1 \\text{fin} + ...``): a coefficient times
the word, since a function needs an argument after it.  Not a number: ``5 \\text{ms}`` is a unit."""
UNITS = frozenset("""samples sample steps step times iterations iteration epochs epoch rounds round queries users records
rows bits bytes ms s sec secs seconds min mins minutes h hours kb mb gb tb""".split())
"""Words that count or measure (``n^2 \\text{steps}``, ``(x + y)\\text{ms}``): a unit after a quantity, never a name
times it."""
AFTER = frozenset({None, "PLUS", "MINUS", "MUL", "DIV", "REL", "RPAREN", "RBRACK", "RBRACE", "RSET", "COMMA",
                   "AMP", "NEWROW", "SUB", "SUP", "ABSR", "IN"})
"""What may follow it (``None``: the end of the row)."""
CONNECTIVES = frozenset("""a all an and any are as at be by each else every for from given hence if iff in is it
    let no not of on only or otherwise per since so some such that the then thus to we when where whenever
    with""".split())
"""English words that make a text group prose, never a name."""
VALUES = frozenset("""undefined none null nan true false inf infinity mod sign sgn det tr rank var cov
    pr softmax""".split())
"""Words that name a value or an operation, not a quantity of the paper (refused, lower case compared)."""
_SHAPE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*( [A-Za-z][A-Za-z0-9_]*){0,3}$")
_UNSPACED = lambda text: text.isalpha() and not text.isascii()
"""A word of a script written without spaces (``\\text{总人数}``, "the total number"): letters only, one name."""


OPENING_WORDS = frozenset({"if", "for", "when", "whenever", "where", "and", "or"})
"""Words that open a condition (``\\text{for } \\text{lower} \\le x``): an operand may follow them."""


def kind(item) -> str | None:
    """The kind of a raw or grammar token (None for no token; "AND" for a condition's opening word)."""
    if item is None:
        return None
    if getattr(item, "kind", "") == "WORD" and item.text.strip().lower() in OPENING_WORDS:
        return "AND"
    return item.kind if hasattr(item, "kind") else item.type


def tight(source: str, tok) -> bool:
    """``\\text{dof}``, not ``\\text{ dof}`` or ``\\text{where }``: no space inside the braces at either end."""
    spelled = source[tok.start:tok.end]
    open_, close = spelled.find("{"), spelled.rfind("}")
    body = spaced(spelled[open_ + 1:close]) if 0 <= open_ < close else ""
    return bool(body) and body == body.strip()


PROSE_FONTS = frozenset(("textrm", "textit", "textsf", "textnormal", "mbox"))
"""Text fonts a paper also sets prose in (``k + 1 \\textrm{ with } 1 \\le k``): there a word spaced in its braces, or
a connective, is prose, never a name, as in ``\\text`` (:func:`text_name`)."""


def prose_word(source: str, tok, text: str) -> bool:
    """The word ``text`` of ``tok`` is prose: a connective, or spaced in its braces."""
    return any(w.lower() in CONNECTIVES for w in text.split(" ")) or not tight(source, tok)


_UNIT_AFTER_NUMBER = re.compile(r"(?:\d|\})\s*(?:\\[,;:! ]|~|\s)*\\(?:mathrm|text|textrm|mbox|operatorname|mathit)\s*"
                                r"\{\s*(" + "|".join(sorted(UNITS | {"m", "km", "cm", "mm", "g", "kg", "ns", "us", "Hz",
                                                                   "kHz", "MHz", "GHz", "W", "J", "K"},
                                                                  key=len, reverse=True))
                                + r")\s*\}(?!\s*(?:[(_^A-Za-z]|\\[A-Za-z]))")   # not \mathrm{min}(a, b), \mathrm{d}x


def refuse_units(source: str) -> None:
    """Refuse ``T = 5\\,\\mathrm{ms}``, ``1\\,\\mathrm{km} = 1000\\,\\mathrm{m}``: an upright unit after a number, a
    measurement, never the number times a name (``5\\,\\text{ms}`` alone is refused as a word against an operand)."""
    m = _UNIT_AFTER_NUMBER.search(source)
    if m is not None:
        fail(source, m.start(1), m.end(1), f"the unit {m.group(1)!r} after a number: a measurement, not the number "
             "times a name; write the quantity without its unit")


def adjacent(source: str, before, tok) -> bool:
    """Only blanks between a name and the word after it (``\\beta_1 \\text{fin}``): a coefficient and its word.  A
    spacing command between (``x \\quad \\text{asymptotically}``) sets a remark apart, never a factor."""
    end = getattr(before, "end", getattr(before, "end_pos", None))
    return end is not None and not source[end:tok.start].strip()


def text_name(source: str, tok, text: str, before, after, powered: bool = False) -> Token:
    """The name ``text`` of the word ``tok`` (a ``\\text`` group) between ``before`` and ``after``, or refused.
    ``powered``: ``before`` closes a coefficient, a superscript's argument (``\\beta^2 \\text{precision}``) or
    parentheses that hold a name (``(1 + \\beta^2) \\text{tp}``)."""
    if text.lower() in VALUES:
        fail(source, tok.start, tok.end, f"the word {text!r} names a value or an operation, not a quantity: "
             "write the formula in symbols, or extend the notation with it")
    words = text.split(" ")
    if not (_SHAPE.match(text) or _UNSPACED(text)) or prose_word(source, tok, text):
        fail(source, tok.start, tok.end, f"the word {text!r} is prose, not a name (extend the notation with it "
             "to read it as one)")
    # x \\text{的}: "of", never x times a name
    closes = kind(before) in COEFFICIENTS or (powered and text.lower() not in UNITS)
    coefficient = closes and not _UNSPACED(text) and adjacent(source, before, tok)
    if (kind(before) not in BEFORE and not coefficient) or kind(after) not in AFTER:
        fail(source, tok.start, tok.end, f"the word {text!r} against an operand: a name times it, a function "
             "applied without parentheses, or prose? Extend the notation with it, or write the operator")
    return Token("NAME", sp.Symbol("_".join(words)), start_pos=tok.start, end_pos=tok.end)


def closes_coefficient(items: list, i: int) -> bool:
    """What stands before the word ``items[i]`` closes a coefficient: a superscript's argument on a name (``\\beta^2
    \\text{precision}``), or parentheses that hold a name (``(1 + \\beta^2) \\text{tp}``; not a measurement
    ``(3.2 \\pm 0.1)\\,\\text{ms}``)."""
    if i >= 3 and kind(items[i - 2]) == "SUP" and kind(items[i - 3]) in ("NAME", "CMD", "SYM"):
        return True
    if not i or kind(items[i - 1]) != "RPAREN":
        return False
    depth = 0
    for j in range(i - 1, -1, -1):
        depth += (kind(items[j]) == "RPAREN") - (kind(items[j]) == "LPAREN")
        if depth == 0:
            return any(kind(t) in ("NAME", "CMD", "SYM") for t in items[j + 1:i - 1])
    return False
