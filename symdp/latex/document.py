"""A paper's structure: its files, macros, notes and labelled display equations, with line numbers.

:func:`read` reads the paper as LaTeX would, in reading order: what TeX
never typesets is blanked first (:mod:`.mask`: comments, ``\\iffalse`` and
``\\if0`` blocks, ``comment``/``verbatim``/``lstlisting``/``minted``); then
one pass over TeX's tokens follows ``\\input``/``\\include``/``\\subfile``/
``\\import`` (also inside the calls of the paper's own macros that wrap
them, ``\\newcommand\\includechapter[2]{\\include{#2/TeX/#2}}``) and the
project's own style files and classes (:mod:`.project`: inside the
project, at most :data:`MAX_DEPTH` deep, no cycles, never run),
reads macro definitions (:mod:`.definitions`; a definition's body is never
read as typeset text) and finds the display equations (``equation``,
``align``/``gather``/``flalign``/``alignat``/``eqnarray`` rows, ``multline``,
``displaymath``, ``\\[...\\]``, ``$$...$$``, starred or not, and the paper's
own aliases such as ``\\def\\be{\\begin{equation}}``), each with its
``\\label``, file and line; an ``align`` row is read pair of columns by pair
(:mod:`.rows`: ``a &= b & c &= d`` states two equations, the row's label
going with the first; ``&& \\text{by ...}`` is a justification, left out).
A token scanner, not a LaTeX tree: TeX has no structure but braces, and a tree walker (pylatexenc) reads
``\\newcommand{\\be}{\\begin{equation}}`` as an environment swallowing the
rest of the paper.  The math inside is parsed by :func:`symdp.latex.parse`,
never here.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import SymdpError
from .definitions import KEYWORDS, define, group, option
from .logbase import base_clauses
from .macros import call
from .mask import mask
from .project import Note, locate, project_root, relative
from .prose import around
from .rows import LABEL, PAIRED, label_of, pairs_of, rows_of

MAX_DEPTH = 16
MAX_BYTES = 5_000_000
"""Largest file read."""
MAX_TOTAL = 20_000_000
"""Most bytes read for one paper, all its files together."""

DISPLAYS = frozenset("equation align gather multline eqnarray flalign alignat displaymath".split())
SINGLE = frozenset("equation multline displaymath".split())
"""Displays that state one equation (their ``\\\\`` break a line, not a row)."""
INCLUDES = {"input": "input", "include": "include", "subfile": "input", "import": "import",
            "subimport": "import", "inputfrom": "import", "subinputfrom": "import", "includefrom": "import",
            "subincludefrom": "import", "usepackage": "package", "RequirePackage": "package",
            "documentclass": "class", "LoadClass": "class"}
"""Commands that bring in a file, by how its name is looked up (:func:`.project.locate`)."""

_TOKEN = re.compile(r"\\([A-Za-z@]+|.)|\$\$?", re.S)
_WORDS = frozenset(KEYWORDS | set(INCLUDES) | {"makeatletter", "makeatother", "includeonly", "begin", "write"})
"""The control words the scanner acts on (with the paper's display aliases); every other token is passed over."""
_LETTERS = re.compile(r"[A-Za-z]+")
_SHELL = re.compile(r"\\input\s*\{?\s*\||\\write\s*18")
_BRINGS = re.compile(r"\\(?:%s)(?![A-Za-z@])"
                     % "|".join(k for k, v in INCLUDES.items() if v in ("input", "include", "import")))
"""An include command in a macro's body: the macro's calls are expanded (``\\includechapter{4}{ch}``)."""


@dataclass(frozen=True)
class Equation:
    """A display equation (or one row of an align): its label, LaTeX, file and line."""

    label: str
    latex: str
    file: str
    """Relative to the main paper's folder."""
    line: int
    prose: tuple = field(default=(), compare=False)
    """The text of its paragraph before and after the display (:func:`.prose.around`), whose sentences may declare
    its names."""


@dataclass(frozen=True)
class Document:
    """What :func:`read` found: files, equations (reading order), macros, duplicates and notes."""

    path: Path
    files: tuple = ()
    """Every file read (absolute paths, reading order, each once)."""
    equations: tuple = ()
    """Every display equation or row, labelled or not (label "" when none), in reading order."""
    macros: tuple = ()
    """:class:`.macros.Macro` records, one per name, in the order of their (last) definition."""
    duplicates: tuple = ()
    """Equations whose label an earlier equation already has."""
    notes: tuple = ()
    """:class:`.project.Note` records: files not read, commands never run, blocks never closed."""
    root: Path | None = None
    """The project folder (nothing outside it is read)."""
    includers: tuple = field(default=(), repr=False)
    """(file, the file that brought it in) pairs of absolute paths."""

    def labels(self) -> dict:
        """{label: Equation} of the labelled ones."""
        return {e.label: e for e in self.equations if e.label}

    def where(self, equation: Equation) -> Path:
        """The absolute path of the file an equation stands in."""
        return (self.path.parent / equation.file).resolve()

    def under(self, file) -> frozenset:
        """``file`` and every file it brings in, directly or not (absolute paths)."""
        out, grew = {Path(file).resolve()}, True
        while grew:
            more = {child for child, parent in self.includers if parent in out} - out
            out |= more
            grew = bool(more)
        return frozenset(out)


class _Lines:
    def __init__(self, text: str):
        self.breaks = [m.start() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> int:
        return bisect.bisect_left(self.breaks, offset) + 1


def _word(m, at_letter: bool) -> str:
    name = m.group(1)
    if name is None:
        return m.group(0)
    if not at_letter and len(name) > 1 and "@" in name:
        letters = _LETTERS.match(name)
        return "@" if letters is None else letters.group(0)
    return name


class _File:
    """One file being scanned: its path, masked text, line map and whether ``@`` is a letter."""

    def __init__(self, path: Path, text: str, rel: str):
        self.path, self.rel = path, rel
        self.at_letter = path.suffix in (".sty", ".cls")
        self.text, self.unclosed = mask(text, self.at_letter)
        self.lines = _Lines(self.text)


class _Line:
    def __init__(self, line: int):
        self.line = line

    def at(self, offset: int) -> int:
        return self.line


class _Expansion:
    """A macro call's expansion, scanned in place of the call: the calling file, every offset at the call's line."""

    def __init__(self, f, text: str, line: int):
        self.path, self.rel, self.at_letter, self.text = f.path, f.rel, f.at_letter, text
        self.lines, self.unclosed = _Line(line), ()


class _Reader:
    """The state of one :func:`read`: what was found so far, in reading order."""

    def __init__(self, main: Path, root: Path):
        self.main, self.root = main, root
        self.files, self.equations, self.notes, self.includers = [], [], [], []
        self.macros: dict = {}
        self.bases: list = []
        """The paper's clauses giving the logarithm a base throughout (:func:`.prose.base_clauses`)."""
        self.since: dict = {}
        """How many equations were read when each macro was (last) defined."""
        self.loaded: set = set()
        self.only: set | None = None
        self.total = 0
        self.aliases: dict = {}
        self.expanding: set = set()
        self.pattern = _pattern(self.aliases)

    def note(self, kind: str, f: _File, offset: int, construct: str, detail: str):
        self.notes.append(Note(kind, f.rel, f.lines.at(offset), re.sub(r"\s+", " ", construct.strip())[:160], detail))

    # -- files ---------------------------------------------------------------------------------------------
    def read_file(self, path: Path, stack: tuple):
        if len(stack) > MAX_DEPTH:
            raise SymdpError("\\input", path.name, f"includes nested at most {MAX_DEPTH} deep")
        if path in stack:
            raise SymdpError("\\input", path.name, "no cycle of includes")
        size = path.stat().st_size
        self.total += size
        if size > MAX_BYTES or self.total > MAX_TOTAL:
            raise SymdpError("paper", str(path), f"files of at most {MAX_BYTES} bytes, {MAX_TOTAL} in all")
        if path not in self.files:
            self.files.append(path)
        f = _File(path, path.read_text(encoding="utf-8", errors="replace"), relative(path, self.main.parent))
        self.bases += base_clauses(f.text) if path.suffix == ".tex" else ()
        for u in f.unclosed:
            self.note("unclosed", f, u.offset, u.construct, "never closed: skipped to the end of the file")
        self.scan(f, stack + (path,))

    def scan(self, f: _File, stack: tuple):
        pos, text = 0, f.text
        while True:
            m = self.pattern.search(text, pos)
            if m is None:
                return
            name = m.group(1) or m.group(2) or m.group(3)
            pos = m.end() if name in ("\\", "$") and m.group(2) else self.token(f, stack, m, name)

    def token(self, f: _File, stack: tuple, m, name: str) -> int:
        """Handle one token (a control word of :data:`_WORDS`, an alias, ``\\[``, ``$``, ``$$``); where to go on."""
        end = m.end()
        if name in ("makeatletter", "makeatother"):
            f.at_letter = name == "makeatletter"
        elif name in KEYWORDS:
            return self.definition(f, name, m.start(), end)
        elif name in INCLUDES:
            return self.include(f, stack, INCLUDES[name], m.start(), end)
        elif name == "includeonly":
            got = group(f.text, end)
            self.only = {n.strip() for n in got[0].split(",")} if got else self.only
            return got[1] if got else end
        elif name == "begin":
            return self.begin(f, end)
        elif self.aliases.get(name, ("",))[0] == "include":
            return self.expansion(f, stack, name, m.start(), end)
        elif name in ("[", "$$") or name in self.aliases and self.aliases[name][0] == "begin":
            env = {"[": "\\[", "$$": "$$"}.get(name) or self.aliases[name][1]
            return self.display(f, env, end, m.start())
        elif name == "$":
            return self.inline(f.text, end)
        elif name == "write":
            eighteen = re.compile(r"\s*18").match(f.text, end)
            if eighteen is None:
                return end
            got = group(f.text, eighteen.end())
            stop = got[1] if got else eighteen.end()
            self.note("shell-escape", f, m.start(), f.text[m.start():stop], "never run")
            return stop
        return end

    # -- definitions ---------------------------------------------------------------------------------------
    def definition(self, f: _File, command: str, start: int, end: int) -> int:
        d = define(command, f.text, end, self.macros)
        if d.skipped and f.path.suffix == ".tex":  # a style file's internals are not the paper's notation
            self.note("macro", f, start, f.text[start:min(d.end, start + 80)], "not expanded: " + d.skipped)
        if d.macro is None:
            return max(d.end, end)
        macro = d.macro
        if _SHELL.search(macro.body):
            self.note("shell-escape", f, start, f.text[start:min(d.end, start + 80)],
                      f"a shell command in the definition of {macro.name}: never run")
        if command == "providecommand" and macro.name in self.macros:
            return d.end
        old = self.macros.pop(macro.name, None)
        macro = replace(macro, file=f.rel, line=f.lines.at(start))
        if old is not None and (old.before or tuple(old) + (old.default, old.star) != tuple(macro) + (
                macro.default, macro.star) and (self.since.get(macro.name, 0) < len(self.equations) or
                                                _grouped(f, command, start))):
            macro = replace(macro, before=old.before or f"{old.file}:{old.line} {{{old.body}}}")
        self.since[macro.name] = len(self.equations)
        self.macros[macro.name] = macro
        self._alias(macro)
        return d.end

    def _alias(self, macro):
        """A macro standing for ``\\begin{equation}`` (or its ``\\end``) opens (closes) that display."""
        m = re.fullmatch(r"\s*\\(begin|end)\s*\{([A-Za-z]+\*?)\}\s*", macro.body)
        key, before = macro.name[1:], dict(self.aliases)
        self.aliases.pop(key, None)
        if macro.nargs == 0 and m is not None and m.group(2).rstrip("*") in DISPLAYS:
            self.aliases[key] = (m.group(1), m.group(2))
        elif _BRINGS.search(macro.body) and not _SHELL.search(macro.body):
            self.aliases[key] = ("include", "")
        if self.aliases != before:
            self.pattern = _pattern(self.aliases)

    def expansion(self, f, stack: tuple, name: str, start: int, end: int) -> int:
        """A call of a macro whose body brings in files (``\\newcommand\\includechapter[2]{\\include{#2/TeX/#2}}``):
        its expansion is read in place of the call, as TeX would; a macro is not expanded inside its own call."""
        macro = self.macros.get("\\" + name)
        if macro is None or name in self.expanding:
            return end
        try:
            body, stop = call(f.text, end, macro)
        except SymdpError:
            return end
        self.expanding.add(name)
        try:
            self.scan(_Expansion(f, body, f.lines.at(start)), stack)
        finally:
            self.expanding.discard(name)
        return stop

    # -- includes ------------------------------------------------------------------------------------------
    def include(self, f: _File, stack: tuple, kind: str, start: int, end: int) -> int:
        names, stop = self._names(f, kind, start, end)
        for name in names:
            self._bring(f, stack, kind, name, f.text[start:stop], start)
        return stop

    def _names(self, f: _File, kind: str, start: int, end: int) -> tuple[list, int]:
        """The file names an include command gives, and the offset after its arguments."""
        text = f.text
        if kind == "input":
            shell = re.compile(r"\s*\{?\s*\|").match(text, end)
            if shell is not None:
                stop = _shell_end(text, shell.end())
                self.note("shell-escape", f, start, text[start:stop], "a shell command: never run")
                return [], stop
            got = group(text, end)
            if got is None:
                bare = re.compile(r"[ \t]*([^\s{}\\%]+)").match(text, end)
                return ([bare.group(1)], bare.end()) if bare else ([], end)
            return [got[0]], got[1]
        opts = option(text, end)
        pos = opts[1] if opts else end
        got = group(text, pos)
        if got is None:
            return [], pos
        if kind == "import":
            second = group(text, got[1])
            return ([got[0].strip().rstrip("/") + "/" + second[0].strip()], second[1]) if second else ([], got[1])
        names = [n.strip() for n in got[0].split(",")] if kind in ("package", "class") else [got[0]]
        return [n for n in names if n], got[1]

    def _bring(self, f: _File, stack: tuple, kind: str, name: str, construct: str, start: int):
        name = name.strip()
        if kind == "include" and self.only is not None and name not in self.only:
            self.note("excluded", f, start, construct, "left out by \\includeonly")
            return
        folders = list(dict.fromkeys([self.main.parent, f.path.parent]))
        path, why = locate(name, "input" if kind == "import" else kind, folders, self.root)
        if path is None:
            if kind not in ("package", "class") or why == "outside":
                detail = f"outside the project {self.root}: not read" if why == "outside" else \
                    "no such file (looked in " + ", ".join(relative(d, self.main.parent) for d in folders) + "): not read"
                self.note(why, f, start, construct, detail)
            return
        if kind in ("package", "class"):
            if path in self.loaded:
                return
            self.loaded.add(path)
        self.includers.append((path, f.path))
        self.read_file(path, stack)

    # -- displays ------------------------------------------------------------------------------------------
    def begin(self, f: _File, end: int) -> int:
        got = re.compile(r"\s*\{([A-Za-z]+\*?)\}").match(f.text, end)
        if got is None:
            return end
        env = got.group(1)
        if env.rstrip("*") not in DISPLAYS:
            return got.end()
        body = got.end()
        if env.startswith("alignat"):
            count = group(f.text, body)
            body = count[1] if count else body
        return self.display(f, env, body, end - 6)

    def display(self, f: _File, env: str, body: int, start: int) -> int:
        close = self._close(f, env, body)
        if close is None:
            self.note("unclosed", f, start, f.text[start:body], "a display never closed: not read")
            return body
        rows = [(0, f.text[body:close[0]])] if env.rstrip("*") in SINGLE or env in ("\\[", "$$") \
            else rows_of(f.text[body:close[0]])
        prose = around(f.text, start, close[1], self._next_display(f.text, close[1]))
        for at, row in rows:
            if not row.strip() or (not LABEL.search(row) and not re.search(r"[^\s&]", LABEL.sub("", row))):
                continue
            labels = LABEL.findall(row)
            label = labels[0].strip() if labels else ""
            pieces = (pairs_of(row) if env.rstrip("*") in PAIRED else []) or [(0, row)]
            for k, (start, piece) in enumerate(pieces):  # the row's label goes with its first equation
                piece = piece.rstrip() + label_of(row, piece) if k == 0 else LABEL.sub("", piece)
                self._row(f, piece, body + at + start, label if k == 0 else "", prose)
        return close[1]

    def _next_display(self, text: str, pos: int) -> int | None:
        """Where the next display after ``pos`` opens (``\\begin{equation}``, ``\\[``, ``$$``, an alias), or None."""
        for m in self.pattern.finditer(text, pos):
            name = m.group(1) or m.group(2) or m.group(3)
            opens = re.compile(r"\s*\{([A-Za-z]+)\*?\}").match(text, m.end()) if name == "begin" else None
            if name in ("[", "$$") or self.aliases.get(name, ("",))[0] == "begin" or \
                    (opens is not None and opens.group(1) in DISPLAYS):
                return m.start()
        return None

    def _row(self, f: _File, row: str, offset: int, label: str, prose: tuple = ()):
        """One equation: ``row`` (its text) at ``offset`` of ``f``, with its label ("" when none) and its prose."""
        lead = len(row) - len(row.lstrip())
        self.equations.append(Equation(label, row.strip(), f.rel, f.lines.at(offset + lead), prose))

    def _close(self, f: _File, env: str, pos: int):
        """(start, end) of what closes the display ``env`` opened before ``pos``, or None."""
        want = {"\\[": "]", "$$": "$$"}.get(env)
        for m in _TOKEN.finditer(f.text, pos):
            name = _word(m, f.at_letter)
            if want is not None:
                if name == want:
                    return m.start(), m.end()
                continue
            if name == "end":
                got = re.compile(r"\s*\{([A-Za-z]+\*?)\}").match(f.text, m.end())
                if got is not None and got.group(1) == env:
                    return m.start(), got.end()
            elif self.aliases.get(name, ("",))[0] == "end" and self.aliases[name][1] == env:
                return m.start(), m.start() + len(name) + 1
        return None

    @staticmethod
    def inline(text: str, pos: int) -> int:
        """The offset after the inline formula opened before ``pos`` (TeX ends it at a blank line at the latest)."""
        blank = re.compile(r"\n[ \t]*\n").search(text, pos)
        limit = blank.start() if blank else len(text)
        for m in _TOKEN.finditer(text, pos, limit):
            if m.group(0) == "$":
                return m.end()
        return limit


def _grouped(f: _File, command: str, start: int) -> bool:
    """Whether a paper's definition at ``start`` stands inside a brace group (``{\\def\\K{1} ...}``): TeX forgets it
    at the group's end, so one definition per name would read the displays after the group with the wrong body."""
    if f.path.suffix != ".tex" or command in ("gdef", "xdef") or re.search(r"\\global\s*$", f.text[:start]):
        return False
    braces = re.findall(r"\\[{}]|[{}]", f.text[:start])
    return braces.count("{") > braces.count("}")


def _pattern(aliases: dict) -> re.Pattern:
    """The tokens :meth:`_Reader.token` acts on: :data:`_WORDS` and ``aliases``, ``\\[``, ``$``, ``$$``; and
    ``\\\\``, ``\\$`` (passed over, so that ``\\\\[2pt]`` opens no display and ``\\$`` no formula)."""
    names = "|".join(re.escape(n) for n in sorted(_WORDS | set(aliases), key=len, reverse=True))
    return re.compile(r"\\(?:(%s)(?![A-Za-z@])|([\[\\$]))|(\$\$?)" % names)


def _shell_end(text: str, pos: int) -> int:
    """The end of a piped ``\\input|"cmd"`` (its quoted command, or the rest of the group or line)."""
    m = re.compile(r'\s*"[^"\n]*"\s*\}?|[^\n}]*\}?').match(text, pos)
    return m.end()


def read(path, root=None) -> Document:
    """The structure of the paper at ``path``; ``root``: the project folder (default: see :mod:`.project`).

    SymdpError for a missing paper, a file too large, includes nested too deep or in a cycle; a missing or
    outside file, a shell command, an unclosed block is a :class:`.project.Note` of the result.
    """
    path = Path(path)
    if not path.is_file():
        raise SymdpError("paper", str(path), "an existing .tex file")
    path = path.resolve()
    reader = _Reader(path, project_root(path, root))
    reader.read_file(path, ())
    seen, duplicates = set(), []
    bases = tuple(dict.fromkeys(reader.bases))
    reader.equations = [replace(e, prose=e.prose + bases) if bases else e for e in reader.equations]
    for e in reader.equations:
        if e.label and e.label in seen:
            duplicates.append(e)
        seen.add(e.label)
    return Document(path, tuple(reader.files), tuple(reader.equations), tuple(reader.macros.values()),
                    tuple(duplicates), tuple(reader.notes), reader.root, tuple(reader.includers))
