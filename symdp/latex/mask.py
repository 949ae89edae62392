"""Text LaTeX never typesets, blanked out: comments, ``\\iffalse`` blocks, verbatim and comment environments.

:func:`mask` returns the file's text with every such character replaced by a
space (newlines kept), so offsets and line numbers of what remains are the
file's own.  The later scanner then never sees a ``\\label`` in
``\\if0 ... \\fi``, a ``\\begin{equation}`` in a ``verbatim`` block or an
``\\input`` in a comment.  Conditionals are tracked as TeX does: every
``\\if...`` opens one (nested ones are counted while skipping), ``\\else``
flips only the one it belongs to, ``\\fi`` closes it.  A conditional whose
test is unknown here (``\\ifnum\\pdf@shellescape=1``) keeps both branches:
only tests decidable from the text (``\\iffalse``, ``\\iftrue``, ``\\if00``,
``\\ifnum 0=1``) decide anything.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

VERBATIM = frozenset("verbatim verbatim* Verbatim Verbatim* BVerbatim LVerbatim spverbatim lstlisting minted "
                     "comment filecontents filecontents*".split())
"""Environments whose body is not LaTeX to read (ended by the literal ``\\end{name}``)."""
INLINE_VERBATIM = frozenset("verb lstinline".split())
NOT_CONDITIONALS = frozenset("""iff ifthenelse ifstrequal ifstrempty ifblank ifdef ifndef ifundef ifdefmacro
    ifcsdef ifcsundef ifdefempty ifbool iftoggle ifboolexpr ifboolexpe ifnumcomp ifnumequal ifnumless
    ifnumgreater ifnumodd ifdimcomp ifdefstring ifdefequal ifcsempty ifcsstring ifcsvoid ifdefvoid ifdefltxprotect
    ifdefprotected ifcsmacro ifinlist ifinlistcs ifentrytype ifcitation ifcategory ifkeyword ifciteseen
    ifnameundef ifcurrentfield""".split())
"""Commands whose names begin with ``if`` but take arguments and close with no ``\\fi`` (etoolbox, ifthen...)."""
_POINT = re.compile(
    r"%|\\(?:(?P<word>if[A-Za-z@]*|else|fi|or|begin|verb|lstinline|makeatletter|makeatother)(?![A-Za-z@])"
    r"|(?:newif|def|gdef|edef|xdef)\s*\\(?:[A-Za-z@]+|.)"  # a name being defined (\newif\ifdraft) opens nothing
    r"|let\s*\\(?:[A-Za-z@]+|.)\s*=?\s?(?:\\(?:[A-Za-z@]+|.)|.)"
    r"|[\\%])", re.S)
"""What matters to masking: comments, conditionals, environments, \\verb; \\\\ and \\% so that neither is misread."""
_LETTERS = re.compile(r"[A-Za-z]+")
_NUMBERS = re.compile(r"\s*(-?\d+)\s*([<=>])\s*(-?\d+)(?!\d)")


@dataclass(frozen=True)
class Unclosed:
    """A construct opened and never closed in the file (skipped to its end): its name and offset."""

    construct: str
    offset: int


def _word(word: str, at_letter: bool) -> str:
    """The control word as TeX reads it here (``@`` a letter only in a style file or after \\makeatletter)."""
    return word if at_letter or "@" not in word else _LETTERS.match(word).group(0)


def _test(text: str, end: int, name: str):
    """True/False when the conditional ``\\name`` ending at ``end`` has a test decidable from the text, else None."""
    if name == "iffalse":
        return False
    if name == "iftrue":
        return True
    if name == "if":  # \if compares the next two tokens: "\if 0 text" (0 against a space) is false
        m = re.compile(r"[ \t]*([^\\%\s])(.)", re.S).match(text, end)
        if m is None or m.group(2) in "\\%":
            return None
        return m.group(1) == m.group(2)
    if name == "ifnum":
        m = _NUMBERS.match(text, end)
        if m is not None:
            a, op, b = int(m.group(1)), m.group(2), int(m.group(3))
            return a < b if op == "<" else a > b if op == ">" else a == b
    return None


class _Masker:
    """One left-to-right pass over a file's text (see the module docstring)."""

    def __init__(self, text: str, at_letter: bool):
        self.text, self.at_letter = text, at_letter
        self.dead: list = []        # (start, end) spans to blank
        self.frames: list = []      # per open conditional: [decided test or None, is this branch dead]
        self.dead_from = None       # where the current dead stretch began
        self.unclosed: list = []

    @property
    def skipping(self) -> bool:
        return any(f[1] for f in self.frames)

    def _update(self, was: bool, at: int, end: int):
        now = self.skipping
        if now and not was:
            self.dead_from = at
        elif was and not now:
            self.dead.append((self.dead_from, end))

    def conditional(self, name: str, start: int, end: int):
        was = self.skipping
        if name == "else" or name == "or":
            if self.frames and self.frames[-1][0] is not None and name == "else":
                self.frames[-1][1] = not self.frames[-1][1]
        elif name == "fi":
            if self.frames:
                self.frames.pop()
        else:
            test = None if was else _test(self.text, end, name)
            self.frames.append([test, test is False])
        self._update(was, start, end)

    def environment(self, start: int, end: int) -> int:
        """Blank a verbatim-like environment whose ``\\begin`` spans start..end; the offset after it."""
        env = re.compile(r"\s*\{([A-Za-z]+\*?)\}").match(self.text, end)
        if env is None or env.group(1) not in VERBATIM:
            return end
        close = self.text.find("\\end{%s}" % env.group(1), env.end())
        stop = len(self.text) if close < 0 else close + len(env.group(1)) + 6
        if close < 0:
            self.unclosed.append(Unclosed("\\begin{%s}" % env.group(1), start))
        self.dead.append((start, stop))
        return stop

    def inline(self, start: int, end: int) -> int:
        """Blank ``\\verb|...|`` (the delimiter is the next character; it ends on the same line)."""
        k = end + (self.text[end:end + 1] == "*")
        if k >= len(self.text):
            return k
        close = self.text.find(self.text[k], k + 1)
        newline = self.text.find("\n", k + 1)
        stop = close + 1 if close >= 0 and (newline < 0 or close < newline) else k + 1
        self.dead.append((start, stop))
        return stop

    def run(self) -> str:
        pos = 0
        while True:
            m = _POINT.search(self.text, pos)
            if m is None:
                break
            pos = self.step(m)
        if self.skipping:
            self.dead.append((self.dead_from, len(self.text)))
            self.unclosed.append(Unclosed("\\if...", self.dead_from))
        return _blank(self.text, self.dead)

    def step(self, m) -> int:
        if m.group(0) == "%":
            end = self.text.find("\n", m.start())
            end = len(self.text) if end < 0 else end
            self.dead.append((m.start(), end))
            return end
        if m.group("word") is None:  # \\, \% or a name being defined
            return m.end()
        name = _word(m.group("word"), self.at_letter)
        start, end = m.start(), m.start() + 1 + len(name)
        if name in ("makeatletter", "makeatother"):
            self.at_letter = name == "makeatletter"
        elif (name.startswith("if") and name not in NOT_CONDITIONALS) or name in ("else", "fi", "or"):
            self.conditional(name, start, end)
        elif self.skipping:
            return end
        elif name == "begin":
            return self.environment(start, end)
        elif name in INLINE_VERBATIM:
            return self.inline(start, end)
        return end


def _blank(text: str, spans) -> str:
    """``text`` with the characters of ``spans`` replaced by spaces (newlines kept)."""
    out, pos = [], 0
    for start, end in sorted(spans):
        start = max(start, pos)
        if end <= start:
            continue
        out.append(text[pos:start])
        out.append(re.sub(r"[^\n]", " ", text[start:end]))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def mask(text: str, at_letter: bool = False) -> tuple[str, tuple]:
    """``text`` with what LaTeX never typesets blanked, and the constructs left unclosed (:class:`Unclosed`)."""
    masker = _Masker(text, at_letter)
    return masker.run(), tuple(masker.unclosed)
