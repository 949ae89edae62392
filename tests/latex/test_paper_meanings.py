"""A refutation on symdp's assumption alone, for a letter the paper gives no range (:mod:`symdp.paper_meanings`), found
by trying ``symdp paper --standalone`` on real DP papers (2026-12-08): ``\\log(1/\\delta) \\ge 0`` was REFUTED at
delta = 2 and ``\\frac{\\log(1/\\delta)}{\\alpha - 1} \\ge 0`` at alpha = 1/2, both true as a privacy paper means them
(delta a probability; alpha a Renyi order above 1), exit 1.

Oracles, by hand: log(1/delta) > 0 exactly when delta < 1; log(1/delta)/(alpha - 1) > 0 for delta < 1 exactly when
alpha > 1; log(1/delta) <= 0 fails at every delta < 1 (log 2 at 1/2); delta^2 <= delta/2 fails at delta = 0.9
(0.81 > 0.45)."""
import pytest

from symdp.paper_standalone import check, to_text


def _rows(tmp_path, *rows: str) -> dict:
    (tmp_path / ".git").mkdir(exist_ok=True)
    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n\\begin{document}\n" + "".join(
        f"\\begin{{equation}}\\label{{eq:{k}}} {row} \\end{{equation}}\n" for k, row in enumerate(rows))
        + "\\end{document}\n")
    result = check(paper)
    return {r.label: r for r in result.rows}, result


def test_a_bound_false_only_where_the_paper_cannot_mean_delta_is_unsettled_not_refuted(tmp_path):
    rows, result = _rows(tmp_path, r"\log(1/\delta) \ge 0")
    row = rows["eq:0"]
    assert row.state == "unsettled" and result.ok, row
    assert "proved for delta in (0, 1)" in row.detail and "no range for delta" in row.detail
    assert "delta=2" in row.witness   # the value of the assumption where it fails, shown
    assert "1 unsettled" in to_text(result) and "state the range" in to_text(result)


def test_a_letter_with_two_meanings_names_where_it_holds_and_where_it_fails(tmp_path):
    row = _rows(tmp_path, r"\frac{\log(1/\delta)}{\alpha - 1} \ge 0")[0]["eq:0"]
    assert row.state == "unsettled", row
    assert "refuted for alpha in (0, 1)" in row.detail and "proved for alpha in (1, oo)" in row.detail


@pytest.mark.parametrize("latex, witness_below_1", [(r"\log(1/\delta) \le 0", True),
                                                     (r"\delta^2 \le \frac{\delta}{2}", True)])
def test_a_bound_false_under_every_meaning_stays_refuted_with_a_witness_the_meaning_allows(tmp_path, latex,
                                                                                             witness_below_1):
    rows, result = _rows(tmp_path, latex)
    row = rows["eq:0"]
    assert row.state == "refuted" and not result.ok, row
    assert row.domain == "delta in (0, 1)", row.domain
    delta = float(row.witness.split("delta=")[1].split(":")[0].split(",")[0])
    assert 0 < delta < 1


@pytest.mark.parametrize("latex, state", [(r"\log(1/\delta) \ge 0, \quad 0 < \delta < 1", "proved"),
                                          (r"\log(1/\delta) \ge 0, \quad \delta \le 2", "refuted")])
def test_a_range_the_paper_states_is_checked_as_stated(tmp_path, latex, state):
    """Where the display gives delta a range, that range decides: no meaning is put in its place."""
    row = _rows(tmp_path, latex)[0]["eq:0"]
    assert row.state == state, row


def test_a_refutation_with_no_letter_open_to_a_meaning_is_decided_once(tmp_path, monkeypatch):
    """A refuted row whose letters have no meanings (epsilon, x) is not decided a second time (readings() gave one
    empty reading, and the row's search ran twice)."""
    from symdp import paper_meanings
    assert paper_meanings.readings({__import__("sympy").Symbol("x", real=True): __import__("sympy").Reals}) == []
    rows, _ = _rows(tmp_path, r"\log(1 + x) \ge x, \quad x > 0")
    assert rows["eq:0"].state == "refuted" and "@" not in rows["eq:0"].detail
