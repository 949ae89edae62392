"""``parse``: LaTeX math to SymPy, through the notation table, evaluating nothing.

The pipeline: clean the display (delimiters, ``\\label``, ``\\tag``, a trailing
``\\quad (12)`` and punctuation: :mod:`.prepare`), expand the notation's macros
(:mod:`.respell`), lex (:mod:`.lexer`), split an equation chain at its top-level
``=``, drop the members that are bare names (``\\theta = ...``, ``F^*_\\beta = ...``,
``\\Lambda(o) = ...``: :mod:`.chains`), resolve names (:mod:`.resolve`), parse (:mod:`.grammar`)
and build SymPy (:mod:`.build`).  Text never reaches ``eval`` or ``sympify``.  This module holds the
entry points (:func:`parse`, :func:`display`, :func:`members`) and what they read with.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp
from sympy.core.function import AppliedUndef
from lark.exceptions import LarkError, UnexpectedInput

from ..errors import SymdpError
from . import conditions as side_conditions
from .remarks import justification
from . import sides, unexpected
from .build import Builder
from .scopes import grouped_integrands
from .grammar import parser
from .chains import bare_name, equation_members, refuse_continuation, refuse_second_pair, relation_chain
from .constants import refuse_added_e, refuse_constant_defined, refuse_pi_quantity, refuse_said_e
from .context import Context
from .lexer import FACTOR_ENDS, LatexError, NotAFormula, Tok, fail, lex, not_formula
from .limits import bind_limits
from .meanings import one_meaning
from .names import refuse_argument_words, refuse_hypergeometric
from .notation import NOTATION, Notation
from .prepare import clean, punctuation, read_primes, unwrapped
from .logbase import refuse_other_base
from .prose import declare, function_names, used
from .quantities import bounded, raw_quantities
from .resolve import Resolver
from .respell import expand_macros
from .rewrite import rewritten
from .scripts import refuse_unranged_members
from .statements import refuse_not_one_statement
from .superscripts import refuse_label_powers
from .textnames import refuse_units
from .units import refuse_bare_units


def parse(text: str, notation: Notation | None = None, *, derived=None):
    """LaTeX math as SymPy: an expression, or a tuple of the members an equation chain compares.

    ``notation`` (default :data:`.notation.NOTATION`) names the papers' symbols and functions;
    ``derived`` (an expression or an iterable of symbols) supplies the symbols an unknown name
    resolves to, so their assumptions carry over.  ``a = b`` with a bare name ``a`` gives ``b``;
    ``a = b = c`` gives ``(b, c)`` (every member that is not a bare name).  A condition or
    inequality gives a SymPy relation.  SymdpError, quoting the fragment, for anything unknown or
    ambiguous.
    """
    found = members(text, notation, derived=derived)
    return found[0] if len(found) == 1 else found


@dataclass(frozen=True)
class Display:
    """What one display (or align row) states, read as the paper means it."""

    chain: tuple
    """The members of the relation chain, left to right, as SymPy expressions, the defined side excluded."""
    ops: tuple
    """The relation between consecutive members of ``chain``: "=", "<", "<=", ">", ">=" (len(chain) - 1)."""
    conditions: tuple = ()
    """Side conditions as SymPy booleans (after ``\\quad``, ``\\qquad``, ``\\;``, ``,``, ``\\text{for ...}``),
    never multiplied into the formula."""
    defines: str = ""
    """LaTeX of the left side dropped as the quantity being defined (``\\sigma^2``), "" when none."""
    unread: tuple = ()
    """Side conditions that state a distribution (``\\epsilon_t \\sim N(0, \\sigma^2)``), as written: no condition
    on the symbols, so never a domain; a check that needs the display's domain refuses a row that has one."""
    declared: tuple = ()
    """The :class:`.prose.Declaration` s the reading used: a name the text around the display declares, its sentence."""
    head: object = None
    """The defined side as SymPy (``G_mu(alpha)``, ``rho``) when it reads as one, else None (``D_alpha(P || Q)``)."""
    consequence: bool = False
    """The row opens with ``\\implies``, ``\\therefore``, ``\\Rightarrow``, ...: it follows from the rows before it,
    under their assumptions (the formula is what follows the connective)."""


