"""The layering of symdp, read from the source (ast): what each module imports, at the top or inside a function.

Layers, lowest first (docs/architecture.md, "Layers"); a module may import its own layer and the layers below:

    base      symbols, errors, special, special_mp, versions, latex/   (nothing above; latex/ imports only base)
    kernel    kernel/     (the proof checker, the trusted base: base, SymPy and python-flint only, never engine)
    engine    engine/
    science   mechanisms, adversary, notions, fdp, tvd, guessing, procedures, audit   (they compute; never print)
    report    report/
    display   display/    (notebook and text display of the engine's records)
    api       api, catalogue, paper, paper_standalone, paper_defined, paper_notes, paper_domain, paper_scaffold,
              paper_guards, paper_letters, paper_meanings, paper_leadin   (``symdp paper``'s checker, on the LaTeX
              parsing branch; its --standalone check and its --scaffold writer)
    plugin    pytest_plugin
    cli       cli/, __main__   (the only users of argparse)

Between packages of one layer the imports form no cycle.  Inside the engine, its sub-packages are layered the
same way, lowest first (docs/architecture.md, "The engine"):

    model     statuses, records, domains, arguments, budgets, the one replay failure
    codec     expressions and records as data
    enclose   arb enclosures: compiled expressions, integrals, series, one point judged, printed numbers
    validated box searches on the unit-box chart (the leaves' rules, Taylor forms, derivative chains)
    symbolic  symbolic routes: rewrites, limits, kink cases, Max/Min, induction, logarithms, solve
    regions   regions, faces, tangency, shape, pairs
    sampling  numeric evidence: seeded samples, moving searches, certified points, brute-force oracles
    proof     certificates and proof objects for the kernel, recorded counterexamples
    run       deciding claims, the recorder, registry, runner, shards, result cache, output formats  The oracle is the source text itself: a planted
upward import (``from ..cli import main`` in an engine module) fails :func:`test_no_upward_imports`.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "symdp"

LAYERS = (
    ("base", {"__init__", "symbols", "errors", "special", "special_mp", "versions", "latex", "schemas"}),
    ("kernel", {"kernel"}),
    ("engine", {"engine"}),
    ("science", {"mechanisms", "adversary", "notions", "fdp", "tvd", "guessing", "procedures", "audit"}),
    ("report", {"report"}),
    ("display", {"display"}),
    ("api", {"api", "catalogue", "paper", "paper_standalone", "paper_defined", "paper_notes", "paper_domain", "paper_scaffold",
             "paper_guards", "paper_letters", "paper_meanings", "paper_leadin"}),
    ("plugin", {"pytest_plugin"}),
    ("cli", {"cli", "__main__"}),
)
LEVEL = {unit: k for k, (_, units) in enumerate(LAYERS) for unit in units}
SCIENCE = LAYERS[3][1]
QUIET = {"base", "kernel", "engine", "science"}
"""Layers that print nothing: they return values; the command line prints."""


def _unit(module: str) -> str:
    """``symdp.engine.codec.records`` -> ``engine``; ``symdp.api`` -> ``api``; ``symdp`` -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The absolute names an ImportFrom brings in (``from . import x`` names the submodule x)."""
    if node.level == 0:
        base = node.module or ""
    else:
        here = module.split(".") if is_package else module.split(".")[:-1]
        here = here[:len(here) - (node.level - 1)]
        base = ".".join(here + ([node.module] if node.module else []))
    if node.module is None:
        return [f"{base}.{a.name}" for a in node.names]
    return [base]


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in the file, wherever it stands."""
    module, tree = _module_name(path), ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found += [(node.lineno, name) for name in _resolve(node, module, path.name == "__init__.py")]
    return found


def _sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _internal_edges():
    """(file, line, importing unit, imported unit) for every import of a symdp module by a symdp module."""
    for path in _sources():
        unit = _unit(_module_name(path))
        for line, name in _imports(path):
            if name == "symdp" or name.startswith("symdp."):
                yield path, line, unit, _unit(name)


def test_every_module_has_a_layer():
    units = {_unit(_module_name(p)) for p in _sources()}
    assert units <= set(LEVEL), f"modules without a layer (add them to LAYERS): {sorted(units - set(LEVEL))}"


def test_no_upward_imports():
    upward = [f"{p.relative_to(PACKAGE.parent)}:{line}: {src} ({LAYERS[LEVEL[src]][0]}) imports {dst} "
              f"({LAYERS[LEVEL[dst]][0]})"
              for p, line, src, dst in _internal_edges() if dst in LEVEL and LEVEL[dst] > LEVEL[src]]
    assert not upward, "imports from a higher layer:\n" + "\n".join(upward)


