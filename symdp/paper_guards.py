"""What ``symdp paper --standalone`` must not check as a claim, though it reads as a relation between closed forms.

A review of the check (2026-12-07) found true statements REFUTED in each of these shapes:

- a bound on a lone name (``0 < \\varepsilon \\le 1``, ``\\sigma \\ge \\sqrt{2\\ln(1.25/\\delta)}/\\varepsilon``,
  ``0 < \\mu = 1/\\sigma \\le 1``): a name in one member only is an assumption, a requirement or a name set
  elsewhere, never a claim for every value (:func:`lone_name`);
- a name an earlier labelled display sets to a value (``\\varepsilon = \\ln 3``): the later rows mean that value,
  or a reused letter; only the text says which (:func:`set_name`, :func:`uses_set`);
- a name that must be an integer (``n! \\ge 2^{n-1}``, ``\\lceil n/2 \\rceil + \\lfloor n/2 \\rfloor = n``): the
  check ranges over the reals (:func:`integer_names`).
"""
from __future__ import annotations

import re

import sympy as sp

from .paper_domain import Skip, spellings

INTEGER_FUNCTIONS = (sp.factorial, sp.factorial2, sp.floor, sp.ceiling, sp.binomial, sp.RisingFactorial,
                     sp.FallingFactorial, sp.subfactorial)
"""Functions papers apply to integers: a name inside them counts (``n!``, ``\\binom{n}{k}``, ``\\lfloor n/2
\\rfloor``)."""


def lone_name(chain) -> sp.Symbol | None:
    """A member of ``chain`` that is a bare symbol, or a power of one (``\\sigma^2 \\ge ...``), that no other member
    holds, or None."""
    for k, m in enumerate(chain):
        others = [o for j, o in enumerate(chain) if j != k and isinstance(o, sp.Basic)]
        name = m.base if isinstance(m, sp.Pow) and m.exp.is_number else m
        if isinstance(name, sp.Symbol) and not any(o.has(name) for o in others):
            return name
    return None


def set_name(read_as) -> tuple:
    """(the name a display sets, the names of its value) for ``\\delta = 10^{-5}`` (a number: no names) or ``\\mu =
    \\Delta/\\sigma``, or ()."""
    head = getattr(read_as, "head", None)
    if isinstance(head, sp.Symbol) and len(read_as.chain) >= 1 and isinstance(read_as.chain[0], sp.Basic) \
            and not read_as.chain[0].has(head):
        return head.name, frozenset(s.name for s in read_as.chain[0].free_symbols)
    return ()


def uses_set(chain, fixed: dict) -> tuple:
    """(name, label) of a symbol of ``chain`` an earlier display set (``fixed``: {name: (label, names of its value)})
    to a number, or to names the chain also holds (``\\mu = \\Delta/\\sigma``, then ``\\mu \\sigma \\le 2``: not free of
    each other); (): a name set to names the chain does not hold ranges as they do (``2\\Phi(\\mu/2) - 1 \\le
    \\mu/\\sqrt{2\\pi}``)."""
    names = {s.name for m in chain if isinstance(m, sp.Basic) for s in m.free_symbols}
    return next(((n, fixed[n][0]) for n in sorted(names) if n in fixed and (not fixed[n][1] or fixed[n][1] & names)),
                ())


def integer_names(chain) -> list:
    """The symbols that stand inside a function of integers (:data:`INTEGER_FUNCTIONS`), sorted by name."""
    found = {s for m in chain if isinstance(m, sp.Basic) for f in m.atoms(*INTEGER_FUNCTIONS)
             for s in f.free_symbols}
    return sorted(found, key=lambda s: s.name)


