"""Names as papers write them: decorated letters, number sets, and the names that never multiply.

``\\hat\\theta``, ``\\bar{x}``, ``\\mathcal{M}`` are one name each (``theta_hat``, ``x_bar``, ``M_cal``);
``\\mathbb{R}``, ``\\mathbb{Z}`` are sets (for conditions and the range of a sum); ``\\mathbb{N}`` only with the
script that says where it starts (``\\mathbb{N}_0``, ``\\mathbb{N}^+``: :mod:`.naturals`).
``E[X]``, ``\\mathbb{E}[X]``, ``\\Pr[A]``, ``P(A)``, ``\\mathrm{Var}(X)`` are an expectation, a
probability or a variance, never a product: a row that uses one undeclared states no closed form
(:class:`.lexer.NotAFormula`).  What a name before ``(`` is, a call or a product, is decided in
:func:`call_or_product` by rules stated there, or refused.
"""
from __future__ import annotations

import re

import sympy as sp

from ..errors import SymdpError
from .lexer import GREEK, NAME_COMMANDS, Tok, after_argument, fail, not_formula
from .prose import settles
from .quantities import quantities
from .words import TEXT_FUNCTIONS

DECORATIONS = {"hat": "hat", "widehat": "hat", "bar": "bar", "overline": "bar", "tilde": "tilde",
               "widetilde": "tilde", "check": "check", "breve": "breve", "dot": "dot", "ddot": "ddot",
               "vec": "vec", "mathbf": "bf", "boldsymbol": "bf", "bm": "bf", "mathcal": "cal", "mathbb": "bb",
               "mathscr": "scr", "mathfrak": "frak", "underline": "under"}
"""Commands that decorate a letter into a new name (the suffix the name takes)."""
SETS = {"R": sp.Reals, "Z": sp.Integers, "N": sp.Naturals0, "Q": sp.Rationals, "C": sp.Complexes}
"""``\\mathbb{R}`` and the like: sets a condition or the range of a sum names."""
RANDOM = {"E": "an expectation", "P": "a probability", "Pr": "a probability", "Var": "a variance",
          "Cov": "a covariance", "E_bb": "an expectation", "P_bb": "a probability", "V_bb": "a variance",
          "Prob": "a probability", "Exp": "an expectation", "I_bb": "an indicator", "1_bb": "an indicator",
          "E_bf": "an expectation", "P_bf": "a probability", "E_cal": "an expectation"}
"""Names that take a random variable or an event in brackets: never a factor."""
FUNCTION_LETTERS = frozenset("f g h F G H".split()) | frozenset((r"\ell",))
"""Letters papers use for functions: a call when an argument in parentheses follows."""
FUNCTION_GREEK = frozenset("phi psi Phi Psi chi zeta".split())
"""Greek letters papers use for functions of their own (\\phi a density, \\psi_0 the polygamma, \\zeta Riemann's):
which function is meant (or a product?) only the notation says, so ``\\phi(u)`` and ``\\phi(x - \\mu)`` are refused
unless declared (the notation's ``\\Phi`` is one; a symbol the notation or the derived expression knows is a
quantity, read by the rules for known symbols), or the defined left side."""
COUNT_LETTERS = frozenset("i j k l m n".split())
"""Letters papers use for counts and indices, never for functions: ``k(1 - f)``, ``n(n+1)`` are products."""
DISTRIBUTION_NAMES = frozenset("N_cal Lap Laplace Bern Geom Unif Binom Gumbel Poisson".split())
"""Names of distributions: ``\\mathcal{N}(0, \\sigma^2)`` is a random variable, not a call or a product."""


def decorate(tokens: list[Tok]) -> list[Tok]:
    """Tokens with ``\\hat\\theta``, ``\\hat{\\theta}``, ``\\mathcal{M}`` as one NAME and ``\\mathbb{R}`` as a SETNAME."""
    out, i = [], 0
    while i < len(tokens):
        t = tokens[i]
        if t.kind == "CMD" and t.text.lstrip("\\") in DECORATIONS:
            letter, after, primes = _letter(tokens, i + 1)
            if letter is not None:
                mod = DECORATIONS[t.text.lstrip("\\")]
                end = tokens[after - 1].end
                if mod == "bb" and letter.text in SETS and not primes:
                    out.append(Tok("SETNAME", letter.text, t.start, end, t.spaced))
                else:   # \bar{x'}: the decorated letter primed, as \bar{x}' (the mean of the neighbour x')
                    out.append(Tok("NAME", f"{letter.text}_{mod}", t.start, end, t.spaced))
                    out += [Tok("PRIME", "'", end, end) for _ in primes]
                i = after
                continue
            scripted = _subscripted_letter(tokens, i + 1)
            if scripted and DECORATIONS[t.text.lstrip("\\")] != "bb":
                # \hat{\gamma_k}: the decorated letter's member, as \hat{\gamma}_k (the estimate of gamma_k)
                letter = tokens[i + 2]
                out.append(Tok("NAME", f"{letter.text}_{DECORATIONS[t.text.lstrip(chr(92))]}", t.start, letter.end,
                               t.spaced))
                out += tokens[i + 3:scripted - 1]
                i = scripted
                continue
        out.append(t)
        i += 1
    return out


