"""The exporter reads the search's descriptions of a sign analysis into kernel nodes: "sign by assumptions after
MAPS (REWRITE)" as maps then rewrites, "monotone in x from x -> a+ (limit L: ...; derivative positive: ...)" as a
``monotone`` node (nesting), and nothing for a description it cannot read (the kernel judges what it makes)."""
import sympy as sp

from symdp import kernel
from symdp.engine.proof.proof_export import _mapped_rewrites, monotone_node
from symdp.engine.proof.proof_pieces import top_split as _top_split

eps, alpha = sp.Symbol("epsilon", positive=True), sp.Symbol("alpha", positive=True)


def test_maps_read_from_the_description():
    detail = "sign by assumptions after epsilon > 0; alpha = 0 + (exp(-epsilon)/2 - 0)/(1 + t) (expand)"
    tries = _mapped_rewrites(detail)
    assert tries and all(t[0] == "map:alpha:down" for t in tries)
    claim = kernel.sign_claim(-1 - sp.log(2 * alpha) / eps, "positive",
                              {eps: sp.Interval.open(0, sp.oo), alpha: sp.Interval.open(0, sp.exp(-eps) / 2)})
    assert any(kernel.check(claim, kernel.Proof(kernel.Signs(t))).accepted for t in tries)


def test_shift_and_reflect_maps_with_spaces_in_the_end():
    detail = "sign by assumptions after beta > 0; epsilon = log(beta**2 + 1) - t (exp substitution)"
    assert _mapped_rewrites(detail)[0][0] == "map:epsilon:reflect"
    assert _mapped_rewrites(detail.replace("- t", "+ t"))[0][0] == "map:epsilon:shift"


def test_an_unread_description_gives_nothing():
    assert _mapped_rewrites("sum split at p_1: sign by assumptions after x = log(1 + t) (cancel)") == ()
    assert _mapped_rewrites("sign by assumptions after x = 0 + log(1 + t) (logs of exponentials)") == ()


def test_monotone_from_the_description():
    claim = kernel.sign_claim(2 * eps - sp.log(2 * sp.exp(eps) - 1), "positive", {eps: sp.Interval.open(0, sp.oo)})
    detail = ("monotone in epsilon from epsilon -> 0+ (limit 0: sign by assumptions (as written); derivative "
              "positive: sign by assumptions after epsilon > 0 (exp substitution))")
    node = monotone_node(claim, detail)
    assert isinstance(node, kernel.Monotone) and node.end == "lower"
    assert kernel.check(claim, kernel.Proof(node)).accepted
    twin = kernel.sign_claim(eps - sp.log(2 * sp.exp(eps) - 1), "positive", {eps: sp.Interval.open(0, sp.oo)})
    assert monotone_node(twin, detail) is None      # false (negative for eps > 0): no node the kernel accepts


def test_top_level_split():
    assert _top_split("a (b; derivative c); derivative d", "; derivative ") == ("a (b; derivative c)", "d")
    assert _top_split("no split here", "; derivative ") is None
