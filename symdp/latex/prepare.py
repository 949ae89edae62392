"""A display's text prepared for the lexer: math delimiters, labels, tags, an equation number and the trailing
punctuation stripped (:func:`clean`, and :func:`shown` as a report prints it), ``^\\prime`` read as TeX reads it, a
brace group around the whole display dropped, and the full stops that end a row dropped from its tokens.
"""
from __future__ import annotations

import re

from ..errors import SymdpError
from .lexer import ALIASES, GREEK, Tok, balanced


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
    (r"\\(q?quad)\s*\(\s*\d+[a-z]?\s*\)\s*$", ""), (r"(\s*\\\\)+\s*$", ""),
    (r"(?:\s|(?<!\\)[.,;]|\\[;,:!]|\\q?quad\b)+$", ""))]
"""Delimiters, labels (bookdown's ``(\\#eq:name)`` too; a proof step's ``\\overset{(a)}{\\le}``, the relation), tags,
equation numbers and the display's trailing punctuation, with any spacing command
before it (``\\; .``) removed whole (never half of ``\\;``)."""


def clean(text: str) -> str:
    """The formula of a display: without math delimiters, labels, tags, a trailing equation number; ``\\equiv`` read
    as a definition where it defines a name (:func:`defining_equiv`)."""
    if not isinstance(text, str):
        raise SymdpError("latex", text, "a string of LaTeX math")
    for pattern, repl in _STRIP:
        text = pattern.sub(repl, text)
    return defining_equiv(text.strip())


_EQUIV_HEAD = re.compile(r"^\s*&?\s*(?!(?:e|i|\\pi)\s*&?\s*\\equiv)(?:\\(?:hat|bar|tilde|widehat|overline)\s*\{?\s*)?"
                         r"(?:\\[A-Za-z]+|[A-Za-z])\}?(?:_\{[^{}]*\}|_\\?[A-Za-z0-9]+)?\s*&?\s*\\equiv(?![A-Za-z])")
_CONGRUENCE = re.compile(r"mod|\\equiv|(?:\\q?quad|\\[;,:]|~)\s*[(\[]\s*\w+\s*[)\]]", re.S)
_SPACING = re.compile(r"\\(?:q?quad|[,;:!]|text\s*\{[^{}]*\})")
_COMMAND = re.compile(r"\\([A-Za-z]+)")
_NAMED = re.compile(r"[A-Za-z@]")


def _greek(m) -> str:
    """A command as the name test sees it: a Greek letter is a name (``@``), any other command (``\\frac``) none."""
    return "@" if m.group(1) in GREEK or m.group(1) in ALIASES else " "


def defining_equiv(text: str) -> str:
    """``f \\equiv \\frac{h}{N}``, ``k &\\equiv& 1 + \\frac{20}{N^2}``: ``\\equiv`` after one name (a letter or a
    command, decorated, subscripted; not e, i or pi) opening the row, before a formula with a name in it, is a
    definition (``:=``).  A congruence (``mod`` anywhere, ``x \\equiv 1 \\quad (4)``, a number alone on the right),
    a second ``\\equiv``, ``f(x) \\equiv 0`` stay as written (refused: an equivalence)."""
    m = _EQUIV_HEAD.match(text)
    if m is None:
        return text
    rest = text[m.end():]
    if _CONGRUENCE.search(rest) or not _NAMED.search(_COMMAND.sub(_greek, _SPACING.sub(" ", rest))):
        return text
    return text[:m.end() - len("\\equiv")] + "\\coloneqq " + rest


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
