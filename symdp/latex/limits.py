"""Limits: ``\\lim_{x \\to a} E`` read as ``sympy.Limit(E, x, a)``, its operand the product that follows (``\\sum``'s).

A limit is a closed form a paper states (``\\lim_{\\alpha \\to 1} D_\\alpha = KL``, a derivative by its definition).
The spellings ``\\lim\\limits_{...}``, ``\\underset{x \\to a}{\\lim}``, ``\\underset{x \\to a}\\lim``,
``\\mathop{\\lim}_{...}`` and an upright ``\\operatorname{lim}`` are ``\\lim_{...}`` (:func:`limit_spellings`); any
other ``\\underset`` stays an annotated operator.  The subscript must be one variable, one arrow and one point:

- ``\\to``, ``\\rightarrow``, ``\\longrightarrow``: the two-sided limit (``dir='+-'``), what an unqualified limit means;
  ``a^+``, ``a^{+}``, ``a+`` (from above, ``dir='+'``), ``a^-`` (from below); ``\\downarrow``, ``\\searrow`` from above,
  ``\\uparrow``, ``\\nearrow`` from below; ``\\infty``, ``+\\infty`` oo, ``-\\infty`` -oo (SymPy's side there).
- The variable is bound as a sum's index is (:func:`limit_variables`), and the limit reads it as a real symbol of its
  own, with no sign (:func:`bind_limits`): the notation's ``\\epsilon`` is positive, and read with it
  ``\\lim_{\\epsilon \\to 0} |\\epsilon| / \\epsilon`` would be the one-sided limit 1; the side is the one written.  A
  subscript naming it keeps the member of a family
  (``\\lim_{n \\to \\infty} a_n`` is the limit of ``a[n]``, never of a name ``a_n`` that does not depend on n).
- The operand is the product that follows (the grammar's BIG rule, as ``\\sum``): ``\\lim_{x \\to 0} f(x) + g(x)`` is
  ``Limit(f(x), x, 0) + g(x)``; a limit inside it that binds the same variable is a factor of its own
  (``\\lim_{t \\to 0} A \\lim_{t \\to 0} B``, the product of two limits, as ``\\sum_t a_t / \\sum_t b_t``).

Refused, naming the construct: ``\\lim`` with no subscript, a subscript that is not ``variable \\to point``
(``\\lim_n``, ``\\lim_{x \\in A}``, two arrows, a point that holds the variable), a superscript, no operand,
two directions that disagree (``x \\downarrow 0^-``), a side written as a sum (``x \\to a + 0``, ``x \\to +0``: write
``a^+``), a superscript on the point that holds a sign without being one (``0^{+0}``), a sequence limit (a variable the
notation makes an integer, a sum's end in the operand, a subscript index at an infinite point: ``\\lim_{n \\to \\infty}
a_n``), and a braced operand followed by more factors
(``\\lim{[A]} h(x)``: the braces print nothing, so the page shows the limit of the product, which the braces do not
group).  ``\\limsup``, ``\\liminf`` and an italic ``lim`` stay "not a formula" (:mod:`.words`).
"""
from __future__ import annotations

import re

import sympy as sp
from lark import Token, Tree

from .forms import Chain
from .lexer import Tok, after_argument, balanced, fail

ARROWS = {r"\to": "+-", r"\rightarrow": "+-", r"\longrightarrow": "+-", r"\downarrow": "+", r"\searrow": "+",
          r"\uparrow": "-", r"\nearrow": "-"}
"""The arrows of a limit's subscript and the side each approaches from (SymPy's ``dir``)."""
TENDS = "tends"
"""The relation a limit's arrow becomes in its subscript (``tends+-``, ``tends+``, ``tends-``): read by
:meth:`Limits.limit` only; no other part of a formula holds it."""

