"""Subscripts and primes on names, decided on the raw tokens before the notation is applied.

A plain subscript is part of a name (``\\rho_{p}`` is the name ``\\rho_p``), except where it is the index of
a ``\\sum``/``\\prod`` of the formula: ``\\sum_{j=1}^k \\varepsilon_j^2`` sums an indexed family, so
``\\varepsilon_j`` keeps its subscript and is built as ``Indexed(epsilon, j)``.  A superscript never takes
a subscript into its name: ``x^b_a`` is ``x_a`` to the power ``b`` (TeX's order of scripts is free).
``d x`` closing an ``\\int`` becomes the integration variable.
"""
from __future__ import annotations

from .conditions import ELLIPSES
from .lexer import Tok, after_argument, fail, opening_brace
from .names import DECORATIONS
from .notation import HEADS, OPERATORS

_FOLDABLE = ("NAME", "NUMBER", "WORD", "COMMA", "PRIME")


def _name_text(tok: Tok) -> str:
    return tok.text.lstrip("\\")


def nameish(t: Tok) -> bool:
    """A token that names something and may take a subscript into its name."""
    return t.kind == "NAME" or (t.kind == "CMD" and t.text not in OPERATORS and t.text not in HEADS) or \
        (t.kind == "WORD" and t.cmd in NAME_WORDS and t.text.isidentifier())


NAME_WORDS = ("mathrm", "operatorname", "mathit", "mathsf", "mathtt", "texttt", "textrm")
"""Commands whose word is a name (``\\mathrm{MSE}_j(h)``: the name MSE_j, called; never MSE_j times h)."""


def index_names(tokens: list[Tok]) -> frozenset:
    """The names a ``\\sum``/``\\prod`` of the formula binds: ``\\sum_j``, ``\\sum_{j=1}``, ``\\prod_{i \\in [n]}``."""
    found = set()
    for k, t in enumerate(tokens):
        if t.kind == "CMD" and t.text in (r"\sum", r"\prod") and k + 2 < len(tokens):
            j = k + 1
            while j + 1 < len(tokens) and tokens[j].kind == "SUP":  # \sum^n_i
                j = after_argument(tokens, j + 1)
            if j + 1 < len(tokens) and tokens[j].kind == "SUB":
                first = tokens[j + 2] if tokens[j + 1].kind == "LBRACE" and j + 2 < len(tokens) else tokens[j + 1]
                if first.kind == "NAME":
                    found.add(first.text)
                    found |= _more_indices(tokens, j + 3) if tokens[j + 1].kind == "LBRACE" else set()
    return frozenset(found)


def _more_indices(tokens: list[Tok], k: int) -> set:
    """The further names of ``\\sum_{i,j=1}``'s list from ``k`` (after its first): a double sum binds both."""
    found = set()
    while k + 1 < len(tokens) and tokens[k].kind == "COMMA" and tokens[k + 1].kind == "NAME":
        found.add(tokens[k + 1].text)
        k += 2
    return found


def fold(tokens: list[Tok], bound: frozenset = frozenset(), keep: frozenset = frozenset()) -> list[Tok]:
    """Names with their plain subscripts and primes as one NAME token (``\\rho_{p}`` -> ``\\rho_p``); a
    subscript naming an index in ``bound`` stays a subscript (an indexed family), and so does the subscript of a
    name in ``keep`` (a declared function's argument, ``I_x(a, b)``; or a token: the declared ``D^x`` of
    ``D^x_{ij}``, a member under a sum)."""
    out, i, tokens = [], 0, _decorations_last(tokens, bound)
    while i < len(tokens):
        t = tokens[i]
        argument = i > 0 and tokens[i - 1].kind in ("SUP", "SUB")  # x^b_a: b is the exponent, not b_a
        if nameish(t) and not argument and t.text not in keep and t not in keep:
            i = _fold_name(tokens, i, bound, out)
        else:
            out.append(t)
            i += 1
    return out


