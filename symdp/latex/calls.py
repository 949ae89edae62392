"""The calls of a display: every name before ``(`` decided (:func:`calls`, by :func:`.callrules.call_or_product`),
with the refusals around them: a constant before parentheses (``e(y)``, ``\\pi(\\theta)``), a function letter as an
argument (``LS(f, x)``), the normal distribution's ``N(0, 1)``, and a name's power or inverse before parentheses
(``g^{-1}(y)``, ``\\chi^2(f)``).
"""
from __future__ import annotations

import re

import sympy as sp

from ..errors import SymdpError
from .callrules import ambiguous_call, call_or_product
from .groups import (closing_index, holds_own_letter, names_or_list, token_kind, token_spelling, top_level,
                     top_level_sum)
from .lexer import Tok, fail, not_formula
from .names import DISTRIBUTION_NAMES, FUNCTION_GREEK, FUNCTION_LETTERS, base
from .quantities import numbers as factors, quantities


def calls(source: str, tokens: list, arguments=frozenset(), heads=frozenset(), numbers=frozenset(),
          elsewhere=frozenset(), derived=frozenset()) -> list:
    """Grammar tokens with each name before ``(`` decided: a HEAD (a call), or left a product, or refused
    (see :func:`call_or_product`); ``g^{-1}(y)`` and ``f^{(k)}(x)`` refused unless declared.  ``arguments``: the
    names the display's defined side takes as arguments (``G(q; a, b) = ...``).  A name read as a call at one
    place of the display (``r_c(q)``) is a call at every other (``2\\pi - r_c(1 - q)``), and so is the function the
    defined side names (``heads``: ``y_t`` of ``y_t(h) = \\nu + A_1 y_t(h - 1)``).  ``numbers``: names the row's side
    conditions bound by a number (``0 < c < 1``, :func:`.quantities.bounded`), numbers when the formula also writes
    them as factors (:func:`.quantities.numbers`).  ``elsewhere``: names the display's other members use as arithmetic
    operands (``(x + y)`` after ``x(1 + a) + y(1 - a) =``, :func:`.quantities.raw_quantities`), numbers here too.
    ``derived``: the symbol names the derived expression holds (its F_bound is the quantity F, never a function)."""
    called = frozenset(_called(source, tokens, arguments, frozenset(derived))) | frozenset(heads)
    return _calls(source, tokens, (frozenset(arguments), called,
                                   quantities(tokens) | factors(tokens, numbers) | frozenset(elsewhere)),
                  frozenset(derived))


def _called(source: str, tokens: list, arguments, derived=frozenset()) -> set:
    """The names some ``(`` after them makes a call by the rules alone (not by this display's other calls)."""
    out = set()
    for k, t in enumerate(tokens[:-1]):
        if t.type in ("NAME", "SYM") and isinstance(t.value, sp.Symbol) and tokens[k + 1].type == "LPAREN" \
                and not (k and tokens[k - 1].type in ("SUP", "SUB")) and t.value.name not in DISTRIBUTION_NAMES:
            close = closing_index(tokens, k + 1)
            inside, powered = tokens[k + 2:close], close + 1 < len(tokens) and tokens[close + 1].type == "SUP"
            name = source[t.start_pos:t.end_pos]
            try:
                if call_or_product(source, name, t.type == "SYM", inside, t, False, t.value.name,
                                   (frozenset(arguments), frozenset()), powered, t.value.name in derived) == "call":
                    out.add(name)
            except SymdpError:
                continue
    return out


