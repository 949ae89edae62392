"""A font command before one unbraced token takes that token as its argument, as TeX does.

``\\mathbb R``, ``\\textbf X``, ``\\mathcal D``, ``\\boldsymbol\\mu``: TeX gives a one-argument command the next token
when no brace group follows, so these are ``\\mathbb{R}``, ``\\textbf{X}``, ``\\mathcal{D}``, ``\\boldsymbol{\\mu}``.
The token is a letter, a digit, or a Greek letter's command; any other command after a font command (``\\mathbf
\\hat x``, which TeX would not set either) is left to be refused.  A letter right before more letters (``\\mathrm
Var(x)``, ``\\mathrm sgn(x)``, ``\\mathbf xy``), or before a space and a word (``\\mathrm V ar``), or one letter in
braces right before two more (``\\mathrm{V}ar(x)``), is refused: TeX sets an upright V and an italic ``ar``, but the
author means the word (the operator Var), never V times a times r.  The differential ``\\mathrm dx`` (d and one
letter) and a letter after a space (``\\mathbb E X``) are left to the other rules.  Plain TeX's switches inside a group
(``{\\bf X}``) are :mod:`.rewrite`'s.
"""
from __future__ import annotations

import re

from .lexer import ALIASES, GREEK, fail

FONTS = ("mathbf", "boldsymbol", "bm", "mathcal", "mathbb", "mathbbm", "mathds", "mathscr", "mathfrak", "mathrm",
         "mathit", "mathsf", "mathtt", "textbf", "textrm", "textit", "textsf", "texttt", "textnormal")
"""Commands that set their one argument in a font (not ``\\text``, ``\\mbox``, ``\\operatorname``: words, not fonts)."""
_UNBRACED = re.compile(r"\\(" + "|".join(FONTS) + r")(?![A-Za-z])\s*(?:([A-Za-z0-9])|\\([A-Za-z]+)(?![A-Za-z]))")


def font_arguments(text: str) -> str:
    """``text`` with each font command's unbraced one-token argument braced (see the module's docstring)."""
    def braced(m: re.Match) -> str:
        if m.group(3) is not None and m.group(3) not in GREEK | set(ALIASES):
            return m.group(0)
        return rf"\{m.group(1)}{{{m.group(2) or chr(92) + m.group(3)}}}"
    _refuse_words(text)
    return _UNBRACED.sub(braced, text)


_WORD = re.compile(r"\\(?:" + "|".join(FONTS) + r")(?![A-Za-z])\s*(?:(?P<letter>[A-Za-z])(?P<rest>\s*[A-Za-z]+)"
                   r"|\{\s*[A-Za-z]\s*\}(?P<tight>[A-Za-z]{2,}))")


def _refuse_words(text: str) -> None:
    """Refuse a font command's one letter right before more letters (see the module's docstring)."""
    for m in _WORD.finditer(text):
        rest = m.group("rest") or ""
        if len(rest.strip()) == 1 and (m.group("letter") == "d" or rest[0].isspace()):
            continue   # \mathrm dx, \mathrm d x: the differential; \mathbb E X: a letter after a space, not a word
        fail(text, m.start(), m.end(), "a font command's one letter before more letters (TeX sets only the "
             "first letter in the font): the word set in the font (an operator such as Var, sgn, exp), or that letter "
             "times the others? Brace the word, \\mathrm{Var}, or space the product, \\mathrm{V} \\cdot ar")