def _subscripted_letter(tokens: list[Tok], i: int) -> int:
    """The index after ``{x_k}`` or ``{\\gamma_{t-1}}`` at ``i`` (a letter and its subscript in braces), or 0."""
    if not (i + 3 < len(tokens) and tokens[i].kind == "LBRACE" and _is_letter(tokens[i + 1])
            and tokens[i + 2].kind == "SUB"):
        return 0
    end = after_argument(tokens, i + 3)
    return end + 1 if end < len(tokens) and tokens[end].kind == "RBRACE" else 0


def _letter(tokens: list[Tok], i: int):
    """The letter a decoration applies to (``\\hat\\theta``, ``\\hat{x}``, ``\\mathbb{1}``, ``\\bar{x'}``), the index
    after it and the primes inside its group."""
    if i < len(tokens) and _is_letter(tokens[i]):
        return tokens[i], i + 1, []
    j = i + 2
    while j < len(tokens) and tokens[j].kind == "PRIME":
        j += 1
    if j < len(tokens) and tokens[i].kind == "LBRACE" and tokens[j].kind == "RBRACE" \
            and (_is_letter(tokens[i + 1]) or (j == i + 2 and tokens[i + 1].kind == "NUMBER"
                                               and tokens[i + 1].text == "1")):
        return tokens[i + 1], j + 1, tokens[i + 2:j]
    return None, i, []


def _is_letter(tok: Tok) -> bool:
    return tok.kind == "NAME" and (len(tok.text) == 1 or tok.text.lstrip("\\") in GREEK)


def base(text: str) -> str:
    """The letter a name is written with: ``d_1`` -> ``d``, ``\\epsilon'`` -> ``\\epsilon``, ``x_bar`` -> ``x``."""
    return text.split("_")[0].rstrip("'")


def random_name(tok: Tok) -> str:
    """What a name is if it takes a random variable or an event (``E``, ``\\Pr``, ``\\mathbb{E}_A``), else ""."""
    text = tok.text.lstrip("\\") if tok.kind in ("NAME", "CMD") else tok.text.strip() if tok.kind == "WORD" else ""
    parts = text.split("_")
    for n in range(len(parts), 0, -1):  # \mathbb{E}_A folds to E_bb_A: its head is E_bb
        if "_".join(parts[:n]) in RANDOM:
            return RANDOM["_".join(parts[:n])]
    return ""


def refuse_random(source: str, tokens: list, i: int) -> None:
    """NotAFormula when the name at ``i`` is an expectation/probability applied to brackets (after its scripts)."""
    what = random_name(tokens[i])
    if not what:
        return
    k = after_scripts(tokens, i + 1)
    t = tokens[i]
    spelled = source[t.start:t.end]
    if k < len(tokens) and isinstance(tokens[k], Tok) and tokens[k].kind in ("LBRACK", "LPAREN", "LSET"):
        not_formula(source, t.start, tokens[k].end, f"{spelled}[...]",
                    f"{what}, not a product; declare the spelling in the notation (symbols={{r'{spelled}[X]': "
                    "...}) to read it as a quantity")
    if k < len(tokens) and t.text.lstrip("\\").split("_")[-1] in OPERATOR_FONTS and _operand(tokens[k]):
        not_formula(source, t.start, tokens[k].end, f"{spelled} X",
                    f"{what} of what follows (\\mathbb E L_i, without brackets), not a product; declare the spelling "
                    f"in the notation (symbols={{r'{spelled} X': ...}}) to read it as a quantity")


OPERATOR_FONTS = frozenset("bb bf cal".split())
"""The fonts that make E or P an operator (``\\mathbb E``, ``\\mathbf P``): before an operand, an expectation or a
probability of it even without brackets.  A plain ``E`` or ``P`` before a name is left to the other rules."""


def _operand(tok) -> bool:
    return isinstance(tok, Tok) and tok.kind in ("NAME", "CMD", "NUMBER")


