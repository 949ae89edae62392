"""A claim's inputs are validated before any work: the parameter, the value and what is allowed."""
import pytest
import sympy as sp

from symdp.engine.run.recorder import Recorder
from symdp.errors import SymdpError

x = sp.Symbol("x", positive=True)


@pytest.mark.parametrize("call,parameter", [
    (lambda d: d.sign("a", x, "pos"), "which"),
    (lambda d: d.sign("a", x, "positive", domain={x: (0, 3)}), "domain[x]"),
    (lambda d: d.identity("a", x, x, domain=[(x, 0, 1)]), "domain"),
    (lambda d: d.monotone("a", x, x, True, domain={"x": sp.Interval(0, 1)}), "domain"),
])
def test_a_bad_claim_input_names_its_parameter(call, parameter):
    with pytest.raises(SymdpError) as info:
        call(Recorder("t.inputs"))
    assert str(info.value).startswith(f"{parameter}=")


def test_a_domain_of_intervals_is_accepted():
    d = Recorder("t.inputs")
    d.sign("a", x + 1, "positive", domain={x: sp.Interval(0, 3)})
    assert d.trace[-1].outcome.status.value == "PROVED"
