"""The symbolic routes of issue 20: exp substitution, convergent and finite sums, limits, monotonicity.

The minimal reproductions of the issue must be PROVED; near-miss false versions,
series whose convergence the assumptions do not give, and functions with a pole
inside the domain must never be.
"""
import pytest
import sympy as sp

import symdp
from symdp.engine.symbolic import conditions
from symdp.engine.run import decide
from symdp.engine.symbolic import expsubs
from symdp.engine.symbolic.attempts import Attempts
from symdp.engine.model.status import Status
from symdp.symbols import eps

k = sp.Symbol("k", integer=True, positive=True)
j = sp.Symbol("j", integer=True, nonnegative=True)
r = sp.Symbol("r", real=True)
x = sp.Symbol("x", positive=True)

NEVER_PROVED = (Status.PROVED,)


def _attempts(transcript=None):
    """Generous search budgets: these tests ask what the routes can prove, not how fast (a loaded CI)."""
    return Attempts(budget=60.0, total=120.0, transcript=transcript)


def _identity(lhs, rhs, domain=None, numeric=True):
    attempts = _attempts() if numeric else Attempts()  # the soundness checks (numeric=False): default budgets
    return decide.identity(lhs, rhs, domain, "test", attempts, numeric)


def _sign(expr, which, domain=None, numeric=True):
    attempts = _attempts() if numeric else Attempts()
    return decide.sign(expr, which, domain or {}, "test", attempts, numeric)


# --- the minimal reproductions ------------------------------------------

def test_tanh_identity_is_proved():
    out = _identity((sp.exp(eps) - 1) / (sp.exp(eps) + 1), sp.tanh(eps / 2))
    assert out.status is Status.PROVED and "exp substitution" in out.method


def test_two_sided_geometric_normaliser_is_proved():
    series = 1 + 2 * sp.Sum(sp.exp(-k * eps), (k, 1, sp.oo))
    out = _identity(series, (1 + sp.exp(-eps)) / (1 - sp.exp(-eps)))
    assert out.status is Status.PROVED and "symbolic" in out.method


def test_finite_geometric_sum_with_symbolic_limit_is_proved():
    out = _identity(sp.Sum(sp.exp(-j * eps), (j, 0, k - 1)), (1 - sp.exp(-k * eps)) / (1 - sp.exp(-eps)))
    assert out.status is Status.PROVED


def test_sign_that_evalf_loses_at_large_epsilon_is_proved_never_refuted():
    out = _sign((1 - sp.exp(-eps)) - sp.tanh(eps / 2), "positive")
    assert out.status is Status.PROVED, out


def _reproductions(d):
    d.identity("tanh", (sp.exp(eps) - 1) / (sp.exp(eps) + 1), sp.tanh(eps / 2))
    d.identity("geom", 1 + 2 * sp.Sum(sp.exp(-k * eps), (k, 1, sp.oo)), (1 + sp.exp(-eps)) / (1 - sp.exp(-eps)))
    d.identity("finite", sp.Sum(sp.exp(-j * eps), (j, 0, k - 1)), (1 - sp.exp(-k * eps)) / (1 - sp.exp(-eps)))
    d.sign("sign", (1 - sp.exp(-eps)) - sp.tanh(eps / 2), "positive")


def test_reproductions_through_the_public_api():
    statuses = {s.claim_id: s.outcome.status for s in symdp.run(_reproductions).claims}
    assert statuses == dict.fromkeys(("tanh", "geom", "finite", "sign"), Status.PROVED)


# --- more routes ----------------------------------------------------------------

@pytest.mark.parametrize("lhs, rhs", [
    (sp.cosh(eps) ** 2 - sp.sinh(eps) ** 2, 1),
    (sp.sin(2 * r), 2 * sp.sin(r) * sp.cos(r)),
    (sp.Limit((1 + eps / k) ** k, k, sp.oo), sp.exp(eps)),
    (sp.Sum(k * sp.exp(-k * eps), (k, 1, sp.oo)), sp.exp(eps) / (sp.exp(eps) - 1) ** 2),
])
def test_more_identities_are_proved(lhs, rhs):
    assert _identity(lhs, rhs).status is Status.PROVED


