"""Writing an expression as canonical ``srepr`` text, and reading it back without evaluating the text.

:func:`write` is ``srepr`` with every symbol's assumptions written as one fixed function of what they imply
(:func:`assumptions`): SymPy keeps the keywords a symbol was *made* with, and two equal symbols made with
``integer=True, nonnegative=True`` and ``nonnegative=True, integer=True`` (or ``positive=True, real=True``) print
apart; which of them an expression holds depends on SymPy's cache, i.e. on what ran before in the process.  The
text a proof or a certificate key is made from must not.

A proof file comes from a user's repository; ``sympify`` would run it as Python.  :func:`read` parses the text
with :mod:`ast` and builds the expression from a short list of SymPy constructors (numbers, symbols with their
assumptions, sums, products, powers and the table's analytic functions), refusing any other name, call or
literal.  No kink (``Abs``, ``Max``, ``Min``) and no unevaluated operator is on the list: what it reads is
differentiable wherever the table reads it real.
"""
from __future__ import annotations

import ast
import re

import sympy as sp
from sympy.core.assumptions import StdFactKB
from sympy.printing.repr import ReprPrinter

CALLS = {"Add": sp.Add, "Mul": sp.Mul, "Pow": sp.Pow, "Integer": sp.Integer, "Rational": sp.Rational,
         "Symbol": sp.Symbol, "exp": sp.exp, "log": sp.log, "erf": sp.erf, "erfc": sp.erfc, "sinh": sp.sinh,
         "cosh": sp.cosh, "tanh": sp.tanh, "atan": sp.atan, "asinh": sp.asinh}
"""The constructors a recorded expression may use."""
NAMES = {"pi": sp.pi, "E": sp.E}
MAX_POWER = 1000
"""The largest integer exponent read: ``Pow(Integer(7), Integer(30000000))`` would keep SymPy busy for a minute."""
ASSUMPTIONS = {"real", "positive", "negative", "nonnegative", "nonpositive", "integer", "nonzero", "finite",
               "extended_real", "rational", "commutative"}


GENERATORS = ("positive", "negative", "nonnegative", "nonpositive", "zero", "nonzero", "prime", "even", "odd",
              "composite", "integer", "noninteger", "rational", "irrational", "algebraic", "transcendental", "real",
              "extended_positive", "extended_negative", "extended_nonnegative", "extended_nonpositive",
              "extended_nonzero", "extended_real", "imaginary", "complex", "finite", "infinite", "hermitian",
              "antihermitian", "polar", "commutative")
"""The order facts are picked in as a symbol's written assumptions (:func:`assumptions`): the strongest first."""
_DUMMY = re.compile(r"dummy_index=\d+")
_written: dict = {}


def assumptions(symbol) -> dict:
    """The facts a symbol is written with: its closed assumptions' true facts, then its false ones, each in the
    order of :data:`GENERATORS` and each only where the facts picked so far do not imply it; sorted by name.  The
    facts picked imply every fact of the symbol (each one is picked or implied), so equal symbols, and only they,
    are written alike."""
    closed = tuple(sorted(symbol._assumptions0))
    if closed not in _written:
        facts, commutes = dict(closed), dict(closed).get("commutative") is True
        picked = {"commutative": True} if commutes else {}
        for value in (True, False):
            for fact in GENERATORS:
                if facts.get(fact) is value and StdFactKB(picked).get(fact) is not value:
                    picked[fact] = value
        _written[closed] = {k: v for k, v in sorted(picked.items()) if not (commutes and k == "commutative")}
    return _written[closed]


class _Writer(ReprPrinter):
    def _print_Symbol(self, expr):
        facts = [f"{k}={v}" for k, v in assumptions(expr).items()] + \
            (["dummy_index=?"] if expr.is_Dummy else [])
        return f"{type(expr).__name__}({expr.name!r}{''.join(', ' + f for f in facts)})"


def write(expr) -> str:
    """Canonical ``srepr`` text of ``expr``: equal expressions (symbols compared by what their assumptions imply)
    are written alike in every process; a Dummy's index is written ``?``."""
    return _Writer().doprint(expr)


def read(text: str):
    """The expression ``text`` spells in ``srepr``; ValueError naming what is not allowed."""
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError as exc:
        raise ValueError(f"not srepr text: {exc.msg}") from None
    return _build(tree)


def _build(node):
    if isinstance(node, ast.Name) and node.id in NAMES:
        return NAMES[node.id]
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS):
        raise ValueError(f"not an allowed constructor: {ast.unparse(node)[:60]}")
    name = node.func.id
    if name == "Symbol":
        return _symbol(node)
    if name in ("Integer", "Rational"):
        if node.keywords:
            raise ValueError(f"{name} takes integer literals")
        return CALLS[name](*(_int(a) for a in node.args))
    if node.keywords:
        raise ValueError(f"{name} takes no keywords")
    args = [_build(a) for a in node.args]
    if name == "Pow" and len(args) == 2 and args[1].is_Integer and abs(args[1]) > MAX_POWER:
        raise ValueError(f"an integer power above {MAX_POWER} (SymPy would expand it)")
    return CALLS[name](*args)


def _symbol(node):
    named = len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
    flags = {k.arg: k.value.value for k in node.keywords if isinstance(k.value, ast.Constant)}
    if not named or len(flags) != len(node.keywords) or not set(flags) <= ASSUMPTIONS or \
            not all(isinstance(v, bool) for v in flags.values()):
        raise ValueError("Symbol takes a name and true/false assumptions")
    return sp.Symbol(node.args[0].value, **flags)


def _int(a) -> int:
    sign = -1 if isinstance(a, ast.UnaryOp) and isinstance(a.op, ast.USub) else 1
    a = a.operand if sign < 0 else a
    if not (isinstance(a, ast.Constant) and type(a.value) is int and abs(a.value) < 10 ** 100):
        raise ValueError("Integer and Rational take integer literals (below 10^100)")
    return sign * a.value