_UNDERSET = re.compile(r"\\underset(?![A-Za-z])\s*")
_LIM_ARGUMENT = re.compile(r"\s*(?:\{\s*\\lim\s*\}|\\lim(?![A-Za-z]))")
_SPELLINGS = re.compile(r"\\mathop\s*\{\s*\\lim\s*\}|\\(?:operatorname\*?|mathrm)\s*\{\s*lim\s*\}")
_NO_OPERAND = frozenset({"REL", "AMP", "NEWROW", "RPAREN", "RBRACK", "RBRACE", "RSET", "ABSR", "COMMA", "SEMI",
                         "GAP", "MUL", "DIV"})
"""What cannot begin a limit's operand: the limit stands without one."""
_PRODUCT_ENDS = frozenset({"PLUS", "MINUS", "REL", "AMP", "NEWROW", "RPAREN", "RBRACK", "RBRACE", "RSET", "ABSR",
                           "COMMA", "SEMI", "GAP", "COLON"})
"""What ends the product a ``\\lim`` takes (a braced operand followed by anything else continues it)."""


def limit_spellings(text: str) -> str:
    """``\\underset{S}{\\lim}`` and ``\\underset{S}\\lim`` as ``\\lim_{S}``; ``\\mathop{\\lim}``,
    ``\\operatorname*{lim}``, ``\\operatorname{lim}``, ``\\mathrm{lim}`` as ``\\lim``: the limit operator, printed alike.
    An ``\\underset`` over anything else is left as it is (refused as an annotated operator)."""
    text = _SPELLINGS.sub(lambda m: m.group(0) if _in_script(text, m.start()) else r"\lim ", text)
    out, k = [], 0
    for m in _UNDERSET.finditer(text):
        if m.start() < k:
            continue
        under, end = balanced(text, m.end())
        lim = _LIM_ARGUMENT.match(text, end) if under is not None else None
        if lim is None:
            continue
        out += [text[k:m.start()], r"\lim_{", under, "} "]
        k = lim.end()
    return "".join(out) + text[k:]


def bind_limits(tree, source: str = "", bound: dict | None = None):
    """``tree`` (the grammar's, its names resolved) with the variable of each ``\\lim`` read, in its subscript and its
    operand, as a real symbol of that name with no other assumption: a limit binds its variable, and the notation's
    sign for the name (symdp's ``\\epsilon``, ``\\delta``, ``\\lambda`` ... are positive) would make a two-sided limit
    one-sided before SymPy sees it (``|\\epsilon| / \\epsilon`` is 1).  The index of a sum or a product and the variable
    of an integral are bound alike (:func:`_bind_big`, :func:`_bind_integrals`), the symbol they replace recorded in
    ``bound`` by name (:func:`restored` puts it back where the range keeps its sign).  Done on the tree, before any of
    the operand is built."""
    if not isinstance(tree, Tree):
        return tree
    bound = {} if bound is None else bound
    for node in tree.iter_subtrees_topdown():
        if node.data == "juxt":
            _bind_integrals(node, bound)
        if node.data != "big" or not isinstance(node.children[0], Token) or node.children[0].value[0] != "lim":
            _bind_big(node, bound)
            continue
        var = _variable(node)
        if var is None:
            continue
        if var.is_integer:
            head = node.children[0]
            fail(source, head.start_pos, head.end_pos, _SEQUENCE.format(var))
        _rename(node.children, 1, len(node.children), var.name, sp.Symbol(var.name, real=True))
    return tree


def _bind_big(node: Tree, bound: dict) -> None:
    """A ``\\sum_{\\alpha = -1}^{1}`` (or ``\\prod``) over a name the notation gives a sign (symdp's alpha is
    positive): the index read as an integer of its own, so that ``|\\alpha|`` under it stays an absolute value
    (read with the notation's sign, ``\\sum_{\\alpha=-1}^{1} |\\alpha|`` was 0)."""
    if node.data != "big" or not isinstance(node.children[0], Token) or node.children[0].value[0] not in BOUND_BIG:
        return
    var = _variable(node, ("relation", "member_set"))
    if var is not None and var != sp.Symbol(var.name):
        bound[var.name] = var
        _rename(node.children, 1, len(node.children), var.name, sp.Symbol(var.name, integer=True))