def _calls(source: str, tokens: list, context: tuple, derived=frozenset()) -> list:
    out = []
    for k, t in enumerate(tokens):
        one = _complement(tokens, k) if t.type == "SYM" and t.value is sp.pi else None
        if one is not None:
            fail(source, one.start_pos, t.end_pos, "1 - \\pi: the complement of a probability or a "
                 "proportion the paper names pi, or 1 minus the number pi? Declare \\pi in the notation (symbols="
                 "{r'\\pi': sympy.Symbol('pi')}), or a sentence around the display does ('$\\pi$ is the "
                 "probability ...')")
        if t.type == "SYM" and t.value in CONSTANTS and k + 1 < len(tokens) and tokens[k + 1].type == "LPAREN" \
                and not (k and tokens[k - 1].type in ("SUP", "SUB")):
            _constant_call(source, tokens[k + 2:closing_index(tokens, k + 1)], t)
        if t.type in ("NAME", "SYM") and isinstance(t.value, sp.Symbol) and not (k and tokens[k - 1].type in
                                                                                 ("SUP", "SUB")):
            nxt = tokens[k + 1] if k + 1 < len(tokens) else None
            if nxt is not None and nxt.type == "SUP":
                _script_call(source, tokens, k, derived)
            if nxt is not None and nxt.type == "LPAREN":
                name = source[t.start_pos:t.end_pos]
                if t.value.name in DISTRIBUTION_NAMES:
                    not_formula(source, t.start_pos, nxt.end_pos, name, f"{name}(...), a distribution: a random "
                                "variable, not a closed form")
                close = closing_index(tokens, k + 1)
                inside, powered = tokens[k + 2:close], close + 1 < len(tokens) and tokens[close + 1].type == "SUP"
                _normal_letter(source, name, inside, t, tokens[:k])
                if call_or_product(source, name, t.type == "SYM", inside, t, False, t.value.name, context,
                                   powered, t.value.name in derived) == "call":
                    _refuse_functional(source, name, inside, t, context[0])
                    fn = sp.Function(_function_name(name, t.value))
                    out.append(type(t)("HEAD", ("call", fn, name), start_pos=t.start_pos, end_pos=t.end_pos))
                    continue
        out.append(t)
    return out


def _complement(tokens: list, k: int):
    """The token ``1`` of ``1 - \\pi`` when the constant at ``k`` is written so (at the start, after an operator, a
    relation or an opening bracket; not divided or raised: ``1 - \\pi/4``; bracketed alike: ``1-{\\pi}``,
    ``1-\\left(\\pi\\right)``), which papers write for the complement of a probability pi, not of the number;
    None otherwise."""
    wrapped = 0   # 1-{\pi}, 1-\left(\pi\right): the same complement, bracketed
    while k - wrapped > 0 and k + wrapped + 1 < len(tokens) and tokens[k - wrapped - 1].type in ("LPAREN", "LBRACE") \
            and tokens[k + wrapped + 1].type in ("RPAREN", "RBRACE"):
        wrapped += 1
    k, after = k - wrapped, k + wrapped + 1
    if k < 2 or tokens[k - 1].type != "MINUS" or tokens[k - 2].type != "NUMBER" or tokens[k - 2].value != 1:
        return None
    if after < len(tokens) and tokens[after].type in ("DIV", "SUP", "MUL"):
        return None   # 1 - \pi/4, 1 - \pi^2/6, 1 - (\pi)^2: the number
    opened = k == 2 or tokens[k - 3].type in ("LPAREN", "LBRACK", "LBRACE", "PLUS", "MINUS", "MUL", "REL", "COMMA",
                                              "ABSL", "BAR")
    return tokens[k - 2] if opened else None


CONSTANTS = {sp.E: "Euler's number", sp.pi: "the number pi"}
"""Constants a letter of the notation names: before parentheses, a product only when they hold a sum."""


def _constant_call(source: str, inside: list, tok) -> None:
    r"""``e(1 - \delta)``: Euler's number times a sum.  ``e(y)``, ``\pi(\theta)``: a function the paper names e (a
    sub-density) or pi (a prior, a policy), or the constant times one name?  Refused unless the notation declares it."""
    if not top_level_sum(inside):
        name = token_spelling(source, tok)
        ambiguous_call(source, name, tok, CONSTANTS[tok.value] + " in the notation")


FUNCTIONALS = frozenset("f g F G".split())
"""Letters that, standing alone as an argument of a call, name a function (``LS(f, x)``, ``R(\\pi, g_\\pi)``, ``T(F, G)``);
not ``h`` or ``\\ell``, which papers also use for numbers (a bandwidth ``\\mathrm{MSE}_j(h)``, an index)."""


