"""Checks across a display's members once each is read: one meaning for each name (:func:`one_meaning`)."""
from __future__ import annotations

import sympy as sp
from sympy.core.function import AppliedUndef

from .apply import RANDOM_WORDS, released
from .lexer import GREEK, fail, not_formula


def one_meaning(source: str, chain) -> None:
    """Refuse the members of a display (``chain``, with its side conditions) when together they give a name two
    meanings: a name differentiated as a function of a variable (``\\frac{dF}{dx}``) and, elsewhere, used as a plain
    quantity (``= F``); ``|p|`` of a family ``p_i`` (its length, in PreliZ's categorical CDF).  Only the notation
    can say which one the paper means.  A mechanism applied to a dataset (``M(D)``, :func:`.apply.released`) is a
    random release: not a formula; so is a name with a word of :data:`.apply.RANDOM_WORDS` (``\\text{noise}``)."""
    functions = {d.expr.func.__name__ for m in chain for d in m.atoms(sp.Derivative)
                 if isinstance(d.expr, AppliedUndef)}
    both = sorted(functions & {s.name for m in chain for s in m.free_symbols})
    if both:
        fail(source, 0, len(source), f"{both[0]} is differentiated as a function and also used as a plain quantity: "
             f"write {both[0]}(x) where it is the function's value, or declare it in the notation")
    release = next((c for m in chain for c in m.atoms(AppliedUndef) if released(c)), None)
    if release is not None:
        not_formula(source, 0, len(source), str(release), f"{release}: a mechanism applied to a dataset, a random "
                    "release, not a closed form; declare the function in the notation (functions=) if it is a "
                    "deterministic one")
    noise = sorted(s.name for m in chain for s in m.free_symbols if _random_word(s.name))
    if noise:
        not_formula(source, 0, len(source), noise[0], f"{noise[0]}: a quantity named a noise or a release (f(x) + "
                    "\\text{noise}), a random variable, not a closed form; declare it in the notation (symbols=) "
                    "if it is a number")
    unit = next((m for m in chain if any(s.name == "i" for s in m.free_symbols)
                 and any(s.name == "i" for total in m.atoms(sp.Sum, sp.Product) for e in total.function.atoms(sp.exp)
                         for s in e.args[0].free_symbols)), None)
    if unit is not None:
        fail(source, 0, len(source), "i in an exponent under a sum over another index: the imaginary unit, or a "
             "variable i? Declare it in the notation")
    families = {i.base.label.name for m in chain for i in m.atoms(sp.Indexed)}
    sized = sorted(a.args[0].name for m in chain for a in m.atoms(sp.Abs)
                   if isinstance(a.args[0], sp.Symbol) and a.args[0].name in families)
    if sized:
        fail(source, 0, len(source), f"|{sized[0]}| of the indexed family {sized[0]}: its length, a norm, or an "
             "absolute value? Declare the spelling in the notation")


def _random_word(name: str) -> bool:
    """A name written as words, one of them a noise's or a release's (``noise``, ``laplace_noise``); not a letter
    subscripted by one (``\\sigma_{\\text{noise}}``, ``n_{\\text{sample}}``: a scale, a size)."""
    words = name.split("_")
    return len(words[0]) > 1 and words[0].isalpha() and words[0] not in GREEK \
        and any(w.lower() in RANDOM_WORDS for w in words)
