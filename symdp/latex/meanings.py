"""Checks across a display's members once each is read: one meaning for each name (:func:`one_meaning`)."""
from __future__ import annotations

import re

import sympy as sp
from sympy.core.function import AppliedUndef

from ..symbols import LATEX_NAMES
from .apply import RANDOM_WORDS, released
from .labels import script_owner
from .lexer import GREEK, Tok, after_argument, fail, lex, not_formula, unbraced
from .names import decorate
from .scripts import bound_index, index_names, nameish
from .statements import refuse_run_together


def one_meaning(source: str, chain, partial=frozenset(), arguments=frozenset(), formula=None) -> None:
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
    _refuse_two_arities(source, chain)
    _refuse_called_and_plain(source, chain, chain if formula is None else formula)
    _refuse_partial_bare(source, chain, partial, arguments)
    release = _first(c for m in chain for c in m.atoms(AppliedUndef) if released(c))
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
    sized = _first(a for m in chain if isinstance(m, sp.Basic) for total in m.atoms(sp.Sum, sp.Product)
                   for limit in total.limits for end in limit[1:] for a in end.atoms(sp.Abs)
                   if isinstance(a.args[0], sp.Symbol) and re.fullmatch(r"[A-Z]'*(?:_.*)?", a.args[0].name))
    sized = sized or _first(a for m in chain if isinstance(m, sp.Basic) for a in m.atoms(sp.Abs)
                            if isinstance(a.args[0], sp.Symbol) and re.fullmatch(SET_LETTERS, a.args[0].name))
    if sized is not None:
        fail(source, 0, len(source), f"|{sized.args[0]}| of a capital letter: a set's size (a dataset's records, a "
             "batch, a cover, the classes of a partition), or an absolute value? Declare the spelling in the notation")
    _refuse_indexless_term(source, chain, chain if formula is None else formula)
    refuse_printed_alike(source, chain)
    refuse_run_together(source)


def _refuse_indexless_term(source: str, chain, formula) -> None:
    """Refuse a sum or product whose term does not hold the index but holds names of its own (``\\sum_{i = x -
    \\theta}^{x + \\theta} q``, where the paper's q is the i-th probability of the display above; ``-\\sum_{i=1}^{m} p
    \\log p``, an entropy with p_i written p; ``\\sum_{i=1}^3 p \\log\\frac{p}{q} \\ge 0``, Gibbs' inequality): a
    constant summed (m times the term), or a quantity of the index whose index the row leaves out?  Only the paper
    says, and the constant reading turned true bounds into errata.  Read: a term in numbers, the range's own names,
    another sum's index, and names the display also writes plain outside every sum and call (``\\sum_{i=1}^n
    \\log\\frac{1}{n}``, ``\\sum_i \\sum_{j=1}^m x_i``, ``\\sum_{t=1}^T \\varepsilon \\le T \\varepsilon``).
    An integral alike: ``\\int_0^1 p \\log\\frac{p}{q} \\, dx`` (Gibbs' inequality, p and q densities) is
    refused, ``\\int_0^1 c \\, dx = c`` read."""
    members = [m for m in chain if isinstance(m, sp.Basic)]
    unsummed = (m.replace(lambda e: isinstance(e, _TOTALS), lambda e: sp.Dummy()) for m in formula
                if isinstance(m, sp.Basic))
    plain = {s for m in unsummed for s in _outside_calls(m).free_symbols}
    for m in members:
        totals = m.atoms(*_TOTALS)
        bound = {v for total in totals for v in total.variables}
        lone = _first(total for total in totals if _indexless(total, bound, plain))
        if lone is None:
            continue
        var = lone.variables[0]
        if isinstance(lone, sp.Integral):
            fail(source, 0, len(source), f"an integral over {var} of an integrand that does not hold {var}: a constant "
                 f"integrated, or a function of {var} written without its argument? Write f({var}) for a function, or "
                 "the constant times the length of the range")
        kind = "sum" if isinstance(lone, sp.Sum) else "product"
        fail(source, 0, len(source), f"a {kind} over {var} of a term that does not hold {var}: a constant "
             f"{'summed' if kind == 'sum' else 'multiplied'}, or a quantity of {var} written without its index? "
             f"Write the index, or the constant {'times' if kind == 'sum' else 'to the power of'} the count")


