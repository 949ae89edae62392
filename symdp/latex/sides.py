"""The left side a display defines: ``\\sigma^2 = ...``, ``\\delta(\\varepsilon) = ...``, ``D_\\alpha(P \\| Q) = ...``.

A left side of an ``=`` is the quantity being defined when it is a bare or decorated name
(``\\hat\\theta``, ``F^*_\\beta``, ``\\mathrm{TV}``), a power of one (``\\sigma^2``) or a function-style
name with any arguments (``\\delta(\\varepsilon)``, ``D_\\alpha(\\mathcal{N}(0,\\sigma^2) \\| ...)``), and,
when a derived expression is given, its head's symbols do not occur in it.  A head with a command the
notation does not know (a paper's macro never defined, ``\\pub``) defines nothing: it is read, and refused.
"""
from __future__ import annotations

import re

import sympy as sp

from ..errors import SymdpError
from .constants import BARE_E
from .lexer import GREEK, Tok, fail
from .names import DECORATIONS, decorate
from .notation import HEADS, OPERATORS
from .scripts import TRANSPOSES, fold
from .words import NOT_FORMULA, REFUSED, not_in_notation

_BARE = {"NAME", "WORD", "SUB", "SUP", "LBRACE", "RBRACE", "PRIME", "NUMBER", "MUL", "COMMA", "CMD"}


def head(seg: list[Tok]) -> list[Tok] | None:
    """The name part of a would-be defined side (arguments and a final power removed), or None."""
    if seg and seg[-1].kind == "RPAREN":
        k = _opening(seg)
        if k is None or k == 0 or _summed(seg[k + 1:-1]):
            return None
        listed_ = any(t.kind == "COMMA" for t in seg[k + 1:-1])
        seg = seg[:k]
        if listed_ and len(seg) == 3 and seg[1].kind == "SUP" and seg[2].kind == "NUMBER":
            seg = seg[:1]   # R^2(y, \hat{y}) = ...: a score named R^2 of a list of arguments, defined
    elif len(seg) >= 3 and seg[-2].kind == "SUP" and seg[-1].kind in ("NUMBER", "NAME"):
        seg = seg[:-2]
    elif seg and seg[-1].kind == "RBRACE" and any(t.kind == "SUP" for t in seg):
        k = max(i for i, t in enumerate(seg) if t.kind == "SUP")
        if seg[k + 1].kind == "LBRACE" and not _starred(seg, k):
            seg = seg[:k]
    return seg if seg and _named(decorate(seg)) else None


def _opening(seg: list[Tok]) -> int | None:
    """The index of the ``(`` that the final ``)`` closes."""
    depth = 0
    for k in range(len(seg) - 1, -1, -1):
        depth += (seg[k].kind == "RPAREN") - (seg[k].kind == "LPAREN")
        if depth == 0:
            return k
    return None


def _summed(inside: list[Tok]) -> bool:
    """Parentheses that hold a sum or a difference (a leading sign aside): ``c((1-p) + p/k) = 1`` is a product or a
    value at a point, never the quantity a display defines (``\\delta(\\varepsilon)``, ``D_\\alpha(P \\| Q)``)."""
    depth = 0
    for k, t in enumerate(inside):
        depth += (t.kind in ("LPAREN", "LBRACE", "LBRACK")) - (t.kind in ("RPAREN", "RBRACE", "RBRACK"))
        if depth == 0 and k and t.kind in ("PLUS", "MINUS") and inside[k - 1].kind not in ("COMMA", "SEMI"):
            return True
    return False


def _starred(seg, k) -> bool:
    return [t.kind for t in seg[k + 1:k + 4]] == ["LBRACE", "MUL", "RBRACE"]


def _named(seg: list[Tok]) -> bool:
    """One name, possibly decorated, with scripts (names past the first only inside scripts)."""
    if seg[0].kind not in ("NAME", "WORD", "CMD") or not all(t.kind in _BARE for t in seg):
        return False
    if any(t.kind == "CMD" and (t.text in OPERATORS or t.text in HEADS) for t in seg):
        return False
    if seg[0].kind == "NAME" and seg[0].text in ("e", "\\pi") and not (len(seg) > 1 and seg[1].kind == "SUB"):
        return False    # e = \sum_k 1/k!: a fact about the constant; italic exp(...); e_i, a residual, is a name
    depth, first, script = 0, True, False
    for t in seg:
        depth += (t.kind == "LBRACE") - (t.kind == "RBRACE")
        if depth == 0 and t.kind in ("NAME", "WORD", "CMD") and not first and not script and not _decor(seg, t) \
                and not _joined(seg, t):
            return False
        first = False if t.kind in ("NAME", "WORD", "CMD") else first
        script = t.kind in ("SUB", "SUP")
    return not any(a.kind == "SUP" and b.kind in ("NUMBER", "MINUS") for a, b in zip(seg, seg[1:]))


