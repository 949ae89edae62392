"""Members of indexed families: ``x_{i}`` under a sum is ``Indexed(x, i)``, read from what the subscript holds.

``a_{ij}`` (letters side by side) is the member (i, j); ``x_{t-1}``, ``\\theta_{2n-1}`` index arithmetic; refused
where a subscript may be a label as well as an index: ``D_{1t}`` (the series D_1 at t?), ``\\omega_{11\\cdot 2}``,
``\\rho_{xy \\cdot z}`` (given), ``x_{(n)}`` (an order statistic), ``x_{i, obs}`` (a word), ``\\sigma_{aX + b}`` (of a
random variable).  A mixin of :class:`.apply.Application`, over the builder's ``expr``, ``fail`` and ``source``.
"""
from __future__ import annotations

import re

import sympy as sp

from .forms import Group, Juxt, Leaf, Power, _span
from .lexer import GREEK, balanced


class Members:
    def indexed(self, p):
        """``x_{i}`` where the subscript is not part of the name (a sum's index): ``Indexed(x, i)``; a group that prints
        around a lone name (``(n)_k``, ``[n]_k``, ``\\{n\\}_k``: a Pochhammer symbol, a falling factorial, a q-number)
        refused, as a subscript on an expression is."""
        label = self.expr(p.base)
        if isinstance(p.base, Group) and isinstance(label, sp.Symbol):
            self.fail(p.base.start, p.base.end, f"a subscript on {self.source[p.base.start:p.base.end]}: the "
                      "Pochhammer symbol or falling factorial (n)_k, an evaluation [F]_a^b, a member of a family? "
                      "Write the product, or declare the spelling in the notation")
        label = _FAMILIES.get(label, label)  # e_t, \pi_k under a sum: residuals, mixture weights, never constants
        if not isinstance(label, sp.Symbol):
            start, end = _span(p.base)
            self.fail(start, end, "a subscript on an expression (a clamp [y]^b_a, an evaluation or a "
                      "restriction?): only names take subscripts; declare the spelling in the notation")
        subs = [x for s in (p.sub if isinstance(p.sub, list) else [p.sub]) for x in self._indices(p, label, s)]
        if len(subs) > 1 and any(isinstance(v, sp.Symbol) and v.name.isalpha() and len(v.name) > 1 and v.name not in
                                 GREEK for v in subs):
            self._refuse(p, f"{label}_{{...}} with a word among its indices: a label (x_{{i, obs}}, observed at i) or "
                         "a second index? Declare the spelling in the notation")
        if any(_labels_a_variable(s) for s in subs):
            start, end = _span(p.base)
            self.fail(start, end, f"{label}_{{...}} of an expression in a random variable (sigma_{{aX+b}}): a "
                      "quantity of a random variable written as a label (its standard deviation), or a member of a "
                      "family at that value? Declare the spelling in the notation")
        return sp.IndexedBase(label)[tuple(subs)]

    def _indices(self, p, label, sub) -> list:
        """The indices one subscript item gives: ``a_{ij}`` under a sum is the member (i, j) of a two-index family
        (never a[i*j]); ``D_{1t}``, ``\\theta_{2n}`` (the member 2n, or (2, n): the second series at n?) refused unless
        the display writes 2n in index arithmetic too; ``\\theta_{2n-1}``, ``x_{t-1}`` are index arithmetic."""
        written = (self._subscript_text(p) or "").strip()
        if written.startswith("(") and written.endswith(")"):
            self._refuse(p, f"{label}_{{{written}}}: an order statistic (the {written[1:-1]}-th smallest) or the "
                         "member? Declare the spelling in the notation")
        leaves = _side_by_side(sub)
        if leaves is None:
            value = self.expr(sub)
            if "\\cdot" in written and not isinstance(value, sp.Number) and not _index_arithmetic(value):
                self._refuse(p, f"{label}_{{...}} with names joined by \\cdot in its subscript: a label (the partial "
                             "correlation of x and y given z, \\rho_{xy \\cdot z}) or the member at their product? "
                             "Declare the spelling in the notation")
            if isinstance(value, sp.Number) and not self._written_number(p):
                self._refuse(p, f"{label}_{{...}} with arithmetic on numbers in its subscript: a label (as "
                             f"\\omega_{{11\\cdot 2}}, 1 given 2) or the member {value}? Declare the spelling in the "
                             "notation")
            return [value]
        values = [self.expr(leaf) for leaf in leaves]
        if all(isinstance(v, sp.Symbol) for v in values):
            return values
        if not self._arithmetic_elsewhere(values):
            listed = ", ".join(str(v) for v in values)
            self._refuse(p, f"{label}_{{{''.join(str(v) for v in values)}}}: the member {'*'.join(map(str, values))} (index "
                         f"arithmetic), or the member ({listed}) of a family with two indices (the series "
                         f"{label}_{values[0]} at {values[-1]})? Write {label}_{{{listed}}} or the product with \\cdot")
        return [sp.Mul(*values)]

    def _refuse(self, p, why: str):
        self.fail(*_span(p.base), why)

    def _arithmetic_elsewhere(self, values) -> bool:
        """The display writes ``2n`` inside index arithmetic too (``\\theta_{2n-1}`` beside ``\\theta_{2n}``): the
        member 2n, as the odd and even terms of a series are written."""
        spelled = r"\s*".join(re.escape(str(v)) for v in values)
        return re.search(r"_\{[^{}]*(?:" + spelled + r"\s*[-+]|[-+]\s*" + spelled + r")[^{}]*\}", self.source) is not None

    def _written_number(self, p) -> bool:
        """The subscript of ``p`` is written as one number (``_3``, ``_{10}``, ``_{-1}``), not as arithmetic on numbers
        (``_{11\\cdot 2}``, which the tree has folded to 22 already); braces around it group nothing (``_{{-1}}``)."""
        text = self._subscript_text(p)
        return text is not None and re.fullmatch(r"(\s*\{)*\s*-?\s*\d+(\.\d+)?(\s*\})*\s*", text) is not None

    def _subscript_text(self, p) -> str | None:
        """The subscript of ``p`` as written, or None (written before a superscript: ``x^2_{-1}``)."""
        rest = self.source[_span(p.base)[1]:].lstrip()
        if rest.startswith("^"):   # x^2_{t-1}: the superscript's argument first
            _, after = balanced(rest, 1) if rest[1:].lstrip().startswith("{") else (None, len(rest) - len(
                rest[1:].lstrip()) + 1)
            rest = rest[after:].lstrip()
        if not rest.startswith("_"):
            return None
        return balanced(rest, 1)[0] if rest[1:].lstrip().startswith("{") else rest[1:].lstrip()[:1]


