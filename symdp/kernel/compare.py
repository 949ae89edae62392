"""The rules ``logs``, ``squared`` and ``quotient``: a goal compared as two terms (docs/proof-format.md).

``logs``: the goal is ``A - B``, ``B`` the recorded term and ``A = goal + B``.  The premises prove ``A > 0``,
``B > 0`` and ``log A - log B`` with the claim's relation to 0; log is strictly increasing on (0, oo), so ``A - B``
has the sign of ``log A - log B`` [Boucheron, Lugosi and Massart (2013), Sec. 2.3: cosh t <= e^{t^2/2} is
t^2/2 - log cosh t >= 0].  ``log(c e^X)`` is written ``log c + X`` where ``c`` is a positive number and the table
reads ``X`` real (log e^X is X only for a real X); any other log is SymPy's.

``squared``: the goal is ``A + S``, ``S`` the recorded term, read real on the domain by the table, and
``A = goal - S``.  The premises prove ``A >= 0`` and ``A^2 - S^2`` with the claim's relation to 0: then
``A >= |S| >= -S`` (``A > |S|`` when strict), so ``A + S`` has the claim's sign (the Cauchy-Schwarz step of
Bretagnolle and Huber's inequality, S a product of square roots).

``quotient``: the recorded terms are a numerator ``N`` and a denominator ``D``.  The goal reads defined as written on
the domain (the table's "real"); ``q = cancel(together(expand(goal, power_exp) D / N))`` reads > 0 by the table and
``expand(goal, power_exp) D - q N`` cancels to 0.  The premises prove ``N`` with the claim's relation to 0 and
``D > 0``: at every point of the domain goal = q N / D, so the goal has N's sign (a ratio of sums of exponentials
whose enclosure loses the gap, boxed as a numerator and a denominator).

The terms are read by :mod:`.srepr` (never evaluated) and must use the domain's symbols only.  Every term of the
goal is then a term of ``A`` or of ``B`` (``S``), or cancels between them, so it is defined where they are.
"""
from __future__ import annotations

import sympy as sp

from .claim import Claim
from .signs import POS, Reader
from .srepr import read

ZERO = sp.Integer(0)


def logs_claims(node, claim):
    """(A > 0, B > 0, log A - log B REL 0) for a ``logs`` node, or a str saying why the rule does not apply."""
    got = _term(node, claim)
    if isinstance(got, str):
        return got
    b, domain = got
    a, pairs = sp.sympify(claim.goal) + b, tuple(claim.domain)
    gap = _log(a, domain) - _log(b, domain)
    return Claim(a, ">", ZERO, pairs), Claim(b, ">", ZERO, pairs), Claim(gap, _relation(claim), ZERO, pairs)


def squared_claims(node, claim):
    """(A >= 0, A^2 - S^2 REL 0) for a ``squared`` node, or a str saying why the rule does not apply."""
    got = _term(node, claim)
    if isinstance(got, str):
        return got
    s, domain = got
    if not Reader(()).real(s, domain):
        return "the term is not shown real on the domain (S^2 >= 0 needs a real S)"
    a, pairs = sp.sympify(claim.goal) - s, tuple(claim.domain)
    return Claim(a, ">=", ZERO, pairs), Claim(a ** 2 - s ** 2, _relation(claim), ZERO, pairs)


def quotient_claims(node, claim):
    """(N REL 0, D > 0) for a ``quotient`` node, or a str saying why the rule does not apply."""
    parts = [_term(node, claim, text) for text in (node.numerator, node.denominator)]
    why = next((p for p in parts if isinstance(p, str)), "")
    if why:
        return why
    (n, domain), (d, _) = parts
    goal, reader, pairs = sp.sympify(claim.goal), Reader(()), tuple(claim.domain)
    if n == 0 or not reader.real(goal, domain):
        return "the goal is not shown defined, as written, on the domain (or the numerator is 0)"
    spread = sp.expand(goal, power_exp=True)
    q = sp.cancel(sp.together(spread * d / n))
    if reader.sign(q, domain) != POS:
        return f"goal * D / N = {sp.sstr(q)[:80]} is not read > 0 by the table"
    if sp.cancel(sp.together(spread * d - q * n)) != 0:
        return "the goal is not q N / D"
    return Claim(n, _relation(claim), ZERO, pairs), Claim(d, ">", ZERO, pairs)


def _term(node, claim, text=None):
    """(the recorded term, the domain as a dict), or why not."""
    if claim.relation == "=":
        return f"{node.rule} proves inequalities, the claim is an identity"
    try:
        term = read(node.term if text is None else text)
    except ValueError as exc:
        return f"the term: {exc}"
    domain = dict(claim.domain)
    if not term.free_symbols <= set(domain):
        return "the term mentions a symbol the domain does not give"
    return term, domain


def _relation(claim) -> str:
    return ">" if claim.strict else ">="


def _log(x, domain):
    """log x for x > 0: ``log c + X`` for ``x = c e^X`` (c a positive number, X read real), else SymPy's log."""
    c, rest = x.as_coeff_Mul()
    if isinstance(rest, sp.exp) and c.is_Number and c > 0 and Reader(()).real(rest.args[0], domain):
        return sp.log(c) + rest.args[0]
    return sp.log(x)