def refuse_functionals(source: str, items: list, parameters=frozenset()) -> None:
    """Refuse a name written against a bracket, ``h[X]``, ``H[X \\mid Y]``, ``\\mathrm{KL}[P \\| Q]``, ``I[X; Y]``: a
    functional of what the brackets hold (an entropy, a divergence, an information), like ``E[X]``, never the
    name times them.  A spelling the notation declares (``h[X]``) was matched before and is one symbol; a
    bracket after a number (``1[y \\ne 0]``, an indicator), an operator, a relation or a script is not here; nor a
    name the display's defined side takes as a parameter (``parameters``: the A of ``f(x; A, \\mu) = A \\big[...\\big]``,
    a number by the definition's own signature)."""
    for k, (t, nxt) in enumerate(zip(items, items[1:])):
        if not (isinstance(nxt, Tok) and nxt.kind == "LBRACK") or _scripted(items, k) or not _named(t) \
                or (isinstance(t, Tok) and random_name(t)):  # E[X], \Pr[A]: refused as not a formula
            continue
        if isinstance(t, Tok) and source[t.start:t.end] in parameters and _sized(source, nxt):
            continue
        if _function_head(t) and _sized(source, nxt):
            continue  # \operatorname{erf}\bigl[...\bigr]: a known function of what the sized brackets hold
        if _greek_quantity(t) and _sized(source, nxt) \
                and _top_level_sum(items[k + 2:_bracket_end(items, k + 1)]):
            continue  # \pi \gamma \bigl[1 + (x - x_0)^2\bigr]: a Greek quantity times a sized bracket's sum
        start, end = (t.start, t.end) if isinstance(t, Tok) else (t.start_pos, t.end_pos)
        spelled = source[start:end]
        fail(source, start, nxt.end, f"{spelled}[...]: a functional of what the brackets hold (an entropy H[X], a "
             f"divergence KL[P \\| Q], an information I[X; Y]), not {spelled} times them; declare the spelling in "
             f"the notation (symbols={{r'{spelled}[X]': ...}}) to read it as a quantity, or write "
             f"{spelled} \\cdot [...] for a product")


def refuse_sensitivities(source: str, items: list) -> None:
    """Refuse ``\\Delta f``, ``\\Delta \\sigma^2``, ``\\Delta_2 f``: the sensitivity of the name that follows, or
    \\Delta times it?  ``\\Delta`` alone (``\\frac{\\Delta}{\\varepsilon}``, ``2\\Delta^2``), before a parenthesis,
    a number, an operator or a root, is the constant it names; a spelling the notation declares (``\\Delta Q``)
    was matched before and is one symbol."""
    for k, (t, nxt) in enumerate(zip(items, items[1:])):
        start, end = (t.start, t.end) if isinstance(t, Tok) else (t.start_pos, t.end_pos)
        if _scripted(items, k) or not _named(t) or not _delta(source[start:end]) or not _named(nxt) \
                or (isinstance(nxt, Tok) and nxt.kind == "WORD" and nxt.cmd not in NAME_COMMANDS):
            continue
        last = items[after_scripts(items, k + 2) - 1]  # \\Delta \\sigma^2: the sensitivity of sigma^2
        stop = last.end if isinstance(last, Tok) else last.end_pos
        spelled = " ".join(source[start:stop].split())
        fail(source, start, stop, f"{spelled}: the sensitivity of {source[end:stop].strip()}, or "
             f"{source[start:end]} times it? Declare the spelling in the notation (symbols={{r'{spelled}': ...}}) "
             f"for the sensitivity, or write {source[start:end]} \\cdot {source[end:stop].strip()} for a product")


def _delta(spelled: str) -> bool:
    """``\\Delta``, ``\\Delta_2``, ``\\Delta_{1}`` as written."""
    text = spelled.replace(" ", "")
    return text == "\\Delta" or (text.startswith("\\Delta_") and len(text) > 7)


def _scripted(items: list, k: int) -> bool:
    """The item at ``k`` is the argument of a script (``x^a[...]``: the bracket follows the power)."""
    prev = items[k - 1] if k else None
    return prev is not None and (prev.kind if isinstance(prev, Tok) else prev.type) in ("SUP", "SUB")


def _named(t) -> bool:
    """A name (a letter, a word in ``\\mathrm``, a symbol of the notation, a function the text declares), not a
    constant or a number."""
    if isinstance(t, Tok):
        return t.kind == "NAME" or (t.kind == "WORD" and t.cmd != "letters" and t.text.strip().isidentifier()
                                    and t.text.strip().lower() not in ("if", "for", "and", "or", "where", "when"))
    return t.type == "SYM" and isinstance(t.value, sp.Symbol) or (t.type == "HEAD" and t.value[0] == "func")


