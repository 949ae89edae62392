"""A name before parentheses, a call or a product: :func:`call_or_product` and the rules it states, with the letters
that settle them (laws and their densities, the special functions of two arguments, the Bessel functions) and the
refusals that name the notation entry that would settle an ambiguous one.
"""
from __future__ import annotations

import re

from .groups import holds_own_letter, lone_name, token_kind, token_spelling, token_text, top_level, top_level_sum
from .lexer import GREEK, Tok, fail, not_formula
from .names import COUNT_LETTERS, FUNCTION_GREEK, FUNCTION_LETTERS, base
from .prose import settles


def call_or_product(source: str, name: str, known: bool, inside: list, tok, defined: bool, symbol: str = "",
                    context: tuple = (frozenset(), frozenset()), powered: bool = False, derived: bool = False) -> str:
    """"call" or "product" for the name ``name`` followed by the parenthesised tokens ``inside``; else refused.

    The rules, in order: the parentheses hold the name's own letter (``n(n+1)``, ``d_1(d_2 - 2)``,
    ``\\alpha(\\alpha - 1)``): a product.  The defined side of an equation: a call.  A primed name (``S'(t)``)
    elsewhere: ambiguous (the derivative of ``S``, or a function ``S'`` of its own).  A known symbol
    (the notation's, the derived expression's): a product when the parentheses hold a sum
    (``q(e^\\epsilon - 1)``), otherwise ambiguous.  An unknown name: a call when it is a function
    letter (f, g, h, \\phi ...), a word (``score``), or when the parentheses hold a list or a single
    name (``p(x_j)``, ``d(x, x')``); a product when it is a count letter i..n before a sum (``k(1 - f)``), never
    before a number, a fraction or a product (``k(0)``, ``k(2x)``: a kernel's value, or k times them?);
    otherwise ambiguous (``q(e^\\epsilon - 1)`` with q undeclared, ``M(x + 1)``).  A decorated
    Greek letter (``\\hat\\varepsilon(\\alpha)``) is treated as a known symbol.  ``derived``: the derived expression
    holds the symbol (symdp's F_bound printed F is then that quantity, never a function F).
    """
    symbol = symbol or name
    if holds_own_letter(symbol, inside) or holds_own_letter(name, inside):
        return "product"
    if defined:
        return "call"
    if _LANDAU.fullmatch(re.sub(r"\s", "", name)):   # o(h), \Theta(n^2 + 1): an order of growth, no closed form
        start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
        not_formula(source, start, end + 1, f"{name}(...)", f"{name}(...) is a Landau symbol (an order of growth, "
                    "a set of functions), not a closed form; declare the letter in the notation to read it otherwise")
    if name.endswith("'") and not known:  # S'(t), not F_{Y'}(t) (the prime is the subscript's)
        ambiguous_call(source, name, tok, f"a primed name: the derivative of {base(symbol)} there, or a function of its "
                   "own (a second mechanism M', a neighbour's f')")
    if not known and base(name) == "H" and _capitals(source, inside):
        start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
        not_formula(source, start, end + 1, f"{name}(...)", f"{name}(U) with U a capital (or H(X, Y)): an entropy of "
                    "random variables or a partition, not a closed form; declare H in the notation (functions=) to "
                    "read it as a call")
    arguments, called, *used = context
    if name in arguments and top_level_sum(inside) and base(name) not in FUNCTION_LETTERS:
        return "product"  # G(q; a, b) = q(b - a) + a: q is the defined function's variable (J(f, d): f(x) a call)
    if used and symbol in used[0] and not top_level_sum(inside) and base(name) not in FUNCTION_LETTERS:
        ambiguous_call(source, name, tok, "a number elsewhere in the display (1 - p, or c x beside a bound c > 0)")
    if name in called:  # r_c(q) elsewhere in the display: r_c is a function there, and here
        return "call"
    if "_" in name and not known and any(base(c) == base(name) and "_" in c for c in called):
        return "call"  # S_A(t) = S_B(t / \lambda): a sibling of a function the display applies
    if used and symbol in used[0] and top_level_sum(inside) and base(name) not in FUNCTION_LETTERS:
        return "product"  # p(1 - q) where the display writes (1 - p): p is a number (see quantities.py)
    if len(inside) == 1 and token_kind(inside[0]) in ("NAME", "SYM") and token_spelling(source, inside[0]) in arguments \
            and base(symbol).lstrip("\\") in GREEK - FUNCTION_GREEK:
        return "call"  # M(S) = \theta(S) + \eta: a function of M's argument
    compound = top_level_sum(inside)
    listed = any(token_kind(t) in ("COMMA", "SEMI") for t in top_level(inside))
    single = lone_name(inside)
    if single and not known and base(name) in LAW_LETTERS and _capital(token_spelling(source, inside[0])):
        start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
        not_formula(source, start, end + 1, f"{name}(...)", f"{name}(S) with S a capital: a law's measure of a set "
                    f"or an event, or a density at a random variable; declare {name} in the notation (functions=) "
                    "to read it as a call")
    letter = base(symbol).lstrip("\\")
    if listed and letter in GREEK:
        return _greek_tuple(source, name, letter, tok)
    if not known and letter in BESSEL and "_" in symbol and not _SCRIPT_FONT.search(name):  # \mathcal{J}_x: no J_nu
        order = symbol.split("_", 1)[1]
        _special(source, name, tok, f"the Bessel function {BESSEL[letter][0]}",
                 f"lambda z: sympy.{BESSEL[letter][1]}({order}, z)")
    if not known and (letter in FUNCTION_GREEK or base(name).lstrip("\\") in FUNCTION_GREEK):
        ambiguous_call(source, name, tok, "a Greek letter papers use for a function of their own (which one?)")
    if known and listed:
        return "call"  # c F(t; \theta): no product has a list for a factor (as _greek_tuple)
    if known and not derived and base(name) in FUNCTION_LETTERS and symbol != re.sub(r"[{}\s]", "", name):  # F_bound
        if compound:   # F(x + \Delta): a shifted CDF, or the bound times a sum?
            ambiguous_call(source, name, tok, "a function letter the notation reads as symdp's quantity "
                           f"{symbol}, before a sum")
        return "call"  # F(b) - F(a): the letter F of a function, not symdp's quantity F_bound times b
    if known or letter in GREEK and "\\" + letter not in FUNCTION_LETTERS:
        if compound:
            return "product"
        ambiguous_call(source, name, tok, "a symbol the notation (or the derived expression) knows" if known else
                   "a Greek letter papers use for quantities")
    grouped = single and powered and _decorated(inside)   # n(\bar{x})^2: parentheses that group a name for a power
    if base(name) in FUNCTION_LETTERS or (len(base(name).split("^")[0]) > 2 and "\\" not in name) or listed or (
            single and not grouped):
        return "call"
    if letter in COUNT_LETTERS and not listed and (compound or grouped):
        return "product"   # k(1 - f); n(\bar{x})^2: the parentheses group the name for its power (never k(0), k(2x))
    ambiguous_call(source, name, tok, "an unknown name (parentheses around a decorated name before a power may only "
               "group it for the power)" if single else "an unknown name")


