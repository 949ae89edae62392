"""Raw tokens to grammar tokens: the notation applied, names decided, nothing guessed.

In order: names absorb their plain subscripts and primes (``\\rho_{p}`` is one
name ``\\rho_p``); the notation's spellings are matched, longest first
(``Q(D')``, ``\\Delta Q``, ``\\Phi^{-1}``); ``d x`` closing an integral
becomes the integration variable; the remaining names resolve to constants,
to the derived expression's symbols (so their assumptions carry over) or to
a new symbol; absolute-value bars are paired.  Ambiguities are errors that
quote the fragment: an unknown name before ``(`` (a call or a product?), a
run of letters that is no known name (``ht``: a word or h times t?), a name
the table and the derived expression give two different meanings.
"""
from __future__ import annotations

import functools
import re

import sympy as sp
from lark import Token

from ..errors import SymdpError
from ..symbols import LATEX_NAMES
from .derivatives import derivatives
from .glued import glued
from .lexer import Tok, fail, lex, not_formula
from .mids import paired_mids
from .modulo import refuse_open_modulus
from .bars import absolute_bars
from .bold import refuse_bold_arithmetic
from .calls import calls
from .functionals import refuse_functionals, refuse_random, refuse_sensitivities
from .names import DECORATIONS, FUNCTION_LETTERS, SETS, decorate
from .sensitivities import sensitivities
from .separators import listed_with_semicolons, parameters_after_bar
from .sides import listed
from .naturals import naturals_after
from .textnames import PROSE_FONTS, closes_coefficient, prose_word, text_name
from .words import (DISTRIBUTIONS, FUNCTION_NAMED, FUNCTION_WORDS, TEXT_FUNCTIONS, NOT_FORMULA, OPTIMISATIONS, REFUSED,
                    identifier, joined_letters, letter, letters, not_in_notation, refuse_italic_prose, set_builder,
                    spelled)
from .notation import HEADS, OPERATORS, Notation
from .prose import declared, scripted
from .limits import limit_arrows, limit_variables
from .labels import refuse_label_numbers, refuse_labels_before_subscripts, refuse_subscripted_calls
from .scripts import (fold, index_names, integrals, refuse_indexed_superscripts, refuse_stray_differentials,
                      refuse_transposes)

_KEYWORDS = {"if": "IF", "for": "IF", "when": "IF", "where": "IF", "otherwise": "OTHERWISE", "else": "OTHERWISE",
             "and": "AND", "or": "OR", "if and only if": None}


def _name_text(tok: Tok) -> str:
    return tok.text.lstrip("\\")


def _fold(tokens: list[Tok]) -> list[Tok]:
    """The folded tokens of a spelling (decorations, subscripts and primes as one name)."""
    return fold(decorate(tokens))


def _key(tokens) -> tuple:
    return tuple((t.kind, t.text) for t in tokens)


@functools.lru_cache(maxsize=64)
def phrases(notation: Notation) -> dict:
    """Spelling (as folded token kinds and texts) -> ("SYM", object) or ("FUNC", callable); later entries win."""
    table = {}
    for tex, value in notation.symbols:
        table[_key(_fold(lex(tex)))] = ("SYM", value)
    for tex, fn in notation.functions:
        table[_key(_fold(lex(tex)))] = ("FUNC", fn)
    return table


@functools.lru_cache(maxsize=8192)
def spelling(obj) -> tuple | None:
    """The folded tokens of ``obj`` as the report prints it (a symbol, or the head of a function), or None."""
    try:
        tex = sp.latex(obj, symbol_names=LATEX_NAMES)
        return _key(_fold(lex(tex)))
    except (SymdpError, TypeError, ValueError, AttributeError):
        return None


def _derived_phrases(derived, table: dict) -> dict:
    """Spellings of the derived expression's own symbols and functions, as the report prints them.

    They make what the report prints read back (``P^c_{i1}``, ``m_{0}``, ``W`` for LambertW); the
    notation's entries win, except a constant (``\\pi``, ``e``) the derived expression does not use
    where it has a symbol printed the same way.
    """
    out = {}
    for s in sorted(derived.symbols, key=str):
        key = spelling(s)
        if key is None or table.get(key) == ("SYM", s):
            continue
        if key in table and not _constant_yields(table[key], derived):
            if table[key][0] == "SYM" and isinstance(table[key][1], sp.Symbol):
                out[key] = ("CLASH", (table[key][1], s))  # printed alike, two symbols: refused where used
            continue
        out[key] = ("SYM", s)
    for f in sorted(derived.functions, key=str):
        key = spelling(sp.Symbol(f.__name__)) if f is not sp.LambertW else _key(lex("W"))
        if key is not None and key not in table:
            out[key] = ("FUNC", f)
    return out