def after_scripts(tokens: list, k: int, kinds: tuple = ("SUB", "SUP")) -> int:
    """The index after the scripts (``_{x \\sim D}``, ``^2``; those of ``kinds``) that follow a name at ``k - 1``."""
    while k + 1 < len(tokens) and isinstance(tokens[k], Tok) and tokens[k].kind in kinds:
        if isinstance(tokens[k + 1], Tok) and tokens[k + 1].kind == "LBRACE":
            depth, k = 0, k + 1
            while k < len(tokens):
                kind = tokens[k].kind if isinstance(tokens[k], Tok) else tokens[k].type
                depth += (kind == "LBRACE") - (kind == "RBRACE")
                k += 1
                if depth == 0:
                    break
        else:
            k += 2
    return k


def call_or_product(source: str, name: str, known: bool, inside: list, tok, defined: bool, symbol: str = "",
                    context: tuple = (frozenset(), frozenset()), powered: bool = False) -> str:
    """"call" or "product" for the name ``name`` followed by the parenthesised tokens ``inside``; else refused.

    The rules, in order: the parentheses hold the name's own letter (``n(n+1)``, ``d_1(d_2 - 2)``,
    ``\\alpha(\\alpha - 1)``): a product.  The defined side of an equation: a call.  A primed name (``S'(t)``)
    elsewhere: ambiguous (the derivative of ``S``, or a function ``S'`` of its own).  A known symbol
    (the notation's, the derived expression's): a product when the parentheses hold a sum
    (``q(e^\\epsilon - 1)``), otherwise ambiguous.  An unknown name: a call when it is a function
    letter (f, g, h, \\phi ...), a word (``score``), or when the parentheses hold a list or a single
    name (``p(x_j)``, ``d(x, x')``); a product when it is a count letter i..n (``k(1 - f)``);
    otherwise ambiguous (``q(e^\\epsilon - 1)`` with q undeclared, ``M(x + 1)``).  A decorated
    Greek letter (``\\hat\\varepsilon(\\alpha)``) is treated as a known symbol.
    """
    symbol = symbol or name
    if holds_own_letter(symbol, inside) or holds_own_letter(name, inside):
        return "product"
    if defined:
        return "call"
    if name.endswith("'") and not known:  # S'(t), not F_{Y'}(t) (the prime is the subscript's)
        _ambiguous(source, name, tok, f"a primed name: the derivative of {base(symbol)} there, or a function of its "
                   "own (a second mechanism M', a neighbour's f')")
    arguments, called, *used = context
    if name in arguments and _top_level_sum(inside) and base(name) not in FUNCTION_LETTERS:
        return "product"  # G(q; a, b) = q(b - a) + a: q is the defined function's variable (J(f, d): f(x) a call)
    if name in called:  # r_c(q) elsewhere in the display: r_c is a function there, and here
        return "call"
    if "_" in name and not known and any(base(c) == base(name) and "_" in c for c in called):
        return "call"  # S_A(t) = S_B(t / \lambda): a sibling of a function the display applies
    if used and symbol in used[0] and _top_level_sum(inside) and base(name) not in FUNCTION_LETTERS:
        return "product"  # p(1 - q) where the display writes (1 - p): p is a number (see quantities.py)
    if len(inside) == 1 and _kind(inside[0]) in ("NAME", "SYM") and _spelled(source, inside[0]) in arguments \
            and base(symbol).lstrip("\\") in GREEK - FUNCTION_GREEK:
        return "call"  # M(S) = \theta(S) + \eta: a function of M's argument
    compound = _top_level_sum(inside)
    listed = any(_kind(t) in ("COMMA", "SEMI") for t in _top(inside))
    single = lone_name(inside)
    if single and not known and base(name) in LAW_LETTERS and _capital(_spelled(source, inside[0])):
        start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
        not_formula(source, start, end + 1, f"{name}(...)", f"{name}(S) with S a capital: a law's measure of a set "
                    f"or an event, or a density at a random variable; declare {name} in the notation (functions=) "
                    "to read it as a call")
    letter = base(symbol).lstrip("\\")
    if listed and letter in GREEK:
        return _greek_tuple(source, name, letter, tok)
    if not known and letter in BESSEL and "_" in symbol:
        order = symbol.split("_", 1)[1]
        _special(source, name, tok, f"the Bessel function {BESSEL[letter][0]}",
                 f"lambda z: sympy.{BESSEL[letter][1]}({order}, z)")
    if not known and (letter in FUNCTION_GREEK or base(name).lstrip("\\") in FUNCTION_GREEK):
        _ambiguous(source, name, tok, "a Greek letter papers use for a function of their own (which one?)")
    if known and listed:
        return "call"  # c F(t; \theta): no product has a list for a factor (as _greek_tuple)
    if known or letter in GREEK and "\\" + letter not in FUNCTION_LETTERS:
        if compound:
            return "product"
        _ambiguous(source, name, tok, "a symbol the notation (or the derived expression) knows" if known else
                   "a Greek letter papers use for quantities")
    grouped = single and powered and _decorated(inside)   # n(\bar{x})^2: parentheses that group a name for a power
    if base(name) in FUNCTION_LETTERS or (len(base(name)) > 2 and "\\" not in name) or listed or (
            single and not grouped):
        return "call"
    if letter in COUNT_LETTERS and not listed:
        return "product"   # n(\bar{x})^2: the parentheses group the name for its power
    _ambiguous(source, name, tok, "an unknown name (parentheses around a decorated name before a power may only "
               "group it for the power)" if single else "an unknown name")


