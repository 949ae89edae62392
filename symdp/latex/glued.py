"""A letter glued to digits (``n1``) that the display also writes with the digits as its subscript (``n_{1}``).

Pingouin's pooled standard deviation is ``\\frac{(n_{1} - 1)\\sigma_{1}^{2} + (n_{2} - 1)\\sigma_{2}^{2}}{n1 + n2 - 2}``:
``n1`` is one name or ``n`` times 1, and the display names the sample sizes ``n_{1}``, ``n_{2}`` itself, so ``n1``
is that name (nobody multiplies by a 1 written after the letter).  A glued letter whose subscripted name the display
does not write (``n1`` alone, ``x2`` beside ``x_1``) is left to be refused (:meth:`.resolve.Resolver.resolve`).
"""
from __future__ import annotations

from .lexer import Tok


def _glued(a, b) -> bool:
    """``a`` a one-letter name and ``b`` whole digits written against it."""
    return isinstance(a, Tok) and isinstance(b, Tok) and a.kind == "NAME" and len(a.text) == 1 and a.text.isalpha() \
        and b.kind == "NUMBER" and b.text.isdigit() and not b.spaced and b.start == a.end


def glued(tokens: list[Tok]) -> list[Tok]:
    """``tokens`` (folded: ``n_{1}`` is one NAME ``n_1``) with each ``n1`` whose ``n_1`` the display writes as that
    NAME."""
    names = {t.text for t in tokens if isinstance(t, Tok) and t.kind == "NAME"}
    out, k = [], 0
    while k < len(tokens):
        if k + 1 < len(tokens) and _glued(tokens[k], tokens[k + 1]) \
                and f"{tokens[k].text}_{tokens[k + 1].text}" in names:
            a, b = tokens[k], tokens[k + 1]
            out.append(Tok("NAME", f"{a.text}_{b.text}", a.start, b.end, a.spaced, a.cmd))
            k += 2
            continue
        out.append(tokens[k])
        k += 1
    return out
