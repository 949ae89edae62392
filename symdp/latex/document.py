"""A paper's structure: its files, macros and labelled display equations, with line numbers.

:func:`read` follows ``\\input`` and ``\\include`` (relative to the main file,
never outside its folder tree, at most :data:`MAX_DEPTH` deep, no cycles),
drops comments, collects simple macros (``\\newcommand``, ``\\renewcommand``,
``\\def`` without parameters, ``\\DeclareMathOperator``) and finds the display
equations (``equation``, ``align``/``gather``/``multline``/``eqnarray`` rows,
starred or not), each with its ``\\label`` and the file and line where it
starts.  It is a scanner of plain structure: the math inside is parsed by
:func:`symdp.latex.parse`, never here.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SymdpError
from .macros import _argument

MAX_DEPTH = 16
MAX_BYTES = 5_000_000

_INPUT = re.compile(r"\\(input|include)\s*(?:\{([^{}]*)\}|([^\s{}\\]+))")
_ENV = re.compile(r"\\begin\{(equation|align|gather|multline|eqnarray|flalign|alignat)(\*?)\}(?:\{\d+\})?(.*?)"
                  r"\\end\{\1\2\}", re.S)
_LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")
_SINGLE = ("equation", "multline")


@dataclass(frozen=True)
class Equation:
    """A display equation (or one row of an align): its label, LaTeX, file and line."""

    label: str
    latex: str
    file: str
    """Relative to the main paper's folder."""
    line: int


@dataclass
class Document:
    path: Path
    files: list = field(default_factory=list)
    equations: list = field(default_factory=list)
    """Every display equation or row, labelled or not (label "" when none), in reading order."""
    macros: tuple = ()
    duplicates: list = field(default_factory=list)

    def labels(self) -> dict:
        """{label: Equation} of the labelled ones."""
        return {e.label: e for e in self.equations if e.label}


def _strip_comment(line: str) -> str:
    m = re.search(r"(?<!\\)%", line)
    return line if m is None else line[:m.start()]


def _include(root: Path, name: str, parameter: str) -> Path:
    name = name.strip()
    given = Path(name if Path(name).suffix else name + ".tex")
    if given.is_absolute() or name.startswith("~"):
        raise SymdpError(parameter, name, "a path relative to the paper's folder (absolute paths are refused)")
    target = (root / given).resolve()
    if root.resolve() not in (target, *target.parents):
        raise SymdpError(parameter, name, f"a file inside the paper's folder {root} (refusing to leave it)")
    if not target.is_file():
        raise SymdpError(parameter, name, f"an existing file (no {target.name} in {target.parent})")
    return target


def _gather(path: Path, root: Path, stack: tuple, out: list, files: list):
    """Lines of ``path`` with comments dropped and includes expanded: (file, line, text) triples."""
    if len(stack) > MAX_DEPTH:
        raise SymdpError("\\input", path.name, f"includes nested at most {MAX_DEPTH} deep")
    if path in stack:
        raise SymdpError("\\input", path.name, "no cycle of includes")
    if path.stat().st_size > MAX_BYTES:
        raise SymdpError("paper", str(path), f"a file of at most {MAX_BYTES} bytes")
    files.append(path)
    rel = str(path.relative_to(root.resolve())) if root.resolve() in path.parents else path.name
    for number, raw in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        text = _strip_comment(raw)
        pos = 0
        for m in _INPUT.finditer(text):
            out.append((rel, number, text[pos:m.start()]))
            target = _include(root, m.group(2) if m.group(2) is not None else m.group(3), "\\" + m.group(1))
            _gather(target, root, stack + (path,), out, files)
            pos = m.end()
        out.append((rel, number, text[pos:]))


class _Text:
    """The gathered lines as one string, with offsets mapped back to (file, line)."""

    def __init__(self, lines):
        self.parts, self.starts, offset = [], [], 0
        for file, number, text in lines:
            self.starts.append(offset)
            self.parts.append((file, number, text))
            offset += len(text) + 1
        self.text = "\n".join(t for _, _, t in lines)

    def where(self, offset: int) -> tuple[str, int]:
        k = bisect.bisect_right(self.starts, offset) - 1
        file, number, _ = self.parts[max(k, 0)]
        return file, number


def _macros(text: str) -> tuple:
    out = []
    for m in re.finditer(r"\\(?:re)?newcommand\*?\s*\{?\s*(\\[A-Za-z]+)\s*\}?\s*(?:\[(\d)\])?\s*(?=\{)", text):
        body, _ = _argument(text, m.end())
        out.append((m.group(1), int(m.group(2) or 0), body))
    for m in re.finditer(r"\\def\s*(\\[A-Za-z]+)\s*(?=\{)", text):
        body, _ = _argument(text, m.end())
        out.append((m.group(1), 0, body))
    for m in re.finditer(r"\\DeclareMathOperator\*?\s*\{\s*(\\[A-Za-z]+)\s*\}\s*(?=\{)", text):
        body, _ = _argument(text, m.end())
        out.append((m.group(1), 0, r"\operatorname{%s}" % body))
    return tuple(out)


def _rows(body: str) -> list[tuple[int, str]]:
    """The rows of an align body split at top-level ``\\\\`` (not inside braces or environments): (offset, text)."""
    rows, depth, env, start, k = [], 0, 0, 0, 0
    while k < len(body):
        if body.startswith("\\begin", k):
            env += 1
        elif body.startswith("\\end", k):
            env -= 1
        if body[k] == "\\" and body[k + 1:k + 2] == "\\" and depth == 0 and env == 0:
            rows.append((start, body[start:k]))
            start = k = k + 2
            continue
        if body[k] == "\\":
            k += 2
            continue
        depth += {"{": 1, "}": -1}.get(body[k], 0)
        k += 1
    rows.append((start, body[start:]))
    return rows


def _equations(text: _Text) -> list[Equation]:
    out = []
    for m in _ENV.finditer(text.text):
        name, body, offset = m.group(1), m.group(3), m.start(3)
        rows = [(0, body)] if name in _SINGLE else _rows(body)
        for at, row in rows:
            if not row.strip() or (not _LABEL.search(row) and not re.search(r"[^\s&]", _LABEL.sub("", row))):
                continue
            lead = len(row) - len(row.lstrip())
            file, line = text.where(offset + at + lead)
            labels = _LABEL.findall(row)
            out.append(Equation(labels[0].strip() if labels else "", row.strip(), file, line))
    return out


def read(path) -> Document:
    """The structure of the paper at ``path`` (SymdpError for a missing file or a refused include)."""
    path = Path(path)
    if not path.is_file():
        raise SymdpError("paper", str(path), "an existing .tex file")
    path = path.resolve()
    lines, files = [], []
    _gather(path, path.parent, (), lines, files)
    text = _Text(lines)
    doc = Document(path, files, _equations(text), _macros(text.text))
    seen = set()
    for e in doc.equations:
        if e.label and e.label in seen:
            doc.duplicates.append(e)
        seen.add(e.label)
    return doc