def _decorated(inside: list) -> bool:
    """A decorated name (``\\bar{x}``, ``\\hat\\sigma``), which papers put in parentheses before a power."""
    return _kind(inside[0]) in ("NAME", "SYM") and any(_text(inside[0]).endswith(f"_{mod}") or f"_{mod}_" in
                                                         _text(inside[0]) for mod in ("bar", "hat", "tilde"))


LAW_LETTERS = frozenset("p q".split())
"""Letters papers use for laws and their densities: ``p(S)``, ``q(A)`` (a set or an event, a capital) is a measure."""


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
        _ambiguous(source, name, tok, "a Greek letter papers use for a function of their own (which one?)")
    return "call"


def _special(source, name, tok, what, entry):
    start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
    fail(source, start, end + 1, f"ambiguous: {name}(...) is {what} in the standard notation, or a function of the "
         f"paper's own? Declare it in the notation: functions={{r'{name}': {entry}}} for the standard function, or "
         f"functions={{r'{name}': sympy.Function('...')}} for the paper's own" + settles(name, entry))


def _ambiguous(source, name, tok, what):
    start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
    fail(source, start, end + 1, f"ambiguous: {name}(...) with {name} {what}: the function {name} applied to "
         f"the parentheses, or {name} times them? Declare it in the notation: functions={{r'{name}': ...}} for a "
         f"call, symbols={{r'{name}(...)': ...}} for the quantity, or write {name} \\cdot (...) for a product")


def lone_name(inside: list) -> bool:
    """One name, with a subscript at most (``x_j``, ``S_k``, ``S_{k+1}``): parentheses no product needs, so a call."""
    if not inside or _kind(inside[0]) not in ("NAME", "SYM"):
        return False
    rest = inside[1:]
    if not rest:
        return True
    if _kind(rest[0]) != "SUB" or len(rest) < 2:
        return False
    return len(rest) == 2 if _kind(rest[1]) not in _OPEN else len(_top(rest[1:])) == 2


def _kind(t) -> str:
    return t.kind if isinstance(t, Tok) else t.type


def _text(t) -> str:
    if isinstance(t, Tok):
        return t.text.lstrip("\\")
    return getattr(t.value, "name", str(t.value))


_OPEN = ("LPAREN", "LBRACK", "LBRACE", "LSET", "ABSL", "FLOORL", "CEILL")
_CLOSE = ("RPAREN", "RBRACK", "RBRACE", "RSET", "ABSR", "FLOORR", "CEILR")


def _top(tokens: list) -> list:
    """The tokens at the top level of a group's content."""
    out, depth = [], 0
    for t in tokens:
        kind = _kind(t)
        depth -= kind in _CLOSE
        if depth == 0:
            out.append(t)
        depth += kind in _OPEN
    return out


def _top_level_sum(tokens: list) -> bool:
    top = _top(tokens)
    return any(_kind(t) in ("PLUS", "MINUS") for t in top[1:])


def _spelled(source: str, t) -> str:
    return source[t.start_pos:t.end_pos] if not isinstance(t, Tok) else source[t.start:t.end]


def calls(source: str, tokens: list, arguments=frozenset(), heads=frozenset()) -> list:
    """Grammar tokens with each name before ``(`` decided: a HEAD (a call), or left a product, or refused
    (see :func:`call_or_product`); ``g^{-1}(y)`` and ``f^{(k)}(x)`` refused unless declared.  ``arguments``: the
    names the display's defined side takes as arguments (``G(q; a, b) = ...``).  A name read as a call at one
    place of the display (``r_c(q)``) is a call at every other (``2\\pi - r_c(1 - q)``), and so is the function the
    defined side names (``heads``: ``y_t`` of ``y_t(h) = \\nu + A_1 y_t(h - 1)``)."""
    called = frozenset(_called(source, tokens, arguments)) | frozenset(heads)
    return _calls(source, tokens, (frozenset(arguments), called, quantities(tokens)))