BOUND_BIG = frozenset({"sum", "prod"})
"""The big operators whose subscript binds an index (``\\lim``'s variable is bound by :func:`bind_limits`)."""


def _bind_integrals(node: Tree, bound: dict) -> None:
    """Each ``\\int`` among the factors of the product ``node``, its integrand (the factors up to the differential
    that closes it, nested integrals' limits included) read with the differential's variable as a real symbol of its
    own when the notation gives the name a sign: ``\\int_{-1}^{1} |\\mu| \\, d\\mu`` is 1, never the integral of mu."""
    powers = node.children
    for k, p in enumerate(powers):
        if _factor_kind(p) != "int":
            continue
        inner = 0
        for m in range(k + 1, len(powers)):
            kind = _factor_kind(powers[m])
            inner += kind == "int"
            if kind == "diff" and not inner:
                name = str(powers[m].children[0].children[0].value).lstrip("\\")
                _rename(powers, k + 1, m, name, sp.Symbol(name, real=True), bound)
                break
            inner -= kind == "diff" and inner > 0


def _factor_kind(power) -> str | None:
    """``"int"`` for a factor that is an integral sign, ``"diff"`` for a differential (``d\\mu``), else None."""
    base = power.children[0] if isinstance(power, Tree) and power.data == "power" and power.children else None
    if not isinstance(base, Tree) or not base.children or not isinstance(base.children[0], Token):
        return None
    if base.data == "diff":
        return "diff"
    value = base.children[0].value
    return "int" if base.data == "head" and isinstance(value, tuple) and value[0] == "int" else None


def _rename(children: list, start: int, end: int, name: str, fresh, bound: dict | None = None) -> None:
    """``children[start:end]`` with each symbol named ``name`` read as ``fresh`` (with ``bound``, only a symbol the
    notation gives assumptions, recorded there)."""
    for k in range(start, end):
        children[k] = _renamed(children[k], name, fresh, bound)


def restored(bound: dict, var, lo, hi, integral: bool):
    """The symbol a bound variable ``var`` replaced (:func:`bind_limits`) when its sign holds over the whole range
    ``lo``..``hi`` (a derivation's positive k summed from 1, the notation's positive t integrated from 0: read as
    before, so the paper's formula is the derivation's); else ``var``, the bound variable of its own."""
    original = bound.get(getattr(var, "name", None), var)
    if original == var or (integral and original.is_integer):
        return var
    lo, hi = sp.sympify(lo), sp.sympify(hi)
    above = lo.is_nonnegative if integral else lo.is_positive
    below = hi.is_nonpositive if integral else hi.is_negative
    checks = [above if original.is_positive else lo.is_nonnegative if original.is_nonnegative else True,
              below if original.is_negative else hi.is_nonpositive if original.is_nonpositive else True]
    return original if all(c is True for c in checks) else var


_SEQUENCE = "a sequence limit ({} integer): symdp reads limits of a real variable"
INDEX_LETTERS = frozenset("i j k l m n N M K".split())
"""Letters papers use for integer indices: a limit of one at infinity (``\\lim_{n \\to \\infty} \\sin(n\\pi)``, 0 over the
integers, no limit over the reals) is refused, whatever the notation's assumptions (review of 2026-12-06)."""


def _variable(node: Tree, forms: tuple = ("relation",)):
    """The symbol before the arrow of the ``\\lim`` subscript in the ``big`` node (with ``forms``, before the ``=`` or
    ``\\in`` of a sum's), or None."""
    sub = next((c for c in node.children[1:] if isinstance(c, Tree) and c.data == "sub_"), None)
    relation = next((c for c in sub.iter_subtrees_topdown() if c.data in forms), None) if sub else None
    if relation is None or not isinstance(relation.children[0], Tree):
        return None
    names = [t for t in relation.children[0].scan_values(lambda v: isinstance(v, Token))]
    if len(names) != 1 or not isinstance(names[0].value, sp.Symbol):
        return None
    return names[0].value


