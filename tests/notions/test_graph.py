"""The implication graph: chains, composition, choice of the strongest conclusion, evidence."""
import json

import mpmath as mp
import pytest
import sympy as sp

from symdp.cli import main
from symdp.errors import SymdpError
from symdp.notions import graph, registry
from symdp.symbols import eps


def test_two_chains_the_tighter_wins_and_both_are_reported():
    ans = graph.implies("DP", "SP", {"epsilon": 1})
    assert ans.best.chain == ("dp-sp-tight",)
    # randomized response at eps = 1: posteriors (e, 1)/(1 + e) and (1, e)/(1 + e), distance (e - 1)/(e + 1)
    assert mp.almosteq(mp.mpf(str(ans.best.value)), (mp.e - 1) / (mp.e + 1), 1e-18)
    assert [c.chain for c in ans.alternatives] == [("dp-sp",)]


def test_gdp_to_tvd_at_level_zero_is_the_total_variation():
    ans = graph.implies("GDP", "TVD", {"mu": 1, "epsilon": "1e-30"})
    assert mp.almosteq(mp.mpf(str(ans.best.value)), 2 * mp.ncdf(0.5) - 1, 1e-15)


def test_unknown_and_unreachable():
    with pytest.raises(SymdpError, match="notion"):
        graph.implies("DP", "XX")
    with pytest.raises(SymdpError, match="reachable"):
        graph.implies("TVD", "DP")


def test_every_edge_with_evidence_holds_in_the_catalogue(catalogue_results):
    claims = {(r.id, c.claim_id): c for r in catalogue_results for c in r.claims}
    for e in registry.IMPLICATIONS.values():
        assert e.evidence or e.basis, e.id
        for ref in e.evidence:
            assert ref in claims and claims[ref].status.holds, (e.id, ref)


def test_edge_maps_use_only_their_parameters():
    for e in registry.IMPLICATIONS.values():
        allowed = {registry.NOTIONS[e.source].parameter, eps}
        assert e.map.free_symbols <= allowed, e.id


def test_cli_json(capsys):
    assert main(["notions", "implies", "DP", "TVD", "--eps", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {"from", "to", "parameter", "expression", "chain", "conditions"} <= set(doc)
    assert doc["parameter"] == pytest.approx(float(mp.tanh(0.5)), rel=1e-15)


def test_gdp_to_tvd_direct_edge_is_the_gaussian_tv():
    ans = graph.implies("GDP", "TVD", {"mu": 1})
    assert ans.best.chain == ("gdp-tvd",)
    with mp.workdps(30):
        assert mp.almosteq(mp.mpf(str(ans.best.value)), 2 * mp.ncdf(mp.mpf(1) / 2) - 1, 1e-18)


def test_tvd_to_adp_is_delta_alpha_at_every_level_and_attained():
    ans = graph.implies("TVD", "ADP", {"alpha_TV": "0.1"})
    assert ans.best.chain == ("tvd-adp",) and mp.almosteq(mp.mpf(str(ans.best.value)), mp.mpf("0.1"), 1e-18)
    with mp.workdps(30):
        alpha = mp.mpf("0.1")                               # the leak mechanism, by brute force over outputs
        p, q = {"c": 1 - alpha, "x": alpha}, {"c": 1 - alpha, "y": alpha}
        for e in (0, 0.5, 3):
            hockey = sum(max(p.get(k, 0) - mp.exp(e) * q.get(k, 0), 0) for k in ("c", "x", "y"))
            assert mp.almosteq(hockey, alpha, 1e-25)


def test_kl_to_tvd_pinsker_and_bretagnolle_huber_cross_at_1_59():
    ans = graph.implies("KL", "TVD")
    chains = {c.chain: c.expression for c in (ans.best,) + ans.alternatives}
    assert set(chains) == {("kl-tvd-pinsker",), ("kl-tvd-bh",)}
    d = registry.KL_D
    at = lambda chain, v: float(chains[chain].subs(d, v))
    assert at(("kl-tvd-pinsker",), 1.5) < at(("kl-tvd-bh",), 1.5)
    assert at(("kl-tvd-bh",), 1.7) < at(("kl-tvd-pinsker",), 1.7)
    with pytest.raises(SymdpError, match="reachable"):
        graph.implies("TVD", "KL")
