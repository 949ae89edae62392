"""Printed relations: ``d.printed`` of an inequality, a chain or a definition, and claims that refuse LaTeX.

The oracles are hand-checked facts: e^x - 1 <= 2x holds on (0, 1] and fails at x = 2 (e^2 - 1 = 6.39 > 4);
2 Phi(mu/2) - 1 <= mu/sqrt(2 pi) holds for mu > 0 (the density of N(0,1) is at most 1/sqrt(2 pi)) and its reverse
fails at mu = 1 (0.383 < 0.399); e^{-t^2/2}/2 <= 1/2 for real t.
"""
import sympy as sp
import pytest

from symdp import derivation, quote
from symdp.engine.proof import certificates as certs
from symdp.engine.run.printed import within
from symdp.engine.run.recorder import Recorder
from symdp.engine.model.status import Status
from symdp.errors import SymdpError
from symdp.mechanisms import gaussian
from symdp.paper import check
from symdp.special import Phi
from symdp.symbols import delta, eps, mu

EXP_LINEAR = r"e^{\varepsilon} - 1 \le 2\varepsilon, \quad 0 < \varepsilon \le 1."
TV_LINEAR = r"2\Phi(\mu/2) - 1 \le \frac{\mu}{\sqrt{2\pi}}."


def claim(d: Recorder):
    step = d.trace[-1]
    return step, step.outcome


@pytest.mark.parametrize("kind, call", [
    ("sign", lambda d, x: d.sign("c", x, "positive")),
    ("identity", lambda d, x: d.identity("c", x, 1)),
    ("identity", lambda d, x: d.identity("c", 1, x)),
    ("monotone", lambda d, x: d.monotone("c", x, mu, True)),
])
@pytest.mark.parametrize("given", [r"\mu \le 1", sp.Le(mu, 1), "quote"])
def test_claims_on_expressions_refuse_latex_quotes_and_relations(tmp_path, kind, call, given):
    (tmp_path / "p.tex").write_text("\\begin{equation} \\mu \\le 1 \\label{eq:a} \\end{equation}\n")
    value = quote(str(tmp_path / "p.tex"), label="eq:a") if given == "quote" else given
    d = Recorder("t")
    with pytest.raises(SymdpError) as exc:
        call(d, value)
    assert f"d.{kind}" in str(exc.value) and d.trace == []
    call(Recorder("t"), mu) if kind != "identity" else None  # an expression is still taken


def test_a_printed_bound_is_proved_with_no_derived_side():
    d = Recorder("t")
    d.printed("tv", TV_LINEAR)
    step, o = claim(d)
    assert step.kind == "printed" and o.status is Status.PROVED and o.detail.startswith("printed relation holds: ")
    assert step.exprs[0][1] == sp.Tuple(2 * Phi(mu / 2) - 1, mu / sp.sqrt(2 * sp.pi))


def test_a_printed_bound_found_false_is_an_erratum_with_a_certified_witness():
    d = Recorder("t")
    d.printed("tv", TV_LINEAR.replace(r"\le", r"\ge"), where="Eq. (3)")
    _, o = claim(d)
    assert o.status is Status.ERRATUM and o.witness is not None and "certified" in o.method
    assert o.detail.startswith("printed Eq. (3) is false: 2*Phi(mu/2) - 1 >= sqrt(2)*mu/(2*sqrt(pi)) fails")
    point = {s: float(v) for s, v in o.witness.point}
    assert 2 * float(Phi(sp.Float(point["mu"]) / 2)) - 1 < point["mu"] / (2 * 3.141592653589793) ** 0.5


def test_with_a_derived_side_the_bounded_member_must_equal_it():
    tv = gaussian.cdf(mu / 2) - gaussian.cdf(-mu / 2)
    d = Recorder("t")
    d.printed("right", TV_LINEAR, tv)
    d.printed("wrong", TV_LINEAR, gaussian.cdf(mu / 3) - gaussian.cdf(-mu / 3))
    right, wrong = (s.outcome for s in d.trace)
    assert right.status is Status.PROVED and "printed member 1 = derived" in right.detail
    assert wrong.status is Status.ERRATUM and "corrected form is the derived one" in wrong.detail


def test_side_conditions_are_the_domain():
    d = Recorder("t")
    d.printed("kept", EXP_LINEAR)
    d.printed("dropped", r"e^{\varepsilon} - 1 \le 2\varepsilon.")
    kept, dropped = d.trace
    assert kept.status is Status.PROVED and kept.provenance.conditions == ("(epsilon <= 1) & (0 < epsilon)",)
    assert dropped.status is Status.ERRATUM and float(dict(dropped.outcome.witness.point)["epsilon"]) > 1


def test_a_chain_of_bounds_in_a_name_no_one_declared_real():
    d = Recorder("t")
    d.printed("chain", r"\frac{1}{2} e^{-t^2/2} \le \frac{1}{2} \le 1, \quad t \ge 0")
    assert claim(d)[1].status is Status.PROVED


def test_a_printed_sympy_relation():
    d = Recorder("t")
    d.printed("rel", sp.Le(sp.exp(eps) - 1, 2 * eps, evaluate=False), domain={eps: sp.Interval.Lopen(0, 1)})
    assert claim(d)[1].status is Status.PROVED


def test_a_defined_left_side_is_recorded_not_compared():
    d = Recorder("t")
    Delta = sp.Symbol("Delta", positive=True)
    d.printed("sigma2", r"\sigma^2 = \frac{2\Delta^2\log(1.25/\delta)}{\varepsilon^2}.",
              gaussian.classic_sigma(eps, delta).subs(gaussian.dQ, Delta) ** 2)
    step, o = claim(d)
    assert o.status is Status.PROVED and step.provenance.defines == r"\sigma^2"