def _refuse_functional(source: str, name: str, inside: list, tok, defining) -> None:
    """``g(f, D)``, ``LS(f, x)``, ``R(\\pi, g_\\pi)``: a call with a letter papers use for functions (:data:`FUNCTIONALS`,
    with a subscript or not) standing alone as an argument is a functional of that function (a sensitivity, a bound on it), which a symbol cannot stand for:
    refused, naming the argument (declare it a symbol in the notation to read it as a number).  Not when the defined
    side takes that letter too (``J(f, d) = ... + \\Lambda N(f)``: the display defines a function of f)."""
    top, arguments, current = top_level(inside), [], []
    for t in top + [None]:
        if t is None or token_kind(t) in ("COMMA", "SEMI"):
            arguments.append(current)
            current = []
        else:
            current.append(t)
    for argument in arguments:
        letter = _lone_name(source, argument) or _mixture(source, argument)
        if letter and token_kind(argument[0]) in ("NAME", "SYM", "BIG") and letter not in defining \
                and base(letter.replace(" ", "")).split("^")[0] in FUNCTIONALS:   # f, an estimator g_\pi, g^*
            start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
            fail(source, start, end + 1, f"{name}(...) takes {letter}, a letter papers use for a function: a "
                 f"functional of {letter} (a sensitivity LS(f, x), a bound on it), not a number; declare {letter} a "
                 f"symbol in the notation (symbols={{r'{letter}': ...}}) to read it as one")


def _lone_name(source: str, argument: list) -> str:
    """The argument's spelling when it is one name, or one name and its subscript (``f_i`` where a sum binds i,
    ``f_{i}``), else ""."""
    if len(argument) == 1:
        return token_spelling(source, argument[0]).strip()
    kinds = [token_kind(t) for t in argument]
    if len(argument) >= 3 and kinds[0] == "NAME" and kinds[1] == "SUB" and (
            len(argument) == 3 and kinds[2] in ("NAME", "NUMBER") or kinds[2] == "LBRACE" and kinds[-1] == "RBRACE"
            and "LBRACE" not in kinds[3:-1]):
        return token_spelling(source, argument[0]).strip()
    return ""


def _mixture(source: str, argument: list) -> str:
    """The letter of a sum over members of a family of functions, ``\\sum_i \\alpha_i f_i`` (a mixture of laws),
    standing as the whole argument, else ""."""
    if not argument or token_kind(argument[0]) != "BIG" or token_spelling(source, argument[0]).strip() != "\\sum":
        return ""
    for k, t in enumerate(argument[:-1]):
        if token_kind(t) == "NAME" and token_kind(argument[k + 1]) == "SUB" \
                and token_spelling(source, t).strip() in FUNCTIONALS and (k + 2 >= len(argument) or
                                                                       token_kind(argument[k + 2]) != "LPAREN"):
            return token_spelling(source, t).strip()
    return ""


def _normal_letter(source: str, name: str, inside: list, tok, before: list) -> None:
    """``ZSN(\\sigma) = N(0, \\sigma^2 I)``: N applied to a list, standing in the formula, is the normal distribution
    N(mu, sigma^2) (a random variable) or a function N of the paper's: refused.  Inside another call's parentheses
    (``T(N(0, 1), N(\\mu, 1))``) the call is judged as a whole (a functional of distributions)."""
    depth = 0
    for t in before:
        depth += (t.type == "LPAREN") - (t.type == "RPAREN")
    if name == "N" and depth == 0 and any(token_kind(t) == "COMMA" for t in top_level(inside)):
        ambiguous_call(source, name, tok, "the letter of the normal distribution N(mu, sigma^2) (a random variable, no "
                   "closed form)")


def _function_name(spelled: str, symbol: sp.Symbol) -> str:
    """A call's function name: the spelling when it is a plain letter or name (``F(t)`` is F, not the notation's
    ``F_bound``, the quantity symdp writes F for); else the symbol's (``\\varepsilon(\\alpha)`` is epsilon)."""
    return spelled if re.fullmatch(r"[A-Za-z]+(_[A-Za-z0-9]+)?", spelled) else symbol.name