def _constant_yields(entry, derived) -> bool:
    kind, value = entry
    return kind == "SYM" and value in (sp.E, sp.pi) and value not in derived.constants


class Resolver:
    """Turns the raw tokens of ``source`` into grammar tokens."""

    def __init__(self, source: str, notation: Notation, derived):
        self.source = source
        self.notation = notation
        base = phrases(notation)
        self.table = {**base, **_derived_phrases(derived, base)}
        self.longest = max((len(k) for k in self.table), default=1)
        self.derived = {s.name: s for s in derived.symbols}
        self.families = derived.families
        """Names the derived expression uses only as indexed families (see context.Context.families)."""
        self.arguments = frozenset()
        self.partial: set = set()
        """The partial derivatives of bare names the display's members read (:attr:`.build.Builder.partial`)."""
        self.functions = frozenset()
        """The names the text around the display calls functions (:func:`.prose.function_names`)."""
        self.words: dict = {}
        self.heads = frozenset()
        """The function the display's defined side names (``y_t`` of ``y_t(h) = ...``), as spelled."""
        """The names the display's defined side takes as arguments (``q``, ``a``, ``b`` of ``G(q; a, b) = ...``)."""
        self.numbers = frozenset()
        """Names the display's side conditions bound by a number (``c`` of ``0 < c < 1``, :func:`.quantities.bounded`)."""
        self.elsewhere = frozenset()
        """Names the display's members write as arithmetic operands (:func:`.quantities.raw_quantities`)."""

    def spelled(self, text: str, kind: str | None = None) -> bool:
        """Whether ``text`` is a spelling the notation or the derived expression names (as ``kind``: SYM, FUNC)."""
        return (self.table.get(_key(_fold(lex(text)))) or (None,))[0] in ((kind,) if kind else ("SYM", "FUNC", "CLASH"))

    def fail(self, tok: Tok, why: str, end: Tok | None = None):
        fail(self.source, tok.start, (end or tok).end, why)

    # -- stages --------------------------------------------------------------

    def run(self, raw: list[Tok]) -> list[Token]:
        set_builder(self.source, raw)
        raw = limit_arrows(self.source, raw)
        raw = paired_mids(parameters_after_bar(listed_with_semicolons(raw, declared(self.notation), self.source)))
        decorated = derivatives(self.source, decorate(raw))
        bound = index_names(decorated) | limit_variables(decorated)
        kept = refuse_labels_before_subscripts(self.source, decorated, fail, self.spelled, bound)
        refuse_label_numbers(self.source, decorated, fail, self.spelled)
        refuse_bold_arithmetic(self.source, decorated)
        tokens = glued(spelled(integrals(fold(decorated, bound, scripted(self.notation) | kept))))
        refuse_italic_prose(self.source, tokens)
        refuse_stray_differentials(self.source, tokens, fail)
        matched = sensitivities(self.match(tokens), self.derived, self.functions)
        refuse_subscripted_calls(self.source, matched, bound, fail, FUNCTION_LETTERS)
        refuse_indexed_superscripts(self.source, matched, bound, fail)
        refuse_functionals(self.source, matched, self.arguments)
        refuse_sensitivities(self.source, matched)
        refuse_transposes(self.source, matched, fail)
        refuse_open_modulus(self.source, matched)
        out = []
        i = 0
        while i < len(matched):
            item = matched[i]
            if isinstance(item, Token):
                out.append(item)
                i += 1
            else:
                i = self.resolve(matched, i, out)
        return calls(self.source, absolute_bars(out, self.source), self.arguments, self.heads, self.numbers,
                     self.elsewhere, frozenset(self.derived))

    def name_words(self, words) -> None:
        """Read each of ``words`` (runs of letters, ``df``, ``scale``) as one name wherever the display writes
        its letters together (see sides.parameter_words)."""
        self.words = {w: sp.Symbol(w) for w in words}

    def _word_at(self, tokens: list[Tok], i: int) -> int:
        """The length of the declared word written together at ``tokens[i]``, or 0."""
        for word in sorted(self.words, key=len, reverse=True):
            run = tokens[i:i + len(word)]
            if len(run) == len(word) and all(letter(t) and t.text == c for t, c in zip(run, word)) \
                    and all(not b.spaced and b.start == a.end for a, b in zip(run, run[1:])) \
                    and not (i + len(word) < len(tokens) and letter(tokens[i + len(word)])
                             and tokens[i + len(word)].start == run[-1].end):
                return len(word)
        return 0

    def match(self, tokens: list[Tok]) -> list:
        """Tokens with the notation's spellings replaced by SYM / HEAD tokens (longest match first)."""
        out, i = [], 0
        while i < len(tokens):
            n = self._word_at(tokens, i) if self.words and (i == 0 or not joined_letters(tokens[i - 1], tokens[i])) \
                else 0
            if n:
                word = "".join(t.text for t in tokens[i:i + n])
                out.append(_token("SYM", self.words[word], tokens[i], tokens[i + n - 1]))
                i += n
                continue
            for n in range(min(self.longest, len(tokens) - i), 0, -1):
                hit = self.table.get(_key(tokens[i:i + n]))
                if hit is not None:
                    out.append(self.meaning(hit, tokens[i], tokens[i + n - 1]))
                    i += n
                    break
            else:
                out.append(tokens[i])
                i += 1
        return out

    def meaning(self, hit, first: Tok, last: Tok) -> Token:
        kind, value = hit
        if kind == "CLASH":
            ours, theirs = value
            self.fail(first, f"ambiguous: the notation reads this as the symbol {ours.name} "
                      f"({_assumptions(ours)}) but the derived expression has another symbol printed the same way, "
                      f"{theirs.name} ({_assumptions(theirs)}); extend the notation with the one meant", last)
        if kind == "FUNC":
            spelled = self.source[first.start:last.end]
            if spelled in self.arguments:   # L(x; x_0, \Gamma) = ... \Gamma/2 ...: the parameter the signature names
                return _token("NAME", sp.Symbol(_name_text(first)), first, last)
            return _token("HEAD", ("func", value, spelled), first, last)
        if isinstance(value, sp.Symbol):
            other = self.derived.get(value.name)
            if other is not None and other != value:
                self.fail(first, f"ambiguous: the notation reads this as the symbol {value.name} "
                          f"({_assumptions(value)}) but the derived expression has another {other.name} "
                          f"({_assumptions(other)}); extend the notation with the one meant", last)
        elif value in (sp.E, sp.pi) and str(value).lower() in {n.lower() for n in self.derived}:
            self.fail(first, f"ambiguous: the constant {value} or the derived expression's symbol of that name "
                      "(it uses both)? Extend the notation", last)
        return _token("SYM", value, first, last)

    def resolve(self, items: list, i: int, out: list) -> int:
        tok = items[i]
        if tok.kind in ("NAME", "CMD", "WORD"):
            refuse_random(self.source, items, i)
        if tok.kind == "NAME":
            return self.name(items, i, out)
        if tok.kind == "CMD":
            out.append(self.command(tok))
        elif tok.kind == "WORD" and tok.cmd == "letters":
            self.letters(tok.text, [tok], items[i + 1] if i + 1 < len(items) else None, out)
        elif tok.kind == "WORD":
            out.append(self.word(tok, items[i + 1] if i + 1 < len(items) else None, items[i - 1] if i else None,
                                 closes_coefficient(items, i)))
        elif tok.kind == "NUMBER":
            if i and letter(items[i - 1]) and not tok.spaced and tok.start == items[i - 1].end:
                self.fail(items[i - 1], f"{items[i - 1].text}{tok.text}: a letter followed by digits is one name "
                          f"or a product? Write {items[i - 1].text}_{{{tok.text}}}, or declare it in the notation", tok)
            out.append(_token("NUMBER", sp.Rational(tok.text), tok))
        elif tok.kind == "DERIV":
            out.append(_token("HEAD", ("deriv", self.variable(tok), self.source[tok.start:tok.end].strip()), tok))
        elif tok.kind == "SETNAME" and tok.text == "N":
            naturals, used = naturals_after(items, i + 1)
            if naturals is None:
                self.fail(tok, "\\mathbb{N}: the naturals from 0 or from 1? (a sum over it, a claim for every n in "
                          "it, differ by the term n = 0) Write \\mathbb{N}_0 or \\mathbb{N}^+, or the range: n \\in "
                          "\\mathbb{Z}, n \\ge 1")
            out.append(_token("SETNAME", naturals, tok))
            return i + 1 + used
        elif tok.kind == "SETNAME":
            out.append(_token("SETNAME", SETS[tok.text], tok))
        elif tok.kind == "DBAR":
            self.fail(tok, "\\| (a norm ||x||, or the separator of a divergence D(P || Q)): not a closed form in "
                      "symbols; declare the spelling that holds it in the notation")
        else:
            out.append(_token(tok.kind, tok.text, tok))
        return i + 1

    def name(self, items: list, i: int, out: list) -> int:
        """A name: a run of single letters written together, or one (possibly subscripted) name.  A letter right after
        ``^`` or ``_`` is the script alone: TeX gives an unbraced script one token (``^NZ_i`` is ``^{N} Z_i``)."""
        run = [items[i]]
        scripted = i and isinstance(items[i - 1], Tok) and items[i - 1].kind in ("SUP", "SUB")
        while (not scripted and i + len(run) < len(items) and letter(run[-1]) and letter(items[i + len(run)])
               and not items[i + len(run)].spaced and items[i + len(run)].start == run[-1].end):
            run.append(items[i + len(run)])
        nxt = items[i + len(run)] if i + len(run) < len(items) else None
        if len(run) > 1:
            word = "".join(t.text for t in run)
            if word in self.derived:
                out.append(_token("SYM", self.derived[word], run[0], run[-1]))
                return i + len(run)
            if any(t.text not in self.derived for t in run) and self.letters(word, run, nxt, out):
                return i + len(run)
        if isinstance(nxt, Tok) and nxt.kind == "NAME" and "_" in nxt.text and len(run) >= 1 and letter(run[-1]) \
                and not nxt.spaced and nxt.start == run[-1].end and len(nxt.text.split("_")[0]) == 1 \
                and not all(t.text in self.elsewhere for t in run):   # n x_i beside \frac{n}{2}: n a number
            spelled = self.source[run[0].start:nxt.end]
            self.fail(run[0], f"ambiguous: {spelled} is the product of its letters or one name with a subscript; "
                      "write the product with spaces or declare the name in the notation", nxt)
        for tok in run:
            out.append(self.single(tok))
        return i + len(run)

    def letters(self, word: str, run: list, nxt, out: list) -> bool:
        """A run of letters that is no derived name: a function word (``ln``), a product of two letters
        (``nk``), a function named by a word (``score(x)``), or refused."""
        if word in self.words:
            out.append(_token("SYM", self.words[word], run[0], run[-1]))
            return True
        kind = letters(word)
        group = isinstance(nxt, Tok) and nxt.kind in ("LPAREN", "LSET")
        if word in ("max", "min") and group:
            out.append(_token("HEAD", (word, None, word), run[0], run[-1]))
            return True
        if kind == "function":
            out.append(_token("HEAD", ("op", getattr(sp, FUNCTION_WORDS[word]), "\\" + word), run[0], run[-1]))
            return True
        if kind == "optimisation":
            not_formula(self.source, run[0].start, run[-1].end, word, f"{word}, an optimisation or a support")
        if kind == "product" and group and nxt.kind == "LPAREN" and listed(self.source, nxt):
            self.fail(run[0], f"{word}(...) with a list of arguments: a function named {word}, or "
                      f"{word[0]} times {word[1:]}(...)? Write \\mathrm{{{word}}}(...), or declare it in the notation")
        if kind == "product" and word.isupper():
            self.fail(run[0], f"ambiguous: {word} is the product {word[0]} {word[1]} or one name (an acronym: GS for "
                      f"a global sensitivity, TV, KL)? Write {word[0]} {word[1]} with a space, \\mathrm{{{word}}} for "
                      "the name, or declare it in the notation", run[-1])
        if kind == "product" and word[0] == "d" and not _LONE_D.search(self.source):
            self.fail(run[0], f"{word} outside an integral, and no d of its own in the display: a differential or a "
                      f"width d{word[1]} (one name), or d times {word[1]}? Write the integral, d \\cdot {word[1]} for a "
                      f"product, or declare the name in the notation", run[-1])
        if kind == "product":
            return False
        if group and word in DISTRIBUTIONS - FUNCTION_NAMED:  # N + Lap(1/\epsilon): a noisy release
            not_formula(self.source, run[0].start, nxt.end, f"{word}(...)", f"{word}(...), a distribution: a random "
                        "variable, not a closed form")
        if group and nxt.kind == "LPAREN":
            out.append(_token("HEAD", ("call", sp.Function(word), word), run[0], run[-1]))
            return True
        self.fail(run[0], f"{word!r} is no known name: declare it in the notation, or write the product "
                  f"{' '.join(word)} with spaces", run[-1])

    def variable(self, tok: Tok) -> sp.Symbol:
        """The variable of a derivative (``d\\epsilon``: the notation's symbol, like the operand's)."""
        hit = self.table.get((("NAME", tok.text),))
        if hit is not None and hit[0] == "SYM" and isinstance(hit[1], sp.Symbol):
            return hit[1]
        return self.single(Tok("NAME", tok.text, tok.start, tok.end)).value

    def single(self, tok: Tok) -> Token:
        name = _name_text(tok)
        if name in self.derived:
            return _token("SYM", self.derived[name], tok)
        return _token("NAME", sp.Symbol(name), tok)

    def command(self, tok: Tok) -> Token:
        if tok.text in OPERATORS:
            return _token("HEAD", ("op", OPERATORS[tok.text], tok.text), tok)
        if tok.text in (r"\sum", r"\prod", r"\lim"):
            return _token("BIG", (HEADS[tok.text], None, tok.text), tok)
        if tok.text in HEADS:
            return _token("HEAD", (HEADS[tok.text], None, tok.text), tok)
        if _name_text(tok) in self.derived:
            return _token("SYM", self.derived[_name_text(tok)], tok)
        command = tok.text.split("_")[0]  # \sup_x folds its subscript
        if command in NOT_FORMULA:
            not_formula(self.source, tok.start, tok.end, command, NOT_FORMULA[command])
        if command in REFUSED:
            self.fail(tok, f"{command}: {REFUSED[command]}")
        if command.lstrip("\\") in DECORATIONS:
            self.fail(tok, f"{command} over an expression (only a letter takes a decoration: \\hat\\theta); declare "
                      "the spelling in the notation")
        self.fail(tok, not_in_notation(tok.text))

    def word(self, tok: Tok, nxt, before=None, powered: bool = False) -> Token:
        text = tok.text.strip().rstrip(":.,").strip()
        if text.lower() in _KEYWORDS and _KEYWORDS[text.lower()]:
            return _token(_KEYWORDS[text.lower()], text, tok)
        if text in self.derived:
            return _token("SYM", self.derived[text], tok)
        if text in self.words:  # \text{lower} where f(x \mid lower, upper) = ... names the parameter lower
            return _token("SYM", self.words[text], tok)
        if text == "e" and tok.cmd in UPRIGHT:   # \mathrm{e}^{\varepsilon}: Euler's number set upright
            return _token("SYM", sp.E, tok)
        if text in ("i", "j") and tok.cmd in UPRIGHT:
            self.fail(tok, f"an upright {text}: the imaginary unit (symdp's formulas are real); declare it in the "
                      f"notation to read it as a name")
        if len(text) == 1 and text.isalpha() and text.isascii():  # \text{且} ("and") is a word, not a letter
            return _token("NAME", sp.Symbol(text + ("_bf" if tok.cmd == "textbf" else "")), tok)   # \textbf{x}: bold
        if tok.cmd in PROSE_FONTS and prose_word(self.source, tok, text):
            self.fail(tok, f"the word {text!r} is prose, not a name (extend the notation with it to read it as one)")
        if text in DISTRIBUTIONS:
            not_formula(self.source, tok.start, tok.end, text, f"{text}, a distribution: a random variable, not a "
                        "closed form")
        if text in ("max", "min") and isinstance(nxt, Tok) and nxt.kind in ("LPAREN", "LSET"):
            return _token("HEAD", (text, None, text), tok)  # \text{max}(a, b): \max(a, b) set upright by hand
        if text in ("max", "min") and tok.cmd in ("mathrm", "text", "textrm") and _ends_operand(nxt):
            return _token("NAME", sp.Symbol(text), tok)  # {\rm max} - {\rm min}: the bounds named max and min
        if text.replace(" ", "") in OPTIMISATIONS or text.split("_")[0].replace(" ", "") in OPTIMISATIONS:
            # \mathrm{max}_i x_i, \mathrm{sup}_x f, \operatorname{arg\,min}_\theta (a thin space inside the word)
            not_formula(self.source, tok.start, tok.end, text, f"{text}, an optimisation or a support")
        if text in MATRIX_FUNCTIONS and isinstance(nxt, Tok) and nxt.kind in ("LPAREN", "LBRACK", "NAME", "CMD"):
            not_formula(self.source, tok.start, tok.end, text, f"{text}, a matrix's trace or determinant: matrix "
                        "notation, not a closed form in symbols")
        if text in TEXT_FUNCTIONS and isinstance(nxt, Tok) and nxt.kind in ("LPAREN", "LBRACK"):  # \operatorname{sgn}(z)
            return _token("HEAD", ("op", getattr(sp, TEXT_FUNCTIONS[text]), "\\" + text), tok)
        if tok.cmd == "operatorname" and isinstance(nxt, Tok) and nxt.kind in ("NAME", "NUMBER", "CMD", "FRAC"):
            self.fail(tok, f"\\operatorname{{{text}}} before an operand: an operator applied without parentheses "
                      f"(never {text} times it); write \\operatorname{{{text}}}(...)", nxt)
        if text in UPRIGHT_FUNCTIONS and isinstance(nxt, Tok) and nxt.kind in _OPERAND_STARTS:
            self.fail(tok, f"the function name {text!r} set upright before an operand without parentheses: its value "
                      f"there, or {text} times it? Write \\{text} x, or {text} with parentheses", nxt)
        if identifier(text, tok.cmd):
            return _token("NAME", sp.Symbol(text), tok)
        if identifier(text, "mathrm") and len(text) > 1 and isinstance(nxt, Tok) and nxt.kind == "LPAREN":
            return _token("HEAD", ("call", sp.Function(text), text), tok)  # \text{logit}(x): a function's word
        return text_name(self.source, tok, text, before, nxt, powered)  # \text{dof}: one name, or refused


