"""A display's text prepared for the lexer: math delimiters, labels, tags, an equation number and the trailing
punctuation stripped (:func:`clean`, and :func:`shown` as a report prints it), ``^\\prime`` read as TeX reads it, a
brace group around the whole display dropped, and the full stops that end a row dropped from its tokens.
"""
from __future__ import annotations

import re

from ..errors import SymdpError
from .lexer import Tok, balanced


_STEP = (r"\\(?:overset|stackrel)\s*\{\s*(?:\\text\s*\{\s*)?\(\s*(?:[abcefgh]|i{1,3}|iv|vi{0,3}|ix|x|"
         r"\d{1,2})\s*\)\s*\}?\s*\}\s*\{\s*")
"""A proof step's label in parentheses over a relation (``\\overset{(a)}{\\le}``): the relation; an equality only
where it opens a continuation row (``&\\overset{(b)}{=} ...``): mid-row, ``f(x) \\overset{(a)}{=} g(x)`` is a step
proved, not a definition of f(x), and stays refused."""
_STRIP = [(re.compile(p), r) for p, r in (
    (r"^\s*(\$\$|\\\[|\$)", ""), (r"(\$\$|\\\]|\$)\s*$", ""),
    (r"\\(begin|end)\s*\{(aligned|align\*?|equation\*?|split|gathered|displaymath)\}", " "),
    (r"\\label\s*\{[^{}]*\}", " "), (r"\(\s*\\#eq:[\w:.-]+\s*\)", " "), (r"\\tag\*?\s*\{(?:[^{}]|\{[^{}]*\})*\}", " "),
    (r"\\(nonumber|notag|numberthis)\b", " "),
    (_STEP + r"(<|>|\\leq?|\\geq?|\\leqslant|\\geqslant)\s*\}", r" \1 "),
    (r"^(\s*&?\s*)" + _STEP + r"=\s*\}", r"\1 = "),
    (r"\\stackrel\s*\{\s*\\text\s*\{\s*def\s*\}\s*\}\s*\{\s*=\s*\}", "="),
    (r"^(\s*&?\s*(?:\\(?:hat|bar|tilde)\s*\{?\s*)?\\?[A-Za-z]+\}?(?:_\{[^{}]*\}|_\\?[A-Za-z0-9]+)?\s*&?\s*)"
     r"\\equiv(?![A-Za-z])(?!.*(?:\\equiv|mod))", r"\1\\coloneqq "),
    (r"\\(q?quad)\s*\(\s*\d+[a-z]?\s*\)\s*$", ""), (r"(\s*\\\\)+\s*$", ""),
    (r"(?:\s|(?<!\\)[.,;]|\\[;,:!]|\\q?quad\b)+$", ""))]
"""Delimiters, labels (bookdown's ``(\\#eq:name)`` too; a proof step's ``\\overset{(a)}{\\le}``, the relation; ``\\equiv``
after a bare name that opens the row, ``f \\equiv \\frac{h}{N}``, a definition, unless a congruence), tags,
equation numbers and the display's trailing punctuation, with any spacing command
before it (``\\; .``) removed whole (never half of ``\\;``)."""


def clean(text: str) -> str:
    """The formula of a display: without math delimiters, labels, tags, a trailing equation number."""
    if not isinstance(text, str):
        raise SymdpError("latex", text, "a string of LaTeX math")
    for pattern, repl in _STRIP:
        text = pattern.sub(repl, text)
    return text.strip()


def shown(text: str) -> str:
    """The formula as a report prints it: :func:`clean`, and without alignment ``&`` and row breaks
    outside ``cases`` (a quoted align row stands alone)."""
    text, out, cases, k = clean(text), [], 0, 0
    while k < len(text):
        if text.startswith(r"\begin{cases}", k) or text.startswith(r"\end{cases}", k):
            cases += 1 if text[k + 1] == "b" else -1
        if cases == 0 and text.startswith("\\\\", k):
            out.append(" ")
            k += 2
            continue
        if text[k] == "\\":
            out.append(text[k:k + 2])
            k += 2
            continue
        out.append(" " if cases == 0 and text[k] == "&" else text[k])
        k += 1
    return re.sub(r"\s+", " ", "".join(out)).strip()


_PRIMES = re.compile(r"\^\s*(?:\\prime\b|\{\s*((?:\\prime\s*)+)\})")


def read_primes(text: str) -> str:
    """``x^{\\prime}``, ``x^\\prime``, ``x^{\\prime\\prime}`` as TeX reads them: ``x'``, ``x''`` (math mode's
    ``'`` is ``^\\prime``)."""
    return _PRIMES.sub(lambda m: "'" * max(1, (m.group(1) or "").count("\\prime")), text)


def unwrapped(text: str) -> str:
    """A display wrapped whole in one brace group (``{J(f, d) = ...}``) without the group, which typesets
    nothing; anything else unchanged."""
    while text.startswith("{"):
        inner, end = balanced(text, 0)
        if inner is None or end != len(text):
            return text
        text = inner.strip()
    return text


def punctuation(tokens: list[Tok]) -> list[Tok]:
    """Without the full stops that end a ``cases`` row or the display (``x > 1/2.\\\\``)."""
    ends = ("NEWROW", "END_CASES", "AMP")
    return [t for k, t in enumerate(tokens) if not (t.kind == "DOT" and (k + 1 == len(tokens) or
                                                                          tokens[k + 1].kind in ends))]