def _decorations_last(tokens: list[Tok], bound: frozenset) -> list[Tok]:
    """``Y^\\star_t``, ``P^+_L`` as ``Y_t^\\star``, ``P_L^+`` (TeX sets both orders alike): a name's star or sign
    after its subscript, where the fold reads it."""
    out = list(tokens)
    for i in range(1, len(out)):
        sign = signed_end(out, i) if nameish(out[i - 1]) and out[i - 1 - (i > 1)].kind not in ("SUP", "SUB") else 0
        if sign and sign + 1 < len(out) and out[sign].kind == "SUB" and _subscript(out, sign, bound)[0] is not None:
            end = after_argument(out, sign + 1)
            out[i:end] = out[sign:end] + out[i:sign]
    return out


def _fold_name(tokens: list[Tok], i: int, bound: frozenset, out: list) -> int:
    t = tokens[i]
    text, end, i = t.text, t.end, i + 1
    sup = []
    if i + 1 < len(tokens) and tokens[i].kind == "SUP":  # x^b_a: the subscript belongs to x
        after = after_argument(tokens, i + 1)
        sub, k = _subscript(tokens, after, bound)
        if sub is not None:
            sup, i = tokens[i:after], after
        elif after + 1 < len(tokens) and tokens[after].kind == "SUB" and not signed_end(tokens, i):
            # \sum_i X^2_i, \sigma^2_{t-1}: the subscript is X's (an index or an expression), the power over both,
            # as X_i^2 (TeX sets x^b_a and x_a^b alike)
            end_sub = after_argument(tokens, after + 1)
            out.append(t)
            out.extend(tokens[after:end_sub])
            out.extend(tokens[i:after])
            return end_sub
    sub, k = _subscript(tokens, i, bound)
    if sub is not None:
        text, end, i = text + "_" + sub, tokens[k - 1].end, k
    while i < len(tokens) and tokens[i].kind == "PRIME":
        text, end, i = text + "'", tokens[i].end, i + 1
    sign = signed_end(tokens, i)
    if sign:
        mark = tokens[sign - 1 - (tokens[sign - 1].kind == "RBRACE")].text
        text, end, i = text + "^" + _STARS.get(mark, mark), tokens[sign - 1].end, sign
    out.append(Tok(t.kind, text, t.start, end, t.spaced, t.cmd))
    out.extend(sup)
    return i


_STARS = {"*": "*", r"\ast": "*", r"\star": "*"}
"""A superscript star (``z^*``, ``r^{\\ast}``, ``\\alpha^\\star``): an optimum's or a conjugate's name, never a power."""


def signed_end(tokens, i) -> int:
    """The index after a superscript that is a lone sign or star (``P_L^{+}``, ``\\epsilon^-``, ``z^*``: a name's
    decoration, as no power is a sign or a star alone), or 0."""
    if i + 1 >= len(tokens) or tokens[i].kind != "SUP":
        return 0
    kinds = [u.kind for u in tokens[i + 1:i + 4]]
    if kinds[:1] and kinds[0] in ("PLUS", "MINUS"):  # ^-1 is TeX's x^{-}1: a power meant, never a decoration
        return 0 if len(kinds) > 1 and kinds[1] in ("NUMBER", "NAME", "CMD", "WORD", "LBRACE", "LPAREN") else i + 2
    if kinds[:3] in (["LBRACE", "PLUS", "RBRACE"], ["LBRACE", "MINUS", "RBRACE"]):
        return i + 4
    if _star(tokens[i + 1]):
        return i + 2
    if kinds[:1] == ["LBRACE"] and i + 3 < len(tokens) and _star(tokens[i + 2]) and tokens[i + 3].kind == "RBRACE":
        return i + 4
    return 0


def _star(t) -> bool:
    return t.text in _STARS


