"""Products written with ``\\cdot``, ``\\times`` or ``/`` and side by side, judged in their written order.

``W_n \\Sigma_n^{-1} W_n`` and ``W_n \\Sigma_n^{-1} \\cdot W_n``: one name twice in a product with other factors
between is a quadratic form of a vector or a sandwich of matrices, whose order matters, as no product of numbers
is written so (``W_n^2 / \\Sigma_n``); refused whether the factors stand side by side or are joined by ``\\cdot``,
``\\times`` or a slash.  A name beside itself (``x x``, ``x \\cdot x``, ``2 \\cdot x \\cdot x``) is its square.
A mixin of :class:`.build.Builder`, over its ``expr``, ``factors``, ``indexed`` and ``fail``.
"""
from __future__ import annotations

import re

import sympy as sp

from .forms import Group, Head, Juxt, Leaf, Power, Product, _span, named
from .groups import top_level_sum
from .lexer import lex


class Products:
    def mul(self, c):
        self._refuse_open_derivative(_operands(c[0])[-1], c[1])
        return Product(_operands(c[0]) + _operands(c[2]))

    def _refuse_open_derivative(self, last, sign) -> None:
        """``\\frac{d}{dx} x \\cdot e^{x}``: a derivative without brackets whose operand a ``\\cdot`` or ``\\times``
        factor follows.  Its operand stops at the sign as read, while ``\\sum`` and ``\\lim`` carry on past it: the
        derivative of the whole product, or of the factors before the sign?  Refused; brackets say which."""
        powers = last.powers if isinstance(last, Juxt) else []
        for k, p in enumerate(powers[:-1]):
            group = self._argument_group(powers, k + 1) if isinstance(p.base, Head) and p.base.kind == "deriv" else 0
            if group is None or getattr(group, "sup", None) is not None:
                self.fail(p.base.start, sign.end_pos, f"{p.base.text} without brackets, its operand followed by "
                          f"{sign.value}: the derivative of the whole product, or of the factors before the sign? "
                          f"Write {p.base.text}\\left(...\\right) around what it differentiates")

    def div(self, c):
        denominator = c[2]
        if len(self.factors(denominator.powers)) > 1:
            start, end = _span(denominator)
            self.fail(c[1].start_pos, end, "ambiguous slash: is a/b c (a/b) c or a/(b c)? write \\frac or "
                      "parentheses")
        quotient = sp.Pow(self.expr(denominator), -1)
        *before, last = _operands(c[0])
        if _log_of_one(self.source, last):   # \log 1/\delta: log(1/delta) (the log of 1 is 0: no one divides it)
            rest = [Juxt(last.powers[:-2])] if len(last.powers) > 2 else []
            return Product(before + rest + [self.operator_value(last.powers[-2], quotient)])
        return Product(_operands(c[0]) + [quotient])

    def neg(self, c):
        """``-a \\cdot b``: the product negated, its order kept (``-a b a`` and ``-a \\cdot b \\cdot a`` alike)."""
        return Product([sp.Integer(-1), *_operands(c[1])]) if isinstance(c[1], (Juxt, Product)) else -self.expr(c[1])

    def product_value(self, x: Product):
        """The product of ``x``'s operands, once its order is judged (:meth:`refuse_sandwich`)."""
        value = sp.Mul(*[self.expr(o) for o in x.operands])
        self.refuse_sandwich([p for o in x.operands if o is not sp.S.NegativeOne   # a sign is no factor between
                              for p in (o.powers if isinstance(o, Juxt) else [o])])
        return value

    def refuse_constant_after(self, head: Head, operand, var) -> None:
        """``\\prod_{i=1}^n x_i \\cdot 2^{-n}``: a factor after a ``\\cdot`` or ``\\times`` in a product's operand that
        does not hold the index; inside, it is taken n times, after the product once: which the page means, the
        sign does not say (a sum's constant factor is the same either way)."""
        if head.kind != "prod" or not isinstance(operand, Product):
            return
        for o in operand.operands[1:]:
            if o is not sp.S.NegativeOne and var not in self.expr(o).free_symbols:
                start, end = _span(o)
                self.fail(head.start, end or head.end, f"a factor after \\cdot in the operand of {head.text} that "
                          f"does not hold {var}: taken at each {var} (inside the product) or once (after it)? Write "
                          "the product's operand in brackets, or the factor before the product")

    def refuse_bare_group(self, p: Power) -> None:
        """Refuse square brackets or set braces that group nothing around a term in names and numbers: around one
        term (``[2x] \\le 2[x]``, ``\\left[\\frac{n}{2}\\right]``, ``\\{x\\} + 1``), or one factor a power follows
        (``[x]^2``).  Dropped, they guess: the integer part, the fractional part, an Iverson bracket, a class?  Read:
        a sum or a difference in them (``[a + b] c``), a product or a quotient that a power follows (``[2x]^2``), a
        term that holds calls or groups of its own (``\\left[\\frac{g(x + h) - g(x)}{h}\\right]``, set off for the eye),
        a limit's operand (``\\lim{\\left[e^x \\frac{e^h - 1}{h}\\right]}``), a name's superscript, left to the
        refusal of labels (``W^{[l]}``), and a subscript, left to that of subscripts on groups (``[n]_k``,
        ``[F]_a^b``)."""
        group = p.base
        inner = [t for t in lex(self.source) if group.start < t.start and t.end < group.end]
        if top_level_sum(inner) or p.sub is not None or p.sup is not None and len(inner) > 1 \
                or any(t.kind not in _ARITHMETIC for t in inner) or _LIMIT_BEFORE.search(self.source[:group.start]) \
                or _LABEL_BEFORE.search(self.source[:group.start]):
            return
        shown = self.source[group.start:group.end]
        what = "set braces" if group.kind == "set" else "square brackets"
        self.fail(group.start, group.end, f"{what} around one term ({shown}) group nothing: the integer part, the "
                  "fractional part, an Iverson bracket? Write \\lfloor x \\rfloor or parentheses, or declare the "
                  "spelling in the notation")

    def refuse_sandwich(self, powers: list) -> None:
        """Refuse one name twice in ``powers`` (the factors of a product in their written order: powers, or other
        operands) with another factor between (``W_n \\Sigma_n^{-1} W_n``, ``\\Sigma^{-1} S \\Sigma^{-1}``), the
        factors of a group that only groups a product counted in its place (``(W \\Sigma^{-1}) W``, ``(a)(b)(a)``)."""
        seen: dict = {}
        flat = _ungrouped(powers)
        for k, p in enumerate(flat):
            if not named(p) or _argument(flat, k):   # n \log n: the n after \log is the function's, no factor
                continue
            key = (p.base.value, str(self.indexed(p)) if p.sub is not None else "")
            if key in seen and k - seen[key] > 1:
                first = flat[seen[key]].base
                self.fail(first.start, _span(p)[1], f"{p.base.value} twice in one product with factors between: a "
                          "quadratic form or a product of matrices (the order matters), not a product of numbers? "
                          "Write the power for a number's square")
            seen[key] = k


