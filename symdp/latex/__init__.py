"""LaTeX in: the papers' formulas parsed with a notation table, and quotes of them.

``parse(text, notation=None, derived=None)`` reads LaTeX math into SymPy with
a grammar of ours (:mod:`.grammar`, on Lark) that refuses what it does not
know; :data:`NOTATION` maps the papers' names to symdp's symbols;
``quote(path, label=... | line=..., latex=..., number=...)`` names one
equation of a source; :class:`Reading` states how a garbled extraction is
read.  This package imports only symdp's base modules (symbols, errors,
special), so the engine may use it.
"""
from .lexer import LatexError, NotAFormula
from .notation import NOTATION, Notation
from .parse import Display, display, members, parse
from .prepare import clean, shown
from .quote import Quote, quote
from .reading import Reading

__all__ = ["Display", "LatexError", "NOTATION", "NotAFormula", "Notation", "Quote", "Reading", "clean", "display",
           "members", "parse", "quote", "shown"]
