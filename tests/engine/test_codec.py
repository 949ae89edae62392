"""The JSON codec of expressions and results: exact round trips, strict validation, no code run."""
import dataclasses
import json
import pickle
import random
import time
from pathlib import Path

import pytest
import sympy as sp

from symdp import symbols
from symdp.engine.codec import expressions as codec
from symdp.engine.codec import (CodecError, decode_expr, dumps, encode_expr, loads,
                                result_from_json, result_to_json)
from symdp.engine.model.records import DerivationResult, Note, Outcome, Source, Step, Table
from symdp.engine.run.registry import discover
from symdp.engine.run.runner import run_one
from symdp.engine.model.status import Status
from symdp.symbols import alpha, beta, eps, sigma, theta, x, z

n = sp.Symbol("n", integer=True, positive=True)
y = sp.Symbol("y")
f = sp.Function("f")
g = sp.Function("g", real=True)

EXPRESSIONS = [
    sp.Piecewise((eps, theta < 0), (sp.exp(-eps), theta < 1), (1, True)),
    sp.Piecewise((sp.exp(-x) / 2, x >= 0), (sp.exp(x) / 2, True)),
    sp.Interval(0, sp.oo, True, False), sp.Interval.Lopen(alpha, 1), sp.Interval(-1, 1),
    sp.Union(sp.Interval(0, 1), sp.Interval(2, 3)), sp.FiniteSet(1, x),
    sp.Integral(sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi), (x, -sp.oo, theta)),
    sp.Integral(sp.exp(-x), x), sp.Sum(1 / n**2, (n, 1, sp.oo)),
    sp.Derivative(f(x) * sp.exp(x), (x, 2)), sp.Derivative(g(x, z), x, z), sp.Subs(f(x), x, 1),
    sp.Abs(theta - symbols.QD), sp.Max(eps, beta, 1), sp.Min(x, 0),
    sp.erfc(x / sp.sqrt(2)), sp.erfcinv(2 * alpha), sp.erf(x), sp.log(1 + sp.exp(eps)),
    sp.exp(-eps) * sigma, sp.sqrt(sigma), sp.sqrt(2 + sp.sqrt(3)),
    sp.root(5, 3) + sp.sqrt(2 + sp.sqrt(2 + sp.sqrt(2))),
    sp.Eq(x, y, evaluate=False), sp.Ne(x, 1), sp.Lt(x, eps), sp.Le(x, 1), sp.Gt(eps, beta), sp.Ge(theta, 0),
    sp.And(x > 0, y < 1), sp.Or(sp.Eq(x, 0), x > 2), sp.Not(x > 1),
    sp.Tuple(1, x, sp.Rational(1, 3)), sp.Lambda(x, x**2 + 1), sp.Lambda((x, z), x * z),
    sp.ImageSet(sp.Lambda(n, 2 * n), sp.Integers),
    sp.Float("0.1"), sp.Float(2.5), sp.Float(0), -sp.Float("3.25", 30), sp.Float("1.5e-300", 60),
    sp.Float("1e100000", 15), sp.Float("0.1", 200) * x,
    sp.pi, sp.E, sp.I, sp.oo, -sp.oo, sp.zoo, sp.nan, sp.EulerGamma, sp.Catalan, sp.GoldenRatio,
    sp.true, sp.false, sp.EmptySet, sp.Reals, sp.Integers, sp.S.Half, sp.S.Zero, sp.S.One,
    sp.S.NegativeOne, sp.Integer(-7), sp.Integer(10)**50, sp.Rational(-22, 7), 2 * sp.I * eps,
    f(x) + g(2 * x), sp.Heaviside(x), sp.LambertW(x), sp.gamma(x), sp.floor(x), sp.O(x**2),
    sp.Mul(-1, x, evaluate=False),
    # an indexed family (the LaTeX reader's \sum_{i=1}^k \mu_i^2): SymPy calls Indexed an atom, built from its args
    sp.sqrt(sp.Sum(sp.IndexedBase("mu", positive=True)[n] ** 2, (n, 1, x))), sp.IndexedBase("a")[sp.Idx("j", 3)],
]


