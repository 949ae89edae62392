"""The rewrites a symbolic prover tries, cheapest first, ``simplify`` last (:data:`REWRITES`).

Each is one SymPy call (or a short, fixed sequence of them) on one expression, run under the time budget
:data:`BUDGET` by :class:`.attempts.Attempts`; the transcript records which one settled a claim, and the kernel
checks the same steps (:mod:`symdp.kernel.algebra`, through :mod:`..proof.proof_export`).
"""
from __future__ import annotations

import sympy as sp

from ...special import Phi, PhiInv
from . import expsubs, tame
from .conditions import discharge


BUDGET = 8.0
"""Seconds allowed to one symbolic attempt (one rewrite of one expression)."""


def _together(e):
    return sp.cancel(sp.together(e))


def _exp_log(e):
    return sp.cancel(sp.together(sp.powsimp(sp.expand(sp.expand_log(e), power_exp=True))))


def _radicals(e):
    return sp.cancel(sp.radsimp(sp.together(e)))


def _radicands(e):
    """Factor every radicand, so sqrt((2b + 1)**2) can become 2b + 1."""
    roots = lambda x: x.is_Pow and x.exp.is_Rational and not x.exp.is_Integer
    return sp.cancel(sp.together(e.replace(roots, lambda x: sp.Pow(tame.factor(sp.together(x.base)), x.exp))))


_EVALUABLE = (sp.Sum, sp.Product, sp.Integral, sp.Derivative, sp.Limit)


def _doit(e):
    """Evaluate sums, products, integrals, derivatives and limits, discharge the convergence
    conditions SymPy attaches (where the assumptions decide them), then cancel."""
    if not e.has(*_EVALUABLE):
        raise NotImplementedError("nothing to evaluate")
    done = discharge(e.doit(), strict=False)
    if done.has(sp.factorial, sp.binomial, sp.gamma):
        done = sp.gammasimp(done)
    return sp.cancel(sp.together(sp.expand(done)))


def _exp_substitution(e):
    """Hyperbolic and trigonometric functions written with exp, each exp a power of a fresh symbol, then
    sums evaluated, their conditions discharged and the result cancelled (:mod:`.expsubs`)."""
    return sp.cancel(sp.together(expsubs.substitute(e, evaluate=_evaluate_sums)))


def _exp_substitution_factored(e):
    return tame.factor(_exp_substitution(e))


_INVERSE_HYPERBOLIC = (sp.asinh, sp.acosh, sp.atanh, sp.acoth)


def _log_exp(e):
    """Hyperbolic functions in exp form, inverse ones in log form, every log's argument cancelled, factored and
    its powers merged (log((1 + tanh(x/2))/(1 - tanh(x/2))) becomes log(exp(x)) = x for real x), logs of
    products expanded where the assumptions allow; then cancel."""
    if not e.has(sp.log, *_INVERSE_HYPERBOLIC):
        raise NotImplementedError("no logarithm")
    e = e.rewrite(list(_INVERSE_HYPERBOLIC), sp.log).rewrite(list(expsubs.HYPERBOLIC), sp.exp)
    tidy = lambda x: sp.log(sp.powsimp(tame.factor(sp.cancel(x.args[0]))))
    e = sp.powsimp(sp.expand_log(e.replace(lambda x: isinstance(x, sp.log), tidy)), combine="exp")
    return sp.cancel(sp.together(sp.expand(e, power_exp=True)))


def _erf_form(e):
    """Phi, its inverse, erfc and erfcinv in erf form (Phi(x) = (1 + erf(x/sqrt 2))/2, erfc = 1 - erf,
    erfcinv(z) = erfinv(1 - z)), erfinv's odd symmetry applied, then cancel.  Integrals and sums are evaluated
    first (a Gaussian tail int_t^oo phi = erfc(t/sqrt 2)/2 beside 1 - Phi(t))."""
    if e.has(*_EVALUABLE) and e.has(Phi, PhiInv, sp.erfc, sp.erfcinv):
        e = discharge(e.doit(), strict=False)
    if not e.has(Phi, PhiInv, sp.erfc, sp.erfcinv):
        raise NotImplementedError("no Phi or erfc")
    e = e.rewrite(sp.erf).replace(lambda x: isinstance(x, sp.erfcinv), lambda x: sp.erfinv(1 - x.args[0]))
    odd = lambda x: isinstance(x, sp.erfinv) and x.args[0].could_extract_minus_sign()
    return sp.cancel(sp.together(sp.expand(e.replace(odd, lambda x: -sp.erfinv(-x.args[0])))))


def _lambert(e):
    """exp(c + k W(z)) = e^c (z / W(z))^k for integer k and z != 0 (W(z) e^{W(z)} = z on every branch); cancel."""
    def split(x):
        keep, factor = [], sp.Integer(1)
        for term in sp.Add.make_args(sp.expand(x.args[0])):
            k, f = term.as_coeff_Mul()
            if isinstance(f, sp.LambertW) and k.is_integer and f.args[0].is_zero is False:
                factor *= (f.args[0] / f) ** k
            else:
                keep.append(term)
        return sp.exp(sp.Add(*keep)) * factor
    if not e.has(sp.LambertW):
        raise NotImplementedError("no Lambert W")
    return sp.cancel(sp.together(e.replace(lambda x: isinstance(x, sp.exp) and x.has(sp.LambertW), split)))


def _kink_factors(e):
    """max(c x, 0) = c max(x, 0) and min(c x, 0) = c min(x, 0) for c > 0 (by SymPy's sign of c), then cancel:
    r max(p - q, 0) + (1 - r) max(p - q, 0) collects to max(p - q, 0)."""
    if not e.has(sp.Max, sp.Min):
        raise NotImplementedError("no max or min")

    def pull(m):
        if len(m.args) != 2 or sp.S.Zero not in m.args:
            return m
        x = m.args[0] if m.args[1] == 0 else m.args[1]
        factors = sp.Mul.make_args(tame.factor(x))
        c = sp.Mul(*[f for f in factors if f.is_positive is True])
        return c * type(m)(sp.cancel(x / c), 0) if c != 1 else m
    return sp.cancel(sp.together(e.replace(lambda a: isinstance(a, (sp.Max, sp.Min)), pull)))


def _evaluate_sums(e):
    return discharge(e.doit(), strict=True) if e.has(*_EVALUABLE) else e


REWRITES = (
    ("as written", lambda e: e),
    ("expand", sp.expand),
    ("cancel", _together),
    ("factor", lambda e: tame.factor(sp.together(e))),
    ("exp/log expansion", _exp_log),
    ("rationalised radicals", _radicals),
    ("factored radicands", _radicands),
    ("evaluate sums and integrals", _doit),
    ("exp substitution", _exp_substitution),
    ("exp substitution, factored", _exp_substitution_factored),
    ("logs of exponentials", _log_exp),
    ("normal CDF in error-function form", _erf_form),
    ("Lambert W identity", _lambert),
    ("positive factors out of max/min", _kink_factors),
    ("simplify", sp.simplify),
)
