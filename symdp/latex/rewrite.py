"""Spellings of one construct rewritten, on the display's text, into the spelling the lexer reads.

- ``\\left\\{ \\begin{array}{ll} a & c_1 \\\\ b & c_2 \\end{array} \\right.`` is how papers wrote ``cases`` before
  amsmath (its ``\\right.`` may have lost its full stop to the display's trailing punctuation): rewritten as
  ``\\begin{cases} a & c_1 \\\\ b & c_2 \\end{cases}`` when every row holds one value and at most one condition
  (an empty column, as SciPy's ``{ccc}`` with ``value & & condition``, is dropped); any other array (a matrix, a
  table) is left as it is and refused as an environment.
- ``\\text{for $l \\leq x \\leq m$}`` (math inside a text group, as in NumPy's docstrings) becomes
  ``\\text{for } l \\leq x \\leq m``: the word opens the condition, the math is read as math.
- The Unicode minus sign ``−`` (U+2212), pasted from a rendered page, is the minus it shows.
"""
from __future__ import annotations

import re

_ARRAY = re.compile(r"\\left\s*\\\{\s*\\begin\s*\{array\}\s*\{[^{}]*\}(?P<body>.*?)"
                    r"\\end\s*\{array\}\s*\\right\s*(?:\.|$)", re.S)
_TEXT_MATH = re.compile(r"\\(?P<cmd>text|mbox|textrm)\s*\{(?P<word>[^{}$]*)\$(?P<math>[^$]*)\$\s*\}")


def rewritten(text: str) -> str:
    """``text`` with the spellings above rewritten; anything else unchanged."""
    text = text.replace("\u2212", "-")
    text = _TEXT_MATH.sub(lambda m: rf"\{m.group('cmd')}{{{m.group('word').rstrip()} }} {m.group('math')} ", text)
    return _ARRAY.sub(_cases, text)


def _cases(m: re.Match) -> str:
    rows = [r for r in re.split(r"\\\\", m.group("body")) if r.strip()]
    out = []
    for row in rows:
        cells = [c.strip() for c in _cells(row)]
        filled = [c for c in cells if c]
        if not 1 <= len(filled) <= 2 or not cells[0]:
            return m.group(0)
        out.append(" & ".join(filled))
    return r"\begin{cases} " + r" \\ ".join(out) + r" \end{cases}"


def _cells(row: str) -> list[str]:
    """The cells of an array row: split at the ``&`` outside braces (an escaped ``\\&`` is text)."""
    cells, depth, current, k = [], 0, [], 0
    while k < len(row):
        c = row[k]
        if c == "\\":
            current.append(row[k:k + 2])
            k += 2
            continue
        depth += (c == "{") - (c == "}")
        if c == "&" and depth == 0:
            cells.append("".join(current))
            current = []
        else:
            current.append(c)
        k += 1
    cells.append("".join(current))
    return cells