def _joined(seg, t) -> bool:
    """A letter written against the one before it (``RSR``, ``GSR``): one name spelled in letters."""
    k = seg.index(t)
    prev = seg[k - 1]
    return prev.kind == "NAME" and t.kind == "NAME" and not t.spaced and prev.end == t.start


def _decor(seg, t) -> bool:
    """A letter inside a decoration's group (``\\hat{\\theta}``, ``\\mathcal{D}``)."""
    k = seg.index(t)
    return k >= 2 and seg[k - 1].kind == "LBRACE" and seg[k - 2].kind == "CMD"


KNOWN_COMMANDS = frozenset(OPERATORS) | frozenset(HEADS) | frozenset(NOT_FORMULA) | frozenset(REFUSED) \
    | TRANSPOSES | frozenset((r"\\forall",))
"""Commands the parser reads or refuses for what they are (never "not in the notation")."""


def unknown_commands(resolver, seg: list[Tok]) -> None:
    """Refuse a defined left side that holds a command nobody defined (``f(\\x) = ...`` with the paper's
    ``\\x`` not expanded): the side is not read, so without this the macro would be dropped unseen."""
    for t in resolver.match(fold(decorate(seg))):
        if isinstance(t, Tok) and t.kind == "CMD" and t.text.split("_")[0] not in KNOWN_COMMANDS \
                and t.text.lstrip("\\") not in resolver.derived and t.text.lstrip("\\") not in DECORATIONS:
            resolver.fail(t, not_in_notation(t.text))


_AT_A_NUMBER = frozenset({"LPAREN", "RPAREN", "NUMBER", "MINUS", "COMMA"})
"""What the parentheses after a primed name hold when it is taken at numbers (``\\Phi'(0)``, ``f'(-1)``)."""


def defined(resolver, seg: list[Tok]) -> bool:
    """Is ``seg`` (the left side of an ``=``) the quantity the display defines?  Not a primed name at numbers
    (``\\Phi'(0) = \\frac{1}{\\sqrt{2\\pi}}``: a derivative's value, a claim, read and refused as elsewhere)."""
    name = head(seg)
    if name is None:
        return False
    at = seg[len(name):]
    if name[-1].kind == "PRIME" and any(t.kind == "NUMBER" for t in at) and all(t.kind in _AT_A_NUMBER for t in at):
        return False
    try:
        tokens = resolver.run(name)
    except SymdpError:
        return not any(t.kind == "CMD" for t in name)
    if any(t.type == "HEAD" for t in tokens) and not any(t.kind in ("NAME", "WORD", "CMD") for t in seg[len(name):]):
        return False   # \Gamma(1/2) = \sqrt{\pi}: a value of a function the notation knows, a claim
    names = {getattr(t.value, "name", None) for t in tokens if t.type in ("SYM", "NAME")}
    return not names & (set(resolver.derived) - resolver.families)


def refuse_glued_product(source: str, segments: list) -> None:
    """Refuse ``xy = \\frac{(x + y)^2 - (x - y)^2}{4}``, ``pq = p - p(1 - q)``: a left side of letters written
    together, each of which the other side uses alone: the product of those letters (as the other side reads them),
    or the paper's one name spelled in letters (``RSS``)?"""
    left, rest = segments[0], [t for seg in segments[1:] for t in seg]
    if len(segments) < 2 or len(left) < 2 or not all(t.kind == "NAME" and len(t.text) == 1 for t in left) \
            or not all(not b.spaced and a.end == b.start for a, b in zip(left, left[1:])):
        return
    alone = {t.text for t in rest if t.kind == "NAME"}
    if {t.text for t in left} <= alone:
        spelled = source[left[0].start:left[-1].end]
        fail(source, left[0].start, left[-1].end, f"{spelled}: the product of its letters, which the other side uses "
             f"alone, or one name spelled {spelled}? Write {' '.join(t.text for t in left)} for the product")


