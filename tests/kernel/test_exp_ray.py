"""The ``signs`` rewrite ``exp-ray`` (symdp/kernel/signs.py, docs/proof-format.md): e^(k x) as (1 + w)^(k/g) with w > 0
where the domain reads x > 0 (w >= 0 where x >= 0), a generalisation the kernel's ``exp-generators`` cannot make (it
forgets w > 0).  Each acceptance has a false twin that must be rejected; the oracle for truth is mpmath at sample
points (the claims are standard: tanh y <= y for y >= 0, Bun and Steinke's zCDP bound for randomized response)."""
from __future__ import annotations

import mpmath
import pytest
import sympy as sp
from symdp import kernel
from symdp.engine.proof.proof_export import sign_node

eps = sp.Symbol("epsilon", positive=True)
x = sp.Symbol("x", real=True)
RAY = sp.Interval.open(0, sp.oo)
TANH = eps**2 / 2 - eps * sp.tanh(eps / 2)   # tests/heldout/fresh: tanh-le-zcdp


def signs(expr, which, domain, rewrites):
    return kernel.check(kernel.sign_claim(expr, which, domain), kernel.Proof(kernel.Signs(tuple(rewrites))))


def test_the_second_derivative_of_the_tanh_bound_reads_nonnegative_with_exp_ray_only():
    d2 = sp.diff(TANH, eps, 2)
    assert all(mpmath.mpf(str(sp.N(d2.subs(eps, v), 30))) >= 0 for v in ("0.01", "1", "7", "40"))
    assert signs(d2, "nonnegative", {eps: RAY}, ("hyperbolic-exp", "exp-ray", "factor")).accepted
    assert not signs(d2, "nonnegative", {eps: RAY}, ("hyperbolic-exp", "exp-generators", "factor")).accepted
    assert not signs(-d2, "nonnegative", {eps: RAY}, ("hyperbolic-exp", "exp-ray", "factor")).accepted


@pytest.mark.parametrize("expr,which,interval,accepted", [
    (sp.exp(x) - 1, "nonnegative", sp.Interval(0, sp.oo), True),         # w >= 0 at a closed end
    (sp.exp(x) - 1, "positive", sp.Interval(0, sp.oo), False),           # 0 at x = 0: not > 0
    (sp.exp(x) - 1, "positive", RAY, True),
    (1 - sp.exp(-2 * x), "positive", RAY, True),                          # a negative k: (1 + w)^-2
    (sp.exp(x) - 1, "nonnegative", sp.Interval(-sp.oo, sp.oo), False),   # x of either sign: no substitution
    (sp.exp(x) - 1, "nonnegative", sp.Interval(-1, 1), False),
    (1 - sp.exp(x), "nonnegative", RAY, False),                           # false on the ray
    (sp.exp(x / 2) - sp.exp(x / 3), "positive", RAY, True),             # g = 1/6: (1 + w)^3 - (1 + w)^2
    (sp.exp(x / 3) - sp.exp(x / 2), "nonnegative", RAY, False),
])
def test_exp_ray_substitutes_only_where_the_domain_reads_the_symbol_positive(expr, which, interval, accepted):
    rewrites = ("exp-ray", "together", "factor")
    assert signs(expr, which, {x: interval}, rewrites).accepted is accepted


def test_the_exporter_builds_the_tanh_proof_from_the_search_description():
    detail = ("monotone in epsilon from epsilon -> 0+ (limit 0: sign by assumptions (as written); derivative nonnegative: "
              "monotone in epsilon from epsilon -> 0+ (limit 0: sign by assumptions (as written); derivative nonnegative: "
              "sign by assumptions after epsilon > 0 (exp substitution)))")
    claim = kernel.sign_claim(TANH, "nonnegative", {eps: RAY})
    node = sign_node(claim, detail)
    assert node is not None and kernel.check(claim, kernel.Proof(node)).accepted
    assert "exp-ray" in repr(node)
    false = kernel.sign_claim(-TANH - eps**3, "nonnegative", {eps: RAY})
    assert sign_node(false, detail) is None


def test_a_proof_file_naming_exp_ray_is_read_back():
    d2 = sp.diff(TANH, eps, 2)
    proof = kernel.Proof(kernel.Signs(("hyperbolic-exp", "exp-ray", "factor")))
    again = kernel.Proof.from_json(proof.to_json())
    assert kernel.check(kernel.sign_claim(d2, "nonnegative", {eps: RAY}), again).accepted