@pytest.mark.parametrize("expr, which", [
    (sp.exp(eps) - 1 - eps, "positive"),            # e^x >= 1 + x
    (sp.exp(eps) - 1 - eps * sp.exp(eps), "negative"),  # e^x - 1 <= x e^x
    (eps - sp.tanh(eps), "positive"),                # tanh x <= x
    (sp.log(1 + x) - x / (1 + x), "positive"),       # log(1 + x) >= x/(1 + x)
])
def test_signs_by_monotonicity_are_proved(expr, which):
    out = _sign(expr, which)
    assert out.status is Status.PROVED and "monotone" in out.detail


# --- soundness: near misses and conditions the assumptions do not give -------------

@pytest.mark.parametrize("lhs, rhs", [
    ((sp.exp(eps) - 1) / (sp.exp(eps) + 2), sp.tanh(eps / 2)),
    (1 + 2 * sp.Sum(sp.exp(-k * eps), (k, 1, sp.oo)), (1 + sp.exp(-eps)) / (1 - sp.exp(-eps)) + sp.exp(-30 * eps)),
    (1 + 2 * sp.Sum(sp.exp(-k * r), (k, 1, sp.oo)), (1 + sp.exp(-r)) / (1 - sp.exp(-r))),  # diverges for r <= 0
    (sp.Sum(sp.exp(-j * eps), (j, 0, k)), (1 - sp.exp(-k * eps)) / (1 - sp.exp(-eps))),
])
def test_false_or_unconditional_identities_are_not_proved(lhs, rhs):
    assert _identity(lhs, rhs, numeric=False).status not in NEVER_PROVED


@pytest.mark.parametrize("expr, domain", [
    (sp.tan(r) + 1, {r: sp.Interval.open(0, 3)}),        # a pole at pi/2; tan(2) + 1 < 0
    (1 - 1 / (x - 1), {x: sp.Interval.open(0, 2)}),      # a pole at 1
    (sp.Rational(99, 100) * eps - sp.tanh(eps), None),  # false near 0
    ((1 - sp.exp(-eps)) - sp.tanh(eps), None),
    (sp.exp(eps) - 1 - eps - eps**2 / 2 - eps**3 / 5, None),  # false for small eps (1/6 < 1/5)
    # a mutation that solveset's root analysis once proved: false for x below about 1e-9
    (sp.log(2) - sp.log(1 + sp.exp(-x)) - sp.Rational(5, 10**10) - sp.Rational(5, 10**16), None),
])
def test_false_signs_are_not_proved(expr, domain):
    assert _sign(expr, "positive", domain, numeric=False).status not in NEVER_PROVED


def test_conditions_decided_only_when_the_assumptions_decide_them():
    u = sp.Symbol("u", positive=True)
    assert conditions.truth_of(sp.Abs(1 / (1 + u)) < 1) is True
    assert conditions.truth_of(sp.Eq(1 / (1 + u), 1)) is False
    assert conditions.truth_of(sp.Abs(sp.exp(-r)) < 1) is None
    with pytest.raises(NotImplementedError):
        conditions.discharge(sp.Piecewise((1, r < 1), (2, True)))


def test_exp_substitution_covers_the_range_of_each_exponential():
    e = expsubs.substitute(sp.exp(-eps / 2) + sp.exp(r) + sp.exp(-x))
    powers = sorted(e.atoms(sp.Dummy), key=str)
    assert len(powers) == 3                          # one fresh symbol per key
    assert all(p.is_positive or p.is_nonnegative for p in powers)
    with pytest.raises(NotImplementedError):
        expsubs.substitute(x**2 + 1)


@pytest.mark.parametrize("decide_it", [
    lambda a: decide.sign(sp.exp(eps) - 1 - eps * sp.exp(eps), "negative", {}, "t", a, numeric=False),
    lambda a: decide.identity(1 + 2 * sp.Sum(sp.exp(-k * eps), (k, 1, sp.oo)),
                              (1 + sp.exp(-eps)) / (1 - sp.exp(-eps)), None, "t", a, numeric=False),
])
def test_new_routes_replay_from_their_transcript(decide_it):
    search = _attempts()
    found = decide_it(search)
    replayed = decide_it(_attempts(search.log))
    assert found.status is Status.PROVED and (replayed.status, replayed.method, replayed.detail) == (
        found.status, found.method, found.detail)
