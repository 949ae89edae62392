"""LaTeX math to raw tokens: the first stage of :func:`symdp.latex.parse`.

The lexer knows TeX's spelling only (commands, groups, single-character
script and ``\\frac`` arguments, ``\\left``/``\\right`` delimiters); it knows
nothing of the papers' notation, which :mod:`.resolve` applies afterwards.
Every token keeps its offsets in the text, so that an error can quote the
fragment it is about.  Nothing here evaluates anything.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import SymdpError
from .runon import run_on
from .tokens import (  # noqa: F401  (the tables other modules import from here)
    ALIASES, CLOSE, DELIMITERS, ENTRY, FACTOR_ENDS, GREEK, KEYWORDS, NAME_COMMANDS, OPEN, PUNCT, REFERENCES, RELATIONS,
    SPACING, TEXT_COMMANDS)

MAX_CHARS = 20000
"""Longest formula accepted (a display equation is a few hundred characters)."""


@dataclass(frozen=True)
class Tok:
    """One raw token: its kind, its text (a name, a number, a command without backslash) and offsets."""

    kind: str
    text: str
    start: int
    end: int
    spaced: bool = False
    """Whitespace stood before it (letters run together only when not spaced)."""
    cmd: str = ""
    """For a WORD: the command that set it (``text``, ``mathrm``, ``texttt`` ...)."""


class LatexError(SymdpError):
    """A formula the parser refuses: the message quotes the fragment and says why."""

    def __init__(self, fragment: str, context: str, why: str):
        self.parameter, self.value, self.allowed = "latex", context, why
        self.fragment = fragment
        ValueError.__init__(self, f"latex: cannot read {fragment!r} in {context!r}: {why}")


class NotAFormula(LatexError):
    """The display states no closed form (a distribution ``X \\sim ...``, a set-builder, an event's probability).

    ``construct`` names what was found (``"\\sim"``, ``"set-builder"``, ``"\\Pr[...]"``): a report lists such a
    row as "not a formula: <construct>", never as a formula it failed to read.
    """

    def __init__(self, fragment: str, context: str, why: str, construct: str):
        super().__init__(fragment, context, why)
        self.construct = construct


def not_formula(source: str, start: int, end: int, construct: str, why: str):
    """NotAFormula quoting ``source[start:end]``: the display states ``construct``, not a closed form."""
    end = max(end, start + 1)
    lo, hi = max(0, start - 25), min(len(source), end + 25)
    context = ("..." if lo else "") + source[lo:hi].strip() + ("..." if hi < len(source) else "")
    raise NotAFormula(source[start:end], context, f"not a formula: {construct} ({why})", construct)


def fail(source: str, start: int, end: int, why: str):
    """LatexError quoting the fragment ``source[start:end]`` and some context."""
    end = max(end, start + 1)
    lo, hi = max(0, start - 25), min(len(source), end + 25)
    context = ("..." if lo else "") + source[lo:hi].strip() + ("..." if hi < len(source) else "")
    raise LatexError(source[start:end], context, why)


_COMMAND = re.compile(r"\\([A-Za-z]+)\*?|\\(.)")
_DIFFERENTIAL = re.compile(r"\s*(?:\\[,:! ]\s*)*(?:\\(?:mathrm|text|operatorname)\s*\{\s*d\s*\}|d)\s*"
                           r"(?:[A-Za-z](?![A-Za-z])|\\(?:" + "|".join(sorted(GREEK | set(ALIASES))) + r")(?![A-Za-z]))")
"""A differential right after a wide space (``\\int_0^1 f(x) \\; dx``, ``\\;\\mathrm{d}\\theta``): the integral's
spacing, never where a side condition begins."""
_RELATION_NEXT = re.compile(r"\s*(?:[=<>]|:=|\\(?:le|ge|leq|geq|leqslant|geqslant|ne|neq|lt|gt|coloneqq|eqqcolon|"
                            r"coloneq|triangleq|doteq|equiv|in|approx)(?![A-Za-z]))")
"""A relation right after a wide space: ``y \\;=\\; x`` spaces the relation, no side condition begins there."""
_ROW_SPACE = re.compile(r"\s*\[\s*-?\d*\.?\d+\s*(?:em|ex|pt|mm|cm|in|bp|mu|pc)\s*\]")
_NUMBER = re.compile(r"\d+(?:\.\d+)?|\.\d+")
_DELIM_AFTER = re.compile(r"\s*(\\[A-Za-z]+|\\[{}|]|[()\[\]|.])")
_SIZED_SLASH = re.compile(r"\s*/")
_GROUP_TEXT = re.compile(r"\s*\{([^{}]*)\}")
_THOUSANDS = re.compile(r"(\{,\}\d{3})+")


def _open_group(tokens: list[Tok]) -> tuple:
    """(the kind of the innermost group still open after ``tokens``, or None; the tokens at that group's own level,
    last first)."""
    depth, level = 0, []
    for t in reversed(tokens):
        depth += (t.kind in CLOSE) - (t.kind in OPEN)
        if depth < 0:
            return t.kind, level
        if depth == 0:
            level.append(t)
    return None, level


def _closing_bar(tokens: list[Tok]) -> bool:
    """Whether the last token is a plain bar that closes one (``|x|``): the bars of its group, counted back to the
    group's opening, are even.  A bar the lexer cannot tell (``|``, ``\\vert``) by itself."""
    bars = sum(t.kind == "BAR" for t in _open_group(tokens)[1])
    return bool(tokens) and tokens[-1].kind == "BAR" and bars % 2 == 0


class _Lexer:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.out: list[Tok] = []
        self.single = 0          # pending single-character arguments (after ^, _, \frac, \sqrt)
        self.resume: list[int] = []  # pending counts to restore when a brace group closes
        self.spaced = False

    def emit(self, kind, text, start, end, consumes=True, cmd=""):
        self.out.append(Tok(kind, text, start, end, self.spaced, cmd))
        self.spaced = False
        if consumes and self.single:
            self.single -= 1

    def run(self) -> list[Tok]:
        text = self.text
        while self.pos < len(text):
            c = text[self.pos]
            if c.isspace() or c == "~":
                self.spaced = True
                self.pos += 1
            elif c == "%":
                fail(text, self.pos, self.pos + 1, "a comment inside a formula")
            elif c == "\\":
                self.command()
            elif c.isdigit() or (c == "." and text[self.pos + 1:self.pos + 2].isdigit()):
                self.number()
            elif c.isalpha() and c.isascii():
                self.letter()
            elif c in PUNCT or c in "<>=":
                self.punct(c)
            else:
                fail(text, self.pos, self.pos + 1, "a character the grammar does not know")
        return self.out

    def letter(self):
        """A letter; right after a one-letter script, another letter that may continue it (:func:`.runon.run_on`) is
        refused: TeX sets ``\\sigma_ij`` as ``\\sigma_i j``, but the author means ``\\sigma_{ij}``."""
        start, text = self.pos, self.text
        if self.single and self.out and self.out[-1].kind in ("SUP", "SUB") and run_on(self.out, text, start):
            fail(text, self.out[-1].start, start + 2, "a letter right after a one-letter script (x_ij, x^ab): TeX "
                 "sets x_i j, rarely what is meant; write x_{ij}, or x_i \\, j for the product")
        self.emit("NAME", text[start], start, start + 1)
        self.pos += 1

    def number(self):
        start = self.pos
        if self.single:
            end = start + 1
            if self.text[start] == ".":
                fail(self.text, start, end + 1, "a full stop where TeX takes one character as the argument (\\sqrt .5 "
                     "is the root of '.' then 5): write the argument in braces, \\sqrt{.5}")
            if self.out and self.out[-1].kind in ("SUP", "SUB") and _NUMBER.match(self.text, end) \
                    and not self.text[end:end + 1].isspace():
                fail(self.text, self.out[-1].start, _NUMBER.match(self.text, end).end(), "a number right after a "
                     "one-digit script (x^23): TeX sets x^2 then 3, rarely what is meant; write x^{23}, or x^2 \\cdot 3")
        else:
            end = _NUMBER.match(self.text, start).end()
            after_factor = self.out and (self.out[-1].kind in FACTOR_ENDS or _closing_bar(self.out))
            if self.text[start] == "." and after_factor:
                fail(self.text, self.out[-1].start, end, f"a decimal written {self.text[start:end]} right after a "
                     f"factor ((1 + x).1): the product with 0{self.text[start:end]}, or a product written with a "
                     f"full stop? Write 0{self.text[start:end]} or \\cdot")
            group = _THOUSANDS.match(self.text, end)  # 1{,}000
            if group and "." not in self.text[start:end]:
                end = group.end()
        self.emit("NUMBER", self.text[start:end].replace("{,}", ""), start, end)
        self.pos = end

    def punct(self, c):
        start = self.pos
        self.pos += 1
        if c in "<>=":
            if c in "<>" and self.text[self.pos:self.pos + 1] == "=":
                self.pos += 1
                c += "="
            self.emit("REL", RELATIONS.get(c, c), start, self.pos)
            return
        if c == ":" and self.text[self.pos:self.pos + 1] == "=":
            self.pos += 1
            self.emit("REL", "=", start, self.pos)
            return
        kind = PUNCT[c]
        if kind == "LBRACE":
            self.resume.append(self.single - 1 if self.single else 0)
            self.single = 0
            self.emit(kind, c, start, self.pos, consumes=False)
        elif kind == "RBRACE":
            self.emit(kind, c, start, self.pos, consumes=False)
            self.single = self.resume.pop() if self.resume else 0
        else:
            self.emit(kind, c, start, self.pos, consumes=kind not in ("SUP", "SUB"))
            if kind in ("SUP", "SUB"):
                self.single = 1

    def command(self):
        start = self.pos
        m = _COMMAND.match(self.text, start)
        if m is None:
            fail(self.text, start, start + 1, "a lone backslash")
        self.pos = m.end()
        name = m.group(1)
        if name is None:
            self.symbol_command(m.group(2), start)
        elif name in ("left", "right", "bigl", "bigr", "Bigl", "Bigr", "big", "Big", "biggl", "biggr"):
            self.delimiter(name, start)
        elif name in ("quad", "qquad"):
            self.refuse_spaced_entries(start)
            self.gap(start)
        elif name in SPACING:
            self.spaced = True
        elif name in TEXT_COMMANDS or name in REFERENCES:
            self.text_group(name, start)
        elif name == "cr":    # plain TeX's row end (cases, array, aligned): the row break \\ is
            self.symbol_command("\\", start)
        else:
            self.named(ALIASES.get(name, name), start)

    def symbol_command(self, ch, start):
        if ch == "\\":
            self.emit("NEWROW", "\\\\", start, self.pos, consumes=False)
            space = _ROW_SPACE.match(self.text, self.pos)  # \\[0.5em]: the row break's extra space, not a bracket
            self.pos = space.end() if space else self.pos
        elif ch == ";" and (_DIFFERENTIAL.match(self.text, self.pos) and "\\int" in self.text[:start]
                            or _RELATION_NEXT.match(self.text, self.pos) or (self.out and self.out[-1].kind == "REL")):
            self.spaced = True   # a thin space before a differential, around a relation (y \;=\; x): spacing
        elif ch == ";":
            self.gap(start)
        elif ch in ",:!> ":   # thin, medium (\: and \>), negative and normal spaces
            self.spaced = True
        elif ch == "{":
            self.emit("LSET", "{", start, self.pos)
        elif ch == "}":
            self.emit("RSET", "}", start, self.pos)
        elif ch == "%":
            self.emit("PERCENT", "%", start, self.pos)
        elif ch == "|":
            self.emit("DBAR", "\\|", start, self.pos)
        elif ch in "#_":
            self.emit("CMD", "\\" + ch, start, self.pos)
        else:
            fail(self.text, start, self.pos, "a command the grammar does not know")

    def refuse_spaced_entries(self, start):
        """Refuse ``\\left(a \\quad b\\right)^t``: a wide space between two terms inside brackets sets a vector's
        (or a list's) entries apart, never a product."""
        opened = _open_group(self.out)[0]
        if opened in ("LPAREN", "LBRACK") and self.out[-1].kind in FACTOR_ENDS and ENTRY.match(self.text, self.pos):
            fail(self.text, start, self.pos, "a wide space between two terms inside brackets ((a \\quad b)): the "
                 "entries of a vector or a list, not a product; quote one entry, or write \\cdot for a product")

    def gap(self, start):
        """A wide space (``\\quad``, ``\\qquad``, ``\\;``): where a side condition may begin."""
        self.emit("GAP", "", start, self.pos, consumes=False)
        self.spaced = True

    def delimiter(self, name, start):
        slash = _SIZED_SLASH.match(self.text, self.pos)
        if slash is not None and name in ("big", "Big"):   # a \Big/ b: the division, set large
            self.pos = slash.end()
            self.emit("DIV", "/", start, self.pos)
            return
        m = _DELIM_AFTER.match(self.text, self.pos)
        if m is None:
            fail(self.text, start, self.pos, f"\\{name} without a delimiter")
        self.pos = m.end()
        delim = m.group(1)
        if delim == ".":
            self.spaced = True
            return
        kind = DELIMITERS.get(delim)
        if kind is None:
            fail(self.text, start, self.pos, f"\\{name} with {delim}, a delimiter the grammar does not know")
        if kind == "BAR":
            kind = "ABSL" if name == "left" else ("ABSR" if name == "right" else "BAR")
        text = "\\|" if kind == "DBAR" else delim   # \left\lVert is the \| a notation entry spells
        self.emit(kind, text, start, self.pos, consumes=name not in ("left", "bigl", "Bigl", "biggl"))

    def text_group(self, name, start):
        body, end = balanced(self.text, self.pos)
        single = re.compile(r"\s*([A-Za-z0-9])").match(self.text, self.pos)
        if body is None and single is not None and name in NAME_COMMANDS:  # \mathsf T: one character, as TeX
            body, end = single.group(1), single.end()
        if body is None:
            fail(self.text, start, self.pos, f"\\{name} without a {{...}} group")
        self.pos = end
        self.emit("WORD", _plain(body).strip(), start, self.pos, cmd=name)
        if spaced(body).endswith(" "):
            self.spaced = True

    def named(self, name, start):
        if name in RELATIONS:
            self.emit("REL", RELATIONS[name], start, self.pos)
        elif name in GREEK:
            self.emit("NAME", "\\" + name, start, self.pos)
        elif name in KEYWORDS:
            kind = KEYWORDS[name]
            self.emit(kind, "\\" + name, start, self.pos, consumes=kind not in ("FRAC", "SQRT", "BINOM"))
            if kind in ("FRAC", "SQRT", "BINOM"):
                self.single = 1 if kind == "SQRT" else 2
        elif name in ("begin", "end"):
            self.environment(name, start)
        elif name in ("lvert", "rvert", "vert"):
            self.emit({"lvert": "ABSL", "rvert": "ABSR"}.get(name, "BAR"), "|", start, self.pos)
        elif name in ("Vert", "lVert", "rVert", "parallel"):   # \parallel: D(P \parallel Q), as \|
            self.emit("DBAR", "\\|", start, self.pos)
        elif name in ("hspace", "vspace", "hskip"):
            self.skip_group(start)
        else:
            self.emit("CMD", "\\" + name, start, self.pos)

    def skip_group(self, start):
        """``\\hspace{2cm}``: a wide space, its argument dropped."""
        _, end = balanced(self.text, self.pos)
        self.pos = end if end else self.pos
        self.gap(start)

    def environment(self, name, start):
        m = _GROUP_TEXT.match(self.text, self.pos)
        if m is None:
            fail(self.text, start, self.pos, f"\\{name} without an environment name")
        self.pos = m.end()
        env = m.group(1).strip().rstrip("*")
        if env in ("cases", "dcases"):
            self.emit("BEGIN_CASES" if name == "begin" else "END_CASES", env, start, self.pos, consumes=False)
        elif env in ("aligned", "align", "equation", "split", "gathered", "gather", "multline"):
            self.spaced = True
        else:
            fail(self.text, start, self.pos, f"the environment {env!r}")


def after_argument(tokens: list[Tok], k: int) -> int:
    """The index after the script argument starting at ``k`` in ``tokens`` (one token or a brace group)."""
    if k >= len(tokens) or tokens[k].kind != "LBRACE":
        return k + 1
    depth = 0
    while k < len(tokens):
        depth += (tokens[k].kind == "LBRACE") - (tokens[k].kind == "RBRACE")
        k += 1
        if depth == 0:
            break
    return k


def opening_brace(tokens: list[Tok], close: int, pair: tuple = ("LBRACE", "RBRACE")) -> int:
    """The index of the ``{`` that ``tokens[close]`` closes (-1 if none): :func:`after_argument` read backwards;
    ``pair``: the kinds of another group (``("LPAREN", "RPAREN")``)."""
    depth, k = 0, close
    while k >= 0:
        depth += (tokens[k].kind == pair[1]) - (tokens[k].kind == pair[0])
        if depth == 0:
            return k
        k -= 1
    return -1


def closing(tokens: list[Tok], opened: int) -> int:
    """The index of the ``}`` or ``)`` that closes the group opened at ``tokens[opened]`` (``len(tokens)`` if none):
    :func:`opening_brace` read forwards."""
    pair = ("LPAREN", "RPAREN") if tokens[opened].kind == "LPAREN" else ("LBRACE", "RBRACE")
    depth = 0
    for k in range(opened, len(tokens)):
        depth += (tokens[k].kind == pair[0]) - (tokens[k].kind == pair[1])
        if depth == 0:
            return k
    return len(tokens)


def unbraced(arg: list[Tok]) -> list[Tok]:
    """A script's argument without its braces, nested ones too (``{{1}}`` -> ``1``)."""
    while len(arg) >= 2 and arg[0].kind == "LBRACE" and after_argument(arg, 0) == len(arg):
        arg = arg[1:-1]
    return arg


ARGUMENT_BEFORE = ("SUP", "SUB", "FRAC", "SQRT", "CMD", "WORD", "RBRACE", "RBRACK", "BINOM")
"""Tokens after which a brace group is a command's or a script's argument, not a bare group."""


def balanced(text: str, pos: int) -> tuple[str | None, int]:
    """The content of the balanced ``{...}`` group at ``pos`` (after spaces) and the offset after it."""
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if pos >= len(text) or text[pos] != "{":
        return None, pos
    depth, k = 0, pos
    while k < len(text):
        if text[k] == "\\":
            k += 2
            continue
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        if depth == 0:
            return text[pos + 1:k], k + 1
        k += 1
    return None, pos


def spaced(body: str) -> str:
    """``body`` with its spacing commands as blanks: ``\\mathrm{for\\ }`` is the word "for" and a space, as TeX sets
    it (a control space, ``~``, ``\\,``, ``\\;``, ``\\:``, ``\\quad``, ``\\qquad``)."""
    return re.sub(r"\\(?:[ ,;:]|q?quad(?![A-Za-z]))|~", " ", body)


def _plain(body: str) -> str:
    """The text of a ``\\text{...}`` group: escaped characters as themselves, inner groups flattened, spacing
    commands as blanks (:func:`spaced`)."""
    body = re.sub(r"\\([_#&%$])", r"\1", spaced(body))
    return re.sub(r"[{}]", "", body)


def lex(text: str) -> list[Tok]:
    """Raw tokens of ``text`` (SymdpError on a character or command TeX-math does not have)."""
    if not isinstance(text, str):
        raise SymdpError("latex", text, "a string of LaTeX math")
    if len(text) > MAX_CHARS:
        raise SymdpError("latex", text[:40] + "...", f"at most {MAX_CHARS} characters")
    return _undoubled(_Lexer(text).run())


def _undoubled(tokens: list[Tok]) -> list[Tok]:
    """``x_{{2}}`` as ``x_{2}``: braces doubled around a script's whole argument group nothing (TeX sets both alike),
    so that the argument reads as the single-braced one does (the member 2, the name x_2)."""
    dropped: set[int] = set()
    for k, t in enumerate(tokens[:-2]):
        inner = k + 2
        if t.kind not in ("SUP", "SUB") or tokens[k + 1].kind != "LBRACE":
            continue
        last = after_argument(tokens, k + 1) - 1
        while inner < last and tokens[inner].kind == "LBRACE" and after_argument(tokens, inner) == last:
            dropped |= {inner, last - 1}
            inner, last = inner + 1, last - 1
    return [t for k, t in enumerate(tokens) if k not in dropped]
