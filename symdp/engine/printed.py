"""The printed side of a printed claim: a SymPy expression, a LaTeX string, or a quote.

:func:`side` parses LaTeX with :func:`symdp.latex.parse` against the derived
expression (so unknown names take its symbols and their assumptions),
applies a reading when the derivation states one, and keeps what the
record and the report need: the exact LaTeX, its provenance, the files read.
An equation chain gives several members, each compared with the derived form.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import sympy as sp

from ..errors import SymdpError
from ..latex import NOTATION, Notation, Quote, Reading, members
from .records import Provenance


@dataclass(frozen=True)
class Side:
    members: tuple
    """What is compared with the derived form (the reading's result, with a reading)."""
    latex: str = ""
    provenance: Provenance | None = None
    reads: dict = field(default_factory=dict)

    @property
    def shown(self):
        """The expression the record keeps as the printed side."""
        return self.members[0] if len(self.members) == 1 else sp.Tuple(*self.members)


def _reading(found, reading: Reading | None):
    if reading is None:
        return found, "", ""
    if not isinstance(reading, Reading):
        raise SymdpError("reading", reading, "a symdp.latex.Reading(name, text, fn)")
    read = tuple(reading.apply(m) for m in found)
    literal = "" if read == found else "; ".join(sp.sstr(m) for m in found)
    return read, reading.describe(), literal


def side(printed, derived, latex: str = "", reading: Reading | None = None,
         notation: Notation | None = None) -> Side:
    """The printed side of ``d.printed(...)`` (SymdpError, quoting the fragment, when it cannot be read)."""
    if isinstance(printed, sp.Basic):
        if reading is not None:
            raise SymdpError("reading", reading, "a reading of LaTeX or a quote (the printed side is already SymPy)")
        return Side((printed,), latex)
    notation = NOTATION if notation is None else notation
    if isinstance(printed, str):
        found = members(printed, notation, derived=derived)
        compared, how, literal = _reading(found, reading)
        return Side(compared, latex or printed.strip(), Provenance("", reading=how, literal=literal))
    if not isinstance(printed, Quote):
        raise SymdpError("printed", printed, "a SymPy expression, a LaTeX string or a symdp.quote(...)")
    got = printed.formula()
    notation = replace(notation, macros=got.macros + notation.macros)
    found = members(got.latex, notation, derived=derived)
    compared, how, literal = _reading(found, reading)
    reads = got.reads() if got.file else {str(Path(printed.origin) / printed.path): ""}
    prov = Provenance(printed.path, got.line, printed.label or "", printed.number or "", how, literal, got.part)
    return Side(compared, latex or got.latex.strip(), prov, reads)


def failed(printed, latex: str = "") -> Side:
    """What the record keeps of a printed side that could not be read (the claim is an ERROR)."""
    if isinstance(printed, Quote):
        return Side((), latex or printed.latex or "", Provenance(printed.path, printed.line or 0,
                                                                 printed.label or "", printed.number or ""))
    return Side((), latex or (printed if isinstance(printed, str) else ""), Provenance("") if
                isinstance(printed, str) else None)
