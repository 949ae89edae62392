"""``parse``: LaTeX math to SymPy, through the notation table, evaluating nothing.

The pipeline: clean the display (delimiters, ``\\label``, ``\\tag``, a trailing
``\\quad (12)`` and punctuation), expand the notation's macros, lex
(:mod:`.lexer`), split an equation chain at its top-level ``=``, drop the
members that are bare names (``\\theta = ...``, ``F^*_\\beta = ...``,
``\\Lambda(o) = ...``), resolve names (:mod:`.resolve`), parse (:mod:`.grammar`)
and build SymPy (:mod:`.build`).  Text never reaches ``eval`` or ``sympify``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import sympy as sp
from sympy.core.function import AppliedUndef
from lark.exceptions import LarkError, UnexpectedInput

from ..errors import SymdpError
from . import conditions as side_conditions
from . import sides
from .build import Builder
from .grammar import parser
from .lexer import LatexError, NotAFormula, Tok, balanced, fail, lex, not_formula
from .macros import Macro, expand
from .meanings import one_meaning
from .names import refuse_argument_words, refuse_hypergeometric
from .notation import HEADS, NOTATION, OPERATORS, Notation
from .prose import declare, function_names, refuse_other_base, used
from .resolve import Resolver
from .rewrite import rewritten
from .scripts import refuse_unranged_members
from .superscripts import refuse_label_powers
from .units import refuse_bare_units

_STRIP = [(re.compile(p), r) for p, r in (
    (r"^\s*(\$\$|\\\[|\$)", ""), (r"(\$\$|\\\]|\$)\s*$", ""),
    (r"\\(begin|end)\s*\{(aligned|align\*?|equation\*?|split|gathered|displaymath)\}", " "),
    (r"\\label\s*\{[^{}]*\}", " "), (r"\\tag\*?\s*\{(?:[^{}]|\{[^{}]*\})*\}", " "),
    (r"\\(nonumber|notag|numberthis)\b", " "),
    (r"\\stackrel\s*\{\s*\\text\s*\{\s*def\s*\}\s*\}\s*\{\s*=\s*\}", "="),
    (r"\\(q?quad)\s*\(\s*\d+[a-z]?\s*\)\s*$", ""), (r"(\s*\\\\)+\s*$", ""),
    (r"(?:\s|(?<!\\)[.,;]|\\[;,:!]|\\q?quad\b)+$", ""))]
"""Delimiters, labels, tags, equation numbers and the display's trailing punctuation, with any spacing command
before it (``\\; .``) removed whole (never half of ``\\;``)."""
_OPEN = {"LBRACE", "LPAREN", "LBRACK", "LSET", "ABSL", "FLOORL", "CEILL", "BEGIN_CASES"}
_CLOSE = {"RBRACE", "RPAREN", "RBRACK", "RSET", "ABSR", "FLOORR", "CEILR", "END_CASES"}
_BARE = {"NAME", "WORD", "SUB", "SUP", "LBRACE", "RBRACE", "PRIME", "NUMBER", "MUL", "COMMA"}


def clean(text: str) -> str:
    """The formula of a display: without math delimiters, labels, tags, a trailing equation number."""
    if not isinstance(text, str):
        raise SymdpError("latex", text, "a string of LaTeX math")
    for pattern, repl in _STRIP:
        text = pattern.sub(repl, text)
    return text.strip()


def shown(text: str) -> str:
    """The formula as a report prints it: :func:`clean`, and without alignment ``&`` and row breaks
    outside ``cases`` (a quoted align row stands alone)."""
    text, out, cases, k = clean(text), [], 0, 0
    while k < len(text):
        if text.startswith(r"\begin{cases}", k) or text.startswith(r"\end{cases}", k):
            cases += 1 if text[k + 1] == "b" else -1
        if cases == 0 and text.startswith("\\\\", k):
            out.append(" ")
            k += 2
            continue
        if text[k] == "\\":
            out.append(text[k:k + 2])
            k += 2
            continue
        out.append(" " if cases == 0 and text[k] == "&" else text[k])
        k += 1
    return re.sub(r"\s+", " ", "".join(out)).strip()


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
    source = _unwrapped(_primes(rewritten(_expand(clean(text), notation.macros))))
    if not source:
        raise SymdpError("latex", text, "a formula (the text is empty)")
    refuse_hypergeometric(source)
    tokens = side_conditions.justification(source, side_conditions.alignment(_punctuation(lex(source))))
    _refuse_second_pair(source, tokens)
    body, conds = side_conditions.split(source, tokens)
    if not body:
        raise SymdpError("latex", text, "a formula (only a condition or a comment was found)")
    return source, body, conds


_PRIMES = re.compile(r"\^\s*(?:\\prime\b|\{\s*((?:\\prime\s*)+)\})")


def _primes(text: str) -> str:
    """``x^{\\prime}``, ``x^\\prime``, ``x^{\\prime\\prime}`` as TeX reads them: ``x'``, ``x''`` (math mode's
    ``'`` is ``^\\prime``)."""
    return _PRIMES.sub(lambda m: "'" * max(1, (m.group(1) or "").count("\\prime")), text)


