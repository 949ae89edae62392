"""One truth about statuses, methods and routes, and docs that point at things that exist.

Statuses and methods are defined once, in ``symdp/engine/model/status.py``; the README, docs/reference.md,
docs/soundness.md, the report template and ``symdp --help`` must quote that definition word for word.  Every
route name the prover records must be in the routes table of docs/prover.md, every relative link of the
README and docs/ must reach a file (and a heading, for an anchor), and no file may cite a document that
is not in the repository.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from symdp.engine.model.status import DEFINITIONS, METHODS, Status, method_of

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
TEMPLATE = ROOT / "symdp" / "report" / "templates" / "report.tex.j2"
ENGINE = ROOT / "symdp" / "engine"
PAGES = sorted([README, *DOCS.rglob("*.md")])
GENERATED = {"library-findings.md"}
"""Pages written by a generator of their own (symdp.report.findings): links checked, kind not required."""


def _flat(text: str) -> str:
    return " ".join(text.split())


def _row(status: Status) -> str:
    return f"| {status.value} | {DEFINITIONS[status]} |"


# --- statuses and methods: one definition, quoted everywhere ---------------------------------------------

def test_every_status_has_one_definition():
    assert set(DEFINITIONS) == set(Status)
    for text in DEFINITIONS.values():   # plain words: the report quotes them as they stand
        assert not set(text) & set("\\$%&#_{}~^|"), text


@pytest.mark.parametrize("page", ["README.md", "docs/reference.md", "docs/soundness.md"])
def test_status_tables_quote_the_code(page):
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    for status in Status:
        rows = [line for line in lines if line.startswith(f"| {status.value} |")]
        assert rows == [_row(status)], f"{page}: the {status.value} row differs from status.DEFINITIONS"


def test_report_template_quotes_the_code():
    text = _flat(TEMPLATE.read_text(encoding="utf-8"))
    for status, definition in DEFINITIONS.items():
        assert f"\\symdpstatus{{{status.value}}} ({definition})" in text, status


def test_help_quotes_the_code():
    out = subprocess.run([sys.executable, "-m", "symdp", "--help"], capture_output=True, text=True,
                         check=True, cwd=ROOT, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"}).stdout
    flat = _flat(out)
    for status, definition in DEFINITIONS.items():
        assert f"{status.value}: {_flat(definition)}" in flat, status


def test_soundness_lists_every_method_as_defined():
    text = (DOCS / "soundness.md").read_text(encoding="utf-8")
    for m in METHODS:
        assert f"| `{m.prefix}` | {', '.join(m.statuses)} | {m.meaning} |" in text, m.prefix


def _report_methods():
    for path in sorted((ROOT / "reports").glob("*.tex")):
        for status, method in re.findall(r"\\symdpoutcome\{([A-Z]+)\}\{((?:[^{}]|\{[^{}]*\})*)\}",
                                         path.read_text(encoding="utf-8")):
            yield path.name, status, re.sub(r"\\allowbreak\{\}", "", method)


def test_every_method_in_the_reports_is_defined():
    from symdp.engine.symbolic.rewrites import REWRITES
    rewrites = {name for name, _ in REWRITES}
    unknown = {(status, method) for _, status, method in _report_methods()
               if method not in rewrites and (method_of(method) is None
                                              or status not in method_of(method).statuses)}
    assert not unknown, f"methods with no entry in status.METHODS (or not for that status): {sorted(unknown)}"


def test_no_document_says_proved_means_sympy_alone():
    """The contradictions of issue 52: PROVED is not only SymPy, and stable digits are never a witness."""
    texts = {p: p.read_text(encoding="utf-8") for p in [*PAGES, TEMPLATE, ENGINE / "model" / "status.py"]}
    for path, text in texts.items():
        flat = _flat(text)
        assert "SymPy established it" not in flat, path
        assert "60, 120, 240, 480 digits" not in flat and "digits stable from 60" not in flat, path


# --- routes: every name the code records is in the explanation's table -----------------------------------

def _route_names() -> set[str]:
    from symdp.engine.symbolic import provers
    names = set()
    for path in ENGINE.rglob("*.py"):
        names |= set(re.findall(r"\.route\(\s*\"([^\"]+)\"", path.read_text(encoding="utf-8")))
    names |= {name for name, _ in provers.SIGN_ROUTES}
    return names


def _recorded_route_names() -> set[str]:
    names = set()
    for path in (ROOT / "derivations").rglob("*.proofs.json"):
        for cert in json.loads(path.read_text(encoding="utf-8"))["proofs"].values():
            for entry in cert["transcript"]:
                found = re.fullmatch(r"route: (.+?) (?:proved|failed after \d+(?:, out of time)?)", entry or "")
                if found:
                    names.add(found.group(1))
    return names


def _first_cells(page: Path) -> set[str]:
    cells = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("| `"):
            cells |= set(re.findall(r"`([^`]+)`", line.split(" | ")[0]))
    return cells


def test_every_route_is_in_the_routes_table():
    table = _first_cells(DOCS / "prover.md")
    routes = _route_names()
    assert len(routes) >= 17
    missing = sorted((routes | _recorded_route_names()) - table)
    assert not missing, f"routes missing from docs/prover.md's tables: {missing}"


def test_every_rewrite_and_box_rule_is_documented():
    from symdp.engine import validated
    from symdp.engine.symbolic.rewrites import REWRITES
    table = _first_cells(DOCS / "prover.md")
    assert not {name for name, _ in REWRITES} - table
    prover = (DOCS / "prover.md").read_text(encoding="utf-8")
    assert all(f"| {name} |" in prover for name in validated.RULE_NAMES.values())
    reference = (DOCS / "reference.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in reference for name, _ in REWRITES), "docs/reference.md must list every rewrite"


def test_architecture_lists_every_engine_module():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    for path in ENGINE.rglob("*.py"):
        name = ".".join(path.relative_to(ENGINE).with_suffix("").parts).removesuffix(".__init__")
        assert f"| `{name}` |" in text, name


# --- links, citations, the map ---------------------------------------------------------------------------

LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {_slug(h) for h in re.findall(r"(?m)^#{1,6} (.+)$", text)}


def _links(page: Path):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    for target in LINK.findall(text):
        if not re.match(r"[a-z]+:", target):
            yield target


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_reach_a_file_and_a_heading(page):
    broken = []
    for target in _links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(target)
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: broken links {broken}"


def test_the_maps_link_every_page():
    pages = {p.name for p in DOCS.glob("*.md")} - {"README.md"}
    in_map = {Path(t.partition("#")[0]).name for t in _links(DOCS / "README.md")}
    in_readme = {Path(t.partition("#")[0]).name for t in _links(README) if t.startswith("docs/")}
    assert not pages - in_map, f"docs/README.md does not link {sorted(pages - in_map)}"
    assert not pages - in_readme, f"README.md's map does not link {sorted(pages - in_readme)}"


def test_every_page_says_its_kind():
    kinds = {}
    for page in DOCS.glob("*.md"):
        if page.name in GENERATED | {"README.md"}:
            continue
        found = re.search(r"(?m)^Kind: (tutorial|how-to|explanation|reference)\.", page.read_text(encoding="utf-8"))
        assert found, f"{page.name} does not say its kind"
        kinds.setdefault(found.group(1), []).append(page.name)
    assert set(kinds) == {"tutorial", "how-to", "explanation", "reference"}


CITED = re.compile(r"(?<![\w/.-])((?:docs/)?[\w./-]*\.md)\b")
SCANNED = ("symdp", "tests", "benchmarks", "docs")


def _sources():
    for top in SCANNED:
        for path in (ROOT / top).rglob("*"):
            if path.suffix in (".py", ".md", ".j2", ".toml", ".yml") and "fixtures" not in path.parts \
                    and "__pycache__" not in path.parts:
                yield path
    yield from (ROOT / name for name in ("README.md", "setup.py", "pyproject.toml", "MANIFEST.in", ".ci/run"))


def test_no_file_cites_a_missing_document():
    """A ``*.md`` a source names exists: beside the citing file, at the root, or under docs/."""
    missing = []
    for path in _sources():
        for cited in set(CITED.findall(path.read_text(encoding="utf-8", errors="replace"))):
            if "*" in cited or cited.startswith(("http", "/")) or cited in (".md",):
                continue
            candidates = (path.parent / cited, ROOT / cited, DOCS / cited)
            if not any(c.exists() for c in candidates):
                missing.append(f"{path.relative_to(ROOT)}: {cited}")
    assert not missing, "cited documents that do not exist:\n" + "\n".join(sorted(missing))


# --- formats: the certificates' schema, the catalogue's figures ------------------------------------------

def test_every_committed_certificate_file_matches_its_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "symdp" / "schemas" / "certificates.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted((ROOT / "derivations").rglob("*.proofs.json")) + sorted(DOCS.rglob("*.proofs.json"))
    assert len(files) >= 40
    for path in files:
        errors = list(validator.iter_errors(json.loads(path.read_text(encoding="utf-8"))))
        assert not errors, f"{path.relative_to(ROOT)}: {errors[0].message}"


def test_the_schema_accepts_what_the_writer_writes_and_refuses_what_the_reader_refuses():
    jsonschema = pytest.importorskip("jsonschema")
    from symdp.engine.proof.certificates import Certificate, dumps
    schema = json.loads((ROOT / "symdp" / "schemas" / "certificates.schema.json").read_text(encoding="utf-8"))
    written = json.loads(dumps([Certificate("0" * 24, "a::b", ("route: cases proved", None), "symbolic", "3:f|E")]))
    jsonschema.validate(written, schema)
    written["proofs"]["0" * 24]["extra"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(written, schema)


def test_readme_figures_are_the_committed_reports():
    report = (ROOT / "reports" / "symdp-report.tex").read_text(encoding="utf-8")
    summary = report[report.index("\\chapter*{Summary}"):]
    counts = re.search(r"(?m)^all((?: & \d+)+) & \\\\", summary).group(1).split(" & ")[1:]
    derivations = len(re.findall(r"(?m)^\\hyperref\[symdp:", summary[:summary.index("\\bottomrule")]))
    figures = ", ".join(f"{s.value} {n}" for s, n in zip(Status, counts))
    text = _flat(README.read_text(encoding="utf-8"))
    claims = sum(map(int, counts))
    assert f"holds {derivations} derivations and {claims} claims: {figures}," in text, \
        f"README's catalogue figures differ from reports/symdp-report.tex ({derivations}, {claims}: {figures})"


# --- rendering --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pages_render(page):
    """Fences balanced, and every table's rows have its header's number of cells (GitHub drops the rest)."""
    text = page.read_text(encoding="utf-8")
    assert len(re.findall(r"(?m)^```", text)) % 2 == 0, "unbalanced code fence"
    body = re.sub(r"```.*?```", "", text, flags=re.S)
    for block in re.findall(r"(?m)(?:^\|.*\|\n)+", body):
        rows = [re.sub(r"\\\|", "", r) for r in block.splitlines()]
        widths = {len(re.sub(r"`[^`]*`", "``", r).split("|")) for r in rows}
        assert len(widths) == 1, f"{page.name}: a table's rows differ in cells:\n{block[:300]}"