def bound_index(tokens, i, bound) -> bool:
    """A subscript at ``i`` made of indices of enclosing sums or products (``_i``, ``_{i}``, ``_{ij}``, ``_{i,j}``)."""
    if i + 1 >= len(tokens) or tokens[i].kind != "SUB":
        return False
    arg = tokens[i + 1:after_argument(tokens, i + 1)]
    inner = arg[1:-1] if arg and arg[0].kind == "LBRACE" else arg
    return bool(inner) and inner[0].kind == "NAME" and all(
        (u.kind == "NAME" and u.text in bound) or u.kind == "COMMA" for u in inner)


def _subscript(tokens, i, bound=frozenset()):
    """The text of a plain subscript at ``i`` (letters, digits, words, commas) and the index after it."""
    if i + 1 >= len(tokens) or tokens[i].kind != "SUB":
        return None, i
    nxt = tokens[i + 1]
    if nxt.kind in ("NAME", "NUMBER"):
        if nxt.text in bound:
            return None, i
        return _name_text(nxt), i + 2
    if nxt.kind == "MUL" and nxt.text == "*":  # \hat{p}_*: a starred name
        return "star", i + 2
    if _extreme(nxt):   # x_\max: the label max, as x_{\text{max}}
        return nxt.text[1:], i + 2
    if i + 3 < len(tokens) and nxt.kind == "LBRACE" and _extreme(tokens[i + 2]) and tokens[i + 3].kind == "RBRACE":
        return tokens[i + 2].text[1:], i + 4   # x_{\max}, \sigma_{\min}: a label, never an optimisation
    if nxt.kind != "LBRACE":
        return None, i
    k, parts = i + 2, []
    while k < len(tokens) and (tokens[k].kind in _FOLDABLE or (parts and signed_end(tokens, k) == k + 2 and
                                                                 _star(tokens[k + 1]))):
        starred = tokens[k].kind == "SUP"  # F_{Y^*}(t): the star is the subscript's name's, as F_{Y'}'s prime
        parts.append("^*" if starred else "_".join(_name_text(tokens[k]).split()))  # \text{cohort size}: words
        k += 2 if starred else 1
    if k == i + 2 or k >= len(tokens) or tokens[k].kind != "RBRACE":
        return None, i
    if any(t.kind == "NAME" and t.text in bound for t in tokens[i + 2:k]):
        return None, i
    text = "".join(parts)
    return ("{" + text + "}" if "^*" in parts else text), k + 1  # x_{a^*} is not x_a^* (x's star)


def _extreme(tok: Tok) -> bool:
    return tok.kind == "CMD" and tok.text in (r"\max", r"\min")


def refuse_indexed_superscripts(source: str, tokens: list, bound: frozenset, fail) -> None:
    """Refuse ``W_j^k`` under ``\\sum_k`` (the k-th W_j, as statistics papers write, or W_j to the power k?) and
    ``W_k^{(j)}`` (an index in parentheses): a superscript that is a sum's index alone, on a name that already
    has a subscript, or any parenthesized superscript on a subscripted name.  ``q^k`` under ``\\sum_k`` is the
    power it is (a name with no subscript), and the upper end of a sum, product or integral is its end."""
    raw = [t if isinstance(t, Tok) else Tok(t.type, "", t.start_pos, t.end_pos) for t in tokens]
    for k, t in enumerate(raw):
        if t.kind != "SUP" or not k or not _subscripted(raw, k) or _limit(raw, k):
            continue   # \sum_{k=1}^{n} under \lim_{n \to \infty} or \sum_n: the sum's end, no member's index
        arg = raw[k + 1:after_argument(raw, k + 1)]
        inner = arg[1:-1] if arg and arg[0].kind == "LBRACE" else arg
        kinds = [u.kind for u in inner]
        index = kinds == ["NAME"] and inner[0].text in bound
        parenthesized = kinds[:1] == ["LPAREN"] and kinds[-1:] == ["RPAREN"] and len(kinds) == 3
        if index or parenthesized:
            spelled = source[t.start:arg[-1].end]
            fail(source, t.start, arg[-1].end, f"ambiguous: {spelled} on a name with a subscript is an index (the "
                 f"{source[inner[0].start:inner[-1].end]}-th member, as statistics papers write) or a power? Declare "
                 "the name in the notation, or write the power with parentheses around the base")