def _notation(notation) -> Notation:
    notation = NOTATION if notation is None else notation
    if not isinstance(notation, Notation):
        raise SymdpError("notation", notation, "a symdp.latex.Notation (NOTATION.extend(...))")
    return notation


def _source(text: str, notation: Notation) -> tuple[str, list[Tok], list[list[Tok]]]:
    """The expanded formula, its tokens (justification column dropped) and its side conditions' tokens."""
    source = unwrapped(read_primes(rewritten(expand_macros(clean(text), notation.macros))))
    if not source:
        raise SymdpError("latex", text, "a formula (the text is empty)")
    refuse_hypergeometric(source)
    tokens = justification(source, side_conditions.alignment(punctuation(lex(source))))
    _refuse_spaced_parenthesis(source, tokens)
    refuse_second_pair(source, tokens)
    body, conds = side_conditions.split(source, tokens)
    if not body:
        raise SymdpError("latex", text, "a formula (only a condition or a comment was found)")
    return source, body, conds


def _refuse_lone_pairs(source: str, segments, chain, defines: str, ops) -> None:
    """``CI = (a, b)``, ``y < (a, b)``: the open interval from a to b or the pair of its ends? A pair is read only
    where every member is one and they are equal (``(x^*, y^*) = (1, 2)``, a point; pairs have no single order)."""
    pairs = [isinstance(m, sp.Tuple) for m in chain]
    if any(pairs) and (defines or not all(pairs) or any(op != "=" for op in ops)):
        seg = segments[pairs.index(True)]
        fail(source, seg[0].start, seg[-1].end, f"{source[seg[0].start:seg[-1].end].strip()} beside "
             f"{defines or 'a value'}: an open interval or a pair (of an interval's ends, of coordinates)? Only the "
             "prose says; quote each end as its own formula")


def display(text: str, notation: Notation | None = None, *, derived=None, prose=()) -> Display:
    """What the display ``text`` states: its relation chain, its side conditions, the quantity it defines.

    A left side that is a bare name, a power or decoration of a name, or a function-style name is
    the quantity being defined (dropped into ``defines``) when an ``=`` follows it and (with ``derived``)
    none of its head's symbols occur in the derived expression.  NotAFormula for a display that
    states no closed form; LatexError, quoting the fragment, for anything unknown or ambiguous.  ``prose``: the text
    around the display, whose sentences may declare names (:func:`.prose.declare`).
    """
    notation, declared = declare(_notation(notation), prose, text)
    source, body, conds = _source(text, notation)
    refuse_other_base(source, prose)
    refuse_said_e(source, declared)
    resolver = _resolver(source, body, notation, derived)
    resolver.functions = function_names(prose)
    resolver.numbers = frozenset().union(*(bounded(c) for c in conds))
    segments, ops = relation_chain(source, body)
    resolver.elsewhere = raw_quantities(segments)
    defines, head, defined_end = "", None, 0
    opened = re.match(r"\s*(?:&\s*)?(\\[A-Za-z]+)", source)
    consequence = bool(opened) and opened.group(1) in side_conditions.LEADING
    sides.refuse_glued_product(source, segments)
    if len(segments) > 1 and ops[0] == "=" and not consequence and sides.defined(resolver, segments[0]):
        defined_end = segments[0][-1].end
        sides.unknown_commands(resolver, segments[0])
        defines = source[segments[0][0].start:segments[0][-1].end].strip()
        resolver.arguments = sides.arguments(source, segments[0])
        sides.refuse_own_argument(source, segments[0], notation.symbols)
        resolver.heads = sides.heads(source, segments[0])
        head = _head(source, resolver, segments[0])
        segments, ops = segments[1:], ops[1:]
    if not defines:
        sides.refuse_sequence_step(source, segments)
    _refuse_iterate(source, defined_end)
    _refuse_combinations(source)
    _refuse_operator_letter(source)
    _refuse_grouped_inverse(source)
    _refuse_number_aside(source)
    refuse_units(source)
    chain = tuple(_parse_tokens(source, resolver, seg) for seg in segments)
    _refuse_own_definition(source, head, chain, defines)
    refuse_constant_defined(source, segments, chain, ops, defines)
    _refuse_lone_pairs(source, segments, chain, defines, ops)
    _refuse_missing_relation(source, chain, defines)
    if len(chain) == 1 and _undeclared_value(chain[0], notation, derived):
        not_formula(source, segments[0][0].start, segments[0][-1].end, source[segments[0][0].start:
                    segments[0][-1].end].strip(), "the value of a function nobody declared, standing alone: no closed "
                    "form to check (declare the function in the notation to read it)")
    found, unread, read = [], [], []
    for c in conds:
        try:
            found.append(_parse_tokens(source, resolver, c, condition=True))
        except NotAFormula as e:
            if e.construct != r"\sim":
                raise
            unread.append(source[c[0].start:c[-1].end].strip())
            continue
        read.append(c)
        _for_some(source, c, found[-1], chain, ops)
    found = side_conditions.shared_ranges(source, read, found,
                                          lambda tokens: _parse_tokens(source, resolver, tokens, condition=True))
    _refuse_bound_conditions(source, chain, found)
    refuse_added_e(source, chain, found, declared)
    refuse_pi_quantity(source, chain, ops, found)
    refuse_not_one_statement(source, segments, ops, chain, found, head, defines)
    one_meaning(source, chain + tuple(found), resolver.partial, resolver.arguments, chain)
    raw = lex(source)
    refuse_unranged_members(source, raw, defined_end)
    refuse_bare_units(source, raw, chain, found, resolver.arguments, defined_end)
    refuse_label_powers(source, raw, defined_end)
    return Display(chain, tuple(ops), tuple(found), defines, tuple(unread), used(declared, notation, source), head,
                   consequence)


