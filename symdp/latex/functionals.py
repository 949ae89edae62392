"""Names that act on what follows them rather than multiply it: an expectation or a probability (``E[X]``,
``\\mathbb E L_i``: :func:`refuse_random`), a functional against brackets (``H[X]``, ``\\mathrm{KL}[P \\| Q]``:
:func:`refuse_functionals`), a sensitivity (``\\Delta f``: :func:`refuse_sensitivities`); each refused unless the
notation declares its spelling.
"""
from __future__ import annotations

import sympy as sp

from .groups import after_scripts, token_kind, top_level_sum
from .lexer import GREEK, NAME_COMMANDS, Tok, fail, not_formula
from .names import FUNCTION_GREEK, RANDOM, base
from .words import TEXT_FUNCTIONS


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
    if k < len(tokens) and _operator_spelling(t) and _operand(tokens[k]):
        not_formula(source, t.start, _end(tokens[k]), f"{spelled} X",
                    f"{what} of what follows (\\mathbb E L_i, without brackets), not a product; declare the spelling "
                    f"in the notation (symbols={{r'{spelled} X': ...}}) to read it as a quantity")


OPERATOR_FONTS = frozenset("bb bf cal".split())
"""The fonts that make E or P an operator (``\\mathbb E``, ``\\mathbf P``): before an operand, an expectation or a
probability of it even without brackets.  A plain ``E`` or ``P`` before a name is left to the other rules."""


UPRIGHT = frozenset("mathrm operatorname mathsf text textrm textnormal textsf mbox".split())
"""Text commands that set E or P upright, as an operator (``\\mathrm{E} X``, ``\\operatorname{Var} X``)."""


def _operator_spelling(t) -> bool:
    """E or P in an operator font (``\\mathbb E``, ``\\mathbf P``), upright (``\\mathrm{E}``), or a word of
    :data:`.names.RANDOM` of two or more letters in any text command (``\\mathrm{Var}``): an operator on what
    follows."""
    if t.kind == "WORD":
        return t.cmd in UPRIGHT or len(t.text.strip()) > 1
    parts = t.text.lstrip("\\").split("_")   # E_bb_X: \mathbb{E}_X, its font after the letter
    return len(parts) > 1 and parts[1] in OPERATOR_FONTS


OPERAND = frozenset("NAME CMD NUMBER WORD BAR ABSL LBRACE FRAC SQRT BINOM FLOORL CEILL SYM HEAD".split())
"""What opens an operand (a raw token's kind, or a resolved one's type): a name, a number, a bar, a group, a
fraction, a root, a known constant or function (``\\mathbb{E} e^{X}``, ``\\mathbb{E} |X - y|``)."""


def _end(tok) -> int:
    return tok.end if isinstance(tok, Tok) else tok.end_pos


def _operand(tok) -> bool:
    return (tok.kind if isinstance(tok, Tok) else getattr(tok, "type", "")) in OPERAND


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
                and top_level_sum(items[k + 2:_bracket_end(items, k + 1)]):
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
        depth += (token_kind(items[j]) == "LBRACK") - (token_kind(items[j]) == "RBRACK")
        if depth == 0:
            return j
    return len(items)
