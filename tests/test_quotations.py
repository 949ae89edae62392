"""Every quotation of the catalogue stands verbatim in the seed text it names.

A derivation quotes a printed formula as ``quote("<seed file>", line=..., number="(12)",
latex=r"...")``.  The seed texts themselves stay out of the repository and the wheel; when
they are reachable (``../shared/papers/`` beside the checkout, as in development and CI, or
the folder named by ``SYMDP_PAPERS``) each quotation is checked against them: the LaTeX
stands at the stated line (whitespace-normalised), and the printed equation number, when
given, at that line or just below it (a display's number may follow on its own line).

The quotations are read from the derivation files' syntax trees, not by running the
catalogue, so this check is cheap and independent of the engine.
"""
from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "derivations"
SEED = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")
NUMBER_REACH = 2
"""Lines below the quoted one where a display's equation number may stand."""


@dataclass(frozen=True)
class Quotation:
    where: str          # derivation file:line of the quote(...) call
    path: str
    line: int | None
    latex: str | None
    number: str | None


def _constants(tree) -> dict:
    """Names bound (anywhere in the file) to a string literal: ``PAPER = "000_...txt"``, ``EQ6 = r"..."``."""
    found, clash = {}, set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            name = node.targets[0].id
            if isinstance(value, str):
                clash |= {name} if found.get(name, value) != value else set()
                found[name] = value
    return {k: v for k, v in found.items() if k not in clash}


def _value(node, constants):
    if node is None:
        return None
    if isinstance(node, ast.Name) and node.id in constants:
        return constants[node.id]
    return ast.literal_eval(node)


def _is_quote(node) -> bool:
    f = node.func
    return isinstance(node, ast.Call) and (getattr(f, "id", None) == "quote" or getattr(f, "attr", None) == "quote")


def quotations() -> list[Quotation]:
    """Every ``quote(...)`` call of the catalogue; its arguments must be literals, or names bound to string
    literals in the same file, so that the quotations are checkable without running anything."""
    found = []
    for file in sorted(CATALOGUE.rglob("*.py")):
        tree = ast.parse(file.read_text(), str(file))
        constants = _constants(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _is_quote(node)):
                continue
            where = f"{file.relative_to(ROOT)}:{node.lineno}"
            keyword = {k.arg: k.value for k in node.keywords}
            try:
                args = [_value(node.args[0] if node.args else keyword.get("path"), constants)]
                args += [_value(keyword.get(k), constants) for k in ("line", "latex", "number")]
            except ValueError as exc:
                raise AssertionError(f"{where}: quote(...) arguments must be literals ({exc})") from None
            found.append(Quotation(where, *args))
    return found


def papers_folder() -> Path | None:
    """``SYMDP_PAPERS``, else the first ``shared/papers`` found beside the checkout or above it."""
    env = os.environ.get("SYMDP_PAPERS")
    if env:
        return Path(env)
    for up in (ROOT.parent, *ROOT.parent.parents):
        if (up / "shared" / "papers").is_dir():
            return up / "shared" / "papers"
    return None


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


QUOTES = quotations()
SEED_QUOTES = [q for q in QUOTES if SEED.match(Path(q.path).name)]


def test_catalogue_quotes_the_seeds():
    assert len(SEED_QUOTES) >= 60, f"only {len(SEED_QUOTES)} quotations of the seed texts"


@pytest.mark.parametrize("q", SEED_QUOTES, ids=lambda q: q.where)
def test_quotation_is_complete(q):
    """A seed quotation carries its line and its LaTeX, so it works where the seeds are absent."""
    assert isinstance(q.line, int) and q.line >= 1, f"{q.where}: line={q.line!r}"
    assert isinstance(q.latex, str) and q.latex.strip(), f"{q.where}: latex={q.latex!r}"
    assert q.number is None or re.fullmatch(r"\([0-9A-Za-z.]+\)", q.number), f"{q.where}: number={q.number!r}"


@pytest.mark.parametrize("q", SEED_QUOTES, ids=lambda q: q.where)
def test_quotation_stands_in_the_seed(q):
    folder = papers_folder()
    if folder is None:
        pytest.skip("seed texts not reachable (set SYMDP_PAPERS or check out beside shared/papers)")
    file = folder / q.path
    assert file.is_file(), f"{q.where}: no seed text {q.path} in {folder}"
    lines = file.read_text(encoding="utf-8").splitlines()
    assert q.line <= len(lines), f"{q.where}: line {q.line} beyond the end of {q.path} ({len(lines)} lines)"
    text = lines[q.line - 1]
    assert normalised(q.latex) in normalised(text), (
        f"{q.where}: {q.path} line {q.line} does not hold {q.latex!r}; it reads {text[:300]!r}")
    if q.number:
        near = " ".join(lines[q.line - 1:q.line + NUMBER_REACH])
        assert q.number in near or q.number.strip("()") in re.findall(r"\\tag\{([^}]*)\}", near), (
            f"{q.where}: equation number {q.number} not at {q.path} line {q.line}")


def test_seed_texts_stay_out_of_the_repository():
    """The papers are provenance, not content: no seed text is shipped in the checkout or the package."""
    shipped = [p for p in ROOT.rglob("*.txt") if SEED.match(p.name) and ".git" not in p.parts]
    assert shipped == []