def refuse_sequence_step(source: str, segments: list) -> None:
    """Refuse ``x(t + 1) = r x (1 - x)`` (the logistic map), ``\\theta(t+1) = \\theta - \\eta g``, ``V(t+1) \\le V -
    c``, ``S(n+1) = S + n + 1``: a side that is one name before parentheses set close, holding a step (an index
    letter, :data:`STEP_LETTERS`, plus or minus one term), while the name stands plain on the other side: the value
    of a sequence at the next step, or the name times the parentheses?  ``n(n + 1) = n^2 + n`` (the name is the
    index), ``c(1 - p) = c - cp``, ``n(1 - \\delta) \\le n - m`` (no index letter, or one after a minus: a
    complement), ``x\\,(t + 1)`` (an author's space) stay products."""
    for j, seg in enumerate(segments if len(segments) > 1 else ()):   # either side: \lambda \ge \lambda(t + 1)
        if _step_shape(seg):
            _refuse_step(source, seg, [t for i, other in enumerate(segments) if i != j for t in other])


def _refuse_step(source: str, seg: list, rest: list) -> None:
    plain = any(t.kind == seg[0].kind and t.text == seg[0].text
                and (k + 1 == len(rest) or rest[k + 1].kind != "LPAREN" or rest[k + 1].spaced)
                for k, t in enumerate(rest))
    if plain:
        name, step = source[seg[0].start:seg[0].end], source[seg[2].start:seg[-2].end]
        fail(source, seg[0].start, seg[-1].end, f"{source[seg[0].start:seg[-1].end]}, with {name} plain on the other "
             f"side: the value of {name} at {step} (a sequence's next step), or {name} times the parentheses? Write "
             f"{name}(t) where it is the value, or declare {name} in the notation")


STEP_LETTERS = frozenset({"t", "n", "k", "s", "i", "j", "m", "\\tau"})
"""Letters papers index steps and terms by (``x(t + 1)``, ``S(n + 1)``, ``c(\\tau + 1)``)."""


def _step_shape(seg: list[Tok]) -> bool:
    """``x(t + 1)``, ``\\theta(1 + t)``, ``V(t_0 + h)``: a letter or a Greek letter, parentheses set close after it,
    in them one plus or minus at the top and an index letter not after a minus, other than the name."""
    if len(seg) < 5 or not (seg[0].kind == "NAME" or seg[0].kind == "CMD" and seg[0].text.lstrip("\\") in GREEK) \
            or seg[1].kind != "LPAREN" or seg[1].spaced or _opening(seg) != 1:
        return False
    inside = seg[2:-1]
    if sum(t.kind in ("PLUS", "MINUS") for t in inside) != 1 or any(t.kind in ("LPAREN", "REL") for t in inside):
        return False
    return any(t.kind == "NAME" and t.text in STEP_LETTERS and t.text != seg[0].text
               and (k == 0 or inside[k - 1].kind != "MINUS") for k, t in enumerate(inside))


def arguments(source: str, seg: list[Tok]) -> frozenset:
    """The names a function-style defined side takes (``q``, ``a``, ``b`` of ``G(q; a, b)``), as spelled."""
    if not seg or seg[-1].kind != "RPAREN":
        return frozenset()
    k = _opening(seg)
    if k is None:
        return frozenset()
    inside, out, current = seg[k + 1:-1], set(), []
    for t in inside + [Tok("COMMA", ",", 0, 0)]:
        if _separates(t):
            if len(current) == 1 and current[0].kind == "NAME":
                out.add(source[current[0].start:current[0].end])
            current = []
        else:
            current.append(t)
    return frozenset(out)


CONSTANT_SPELLINGS = {r"\pi": r"\\pi(?![A-Za-z])", r"\mathrm{e}": r"\\mathrm\s*\{\s*e\s*\}",
                      "e": BARE_E}
"""Spellings the notation reads as constants (pi, Euler's e), with the pattern that finds each bare (no subscript
follows): a function defined of one of them names a variable that way (unless the notation's ``symbols`` give the
spelling another value, :data:`CONSTANTS` not)."""
CONSTANTS = (sp.pi, sp.E)


def _constant_argument(source: str, seg: list[Tok], symbols) -> list:
    """The constants' spellings (:data:`CONSTANT_SPELLINGS`) the defined side's parentheses hold, in any grouping
    (``\\psi(\\pi)``, ``\\psi({\\pi})``, ``f(\\mathrm{e})``), that the rest of the display also writes bare."""
    k = _opening(seg) if seg and seg[-1].kind == "RPAREN" else None
    if k is None:
        return []
    inside, rest = source[seg[k].end:seg[-1].start], source[seg[-1].end:]
    bare = lambda pattern, text: re.search(pattern + r"(?!\s*_)(?!\s*\^\s*\{?\s*\\prime)", text)
    return sorted(tex for tex, pattern in CONSTANT_SPELLINGS.items()
                  if dict(symbols).get(tex, sp.pi) in CONSTANTS and bare(pattern, inside) and bare(pattern, rest))