def _subscripted(raw: list, k: int) -> bool:
    """The superscript at ``k`` follows a name with a subscript (``W_j`` folded, or ``W`` then ``_j`` / ``_{...}``)."""
    before = raw[k - 1]
    if before.kind == "NAME" and "_" in before.text:
        return True
    if before.kind == "RBRACE":
        j = opening_brace(raw, k - 1)
        return j >= 1 and raw[j - 1].kind == "SUB"
    return k >= 2 and raw[k - 2].kind == "SUB" and before.kind in ("NAME", "NUMBER")


def _upright_d(t: Tok) -> bool:
    """``d``, or the upright ``\\mathrm{d}`` (``\\text{d}``) papers typeset the differential with."""
    return (t.kind == "NAME" and t.text == "d") or (t.kind == "WORD" and t.text.strip() == "d")


def integrals(tokens: list[Tok]) -> list[Tok]:
    """``d x`` or ``\\mathrm{d} x`` that closes an ``\\int`` (at the same brace depth) as one DIFF token; a ``d``
    that is an exponent or a subscript (``\\int_0^1 x^d \\, dx``) is none."""
    out, open_ints, depth = [], [], 0
    i = 0
    while i < len(tokens):
        t = tokens[i]
        depth += {"LBRACE": 1, "RBRACE": -1}.get(t.kind, 0)
        if t.kind == "CMD" and t.text == r"\int":
            open_ints.append(depth)
        elif (open_ints and open_ints[-1] == depth and _upright_d(t) and i + 1 < len(tokens)
              and tokens[i + 1].kind == "NAME" and not (i and tokens[i - 1].kind in ("SUP", "SUB"))):
            out.append(Tok("DIFF", tokens[i + 1].text, t.start, tokens[i + 1].end, t.spaced))
            open_ints.pop()
            i += 2
            continue
        out.append(t)
        i += 1
    return out


def refuse_stray_differentials(source: str, tokens: list[Tok], fail) -> None:
    """Refuse an upright ``\\mathrm{d} z`` that closes no ``\\int`` (``p(z) \\mathrm{d}z``, ``\\mathrm{d}P``): a
    differential or measure, never the product ``d z``.  A plain ``d z`` (``d`` a dimension) stays a product, but
    not right after an integral's differential (``dt \\; d\\theta`` with one ``\\int``: a second differential)."""
    for k, t in enumerate(tokens[:-1]):
        if t.kind == "WORD" and t.text.strip() == "d" and tokens[k + 1].kind == "NAME":
            fail(source, t.start, tokens[k + 1].end, f"d{tokens[k + 1].text} outside an integral: a differential "
                 "(a measure), not a product; write the integral, or d \\cdot " + tokens[k + 1].text + " for a product")
        if t.kind == "DIFF" and k + 2 < len(tokens) and _upright_d(tokens[k + 1]) and tokens[k + 2].kind == "NAME":
            after = tokens[k + 2]   # \int_0^1 f \, dt \; d\theta: a second differential, one \int
            fail(source, tokens[k + 1].start, after.end, f"d{after.text} right after the differential d{t.text} "
                 "closes no \\int: a double integral needs an \\int for each differential (a product d times "
                 f"{after.text} there would be a misreading)")


TRANSPOSES = frozenset((r"\top", r"\intercal", r"\mathsf{T}", r"\mathrm{T}"))
"""Superscripts papers write for a transpose (with a bare ``T``)."""