def _script_call(source: str, tokens: list, k: int, derived=frozenset()) -> None:
    """Refuse ``g^{-1}(y)``, ``f^{(k)}(x)``, ``M^{(1)}``: an inverse, a derivative or a label, not a power; and
    ``f^2(x)`` with f an undeclared function letter (the square of f(x), or f squared times x?); so is symdp's
    F_bound, printed F, unless the derived expression holds it (``F^{-1}(1 - \\alpha)``: a quantile).  A known
    symbol's power before parentheses (``F^{2}(1 - F)`` of a derived F_bound) is a product, and so is a known symbol's inverse power before
    a sum or a maximum (``\\epsilon^{-1}(1 \\vee x)``, as :func:`call_or_product` reads ``q(e^\\epsilon - 1)``)."""
    t = tokens[k]
    j = k + 2
    if j < len(tokens) and tokens[j].type == "LBRACE":
        end = closing_index(tokens, j)
        inside = [u.type for u in tokens[j + 1:end]]
        at = end + 1
    else:
        inside, at = [tokens[j].type] if j < len(tokens) else [], j + 1
    after = tokens[at] if at < len(tokens) else None   # found by place: tokens equal by their text
    spelled = source[t.start_pos:tokens[min(len(tokens) - 1, j + len(inside) + 1)].end_pos]
    if inside[:1] == ["LPAREN"] and inside[-1:] == ["RPAREN"] and len(inside) == 3:
        fail(source, t.start_pos, t.end_pos + 1, f"{spelled}: a superscript in parentheses (a derivative, an "
             "iterate or a label), not a power; declare the spelling in the notation")
    letter = source[t.start_pos:t.end_pos].strip()
    function = base(t.value.name if t.type == "NAME" else letter) in {b.lstrip("\\") for b in FUNCTION_LETTERS} and (
        t.type == "NAME" or t.value.name != letter and t.value.name not in derived)  # F^{-1}(1 - \alpha): a CDF here,
    # unless the derived expression holds symdp's F_bound (printed F)
    if after is not None and after.type == "LPAREN" and not function and t.type == "SYM":
        held = tokens[at + 1:closing_index(tokens, at)]
        if top_level_sum(held) or any(u.type in ("OR", "AND") for u in top_level(held)):
            return   # \epsilon^{-1} (1 \vee x): a known symbol's power times a sum or a maximum, as q(e^\epsilon - 1)
    if after is not None and after.type == "LPAREN" and (inside == ["MINUS", "NUMBER"] or function):
        fail(source, t.start_pos, after.end_pos, f"ambiguous: {spelled}(...) is an inverse or a power of a function "
             f"applied to the parentheses, or a power times them; declare {spelled!r} in the notation "
             "(functions= for the function)")
    if after is not None and after.type == "LPAREN":
        _powered_call(source, tokens, t, at)


UPRIGHT_WORD = re.compile(r"\\(?:mathrm|operatorname|text|textrm)\{[A-Za-z]{2,}\}")


def _upright_word(spelled: str) -> bool:
    """An upright word of two letters or more (``\\mathrm{sech}``): a function's name as often as a quantity's, so
    its power before parentheses (``\\mathrm{sech}^2 (x/2)``) is the power of a value or a power times them."""
    return bool(UPRIGHT_WORD.fullmatch(spelled))


def _powered_call(source: str, tokens: list, t, opened: int) -> None:
    """Refuse ``\\chi^2(f)``, ``\\sigma^2(f)``, ``\\varepsilon^2(\\alpha)``, ``\\phi^2(x - \\mu)``: a power of a
    name before parentheses that hold one name or a list (no product needs those parentheses), or of a Greek
    letter papers use for functions: the square of a function's value, or a power times the parentheses?
    ``p^2(1-p)``, ``\\sigma^2(1 - \\rho)`` stay products."""
    after = tokens[opened]
    held = tokens[opened + 1:closing_index(tokens, opened)]
    name = getattr(t.value, "name", "")
    if holds_own_letter(name, held) and not names_or_list(held):
        return   # \phi_1^2(1 - \phi_2): the parentheses hold the name's own letter, a product (as n(n+1))
    if names_or_list(held) or base(name) in FUNCTION_GREEK or _upright_word(source[t.start_pos:t.end_pos]):
        power, letter = source[t.start_pos:after.start_pos].strip(), source[t.start_pos:t.end_pos]
        fail(source, t.start_pos, after.end_pos, f"ambiguous: {power}(...) is a power of a function's value "
             f"({letter}(...) to that power) or a power of {letter} times the parentheses? Declare {letter} in the "
             "notation (functions= for the function), or write \\cdot for the product")