def _decorated(inside: list) -> bool:
    """A decorated name (``\\bar{x}``, ``\\hat\\sigma``), which papers put in parentheses before a power."""
    return token_kind(inside[0]) in ("NAME", "SYM") and any(token_text(inside[0]).endswith(f"_{mod}") or f"_{mod}_" in
                                                         token_text(inside[0]) for mod in ("bar", "hat", "tilde"))


_LANDAU = re.compile(r"(?:O|o|\\mathcal\{O\}|\\Theta|\\Omega|\\omega|\\(?:tilde|widetilde)\{?(?:O|\\Theta|\\Omega)\}?)")
"""The Landau symbols: ``O(n)``, ``o(h)``, ``\\mathcal{O}``, ``\\Theta``, ``\\Omega``, ``\\omega``, ``\\tilde{O}``."""

LAW_LETTERS = frozenset("p q".split())
"""Letters papers use for laws and their densities: ``p(S)``, ``q(A)`` (a set or an event, a capital) is a measure."""


def _capitals(source: str, inside: list) -> bool:
    """The parentheses hold one capital letter or a list of them (``X``, ``X, Y``, ``X; Y``), each alone."""
    parts, current = [], []
    for t in inside:
        if token_kind(t) in ("COMMA", "SEMI"):
            parts.append(current)
            current = []
        else:
            current.append(t)
    parts.append(current)
    return all(lone_name(p) and _capital(token_spelling(source, p[0])) for p in parts)


