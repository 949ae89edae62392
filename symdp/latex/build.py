"""The parse tree to SymPy: arithmetic, groups, function application, cases.

Function application is decided on the flat list of juxtaposed factors
(:mod:`.apply`); ``1[y \\ne 0]`` is an indicator; ``n!`` a factorial.
Anything else is refused with the fragment quoted.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from sympy.core.function import AppliedUndef
from lark import Token, Transformer

from .apply import Application
from .forms import Chain, Diff, Group, Head, Juxt, Leaf, Power, Product, _literal, _span, named
from .lexer import fail
from .limits import Limits
from .names import FUNCTION_LETTERS
from .products import Products
from .scopes import BINDING, open_big, variables


@dataclass(frozen=True)
class Lattice:
    """A maximum or minimum written ``a \\vee b`` or ``a \\wedge b``, with its span: read inside a group only."""

    value: sp.Expr
    op: str
    start: int
    end: int


_LATTICE = {r"\vee": sp.Max, r"\wedge": sp.Min}
"""The spellings of or and and that are also the lattice's max and min (not ``\\lor``, ``\\land``)."""
_RELATIONS = {"=": sp.Eq, "<": sp.Lt, ">": sp.Gt, "<=": sp.Le, ">=": sp.Ge, "!=": sp.Ne}