def _renamed(node, name: str, fresh, bound: dict | None = None):
    """``node`` with each symbol named ``name`` replaced by ``fresh`` in every token's value (with ``bound``, only a
    symbol with assumptions, recorded there)."""
    if isinstance(node, Token):
        value = node.value
        if isinstance(value, sp.Basic):
            found = {s: fresh for s in value.free_symbols if isinstance(s, sp.Symbol) and s.name == name
                     and not (bound is not None and s == sp.Symbol(name))}
            if bound is not None:
                bound.update({s.name: s for s in found})
            if found:
                return node.update(value=value.xreplace(found))
        return node
    if isinstance(node, Tree):
        node.children = [_renamed(c, name, fresh, bound) for c in node.children]
    return node


def _in_script(text: str, k: int) -> bool:
    """``text[k]`` stands in a subscript or superscript (``v_{\\mathrm{lim}}``, ``T_\\mathrm{lim}``): a label there,
    never the limit operator."""
    depth, j = 0, k - 1
    while j >= 0:
        c = text[j]
        if c == "}" and (j == 0 or text[j - 1] != "\\"):
            depth += 1
        elif c == "{" and (j == 0 or text[j - 1] != "\\"):
            if depth == 0:
                before = text[:j].rstrip()
                if before.endswith(("_", "^")):
                    return True
            else:
                depth -= 1
        elif depth == 0 and not c.isspace() and j == len(text[:k].rstrip()) - 1:
            return c in "_^"
        j -= 1
    return False


def limit_variables(tokens: list[Tok]) -> frozenset:
    """The names a ``\\lim_{x \\to a}`` of the formula binds (a single name before its arrow), as
    :func:`.scripts.index_names` gives a sum's."""
    found = set()
    for k, t in enumerate(tokens[:-4]):
        if _lim(t) and tokens[k + 1].kind == "SUB" and tokens[k + 2].kind == "LBRACE" \
                and tokens[k + 3].kind == "NAME" and _arrow(tokens[k + 4]):
            found.add(tokens[k + 3].text)
    return frozenset(found)


def limit_arrows(source: str, tokens: list[Tok]) -> list[Tok]:
    """``tokens`` with the arrow of each ``\\lim``'s subscript made the relation :data:`TENDS` (its side in its text,
    the point's sign superscript dropped), after refusing a limit that is not ``\\lim_{variable \\to point} operand``
    (see the module's docstring)."""
    out, k = list(tokens), 0
    while k < len(out):
        if _lim(out[k]):
            out = _subscript(source, out, k)
        k += 1
    return out


def _arrow(t: Tok) -> bool:
    """A limit's arrow, as written or made :data:`TENDS` by :func:`limit_arrows`."""
    return (t.kind == "CMD" and t.text in ARROWS) or (t.kind == "REL" and t.text.startswith(TENDS))


def _lim(t) -> bool:
    return isinstance(t, Tok) and t.kind == "CMD" and t.text == r"\lim"