def _refuse_spaced_parenthesis(source: str, raw: list[Tok]) -> None:
    """Refuse ``t / T \\quad (\\text{dimensionless})``: parentheses after a wide space (``\\quad``, ``\\qquad``) that
    follows a factor were read as a call of it (``T(dimensionless)``) or a product; no call is spaced so: an aside,
    or a factor set apart?"""
    for k in range(1, len(raw) - 1):
        if raw[k].kind == "GAP" and raw[k + 1].kind == "LPAREN" and raw[k - 1].kind in FACTOR_ENDS \
                and "quad" in source[raw[k].start:raw[k].end] and not _holds_relation(raw, k + 1):
            fail(source, raw[k - 1].start, raw[k + 1].end, "parentheses after a wide space (T \\quad (\\text{in "
                 "seconds})): an aside, or a factor set apart? Quote the formula without the aside, or write \\cdot")


def _holds_relation(raw: list[Tok], opened: int) -> bool:
    """The parentheses opened at ``opened`` hold a relation (a condition, refused for that reason)."""
    depth = 0
    for t in raw[opened:]:
        depth += (t.kind == "LPAREN") - (t.kind == "RPAREN")
        if t.kind in ("REL", "IN"):
            return True
        if depth == 0:
            return False
    return False


def _refuse_own_definition(source: str, head, chain, defines: str) -> None:
    """Refuse a function's value defined by a formula that holds that same value (``f(y \\mid x, \\alpha, \\beta) =
    f(x \\mid \\mu_x, \\sigma_x) f(y \\mid x, \\alpha, \\beta)``, where the author means the joint density on
    the left): a definition cannot hold what it defines; a slip in the defined side, or one letter for two
    functions."""
    if isinstance(head, AppliedUndef) and any(isinstance(m, sp.Basic) and m.has(head) for m in chain):
        fail(source, 0, len(source), f"{defines} is defined by a formula that holds {defines} itself: a fixed-point "
             "equation (not a definition to check), a slip in the defined side (a joint density written as a "
             "conditional?), or one letter for two functions? Write the defined side as meant, or declare the "
             "functions apart in the notation")


