"""Readings: a named, explicit transformation of a garbled extraction.

The seed texts are extractions: ``0.5e^{-\\frac{\\theta - Q(D')}{\\Delta Q}}\\epsilon``
lost the epsilon out of its exponent.  A derivation does not retype the
formula; it quotes it and states how it reads it::

    EPS_IN_EXPONENT = Reading("epsilon into the exponent",
                              "the extraction set the factor epsilon after e^{...}; it belongs in the exponent",
                              lambda e: e.replace(...))
    d.printed("eq26", quote(...), derived, reading=EPS_IN_EXPONENT)

The report shows the literal text and the reading; only the reading is
judged, and a literal that disagrees is extraction noise, never an erratum.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy as sp

from ..errors import SymdpError


@dataclass(frozen=True)
class Reading:
    """A named transformation of the parsed literal: ``fn(literal) -> the formula as read``."""

    name: str
    text: str
    """One sentence: what the extraction garbled and why this is the reading."""
    fn: Callable

    def __post_init__(self):
        if not (isinstance(self.name, str) and self.name.strip()):
            raise SymdpError("name", self.name, "a short name for the reading")
        if not (isinstance(self.text, str) and self.text.strip()):
            raise SymdpError("text", self.text, "a sentence saying what the reading does and why")
        if not callable(self.fn):
            raise SymdpError("fn", self.fn, "a function from the parsed literal to the formula as read")

    def apply(self, literal):
        """The formula as read (SymdpError unless ``fn`` returns a SymPy object)."""
        read = self.fn(literal)
        if not isinstance(read, sp.Basic):
            raise SymdpError("reading", self.name, "a function returning a SymPy expression")
        return read

    def describe(self) -> str:
        return f"{self.name}: {self.text}"