# a log's argument or a denominator whose sign only its factors show (Bretagnolle-Huber for two Bernoulli laws) ---

p = sp.Symbol("p", positive=True)
q = sp.Symbol("q", positive=True)
UNIT = sp.Interval.open(0, 1)
KL = p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))


def test_a_denominator_read_nonzero_from_its_factors():
    from symdp.kernel.signs import Reader
    below = {p: UNIT, q: sp.Interval.open(0, p)}
    assert Reader(()).real(sp.log(1 - (p - q)**2), below)
    assert Reader(()).real(1 / (1 - (p - q)**2), below)
    wide = {p: sp.Interval.open(0, 3), q: sp.Interval.open(0, p)}     # p - q may reach 1 there: no reading
    assert not Reader(()).real(sp.log(1 - (p - q)**2), wide)
    assert not Reader(()).real(1 / (1 - (p - q)**2), wide)


def test_bretagnolle_huber_for_bernoulli_laws_is_exported_and_its_near_miss_is_not():
    from symdp.engine.proof.proof_export import sign_node
    detail = ("log increasing: 1 - (p - q)**2 > 0 (sign by assumptions after p = 0 + (1 - 0)/(1 + t); q = 0 + (1 - 0)/(1 "
              "+ t) (cancel)) and exp(-p*log(p/q) - (1 - p)*log((1 - p)/(1 - q))) > 0 (sign by assumptions after p = 0 "
              "+ (1 - 0)/(1 + t); q = 0 + (1 - 0)/(1 + t) (as written)), so the claim has the sign of p*log(p/q) + (1 - "
              "p)*log((1 - p)/(1 - q)) + log(1 - (p - q)**2) (split at the stationary point q = p (inside its "
              "interval): below, monotone in q from q -> p (limit 0: sign by assumptions (as written); derivative "
              "nonpositive: sign by assumptions after p = 0 + (1 - 0)/(1 + t); q = 0 + (p - 0)/(1 + t) (cancel)); "
              "above, monotone in q from q -> p (limit 0: sign by assumptions (as written); derivative nonnegative: "
              "sign by assumptions after p = 0 + (1 - 0)/(1 + t); q = p + (1 - p)/(1 + t) (cancel)))")
    claim = kernel.sign_claim(1 - sp.exp(-KL) - (p - q)**2, "nonnegative", {p: UNIT, q: UNIT})
    node = sign_node(claim, detail)
    assert node is not None and kernel.check(claim, kernel.Proof(node)).accepted
    near = kernel.sign_claim(1 - sp.exp(-KL) - (p - q)**2 - sp.Rational(1, 10**6), "nonnegative", {p: UNIT, q: UNIT})
    assert not kernel.check(near, kernel.Proof(node)).accepted     # false at p = q (tests/heldout/fresh near miss)


# the adversarial review of 2e985f3 ----------------------------------------------------------------------------------

def test_review_a_bound_symbol_is_not_substituted():
    goal = sp.Subs(sp.exp(x), x, 0) - 1          # exactly 0: never > 0
    assert sp.Subs(sp.exp(x), x, 0).doit() == 1
    from symdp.kernel.signs import exp_ray, Reader
    assert exp_ray(goal, {x: RAY}, Reader(()))[0] == sp.expand(goal, power_exp=True, mul=False, multinomial=False,
                                                              log=False)
    assert not signs(goal, "positive", {x: RAY}, ("exp-ray", "expand")).accepted


def test_review_a_huge_power_is_not_written_out():
    import time
    started = time.perf_counter()
    assert not signs(sp.exp(10**6 * x) - sp.exp(x) - 1, "positive", {x: RAY}, ("exp-ray", "expand")).accepted
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize("symbol,expr", [
    (sp.Symbol("x", imaginary=True), lambda s: sp.exp(s) - 1),                 # not real
    (sp.Symbol("x", imaginary=True), lambda s: 1 - sp.exp(sp.conjugate(s))),   # SymPy: 1 - exp(-x)
    (sp.Symbol("x", nonpositive=True), lambda s: sp.exp(-sp.Abs(s)) - 1),     # nonpositive on (0, oo): vacuous
])
def test_review_vacuous_or_non_real_symbols_are_refused(symbol, expr):
    for rewrites in ((), ("exp-ray",), ("exp-generators",), ("exp-ray", "together", "factor")):
        verdict = signs(expr(symbol), "positive", {symbol: RAY}, rewrites)
        assert not verdict.accepted and "vacuous" in verdict.reason
