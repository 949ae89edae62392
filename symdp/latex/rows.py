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
    """The rows of an align body split at top-level ``\\\\`` (not inside braces or environments): (offset, text)."""
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
    """A pair after the first that opens with text or has an empty left cell (``&& \\text{by ...}``, ``& \\text{if }
    x \\le 1``, ``&& \\varepsilon \\le 1``): a justification or a condition of the equation before it, which the
    formula reader keeps, drops or refuses (:mod:`.remarks`), never an equation of its own nor a column lost."""
    return bool(_JUSTIFY.match(text)) or text.lstrip().startswith("&")


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