def test_kernel_imports_no_engine():
    """The kernel checks proofs without trusting the search: nothing of symdp.engine (or above) inside it."""
    base = LAYERS[0][1] | {"kernel"}
    bad = [f"{p.relative_to(PACKAGE.parent)}:{line}: imports {dst}"
           for p, line, src, dst in _internal_edges() if src == "kernel" and dst not in base]
    assert not bad, "\n".join(bad)


def test_kernel_import_check_catches_a_planted_engine_import():
    node = ast.parse("from ..engine import arb").body[0]
    assert _unit(_resolve(node, "symdp.kernel.check", is_package=False)[0]) == "engine"


ENGINE = ("model", "codec", "enclose", "validated", "symbolic", "regions", "sampling", "proof", "run")
"""The engine's sub-packages, lowest first: each imports only those before it and itself."""


def _engine_part(module: str) -> str | None:
    """``symdp.engine.run.recorder`` -> ``run``; ``symdp.engine`` -> ``__init__``; outside the engine -> None."""
    parts = module.split(".")
    if parts[:2] != ["symdp", "engine"]:
        return None
    return parts[2] if len(parts) > 2 else "__init__"


def test_engine_sub_packages_are_layered():
    order = {part: k for k, part in enumerate(ENGINE)}
    parts, bad = set(), []
    for path in _sources():
        src = _engine_part(_module_name(path))
        if src is None:
            continue
        parts.add(src)
        for line, name in _imports(path):
            dst = _engine_part(name)
            if src != "__init__" and dst is not None and order.get(dst, -1) > order.get(src, -1):
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {src} imports {dst}")
    assert parts - {"__init__"} == set(ENGINE), f"engine parts not in ENGINE: {sorted(parts - set(ENGINE))}"
    assert not bad, "an engine sub-package imports one above it:\n" + "\n".join(bad)


def test_engine_layering_catches_a_planted_upward_import():
    node = ast.parse("from ..run import recorder").body[0]
    assert _engine_part(_resolve(node, "symdp.engine.model.records", is_package=False)[0]) == "run"


def test_latex_imports_only_base():
    base = LAYERS[0][1]
    bad = [f"{p.relative_to(PACKAGE.parent)}:{line}: imports {dst}"
           for p, line, src, dst in _internal_edges() if src == "latex" and dst not in base]
    assert not bad, "\n".join(bad)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as a path, or None (depth-first search with colours)."""
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt]
            if nxt not in state and (found := visit(nxt, path + [nxt])):
                return found
        state[node] = 2
        return None
    for start in sorted(graph):
        if start not in state and (found := visit(start, [start])):
            return found
    return None


def test_no_cycles_between_packages():
    graph: dict[str, set[str]] = {}
    for _, _, src, dst in _internal_edges():
        if src != dst:
            graph.setdefault(src, set()).add(dst)
    cycle = _cycle(graph)
    assert cycle is None, "import cycle between packages: " + " -> ".join(cycle)


def test_cycle_finder_finds_a_planted_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None


def test_argparse_only_in_the_command_line():
    bad = [f"{p.relative_to(PACKAGE.parent)}:{line}" for p in _sources() for line, name in _imports(p)
           if name.split(".")[0] == "argparse" and _unit(_module_name(p)) not in ("cli", "__main__")]
    assert not bad, "argparse outside symdp/cli/: " + ", ".join(bad)


def test_lower_layers_print_nothing():
    bad = []
    for path in _sources():
        unit = _unit(_module_name(path))
        if LAYERS[LEVEL.get(unit, 0)][0] not in QUIET:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bad += [f"{path.relative_to(PACKAGE.parent)}:{n.lineno}" for n in ast.walk(tree)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"]
    assert not bad, "print() in base, engine or science: " + ", ".join(bad)


@pytest.mark.parametrize("line,module,expected", [
    ("from ..cli import main", "symdp.engine.records", ["symdp.cli"]),
    ("from . import guessing", "symdp.cli", ["symdp.cli.guessing"]),
    ("from .. import api", "symdp.cli.run", ["symdp.api"]),
    ("from ...report.latex import math", "symdp.engine.codec.records", ["symdp.report.latex"]),
])
def test_relative_imports_resolve(line, module, expected):
    node = ast.parse(line).body[0]
    assert _resolve(node, module, is_package=module == "symdp.cli") == expected
