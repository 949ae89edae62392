"""What a command or a word that is no symbol stands for: the reason a row is refused, or what it reads as.

A paper writes ``\\sup_x``, ``X \\sim \\mathcal{N}``, ``\\Pr[A]``, ``a_1 + \\cdots + a_n``: none is a
closed form in symbols, and each refusal says what was found (:data:`NOT_FORMULA`, :data:`REFUSED`).
Letters run together without a backslash (``ln``, ``exp``, ``nk``) and identifiers in ``\\mathrm``,
``\\texttt``, ``\\operatorname`` (``d\\_in``, ``TV``, ``score``) are read by :func:`letters` and
:func:`identifier`.
"""
from __future__ import annotations

import re

from .lexer import Tok, after_argument, fail, not_formula

NOT_FORMULA = {
    r"\sim": "a distribution (X \\sim ...)", r"\Pr": "an event's probability", r"\sup": "a supremum",
    r"\inf": "an infimum", r"\limsup": "a limit superior", r"\liminf": "a limit inferior",
    r"\argmax": "an argmax", r"\argmin": "an argmin", r"\setminus": "a set difference", r"\subseteq": "sets",
    r"\subset": "sets", r"\supseteq": "sets", r"\cup": "sets", r"\cap": "sets", r"\emptyset": "sets",
    r"\bigcup": "sets", r"\bigcap": "sets", r"\top": "an event's outcome", r"\bot": "an event's outcome",
    r"\mid": "a conditional probability", r"\to": "a map", r"\mapsto": "a map", r"\rightarrow": "a map",
    r"\leftarrow": "a sampling step", r"\gets": "a sampling step", r"\xleftarrow": "a sampling step",
    r"\Rightarrow": "an implication", r"\implies": "an implication", r"\iff": "an equivalence",
    r"\Longrightarrow": "an implication", r"\Leftarrow": "an implication", r"\Longleftarrow": "an implication",
    r"\impliedby": "an implication", r"\Leftrightarrow": "an equivalence", r"\Longleftrightarrow": "an equivalence",
    r"\longrightarrow": "a map", r"\longmapsto": "a map",
    r"\exists": "an existence statement", r"\forall": "a statement for all of a range (\\forall k: ...)", r"\perp": "independence", r"\stackrel": "an annotated relation",
    r"\underset": "an annotated operator", r"\overset": "an annotated operator", r"\ni": "sets",
    r"\notin": "sets", r"\propto": "a proportionality", r"\approx": "an approximation",
    r"\simeq": "an approximation", r"\lesssim": "an order-of-magnitude bound", r"\gtrsim": "an order-of-magnitude bound",
    r"\ll": "an order-of-magnitude bound", r"\gg": "an order-of-magnitude bound", r"\equiv": "an equivalence",
    r"\preceq": "an order of distributions", r"\succeq": "an order of distributions", r"\vdash": "a judgement",
}
"""Commands that make a row state no closed form (NotAFormula, naming the construct)."""

REFUSED = {
    r"\cdots": "an ellipsis (a_1 + \\cdots + a_n): write the sum with \\sum",
    r"\ldots": "an ellipsis: write the sum or product with \\sum or \\prod",
    r"\dots": "an ellipsis: write the sum or product with \\sum or \\prod",
    r"\vdots": "an ellipsis", r"\ddots": "an ellipsis",
    r"\partial": "a partial derivative (symdp reads closed forms, not derivatives)",
    r"\nabla": "a gradient", r"\langle": "an inner product", r"\otimes": "a tensor product",
    r"\oplus": "a direct sum", r"\circ": "a composition of functions", r"\pm": "a plus-or-minus (two formulas)",
    r"\mp": "a minus-or-plus (two formulas)", r"\#": "a count",
    r"\_": "an escaped underscore outside \\texttt{...} or \\mathrm{...} (write the name in one of them)",
    r"\over": "plain TeX's infix fraction outside a group, or beside another in its group (it takes the whole group, "
               "relations too): write \\frac{...}{...} or {A \\over B}",
    r"\choose": "plain TeX's infix binomial outside a group, or beside another in its group: write \\binom{...}{...} "
                 "or {n \\choose k}",
}
"""Commands refused with a reason (a LatexError naming the construct)."""