_TOTALS = (sp.Sum, sp.Product, sp.Integral)
"""What binds a variable its term or integrand should hold."""


def _indexless(total, bound: set, plain: set) -> bool:
    """The term of ``total`` holds names, none of them an index (``bound``) or a name of the range, and some name the
    formula does not write plain (``plain``)."""
    names = total.function.free_symbols
    ranges = {e for limit in total.limits for end in limit[1:] for e in end.free_symbols}
    return bool(names) and not names & (bound | ranges) and bool(names - plain)


def _first(found):
    """The first of ``found`` in SymPy's canonical order (sets of atoms iterate in a hash order that changes from
    one run to the next: a message must not), or None."""
    return min(found, key=sp.default_sort_key, default=None)


SET_LETTERS = r"[A-V]"
"""A bare capital other than the random variables' W, X, Y, Z (``|D|``, ``|B|``, ``|C|``): a set's size in DP and
learning-theory papers as often as an absolute value; primed or subscripted (``|Y'|``, ``|L_i|``, a privacy loss) it
is a random variable's absolute value, read so."""


def _refuse_two_arities(source: str, chain) -> None:
    """Refuse a function differentiated with one list of arguments and called with another number of them
    (``\\frac{\\partial f}{\\partial x} = \\lim ... f(x + \\epsilon, y)``: the bare ``f`` differentiated is read as
    ``f(x)``, while the display calls ``f(x, y)``): which arguments the derivative's function takes, only the
    notation says."""
    differentiated = {(d.expr.func.__name__, len(d.expr.args)) for m in chain for d in m.atoms(sp.Derivative)
                      if isinstance(d.expr, AppliedUndef)}
    called = {(c.func.__name__, len(c.args)) for m in chain for c in m.atoms(AppliedUndef)}
    clash = sorted((_written(name), n, k) for name, n in differentiated for other, k in called
                   if _written(other) == _written(name) and (k != n or other != name))
    if clash:   # compared as written: the bare F differentiated reads as the notation's F_bound, F(x, y) as F
        name, n, k = clash[0]
        if n == k:
            fail(source, 0, len(source), f"{name} is differentiated as one function and called as another in the "
                 f"display (the notation's {name} and a function {name} of the paper's): write its arguments where "
                 "it is differentiated, or declare it in the notation")
        fail(source, 0, len(source), f"{name} is differentiated as a function of {n} argument(s) and called with "
             f"{k} elsewhere in the display: write its arguments where it is differentiated (\\frac{{\\partial}}"
             f"{{\\partial x}} {name}(x, y)), or declare it in the notation")


def _refuse_called_and_plain(source: str, chain, formula) -> None:
    """Refuse a name the display both calls and uses as the notation's quantity printed alike (``F(x) + F``: a function
    F and symdp's F_bound), or that its formula (``formula``: not the side conditions, where authors bound functions,
    ``w \\ge 0``) uses plainly outside calls' arguments (``\\theta^t t(x)``): the function's value, or the number?  A
    function passed as an argument (``N(f)`` beside ``f(x_i)``) is not a plain use."""
    members = [m for m in chain if isinstance(m, sp.Basic)]
    called = {_written(c.func.__name__) for m in members for c in m.atoms(AppliedUndef)}
    outside = {s for m in formula if isinstance(m, sp.Basic) for s in _outside_calls(m).free_symbols}
    plain = sorted(called & {_written(s.name) for m in members for s in m.free_symbols
                             if _written(s.name) != s.name or s in outside})
    if plain:
        fail(source, 0, len(source), f"{plain[0]} is called as a function and also used as a plain quantity (or "
             f"times parentheses) in the display: write {plain[0]}(x) where it is the function's value, or declare it in "
             "the notation")


def _outside_calls(expr):
    """``expr`` with the names that stand alone as a call's argument put away: the names it uses elsewhere
    (``\\theta^t t(x)``: t; ``N(f) + f(x)``: f only as an argument; ``g(\\theta^t t(x))``: t, in a formula argument)."""
    return expr.replace(lambda e: isinstance(e, AppliedUndef) and any(isinstance(a, sp.Symbol) for a in e.args),
                        lambda e: e.func(*(sp.Dummy("argument") if isinstance(a, sp.Symbol) else a for a in e.args)))