def _through_json(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("expr", EXPRESSIONS, ids=sp.srepr)
def test_expression_round_trip(expr):
    back = decode_expr(_through_json(encode_expr(expr)))
    assert back == expr and sp.srepr(back) == sp.srepr(expr)
    assert back.is_Atom or back.func(*back.args) == back


def test_arithmetic_is_rebuilt_unevaluated():
    for expr in [sp.Add(x, x, evaluate=False), sp.Mul(2, x + 1, evaluate=False), sp.Pow(4, sp.S.Half, evaluate=False)]:
        back = decode_expr(encode_expr(expr))
        assert back == expr and sp.srepr(back) == sp.srepr(expr)


@pytest.mark.parametrize("name", [k for k, v in vars(symbols).items() if isinstance(v, sp.Symbol)])
def test_canonical_symbols_keep_their_assumptions(name):
    s = getattr(symbols, name)
    back = decode_expr(_through_json(encode_expr(s)))
    assert back == s and back.assumptions0 == s.assumptions0 and sp.srepr(back) == sp.srepr(s)
    assert back is s or back.is_positive == s.is_positive


def test_floats_are_exact_with_their_precision():
    for value in [sp.Float("0.1"), sp.Float("0.1", 100), sp.Float(sp.pi.evalf(500), 500),
                  sp.Float("-2.5e-700", 40), sp.Float(1) / 3]:
        back = decode_expr(_through_json(encode_expr(value)))
        assert back._mpf_ == value._mpf_ and back._prec == value._prec


def test_one_dummy_decodes_to_one_fresh_dummy():
    t, u = sp.Dummy("t", positive=True), sp.Dummy("t", positive=True)
    expr = t**2 + sp.exp(t) + u + sp.Integral(sp.exp(-t), (t, 0, sp.oo))
    back = decode_expr(encode_expr(expr))
    dummies = sorted(back.atoms(sp.Dummy), key=sp.default_sort_key)
    assert len(dummies) == 2 and not {t, u} & set(dummies)
    assert all(d.name == "t" and d.is_positive for d in dummies)
    assert any(back.xreplace(dict(zip(dummies, pair))) == expr for pair in [(t, u), (u, t)])


def test_symdp_functions_are_allowed():
    special = pytest.importorskip("symdp.special")
    expr = special.Phi(x) + special.PhiInv(alpha) * special.Phi(-theta / sigma)
    back = decode_expr(encode_expr(expr))
    assert back == expr and sp.srepr(back) == sp.srepr(expr)


class Twice(sp.Function):
    """A class in no allow-list until registered."""


def test_extra_classes_are_registered_explicitly(monkeypatch):
    monkeypatch.setattr(codec, "EXTRA_CLASSES", {})
    with pytest.raises(CodecError, match="Twice"):
        encode_expr(Twice(x))
    codec.register(Twice)
    assert decode_expr(encode_expr(Twice(x) + 1)) == Twice(x) + 1
    with pytest.raises(ValueError, match="already means"):
        codec.register(type("Add", (sp.Function,), {}))


def test_matrices_round_trip():
    matrices = [sp.Matrix([[1, x], [sp.exp(eps), sp.Rational(1, 2)]]), sp.ImmutableMatrix([[x, 2]]), sp.Matrix(0, 0, [])]
    for matrix in matrices:
        back = decode_expr(_through_json(encode_expr(matrix)))
        assert type(back) is type(matrix) and back == matrix and back.shape == matrix.shape


@pytest.mark.parametrize("value", [3, "x", sp.SparseMatrix([1]), sp.Wild("w"), sp.Function("f")],
                         ids=["int", "str", "SparseMatrix", "Wild", "unapplied function"])
def test_unsupported_values_are_refused_on_writing(value):
    with pytest.raises(CodecError):
        encode_expr(value)


def test_depth_is_capped_both_ways():
    deep = x
    for _ in range(codec.MAX_DEPTH):
        deep = sp.exp(deep)
    assert decode_expr(encode_expr(deep)) == deep
    with pytest.raises(CodecError, match="deeper than"):
        encode_expr(sp.exp(deep))


def test_size_is_capped(monkeypatch):
    monkeypatch.setattr(codec, "MAX_NODES", 10)
    with pytest.raises(CodecError, match="more than 10"):
        decode_expr(encode_expr(sum(sp.Symbol(f"s{i}") for i in range(20))))


# ---------------------------------------------------------------- results

DERIVATION = '''
import sympy as sp

from symdp import Status, derivation
from symdp.symbols import eps, theta, x


@derivation(id="codec.demo", title="Codec demo", paper="notes.txt", where="Eq. 2")
def demo(d):
    p = d.define("p", sp.exp(eps) / (1 + sp.exp(eps)), "probability of a truthful answer")
    d.identity("ratio", p / (1 - p), sp.exp(eps), text="the likelihood ratio")
    d.define("f", sp.Piecewise((sp.exp(-x) / 2, x >= 0), (sp.exp(x) / 2, True)), "a Laplace density")
    d.integrate("S", sp.exp(-x) / 2, (x, theta, sp.oo), text="upper tail")
    d.differentiate("dp", p, eps)
    d.sign("p-half", p - sp.Rational(1, 2), "positive")
    d.printed("eq2", sp.exp(eps) / (1 + sp.exp(-eps)), p, where="Eq. 2",
              expect=Status.ERRATUM, text="a sign typo")
    d.note("a remark that is not algebra")
    d.table("t1", "p at two levels", ("epsilon", "p"), [("1", "0.731"), ("2", "0.881")])
    d.figure("f1", "p against epsilon", "epsilon", "p", {"p": [(0, 0.5), (1, 0.731)]})
'''


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    folder = tmp_path_factory.mktemp("codec")
    (folder / "demo.py").write_text(DERIVATION)
    (spec,) = discover(folder)
    return run_one(spec)


def _assert_same_result(back, result):
    assert back == result
    for got, want in zip(back.trace, result.trace):
        assert type(got) is type(want) and got == want
        for (_, a), (_, b) in zip(getattr(got, "exprs", ()), getattr(want, "exprs", ())):
            assert a == b and sp.srepr(a) == sp.srepr(b)


def test_a_real_result_round_trips(result):
    assert {type(e).__name__ for e in result.trace} == {"Step", "Note", "Table", "Figure"}
    assert any(c.outcome.witness for c in result.claims)
    _assert_same_result(loads(dumps(result)), result)
    _assert_same_result(result_from_json(_through_json(result_to_json(result))), result)


def test_the_text_is_deterministic(result):
    assert dumps(result) == dumps(loads(dumps(result)))


def _optional_fields(result):
    """Values for the fields that records.py may have gained (error report, certificates)."""
    names = {f.name for f in dataclasses.fields(DerivationResult)}
    extra = {}
    if "error" in names:
        from symdp.engine.model.records import ErrorReport
        extra["error"] = ErrorReport("demo.py", 12, "ZeroDivisionError: division by zero", "codec.demo")
    if "certificates" in names:
        from symdp.engine.proof.certificates import Certificate
        kernel_section = Certificate("cd34", "codec.demo::bound", None, "kernel", key="ef56", kernel='{"proof": 1}')
        extra["certificates"] = (Certificate("ab12", "codec.demo::ratio", ("yes", None, "no"), "cancel"),
                                 kernel_section)  # a proof object read from a file's kernel section: no transcript
    return extra


def test_every_record_type_and_field_round_trips(result):
    t = sp.Dummy("t", positive=True)
    outcome = Outcome(Status.UNDECIDED, "none", "detail", None, 3, 60, "a note")
    steps = (Step("define", "a dummy", (("a", t + 1),), outcome, "c1", Status.UNDECIDED, 1.5, r"\leq"),
             Step("define", "the same dummy", (("b", sp.exp(t)),), outcome))
    full = dataclasses.replace(result, trace=result.trace + steps, **_optional_fields(result))
    back = loads(dumps(full))
    assert dataclasses.replace(back, trace=full.trace) == full
    assert back.trace[:-2] == full.trace[:-2]
    (a,), (b,) = [[e for _, e in step.exprs] for step in back.trace[-2:]]
    (fresh,) = a.free_symbols
    assert b.free_symbols == {fresh} and fresh != t and (a, b) == (fresh + 1, sp.exp(fresh))
    for got, want in zip(back.trace[-2:], steps):
        assert dataclasses.replace(got, exprs=want.exprs) == want


def test_fields_with_defaults_may_be_absent(result):
    data = result_to_json(result)
    del data["result"]["seconds"]
    del data["result"]["trace"][0]["Step"]["relation"]
    back = result_from_json(data)
    assert back.seconds == 0.0 and back.trace[0].relation == ""


# ---------------------------------------------------------------- validation

def _doc(result, path, value):
    """The JSON form of ``result`` with the item at ``path`` (keys and indexes) replaced or deleted."""
    data = _through_json(result_to_json(result))
    *parents, last = path
    box = data
    for key in parents:
        box = box[key]
    if value is _DELETE:
        del box[last]
    else:
        box[last] = value
    return data


_DELETE = object()
STEP = ["result", "trace", 0, "Step"]


@pytest.mark.parametrize("path, value, message", [
    (["format"], 2, "unsupported format 2"),
    (["format"], "1", "unsupported format"),
    (["format"], True, "unsupported format"),
    (["extra"], 1, "unknown key"),
    (["result", "title"], _DELETE, "missing key.*title"),
    (["result", "title"], 3, "result.title: .*must be str, got int"),
    (["result", "seconds"], "fast", "result.seconds"),
    (["result", "seconds"], 10**400, "result.seconds: a value must be float, got int"),
    (["result", "source", "page"], "1", r"unknown key\(s\) \['page'\] in a Source"),
    (STEP + ["colour"], "red", "trace\\[0\\].Step: unknown key"),
    (STEP + ["outcome", "status"], "GREAT", "unknown Status 'GREAT'"),
    (STEP + ["outcome", "points"], "3", "outcome.points: .*must be int"),
    (STEP + ["outcome", "points"], True, "outcome.points: .*must be int, got bool"),
    (STEP + ["exprs"], {"p": 1}, "exprs: .*must be list"),
    (STEP + ["exprs", 0], ["p"], "expected 2 items, got 1"),
    (STEP + ["exprs", 0, 1], "exp(epsilon)", r"exprs\[0\]\[1\]: an expression node must be dict"),
    (["result", "trace", 0], {"Pickle": {}}, "expected one of"),
    (["result", "trace", 0], {"Step": {}, "Note": {}}, "tagged record"),
])
def test_invalid_documents_are_refused_with_a_clear_message(result, path, value, message):
    with pytest.raises(CodecError, match=message):
        result_from_json(_doc(result, path, value))


@pytest.mark.parametrize("data, message", [
    ({"node": "__import__", "args": [{"integer": 1}]}, "unknown class name '__import__'"),
    ({"node": "eval", "args": []}, "unknown class name 'eval'"),
    ({"node": "os.system", "args": []}, "unknown class name"),
    ({"node": "Symbol", "args": []}, "unknown class name 'Symbol'"),
    ({"node": "Add", "args": "1 + 1"}, "args must be list"),
    ({"node": "Add", "args": [1, 2]}, r"args\[0\]: an expression node must be dict"),
    ({"node": "Add", "args": [], "extra": 1}, "unknown key"),
    ({"node": "Add", "symbol": "x", "args": []}, "exactly one of"),
    ({"symbol": "x", "assumptions": {"__class__": True}}, "not a known fact"),
    ({"symbol": "x", "assumptions": {"positive": "yes"}}, "not a known fact"),
    ({"symbol": "", "assumptions": {}}, "non-empty"),
    ({"symbol": "x", "assumptions": {"positive": True, "negative": True}}, "cannot be built"),
    ({"integer": "12"}, "integer must be int"),
    ({"integer": 1.5}, "integer must be int"),
    ({"rational": [2, 4]}, "lowest terms"),
    ({"rational": [1, 0]}, "lowest terms"),
    ({"float": "1e5", "precision": 53}, "float must be"),
    ({"float": "0x3p1", "precision": 1}, "more than its 1 bits"),
    ({"float": "0x1p1", "precision": 10**9}, "precision"),
    ({"singleton": "__class__"}, "unknown singleton"),
    ({"matrix": [2, 2], "args": [{"integer": 1}]}, "matrix shape"),
    ({"function": "f", "assumptions": {}, "args": [{"node": "Pickle", "args": []}]}, "unknown class name"),
    ({"node": "Tuple", "args": [{"dummy": "t", "id": 0, "assumptions": {}},
                                {"dummy": "u", "id": 0, "assumptions": {}}]}, "dummy id 0"),
    ("__import__('os').system('true')", "must be dict"),
    (None, "must be dict"),
])
def test_crafted_expressions_are_refused(data, message):
    with pytest.raises(CodecError, match=message):
        decode_expr(data)


def test_a_located_message():
    data = {"node": "Add", "args": [{"integer": 1}, {"node": "exp", "args": [{"node": "__import__", "args": []}]}]}
    with pytest.raises(CodecError) as info:
        decode_expr(data)
    assert str(info.value) == ".args[1].args[0]: unknown class name '__import__' (not in the allow-list)"


def _mutations(data, rng):
    """Every (container, key) of a JSON document, and junk to put there."""
    spots, stack = [], [data]
    while stack:
        box = stack.pop()
        keys = list(box) if isinstance(box, dict) else range(len(box))
        spots += [(box, k) for k in keys]
        stack += [box[k] for k in keys if isinstance(box[k], (dict, list))]
    junk = [None, True, -1, 2**70, 1.5, "", "eval", "__import__", [], {}, {"node": "exec", "args": []},
            {"symbol": "x", "assumptions": {}}, {"float": "0x1p0", "precision": 0}]
    return rng.sample(spots, min(300, len(spots))), junk


def test_mutated_documents_raise_codec_errors_only(result):
    rng = random.Random(7)
    doc = _through_json(result_to_json(result))
    spots, junk = _mutations(doc, rng)
    for box, key in spots:
        saved, box[key] = box[key], rng.choice(junk)
        try:
            back = result_from_json(_through_json(doc))
        except CodecError:
            back = None
        assert back is None or isinstance(back, DerivationResult)
        box[key] = saved
    assert result_from_json(doc) == result


def test_nothing_is_executed(tmp_path, result):
    marker = tmp_path / "ran"
    code = f"__import__('pathlib').Path({str(marker)!r}).touch()"
    for name in ("__import__", "eval", "exec", "compile", code):
        with pytest.raises(CodecError):
            decode_expr({"node": name, "args": [{"symbol": code, "assumptions": {}}]})
    with pytest.raises(CodecError):
        result_from_json(_doc(result, STEP + ["exprs", 0, 1], code))
    assert decode_expr({"symbol": code, "assumptions": {}}).name == code  # a name, never run
    assert not marker.exists()


class _Evil:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_a_crafted_pickle_is_not_loaded(tmp_path):
    marker = tmp_path / "ran"
    with pytest.raises(CodecError, match="not valid JSON"):
        loads(pickle.dumps(_Evil(marker)))
    assert not marker.exists()


def _nested(depth):
    data = {"integer": 1}
    for _ in range(depth):
        data = {"node": "exp", "args": [data]}
    return data


def test_a_very_deep_payload_is_refused():
    with pytest.raises(CodecError, match="deeper than"):
        decode_expr(_nested(10_000))
    text = '{"format": 1, "result": ' + '{"node": "exp", "args": [' * 10_000 + "1" + "]}" * 10_001
    with pytest.raises(CodecError):
        loads(text)


def _int(value):
    return {"integer": value}


def _node(name, *args):
    return {"node": name, "args": list(args)}


@pytest.mark.parametrize("data", [
    _node("Pow", _int(10), _int(10**9)),
    _node("Equality", _node("Pow", _int(10), _int(10**9)), _int(1)),
    _node("Pow", _node("Pow", _int(10), _int(1000)), _int(1000)),
    _node("Pow", _int(10), {"rational": [10**9 + 1, 2]}),
    _node("Mul", *[_int(10**4000)] * 100),
], ids=["Pow", "Eq of Pow", "Pow of Pow", "rational power", "Mul"])
def test_crafted_huge_numbers_are_refused(data):
    started = time.perf_counter()
    with pytest.raises(CodecError, match="more than 100000 bits"):
        decode_expr(data)
    assert time.perf_counter() - started < 5


def test_crafted_functions_are_not_evaluated():
    started = time.perf_counter()
    fact = decode_expr(_node("factorial", _int(10**9)))
    eq = decode_expr(_node("Equality", _node("catalan", _int(10**9)), _int(1)))
    big = decode_expr(_node("Max", _node("fibonacci", _int(10**9)), _int(1)))
    assert isinstance(fact, sp.factorial) and isinstance(eq, sp.Eq) and isinstance(big, sp.Max)
    assert time.perf_counter() - started < 5


def test_results_of_other_types_are_refused():
    with pytest.raises(CodecError, match="DerivationResult"):
        result_to_json(Note("not a result"))
    table = Table("t", "c", ("a",), (("1",),))
    bad = DerivationResult("x", "y", Source("p", "w"), (table, "text"))
    with pytest.raises(CodecError, match=r"result.trace\[1\]"):
        result_to_json(bad)
