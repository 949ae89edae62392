"""Spellings that print nothing, or that print a range papers write as a set: rewritten before the lexer.

* ``\\phantom{...}``, ``\\hphantom{...}``, ``\\vphantom{...}``: an invisible box that only takes up room (an
  alignment aid, ``\\phantom{(1 - }\\alpha``): nothing, whatever the group holds, unless it is the argument of a
  script or a command (``x^\\phantom{2} y``: left as written, refused);
* an integral over the real line written as a set, ``\\int_{\\mathbb{R}}`` (``\\int_\\mathbb{R}``,
  ``\\int_{\\mathbb R}``) with no upper limit: ``\\int_{-\\infty}^{\\infty}``.  ``\\int_{\\mathbb{R}^d}`` and any other
  set stay as written (refused: an integral over a set);
* siunitx's ``\\num{0.7219281}``, ``\\num{1e-5}`` (a number the package typesets): the number, ``1 \\times 10^{-5}``
  for the exponent form; ``\\num`` of anything but a plain number (``\\num{1,5}``, a locale's decimal comma) is
  left as written (refused).
"""
from __future__ import annotations

import re

from .lexer import balanced

_PHANTOM = re.compile(r"\\[hv]?phantom\s*(?=\{)")
_ARGUMENT = re.compile(r"(?:[\^_]|\\(?:sqrt|[dt]?frac|[dt]?binom|hat|bar|tilde|check|breve|vec|dot|ddot|overline|underline"
                       r"|widehat|widetilde|math[a-z]+|text[a-z]*|operatorname|boldsymbol|bm|mbox))\s*$")
"""What a phantom may be the argument of (``x^\\phantom{2} y``, ``\\sqrt\\phantom{x}{y}``): dropping it would hand the
script or the command the next token; such a phantom is not dropped (and the lexer refuses it)."""
_REAL_LINE = re.compile(r"\\int(?![A-Za-z])\s*_\s*(?:\{\s*\\mathbb\s*(?:\{\s*R\s*\}|R)\s*\}|\\mathbb\s*(?:\{\s*R\s*\}|R(?![A-Za-z])))"
                        r"(?!\s*\^)")


_NUM = re.compile(r"\\num\s*\{\s*([+-]?(?:\d+\.?\d*|\.\d+))(?:\s*[eE]\s*([+-]?\d+))?\s*\}")


def _number(m) -> str:
    """The number of ``\\num{...}`` where an operand may start (after an operator, a relation, an opening, a command
    such as ``\\times``, or the start); after a digit or a letter (``2\\num{3}`` prints 23) it is left as written."""
    before = m.string[:m.start()].rstrip()
    if before and not (before[-1] in "=+-*/(<>[{,&" or re.search(r"\\[A-Za-z]+$", before)):
        return m.group(0)
    return f"{{{m.group(1)}}}" if m.group(2) is None else f"{{{m.group(1)} \\times 10^{{{int(m.group(2))}}}}}"


def spellings(text: str) -> str:
    """``text`` with phantoms dropped, integrals over the real line given their ends, ``\\num`` numbers written out."""
    text = _NUM.sub(_number, text)
    return _REAL_LINE.sub(r"\\int_{-\\infty}^{\\infty}", _phantoms(text))


def _phantoms(text: str) -> str:
    out, pos = [], 0
    for m in _PHANTOM.finditer(text):
        if m.start() < pos or _ARGUMENT.search(text[:m.start()]):
            continue   # inside a phantom already dropped, or a script's or a command's argument: left to the lexer
        group, end = balanced(text, m.end())
        if group is None:
            continue   # an unbalanced group: left as written (the lexer refuses it)
        out.append(text[pos:m.start()] + " ")
        pos = end
    return "".join(out) + text[pos:]