def _refuse_partial_bare(source: str, chain, partial, arguments) -> None:
    """Refuse a partial derivative of a bare name (``\\frac{\\partial l_g}{\\partial \\beta_{jk}} = (f_{gk} - N_g
    \\pi_{gk}) x_{gj}``, ``partial``: read as a function of the variable alone) when the display holds other free
    names (or its defined side takes arguments, ``g(y) = \\frac{\\partial f}{\\partial x}``) and calls the function
    nowhere: a function of that variable alone, or of it and arguments the display does not write (the partial sign
    says there are others)?  Kept: a display in the variable alone (``\\frac{\\partial G}{\\partial x} = \\sum_k
    ...(x)``, or at a point, ``G'(x/2)``), and a function the display calls (its arguments written there, the arity
    checked by :func:`_refuse_two_arities`)."""
    members = [m for m in chain if isinstance(m, sp.Basic)]
    found = {d for m in members for d in m.atoms(sp.Derivative)
             if isinstance(d.expr, AppliedUndef) and len(d.expr.args) == 1 and d.expr.func.__name__ in partial}
    for d in sorted(found, key=sp.default_sort_key):
        outer, mark = next((s for m in members for s in m.atoms(sp.Subs) if s.expr.has(d)), d), sp.Dummy()
        alike = {e: sp.Dummy() for e in found if e.expr.func == d.expr.func and e != d}  # its other orders: not calls
        rest = [m.xreplace({outer: mark}).xreplace(alike) for m in members]
        if any(c.func == d.expr.func for m in rest for c in m.atoms(AppliedUndef)):
            continue
        free = set().union(*(m.free_symbols for m in rest)) - {mark} - set(alike.values())
        known = set(d.variables) if outer is d else set().union(*(p.free_symbols for p in outer.point))
        others = sorted(map(str, free - known)) + sorted(set(arguments) - set(map(str, known)))
        if others:
            name = _written(d.expr.func.__name__)
            fail(source, 0, len(source), f"a partial derivative of the bare name {name} beside other names "
                 f"({', '.join(others[:3])}): a function of {d.variables[0]} alone, or of it and arguments the display "
                 "does not write? Write them (\\frac{\\partial}{\\partial x} f(x, y)), or declare the function in "
                 "the notation")


_WRITTEN = {s.name: tex.lstrip("\\") for s, tex in LATEX_NAMES.items() if isinstance(s, sp.Symbol)}


def _written(name: str) -> str:
    """A function's name as the display writes it (the notation's ``F_bound`` is written F)."""
    return _WRITTEN.get(name, name)


def refuse_printed_alike(source: str, chain) -> None:
    """Refuse ``\\varepsilon'`` beside ``\\varepsilon_2``: the notation reads the prime as symdp's second privacy
    level, the symbol epsilon_2 (:data:`SECOND_LEVELS`), which prints as the subscript 2 does; the paper means two
    things (a neighbour's epsilon and the second of a list), read as one symbol (``e^{\\varepsilon'} -
    e^{\\varepsilon_2}`` is then 0) or as two that print alike.  Unless the prime is read as a name of its own (a
    notation that declares it so); ``x'`` beside ``x_2`` and either spelling alone stay read."""
    tokens = decorate(lex(source))
    primed = {t.text.lstrip("\\"): source[t.start:tokens[k + 1].end] for k, t in enumerate(tokens[:-1])
              if nameish(t) and tokens[k + 1].kind == "PRIME" and not _in_subscript(tokens, k)
              and (k + 2 == len(tokens) or tokens[k + 2].kind not in ("PRIME", "SUB"))}
    names = {s.name for m in chain for s in getattr(m, "free_symbols", ())}
    refuse_primed_members(source, tokens, chain)
    for k, t in enumerate(tokens):
        end = after_argument(tokens, k + 1)
        if t.kind != "SUB" or [(u.kind, u.text.strip()) for u in unbraced(tokens[k + 1:end])] not in _TWO:
            continue
        start, name = script_owner(tokens, k)
        letter = None if name is None else tokens[name].text.lstrip("\\")
        if letter in primed and letter in SECOND_LEVELS and f"{letter}'" not in names:
            fail(source, tokens[start].start, tokens[end - 1].end, f"{primed[letter]} and "
                 f"{source[tokens[start].start:tokens[end - 1].end]} in one display: the prime is read as {letter}_2 "
                 "(symdp's second privacy level), which prints as the subscript 2 does: two things the paper "
                 "means, read as one symbol or printed alike? Declare the spellings in the notation")