def _refuse_bound_conditions(source, chain, conditions) -> None:
    """Refuse a side condition on the variable a limit binds (``y = \\lim_{x \\to 0} |x| / x \\quad \\text{for }
    x > 0``): the limit's side (x \\to 0^+), which the row reads as a condition outside the limit, beside a two-sided
    one."""
    bound = {lim.args[1].name for m in chain for lim in getattr(m, "atoms", lambda *_: ())(sp.Limit)}
    for c in conditions:
        shared = sorted(bound & {s.name for s in getattr(c, "free_symbols", ())})
        if shared:
            fail(source, 0, len(source), f"a side condition on {shared[0]}, the variable a limit binds: the limit's "
                 f"side (\\lim_{{{shared[0]} \\to a^+}}), or a condition outside the limit? Write the side in the "
                 "limit's subscript")


def _for_some(source, tokens, condition, chain, ops) -> None:
    """Refuse a range given to a name that only a later member of an equation uses: ``A(p) = B(p) = C(p, \\sigma),
    \\sigma \\in (\\alpha, 1)`` is a mean-value form (for some sigma in the range), never an identity for all."""
    if len(chain) < 2 or any(op != "=" for op in ops) or not isinstance(condition, sp.Basic):
        return
    first = getattr(chain[0], "free_symbols", set())
    for s in sorted(condition.free_symbols - first, key=str):
        if _ranges(condition, s) and any(s in getattr(m, "free_symbols", ()) for m in chain[1:]):
            fail(source, tokens[0].start, tokens[-1].end, f"a range for {s}, which only a later member of the "
                 f"equation uses: {s} for some value in that range (a mean-value form), or for every one? Not an "
                 "identity to check as written")


def _ranges(condition, s) -> bool:
    """``condition`` gives ``s`` alone a range (``s \\in (a, b)``, ``a < s < b``, ``s > 0``), not a constraint among
    several names (``3 m h \\le C``)."""
    parts = condition.args if isinstance(condition, sp.And) else (condition,)
    return all((isinstance(p, sp.Contains) and p.args[0] == s) or (isinstance(p, sp.core.relational.Relational)
                                                                    and s in (p.lhs, p.rhs)) for p in parts)


def _head(source, resolver, seg):
    """The defined side read as an expression, or None where it is no closed form (``D_\\alpha(P \\| Q)``)."""
    try:
        return _parse_tokens(source, resolver, seg)
    except (LatexError, SymdpError, LarkError):
        return None


_ITERATE = re.compile(r"(?<![\\A-Za-z])(?P<base>(?:\\(?:hat|bar|tilde)\s*\{?\s*)?\\?[A-Za-z]+\}?"
                      r"(?:_(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?'*)\s*\^\s*(?:\{\s*(?P<braced>[a-z](?:\s*[+-]\s*\d)?)\s*\}"
                      r"|(?P<bare>[a-z]))")
"""A name (decorated or subscripted: ``\\theta_j``, ``\\hat\\theta``) with a superscript that is a letter or a
letter plus or minus one (``x^t``, ``\\theta_j^{t+1}``, ``m^{t-1}``)."""


_RATES = frozenset(r"\gamma \rho \beta \lambda \alpha \eta \kappa \delta \epsilon \varepsilon \mu".split())
"""Greek letters papers raise to a step as numbers (a discount gamma^t, a rate rho^t): iterates only where the display
defines one."""