def _called(source: str, tokens: list, arguments) -> set:
    """The names some ``(`` after them makes a call by the rules alone (not by this display's other calls)."""
    out = set()
    for k, t in enumerate(tokens[:-1]):
        if t.type in ("NAME", "SYM") and isinstance(t.value, sp.Symbol) and tokens[k + 1].type == "LPAREN" \
                and not (k and tokens[k - 1].type in ("SUP", "SUB")) and t.value.name not in DISTRIBUTION_NAMES:
            close = _closing(tokens, k + 1)
            inside, powered = tokens[k + 2:close], close + 1 < len(tokens) and tokens[close + 1].type == "SUP"
            name = source[t.start_pos:t.end_pos]
            try:
                if call_or_product(source, name, t.type == "SYM", inside, t, False, t.value.name,
                                   (frozenset(arguments), frozenset()), powered) == "call":
                    out.add(name)
            except SymdpError:
                continue
    return out


def _calls(source: str, tokens: list, context: tuple) -> list:
    out = []
    for k, t in enumerate(tokens):
        if t.type == "SYM" and t.value in CONSTANTS and k + 1 < len(tokens) and tokens[k + 1].type == "LPAREN" \
                and not (k and tokens[k - 1].type in ("SUP", "SUB")):
            _constant_call(source, tokens[k + 2:_closing(tokens, k + 1)], t)
        if t.type in ("NAME", "SYM") and isinstance(t.value, sp.Symbol) and not (k and tokens[k - 1].type in
                                                                                 ("SUP", "SUB")):
            nxt = tokens[k + 1] if k + 1 < len(tokens) else None
            if nxt is not None and nxt.type == "SUP":
                _script_call(source, tokens, k)
            if nxt is not None and nxt.type == "LPAREN":
                name = source[t.start_pos:t.end_pos]
                if t.value.name in DISTRIBUTION_NAMES:
                    not_formula(source, t.start_pos, nxt.end_pos, name, f"{name}(...), a distribution: a random "
                                "variable, not a closed form")
                close = _closing(tokens, k + 1)
                inside, powered = tokens[k + 2:close], close + 1 < len(tokens) and tokens[close + 1].type == "SUP"
                _normal_letter(source, name, inside, t, tokens[:k])
                if call_or_product(source, name, t.type == "SYM", inside, t, False, t.value.name, context,
                                   powered) == "call":
                    _refuse_functional(source, name, inside, t, context[0])
                    fn = sp.Function(_function_name(name, t.value))
                    out.append(type(t)("HEAD", ("call", fn, name), start_pos=t.start_pos, end_pos=t.end_pos))
                    continue
        out.append(t)
    return out


CONSTANTS = {sp.E: "Euler's number", sp.pi: "the number pi"}
"""Constants a letter of the notation names: before parentheses, a product only when they hold a sum."""


def _constant_call(source: str, inside: list, tok) -> None:
    r"""``e(1 - \delta)``: Euler's number times a sum.  ``e(y)``, ``\pi(\theta)``: a function the paper names e (a
    sub-density) or pi (a prior, a policy), or the constant times one name?  Refused unless the notation declares it."""
    if not _top_level_sum(inside):
        name = _spelled(source, tok)
        _ambiguous(source, name, tok, CONSTANTS[tok.value] + " in the notation")


FUNCTIONALS = frozenset("f g F G".split())
"""Letters that, standing alone as an argument of a call, name a function (``LS(f, x)``, ``R(\\pi, g_\\pi)``, ``T(F, G)``);
not ``h`` or ``\\ell``, which papers also use for numbers (a bandwidth ``\\mathrm{MSE}_j(h)``, an index)."""


def _refuse_functional(source: str, name: str, inside: list, tok, defining) -> None:
    """``g(f, D)``, ``LS(f, x)``, ``R(\\pi, g_\\pi)``: a call with a letter papers use for functions (:data:`FUNCTIONALS`,
    with a subscript or not) standing alone as an argument is a functional of that function (a sensitivity, a bound on it), which a symbol cannot stand for:
    refused, naming the argument (declare it a symbol in the notation to read it as a number).  Not when the defined
    side takes that letter too (``J(f, d) = ... + \\Lambda N(f)``: the display defines a function of f)."""
    top, arguments, current = _top(inside), [], []
    for t in top + [None]:
        if t is None or _kind(t) in ("COMMA", "SEMI"):
            arguments.append(current)
            current = []
        else:
            current.append(t)
    for argument in arguments:
        letter = _spelled(source, argument[0]).strip() if len(argument) == 1 else ""
        if letter and _kind(argument[0]) in ("NAME", "SYM") and letter not in defining \
                and base(letter.replace(" ", "")).split("^")[0] in FUNCTIONALS:   # f, an estimator g_\pi, g^*
            start, end = (tok.start, tok.end) if isinstance(tok, Tok) else (tok.start_pos, tok.end_pos)
            fail(source, start, end + 1, f"{name}(...) takes {letter}, a letter papers use for a function: a "
                 f"functional of {letter} (a sensitivity LS(f, x), a bound on it), not a number; declare {letter} a "
                 f"symbol in the notation (symbols={{r'{letter}': ...}}) to read it as one")


