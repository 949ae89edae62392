"""A dependent interval that working precision empties at an extreme point (Zhao's Eq. 39 domain: alpha > e^eps,
q < (alpha - e^eps) e^-eps / (alpha - 1), with eps in the hundreds) makes that sample point unusable: it is
skipped, never a SymdpError that turns the claim into an ERROR (found by the mutation suite)."""
import mpmath as mp
import pytest
import sympy as sp

from symdp.engine.model import domain as dom
from symdp.errors import SymdpError

eps = sp.Symbol("epsilon", positive=True)
alpha = sp.Symbol("alpha", positive=True)
q = sp.Symbol("q", positive=True)
EQ39 = {eps: sp.Interval.open(0, sp.oo), alpha: sp.Interval.open(sp.exp(eps), sp.oo),
        q: sp.Interval.open(0, (alpha - sp.exp(eps)) * sp.exp(-eps) / (alpha - 1))}


def test_samples_skip_points_where_a_dependent_interval_is_empty(monkeypatch):
    empty = []
    point = dom._point

    def counted(domain, pick):
        try:
            return point(domain, pick)
        except dom.EmptyAtPoint:
            empty.append(1)
            raise
    monkeypatch.setattr(dom, "_point", counted)
    with mp.workdps(60):
        for k in range(40):
            points = dom.sample(EQ39, 30, f"key-{k}")
            assert len(points) >= 20 and all(dom.contains(EQ39, p) for p in points)
    assert empty  # the case of the finding is met, and skipped


def test_a_constant_interval_outside_the_assumptions_is_still_an_error():
    with pytest.raises(SymdpError) as err:
        dom.concrete(q, sp.Interval(-2, -1), {})
    assert not isinstance(err.value, dom.EmptyAtPoint) and err.value.parameter == "domain"