def _refuse_iterate(source: str, defined_end: int) -> None:
    """Refuse ``x^{t+1} = x^t + m(x^t)`` (mean shift's update), ``\\theta_j^{t+1} = \\theta_j^t - \\eta g_j^t``,
    ``f(x^{t+1}) \\le f(x^t)``: one name with two superscripts of the step t (t, t + 1, t - 1) anywhere, or two of
    another letter where one is on the defined side (which ends at ``defined_end``): iterates labelled by their step,
    not powers (a power identity ``p^{k+1} = p^k q`` is refused alike: only the notation says which; ``a b x^{a-1}
    (1 - x^a)^{b-1}`` and a rate's ``\\gamma^t``, ``\\gamma^{t+1}`` are read as powers)."""
    seen: dict = {}
    for m in _ITERATE.finditer(source):
        label = re.sub(r"\s+", "", m.group("braced") or m.group("bare"))
        base = re.sub(r"[{}\s]", "", m.group("base"))
        if base != "e":   # Euler's number: e^{t+1} - e^t are powers
            seen.setdefault((base, label[0]), []).append((m.start(), label))
    found = next(((base, {label for _, label in uses}) for (base, step), uses in seen.items()
                  if len({label for _, label in uses}) > 1 and (step == "t" and base not in _RATES
                                                                or any(at < defined_end for at, _ in uses))), None)
    if found is not None:
        base, labels = found
        fail(source, 0, len(source), f"{base} with the superscripts {', '.join(sorted(labels))}: iterates labelled by "
             "their step (an update rule), or powers? Declare the spelling in the notation")


_COMBINATIONS = re.compile(r"(?<![\\A-Za-z])C\s*_\s*(?:\{[^{}]*\}|\w)\s*\^\s*\{?\s*[A-Za-z]"
                           r"|(?<![\\A-Za-z])C\s*\^\s*(?:\{\s*[A-Za-z][^{}]*\}|[A-Za-z])\s*_")
"""``C_n^k``, ``C^k_n`` with a letter above (``C_{a, b}^{-1}``, a normaliser's inverse, is a power)."""


def _refuse_combinations(source: str) -> None:
    """Refuse ``C_2^{n}``, ``C_n^k``: the number of combinations (the binomial coefficient, as many textbooks and
    scikit-learn's Rand index write it), or a power of a name C_2?"""
    m = _COMBINATIONS.search(source)
    if m is not None:
        fail(source, m.start(), m.end(), "C with a subscript and a superscript: the binomial coefficient C_n^k (the "
             "number of combinations), or a power of C_n? Write \\binom{n}{k}, or declare the spelling")


_OPERATOR_LETTER = re.compile(r"\\mathcal\s*\{\s*[A-Z]\s*\}\s*(?:_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?"
                              r"(?:\s|\\[,;:!]|~)*[a-z](?:_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?\s*(?:\\left)?\s*\(")


def _refuse_operator_letter(source: str) -> None:
    """Refuse ``\\mathcal{L}_\\varepsilon f(x)`` (Mironov's Laplace mechanism applied to f): a calligraphic letter
    against a function's value, an operator or a mechanism applied to the function f, or a product?"""
    m = _OPERATOR_LETTER.search(source)
    if m is not None:
        fail(source, m.start(), m.end(), "a calligraphic letter against a function's value: an operator or a "
             "mechanism applied to the function (\\mathcal{L}_\\varepsilon f), or a product? Declare the spelling")


_GROUPED_INVERSE = re.compile(r"\(\s*\\?[A-Za-z]+'*\s*\)\s*\^\s*(?:\{\s*-\s*1\s*\}|-\s*1)\s*(?:\\left)?\s*\(")


_NUMBER_ASIDE = re.compile(r"(?<![\w^\\.])\d*\.?\d+\s*(?:(?:\\[;:,! ]|~|\\q?quad\b)\s*)*"
                           r"\(\s*[-+]?\d*\.?\d+\s*\)(?!\s*[\^_])")


def _refuse_number_aside(source: str) -> None:
    """Refuse ``\\hat\\beta = 1.23 \\; (.45)``: a number, then a number alone in parentheses, is an estimate and its
    standard error (or an equation's number), rarely their product."""
    m = _NUMBER_ASIDE.search(source)
    if m is not None:
        fail(source, m.start(), m.end(), "a number then a number alone in parentheses: an estimate with its standard "
             "error, a reference, or their product? Write \\cdot for a product")


def _refuse_grouped_inverse(source: str) -> None:
    """Refuse ``(f')^{-1}(y)``: the inverse of the function f' at y, or the reciprocal of f' times y?"""
    m = _GROUPED_INVERSE.search(source)
    if m is not None:
        fail(source, m.start(), m.end(), "a name in parentheses to the power -1 before parentheses: its inverse "
             "function applied there, or its reciprocal times them? Declare the spelling in the notation")