MATRIX_FUNCTIONS = frozenset(("tr", "Tr", "trace", "det", "diag"))
"""Upright words of matrix notation (``\\mathrm{tr}(B_k)``, Calinski-Harabasz's dispersion matrices)."""
UPRIGHT_FUNCTIONS = frozenset(TEXT_FUNCTIONS) | {"sech", "csch", "coth", "sec", "csc", "cot", "det", "tr", "Re", "Im",
                                                  "arg", "arccot", "arcsec", "arccsc"}
"""Function names a paper may set upright (``\\mathrm{log}``, ``\\mathrm{sech}``): before an operand without
parentheses, refused (``\\mathrm{log} 2`` was 2 times a name log; ``\\mathrm{sech}^2 x``, sech squared times x)."""
_OPERAND_STARTS = frozenset({"NAME", "NUMBER", "CMD", "FRAC", "LBRACE", "LSET", "BAR", "ABSL", "SUP", "WORD", "SQRT"})


def _assumptions(s: sp.Symbol) -> str:
    facts = [k for k in ("positive", "nonnegative", "negative", "integer", "real") if s.assumptions0.get(k)]
    return ", ".join(facts) if facts else "no assumptions"


def _token(kind: str, value, first, last=None) -> Token:
    last = last or first
    start = first.start if isinstance(first, Tok) else first.start_pos
    end = last.end if isinstance(last, Tok) else last.end_pos
    return Token(kind, value, start_pos=start, end_pos=end)


_LONE_D = re.compile(r"(?<![A-Za-z\\])d(?![A-Za-z])")
"""A d standing alone in a display (a dimension, ``2^d``, ``d \\cdot x``): then ``dx`` may be d times x."""
_NO_OPERAND = {"RPAREN", "RBRACK", "RBRACE", "RSET", "ABSR", "PLUS", "MINUS", "REL", "COMMA", "SEMI", "AMP", "NEWROW",
               "END_CASES", "DIV", "GAP", "MUL"}
UPRIGHT = ("mathrm", "rm", "text", "textrm", "operatorname", "mathup")
"""The fonts that set a letter upright: ``\\mathrm{e}`` is Euler's number, ``\\mathrm{i}`` the imaginary unit."""


def _ends_operand(nxt) -> bool:
    """Nothing an optimisation could range over follows (the end, a closing bracket, a sign, a relation): an upright
    ``max`` or ``min`` there is a quantity's name (``({\\rm max} - {\\rm min})``, the bounds of a parameter), never
    an operator, which needs a subscript or an argument."""
    return nxt is None or (isinstance(nxt, Tok) and nxt.kind in _NO_OPERAND)
