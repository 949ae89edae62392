"""The generated reference pages are up to date: docs/cli.md from the argparse parser, docs/settings.md from
the engine's module-level numeric constants (every budget and precision, read from the source by ``ast``).

Regenerate both with ``python tests/test_docs_generated.py``; the tests fail when a page differs from what
the code gives, so an option or a budget cannot change without its page.
"""
from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
ENGINE = ROOT / "symdp" / "engine"

EXIT_CODES = """| code | meaning |
| --- | --- |
| 0 | every claim holds or has its declared status (errata and refutations as declared); a calculator answered |
| 1 | a claim failed (a status other than the declared one, an undeclared finding, a derivation that raised or timed out, a file that did not import), `report --check` found drift, `paper` found a label that disagrees or was not checked |
| 2 | bad usage or bad input: one line on stderr naming the parameter, the value and the allowed range; an option the query does not read is refused the same way, never ignored |
"""

CLI_HEAD = """# Command line reference

Kind: reference. Generated from the argparse parser (`symdp.cli.parser.build_parser`) by
`python tests/test_docs_generated.py`; `tests/test_docs_generated.py` fails when this page differs from the
parser. The statuses `symdp --help` prints are quoted from `symdp/engine/model/status.py`. How-to pages: [check your paper](howto-paper.md), [run in CI](howto-ci.md); statuses: [soundness](soundness.md).

## Exit codes

""" + EXIT_CODES + """
Output paths (`--cache`, `--junit`, `--out`) are checked before any work and written whole (a temporary file
renamed over the target), so a failure leaves the old file as it was ([formats](formats.md#where-symdp-writes)).
A negative number may be written `--delta -1e-5` as well as `--delta=-1e-5`.

"""


