"""Primes as derivatives: ``g'(x)``, ``h''(t)``, ``\\Gamma'(z)`` where the text around the display speaks of
derivatives ("the derivative of $f$ at ...", "Product rule: ...", "differentiating both sides").

A primed name before parentheses is, on its own, ambiguous: the derivative of the function the letter names, or a
function of its own (a second mechanism ``M'``, a neighbour's ``f'``); the reading refuses it (:mod:`.callrules`).
A sentence of the display's text that names derivatives, differentiation or a rule of calculus settles it for the
function letters the display primes (``f g h u v F G H``, the Greek letters papers use for functions, a function of
the notation such as ``\\Gamma`` or ``\\Phi``, or a letter the display also applies unprimed): each is declared, with
that sentence, the derivative of its letter's function, of the order its primes give, at the parentheses.
Capitals that name mechanisms (``M'(D)``) are never declared so.
"""
from __future__ import annotations

import re

import sympy as sp

from .notation import OPERATORS

DERIVATIVE = "the derivative of the letter's function"
"""What a primed name is declared as (:class:`.prose.Declaration`'s ``what``)."""

CALCULUS = re.compile(r"(?<!nikodym )(?<!nikodym-)\bderivatives?\b|\bdifferentiat(?:e|es|ed|ing|ion)\b(?!\s+between)"
                      r"|\bdifferentiab(?:le|ility)\b"
                      r"|\b(?:chain|product|quotient|power|leibniz(?:'s)?)\s+rules?\b(?!\s+(?:for|of)\s+(?:the\s+)?"
                      r"(?:kl|entropy|entropies|mutual|relative|divergence|information|conditional|probabilit))", re.I)
"""Words of a sentence that speak of derivatives: "derivative(s)" (not a Radon-Nikodym derivative, a density ratio),
"differentiate" (not "differentiate between", to tell apart), "differentiable", a rule of calculus ("the chain rule",
"Product rule"; not the chain rule for a divergence, an entropy or probabilities)."""

_PRIMED = re.compile(r"(?<![\\A-Za-z0-9_}])(?P<base>\\[A-Za-z]+|[A-Za-z])\s*(?P<primes>'+|\^\{?\\prime\}?)\s*"
                     r"(?:\\(?:left|bigl?|Bigl?|biggl?|Biggl?))?\s*\(")
"""A one-letter name (or a Greek letter's command) with its primes (``g'``, ``f''``, ``h^\\prime``) before parentheses."""

LETTERS = frozenset("f g h u v F G H".split()) | frozenset(r"\phi \varphi \psi \Phi \Psi \chi \ell \Gamma".split())
"""Letters papers prime for the derivative of a function (besides a letter the display applies unprimed)."""
NEVER = frozenset("p q".split()) | frozenset(r"\mu \nu \pi".split())
"""Letters of laws and their densities: ``p'``, ``q'``, ``\\mu'`` are the neighbouring dataset's law in DP papers."""
_CAPITAL_ARGUMENT = r"\s*(?:\\left)?\s*\(\s*[A-Z]'*\s*(?:\\right)?\)"
"""A primed name applied to a lone capital (``f'(D)``): a second query at a dataset, never a derivative there."""


def primed(text: str) -> list:
    """The primed spellings before parentheses in ``text`` (``g'``, ``\\Gamma'``) whose letter names a function there:
    one of :data:`LETTERS` or the notation's operators (``\\sin'``), or applied unprimed in ``text`` (``u(x)`` beside
    ``u'(x)``)."""
    out = []
    for m in _PRIMED.finditer(text):
        base, primes = m.group("base"), m.group("primes")
        order = len(primes) if primes.startswith("'") else 1
        spelling = base + "'" * order
        if re.fullmatch(r"[A-EI-Z]", base) or base in NEVER or re.search(re.escape(base) + r"\s*'+" + _CAPITAL_ARGUMENT,
                                                                          text):
            continue   # M'(D), A'(S): a second mechanism; p'(o): a neighbour's density; f'(D): a second query
        applied = re.search(rf"(?<![\\A-Za-z0-9_}}]){re.escape(base)}\s*(?:\\left)?\s*\(", text) is not None
        if base in LETTERS or base in OPERATORS or applied:
            out.append((spelling, base, order))
    return list(dict.fromkeys(out))


def speaks_of_derivatives(sentence: str) -> bool:
    return CALCULUS.search(sentence) is not None


def derivative(notation, base: str, order: int):
    """The function ``x -> d^order/dx^order F(x)`` of the letter ``base``: the notation's function or operator for it
    (``\\Gamma``: gamma, ``\\sin``: sin), else a function named as the reading names the letter (``\\phi``: phi).  At a name, the
    derivative in that name (``Derivative(g(x), x)``); elsewhere, evaluated there (``Subs``)."""
    known = next((fn for tex, fn in reversed(notation.functions) if tex == base), OPERATORS.get(base))
    fn = known if known is not None else sp.Function(re.sub(r"[{}\\]", "", base))

    def value(at):
        if isinstance(at, sp.Symbol):
            return sp.Derivative(fn(at), (at, order))
        t = sp.Dummy("t")
        return sp.Subs(sp.Derivative(fn(t), (t, order)), t, at)
    return value


def as_object(sentence: str, spelling: str, base: str, maths: list) -> bool:
    """The sentence (its math ``maths``) writes ``spelling`` (``h'``) as an object of its own: in math, in a sentence
    that does not speak of derivatives ("let $g'$ be the query on $D'$"), not applied ("$g' : \\mathbb{R} \\to
    \\mathbb{R}$"), or listed beside its letter ("two hypotheses $h, h'$").  "is noted $f'(x_A)$" in a sentence on the
    derivative is not."""
    written = [m for m in maths if re.search(re.escape(spelling) + r"(?![A-Za-z'])", m)]
    applied = all(re.search(re.escape(spelling) + r"\s*(?:\\left)?\s*\(", m) for m in written)
    listed = re.search(rf"{re.escape(base)}\s*\$?\s*(?:,|\band\b)\s*\$?\s*{re.escape(spelling)}", sentence)
    return bool(written) and (not speaks_of_derivatives(sentence) or not applied or listed is not None)
