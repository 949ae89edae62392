"""The intermediate forms of a parse tree on its way to SymPy (groups, heads, powers, chains)."""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp


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
    bang: object = None


@dataclass
class Juxt:
    """Factors written side by side (an implicit product, or a function and its argument)."""

    powers: list


@dataclass
class Product:
    """Operands joined by ``\\cdot``, ``\\times`` or ``/``, in their order (a Juxt, another form, or a value already
    built: a quotient's divisor, a negated factor), kept until valued so that the order can be judged."""

    operands: list


@dataclass
class Chain:
    """``a < b <= c`` (members and relations), ``x in [a, b)`` (``interval`` set), ``x in Z`` (``domain``)."""

    members: list
    ops: list
    interval: tuple | None = None
    domain: object = None
    negated: bool = False


def _literal(p) -> bool:
    return isinstance(p.base, Leaf) and isinstance(p.base.value, sp.Number) and p.sup is None


def named(p) -> bool:
    """A power whose base is a name (``x``, ``W_n``, ``\\Sigma^{-1}``), not a number, a group or a head."""
    return isinstance(p, Power) and isinstance(p.base, Leaf) and isinstance(p.base.value, sp.Symbol) \
        and p.bang is None


def _span(x) -> tuple[int, int]:
    """Offsets of an intermediate form, for error messages (0, 0 when unknown)."""
    if isinstance(x, (Group, Head, Diff, Leaf)):
        return x.start, x.end
    if isinstance(x, Juxt) and x.powers:
        return _span(x.powers[0].base)[0], _span(x.powers[-1].base)[1]
    if isinstance(x, Power):
        return _span(x.base)
    if isinstance(x, Product):
        spans = [_span(o) for o in x.operands if _span(o) != (0, 0)]
        return (spans[0][0], spans[-1][1]) if spans else (0, 0)
    return 0, 0
