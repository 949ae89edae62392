"""The rule ``algebra``: an identity ``lhs = rhs`` shown by reducing ``lhs - rhs`` to the literal 0.

The difference goes through the recorded rewrites in order, each an entry of :data:`REWRITES` (a SymPy
transformation that replaces an expression by an equal one wherever the symbols' assumptions hold), then
through the closing step of :data:`CLOSINGS` (rational-function arithmetic); the result must be ``0``
itself, not an expression SymPy merely believes is zero.  ``identical`` accepts only when both sides are
the same expression tree, with no rewrite.
"""
from __future__ import annotations

import re

import sympy as sp

from .srepr import write


def _erf_form(e):
    """Phi(x) = (1 + erf(x/sqrt 2))/2, PhiInv, erfc(x) = 1 - erf(x), erfcinv(z) = erfinv(1 - z) (the
    definitions), and erfinv(-z) = -erfinv(z) (odd)."""
    e = e.rewrite(sp.erf).replace(lambda x: isinstance(x, sp.erfcinv), lambda x: sp.erfinv(1 - x.args[0]))
    odd = lambda x: isinstance(x, sp.erfinv) and x.args[0].could_extract_minus_sign()
    return e.replace(odd, lambda x: -sp.erfinv(-x.args[0]))


def _log_args(e):
    """Each log's argument cancelled, factored and its powers merged (the same number in another form)."""
    tidy = lambda x: sp.log(sp.powsimp(sp.factor(sp.cancel(x.args[0]))))
    return e.replace(lambda x: isinstance(x, sp.log), tidy)


def exp_split(e):
    """``e`` with e^(a+b) = e^a e^b applied (``expand(power_exp)``, nothing else expanded)."""
    return sp.expand(e, power_exp=True, mul=False, multinomial=False, log=False)


def exp_rates(e, x) -> list:
    """The rationals k != 0 with ``exp(k x)`` in ``e``, sorted."""
    return sorted({a.args[0] / x for a in e.atoms(sp.exp) if (a.args[0] / x).is_Rational} - {0})


def bound_symbols(e) -> set:
    """Symbols ``e`` binds (an integral's, a sum's, a product's, a limit's, a substitution's, a derivative's): a
    rewrite by a symbol's values must leave them alone (``Subs(exp(x), x, 0)`` is 1 whatever x's range)."""
    out = set()
    for a in e.atoms(sp.Integral, sp.Sum, sp.Product, sp.Subs, sp.Limit, sp.Derivative):
        out |= set(a.variables) if not isinstance(a, sp.Limit) else {a.args[1]}
    return out


def _exp_generators(e):
    """For each symbol x, every ``exp(k x)`` (k rational, after e^(a+b) = e^a e^b) as ``W^(k/g)`` with W a fresh
    positive symbol standing for ``exp(g x)``, g the gcd of the k: a difference that then cancels to 0 as a rational
    function of W is 0 for every positive W, so at W = exp(g x) (a generalisation, not an equality)."""
    e = exp_split(e)
    bound = bound_symbols(e)
    for x in sorted((s for s in e.free_symbols if s.is_real and s not in bound), key=str):   # exp(g x) > 0: real x
        ks = exp_rates(e, x)
        if not ks:
            continue
        g, w = sp.gcd_list(sorted(ks)), sp.Dummy(f"exp_{x}", positive=True)
        e = e.xreplace({sp.exp(k * x): w ** (k / g) for k in ks})
    return e


REWRITES = {
    "expand": sp.expand,
    "together": sp.together,
    "factor": sp.factor,
    "expand-log": sp.expand_log,
    "powsimp": sp.powsimp,
    "radsimp": sp.radsimp,
    "erf-form": _erf_form,
    "hyperbolic-exp": lambda e: e.rewrite([sp.sinh, sp.cosh, sp.tanh, sp.coth], sp.exp),
    "log-form": lambda e: e.rewrite([sp.asinh, sp.acosh, sp.atanh, sp.acoth], sp.log),
    "log-args": _log_args,
    "powsimp-exp": lambda e: sp.powsimp(e, combine="exp"),
    "exp-generators": _exp_generators,
}
"""Rewrites, each an identity where the symbols' assumptions hold (the table of docs/proof-format.md), but
``exp-generators``, a generalisation: what holds for every positive value of its fresh symbol holds at the
exponential."""

