"""A letter right after a one-letter script: the script's continuation (``x_ij``), or a factor after it (``x_iy_i``)?

TeX gives an unbraced ``_`` or ``^`` one token, so ``\\sigma_ij`` is ``\\sigma_i j``; an author who writes it means
``\\sigma_{ij}``, and one who writes ``x_iy_i`` means ``x_i y_i``.  :func:`run_on` tells the two apart where the
letters do, for the lexer to refuse the first.
"""
from __future__ import annotations

INDICES = frozenset("ijklmnt")
"""Letters papers index with: two of them after ``_`` (``x_ij``, ``\\sigma_ij^2``, ``x_it``) are a double index."""


def run_on(out: list, text: str, k: int) -> bool:
    """The script letter at ``k`` and the letter after it may be one script (``x_ij``, ``x^ab``, ``e^ix``), not the
    script and a factor after it: a subscript and a second index letter, or a superscript and a bare letter (no
    script or prime after it).  ``x_iy_i``, ``\\beta_ix``, ``\\lambda^ke^{-\\lambda}``, ``m^TV^{-1}`` and a big
    operator's limit (``\\sum_{i=1}^NZ_i``) are read as TeX sets them."""
    after, then = text[k + 1:k + 2], text[k + 2:k + 3]
    if not (after.isascii() and after.isalpha()) or _limit(out):
        return False
    if out[-1].kind == "SUB":
        return text[k] in INDICES and after in INDICES
    return then not in ("_", "^", "'")


BIG_OPERATORS = frozenset(r"\sum \prod \coprod \int \iint \iiint \oint \bigcup \bigcap".split())


def _limit(out: list) -> bool:
    """The script that ends ``out`` (its ``^`` or ``_`` last) is a big operator's limit (``\\sum_{i=1}^N``): before
    it, scripts alone back to the operator."""
    k = len(out) - 2
    while k >= 0 and out[k].text not in BIG_OPERATORS:
        k = _opening(out, k) if out[k].kind == "RBRACE" else k
        if k < 1 or out[k].kind not in ("NAME", "NUMBER", "CMD", "LBRACE") or out[k - 1].kind not in ("SUP", "SUB"):
            return False
        k -= 2
    return k >= 0


def _opening(out: list, k: int) -> int:
    """The index of the ``{`` that the ``}`` at ``k`` closes (-1 if none)."""
    depth = 0
    for j in range(k, -1, -1):
        depth += (out[j].kind == "RBRACE") - (out[j].kind == "LBRACE")
        if depth == 0:
            return j
    return -1