def _flags(action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`" + (" ..." if action.nargs in ("*", "+") else "")
    shown = ", ".join(f"`{o}`" for o in action.option_strings)
    if action.nargs == 0:
        return shown
    meta = action.metavar or (("{" + ",".join(map(str, action.choices)) + "}") if action.choices
                              else action.dest.upper())
    return f"{shown} `{meta}`"


def _cell(text) -> str:
    return " ".join(str(text or "").split()).replace("|", "\\|")


def _default(action) -> str:
    if action.nargs == 0 or action.default in (None, argparse.SUPPRESS, False):
        return ""
    return f"`{action.default}`"


def _command(lines: list, name: str, parser: argparse.ArgumentParser) -> None:
    lines += [f"## `{name}`", "", _cell(parser.description), "", "```", _cell(parser.format_usage()), "```", ""]
    rows = [a for a in parser._actions if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]
    if rows:
        lines += ["| option | default | meaning |", "| --- | --- | --- |"]
        lines += [f"| {_flags(a)} | {_default(a)} | {_cell(a.help)} |" for a in rows]
        lines.append("")
    for sub in (a for a in parser._actions if isinstance(a, argparse._SubParsersAction)):
        for child, child_parser in sub.choices.items():
            _command(lines, f"{name} {child}", child_parser)


def cli_page() -> str:
    """docs/cli.md as the parser gives it: every command, option, default and help, and the exit codes."""
    from symdp.cli.parser import build_parser
    parser = build_parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    lines = [CLI_HEAD.rstrip("\n"), "", "## Commands", ""]
    lines += [f"- [`symdp {n}`](#symdp-{n}): {_cell(c.help)}" for n, c in
              zip(sub.choices, sub._choices_actions)]
    lines.append("")
    for name, child in sub.choices.items():
        _command(lines, f"symdp {name}", child)
    return "\n".join(lines).rstrip("\n") + "\n"


SETTINGS_HEAD = """# Settings: every budget and precision of the engine

Kind: reference. Generated from the source by `python tests/test_docs_generated.py`: every module-level numeric constant of
`symdp/engine/` (its name, value, module and docstring); `tests/test_docs_generated.py` fails when a constant
is added, removed or changed without this page. Why the budgets are of the kinds they are:
[soundness](soundness.md#determinism-budgets-that-count-never-the-clock).

What each kind trades:

- **boxes, terms, cases, depths** (counted): a larger value proves more claims and costs more time on a false
  or undecidable claim, which tries every box before it is given up. Counted budgets are part of the verdict:
  the same on every machine. A change to one applies to the claims searched again (`symdp certify
  --fresh`); a recorded certificate replays what it records ([upgrade](howto-upgrade.md)).
- **bits and digits** (precision): every enclosure starts at the lowest precision listed and doubles while the
  enclosure still contains 0, up to the cap; a higher fixed precision (`validated.PREC`) closes tighter boxes
  and costs more per box.
- **seconds** (search only): the time budgets of the *symbolic search* at `symdp certify`. They decide how
  long a search looks, never a verdict: what it finds is recorded in `<file>.proofs.json` and replayed by
  `symdp check`, where a recorded step has the `REPLAY_LIMIT` safety net. The others marked "a safety net"
  stop a runaway SymPy call; `runner.TIMEOUT` is `--timeout`, over which a derivation is an ERROR.

Per claim, `d.sign(..., boxes=N)` overrides the box budget (1 to `arguments.MAX_BOXES`); per run,
`--timeout` overrides `runner.TIMEOUT`. Nothing else is set from outside the source.

| setting | value | kind | what it bounds |
| --- | --- | --- | --- |
"""


def _numeric(node) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, ast.BinOp):
        return _numeric(node.left) and _numeric(node.right)
    if isinstance(node, ast.UnaryOp):
        return _numeric(node.operand)
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Fraction":
        return all(map(_numeric, node.args))
    if isinstance(node, ast.Tuple):
        return bool(node.elts) and all(map(_numeric, node.elts))
    return False


def _kind(doc: str) -> str:
    low = doc.lower()
    if "never seconds" in low or "a count," in low:  # a counted budget that says it is no time (budget.WORK)
        return "count"
    for word, kind in (("seconds", "seconds"), ("bits", "precision"), ("digits", "precision"),
                       ("boxes", "boxes"), ("box ", "boxes")):
        if word in low:
            return kind
    return "count" if doc else "count (no docstring)"


def settings() -> list[tuple[str, str, str, str]]:
    """(module.NAME, value as written, kind, docstring) of every module-level numeric constant of the engine."""
    rows = []
    for path in sorted(ENGINE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        body = ast.parse(source).body
        module = ".".join(path.relative_to(ENGINE).with_suffix("").parts).removesuffix(".__init__")
        for i, node in enumerate(body):
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
                getattr(node, "target", None) if isinstance(node, ast.AnnAssign) else None
            if not (isinstance(target, ast.Name) and target.id.isupper() and _numeric(node.value)):
                continue
            nxt = body[i + 1] if i + 1 < len(body) else None
            doc = nxt.value.value if isinstance(nxt, ast.Expr) and isinstance(getattr(nxt, "value", None),
                                                                               ast.Constant) \
                and isinstance(nxt.value.value, str) else ""
            rows.append((f"{module}.{target.id}", ast.get_source_segment(source, node.value), _kind(doc), doc))
    return rows


def settings_page() -> str:
    rows = [f"| `{name}` | `{value}` | {kind} | {_cell(doc) or '(no docstring: see the module)'} |"
            for name, value, kind, doc in settings()]
    return SETTINGS_HEAD + "\n".join(rows) + f"\n\n{len(rows)} settings.\n"


PAGES = {"cli.md": cli_page, "settings.md": settings_page}


def test_cli_page_is_the_parser():
    assert (DOCS / "cli.md").read_text(encoding="utf-8") == cli_page(), \
        "docs/cli.md is stale: python tests/test_docs_generated.py"


def test_settings_page_lists_every_engine_constant():
    assert (DOCS / "settings.md").read_text(encoding="utf-8") == settings_page(), \
        "docs/settings.md is stale: python tests/test_docs_generated.py"


def test_settings_cover_the_box_budgets_and_precisions():
    names = {name for name, *_ in settings()}
    assert {"validated.search.MAX_BOXES", "validated.search.MAX_BOXES_PLANE", "validated.PREC",
            "symbolic.rewrites.BUDGET", "run.recorder.CERTIFY_TOTAL", "sampling.numeric.POINTS", "sampling.certify.DPS"} <= names
    assert len(names) >= 80


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for page, make in PAGES.items():
        (DOCS / page).write_text(make(), encoding="utf-8")
        print(f"wrote docs/{page}")