_SIDE_SPLIT = re.compile(r"\\(?:leq?|geq?|lt|gt|leqslant|geqslant)(?![A-Za-z])|[=<>]")
_LITERAL = re.compile(r"(-?)(\d+)\.(\d+)(?:(?:\\times|\\cdot)10\^\{?(-?\d+)\}?)?")
_QUIET = re.compile(r"\\(?:label\s*\{[^{}]*\}|nonumber|notag|[,;:! ]|q?quad)(?![A-Za-z])|[\s&~]|[.,;]+$")
MOST_DECIMALS = 20
"""Beyond this many printed decimals a number is past the check's working precision: the row is skipped."""


def printed_decimals(latex: str) -> dict:
    """{value: half a unit of its last printed digit} of the sides of ``latex``'s relation that are a decimal number
    alone (``1.4142``, ``-0.6931``, ``4.54 \\times 10^{-5}``); a number inside an expression (``e^{0.7}``) is none."""
    out = {}
    for sign, whole, frac, power in _literals(latex):
        scale = sp.Integer(10) ** int(power or 0)
        out[sp.Rational(f"{sign}{whole}.{frac}") * scale] = sp.Rational(1, 2 * 10 ** len(frac)) * scale
    return out


def too_precise(latex: str) -> int:
    """The most decimals a side of ``latex`` prints when more than :data:`MOST_DECIMALS`, else 0."""
    most = max((len(frac) for _, _, frac, _ in _literals(latex)), default=0)
    return most if most > MOST_DECIMALS else 0


def _literals(latex: str) -> list:
    """(sign, whole part, decimals, power of ten) of each side of ``latex`` that is a decimal number alone."""
    return [m.groups() for side in _sides(latex) for m in [_LITERAL.fullmatch(_QUIET.sub("", side))] if m]


def _sides(latex: str) -> list:
    """The sides of ``latex`` at its relations outside braces (a rough cut: enough to find a side that is a number)."""
    out, depth, start = [], 0, 0
    for k, ch in enumerate(latex):
        depth += (ch == "{") - (ch == "}")
        m = _SIDE_SPLIT.match(latex, k) if depth == 0 else None
        if m is not None:
            out.append(latex[start:k])
            start = m.end()
    return out + [latex[start:]]


def rounded(a, b, printed: dict):
    """(the printed value, the other side, half a unit of its last decimal) when one side of ``a = b`` is a number
    the display prints with decimals and the other a closed form in no symbol; else None."""
    for value, other in ((a, b), (b, a)):
        if isinstance(value, sp.Rational) and value in printed and isinstance(other, sp.Expr) \
                and not other.free_symbols and not (isinstance(other, sp.Rational) and other in printed):
            return value, other, printed[value]
    return None


def skip_unchecked(chain, fixed: dict, latex: str = "", given: dict | None = None) -> None:
    """Skip what reads as a relation of closed forms and is no claim to check: raise :class:`.paper_domain.Skip`
    with the sentence the listing shows (``given``: the ``--domain`` options, which check a floor's name over the
    reals)."""
    decimals = too_precise(latex)
    if decimals:
        raise Skip(f"a number printed to {decimals} decimals: past the check's working precision")
    lone = lone_name(chain)
    if lone is not None:
        raise Skip(f"bounds or sets {lone} alone: an assumption, a requirement or a name defined elsewhere, not a "
                   "claim for every value (bind it to a derivation to check it)")
    earlier = uses_set(chain, fixed)
    if earlier:
        raise Skip(f"uses {earlier[0]}, which {earlier[1]} sets to a value: that value, or the letter reused? Not "
                   "checked (bind it to a derivation)")
    whole = [s for s in integer_names(chain) if not any(n in spellings(s) for n in given or {})]
    if whole:
        raise Skip(f"{', '.join(map(str, whole))} inside a factorial, floor, ceiling or binomial: often an integer "
                   "(\\lfloor n/2 \\rfloor >= (n-1)/2 holds for integers only), and the check ranges over the reals; "
                   f"give --domain \"{whole[0]}=(LO,HI)\" to check it over the reals, or bind it to a derivation with "
                   "an integer domain")
