"""The letters of constants where a paper may mean a quantity of its own: Euler's e and pi.

``e = y - \\hat{y}`` (a residual), ``y = X\\beta + e`` (a regression's error term), ``\\pi = \\frac{1}{K}`` (a policy):
read as SymPy's E and pi they turn a definition into a false claim about the number, REFUTED with a witness.  Each is
refused with the reason unless the display or a sentence around it says which.
"""
from __future__ import annotations

import re

import sympy as sp

from .lexer import fail
from .prose import SAYS_E


def refuse_constant_defined(source: str, segments, chain, ops, defines: str) -> None:
    """Refuse ``e = y - \\hat{y}``, ``\\pi = \\frac{1}{K}``: the letter of a constant alone on the left of ``=``, the
    right side in free names: a name the paper defines (a residual, a policy), or a claim about Euler's number or pi?
    (``e = \\sum_k 1/k!``, free of names, stays a fact about the constant.)"""
    if defines or not ops or ops[0] != "=" or len(chain) < 2:
        return
    ends = [(0, 1, "left", "right")] + ([(-1, -2, "right", "left")] if len(chain) == 2 else [])   # \frac{1}{K} = \pi
    for at, other, side, far in ends:
        one, name = segments[at][0], chain[at]
        if len(segments[at]) == 1 and name in (sp.E, sp.pi, sp.I) and isinstance(chain[other], sp.Basic) \
                and chain[other].free_symbols:
            fail(source, one.start, one.end, f"{source[one.start:one.end]} alone on the {side} of = with names on the "
                 f"{far}: a quantity the paper names so (an error term or a residual e, a policy pi), or a claim about "
                 "the constant? Declare the name in the notation (symbols=)")


def refuse_pi_quantity(source: str, chain, ops, conditions) -> None:
    """Refuse pi where only a quantity of the paper's makes sense (a probability, a policy): bounded by 0 and 1 in the
    chain (``1 \\ge \\pi \\ge 0``), constrained by a condition free of other names (``\\pi \\in [0, 1]``,
    ``\\pi > 3``: no condition on a number), or beside a decorated pi (``-\\pi \\log \\pi - \\bar\\pi \\log
    \\bar\\pi``: pi and its complement)."""
    bounded = any(m is sp.pi and 0 < k < len(chain) - 1 and {chain[k - 1], chain[k + 1]} <= {0, 1}
                  and {ops[k - 1], ops[k]} <= {"<=", "<", ">=", ">"} for k, m in enumerate(chain))
    members = [m for m in (*chain, *conditions) if isinstance(m, sp.Basic)]
    relations = [r for c in conditions if isinstance(c, sp.Basic) for r in (c.args if isinstance(c, sp.And) else (c,))]
    conditioned = any(r.has(sp.pi) and not r.free_symbols for r in relations)
    decorated = any(m.has(sp.pi) for m in members) and any(re.match(r"pi(?![a-z])", s.name) for m in members
                                                             for s in m.free_symbols)
    why = "bounded by 0 and 1" if bounded else "in a condition free of other names" if conditioned else \
        "beside a decorated pi (\\bar\\pi, \\pi_i)" if decorated else ""
    if why:
        at = source.find("\\pi")
        fail(source, max(at, 0), max(at, 0) + 3, f"\\pi {why}: a probability or a quantity the paper names pi, not "
             "the number? Declare \\pi in the notation (symbols={r'\\pi': sympy.Symbol('pi')}), or a sentence around "
             "the display does ('$\\pi$ is the probability ...')")


BARE_E = r"(?<![A-Za-z\\])e(?![A-Za-z])"
"""The letter e written bare (not ``\\mathrm{e}``, ``\\exp``, a word)."""


def _upright(source: str) -> str:
    """``source`` with each upright e (``\\mathrm{e}``, Euler's number as ISO writes it) blanked, offsets kept."""
    return re.sub(r"\\(?:mathrm|rm|text|textrm|operatorname)\s*\{\s*e\s*\}", lambda m: " " * len(m.group(0)), source)


