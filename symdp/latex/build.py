"""The parse tree to SymPy: arithmetic, groups, function application, cases.

Function application is decided on the flat list of juxtaposed factors:
an operator name (``\\log``) takes the parenthesised group right after it,
or else the whole product that follows (``\\log 2\\alpha``); a declared
function (``\\Phi``) must be followed by its parenthesised arguments;
``\\sum`` and ``\\int`` take the product that follows (``\\int`` up to its
``dx``).  Anything else is refused with the fragment quoted.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from lark import Token, Transformer

from .lexer import fail


@dataclass
class Group:
    """A bracketed list: ``kind`` is paren, brack, brace or set."""

    kind: str
    items: list
    start: int
    end: int


@dataclass
class Head:
    """A function name waiting for its argument: kind op / func / min / max / sum / int / prod."""

    kind: str
    fn: object
    text: str
    start: int
    end: int


@dataclass
class Diff:
    var: str
    start: int
    end: int


@dataclass
class Leaf:
    """A number or a name, with its place in the text."""

    value: object
    start: int
    end: int


@dataclass
class Power:
    base: object
    sub: object = None
    sup: object = None


@dataclass
class Juxt:
    """Factors written side by side (an implicit product, or a function and its argument)."""

    powers: list


@dataclass
class Chain:
    """``a < b <= c`` (members and relations), or ``x in [a, b)`` (``interval`` set)."""

    members: list
    ops: list
    interval: tuple | None = None


_RELATIONS = {"=": sp.Eq, "<": sp.Lt, ">": sp.Gt, "<=": sp.Le, ">=": sp.Ge, "!=": sp.Ne}


class Builder(Transformer):
    """Transforms the tree of :mod:`.grammar` into SymPy, refusing what is ambiguous."""

    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def fail(self, start: int, end: int, why: str):
        fail(self.source, start, end, why)

    # -- values ----------------------------------------------------------------

    def value(self, x):
        """An expression from any intermediate form (a group of one, a product, a power)."""
        if isinstance(x, sp.Basic):
            return x
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
        if isinstance(x, Chain):
            return self.boolean(x)
        if isinstance(x, Head):
            self.fail(x.start, x.end, f"{x.text} without its argument")
        if isinstance(x, Diff):
            self.fail(x.start, x.end, f"d{x.var} outside an integral")
        raise TypeError(type(x))

    def expr(self, x):
        v = self.value(x)
        if isinstance(v, sp.logic.boolalg.Boolean) and not isinstance(v, sp.Expr):
            start, end = _span(x)
            self.fail(start, end, "a condition where an expression was expected")
        return v

    def boolean(self, x):
        if isinstance(x, Chain):
            if x.interval is not None:
                (lo, lo_open), (hi, hi_open) = x.interval
                v = self.expr(x.members[0])
                return sp.And((lo < v) if lo_open else (lo <= v), (v < hi) if hi_open else (v <= hi))
            members = [self.expr(m) for m in x.members]
            parts = [_RELATIONS[op](a, b) for op, a, b in zip(x.ops, members, members[1:])]
            return parts[0] if len(parts) == 1 else sp.And(*parts)
        v = self.value(x)
        if isinstance(v, sp.Expr):
            start, end = _span(x)
            self.fail(start, end, "an expression where a condition was expected")
        return v

    def power_value(self, p: Power):
        if isinstance(p.base, (Head, Diff)):
            return self.value(p.base)
        if p.sub is not None:
            start, end = _span(p.base)
            self.fail(start, end, "a subscript on an expression (only names take subscripts)")
        base = self.expr(p.base)
        return base if p.sup is None else sp.Pow(base, self.expr(p.sup))

    # -- juxtaposition: implicit products and function application -----------------

    def factors(self, powers: list) -> list:
        out, i = [], 0
        while i < len(powers):
            p = powers[i]
            if isinstance(p.base, Head):
                value, i = self.apply(p, powers, i + 1)
                out.append(value)
            else:
                if isinstance(p.base, Diff):
                    self.fail(p.base.start, p.base.end, f"d{p.base.var} outside an integral")
                out.append(self.power_value(p))
                i += 1
        for a, b in zip(powers, powers[1:]):
            if _literal(a) and _literal(b):
                self.fail(a.base.start, b.base.end, "two numbers side by side")
        return out

    def apply(self, p: Power, powers: list, j: int):
        head = p.base
        handler = {"op": self.apply_op, "func": self.apply_func, "min": self.apply_minmax,
                   "max": self.apply_minmax, "sum": self.apply_sum, "prod": self.apply_sum,
                   "int": self.apply_int}[head.kind]
        return handler(p, powers, j)

    def _argument_group(self, powers, j):
        if j < len(powers) and isinstance(powers[j].base, Group) and powers[j].base.kind in ("paren", "brace") \
                and powers[j].sub is None:
            return powers[j]
        return None

    def apply_op(self, p, powers, j):
        head = p.base
        group = self._argument_group(powers, j)
        if group is not None:
            arg, after = self.expr(group.base), j + 1
        else:
            rest = self.factors(powers[j:])
            if not rest:
                self.fail(head.start, head.end, f"{head.text} without its argument")
            arg, after = sp.Mul(*rest), len(powers)
        if p.sub is not None:
            if head.text != r"\log":
                self.fail(head.start, head.end, f"a subscript on {head.text}")
            value = sp.log(arg, self.expr(p.sub))
        else:
            value = head.fn(arg)
        if p.sup is not None:
            value = sp.Pow(value, self.expr(p.sup))
        if group is not None and group.sup is not None:
            value = sp.Pow(value, self.expr(group.sup))
        return value, after

    def apply_func(self, p, powers, j):
        head = p.base
        group = self._argument_group(powers, j)
        if group is None:
            self.fail(head.start, head.end, f"{head.text} must be followed by its argument in parentheses")
        if p.sub is not None or p.sup is not None:
            self.fail(head.start, head.end, f"a script on the function {head.text}")
        items = group.base.items if group.base.kind == "paren" else [group.base.items[0]]
        args = [self.expr(a) for a in items]
        try:
            value = head.fn(*args)
        except (TypeError, ValueError) as exc:
            self.fail(head.start, group.base.end, f"{head.text} with {len(args)} argument(s): {exc}")
        if group.sup is not None:
            value = sp.Pow(value, self.expr(group.sup))
        return value, j + 1

    def apply_minmax(self, p, powers, j):
        head = p.base
        group = powers[j] if j < len(powers) and isinstance(powers[j].base, Group) else None
        if group is None or p.sub is not None or p.sup is not None or len(group.base.items) < 2:
            self.fail(head.start, head.end, f"{head.text} must be followed by a list of two or more expressions "
                      "(subscripted min/max, an optimisation, is not an expression)")
        fn = sp.Min if head.kind == "min" else sp.Max
        value = fn(*[self.expr(a) for a in group.base.items])
        if group.sup is not None:
            value = sp.Pow(value, self.expr(group.sup))
        return value, j + 1

    def _limits(self, p, var_from_sub: bool):
        head = p.base
        if p.sub is None or p.sup is None:
            self.fail(head.start, head.end, f"{head.text} without both limits")
        if not var_from_sub:
            return None, self.expr(p.sub), self.expr(p.sup)
        sub = p.sub
        if not (isinstance(sub, Chain) and sub.ops == ["="] and len(sub.members) == 2):
            self.fail(head.start, head.end, f"{head.text} needs a subscript k = start")
        var = self.expr(sub.members[0])
        if not isinstance(var, sp.Symbol):
            self.fail(head.start, head.end, f"{head.text} needs a name as its index")
        return var, self.expr(sub.members[1]), self.expr(p.sup)

    def apply_sum(self, p, powers, j):
        var, lo, hi = self._limits(p, True)
        rest = self.factors(powers[j:])
        if not rest:
            self.fail(p.base.start, p.base.end, f"{p.base.text} without a summand")
        cls = sp.Sum if p.base.kind == "sum" else sp.Product
        return cls(sp.Mul(*rest), (var, lo, hi)), len(powers)

    def apply_int(self, p, powers, j):
        ends = [k for k in range(j, len(powers)) if isinstance(powers[k].base, Diff)]
        if not ends:
            self.fail(p.base.start, p.base.end, r"\int without its d<variable> in the same product")
        m = ends[0]
        body = self.factors(powers[j:m])
        if not body:
            self.fail(p.base.start, p.base.end, r"\int without an integrand")
        var = sp.Symbol(powers[m].base.var.lstrip("\\"))
        var = next((s for s in sp.Mul(*body).free_symbols if s.name == var.name), var)
        if p.sub is None and p.sup is None:
            return sp.Integral(sp.Mul(*body), var), m + 1
        _, lo, hi = self._limits(p, False)
        return sp.Integral(sp.Mul(*body), (var, lo, hi)), m + 1

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
        return top

    def or_(self, c):
        return sp.Or(self.boolean(c[0]), self.boolean(c[2]))

    def and_(self, c):
        return sp.And(self.boolean(c[0]), self.boolean(c[2]))

    def not_(self, c):
        return sp.Not(self.boolean(c[1]))

    def relation(self, c):
        return Chain(c[0::2], [str(t.value) for t in c[1::2]])

    def member(self, c):
        return Chain([c[0]], [], c[2])

    def interval(self, c):
        lo_open, hi_open = c[0].type == "LPAREN", c[4].type == "RPAREN"
        return ((self.expr(c[1]), lo_open), (self.expr(c[3]), hi_open))

    def add(self, c):
        return sp.Add(self.expr(c[0]), self.expr(c[2]))

    def sub(self, c):
        return sp.Add(self.expr(c[0]), -self.expr(c[2]))

    def mul(self, c):
        return sp.Mul(self.expr(c[0]), self.expr(c[2]))

    def div(self, c):
        denominator = c[2]
        if len(self.factors(denominator.powers)) > 1:
            start, end = _span(denominator)
            self.fail(c[1].start_pos, end, "ambiguous slash: is a/b c (a/b) c or a/(b c)? write \\frac or "
                      "parentheses")
        return sp.Mul(self.expr(c[0]), sp.Pow(self.expr(denominator), -1))

    def neg(self, c):
        return -self.expr(c[1])

    def pos(self, c):
        return self.expr(c[1])

    def juxt(self, c):
        return Juxt(list(c))

    def power(self, c):
        p = Power(c[0])
        for kind, value, tok in c[1:]:
            if getattr(p, kind) is not None or (kind == "sub" and p.sup is not None and not isinstance(p.base, Head)):
                self.fail(tok.start_pos, tok.end_pos, "a double or misplaced script")
            setattr(p, kind, value)
        return p

    def sup(self, c):
        return ("sup", c[1], c[0])

    def sub_(self, c):
        return ("sub", c[1], c[0])

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
        return sp.Abs(self.expr(c[1]))

    def floor(self, c):
        return sp.floor(self.expr(c[1]))

    def ceiling(self, c):
        return sp.ceiling(self.expr(c[1]))

    def frac(self, c):
        return sp.Mul(self.expr(c[1]), sp.Pow(self.expr(c[2]), -1))

    def binom(self, c):
        return sp.binomial(self.expr(c[1]), self.expr(c[2]))

    def sqrt(self, c):
        return sp.sqrt(self.expr(c[1]))

    def root(self, c):
        return sp.root(self.expr(c[4]), self.expr(c[2]))

    def cases(self, c):
        return sp.Piecewise(*c[1])

    def rows(self, c):
        return [x for x in c if not isinstance(x, Token)]

    def row(self, c):
        values = [x for x in c if not isinstance(x, Token)]
        return (self.expr(values[0]), values[1])

    def when(self, c):
        values = [x for x in c if not isinstance(x, Token)]
        return self.boolean(values[0])

    def otherwise(self, c):
        return sp.true


def _literal(p) -> bool:
    return isinstance(p.base, Leaf) and isinstance(p.base.value, sp.Number) and p.sup is None


def _span(x) -> tuple[int, int]:
    """Offsets of an intermediate form, for error messages (0, 0 when unknown)."""
    if isinstance(x, (Group, Head, Diff, Leaf)):
        return x.start, x.end
    if isinstance(x, Juxt) and x.powers:
        return _span(x.powers[0].base)[0], _span(x.powers[-1].base)[1]
    if isinstance(x, Power):
        return _span(x.base)
    return 0, 0
