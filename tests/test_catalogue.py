"""The whole catalogue: every claim holds, or is exactly the erratum it declares."""
from symdp.engine.status import Status

EXPECTED_ERRATA = {
    "liu2019.laplace-np-test": {"pfa:values", "pfa:integral", "sec4.1.5:lambda"},
    "liu2019.pr-relation": {"eq9", "eq10"},
    "liu2019.fbeta-laplace": {"app10.3:interval1:f", "app10.3:interval2:f", "eq26", "eq27", "eq28"},
    "liu2019.table1": {"table1:beta=0.5:F=0.55", "table1:beta=0.8:F=0.62",      # no epsilon meets the bound
                       "table1:beta=1.5:F=0.76", "table1:beta=2:F=0.83",
                       "table1:beta=0.5:F=0.62", "table1:beta=0.5:F=0.95",      # the largest epsilon rounded up
                       "table1:beta=0.6:F=0.58", "table1:beta=0.6:F=0.83", "table1:beta=0.6:F=0.9",
                       "table1:beta=0.8:F=0.67", "table1:beta=0.8:F=0.83", "table1:beta=0.8:F=0.9",
                       "table1:beta=0.8:F=0.95"},
    "liu2019.gaussian-np-test": {"sec4.3:sigma", "eq29", "thm6:pfa-integral", "thm6:ptd-integral"},
    "liu2019.fbeta-gaussian": set(),
    "liu2019.analytic-gaussian": set(),
    "liu2019.bounded-vector": set(),
    "liu2019.beyond": set(),
    "zhao2019.dp-sp": set(),
    "zhao2019.membership": set(),
    "liu2019.notions": set(),
    "tvd2023.relations": {"sec4.2:interval-high"},
    "fdp.tradeoff": set(),
    **{"pankova2023.shells": {"start:printed", "final:printed"}, "pankova2023.definitions": set(), "pankova2023.main-theorem": set(), "pankova2023.epsilon": set()},
    "pankova2023.and-or": {"and:printed"}, "pankova2023.cafeteria": set(),
    "liu2019.fbeta-auxiliary": {"eq20:proof-step", "app10.5.1:interval1:f", "eq31", "app10.5.1:interval3:f",
                                "eq32", "eq18", "eq24"},
}
EXPECTED_REFUTED = {("liu2019.analytic-gaussian", "classic:fails-above-1"),
                    ("liu2019.bounded-vector", "thm4:as-stated"), ("liu2019.bounded-vector", "thm4:per-coordinate"),
                    ("fdp.tradeoff", "gaussian:lower-envelope"), ("fdp.tradeoff", "gaussian:single-pair"),
                    ("fdp.tradeoff", "laplace:lower-envelope"), ("fdp.tradeoff", "laplace:single-pair")} | {("pankova2023.shells", c) for c in ("integral:printed-valid", "sum:printed-step", "final:printed-valid")} | {("pankova2023.and-or", "and:printed-valid")}


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
    from symdp.engine.bounds import AT_MOST, method
    (table,) = [r for r in catalogue_results if r.id == "liu2019.table1"]
    claims = {c.claim_id: c for c in table.claims}
    assert {c.outcome.method for c in table.claims} == {method(AT_MOST)}
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
    assert refuted == EXPECTED_REFUTED