CLOSINGS = {
    "as-written": lambda e: e,
    "expand": sp.expand,
    "cancel": lambda e: sp.cancel(sp.together(e)),
}
"""The last step: the difference as SymPy builds it, expanded, or over one cancelled denominator."""

_DUMMY = re.compile(r"dummy_index=\d+")


def canonical(expr) -> str:
    """Canonical ``srepr`` text of ``expr`` (:func:`.srepr.write`): the text an oracle's input and answer, a
    limit's answer and a primitive's atom are recorded as and compared by."""
    return write(sp.sympify(expr))


def spelled(text: str, expr) -> bool:
    """``text`` spells ``expr``: its canonical text, or its plain ``srepr`` with Dummy indices erased (as proofs
    filed before the canonical text recorded it; ``srepr`` text names one expression, so either shows it)."""
    expr = sp.sympify(expr)
    return text == canonical(expr) or text == _DUMMY.sub("dummy_index=?", sp.srepr(expr))


MAPS = ("down", "up", "shift", "reflect")
"""``map:<symbol>:<kind>``: the symbol replaced by the image of a fresh ``t`` that covers its interval in the claim's
domain (``down`` a + (b - a)/(1 + t), ``up`` a + (b - a) t/(1 + t), ``shift`` a + t, ``reflect`` b - t; the table of
docs/proof-format.md): what holds at every ``t`` holds on the interval.  A map that misses a point is refused."""


def map_of(name: str, domain: tuple, finite=lambda end, s: end.is_finite):
    """(symbol, image, t) of ``map:<symbol>:<kind>`` (:data:`MAPS`) on ``domain``: the image covers the symbol's
    interval as the fresh ``t`` (positive, or nonnegative where the end it reaches at t = 0 is closed) ranges over
    [0, oo); or a str saying why the map does not apply.  ``finite(end, s)`` shows an end finite at every point."""
    _, symbol, kind = name.rsplit(":", 2) if name.count(":") >= 2 else ("", "", "")
    found = [(s, iv) for s, iv in domain if s.name == symbol]
    if kind not in MAPS or len(found) != 1 or not isinstance(found[0][1], sp.Interval):
        return f"the map {name!r} names no symbol of the claim's domain with an interval, or no kind of {MAPS}"
    s, iv = found[0]
    a, b = iv.start, iv.end
    if s in iv.free_symbols:
        return f"the map {name!r}: {s}'s interval mentions {s}"
    fa, fb = bool(finite(a, s)), bool(finite(b, s))
    reach = {"down": (fa and fb and iv.left_open, iv.right_open), "up": (fa and fb and iv.right_open, iv.left_open),
             "shift": (fa, iv.left_open), "reflect": (fb, iv.right_open)}
    ok, t_open = reach[kind]
    if not ok:
        return f"the map {kind} does not cover {s}'s interval {iv}"
    t = sp.Dummy("t", positive=True) if t_open else sp.Dummy("t", nonnegative=True)
    image = {"down": lambda: a + (b - a) / (1 + t), "up": lambda: a + (b - a) * t / (1 + t),
             "shift": lambda: a + t, "reflect": lambda: b - t}[kind]()
    return s, image, t


def mapped(e, name: str, domain: tuple):
    """``e`` with ``map:<symbol>:<kind>`` applied (:data:`MAPS`), or a str saying why the map does not apply."""
    got = map_of(name, domain)
    return got if isinstance(got, str) else e.xreplace({got[0]: got[1]})


def check_algebra(node, claim) -> str:
    """"" when ``node`` proves ``claim``, else the reason it does not."""
    if claim.relation != "=":
        return f"algebra proves identities, the claim is a '{claim.relation}' relation"
    if node.closing == "identical":
        if node.rewrites:
            return "'identical' takes no rewrites"
        return "" if sp.sympify(claim.lhs) == sp.sympify(claim.rhs) else "the two sides are different expressions"
    unknown = [r for r in node.rewrites if r not in REWRITES and not r.startswith("map:")] + \
        ([node.closing] if node.closing not in CLOSINGS else [])
    if unknown:
        return f"not in the rewrite table: {', '.join(unknown)}"
    e = claim.goal
    for name in node.rewrites:
        e = mapped(e, name, claim.domain) if name.startswith("map:") else REWRITES[name](e)
        if isinstance(e, str):
            return e
    e = CLOSINGS[node.closing](e)
    return "" if e is sp.S.Zero else f"the difference does not close to 0 (left: {sp.sstr(e)[:120]})"