def refuse_primed_members(source: str, tokens: list[Tok], chain) -> None:
    """Refuse ``\\varepsilon'_2``, ``\\varepsilon_{2}'``, ``\\varepsilon_2'`` (TeX prints them alike): the notation reads
    the prime as symdp's second privacy level epsilon_2, so the subscript makes a member of that level (epsilon_2[2])
    or a name of its own beside it; the paper means the member 2 of a family epsilon', or a second level primed.
    Under a sum over the subscript (``\\sum_i \\varepsilon'_i``) it is the family's member; a spelling the notation
    declares is read as declared (the reading holds neither)."""
    bound = index_names(tokens)
    for k, t in enumerate(tokens):
        sub, end = _primed_subscript(tokens, k)
        if not end or not nameish(t) or t.text.lstrip("\\") not in SECOND_LEVELS or bound_index(tokens, sub, bound) \
                or not _primed_level_read(chain, t.text.lstrip("\\")):
            continue
        letter, spelled = t.text.lstrip("\\"), source[t.start:tokens[end - 1].end]
        fail(source, t.start, tokens[end - 1].end, f"{spelled}: a primed {letter} with a subscript, while symdp reads "
             f"{letter}' as {letter}_2 (its second privacy level): the member of a family {letter}' (a neighbour's), "
             "or of the second privacy level? Declare the spelling in the notation")


def _primed_subscript(tokens: list[Tok], k: int) -> tuple:
    """Where the subscript of the name at ``k`` starts and where its spelling ends, when the name has one prime and a
    subscript in either order (``x'_2``, ``x_2'``); else (0, 0)."""
    kinds = [u.kind for u in tokens[k + 1:k + 3]]
    if kinds == ["PRIME", "SUB"]:
        end = after_argument(tokens, k + 3)
        return k + 2, end if end >= len(tokens) or tokens[end].kind != "PRIME" else 0
    if kinds[:1] == ["SUB"]:
        end = after_argument(tokens, k + 2)
        once = end < len(tokens) and tokens[end].kind == "PRIME" and (end + 1 == len(tokens)
                                                                       or tokens[end + 1].kind != "PRIME")
        return k + 1, end + 1 if once else 0
    return 0, 0


def _primed_level_read(chain, letter: str) -> bool:
    """The reading holds a member of ``letter``_2 or a name ``letter``_..' (what a primed letter with a subscript
    reads as when nothing declares it)."""
    level = f"{letter}_2"
    return any(i.base.label.name == level for m in chain for i in getattr(m, "atoms", lambda *_: ())(sp.Indexed)) \
        or any(s.name.startswith(letter + "_") and s.name.endswith("'") and not s.name.endswith("''")
               for m in chain for s in getattr(m, "free_symbols", ()))


_TWO = ([("NUMBER", "2")], [("WORD", "2")])
"""The subscript 2, as a number or as a word (``\\varepsilon_{\\text{2}}``, ``\\epsilon_{\\mathrm{2}}``)."""


SECOND_LEVELS = frozenset(tex.lstrip("\\")[:-1] for s, tex in LATEX_NAMES.items()
                          if tex.endswith("'") and s.name == tex.lstrip("\\")[:-1] + "_2")
"""The letters whose prime symdp prints for a symbol named with the subscript 2 (``\\epsilon'``: epsilon_2)."""


def _in_subscript(tokens: list[Tok], k: int) -> bool:
    """``tokens[k]`` stands in a subscript (``F_{Y'}``: the prime is the subscript's name's, not a second level)."""
    depth = 0
    for j in range(k - 1, -1, -1):
        depth += (tokens[j].kind == "RBRACE") - (tokens[j].kind == "LBRACE")
        if depth < 0 or (j == k - 1 and tokens[j].kind == "SUB"):
            return depth == 0 or (j > 0 and tokens[j - 1].kind == "SUB")
    return False


def _random_word(name: str) -> bool:
    """A name written as words, one of them a noise's or a release's (``noise``, ``laplace_noise``); not a letter
    subscripted by one (``\\sigma_{\\text{noise}}``, ``n_{\\text{sample}}``: a scale, a size)."""
    words = name.split("_")
    return len(words[0]) > 1 and words[0].isalpha() and words[0] not in GREEK \
        and any(w.lower() in RANDOM_WORDS for w in words)