def _normal_letter(source: str, name: str, inside: list, tok, before: list) -> None:
    """``ZSN(\\sigma) = N(0, \\sigma^2 I)``: N applied to a list, standing in the formula, is the normal distribution
    N(mu, sigma^2) (a random variable) or a function N of the paper's: refused.  Inside another call's parentheses
    (``T(N(0, 1), N(\\mu, 1))``) the call is judged as a whole (a functional of distributions)."""
    depth = 0
    for t in before:
        depth += (t.type == "LPAREN") - (t.type == "RPAREN")
    if name == "N" and depth == 0 and any(_kind(t) == "COMMA" for t in _top(inside)):
        _ambiguous(source, name, tok, "the letter of the normal distribution N(mu, sigma^2) (a random variable, no "
                   "closed form)")


def _function_name(spelled: str, symbol: sp.Symbol) -> str:
    """A call's function name: the spelling when it is a plain letter or name (``F(t)`` is F, not the notation's
    ``F_bound``, the quantity symdp writes F for); else the symbol's (``\\varepsilon(\\alpha)`` is epsilon)."""
    return spelled if re.fullmatch(r"[A-Za-z]+(_[A-Za-z0-9]+)?", spelled) else symbol.name


def _closing(tokens: list, k: int) -> int:
    """The index of the token closing the group opened at ``k``."""
    depth = 0
    for j in range(k, len(tokens)):
        depth += (tokens[j].type in _OPEN) - (tokens[j].type in _CLOSE)
        if depth == 0:
            return j
    return len(tokens)


def _script_call(source: str, tokens: list, k: int) -> None:
    """Refuse ``g^{-1}(y)``, ``f^{(k)}(x)``, ``M^{(1)}``: an inverse, a derivative or a label, not a power; and
    ``f^2(x)`` with f an undeclared function letter (the square of f(x), or f squared times x?).  A known
    symbol's power before parentheses (``F^{2}(1 - F)``) is a product, and so is a known symbol's inverse power before
    a sum or a maximum (``\\epsilon^{-1}(1 \\vee x)``, as :func:`call_or_product` reads ``q(e^\\epsilon - 1)``)."""
    t = tokens[k]
    j = k + 2
    if j < len(tokens) and tokens[j].type == "LBRACE":
        end = _closing(tokens, j)
        inside = [u.type for u in tokens[j + 1:end]]
        at = end + 1
    else:
        inside, at = [tokens[j].type] if j < len(tokens) else [], j + 1
    after = tokens[at] if at < len(tokens) else None   # found by place: tokens equal by their text
    spelled = source[t.start_pos:tokens[min(len(tokens) - 1, j + len(inside) + 1)].end_pos]
    if inside[:1] == ["LPAREN"] and inside[-1:] == ["RPAREN"] and len(inside) == 3:
        fail(source, t.start_pos, t.end_pos + 1, f"{spelled}: a superscript in parentheses (a derivative, an "
             "iterate or a label), not a power; declare the spelling in the notation")
    function = t.type == "NAME" and base(t.value.name) in {b.lstrip("\\") for b in FUNCTION_LETTERS}
    if after is not None and after.type == "LPAREN" and not function and t.type == "SYM":
        held = tokens[at + 1:_closing(tokens, at)]
        if _top_level_sum(held) or any(u.type in ("OR", "AND") for u in _top(held)):
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


def holds_own_letter(name: str, held: list) -> bool:
    """Parentheses that hold a name written with ``name``'s letter (``\\phi_1^2(1 - \\phi_2)``, ``n(n + 1)``)."""
    return base(name) in {base(_text(u)) for u in held if _kind(u) in ("NAME", "SYM")}


def names_or_list(held: list) -> bool:
    """Parentheses that hold one name or a comma list: no product needs them (``(f)``, ``(x, y)``)."""
    return lone_name(held) or any(_kind(u) == "COMMA" for u in _top(held))