class Builder(Application, Limits, Products, Transformer):
    """Transforms the tree of :mod:`.grammar` into SymPy, refusing what is ambiguous."""

    def __init__(self, source: str, condition: bool = False):
        super().__init__()
        self.source = source
        self.condition = condition
        """A side condition: its relations are kept as written (``\\mu \\ge 0`` stays, even when the symbols'
        assumptions decide it), so the record shows what the paper states."""
        self.undeclared = set()
        """The functions nobody declared that this formula calls (see :meth:`.apply.Application.apply_call`)."""
        self.bound = {}
        """The symbols the display's integrals and sums bind under names of their own (:func:`.limits.bind_limits`)."""
        self.partial = set()
        """The names of the functions whose partial derivatives this formula reads from a bare name
        (``\\frac{\\partial f}{\\partial x}`` as ``Derivative(f(x), x)``), checked against the whole display by
        :func:`.meanings.one_meaning`."""

    def fail(self, start: int, end: int, why: str):
        fail(self.source, start, end, why)

    # -- values ----------------------------------------------------------------

    def value(self, x):
        """An expression from any intermediate form (a group of one, a product, a power)."""
        if isinstance(x, sp.Basic):
            return x
        if isinstance(x, Lattice):
            return x.value
        if isinstance(x, Leaf):
            return x.value
        if isinstance(x, Juxt):
            factors = self.factors(x.powers)
            return sp.Mul(*factors)
        if isinstance(x, Group):
            if len(x.items) != 1:
                self.fail(x.start, x.end, "a list where one expression was expected")
            return self.value(x.items[0])
        if isinstance(x, Power):
            return self.power_value(x)
        if isinstance(x, Product):
            return self.product_value(x)
        if isinstance(x, Chain):
            return self.boolean(x)
        if isinstance(x, Head):
            self.fail(x.start, x.end, f"{x.text} without its argument")
        if isinstance(x, Diff):
            self.fail(x.start, x.end, f"d{x.var} outside an integral")
        if isinstance(x, list) and x:  # K^{d,d'}: a script or group holding a comma-separated list
            self.fail(_span(x[0])[0], _span(x[-1])[1], "a list (items separated by commas) where one value was "
                      "expected: a superscript such as K^{d,d'} names a pair, it is no power; declare the spelling")
        raise TypeError(type(x))

    def expr(self, x):
        v = self.value(x)
        if isinstance(v, sp.logic.boolalg.Boolean) and not isinstance(v, sp.Expr):
            start, end = _span(x)
            self.fail(start, end, "a condition where an expression was expected")
        return v

    def boolean(self, x):
        if isinstance(x, Chain):
            if x.domain is not None or x.interval is not None:
                inside = _membership(x, self.expr(x.members[0]), not self.condition)
                return sp.Not(inside) if x.negated else inside
            members = [self.expr(m) for m in x.members]
            if len(x.ops) > 1 and x.ops[0] == "=" != x.ops[1] and isinstance(members[0], sp.Symbol):  # x = y/s <= 0
                start, end = _span(x)
                self.fail(start, end, f"a condition that also defines {members[0]} ({members[0]} = ... "
                          f"{x.ops[1]} ...): a definition inside a condition, not a chain to check")
            parts = [_RELATIONS[op](a, b, evaluate=not self.condition) for op, a, b in zip(x.ops, members, members[1:])]
            return parts[0] if len(parts) == 1 else sp.And(*parts)
        v = self.value(x)
        if isinstance(v, sp.Expr):
            start, end = _span(x)
            self.fail(start, end, "an expression where a condition was expected")
        return v

    def power_value(self, p: Power):
        if isinstance(p.base, (Head, Diff)):
            return self.value(p.base)
        if isinstance(p.base, Group) and p.base.kind in ("brack", "set") and len(p.base.items) == 1:
            self.refuse_bare_group(p)
        base = self.indexed(p) if p.sub is not None else self.expr(p.base)
        if p.bang is not None:
            base = sp.factorial(base)
        return base if p.sup is None else sp.Pow(base, self.expr(p.sup))

    # -- juxtaposition: implicit products and function application -----------------

    def _refuse_applied_indicator(self, powers: list, i: int) -> None:
        """``\\mathbb{1}_{z > 5}(Z_i)``, ``1[A](x)``, ``1[A][x]``: an indicator before parentheses or brackets is the
        indicator of the event at that argument (Z_i > 5), or the indicator times them? Refused; ``1[A] \\cdot (x + 1)``
        is the product."""
        after = powers[i + 1].base if i + 1 < len(powers) else None
        if isinstance(after, Group) and after.kind in ("paren", "brack"):
            self.fail(powers[i - 1].base.start, after.end, "an indicator before parentheses or brackets: the "
                      "indicator of its event at that argument, or the indicator times them? Write \\cdot for the "
                      "product, or the event at the argument (1[Z_i > 5])")

    def factors(self, powers: list) -> list:
        out, i = [], 0
        while i < len(powers):
            p = powers[i]
            if isinstance(p.base, Head):
                value, k = self.apply(p, powers, i + 1)
                if k > i + 1 and _called(powers, k):
                    self.fail(p.base.start, powers[k].base.end, "a call before parentheses around names "
                              "(M(\\theta, d)(x)): the value at x of the function M(\\theta, d) returns, or M(\\theta, d) "
                              "times x? Write \\cdot for the product")
                out.append(value)
                i = k
            elif _indicator(powers, i):
                self._refuse_applied_indicator(powers, i)
                out[-1] = sp.Piecewise((1, self.boolean(p.base.items[0])), (0, True))
                i += 1
            else:
                if isinstance(p.base, Diff):
                    self.fail(p.base.start, p.base.end, f"d{p.base.var} outside an integral")
                if p.sub is not None and p.sup is None and _called(powers, i + 1):
                    start, _ = _span(p.base)
                    self.fail(start, powers[i + 1].base.end, "a member of an indexed family before parentheses around "
                              "names (p_i(x), v_j(\\log t)): a family of functions, or the member times them? Declare the family "
                              "in the notation, or write p_i \\cdot (x) for a product")
                out.append(self.power_value(p))
                i += 1
        for a, b in zip(powers, powers[1:]):
            if _primed(a) and named(b):
                x, y = a.base.value.name, b.base.value.name
                self.fail(a.base.start, b.base.end, f"a primed name against a name ({x} {y}): their product, or "
                          f"{x[:-1]} transposed times {y} (an inner product)? Write \\cdot for the product")
            if _literal(a) and _literal(b) and not (a.base.end == b.base.start and b.bang is not None):
                self.fail(a.base.start, b.base.end, "two numbers side by side")
        self.refuse_sandwich(powers)
        return out

    # -- tree rules -------------------------------------------------------------------

    def start(self, c):
        top = c[0]
        if isinstance(top, Juxt) and len(top.powers) == 1 and isinstance(top.powers[0].base, Group) \
                and top.powers[0].sup is None and top.powers[0].sub is None:
            group = top.powers[0].base
            if group.kind == "paren" and len(group.items) > 1:  # a pair (a, b): a point
                return sp.Tuple(*[self.expr(i) for i in group.items])
            if group.kind == "set":  # \{a, b\}: the set of solutions
                return sp.FiniteSet(*[self.expr(i) for i in group.items])
        if isinstance(top, Lattice):   # a member \vee a member: y = 1 \vee x, or x > 0 \vee x < -1 split at >, <
            self.fail(top.start, top.end, f"{top.op} between two values at the top of a member: a maximum or minimum "
                      "only inside parentheses ((1 \\vee x)); at the top, an or or an and of relations split by them?")
        return top

    def or_(self, c):
        return self._lattice(c, sp.Max) if _LATTICE.get(str(c[1])) is sp.Max and self._values(c) else \
            sp.Or(self.boolean(c[0]), self.boolean(c[2]))

    def and_(self, c):
        return self._lattice(c, sp.Min) if _LATTICE.get(str(c[1])) is sp.Min and self._values(c) else \
            sp.And(self.boolean(c[0]), self.boolean(c[2]))

    def _values(self, c) -> bool:
        """Both sides of ``\\vee`` or ``\\wedge`` are values, not conditions (``1 \\vee \\sqrt{x}``)."""
        return not any(isinstance(x, Chain) for x in (c[0], c[2])) and \
            all(isinstance(self.value(x), sp.Expr) for x in (c[0], c[2]))

    def _lattice(self, c, op):
        """``a \\vee b`` between two values is their maximum, ``a \\wedge b`` their minimum (the lattice notation of
        probability texts), inside parentheses (:meth:`start` refuses one at the top of a member); between
        conditions they are or and and."""
        start, end = _span(c[0])[0], _span(c[2])[1]
        return Lattice(op(self.expr(c[0]), self.expr(c[2])), str(c[1]), start, end)

    def not_(self, c):
        return sp.Not(self.boolean(c[1]))

    def relation(self, c):
        return Chain(c[0::2], [str(t.value) for t in c[1::2]])

    def member(self, c):
        return _negated(c[1], Chain([c[0]], [], c[2]))

    def member_set(self, c):
        return _negated(c[1], Chain([c[0]], [], None, c[2].value))

    def member_range(self, c):
        return _negated(c[1], Chain([c[0]], [], None, ("range", self.expr(c[3]))))

    def interval(self, c):
        lo_open, hi_open = c[0].type == "LPAREN", c[4].type == "RPAREN"
        return ((self.expr(c[1]), lo_open), (self.expr(c[3]), hi_open))

    def add(self, c):
        return sp.Add(*self._terms(c))

    def sub(self, c):
        left, right = self._terms(c)
        return sp.Add(left, -right)

    def _terms(self, c) -> tuple:
        """The two sides of ``+``/``-``; refused when a sum on the left binds an index the right uses free
        (``\\sum_{i=0}^{n-1} \\alpha \\max(y_i, 0) + (1 - \\alpha) \\max(-y_i, 0)``, scikit-learn's pinball loss): the
        sum's operand ends at the sign, so the term after it is outside, where i means nothing; a missing bracket?
        A limit alike (``\\lim_{x \\to \\infty} x - \\sqrt{x^2 - x}``)."""
        left, right = self.expr(c[0]), self.expr(c[2])
        bound = {v.name for t in sp.Add.make_args(left) for total in getattr(t, "atoms", lambda *_: ())(*BINDING)
                 for v in variables(total)} - {s.name for s in getattr(left, "free_symbols", ())}
        used = sorted(bound & {s.name for s in getattr(right, "free_symbols", ())})
        start, end = _span(c[2])
        start = start or getattr(c[1], "end_pos", 0)   # a fraction, a root, a bar: after the sign
        if used and start and open_big(self.source, start):
            self.fail(start, end, f"a term after a sum (or product, or limit) over {used[0]} uses {used[0]}, which "
                      "it binds: inside its operand (brackets missing), or another quantity? Write the operand in "
                      "brackets")
        return left, right

    def modulo(self, c):
        """``a \\mod n``: the remainder of a by n (see the grammar)."""
        return sp.Mod(self.expr(c[0]), self.expr(c[2]))

    def pos(self, c):
        return self.expr(c[1])

    def juxt(self, c):
        return Juxt(list(c))

    def power(self, c):
        p = Power(c[0])
        for kind, value, tok in c[1:]:
            if getattr(p, kind) is not None or (kind == "sub" and p.sup is not None and not isinstance(p.base, Head)):
                self.fail(tok.start_pos, tok.end_pos, "a double or misplaced script (a superscript and a subscript "
                          "on an expression, such as a clamp [y]^b_a, or two scripts of one kind): declare the "
                          "spelling in the notation")
            if kind == "bang" and p.sup is not None:   # n_i! is the member's factorial; x^k! is (x^k)! or x^{k!}?
                self.fail(tok.start_pos, tok.end_pos, "a factorial after a superscript: write (x^k)! or x^{k!}")
            setattr(p, kind, value)
        return p

    def sup(self, c):
        return ("sup", c[1], c[0])

    def sub_(self, c):
        return ("sub", c[1], c[0])

    def bang(self, c):
        return ("bang", True, c[0])

    def braced_list(self, c):
        return [x for x in c[1:-1] if not isinstance(x, Token)]

    def braced(self, c):
        return c[1]

    def number(self, c):
        return Leaf(c[0].value, c[0].start_pos, c[0].end_pos)

    sym = name = number

    def head(self, c):
        t = c[0]
        kind, fn, text = t.value
        return Head(kind, fn, text, t.start_pos, t.end_pos)

    def diff(self, c):
        return Diff(c[0].value, c[0].start_pos, c[0].end_pos)

    def _group(self, kind, c):
        return Group(kind, c[1], c[0].start_pos, c[-1].end_pos)

    def paren(self, c):
        return self._group("paren", c)

    def brack(self, c):
        return self._group("brack", c)

    def brace(self, c):
        return self._group("brace", c)

    def set_(self, c):
        return self._group("set", c)

    def items(self, c):
        return [x for x in c if not isinstance(x, Token)]

    def abs_(self, c):
        """``|x|``; refused around the value of a capital letter nobody declared (``|B_H(v_0, d/4)|``, a Hamming
        ball; ``|N(x)|``, a neighbourhood): papers write sets so, and bars around a set are its size, never an
        absolute value (F, G, H, the function letters, stay calls)."""
        value = self.expr(c[1])
        if isinstance(value, sp.Symbol) and value.name.endswith("_cal"):
            self.fail(c[0].start_pos, c[-1].end_pos, f"|{value.name}|: a calligraphic letter is a set or a family "
                      f"(a packing set V, a model P): the bars are its size, not a closed form")
        if isinstance(value, AppliedUndef) and value.func in self.undeclared and _set_like(value.func.__name__):
            self.fail(c[0].start_pos, c[-1].end_pos, f"|{value.func.__name__}(...)|: the size of a set (a ball "
                      f"B(x, r), a neighbourhood) or the absolute value of a function's value? Declare "
                      f"{value.func.__name__} in the notation (functions=) to read the absolute value")
        return sp.Abs(value)

    def floor(self, c):
        return sp.floor(self.expr(c[1]))

    def ceiling(self, c):
        return sp.ceiling(self.expr(c[1]))

    def frac(self, c):
        return sp.Mul(self.expr(c[1]), sp.Pow(self.expr(c[2]), -1))

    def binom(self, c):
        """``\\binom{n}{k}``; refused where the lower part is a number that is no whole number at least 0
        (``\\binom{0.9}{-1.17}``, ``\\binom{1}{-1}``: a column vector written with ``\\binom``; a coefficient there
        counts nothing)."""
        top, bottom = self.expr(c[1]), self.expr(c[2])
        if bottom.is_number and not (bottom.is_integer and bottom >= 0):
            self.fail(c[0].start_pos, c[0].end_pos, f"\\binom{{{top}}}{{{bottom}}}: a binomial coefficient whose lower "
                      "part is no whole number at least 0 (a column vector written with \\binom?); write the "
                      "vector's entries apart, or sympy's binomial in the notation")
        return sp.binomial(top, bottom)

    def sqrt(self, c):
        return sp.sqrt(self.expr(c[1]))

    def root(self, c):
        return sp.root(self.expr(c[4]), self.expr(c[2]))

    def cases(self, c):
        """The branches, each (value, condition).  SymPy drops a branch that can never be taken: its condition false
        as read (``\\text{if } \\delta = 0`` with the notation's delta positive, ``\\alpha = \\infty``), or covered by
        earlier ones (``x = 5`` after ``x > 0``, anything after an always-true one).  A dropped branch is refused,
        never lost; equal values in a row merge, which loses nothing."""
        branches = c[1]
        read = sp.Piecewise(*branches)
        runs = 1 + sum(1 for (u, _), (v, _) in zip(branches, branches[1:]) if u != v)
        kept = len(read.args) if isinstance(read, sp.Piecewise) else 1
        if kept < runs:
            self.fail(c[0].start_pos, c[-1].end_pos, "a branch that can never be taken as read: its condition is "
                      "never true for the notation's names (epsilon, delta, alpha, sigma, mu are positive and "
                      "finite there), or earlier branches cover it; declare the names in the notation (symbols=) "
                      "with the range the branches need, or write conditions that do not overlap")
        return read

    def rows(self, c):
        return [x for x in c if not isinstance(x, Token)]

    def row(self, c):
        values = [x for x in c if not isinstance(x, Token)]
        return (self.expr(values[0]), values[1])

    def when(self, c):
        """A branch's condition.  ``\\text{where } a = 2`` in a row is refused: "where" before an equation names a
        definition for that branch (a = 2 in it) as often as the case a = 2, and the two differ."""
        values = [x for x in c if not isinstance(x, Token)]
        read = self.boolean(values[0])
        word = next((t for t in c if isinstance(t, Token) and t.type == "IF"), None)
        if word is not None and str(word.value).strip().lower() == "where" and read.has(sp.Eq):
            self.fail(word.start_pos, word.end_pos, "an equation after 'where' in a cases row: a definition for the "
                      "branch or the branch's condition? write \\text{if} for a condition, or define the name outside "
                      "the cases")
        return read

    def otherwise(self, c):
        return sp.true