def refuse_own_argument(source: str, seg: list[Tok], symbols: tuple = ()) -> None:
    """Refuse a defined side with a constant's spelling among its arguments that the right side also uses bare
    (``\\psi(\\pi) = \\log \\frac{\\pi}{1 - \\pi}``, :data:`CONSTANT_SPELLINGS`; ``f(x; \\pi) = \\sum_k \\pi_k ...``
    uses only members), a defined side with a string among its arguments (``f(x; A, {\\mathrm{form='erf'}})``, a program's
    keyword), and a function-style defined side whose name is also one of its arguments (``f(x; A, \\phi, f) = A \\sin(f x
    + \\phi)``, lmfit's sine model with its frequency f): inside, f is the function or the number, and no reading
    tells which."""
    quoted = next((t for t in seg if t.kind == "WORD" and ("'" in t.text or '"' in t.text)), None)
    if quoted is not None:
        fail(source, quoted.start, quoted.end, f"a string in the signature ({quoted.text.strip()}): the function's "
             "value for one value of a program's option, code rather than a formula")
    constant = _constant_argument(source, seg, symbols)
    if constant:
        fail(source, seg[0].start, seg[-1].end, f"{constant[0]} as an argument of the function defined (\\psi(\\pi) = "
             f"\\log \\frac{{\\pi}}{{1 - \\pi}}, \\pi a probability): the constant, or a variable the paper names "
             f"{constant[0]}? Declare it in the notation (symbols=) to read it as a variable")
    name = head(seg)
    if not name or len(name) != 1 or name[0].kind != "NAME":
        return
    spelled = source[name[0].start:name[0].end]
    if spelled in arguments(source, seg):
        fail(source, seg[0].start, seg[-1].end, f"{spelled} names the function defined and one of its own arguments: "
             f"which one does {spelled} stand for on the right? Rename one of them")


def parameter_words(source: str, tokens: list[Tok]) -> frozenset:
    """The words a function-style left side of the display's first ``=`` takes as whole arguments (``df`` of
    ``P(x, df) = ...``, ``scale`` of ``P(x; mean, scale)``): a function being defined names its parameters, so a
    run of letters there is one name, never a product, and it is that name wherever the display writes it."""
    first = []
    for t in tokens:
        if t.kind == "REL":
            break
        first.append(t)
    if len(first) == len(tokens) or tokens[len(first)].text != "=" or not first or first[-1].kind != "RPAREN":
        return frozenset()
    k = _opening(first)
    if not k or head(first) is None:
        return frozenset()
    out, current = set(), []
    for t in first[k + 1:-1] + [Tok("COMMA", ",", 0, 0)]:
        if not _separates(t):
            current.append(t)
            continue
        if len(current) > 1 and all(_letter(u) for u in current) and _written_together(current):
            out.add(source[current[0].start:current[-1].end])
        current = []
    return frozenset(out)


def _separates(t: Tok) -> bool:
    """``,``, ``;`` and the bar of ``f(x \\mid a, b)`` / ``f(x | a, b)`` (the variable, then the parameters)."""
    return t.kind in ("COMMA", "SEMI", "BAR") or (t.kind == "CMD" and t.text == r"\mid")


def _letter(t: Tok) -> bool:
    return t.kind == "NAME" and len(t.text) == 1 and t.text.isalpha()


def _written_together(run: list[Tok]) -> bool:
    return all(not b.spaced and b.start == a.end for a, b in zip(run, run[1:]))


def heads(source: str, seg: list[Tok]) -> frozenset:
    """The function a function-style defined side names (``y_t`` of ``y_t(h)``), as spelled, or none."""
    if not seg or seg[-1].kind != "RPAREN":
        return frozenset()
    k = _opening(seg)
    if not k:
        return frozenset()
    return frozenset({source[seg[0].start:seg[k - 1].end].strip()})


def listed(source: str, paren: Tok) -> bool:
    """The parenthesis opening at ``paren`` holds a comma at its own depth: a list of arguments, not a factor."""
    depth = 0
    for ch in source[paren.start:]:
        depth += (ch in "([{") - (ch in ")]}")
        if depth == 0:
            return False
        if ch == "," and depth == 1:
            return True
    return False