def _subscript(source: str, tokens: list[Tok], k: int) -> list[Tok]:
    """The tokens with the subscript of the ``\\lim`` at ``k`` rewritten, after checking its shape and its operand."""
    head = tokens[k]
    if k + 1 < len(tokens) and tokens[k + 1].kind == "SUP":
        fail(source, head.start, tokens[k + 1].end, r"a superscript on \lim: a limit takes only its subscript "
             r"(\lim_{x \to a})")
    if k + 1 >= len(tokens) or tokens[k + 1].kind != "SUB":
        fail(source, head.start, head.end, r"\lim without its variable and point: write \lim_{x \to a}")
    if k + 2 >= len(tokens) or tokens[k + 2].kind != "LBRACE":
        end = tokens[min(k + 2, len(tokens) - 1)].end
        fail(source, head.start, end, r"a limit whose subscript is no 'variable \to point' (\lim_n: n \to \infty? "
             r"or a limit along a set?): write \lim_{n \to \infty}")
    close = after_argument(tokens, k + 2) - 1
    inner = tokens[k + 3:close]
    arrows = [j for j, t in enumerate(inner) if t.kind == "CMD" and t.text in ARROWS and _depth(inner, j) == 0]
    if len(arrows) != 1 or arrows[0] == 0 or arrows[0] == len(inner) - 1:
        fail(source, head.start, tokens[close].end, r"a limit whose subscript is not one variable, one arrow and one "
             r"point (x \to a): \lim_{n} (n \to \infty?), a limit along a set (\lim_{x \in A}) or of several "
             "variables at once is not a closed form symdp reads")
    a = arrows[0]
    _refuse_written_sides(source, head, tokens[close], inner[a + 1:])
    point, side = _signed_point(inner[a + 1:])
    side = _side(source, head, tokens[close], ARROWS[inner[a].text], side)
    _refuse_missing_operand(source, tokens, k, close)
    arrow = Tok("REL", TENDS + side, inner[a].start, inner[a].end, inner[a].spaced)
    return tokens[:k + 3] + inner[:a] + [arrow] + point + tokens[close:]


def _refuse_written_sides(source: str, head: Tok, close: Tok, point: list[Tok]) -> None:
    """Refuse a side written as a sum (``x \\to a + 0``, ``x \\to +0``, ``x \\to a - 0``: the older notation for
    ``a^+``, ``a^-``, which SymPy would read as the point a, two-sided) and a superscript on the point that holds a
    sign without being one (``0^{+0}``: a side, or a power?)."""
    kinds = [t.kind for t in point]
    if len(point) >= 2 and kinds[-2] in _SIGNS and kinds[-1] == "NUMBER" and point[-1].text.strip() == "0":
        fail(source, head.start, close.end, "a side written as a+0 / a-0: write a^+ or a^-")
    for j, t in enumerate(point):
        if t.kind != "SUP":
            continue
        script = point[j + 1:after_argument(point, j + 1)]
        body = script[1:-1] if script and script[0].kind == "LBRACE" else script
        if any(u.kind in _SIGNS for u in body) and not (len(body) == 1 and body[0].kind in _SIGNS):
            fail(source, head.start, close.end, f"a limit's point with the superscript "
                 f"{source[script[0].start:script[-1].end]}: a side is written a^+ or a^- alone (a side, or a power?)")


def _depth(tokens: list[Tok], j: int) -> int:
    """The nesting of ``tokens[j]`` in brackets of any kind within ``tokens``."""
    opens = ("LBRACE", "LPAREN", "LBRACK", "LSET")
    closes = ("RBRACE", "RPAREN", "RBRACK", "RSET")
    return sum((t.kind in opens) - (t.kind in closes) for t in tokens[:j])


_SIGNS = {"PLUS": "+", "MINUS": "-"}


def _signed_point(point: list[Tok]) -> tuple[list[Tok], str]:
    """The point without a trailing sign (``0^+``, ``a^{-}``, ``0+``) and the side that sign names ("" if none)."""
    kinds = [t.kind for t in point]
    for tail in (["SUP", "LBRACE", "PLUS", "RBRACE"], ["SUP", "LBRACE", "MINUS", "RBRACE"], ["SUP", "PLUS"],
                 ["SUP", "MINUS"], ["PLUS"], ["MINUS"]):
        if len(kinds) > len(tail) and kinds[-len(tail):] == tail:
            sign = next(_SIGNS[kind] for kind in tail if kind in _SIGNS)
            return point[:-len(tail)], sign
    return point, ""