def _indicator(powers: list, i: int) -> bool:
    """``1[y \\ne 0]``, ``1\\{y \\ne 0\\}``: the number 1 written against a bracketed or braced condition."""
    p = powers[i]
    if not (i and isinstance(p.base, Group) and p.base.kind in ("brack", "set", "paren") and len(p.base.items) == 1):
        return False
    one = powers[i - 1]
    return (isinstance(one.base, Leaf) and one.base.value == 1 and one.sup is None and one.base.end == p.base.start
            and isinstance(p.base.items[0], Chain) and p.sup is None and p.sub is None)


def _negated(tok, chain: Chain) -> Chain:
    """``x \\notin S``: the membership, negated."""
    chain.negated = str(tok.value) == "\\notin"
    return chain


def _membership(chain: Chain, v, evaluate: bool = True):
    """``v`` in the chain's interval or set (``evaluate=False``: the inequalities kept as written)."""
    if chain.domain is None:
        (lo, lo_open), (hi, hi_open) = chain.interval
        return sp.And((sp.Lt if lo_open else sp.Le)(lo, v, evaluate=evaluate),
                      (sp.Lt if hi_open else sp.Le)(v, hi, evaluate=evaluate))
    domain = chain.domain
    return sp.Contains(v, sp.Range(1, domain[1] + 1) if isinstance(domain, tuple) else domain)


