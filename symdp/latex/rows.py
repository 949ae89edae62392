"""The rows of a display and the column pairs of an ``align`` row, as LaTeX (amsmath) sets them.

A display's rows end at top-level ``\\\\`` (not inside braces or a nested environment).  An ``align``,
``flalign`` or ``alignat`` row is pairs of columns: ``a &= b & c &= d`` sets two equations side by side
(amsmath, "align": the odd ``&`` align, the even ones separate), and a pair that opens with text or with an empty
left cell (``&& \\text{by } \\eqref{x}``, ``&& \\text{if } x \\le 1``) is a justification or a condition of the
equation before it: kept with it, for the formula reader to judge.  ``eqnarray``
(``a &=& b``) and ``aligned`` inside an equation are not split.
"""
from __future__ import annotations

import re

PAIRED = frozenset("align flalign alignat".split())
"""Displays whose rows are column pairs (amsmath): ``a &= b & c &= d`` is two equations side by side, and a pair
that holds only text (``&& \\text{by ...}``) is a justification, not an equation."""

_ROW = re.compile(r"\\(?:begin|end)(?![A-Za-z])|\\\\|\\.|[{}]", re.S)
LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")
_CELL = re.compile(r"\\(?:begin|end)(?![A-Za-z])|\\.|[{}&]", re.S)
_NOT_MATH = (re.compile(r"\\(?:label|tag\*?|text|textrm|textit|textbf|mbox|intertext|shortintertext|hspace\*?|"
                        r"ref|eqref|autoref|cref|Cref|cite[tp]?)\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}"),
             re.compile(r"\\(?:nonumber|notag|quad|qquad|[,;:! ])(?![A-Za-z])|[\s&.,;:{}()\[\]~]"))
"""What states nothing in a column pair: labels, text, references (removed inner first), then spacing,
punctuation and brackets."""
_JUSTIFY = re.compile(r"[\s&]*\(?\s*\\(?:text|textrm|textit|textbf|mbox)(?![A-Za-z])")
"""A pair after the first that opens with text is a justification or a condition (``&& \\text{since } z = u + tv``,
``&& \\text{if } x \\le 1``), not an equation."""


def rows_of(body: str) -> list[tuple[int, str]]:
    """The rows of an align body split at top-level ``\\\\`` (not inside braces or environments): (offset, text); a row
    that states no relation is kept with the row before it (:func:`_continued`)."""
    return _continued(body, _split(body))


_RELATION = re.compile(r"(?<!\\)[=<>]|\\(?:le|ge|leq|geq|leqslant|geqslant|lt|gt|ne|neq|approx|sim|simeq|equiv|in|"
                       r"notin|propto|coloneqq|eqqcolon|triangleq|doteq|subset|subseteq|to|mapsto|iff|implies|"
                       r"Rightarrow|Leftrightarrow|Longrightarrow|le[sq]?slant)(?![A-Za-z])")
_SPACE = r"\\(?:q?quad|[,;:! ]|hspace\*?\s*\{[^{}]*\}|phantom\s*\{[^{}]*\})(?![A-Za-z])|\{\s*\}"
"""Spacing a row prints before its content (``\\qquad``, ``\\,``, ``\\hspace{1em}``, ``{}``)."""
_TAG = r"\\(?:label\s*\{[^{}]*\}|nonumber|notag)(?![A-Za-z])"
"""A row's label or numbering switch: no content."""
_OPERATOR_FIRST = re.compile(rf"(?:\s|&|{_SPACE}|{_TAG})*(?:[-+]|\\(?:cdot|times|pm|mp)(?![A-Za-z]))")
"""A row that opens with an operator (after its alignment and spacing): the rest of the row before's expression."""
_ASIDE_FIRST = re.compile(rf"\s*&(?:\s|{_SPACE}|{_TAG})*\\(?:text|textrm|textit|mbox)(?![A-Za-z])")
"""A row whose left cell is empty and which goes on with words (``&\\qquad \\text{for all } x``): a condition of
the row before, never a chain's next link (``&= z``) nor an equation of its own (``& 1! = 1``)."""
_NOTHING = re.compile(rf"{_TAG}|\\(?:vdots|ddots)(?![A-Za-z])|[\s&]")


