"""The notation table: what the papers' names mean in symdp.

A :class:`Notation` maps LaTeX spellings to SymPy objects (``\\epsilon`` to
:data:`symdp.symbols.eps`, ``Q(D')`` to :data:`symdp.symbols.QDp`, ``\\Delta Q``
to :data:`symdp.symbols.dQ`), declares the functions that take their
argument in parentheses (``\\Phi``, ``\\Phi^{-1}``) and holds macros
(``\\newcommand``-style).  The default table, :data:`NOTATION`, is the
inverse of the report's printer names (:data:`symdp.symbols.LATEX_NAMES`),
so what a report prints reads back as the same symbol.  A derivation extends
it with :meth:`Notation.extend`; its own entries take precedence.

Whether ``q(e^\\epsilon - 1)`` is a call or a product is decided here and only
here: ``q`` is a call when declared in ``functions``, a product when ``q``
is a known symbol, and an error otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..errors import SymdpError
from ..special import Exprel, Mills, Phi, PhiInv
from ..symbols import LATEX_NAMES, gsr, prior, q_rate, rsr, steps

OPERATORS = {r"\log": sp.log, r"\ln": sp.log, r"\exp": sp.exp, r"\tanh": sp.tanh, r"\sinh": sp.sinh,
             r"\cosh": sp.cosh, r"\sin": sp.sin, r"\cos": sp.cos, r"\tan": sp.tan, r"\arctan": sp.atan,
             r"\arcsin": sp.asin, r"\arccos": sp.acos, r"\coth": sp.coth}
"""Operator names: the argument is a parenthesised group, or else the product that follows
(``\\log 2\\alpha`` is log(2 alpha), as the papers mean it); ``\\log`` is the natural logarithm."""

HEADS = {r"\min": "min", r"\max": "max", r"\sum": "sum", r"\int": "int", r"\prod": "prod", r"\lim": "lim"}

_DEFAULT_FUNCTIONS = ((r"\Phi", Phi), (r"\Phi^{-1}", PhiInv), (r"\operatorname{erf}", sp.erf),
                      (r"\operatorname{erfc}", sp.erfc), (r"\operatorname{erfinv}", sp.erfinv),
                      (r"\operatorname{erfcinv}", sp.erfcinv), (r"\operatorname{sign}", sp.sign),
                      (r"\operatorname{atanh}", sp.atanh), (r"\operatorname{asinh}", sp.asinh),
                      (r"\operatorname{acosh}", sp.acosh), (r"\Gamma", sp.gamma),
                      (r"\operatorname{exprel}", Exprel), (r"\operatorname{Mills}", Mills))

def _applied(tex: str) -> bool:
    """A printed name that a paper writes for a function applied to something (``\\log a``, ``\\log_{10}\\delta``):
    in a paper's formula it is the function, so the default table does not read it as symdp's grid symbol
    (a derived expression that uses the symbol still reads it back as the symbol)."""
    return tex.lstrip().startswith(tuple(OPERATORS))


_GENERIC = (steps, q_rate, prior)
"""Symbols printed with a letter a paper uses for anything (k, q, and \\pi, the constant): a quote's k, q
and \\pi are its own (\\pi is 3.14159...), never symdp's step count, sampling rate or membership prior."""
_DEFAULT_SYMBOLS = ((r"e", sp.E), (r"\pi", sp.pi), (r"\infty", sp.oo), (r"RSR", rsr), (r"GSR", gsr),
                    *((tex, s) for s, tex in LATEX_NAMES.items() if s not in _GENERIC and not _applied(tex)))



def _pairs(name: str, mapping) -> tuple:
    if mapping is None:
        return ()
    if not isinstance(mapping, dict):
        raise SymdpError(name, mapping, "a dict from LaTeX spellings to SymPy objects or functions")
    for key in mapping:
        if not isinstance(key, str) or not key.strip():
            raise SymdpError(name, key, "a non-empty LaTeX spelling (a str) as each key")
    return tuple(mapping.items())


def _symbol(name: str) -> bool:
    """A control symbol (``\\|``, ``\\#``): a backslash and one character that is not a letter."""
    return len(name) == 2 and not name[1].isalnum() and not name[1].isspace() and name[1] != "\\"


def _macros(mapping) -> tuple:
    """``{"\\eps": r"\\epsilon", "\\KL": (2, r"D(#1 \\| #2)")}`` as (name, nargs, body) triples."""
    out = []
    for name, body in (mapping or {}).items():
        nargs, text = body if isinstance(body, tuple) else (0, body)
        if not (isinstance(name, str) and name.startswith("\\") and (name[1:].isalpha() or _symbol(name))):
            raise SymdpError("macros", name, "a command name such as '\\\\eps' or '\\\\|'")
        if not (isinstance(nargs, int) and 0 <= nargs <= 9 and isinstance(text, str)):
            raise SymdpError("macros", body, "a LaTeX string, or (number of arguments 0..9, LaTeX string)")
        out.append((name, nargs, text))
    return tuple(out)


@dataclass(frozen=True)
class Notation:
    """LaTeX spellings to SymPy: symbols (and constants), declared functions, macros.

    Later entries win: :meth:`extend` appends, so a derivation's own
    spelling overrides the default one.
    """

    symbols: tuple = ()
    """(LaTeX, SymPy object) pairs: ``(r"\\Delta Q", dQ)``."""
    functions: tuple = ()
    """(LaTeX, callable) pairs: a name called with parenthesised arguments, ``(r"\\Phi", Phi)``."""
    macros: tuple = ()
    """(name, number of arguments, body) triples, expanded before parsing."""

    def spellings(self) -> frozenset:
        """The LaTeX spellings the notation names (symbols and functions)."""
        return frozenset(tex for tex, _ in self.symbols + self.functions)

    def extend(self, symbols: dict | None = None, functions: dict | None = None,
               macros: dict | None = None) -> Notation:
        """This table with more entries (which take precedence over the existing ones)."""
        for tex, value in _pairs("functions", functions):
            if not callable(value):
                raise SymdpError("functions", value, f"a callable for {tex!r} (a SymPy function)")
        for tex, value in _pairs("symbols", symbols):
            if not isinstance(value, sp.Basic):
                raise SymdpError("symbols", value, f"a SymPy object for {tex!r}")
        return Notation(self.symbols + _pairs("symbols", symbols), self.functions + _pairs("functions", functions),
                        self.macros + _macros(macros))


NOTATION = Notation(_DEFAULT_SYMBOLS, _DEFAULT_FUNCTIONS)
"""The papers' notation as symdp prints it (Liu et al. 2019; Dwork and Roth 2014; the seeds)."""