def _called(powers: list, k: int) -> bool:
    """Parentheses at ``k`` around one name or a list of names (``(x)``, ``(x, \\theta)``): what no product needs."""
    if k >= len(powers) or powers[k].sub is not None or not isinstance(powers[k].base, Group) \
            or powers[k].base.kind != "paren":
        return False
    return all(_lone(item) or _lone_call(item) for item in powers[k].base.items)


def _primed(p) -> bool:
    """A name with a prime and nothing above it (``x'``, ``\\beta'``): econometrics' transpose, as well as a name."""
    return isinstance(p.base, Leaf) and isinstance(p.base.value, sp.Symbol) and p.base.value.name.endswith("'") \
        and p.sup is None


def _lone_call(item) -> bool:
    """A function applied to one name (``\\log t``, ``\\log{t}``): ``v_j(\\log t)`` is as much a call as ``v_j(t)``."""
    if not (isinstance(item, Juxt) and len(item.powers) == 2):
        return False
    head, arg = item.powers
    if not (isinstance(head.base, Head) and head.base.kind in ("op", "func") and head.sub is None and head.sup is None):
        return False
    if isinstance(arg.base, Group) and arg.base.kind in ("brace", "paren") and len(arg.base.items) == 1 \
            and arg.sub is None and arg.sup is None:
        return _lone(arg.base.items[0])
    return _lone(arg)


def _lone(item) -> bool:
    while isinstance(item, Juxt) and len(item.powers) == 1:
        item = item.powers[0]
    if isinstance(item, Power) and item.sup is None and item.bang is None:
        item = item.base
    return isinstance(item, Leaf) and isinstance(item.value, sp.Symbol)


def _set_like(name: str) -> bool:
    """A capital letter (perhaps subscripted) other than the function letters F, G, H: a set, as papers write them."""
    head = name.split("_")[0]
    return len(head) == 1 and head.isupper() and head not in FUNCTION_LETTERS