def refuse_said_e(source: str, declared) -> None:
    """Refuse a bare e (not ``e_i``, ``\\mathrm{e}``) where a sentence around the display says e is a quantity of
    the paper's ("Let $e \\in [0, 1]$ denote the error rate", :data:`.prose.SAYS_E`): read as Euler's number,
    ``e^2 \\le e`` is a false claim about the number."""
    said = next((d for d in declared if d.what == SAYS_E), None)
    m = re.search(BARE_E + r"(?!\s*[_'])", _upright(source)) if said is not None else None
    if m is not None:
        fail(source, m.start(), m.end(), f"e where a sentence around the display says what e is (\"{said.sentence}\")"
             ": a quantity of the paper's, not Euler's number? Declare e in the notation (symbols={'e': "
             "sympy.Symbol('e')}), or write \\mathrm{e} for the number")


def _multiple_of_e(term) -> bool:
    """``e``, ``-e``, ``2e``, ``\\sigma e``: a term that is e times numbers or names (not ``e^{x}``, ``1/e``)."""
    return term in (sp.E, -sp.E) or isinstance(term, sp.Mul) and sp.E in term.args


_TRANSPOSED = re.compile(BARE_E + r"\s*\^\s*\{?\s*(?:T|\\top|\\intercal|\\(?:mathsf|mathrm)\s*\{\s*T\s*\})"
                         r"\s*\}?(?![A-Za-z])")


def _refuse_e_of_vector(source: str, text: str, members: list) -> None:
    """Refuse a bare e the display itself shows to be a quantity: transposed (``e^T e``), distributed (``e \\sim
    \\mathcal{N}(0, 1)``), beside its own entries (``e`` and ``e_i``), or bound by a differential or an index
    (``\\int_0^1 e \\, de``: the integrand is the variable, not Euler's number)."""
    bound = any(getattr(v, "name", None) == "e" for m in members for a in sp.preorder_traversal(m)
                if isinstance(a, (sp.Integral, sp.Sum, sp.Product)) for v, *_ in a.limits)
    entries = re.search(BARE_E + r"\s*_", text) and re.search(BARE_E + r"(?!\s*[_'^])", text)
    transposed = _TRANSPOSED.search(text)
    if transposed and re.search(r"(?<![A-Za-z\\])T(?![A-Za-z])", text[:transposed.start()] + text[transposed.end():]):
        transposed = None   # e^{T} \ge 1 + T: a power in the name T
    why = "transposed (e^T)" if transposed else "distributed (e \\sim ...)" if re.search(
        BARE_E + r"\s*\\sim(?![A-Za-z])", text) else "bound by a differential or an index" if bound else \
        "beside entries e_i" if entries else ""
    if why:
        fail(source, 0, len(source), f"e {why}: a vector or a random error the paper names e, not Euler's number? "
             "Declare e in the notation (symbols=), say what e is in a sentence around the display, or write "
             "\\mathrm{e} for the number")


def refuse_added_e(source: str, chain, conditions, declared) -> None:
    """Refuse ``y = X\\beta + e``, ``y - X\\beta = e``, ``x \\le a + e`` in a condition: a bare e added alone to terms
    in names, or a whole side beside a sum or difference in names (``(1 + 1/n)^n \\le e`` is read), where the
    display never raises e to a power (``e^{\\varepsilon} - e``) and no sentence or notation entry declares it:
    Euler's number, or an error term the paper names e (a regression's residual)?  ``1 + e``, ``e - 1``, free of
    names, stay Euler's number; so does e where "e is Euler's number" is said around the display
    (:data:`.prose.CONSTANTS`)."""
    text = _upright(source)
    if "e" in {getattr(d, "spelling", None) for d in declared} or not re.search(BARE_E + r"(?!\s*[_'])", text):
        return
    members = [m for m in (*chain, *conditions) if isinstance(m, sp.Basic)]
    _refuse_e_of_vector(source, text, members)
    if re.search(BARE_E + r"\s*\^", text):
        return
    added = any(isinstance(a, sp.Add) and a.free_symbols and any(_multiple_of_e(t) for t in a.args)
                for m in members for a in sp.preorder_traversal(m))
    alone = any(m in (sp.E, -sp.E) for m in chain) and any(isinstance(m, sp.Add) and m.free_symbols for m in chain)
    if added or alone:
        upright = "; the display sets e upright elsewhere (\\mathrm{e}), so this bare e looks like another quantity" \
            if text != source else ""
        fail(source, 0, len(source), "e added alone to terms in names, or standing alone beside their sum: Euler's "
             f"number, or a quantity the paper names e (an error term, a residual)?{upright} Write \\mathrm{{e}} for "
             "the number, declare e in the notation (symbols=), or say what e is in a sentence around the display")
