"""The base of the logarithm, as the text around a display gives it.

``\\log`` reads as the natural logarithm; a paper that says "all logarithms are to base 2" (or "$\\log$ stands for
$\\log_2$", "logarithms are binary") means another function, so a plain ``\\log`` there is refused
(:func:`refuse_other_base`).  A sentence that speaks for the whole paper reaches every display (:func:`base_clauses`).
"""
from __future__ import annotations

import re

from .lexer import fail
from .prose import sentences


_BASE = re.compile(r"\blog(?:arithm)?s?\b[^.;]{0,80}?\b(?:to |in |of )?(?:the )?base[- ]?\$?\s*\{?"
                   r"(\d+|[A-Za-z](?![A-Za-z])|two|ten)\}?\s*\$?"
                   r"|\bbase[- ]\$?\{?(\d+)\}?\$?\s+log(?:arithm)?s?\b|\bbinary log(?:arithm)?s?\b"
                   r"|\blog(?:arithm)?s?\s+(?:(?:here|in this \w+|throughout)\s+)?(?:are|is)\s+"
                   r"(?:all\s+|always\s+)?binary\b"
                   r"|\\log\$?\s*(?:stands for|denotes|means|is short for|is|\\equiv|:?=)\s*\$?\s*\\log_\{?(\d+)\}?",
                   re.I)
"""A sentence that names the base of its logarithm: "the logarithm ... to the base $2$" (or "base two"), "log base
2", "base-2 logarithms", "binary logarithm", "all logarithms are binary", "$\\log$ stands for $\\log_2$", "$\\log
\\equiv \\log_2$"."""
_WORDS = {"two": "2", "ten": "10"}
_THROUGHOUT = re.compile(r"\b(?:all|throughout|in this (?:paper|work|article|note|thesis|section)|unless|always)\b",
                         re.I)
"""A base sentence that speaks for the whole paper ("All logarithms in this paper are to base 2"): it holds for the
displays of other paragraphs too (:func:`base_clauses`)."""


def log_base(prose) -> str:
    """The base the sentences of ``prose`` give the logarithm ("2"), "" when none names one or it is e."""
    for sentence in sentences(prose):
        m = _BASE.search(sentence)
        if m:
            base = m.group(1) or m.group(2) or m.group(3) or "2"
            if base.lower() != "e":
                return _WORDS.get(base.lower(), base)
    return ""


def base_clauses(text: str) -> tuple:
    """The clauses of a paper's ``text`` that give the logarithm a base for the whole paper ("All logarithms in this
    paper are to base 2", "Throughout, $\\log$ stands for $\\log_2$"): each display's prose gets them, since its
    own paragraph need not repeat them."""
    return tuple(m.group(0) for sentence in sentences(text) if _THROUGHOUT.search(sentence)
                 for m in [_BASE.search(sentence)] if m is not None and log_base(m.group(0)))


_PLAIN_LOG = re.compile(r"\\log(?![A-Za-z])(?!\s*_)")


def refuse_other_base(source: str, prose) -> None:
    """A plain ``\\log`` where the text around the display names another base ("the logarithm ... to the base
    $2$", Shekhar's ECE 598 notes) is refused: ``\\log`` reads as the natural logarithm, which the text denies."""
    m = _PLAIN_LOG.search(source)
    base = log_base(prose) if m else ""
    if base:
        fail(source, m.start(), m.end(), f"\\log where the text around the display gives the logarithm base {base}: "
             f"the notation reads \\log as the natural logarithm; write \\log_{{{base}}} (or \\ln for the natural one)")
