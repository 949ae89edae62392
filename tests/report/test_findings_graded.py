"""Library findings graded (issue 49, item 5): a typed severity computed from each comparison; the document
is regenerated from the records, sorted by severity, the non-defects kept as observations."""
from pathlib import Path

from symdp.report import findings
from symdp.report.findings import ORDER, Finding, Severity, Tolerance

DOC = Path(__file__).resolve().parents[2] / "docs" / "library-findings.md"


def test_the_document_is_generated_from_the_records():
    text = DOC.read_text(encoding="utf-8")
    assert findings.document(text) == text, "run `python -m symdp.report.findings`"


def test_the_table_is_sorted_by_severity_and_every_section_states_it():
    ranks = [ORDER.index(f.severity) for f in findings.graded()]
    assert ranks == sorted(ranks)
    text = DOC.read_text(encoding="utf-8")
    for f in findings.FINDINGS:
        assert findings.section_line(f) in text and f.contract


def test_non_defects_are_observations_and_p1_is_unsafe():
    grade = {f.id: f.severity for f in findings.FINDINGS}
    assert {k for k, v in grade.items() if v is Severity.OBSERVATION} == {"D1", "A11", "P6", "P8"}
    assert grade["P1"] is Severity.UNSAFE and grade["R2"] is Severity.CRASH and grade["O1"] is Severity.CONSERVATIVE


def _finding(got, expected, unsafe_if="below", **extra):
    return Finding("X1", "lib", "f", "d", ("c",), "at x", got, expected, unsafe_if, "a bound", **extra)


def test_severity_follows_from_the_comparison():
    tol = Tolerance("absolute", "1e-12", "xtol")
    assert _finding("1.0", "1.0000000000001", tolerance=tol).severity is Severity.OBSERVATION
    assert _finding("1.0", "1.1", tolerance=tol).severity is Severity.UNSAFE
    assert _finding("1.2", "1.1").severity is Severity.CONSERVATIVE
    assert _finding("1.0", "1.1", unsafe_if="above").severity is Severity.CONSERVATIVE
    assert _finding("nan", "1.1").severity is Severity.CRASH
    assert _finding("ValueError", "1.1", within_contract=True).severity is Severity.OBSERVATION
    assert "x the documented absolute tolerance" in _finding("1.0", "1.1", tolerance=tol).error_text()


def test_the_report_cell_carries_the_severity():
    assert findings.severity_of("libraries.prv_accountant.composition",
                                "PRVAccountant.compute_delta:pure-dp-upper-large-eps") is Severity.UNSAFE
    assert findings.severity_of("libraries.dp_accounting.analytic-gaussian",
                                "get_epsilon_gaussian:conservative") is Severity.OBSERVATION