RANDOM_LETTERS = frozenset("XYZ")
"""Capitals papers name random variables with: ``\\sigma_{aX+b}`` labels a quantity of the variable aX + b."""


def _labels_a_variable(sub) -> bool:
    """A subscript that labels a quantity of a random variable (``\\sigma_{aX+b}``, ``\\mu_{X+Y}``,
    ``\\sigma_{X_1 + X_2}``, ``\\sigma_{X/n}``): an expression in a name of X, Y or Z and no generic index
    standing alone (``b_{Y-j}``, ``x_{X+t}`` are members of a family; ``x_{N-i}`` names no random variable)."""
    names = {str(v) for v in sub.free_symbols}
    return not sub.is_Symbol and any(n[:1] in RANDOM_LETTERS for n in names) and not names & set("ijklt")


_FAMILIES = {sp.E: sp.Symbol("e"), sp.pi: sp.Symbol("pi")}
"""Constants whose letter, indexed under a sum, names a family (``e_t`` residuals, ``\\pi_k`` mixture weights)."""


def _side_by_side(sub):
    """The bare leaves of a subscript written side by side (``ij``, ``1t``), or None."""
    if isinstance(sub, Juxt) and len(sub.powers) > 1 and all(
            isinstance(q, Power) and isinstance(q.base, Leaf) and q.sub is None and q.sup is None and q.bang is None
            for q in sub.powers):
        return [q.base for q in sub.powers]
    return None


def _index_arithmetic(value) -> bool:
    """``2 \\cdot n``: a digit times one name, index arithmetic; ``1 \\cdot j``, ``12 \\cdot k``, ``x y \\cdot z`` are
    labels (1 given j, 12 given k)."""
    if not isinstance(value, sp.Mul) or len(value.args) != 2:
        return False
    number, name = value.args
    return isinstance(name, sp.Symbol) and number.is_Integer and 2 <= number <= 9