def _powered_call(source: str, tokens: list, t, opened: int) -> None:
    """Refuse ``\\chi^2(f)``, ``\\sigma^2(f)``, ``\\varepsilon^2(\\alpha)``, ``\\phi^2(x - \\mu)``: a power of a
    name before parentheses that hold one name or a list (no product needs those parentheses), or of a Greek
    letter papers use for functions: the square of a function's value, or a power times the parentheses?
    ``p^2(1-p)``, ``\\sigma^2(1 - \\rho)`` stay products."""
    after = tokens[opened]
    held = tokens[opened + 1:_closing(tokens, opened)]
    name = getattr(t.value, "name", "")
    if holds_own_letter(name, held) and not names_or_list(held):
        return   # \phi_1^2(1 - \phi_2): the parentheses hold the name's own letter, a product (as n(n+1))
    if names_or_list(held) or base(name) in FUNCTION_GREEK or _upright_word(source[t.start_pos:t.end_pos]):
        power, letter = source[t.start_pos:after.start_pos].strip(), source[t.start_pos:t.end_pos]
        fail(source, t.start_pos, after.end_pos, f"ambiguous: {power}(...) is a power of a function's value "
             f"({letter}(...) to that power) or a power of {letter} times the parentheses? Declare {letter} in the "
             "notation (functions= for the function), or write \\cdot for the product")


def refuse_argument_words(source: str, tokens: list[Tok], declared=frozenset()) -> None:
    """Refuse a run of two Latin letters written together that stands alone as an argument of a call
    (``P(x, df)``, ``f(x; ab)``): the paper's one name for a parameter (``df``, degrees of freedom) or the product
    of its letters (which is how ``\\sqrt{\\pi df}`` elsewhere in the display would be read)?  ``declared``: the
    spellings the notation names (symbols and functions), read as declared."""
    for k in range(1, len(tokens) - 2):
        first, second = tokens[k], tokens[k + 1]
        if not (_plain_letter(first) and _plain_letter(second) and not second.spaced and second.start == first.end):
            continue
        if tokens[k - 1].kind in ("LPAREN", "COMMA", "SEMI") and tokens[k + 2].kind in ("COMMA", "SEMI", "RPAREN"):
            spelled = source[first.start:second.end]
            if spelled in declared:
                continue
            fail(source, first.start, second.end, f"ambiguous: {spelled}, alone as an argument of a call, is one "
                 f"name (a parameter such as df, degrees of freedom) or the product of its letters? Declare "
                 f"{spelled} in the notation (symbols={{r'{spelled}': ...}}), or write {' '.join(spelled)} with a "
                 "space for the product")


def _plain_letter(tok: Tok) -> bool:
    return tok.kind == "NAME" and len(tok.text) == 1 and tok.text.isalpha()


_HYPERGEOMETRIC = re.compile(r"(?:\{\}|(?<![A-Za-z0-9}\]\)']))\s*_\s*\{?\s*(\d+)\s*\}?\s*F\s*_\s*\{?\s*(\d+)\s*\}?")


def refuse_hypergeometric(source: str) -> None:
    """Refuse ``{}_2F_1(a, b; c; z)`` (a subscript before ``F``, ``;`` between the parameter lists): the generalised
    hypergeometric function, which the notation declares when a paper uses it."""
    m = _HYPERGEOMETRIC.search(source)
    if m is not None:
        p, q = m.group(1), m.group(2)
        fail(source, m.start(), m.end(), f"the generalised hypergeometric function {{}}_{p}F_{q}(a; b; z) (its "
             f"parameter lists separated by ';'): declare it in the notation, functions={{r'{m.group(0).strip()}': "
             f"lambda *a: sympy.hyper(a[:{p}], a[{p}:{int(p) + int(q)}], a[-1])}}, or write it as sympy.hyper")


def _function_head(t) -> bool:
    """A function the notation knows (``\\Phi``, ``\\operatorname{erf}``), or a function's name set as a word
    (``\\operatorname{sgn}``, ``\\mathrm{exp}``)."""
    if isinstance(t, Tok):
        return t.kind == "WORD" and t.text.strip() in TEXT_FUNCTIONS
    return t.type == "HEAD" and t.value[0] in ("func", "op")


def _sized(source: str, bracket: Tok) -> bool:
    """A bracket set at a size (``\\big[``, ``\\Bigl[``, ``\\left[``): a grouping, as functionals are seldom written."""
    return source[bracket.start:bracket.end].startswith(("\\big", "\\Big", "\\left"))


def _greek_quantity(t) -> bool:
    """A lower-case Greek letter, not one papers use for functions (``\\gamma``, ``\\sigma``, never ``\\phi``)."""
    text = t.text if isinstance(t, Tok) else getattr(t.value, "name", "")
    letter = base(text).lstrip("\\")
    return letter in GREEK and letter.islower() and letter not in FUNCTION_GREEK


def _bracket_end(items: list, k: int) -> int:
    depth = 0
    for j in range(k, len(items)):
        depth += (_kind(items[j]) == "LBRACK") - (_kind(items[j]) == "RBRACK")
        if depth == 0:
            return j
    return len(items)
