"""The exporter's ``primitive`` nodes (:mod:`symdp.engine.proof.proof_primitive`): SymPy's antiderivative or
Gosper's term for each integral or sum of a claim, judged by the kernel; a near-miss twin gets no proof."""
from __future__ import annotations

import sympy as sp
from symdp import kernel
from symdp.engine.proof.proof_export import AFRESH, _closed
from symdp.engine.proof.proof_primitive import by_primitives

x = sp.Symbol("x", real=True)
b = sp.Symbol("b", positive=True)
mu = sp.Symbol("mu", positive=True)
eps = sp.Symbol("epsilon", positive=True)
j = sp.Symbol("j", integer=True, nonnegative=True)
n = sp.Symbol("n", integer=True, positive=True)
POS, N1 = sp.Interval.open(0, sp.oo), sp.Interval(1, sp.oo)
GROUP = sp.Sum(sp.exp(j * eps), (j, 0, n - 1))
SECOND = sp.Integral(x**2 * sp.exp(-x / b) / b, (x, 0, sp.oo))


def _verdict(lhs, rhs, domain):
    claim = kernel.identity_claim(lhs, rhs, domain)
    node = by_primitives(claim, _closed, AFRESH)
    return None if node is None else kernel.check(claim, kernel.Proof(node))


def test_group_privacy_geometric_sum_is_kernel_checked():
    """Gosper's algorithm reads powers, not exponentials: e^(j eps) is summed as w^j with w standing for e^eps."""
    verdict = _verdict(GROUP, (sp.exp(n * eps) - 1) / (sp.exp(eps) - 1), {n: N1, eps: POS})
    assert verdict is not None and verdict.kernel_checked


def test_the_laplace_second_moment_trusts_its_limit_at_infinity():
    verdict = _verdict(SECOND, 2 * b**2, {b: POS})
    assert verdict is not None and verdict.trusts == (("sympy.limit", 1),)


def test_a_gaussian_integral_whose_exponentials_are_merged_first():
    """int N(mu, 1)'s density e^(-x^2/2) e^(mu x) ... : SymPy integrates it once the exponentials are one."""
    phi = sp.exp(-(x - mu)**2 / 2) / sp.sqrt(2 * sp.pi)
    verdict = _verdict(sp.Integral(phi, (x, -sp.oo, sp.oo)), 1, {mu: POS})
    assert verdict is not None and verdict.accepted


def test_near_miss_twins_get_no_proof():
    assert _verdict(GROUP, (sp.exp(n * eps) - 1) / (sp.exp(eps) - 1) + sp.exp(-n) / 10**6, {n: N1, eps: POS}) is None
    assert _verdict(SECOND, 2 * b**2 + b / 10**6, {b: POS}) is None


def test_an_identity_of_tuples_is_translated_without_raising():
    """liu2019's sec5.2:rho_c-model states an identity of two Tuples (no difference): the exporter's check for
    integrals reads each side, never lhs - rhs."""
    from types import SimpleNamespace

    from symdp.engine.proof.kernel_proofs import Stated
    from symdp.engine.proof.proof_export import export
    stated = Stated("identity", {"lhs": sp.Tuple(1, 2), "rhs": sp.Tuple(1, 2), "domain": {}}, "key")
    made = export(stated, SimpleNamespace(proved="symbolic (identical)", boxes=""))
    assert made.proof is not None and kernel.check(made.claim, made.proof).accepted
