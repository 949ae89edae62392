"""``\\mathbb{N}`` with the script that says where it starts: ``\\mathbb{N}_0`` from 0, ``\\mathbb{N}^+`` from 1.

A bare ``\\mathbb{N}`` is refused by the resolver (from 0 or from 1? a sum over it and a claim for every n in it differ
by the term n = 0); these spellings settle it.
"""
from __future__ import annotations

import sympy as sp

from .lexer import Tok

_NATURALS = {"_0": sp.Naturals0, "_{0}": sp.Naturals0, "_{>=0}": sp.Naturals0, "^+": sp.Naturals, "^{+}": sp.Naturals,
             "^*": sp.Naturals, "^{*}": sp.Naturals, "_{>0}": sp.Naturals, "_{>=1}": sp.Naturals, "_+": sp.Naturals,
             "_{+}": sp.Naturals}
"""The spellings of ``\\mathbb{N}`` that say where it starts: ``\\mathbb{N}_0`` from 0, ``\\mathbb{N}^+`` from 1."""


def naturals_after(items: list, k: int):
    """(the set, the tokens its script takes) of the script at ``items[k]`` after ``\\mathbb{N}``, or (None, 0)."""
    text = ""
    for used, t in enumerate(items[k:k + 5], start=1):
        if not isinstance(t, Tok):
            break
        text += t.text
        if text in _NATURALS:
            return _NATURALS[text], used
    return None, 0
