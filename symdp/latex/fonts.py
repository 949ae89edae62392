"""A font command before one unbraced token takes that token as its argument, as TeX does.

``\\mathbb R``, ``\\textbf X``, ``\\mathcal D``, ``\\boldsymbol\\mu``: TeX gives a one-argument command the next token
when no brace group follows, so these are ``\\mathbb{R}``, ``\\textbf{X}``, ``\\mathcal{D}``, ``\\boldsymbol{\\mu}``, and
``\\mathbf xy`` is ``\\mathbf{x}y``.  The token is a letter, a digit, or a Greek letter's command; any other command
after a font command (``\\mathbf \\hat x``, which TeX would not set either) is left to be refused.  Plain TeX's switches
inside a group (``{\\bf X}``) are :mod:`.rewrite`'s.
"""
from __future__ import annotations

import re

from .lexer import ALIASES, GREEK

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
    return _UNBRACED.sub(braced, text)