def _continued(body: str, rows: list) -> list:
    """``(1 + x)^2 &= 1 + 2x \\\\ &\\qquad + x^2``, ``a &\\ge b \\\\ &\\qquad \\text{for all } 0 < x \\le 1``: a row
    after the first that states no relation, opens with an operator, opens its empty left cell with words, or only
    bounds a name by numbers (``0 < x \\le 1``), continues the row before (the rest of its expression, or its
    condition), so both are one row: read alone, the first would be checked without it (a true bound refuted).  A row
    with a label of its own stands alone (its label is the author's: a quote of it must find it)."""
    out: list = []
    for at, text in rows:
        if out and _continues(text):
            out[-1] = (out[-1][0], body[out[-1][0]:at + len(text)])
        else:
            out.append((at, text))
    return out


def _continues(text: str) -> bool:
    if not _NOTHING.sub("", text) or LABEL.search(text):
        return False
    return not _RELATION.search(text) or bool(_OPERATOR_FIRST.match(text) or _ASIDE_FIRST.match(text)) \
        or _bound_only(text)


def _split(body: str) -> list[tuple[int, str]]:
    out, depth, env, start = [], 0, 0, 0
    for m in _ROW.finditer(body):
        t = m.group(0)
        if t == "\\\\" and depth == 0 and env == 0:
            out.append((start, body[start:m.start()]))
            start = m.end()
        elif t in ("\\begin", "\\end"):
            env += 1 if t == "\\begin" else -1
        elif t in "{}":
            depth += 1 if t == "{" else -1
    out.append((start, body[start:]))
    return out


def pairs_of(row: str) -> list[tuple[int, str]]:
    """The column pairs of an ``align`` row (cells split at top-level ``&``, two by two): (offset, text) of each
    pair that states something (not only a label, text, spacing or punctuation)."""
    cuts, depth, env = [], 0, 0
    for m in _CELL.finditer(row):
        t = m.group(0)
        if t == "\\\\" and depth == 0 and env == 0:
            return [(0, row)]   # rows kept together (:func:`_continued`): one statement, its pairs not split
        if t == "&" and depth == 0 and env == 0:
            cuts.append(m.start())
        elif t in ("\\begin", "\\end"):
            env += 1 if t == "\\begin" else -1
        elif t in "{}":
            depth += 1 if t == "{" else -1
    ends = cuts[1::2]
    starts = [0] + [k + 1 for k in ends]
    pieces: list = []
    for a, b in zip(starts, ends + [len(row)]):
        if pieces and _remark(row[a:b]):   # && \text{if } x \le 1: the equation's own column, read with it
            pieces[-1] = (pieces[-1][0], row[pieces[-1][0]:b])
        else:
            pieces.append((a, row[a:b]))
    return [(a, text) for a, text in pieces if _states(text)]


def _remark(text: str) -> bool:
    """A pair after the first that opens with text, has an empty left cell or only bounds a name by numbers (``&&
    \\text{by ...}``, ``& \\text{if } x \\le 1``, ``&& \\varepsilon \\le 1``, ``&\\qquad& 0 < x``, ``& 0 &< x \\le 1``):
    a justification or a condition of the equation before it, which the formula reader keeps, drops or refuses
    (:mod:`.remarks`), never an equation of its own nor a column lost."""
    cell = text.split("&")[0]
    return bool(_JUSTIFY.match(text)) or not _NOTHING.sub("", _SPACE_ONLY.sub("", cell)) or _bound_only(text)


def _bound_only(text: str) -> bool:
    return bool(_BOUND_ONLY.fullmatch(_SPACE_ONLY.sub(" ", _TAGS.sub(" ", text)).replace("&", " ")))


_TAGS, _SPACE_ONLY = re.compile(_TAG), re.compile(_SPACE)
_NUMBER = r"-?\d+(?:\.\d+)?"
_NAMED = r"\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?"
_BOUND_REL = r"(?:[<>]=?|\\(?:le|ge|leq|geq|lt|gt|leqslant|geqslant)(?![A-Za-z]))"
_BOUND_ONLY = re.compile(rf"\s*(?:{_NUMBER}\s*{_BOUND_REL}\s*)?{_NAMED}\s*(?:{_BOUND_REL}\s*{_NUMBER}\s*)?[.,;]?\s*")
"""A pair that only bounds a name by numbers (``& 0 &< \\varepsilon \\le 1``): the condition of the pair before."""


def _states(text: str) -> bool:
    """Whether a column pair states something: anything left once :data:`_NOT_MATH` is removed."""
    commands, rest = _NOT_MATH
    shorter = commands.sub("", text)
    while shorter != text:
        text, shorter = shorter, commands.sub("", shorter)
    return bool(rest.sub("", text))


def label_of(row: str, piece: str) -> str:
    """The row's ``\\label`` when it stands outside ``piece`` (in a justification pair), to keep with it."""
    found = LABEL.search(row)
    return "" if found is None or LABEL.search(piece) else " " + found.group(0)