def _capital(text: str) -> bool:
    """One capital Latin letter, with primes or a subscript at most (``S``, ``S'``, ``A_1``, ``E^c`` excluded)."""
    return re.fullmatch(r"[A-Z]'*(?:_\{?\w+\}?)?", text.strip()) is not None


SPECIAL_GREEK = {"gamma": ("the lower incomplete gamma function gamma(s, x)", "sympy.lowergamma"),
                 "Gamma": ("the upper incomplete gamma function Gamma(s, x)", "sympy.uppergamma"),
                 "zeta": ("Hurwitz's zeta function zeta(s, a)", "sympy.zeta"),
                 "psi": ("the polygamma function psi(n, x)", "sympy.polygamma"),
                 "beta": ("the beta function B(a, b)", "sympy.beta")}
"""Greek letters that name a special function of two arguments in the standard notation (DLMF 8.2.1, 25.11.1,
5.15, 5.12): before a list of arguments, that function or one of the paper's own, which only the notation says."""
_SCRIPT_FONT = re.compile(r"\\math(?:cal|scr|frak|bb)\b")
"""Fonts no special function is written in: ``\\mathcal{J}_x(\\theta)`` (the observed information) is no Bessel J."""
BESSEL = {"I": ("I_nu", "besseli"), "J": ("J_nu", "besselj"), "K": ("K_nu", "besselk"), "Y": ("Y_nu", "bessely")}
"""Capital letters with a subscript before parentheses that name a Bessel function in the standard notation
(``I_0(\\kappa)`` in the von Mises density): that function or one of the paper's own."""


def _greek_tuple(source, name, letter, tok) -> str:
    """A Greek letter before a list of arguments (``\\theta(S, S')``, ``\\gamma(1, x)``): no product has a list for a
    factor, so a call; refused when the letter also names a standard special function of two arguments."""
    if letter in SPECIAL_GREEK:
        what, entry = SPECIAL_GREEK[letter]
        _special(source, name, tok, what, entry)
    if letter in FUNCTION_GREEK:  # \phi(x, \mu, \tau): the normal density with parameters, or the paper's own?
        ambiguous_call(source, name, tok, "a Greek letter papers use for a function of their own (which one?)")
    return "call"


def _special(source, name, tok, what, entry):
    start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
    fail(source, start, end + 1, f"ambiguous: {name}(...) is {what} in the standard notation, or a function of the "
         f"paper's own? Declare it in the notation: functions={{r'{name}': {entry}}} for the standard function, or "
         f"functions={{r'{name}': sympy.Function('...')}} for the paper's own" + settles(name, entry))


def ambiguous_call(source, name, tok, what):
    start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
    fail(source, start, end + 1, f"ambiguous: {name}(...) with {name} {what}: the function {name} applied to "
         f"the parentheses, or {name} times them? Declare it in the notation: functions={{r'{name}': ...}} for a "
         f"call, symbols={{r'{name}(...)': ...}} for the quantity, or write {name} \\cdot (...) for a product")