def refuse_transposes(source: str, items: list, fail) -> None:
    """Refuse ``x^T``, ``(X_i - \\mu)^T``, ``A^\\top``, ``A^\\intercal``, ``A^{\\mathsf{T}}``, ``A^{-T}``: a transpose
    or the power T?  ``items`` are the tokens after the notation's spellings were matched, so a ``T`` the notation
    or the derived expression declares is a symbol there and is read as the power it is; a number or ``e`` raised
    to ``T`` (``2^T``) has no transpose and is a power."""
    for k, t in enumerate(items):
        if not (isinstance(t, Tok) and t.kind == "SUP") or k + 1 >= len(items):
            continue
        arg = items[k + 1:k + 4] if _kind(items[k + 1]) == "LBRACE" else items[k + 1:k + 2]
        if _kind(items[k + 1]) == "LBRACE" and k + 2 < len(items) and _kind(items[k + 2]) == "MINUS":  # A^{-T}
            arg = items[k + 1:k + 5] if k + 4 < len(items) and _kind(items[k + 4]) == "RBRACE" else arg
            arg = [arg[0], *arg[2:]] if len(arg) == 4 else arg
        inner = arg[1:-1] if len(arg) == 3 and _kind(arg[-1]) == "RBRACE" else arg
        if len(inner) != 1 or not _transpose(inner[0]) or (k and _scalar(items[k - 1])) or _limit(items, k):
            continue
        end = arg[-1].end if isinstance(arg[-1], Tok) else arg[-1].end_pos
        fail(source, t.start, end, "a transpose or the power T? Declare T in the notation (symbols={r'T': ...}) "
             "for a power; symdp reads no transposes")


def _kind(t) -> str:
    return t.kind if isinstance(t, Tok) else t.type


BIG = (r"\sum", r"\prod", r"\int")


def _limit(items: list, k: int) -> bool:
    """The superscript at ``k`` is the upper limit of a sum, product or integral (``\\sum_{t=2}^T``,
    ``\\sum^T``): a bound, never a transpose."""
    j = k - 1
    if j >= 0 and _kind(items[j]) == "RBRACE":  # the subscript's group
        depth = 0
        while j >= 0:
            depth += (_kind(items[j]) == "RBRACE") - (_kind(items[j]) == "LBRACE")
            if depth == 0:
                break
            j -= 1
        j -= 1
    elif j >= 1 and _kind(items[j - 1]) == "SUB":  # \sum_t^T
        j -= 1
    if j >= 0 and _kind(items[j]) == "SUB":
        j -= 1
    return j >= 0 and _big(items[j])


def _big(t) -> bool:
    if isinstance(t, Tok):
        return t.kind == "CMD" and t.text in BIG
    value = getattr(t, "value", None)
    return isinstance(value, tuple) and len(value) == 3 and value[2] in BIG


def _transpose(t) -> bool:
    """A raw ``T``, ``\\top``, ``\\intercal``, ``\\mathsf{T}``, ``\\mathrm{T}`` (the notation did not declare it)."""
    if not isinstance(t, Tok):
        return False
    return (t.kind == "NAME" and t.text == "T") or (t.kind == "CMD" and t.text in TRANSPOSES) or \
        (t.kind == "WORD" and t.text.strip() == "T" and t.cmd in ("mathsf", "mathrm", "textsf", "mathit", "text",
                                                                  "textrm", "operatorname"))


def _scalar(t) -> bool:
    """A number, or the constant e, as the base: no transpose."""
    if isinstance(t, Tok):
        return t.kind == "NUMBER"
    return t.type == "NUMBER" or (t.type == "SYM" and str(t.value) == "E")


INDEX_LETTERS = frozenset("ijkl")
"""The letters papers index a family with generically (``c_i``, ``\\beta_k``); ``x_n``, ``x_t``, ``n_c``, ``\\sigma_e``
name a member or a label of their own."""