_ARITHMETIC = frozenset("NAME NUMBER FRAC SQRT LBRACE RBRACE SUP SUB PRIME PLUS MINUS MUL DIV GAP".split())
"""The tokens of a term in names and numbers only (no call, no group of its own)."""
_LIMIT_BEFORE = re.compile(r"\\lim(?:_\{[^{}]*\})?\s*\{?\s*$")
"""A ``\\lim`` (with its subscript, perhaps a brace) right before a group: the group is its operand."""
_LABEL_BEFORE = re.compile(r"(?:[A-Za-df-z}]|[A-Za-z\\]e)\s*\^\s*\{\s*$")
"""A name's superscript opening right before a group (``W^{[l]}``, ``X^{\\{t\\}}``): a layer's or an iterate's label,
refused as such (:func:`.superscripts.refuse_label_powers`); not the constant e's (``e^{[x]}``, a power)."""


def _ungrouped(powers: list) -> list:
    """``powers`` with each group that only groups a product (parentheses, brackets or braces around one product,
    no script on them, not a head's argument) replaced by its factors, in their order: ``(W \\Sigma^{-1}) W`` as
    ``W \\Sigma^{-1} W``, ``(x)(x)`` as ``x x``; ``(a + b)(a - b)`` and ``(a b)^2 a`` as they are."""
    out = []
    for k, p in enumerate(powers):
        inner = None if _argument(powers, k) else _grouped_factors(p)
        out.extend([p] if inner is None else _ungrouped(inner))
    return out


def _argument(powers: list, k: int) -> bool:
    """``powers[k]`` is the argument of the operator name before it (``\\log n``, ``\\sin(x)``), not a factor."""
    return k > 0 and isinstance(powers[k - 1], Power) and isinstance(powers[k - 1].base, Head)


def _grouped_factors(p):
    """The factors of the product a bare group ``p`` holds, or None (no such group)."""
    if not (isinstance(p, Power) and isinstance(p.base, Group) and p.base.kind in ("paren", "brack", "brace")
            and len(p.base.items) == 1 and p.sub is None and p.sup is None and p.bang is None):
        return None
    item = p.base.items[0]
    if isinstance(item, Juxt):
        return item.powers
    if isinstance(item, Product):
        return [f for o in item.operands if o is not sp.S.NegativeOne for f in (o.powers if isinstance(o, Juxt) else [o])]
    return None


def _log_of_one(source: str, last) -> bool:
    """``last`` (the product before a slash) ends with ``\\log 1`` or ``\\ln 1``, the literal one as the log's whole
    operand and no operator before it: "log 1/delta" printed, read as the log of the quotient, the only reading that
    is not 0."""
    if not (isinstance(last, Juxt) and len(last.powers) >= 2):
        return False
    head, one = last.powers[-2:]
    return (isinstance(head.base, Head) and head.base.text in (r"\log", r"\ln") and isinstance(one.base, Leaf)
            and source[one.base.start:one.base.end] == "1" and one.sub is None and one.sup is None
            and one.bang is None and not any(isinstance(q.base, Head) for q in last.powers[:-2]))


def _operands(x) -> list:
    """The operands of a product so far (``x`` itself where it is one factor)."""
    return x.operands if isinstance(x, Product) else [x]