def _refuse_missing_relation(source: str, chain: tuple, defines: str) -> None:
    """Refuse a row that is only a function's value at names beside an integral (``\\mathrm{B}(x, y) \\int_0^1
    t^{x-1} (1-t)^{y-1} \\,dt``, SymPy's docstring): a definition whose '=' is missing, or their product?"""
    if defines or len(chain) != 1 or not isinstance(chain[0], sp.Mul) or len(chain[0].args) != 2:
        return
    value = next((a for a in chain[0].args if isinstance(a, AppliedUndef) and a.args
                  and all(isinstance(x, sp.Symbol) for x in a.args)), None)
    if value is not None and any(isinstance(a, sp.Integral) for a in chain[0].args):
        fail(source, 0, len(source), f"{value} beside an integral, no relation between them: a definition whose '=' "
             "is missing, or their product? Write the '=', or \\cdot for the product")


def _undeclared_value(expr, notation: Notation, derived) -> bool:
    """``d_M(u, v)`` alone on a row: a function neither the notation nor the derived expression declares,
    applied to names, members of families among them (``Corr(x_t, x_{t-k})``: x_{t-k} is the member of x at t - k)."""
    if not isinstance(expr, AppliedUndef) or not all(isinstance(a, (sp.Symbol, sp.Indexed)) for a in expr.args):
        return False
    declared = {getattr(f, "__name__", "") for _, f in notation.functions}
    return expr.func.__name__ not in declared and expr.func not in Context.of(derived).functions


def members(text: str, notation: Notation | None = None, *, derived=None) -> tuple:
    """The members of the equation (chain) ``text`` that a printed claim compares (see :func:`parse`)."""
    notation = _notation(notation)
    source, body, _ = _source(text, notation)
    resolver = _resolver(source, body, notation, derived)
    segments = equation_members(source, body)
    kept = [seg for seg in segments if len(segments) == 1 or not bare_name(seg)]
    if not kept:
        raise SymdpError("latex", text, "an equation with a side that is not a bare name")
    found = tuple(_parse_tokens(source, resolver, seg) for seg in kept)
    one_meaning(source, found)
    return found


def _resolver(source: str, body: list[Tok], notation: Notation, derived) -> Resolver:
    """The resolver of a display, after refusing its ambiguous argument words; the words a defined function
    takes as parameters (``df`` of ``P(x, df) = ...``) are names of the display (see sides.parameter_words)."""
    refuse_continuation(source, body)
    words = sides.parameter_words(source, body)
    refuse_argument_words(source, body, notation.spellings() | words)
    resolver = Resolver(source, notation, Context.of(derived))
    resolver.name_words(words)
    return resolver


def _parse_tokens(source: str, resolver: Resolver, raw: list[Tok], condition: bool = False):
    raw = [t for t in raw if t.kind != "GAP"]
    tokens = grouped_integrands(resolver.run(raw))
    try:
        tree = parser().parse(tokens)
    except UnexpectedInput as exc:
        tok = getattr(exc, "token", None)
        start = getattr(tok, "start_pos", None)
        if start is None:
            start = raw[-1].start if raw else 0
        end = getattr(tok, "end_pos", None) or start + 1
        fail(source, start, end, unexpected.reason(source, tok.type, start, end) if tok is not None and
             tok.type != "$END" else "an incomplete formula")
    except LarkError as exc:
        raise SymdpError("latex", source[:60], f"a formula the grammar accepts ({exc})") from None
    builder = Builder(source, condition)
    try:
        result = builder.transform(bind_limits(tree, source, builder.bound))
        result = builder.value(result) if not isinstance(result, sp.Basic) else result
        resolver.partial |= builder.partial
        return result
    except RecursionError:
        raise SymdpError("latex", source[:60], "a formula nested less deeply") from None
    except LarkError as exc:
        inner = getattr(exc, "orig_exc", None)
        if isinstance(inner, SymdpError):
            raise inner from None
        raise SymdpError("latex", source[:60], f"a formula SymPy can build ({inner or exc})") from None