def refuse_unranged_members(source: str, raw: list[Tok], defined_end: int = 0) -> None:
    """Refuse ``c_i`` beside ``c_1``, ``c_2`` in one display (``raw``: its tokens, conditions included) when ``i``
    is a generic index (:data:`INDEX_LETTERS`) that no sum binds and that stands nowhere else: not in a condition with
    a range (``i \\ge 2``), an integral's differential, index arithmetic (``x_{i+1}``) or the formula itself (a bare
    ``\\forall i`` gives no range).  Then ``c_i`` is the member of the family for each i of a range the display
    does not give (``\\gamma_i \\text{ if } T(x) = c_i`` among the branches on ``c_1``, ``c_2``), never a name
    unrelated to ``c_1``.  A list with dots (``x_1, \\ldots, x_n``) gives the range; the display's defined side (up
    to ``defined_end``: ``x_i = x_1 + \\epsilon_i``) defines every member; a decorated ``\\hat x_1`` is of the family
    ``\\hat x``, not ``x``."""
    if any(t.text in ELLIPSES for t in raw) or "..." in source:
        return
    members = [(_decoration(raw, k) + t.text, _plain_index(raw, k + 2), t, k) for k, t in enumerate(raw[:-2])
               if t.kind == "NAME" and raw[k + 1].kind == "SUB"]
    numbered = {base for base, sub, _, _ in members if sub is not None and sub.kind == "NUMBER"}
    alone = {t.text for k, t in enumerate(raw) if t.kind == "NAME" and not _pure_index(raw, k)
             and not _quantified(raw, k)} | index_names(raw)
    for base, sub, t, k in members:
        if sub is not None and sub.kind == "NAME" and sub.text in INDEX_LETTERS and base in numbered \
                and sub.text not in alone and t.start >= defined_end:
            first = min((s.text for b, s, _, _ in members if b == base and s is not None and s.kind == "NUMBER"),
                        key=int)
            end = raw[k + 4].end if raw[k + 2].kind == "LBRACE" else sub.end
            fail(source, t.start, end, f"{source[t.start:end]} beside {base}_{first}: the member "
                 f"of a family for each {sub.text} of a range the formula does not give; write the members, bind "
                 f"{sub.text} (\\sum_{{{sub.text}=1}}^{{n}}), or state its range as a condition")


def _decoration(raw: list[Tok], k: int) -> str:
    """``"\\hat "`` when ``raw[k]`` is the letter of ``\\hat x``, ``\\hat{x}`` (a family of its own), else ""."""
    before = [t for t in raw[max(0, k - 2):k] if t.kind != "LBRACE"]
    decorated = bool(before) and before[-1].kind == "CMD" and before[-1].text.lstrip("\\") in DECORATIONS
    return before[-1].text + " " if decorated else ""



def _quantified(raw: list[Tok], k: int) -> bool:
    """``raw[k]`` right after ``\\forall`` or "for all / each / every / any" with no range after it."""
    before = raw[k - 1] if k else None
    after = raw[k + 1] if k + 1 < len(raw) else None
    opened = before is not None and (before.text == "\\forall" or before.kind == "WORD" and before.text.strip().lower()
                                     in ("for all", "for each", "for every", "for any"))
    return opened and (after is None or after.kind in ("COMMA", "GAP", "AMP", "NEWROW"))


def _plain_index(raw: list[Tok], k: int):
    """The one token a subscript at ``raw[k]`` holds (``_i``, ``_{i}``, ``_1``), or None."""
    if k < len(raw) and raw[k].kind in ("NAME", "NUMBER"):
        return raw[k]
    if k + 2 < len(raw) and raw[k].kind == "LBRACE" and raw[k + 2].kind == "RBRACE" and raw[k + 1].kind in ("NAME",
                                                                                                     "NUMBER"):
        return raw[k + 1]
    return None


def _pure_index(raw: list[Tok], k: int) -> bool:
    """``raw[k]`` is a subscript's whole content (``c_i``, ``c_{i}``), not index arithmetic or a variable."""
    before = raw[k - 1].kind if k else None
    return before == "SUB" or (before == "LBRACE" and k > 1 and raw[k - 2].kind == "SUB" and k + 1 < len(raw)
                               and raw[k + 1].kind == "RBRACE")