@pytest.mark.parametrize("printed, derived, why", [
    (r"\sigma^2 = \frac{1}{\varepsilon}", None, r"defines \sigma^2 and states no relation to check by itself"),
    (TV_LINEAR, sp.Le(mu, 1), "a SymPy expression (the value the printed side states)"),
    (r"e^{\mu} \le 1 + \varepsilon, \quad \mu + \varepsilon < 1", None, "a side condition bounding one symbol"),
])
def test_what_cannot_be_checked_is_an_error_saying_why(printed, derived, why):
    d = Recorder("t")
    d.printed("c", printed, derived)
    _, o = claim(d)
    assert o.status is Status.ERROR and why in o.detail


def test_the_equation_path_keeps_its_certificate_key():
    """The catalogue's certificates are keyed by this fingerprint: the equation path must not change it."""
    d = Recorder("t")
    derived = sp.exp(eps) - 1
    d.printed("eq", r"x = e^{\varepsilon} - 1", derived)
    member = sp.exp(eps) - 1
    assert d.certificates[-1].fingerprint == certs.fingerprint("identity", member, derived, None, True, None)


def test_within_narrows_a_domain_by_conditions():
    x, y = sp.Symbol("x", real=True), sp.Symbol("y", positive=True)
    got = within({x: sp.Interval(-5, 5)}, (sp.And(sp.Lt(0, x), sp.Le(x, 2)), sp.Le(y, sp.log(1 / delta))))
    assert got == {x: sp.Interval.Lopen(0, 2), y: sp.Interval.Lopen(0, sp.log(1 / delta))}
    assert within(None, ()) is None and within({x: sp.Interval(0, 1)}, (sp.true,)) == {x: sp.Interval(0, 1)}
    assert within({}, (sp.Contains(x, sp.Interval(1, 3)),)) == {x: sp.Interval(1, 3)}
    with pytest.raises(SymdpError, match="leaves x some values"):
        within({x: sp.Interval(0, 1)}, (sp.Gt(x, 2),))
    with pytest.raises(SymdpError, match="comparable"):
        within({x: sp.Interval(0, y)}, (sp.Lt(x, delta),))


def test_a_derivation_that_times_out_leaves_its_labels_not_checked(tmp_path):
    (tmp_path / "p.tex").write_text("\\begin{equation} a = 1 \\label{eq:a} \\end{equation}\n")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "slow.py").write_text(
        "import time\nfrom symdp import derivation, quote\n\n"
        "@derivation('slow', 'slow', 'p.tex', '-')\ndef slow(d):\n    time.sleep(30)\n"
        "    d.printed('a', quote('../p.tex', label='eq:a'), 1)\n")
    result = check(tmp_path / "p.tex", tmp_path / "d", cache=None, timeout=0.5)
    (verdict,) = result.verdicts
    assert not result.ok and verdict.state == "not checked" and "slow raised TimeoutError" in verdict.why


def test_a_label_another_derivation_failed_to_reach_is_not_checked(tmp_path):
    (tmp_path / "p.tex").write_text("\\begin{equation} a = 1 \\label{eq:a} \\end{equation}\n")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "two.py").write_text(
        "from symdp import derivation, quote\n\nPAPER = '../p.tex'\n\n"
        "@derivation('ok', 'ok', 'p.tex', '-')\ndef ok(d):\n    d.printed('a', quote(PAPER, label='eq:a'), 1)\n\n"
        "@derivation('bad', 'bad', 'p.tex', '-')\ndef bad(d):\n    raise ValueError('no')\n"
        "    d.printed('a', quote(PAPER, label='eq:a'), 1)\n")
    result = check(tmp_path / "p.tex", tmp_path / "d", cache=None)
    (verdict,) = result.verdicts
    assert verdict.state == "not checked" and verdict.why.startswith("not checked: bad raised ValueError: no (")
    assert [b.claim for b in verdict.bindings] == ["ok::a"] and not result.ok


def test_an_indexed_family_sampled_as_one_number_is_no_evidence_and_no_witness_off_the_integers():
    """The prover samples mu[i] as one value (a constant sequence).  sum_i mu_i^2 <= (1/2) sum_i mu_i^2 is false
    (any nonzero sequence), but its sampled witness puts k at a non-integer: no sum, no witness (UNDECIDED, never
    a certified-looking ERRATUM).  At an integer bound the constant sequence is a true counterexample; a sample
    that holds says nothing of the other sequences (VERIFIED becomes UNDECIDED)."""
    import sympy as sp
    from symdp.engine.run.printed import sampled_families
    from symdp.engine.model.records import Outcome, Witness
    from symdp.engine.model.status import Status
    i, k = sp.symbols("i k")
    mu = sp.IndexedBase("mu")
    s = sp.Sum(mu[i] ** 2, (i, 1, k))
    bad = Outcome(Status.ERRATUM, "numeric counterexample", "false", Witness((("k", "2.382"), ("mu[i]", "0.42")),
                                                                             "-0.05", "0.0"))
    assert sampled_families(bad, (s, s / 2)).status is Status.UNDECIDED
    good = Outcome(Status.ERRATUM, "numeric counterexample", "false", Witness((("k", "3.0"), ("mu[i]", "0.42")),
                                                                              "-0.26", "0.0"))
    assert sampled_families(good, (s, s / 2)) == good
    sampled = Outcome(Status.VERIFIED, "numeric sample", "held at 30 points")
    assert sampled_families(sampled, (s, s)).status is Status.UNDECIDED
    proved = Outcome(Status.PROVED, "symbolic", "zero")
    assert sampled_families(proved, (s, s)) == proved
    plain = Outcome(Status.VERIFIED, "numeric sample", "held")
    assert sampled_families(plain, (k, k ** 2)) == plain
