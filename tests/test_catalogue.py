"""The whole catalogue: every claim holds, or is exactly the erratum it declares."""
from symdp.engine.model.status import Status

from expected import EXPECTED_ERRATA, EXPECTED_REFUTED


def test_every_claim_as_expected(catalogue_results):
    failing = [(r.id, c.claim_id, c.status.value, c.outcome.detail)
               for r in catalogue_results for c in r.claims if not c.ok]
    assert failing == []


def test_errata_are_exactly_the_known_ones(catalogue_results):
    found = {r.id: {c.claim_id for c in r.claims if c.status is Status.ERRATUM} for r in catalogue_results}
    assert found == EXPECTED_ERRATA


def test_errata_carry_witness_and_corrected_form(catalogue_results):
    for r in catalogue_results:
        for c in r.claims:
            if c.status is Status.ERRATUM and c.kind == "printed":
                assert c.outcome.witness is not None
                assert [label for label, _ in c.exprs] == [r"\text{printed}", r"\text{derived}"]


def test_table1_has_one_claim_per_printed_cell(catalogue_results):
    (table,) = [r for r in catalogue_results if r.id == "liu2019.table1"]
    assert len(table.claims) == 48
    assert "table1:beta=0.5:F=0.55" in {c.claim_id for c in table.claims}


def test_table1_cells_are_judged_on_the_safe_side(catalogue_results):
    from symdp.engine.enclose.bounds import AT_MOST, method
    (table,) = [r for r in catalogue_results if r.id == "liu2019.table1"]
    claims = {c.claim_id: c for c in table.claims}
    # a cell with a largest epsilon is compared against an arb enclosure of it; where the target F is out of
    # reach (no epsilon), an arb enclosure of the least F*_beta minus the bound lies above 0
    assert {c.outcome.method for c in table.claims} == {method(AT_MOST, enclosed=True), method(AT_MOST, absent=True)}
    assert claims["table1:beta=0.5:F=0.62"].outcome.method == method(AT_MOST, enclosed=True)
    no_epsilon = claims["table1:beta=0.5:F=0.55"]           # printed 0.22; (1 + 1/4)/(2 + 1/4) - 0.55 = 1/180
    assert no_epsilon.status is Status.ERRATUM and no_epsilon.outcome.method == method(AT_MOST, absent=True)
    assert "is 1/180: its arb enclosure at 256 bits lies in [0.005555, 0.005556], above 0" in no_epsilon.outcome.detail
    rounded_up = claims["table1:beta=0.5:F=0.62"]           # printed 0.55, largest epsilon 0.5488...
    assert rounded_up.status is Status.ERRATUM
    assert "printed 0.55 exceeds the largest epsilon 0.5488096894" in rounded_up.outcome.detail
    truncated = claims["table1:beta=1:F=0.9"]                # printed 3.2, largest epsilon 3.2088...
    assert truncated.status is Status.VERIFIED
    assert truncated.outcome.detail == "printed 3.2 <= derived 3.208825489... (safe side, truncated)"


def test_tight_edges_carry_a_checked_witness(catalogue_results):
    from symdp.notions.registry import IMPLICATIONS
    claims = {(r.id, c.claim_id): c for r in catalogue_results for c in r.claims}
    tight = [e for e in IMPLICATIONS.values() if "tight" in e.id or any("tight" in c for c in e.conditions)]
    assert {e.id for e in tight} >= {"dp-sp-tight", "dp-tvd"}
    for e in tight:
        assert any(ref[1].endswith(":attained") for ref in e.evidence), e.id
        assert all(ref in claims and claims[ref].status.holds for ref in e.evidence), e.id


def test_no_claim_undecided_or_error(catalogue_results):
    statuses = {c.status for r in catalogue_results for c in r.claims}
    assert not statuses & {Status.UNDECIDED, Status.ERROR}


def test_refuted_claims_are_the_declared_findings(catalogue_results):
    refuted = {(r.id, c.claim_id) for r in catalogue_results for c in r.claims if c.status is Status.REFUTED}
    ran = {r.id for r in catalogue_results if not r.skipped}  # a library audit is skipped without its library
    assert refuted == {ref for ref in EXPECTED_REFUTED if ref[0] in ran}


def test_only_library_audits_are_skipped(catalogue_results):
    skipped = [r for r in catalogue_results if r.skipped]
    assert all(r.id.startswith("libraries.") and "pip install 'symdp[audit]'" in r.skipped for r in skipped)


def test_every_passing_result_can_be_cached(catalogue_results):
    """The result cache keeps what the codec can write; a field it refused (a kernel-section certificate with no
    transcript, 6fa2f59) once made every warm check re-run five derivations, unseen."""
    from symdp.engine.codec import CodecError, dumps
    refused = []
    for r in catalogue_results:
        try:
            dumps(r)
        except (CodecError, ValueError, TypeError) as exc:
            refused.append(f"{r.id}: {exc}")
    assert not refused, refused