FUNCTION_WORDS = {"ln": "log", "log": "log", "exp": "exp", "sqrt": "sqrt", "sin": "sin", "cos": "cos",
                  "tanh": "tanh", "erf": "erf", "erfc": "erfc", "sgn": "sign"}
"""Function names written without a backslash (``ln(2)``, ``exp(-x)``): read as the functions."""
TEXT_FUNCTIONS = {**FUNCTION_WORDS, "tan": "tan", "sinh": "sinh", "cosh": "cosh", "arctan": "atan", "arcsin": "asin",
                  "arccos": "acos", "arctanh": "atanh", "arcsinh": "asinh", "atanh": "atanh", "asinh": "asinh",
                  "sgn": "sign", "sign": "sign"}
"""Function names written as words (``\text{arctanh}(r)``, ``\text{log}(W)``) before their argument: the functions."""
ITALIC_OPERATORS = frozenset("tan sinh cosh coth arctan arcsin arccos".split())
"""Operator names written in italic letters (``cosh^h(z/2)``, ``tan(x)``): the operator (``\\cosh``), read only
before its parentheses or a superscript and then parentheses, as the backslashed name is; no paper means c o s h
times a group there (``tan(x)`` was read as a call already, of a function named tan)."""
OPTIMISATIONS = {"argmin", "argmax", "sup", "inf", "lim", "max", "min", "Supp", "supp", "limsup", "liminf", "esssup",
                 "essinf"}
"""Words that name an optimisation or a support: the row states no closed form."""
DISTRIBUTIONS = {"Bern", "Bernoulli", "Lap", "Laplace", "Geom", "Geometric", "Binom", "Binomial", "Poisson", "Pois",
                 "Unif", "Uniform", "Gumbel", "Exp", "Gauss", "Gaussian", "Normal", "Cauchy", "Beta", "Gamma",
                 "Categorical", "Cat", "Mult", "Multinomial", "Expo", "Exponential", "DLap", "DGauss", "Gam", "Bin",
                 "Geo", "Dir", "Dirichlet", "Weibull", "Wishart", "InvGamma", "Student"}
"""Words naming a distribution: a random variable, not a closed form."""
FUNCTION_NAMED = frozenset(("Beta", "Gamma", "Exp"))
"""Distributions named like a function (the beta and gamma functions of a density's normaliser, exp): in italic letters
before parentheses not taken for the distribution (read as a call of an undeclared function, as before)."""


BUILT_IN = {
    r"\arg": "\\arg (\\arg\\min, \\arg\\max: the point where an optimum is reached, not a closed form)",
    r"\substack": "\\substack (a range of several lines under an operator: an optimisation's or a sum's, not read)",
}
"""LaTeX's and amsmath's own commands the reader has no reading for, with what they write (never "a macro of the
document?")."""


def not_in_notation(command: str) -> str:
    """Why an unknown command is refused: a LaTeX command the reader does not take (:data:`BUILT_IN`), else most often
    a macro of the document that was not expanded."""
    if command in BUILT_IN:
        return f"LaTeX's {BUILT_IN[command]}"
    return (f"{command} is not in the notation: a macro of the document? (define the macro, or extend the "
            "notation with symbols= or functions=)")


_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_.]*$")


def identifier(text: str, cmd: str) -> bool:
    """``\\mathrm{TV}``, ``\\texttt{d\\_in}``: a name (only from the math-name commands, never ``\\text``)."""
    return cmd not in ("text", "textbf", "mbox", "textnormal") and bool(_IDENTIFIER.match(text))


def letters(word: str) -> str:
    """How a run of plain letters reads: "function" (``ln``), "optimisation", "product" (``nk``), or ""."""
    if word in FUNCTION_WORDS:
        return "function"
    if word in OPTIMISATIONS:
        return "optimisation"
    if len(word) == 2:
        return "product"
    return ""


def called_word(tokens: list, k: int, word: str) -> bool:
    """The run of letters ``word`` before ``tokens[k]`` is called: parentheses follow it, or, for an operator's name
    (:data:`ITALIC_OPERATORS`), a superscript and then parentheses (``cosh^h(x)``, ``tan^2(x)``)."""
    if k < len(tokens) and tokens[k].kind == "LPAREN":
        return True
    after = after_argument(tokens, k + 1) if word in ITALIC_OPERATORS and k < len(tokens) and tokens[k].kind == "SUP" \
        else len(tokens)
    return after < len(tokens) and tokens[after].kind == "LPAREN"