def _side(source: str, head: Tok, close: Tok, arrow: str, sign: str) -> str:
    """The side of the limit from its arrow and its point's sign; refused when they disagree."""
    if not sign or arrow == sign:
        return sign or arrow
    if arrow == "+-":
        return sign
    fail(source, head.start, close.end, "a limit whose arrow and whose point's sign name two sides (x \\downarrow "
         "0^-): from above or from below?")


def _refuse_missing_operand(source: str, tokens: list[Tok], k: int, close: int) -> None:
    """A ``\\lim`` with nothing after its subscript to take, or a braced operand followed by more factors."""
    after = close + 1
    if after >= len(tokens) or tokens[after].kind in _NO_OPERAND:
        fail(source, tokens[k].start, tokens[close].end, "a limit with no operand: the limit of what?")
    if tokens[after].kind != "LBRACE":
        return
    end = after_argument(tokens, after)
    if end < len(tokens) and tokens[end].kind not in _PRODUCT_ENDS and not _lim(tokens[end]):
        fail(source, tokens[k].start, tokens[end].end, r"\lim{...} followed by more factors: the braces do not "
             r"print, so the limit of the whole product (as \sum takes it), or of the braces alone? Write "
             r"\lim_{x \to a} \left[...\right] \cdot ... or put the factors inside")


class Limits:
    """The part of :class:`.build.Builder` that reads a ``\\lim`` (a mixin; see the module's docstring)."""

    def _restored(self, body, var, lo, hi, integral: bool):
        """``body`` and ``var`` with the symbol the variable was bound in place of put back where the range keeps
        its sign (:func:`restored`)."""
        original = restored(self.bound, var, lo, hi, integral)
        return body.xreplace({var: original}), original

    def limit(self, p, operand):
        """``Limit(operand, x, a, dir)`` from the scripts of the ``\\lim`` ``p``; a factor that is a limit free of
        ``x`` (it binds its own) stays outside, as :func:`.apply._split_bound` keeps a sum's."""
        head = p.base
        sub = p.sub
        if p.sup is not None or not isinstance(sub, Chain) or len(sub.ops) != 1 or len(sub.members) != 2 \
                or not str(sub.ops[0]).startswith(TENDS):
            self.fail(head.start, head.end, r"a limit whose subscript is not one variable, one arrow and one point "
                      r"(\lim_{x \to a})")
        var = self.expr(sub.members[0])
        if not isinstance(var, sp.Symbol):
            self.fail(head.start, head.end, f"a limit's variable must be a name, not {var}")
        point = self.expr(sub.members[1])
        if var in point.free_symbols:
            self.fail(head.start, head.end, f"a limit whose point {point} holds its variable {var}")
        side = str(sub.ops[0])[len(TENDS):]
        if point in (sp.oo, -sp.oo) and side != "+-" and side != ("-" if point == sp.oo else "+"):
            self.fail(head.start, head.end, f"a limit at {point} from the side beyond it")
        inner, outer = [], []
        for f in sp.Mul.make_args(self.expr(operand)):
            whole = f.base if isinstance(f, sp.Pow) else f
            (outer if isinstance(whole, sp.Limit) and var not in f.free_symbols else inner).append(f)
        body = sp.Mul(*inner)
        if (point.is_infinite and any(var in i.free_symbols for m in body.atoms(sp.Indexed) for i in m.indices)) \
                or any(var in end.free_symbols for total in body.atoms(sp.Sum, sp.Product)
                       for _, *ends in total.limits for end in ends):
            self.fail(head.start, head.end, _SEQUENCE.format(var))
        if point.is_infinite and var.name in INDEX_LETTERS:
            self.fail(head.start, head.end, f"{var} \\to \\infty: a sequence limit ({var} an index, as the letter is "
                                            "used) or a limit of a real variable? symdp reads limits of a real variable: "
                                            "name it x, t, ...")
        return sp.Limit(body, var, point, dir=side) * sp.Mul(*outer)   # in the order written
