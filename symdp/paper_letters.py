"""The letters a paper gives meaning to, for ``symdp paper --standalone``: the functions and names its displays
define (:func:`record`, :func:`forget`), declared for the rows after them (:func:`declared`), and its symbols read
free of symdp's assumptions where the paper's own domain reaches beyond them (:func:`unassumed`, :func:`by_name`).
"""
from __future__ import annotations

import re
from dataclasses import replace

import sympy as sp
from sympy.core.function import AppliedUndef

from .errors import SymdpError
from .latex import LatexError, display
from . import paper_defined as defined
from . import paper_guards as guards


def declared(notation, known: dict):
    """``notation`` with the functions earlier displays define declared under the paper's spelling, so that a later
    ``\\sigma(w x + b)`` is the sigmoid the paper defined, never sigma times the sum."""
    spelled = {d.spelled: d.call.func for d in known.values() if d.spelled}
    return notation.extend(functions=spelled) if spelled else notation


def by_name(expr, symbols: dict):
    """``expr`` with each symbol whose name ``symbols`` holds replaced by that symbol."""
    if not isinstance(expr, sp.Basic):
        return expr
    return expr.subs({s: symbols[s.name] for s in expr.free_symbols if s.name in symbols and s != symbols[s.name]})


def unassumed(notation, names, **assumptions):
    """``notation`` with each of its symbols named in ``names`` replaced by a symbol of the same name and only
    ``assumptions`` (by default extended real: no side condition on it is decided while it is read, ``\\mu \\in
    \\mathbb{R}`` and ``\\varepsilon \\ge 0`` stay conditions; the domain then makes it real)."""
    assumptions = assumptions or {"extended_real": True}
    return notation.extend(symbols={tex: sp.Symbol(v.name, **assumptions) for tex, v in notation.symbols
                                    if isinstance(v, sp.Symbol) and v.name in names})


def named(notation) -> dict:
    """{name: symbol} of the notation's symbols (a later spelling of one name wins, as in the notation)."""
    return {v.name: v for _, v in notation.symbols if isinstance(v, sp.Symbol)}


def record(known: dict, eq, notation, fixed: dict) -> None:
    """Record the function ``eq`` defines (its body with the functions defined before it put in, read with its
    variables free of symdp's assumptions: ``S(\\beta) = \\max(|\\beta| - 1, 0)`` holds at beta = -3 too), or the name
    it sets to a value."""
    try:
        read_as = display(eq.latex, notation, prose=eq.prose)
        if isinstance(read_as.head, AppliedUndef):   # every symbol unassumed, its variables real: h(x) = x + |mu|
            free = unassumed(unassumed(notation, named(notation)), {a.name for a in read_as.head.args
                                                                   if isinstance(a, sp.Symbol)}, real=True)
            read_as = display(eq.latex, free, prose=eq.prose)
    except (LatexError, SymdpError):
        forget(known, eq.latex)
        return
    setting = guards.set_name(read_as)
    if setting:
        fixed[setting[0]] = (eq.label, setting[1])
    if defined.redefines(read_as, known):   # a new function with the letter, or a value on part of the domain
        del known[read_as.head.func]          # (S(x) = x - 1, x >= 1 after S(x) = max(|x| - 1, 0)): neither carried
        return
    found = defined.definition(eq.label, f"{eq.file}:{eq.line}", read_as)
    if found is not None:
        (body,), extra, _ = defined.expand(known, (found.body,))
        known[found.call.func] = replace(found, body=body, conditions=found.conditions + extra,
                                         spelled=read_as.defines.split("(")[0].strip())


def forget(known: dict, latex: str) -> None:
    """A display that does not read, or inline math, that writes a known function's letter as defined (``g(x) =
    \\Pr[M(D) \\le x]``, ``$f(t) \\equiv t^6$``, ``f \\colon x \\mapsto x^3``): the letter may mean a new function
    from here on, so the earlier definition is not carried."""
    latex = re.sub(r"\\label\s*\{[^{}]*\}", "", latex)
    left = _DEFINING.split(latex, maxsplit=1)[0] if _DEFINING.search(latex) else ""
    head = re.match(r"\s*([^(:]*?)\s*(?:\(|\\colon|:)", left + ("(" if "mapsto" in latex else ""))
    letters = re.sub(r"[^A-Za-z0-9_]", "", head.group(1)) if head else ""
    for func in [f for f in known if letters and re.sub(r"[^A-Za-z0-9_]", "", str(f)) == letters]:
        del known[func]


_DEFINING = re.compile(r":=|\\(?:equiv|coloneqq|triangleq|mapsto|eqdef|defeq)(?![A-Za-z])|=")