def italic_word(word: str, first: Tok, last: Tok, called: bool) -> Tok:
    """The token of letters ``first`` .. ``last`` spelling ``word``: the operator's command where it is a called
    operator's name (``cosh(x)`` as ``\\cosh(x)``), else one WORD of letters."""
    if called and word in ITALIC_OPERATORS:
        return Tok("CMD", "\\" + word, first.start, last.end, first.spaced)
    return Tok("WORD", word, first.start, last.end, first.spaced, "letters")


ITALIC_PROSE = frozenset("where when whenever with for and otherwise then such that given hence thus since else".split())
"""English words a display may type in math mode without ``\\text`` (``e^{...} where logit(x) = ...``)."""


def refuse_italic_prose(source: str, tokens: list) -> None:
    """``... where z = ...`` typed as italic letters: the word, not the product w h e r e (with e Euler's number)."""
    i = 0
    while i < len(tokens):
        k = i + 1
        while k < len(tokens) and joined_letters(tokens[k - 1], tokens[k]):
            k += 1
        word = "".join(t.text for t in tokens[i:k])
        if k - i >= 3 and letter(tokens[i]) and word in ITALIC_PROSE and not _subscripted(tokens, k):
            fail(source, tokens[i].start, tokens[k - 1].end, f"the letters '{word}' run together: the word "
                 f"{word!r} typed in math mode (\\text{{{word}}}), not a product of letters")
        i = k


def letter(tok) -> bool:
    """One letter, a name of its own (not yet joined into a word)."""
    return isinstance(tok, Tok) and tok.kind == "NAME" and len(tok.text) == 1 and tok.text.isalpha()


def joined_letters(a, b) -> bool:
    """``b`` a letter written against the letter ``a`` (one run of letters)."""
    return letter(a) and letter(b) and not b.spaced and b.start == a.end


def _subscripted(tokens: list, k: int) -> bool:
    """The run carries a subscript (``and_1``): a name, as the paper may spell one."""
    after = tokens[k] if k < len(tokens) else None
    return after is not None and getattr(after, "kind", "") == "SUB"


def set_builder(source: str, tokens: list[Tok]) -> None:
    """NotAFormula for ``\\{x : x > 0\\}`` or ``\\{y \\mid y \\ge 0\\}``: a set, not a closed form."""
    for k, t in enumerate(tokens):
        if t.kind != "LSET":
            continue
        depth = 0
        for u in tokens[k + 1:]:
            if u.kind == "RSET" and depth == 0:
                break
            depth += (u.kind in ("LPAREN", "LBRACK", "LBRACE", "LSET")) - (u.kind in ("RPAREN", "RBRACK", "RBRACE",
                                                                                    "RSET"))
            if depth == 0 and (u.kind == "COLON" or (u.kind == "CMD" and u.text == r"\mid") or u.kind == "BAR"):
                not_formula(source, t.start, u.end, "set-builder", "a set {x : ...}, not a closed form")


def spelled(tokens: list[Tok]) -> list[Tok]:
    """Letters written together that spell a function or an optimisation (``exp``, ``ln``, ``argmin_i``) as one
    WORD, before the notation can take a letter of them (``e``) for a constant."""
    out, i = [], 0
    while i < len(tokens):
        k = i
        while k < len(tokens) and letter(tokens[k]) and (k == i or (not tokens[k].spaced
                                                                     and tokens[k].start == tokens[k - 1].end)):
            k += 1
        last = tokens[k] if k < len(tokens) and k > i and tokens[k].kind == "NAME" and not tokens[k].spaced \
            and tokens[k].start == tokens[k - 1].end and tokens[k].text[:1].isalpha() else None
        word = "".join(t.text for t in tokens[i:k])
        if last is not None and word + last.text.split("_")[0] in OPTIMISATIONS:
            word, k = word + last.text.split("_")[0], k + 1
        called = k - i >= 3 and called_word(tokens, k, word)
        if k - i >= 2 and (word in set(FUNCTION_WORDS) | OPTIMISATIONS or called):
            out.append(italic_word(word, tokens[i], tokens[k - 1], called))
            i = k
            continue
        out.append(tokens[i])
        i += 1
    return out
