"""Names as papers write them: decorated letters, number sets, and the names that never multiply.

``\\hat\\theta``, ``\\bar{x}``, ``\\mathcal{M}`` are one name each (``theta_hat``, ``x_bar``, ``M_cal``);
``\\mathbb{R}``, ``\\mathbb{Z}`` are sets (for conditions and the range of a sum); ``\\mathbb{N}`` only with the
script that says where it starts (``\\mathbb{N}_0``, ``\\mathbb{N}^+``: :mod:`.naturals`).
``E[X]``, ``\\mathbb{E}[X]``, ``\\Pr[A]``, ``P(A)``, ``\\mathrm{Var}(X)`` are an expectation, a
probability or a variance, never a product: a row that uses one undeclared states no closed form
(:class:`.lexer.NotAFormula`, :mod:`.functionals`).  What a name before ``(`` is, a call or a product, is decided in
:func:`.callrules.call_or_product` by rules stated there, or refused (:func:`.calls.calls`).  This module holds the
letters' classes (the constants below), the decorations, and the refusals of how a name is spelled (two letters
alone as an argument, a hypergeometric ``{}_2F_1``).
"""
from __future__ import annotations

import re

import sympy as sp

from .lexer import GREEK, Tok, after_argument, fail


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
            if spelled in declared or _lone_product(tokens, k):
                continue
            fail(source, first.start, second.end, f"ambiguous: {spelled}, alone as an argument of a call, is one "
                 f"name (a parameter such as df, degrees of freedom) or the product of its letters? Declare "
                 f"{spelled} in the notation (symbols={{r'{spelled}': ...}}), or write {' '.join(spelled)} with a "
                 "space for the product")


def _lone_product(tokens: list[Tok], k: int) -> bool:
    """The run at ``k`` is the whole argument (``\\cos(xy)``, no list) and each of its two letters stands alone
    elsewhere in the display (``y \\cos(xy)`` of ``f(x, y)``): the product of the display's own names."""
    if tokens[k - 1].kind != "LPAREN" or tokens[k + 2].kind != "RPAREN":
        return False
    alone = {t.text for j, t in enumerate(tokens) if j not in (k, k + 1) and _plain_letter(t)
             and not (j and _plain_letter(tokens[j - 1]) and tokens[j - 1].end == t.start)
             and not (j + 1 < len(tokens) and _plain_letter(tokens[j + 1]) and tokens[j + 1].start == t.end)}
    return {tokens[k].text, tokens[k + 1].text} <= alone


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