def _unwrapped(text: str) -> str:
    """A display wrapped whole in one brace group (``{J(f, d) = ...}``) without the group, which typesets
    nothing; anything else unchanged."""
    while text.startswith("{"):
        inner, end = balanced(text, 0)
        if inner is None or end != len(text):
            return text
        text = inner.strip()
    return text


def _expand(text: str, macros) -> str:
    """``text`` with the notation's macros expanded; a control symbol (``\\|``) is first spelled, in the text
    and in the macros' bodies, as a command the expander matches (it only matches commands of letters)."""
    symbols = [name for name, _, _ in macros if not name[1:].isalpha()]
    if not symbols:
        return expand(text, macros)
    spelled = {name: "\\symdpcontrolsymbol" + "abcdefghijklmnopqrstuvwxyz"[k % 26] * (k // 26 + 1)
               for k, name in enumerate(dict.fromkeys(symbols))}
    return expand(_spell(text, spelled), [_respelled(m, spelled) for m in macros])


def _respelled(macro, spelled: dict):
    """``macro`` under the spelling of :func:`_expand`, its optional argument's default and starred body kept."""
    if not isinstance(macro, Macro):
        name, nargs, body = macro
        return spelled.get(name, name), nargs, _spell(body, spelled)
    star = None if macro.star is None else _spell(macro.star, spelled)
    return replace(macro, name=spelled.get(macro.name, macro.name), body=_spell(macro.body, spelled),
                   default=None if macro.default is None else _spell(macro.default, spelled), star=star)


def _spell(text: str, spelled: dict) -> str:
    """``text`` with each control symbol of ``spelled`` replaced by its spelling (commands skipped whole)."""
    out, k = [], 0
    while k < len(text):
        pair = text[k:k + 2]
        if pair in spelled:
            out.append(spelled[pair] + (" " if text[k + 2:k + 3].isalpha() else ""))
            k += 2
        elif text[k] == "\\":
            m = re.match(r"\\[A-Za-z]+|\\.?", text[k:], re.S)
            out.append(m.group(0))
            k += len(m.group(0))
        else:
            out.append(text[k])
            k += 1
    return "".join(out)


def _punctuation(tokens: list[Tok]) -> list[Tok]:
    """Without the full stops that end a ``cases`` row or the display (``x > 1/2.\\\\``)."""
    ends = ("NEWROW", "END_CASES", "AMP")
    return [t for k, t in enumerate(tokens) if not (t.kind == "DOT" and (k + 1 == len(tokens) or
                                                                          tokens[k + 1].kind in ends))]


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
    notation, declared = declare(_notation(notation), prose)
    source, body, conds = _source(text, notation)
    refuse_other_base(source, prose)
    resolver = _resolver(source, body, notation, derived)
    resolver.functions = function_names(prose)
    segments, ops = _chain(source, body)
    defines, head, defined_end = "", None, 0
    if len(segments) > 1 and ops[0] == "=" and sides.defined(resolver, segments[0]):
        defined_end = segments[0][-1].end
        sides.unknown_commands(resolver, segments[0])
        defines = source[segments[0][0].start:segments[0][-1].end].strip()
        resolver.arguments = sides.arguments(source, segments[0])
        sides.refuse_own_argument(source, segments[0])
        resolver.heads = sides.heads(source, segments[0])
        head = _head(source, resolver, segments[0])
        segments, ops = segments[1:], ops[1:]
    chain = tuple(_parse_tokens(source, resolver, seg) for seg in segments)
    _refuse_lone_pairs(source, segments, chain, defines, ops)
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
    one_meaning(source, chain + tuple(found))
    raw = lex(source)
    refuse_unranged_members(source, raw, defined_end)
    refuse_bare_units(source, raw, chain, found, resolver.arguments, defined_end)
    refuse_label_powers(source, raw, defined_end)
    opened = re.match(r"\s*(?:&\s*)?(\\[A-Za-z]+)", source)
    consequence = bool(opened) and opened.group(1) in side_conditions.LEADING
    return Display(chain, tuple(ops), tuple(found), defines, tuple(unread), used(declared, notation, source), head,
                   consequence)


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


def _undeclared_value(expr, notation: Notation, derived) -> bool:
    """``d_M(u, v)`` alone on a row: a function neither the notation nor the derived expression declares,
    applied to names."""
    if not isinstance(expr, AppliedUndef) or not all(isinstance(a, sp.Symbol) for a in expr.args):
        return False
    declared = {getattr(f, "__name__", "") for _, f in notation.functions}
    return expr.func.__name__ not in declared and expr.func not in Context.of(derived).functions


_DEFINES = re.compile(r"\\(?:coloneqq|triangleq|defeq|eqdef)|:=")


def _defining(source: str, rel: Tok, left: list[Tok]) -> None:
    """``-\\sum_i p_i \\log p_i \\coloneqq H(P_X)``: a definition sign after a sum or a difference, which no
    definition defines: the name on the right is the one defined (=:), not a relation to check; refused."""
    depth, top = 0, []
    for t in left:
        top += [t] if depth == 0 else []
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
    if _DEFINES.fullmatch(source[rel.start:rel.end].strip()) and top and (
            top[0].kind == "MINUS" or (top[0].kind == "HEAD" and top[0].text in (r"\sum", r"\prod"))
            or any(t.kind in ("PLUS", "MINUS") for t in top[1:])):
        fail(source, rel.start, rel.end, "a definition sign after an expression: the right side is the name it "
             "defines (=:), not a relation to check; write = for a relation")


def _chain(source: str, tokens: list[Tok]) -> tuple[list[list[Tok]], list[str]]:
    """The members of a relation chain and the relations between them (top level, outside ``cases``)."""
    depth, out, ops, current = 0, [], [], []
    for k, t in enumerate(tokens):
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        if depth == 0 and t.kind in ("AMP", "NEWROW"):
            if t.kind == "NEWROW":
                nxt = next((u for u in tokens[k + 1:] if u.kind != "AMP"), None)
                if nxt is None or nxt.kind != "REL":
                    fail(source, t.start, t.end, "a second row that does not continue the chain: quote one row")
            continue
        if depth == 0 and t.kind == "REL":
            if t.text == "!=":
                fail(source, t.start, t.end, "a relation \\neq (a display states =, <, <=, > or >=)")
            _defining(source, t, current)
            out.append(current)
            ops.append(t.text)
            current = []
            continue
        current.append(t)
    out.append(current)
    if len(out) > 1 and not out[0]:  # a continuation row, "&= ..."
        out, ops = out[1:], ops[1:]
    if any(not seg for seg in out):
        fail(source, tokens[0].start, tokens[-1].end, "a relation with an empty side")
    return out, ops


def members(text: str, notation: Notation | None = None, *, derived=None) -> tuple:
    """The members of the equation (chain) ``text`` that a printed claim compares (see :func:`parse`)."""
    notation = _notation(notation)
    source, body, _ = _source(text, notation)
    resolver = _resolver(source, body, notation, derived)
    segments = _segments(source, body)
    kept = [seg for seg in segments if len(segments) == 1 or not _bare(seg)]
    if not kept:
        raise SymdpError("latex", text, "an equation with a side that is not a bare name")
    found = tuple(_parse_tokens(source, resolver, seg) for seg in kept)
    one_meaning(source, found)
    return found


def _resolver(source: str, body: list[Tok], notation: Notation, derived) -> Resolver:
    """The resolver of a display, after refusing its ambiguous argument words; the words a defined function
    takes as parameters (``df`` of ``P(x, df) = ...``) are names of the display (see sides.parameter_words)."""
    _refuse_continuation(source, body)
    words = sides.parameter_words(source, body)
    refuse_argument_words(source, body, notation.spellings() | words)
    resolver = Resolver(source, notation, Context.of(derived))
    resolver.name_words(words)
    return resolver


def _refuse_continuation(source: str, body: list[Tok]) -> None:
    """Refuse an align row that goes on with the previous row's expression (``&\\hspace{10pt} + 1``): after the
    alignment it opens with ``+`` or ``-`` and states no relation, so it is a piece of a longer member."""
    k = next((i for i, t in enumerate(body) if t.kind != "AMP"), len(body))
    if 0 < k < len(body) and body[k].kind in ("PLUS", "MINUS") and not any(t.kind == "REL" for t in body):
        fail(source, body[0].start, body[-1].end, "a row that continues the previous row's expression (an operator "
             "after the alignment &, no relation): quote the rows of the whole expression together")


def _refuse_second_pair(source: str, body: list[Tok]) -> None:
    """Refuse ``\\mu &= p &\\sigma &= \\sqrt{p}``, ``x &= 1 &\\quad y &= 2``: an alignment ``&`` between two members,
    beside no relation, starts a second equation of the row (amsmath's column pairs); quote one of them."""
    depth = 0
    for k, t in enumerate(body):
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        if depth or t.kind != "AMP" or k in (0, len(body) - 1):
            continue
        before, after = body[k - 1], next((u for u in body[k + 1:] if u.kind != "GAP"), None)
        if before.kind not in ("REL", "AMP") and after is not None and after.kind not in ("REL", "AMP"):
            fail(source, t.start, t.end, "a second alignment pair in one row (a &= b & c &= d): two equations; quote "
                 "one of them")


@dataclass(frozen=True)
class Context:
    """What the derived expression offers names: its symbols, its functions, the constants it uses."""

    symbols: frozenset = frozenset()
    functions: frozenset = frozenset()
    constants: frozenset = frozenset()
    families: frozenset = frozenset()
    r"""Names the derived expression uses only as indexed families (``mu`` of ``mu[i]``, never ``mu`` alone):
    a left side ``\mu = \sqrt{\sum_i \mu_i^2}`` defines ``\mu``, it is not one of the family."""

    @classmethod
    def of(cls, derived) -> Context:
        if derived is None:
            return cls()
        if isinstance(derived, sp.Basic):
            funcs = {type(f) for f in derived.atoms(AppliedUndef, sp.LambertW)}
            return cls(frozenset(derived.atoms(sp.Symbol)), frozenset(funcs),
                       frozenset(c for c in (sp.E, sp.pi) if derived.has(c) or (c is sp.E and derived.has(sp.exp))),
                       _families(derived))
        if isinstance(derived, (list, tuple, set, frozenset)):
            parts = [cls.of(item) for item in derived]
            union = [frozenset().union(*(getattr(p, f) for p in parts)) for f in ("symbols", "functions",
                                                                                  "constants", "families")]
            plain = frozenset().union(*(p.symbols - p.families for p in parts))
            return cls(*union[:3], union[3] - {s.name for s in plain})
        raise SymdpError("derived", derived, "a SymPy expression or a collection of them")


def _families(derived: sp.Basic) -> frozenset:
    """The names of ``derived``'s indexed families that never stand alone in it."""
    bases = {i.base.label for i in derived.atoms(sp.Indexed)}
    if not bases:
        return frozenset()
    alone = derived.replace(lambda e: isinstance(e, sp.Indexed), lambda e: sp.Dummy()).atoms(sp.Symbol)
    return frozenset(b.name for b in bases - alone if isinstance(b, sp.Symbol))


def _segments(source: str, tokens: list[Tok]) -> list[list[Tok]]:
    """The top-level members of an ``=`` chain; alignment ``&`` dropped, ``\\\\ =`` continuing a chain."""
    depth, cases, out, current = 0, 0, [], []
    for k, t in enumerate(tokens):
        depth += (t.kind in _OPEN) - (t.kind in _CLOSE)
        cases += (t.kind == "BEGIN_CASES") - (t.kind == "END_CASES")
        if cases == 0 and t.kind == "AMP":
            continue
        if cases == 0 and t.kind == "NEWROW":
            nxt = next((u for u in tokens[k + 1:] if u.kind != "AMP"), None)
            if nxt is None or nxt.kind != "REL":
                fail(source, t.start, t.end, "a second row that does not continue the chain: quote one row")
            continue
        if depth == 0 and t.kind == "REL" and t.text == "=":
            out.append(current)
            current = []
            continue
        current.append(t)
    out.append(current)
    if len(out) > 1 and not out[0]:  # a continuation row, "&= ..."
        out = out[1:]
    if len(out) > 1 and any(not seg for seg in out):
        fail(source, tokens[0].start, tokens[-1].end, "an equation with an empty side")
    return out


def _bare(seg: list[Tok]) -> bool:
    """A bare name, possibly decorated (F^*_{\\beta}) or with its arguments named (\\Lambda(o), f(x, y))."""
    head, args = seg, []
    if seg and seg[-1].kind == "RPAREN" and any(t.kind == "LPAREN" for t in seg):
        k = max(i for i, t in enumerate(seg) if t.kind == "LPAREN")
        head, args = seg[:k], seg[k + 1:-1]
    ok_head = all(t.kind in _BARE or (t.kind == "CMD" and t.text not in OPERATORS and t.text not in HEADS)
                  for t in head)
    ok_args = all(t.kind in ("NAME", "WORD", "COMMA", "PRIME", "SUB", "NUMBER", "REL") for t in args)
    if head and head[0].kind == "NAME" and head[0].text in ("e", "\\pi"):
        return False  # a constant, not a name being defined
    if any(a.kind == "SUP" and b.kind in ("NUMBER", "MINUS", "LBRACE") and b.kind != "MUL"
           and not _starred(head, k) for k, (a, b) in enumerate(zip(head, head[1:]))):
        return False  # a power, not a decorated name
    names = [t for t in head if t.kind in ("NAME", "WORD", "CMD")]
    runs = sum(1 for a, b in zip([None] + names, names) if a is None or a.end != b.start)
    return bool(head) and head[0].kind in ("NAME", "WORD", "CMD") and ok_head and ok_args and \
        (runs == 1 or _decorated(head))


def _starred(head, k) -> bool:
    """The superscript at ``k`` is a decoration: ``^{*}`` or ``^{\\prime}``."""
    rest = [t.kind for t in head[k + 1:k + 4]]
    return rest[:3] == ["LBRACE", "MUL", "RBRACE"]


def _decorated(head: list[Tok]) -> bool:
    """Names past the first only inside scripts (``F_{\\beta score}^*``)."""
    depth, first, script = 0, True, False
    for t in head:
        depth += (t.kind == "LBRACE") - (t.kind == "RBRACE")
        if depth == 0 and t.kind in ("NAME", "WORD", "CMD") and not first and not script:
            return False
        first = False if t.kind in ("NAME", "WORD", "CMD") else first
        script = t.kind in ("SUB", "SUP")
    return True


def _parse_tokens(source: str, resolver: Resolver, raw: list[Tok], condition: bool = False):
    raw = [t for t in raw if t.kind != "GAP"]
    tokens = resolver.run(raw)
    try:
        tree = parser().parse(tokens)
    except UnexpectedInput as exc:
        tok = getattr(exc, "token", None)
        start = getattr(tok, "start_pos", None)
        if start is None:
            start = raw[-1].start if raw else 0
        end = getattr(tok, "end_pos", None) or start + 1
        fail(source, start, end, "a construct the grammar does not have" if tok is not None and tok.type != "$END"
             else "an incomplete formula")
    except LarkError as exc:
        raise SymdpError("latex", source[:60], f"a formula the grammar accepts ({exc})") from None
    builder = Builder(source, condition)
    try:
        result = builder.transform(tree)
        return builder.value(result) if not isinstance(result, sp.Basic) else result
    except RecursionError:
        raise SymdpError("latex", source[:60], "a formula nested less deeply") from None
    except LarkError as exc:
        inner = getattr(exc, "orig_exc", None)
        if isinstance(inner, SymdpError):
            raise inner from None
        raise SymdpError("latex", source[:60], f"a formula SymPy can build ({inner or exc})") from None
