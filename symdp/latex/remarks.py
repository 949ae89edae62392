"""Justification columns and remarks after a display's formula, dropped before its side conditions are split off.

``a &= b && \\text{by Lemma 2}`` and ``y = x \\quad \\text{(see Eq. 3)}`` state nothing about the formula.  A remark
after a wide space is dropped only when it states nothing: its first word, as a whole word, justifies (``by``,
``see``, ``because`` ...: ``\\text{assume}`` and ``\\text{asymptotically}`` are not ``as``), or it is text in
parentheses that opens with no condition word and no qualifier (``(approximately)``), and no relation follows it.
``\\text{because } x > 0`` is left to the condition split, which refuses a statement after a word that opens no
condition (:func:`.conditions.split`).  A condition in parentheses (``\\text{(for } x \\ge 0)``) is read as the
condition without them; another parenthesised relation (``\\text{(} x > 0)``, ``\\text{(valid for } x > 0)``) is
refused, as ``\\quad (x \\ge 0)`` is.  A justification column or a dropped remark that defines or constrains a name
the formula uses (``&& \\text{using } z = x + \\pi/2``, ``&& (u = \\epsilon / x)``, ``\\text{where } z \\text{ is }
...``) is refused: dropped, the name would read as a quantity of its own (:func:`_refuse_defining`).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .conditions import RELATION_COMMANDS, RELATION_KINDS, keyword, top_level
from .groups import parenthesised
from .lexer import FACTOR_ENDS, Tok, after_argument, fail
from .names import decorate
from .scripts import NAME_WORDS

JUSTIFYING = frozenset("by because using from see cf cf. via as recall note".split())
"""Words that open a justification, not a condition (``since`` opens a condition: :data:`.conditions.KEYWORDS`)."""
QUALIFYING = frozenset("approximately asymptotically roughly almost about up in on at a.s. w.h.p. whp mod modulo "
                       "rounded rounding to truncated numerically approx approx. nearly".split())
"""First words of a parenthesised text that qualifies the relation (``(approximately)``, ``(in distribution)``,
``(up to constants)``, ``(rounded)``, ``(to four decimals)``): not a remark to drop."""
_ARROWS = frozenset({r"\to", r"\rightarrow", r"\longrightarrow", r"\searrow", r"\nearrow", r"\downarrow",
                     r"\uparrow"})
STATING = RELATION_COMMANDS | _ARROWS
"""Commands that make a remark state something (``\\text{as } n \\to \\infty``: a limit, never dropped)."""
TEXT = ("text", "textrm", "mbox", "textnormal", "textit")
_GOES_ON = frozenset({"PLUS", "MINUS", "MUL", "DIV", "REL", "IN", "NEWROW", "AMP"})
"""Tokens after a remark that say the formula goes on."""


def justification(source: str, tokens: list[Tok]) -> list[Tok]:
    """``tokens`` without a trailing justification column (``&& \\text{by ...}``, ``&& \\text{since } t > 0``,
    a third ``&`` column) or a final remark after a wide space (``\\quad \\text{(by Lemma 2)}``); a column that is
    only a condition keyword and a formula (``&& \\text{if } x > 0``) is kept, as a condition, and so is a
    parenthesised condition, without its parentheses."""
    level = top_level(tokens)
    amps = [k for k, (t, top) in enumerate(zip(tokens, level)) if top and t.kind == "AMP"]
    for k in amps:
        if (k + 1 < len(tokens) and tokens[k + 1].kind == "AMP") or (len(amps) >= 2 and k == amps[-1]):
            rest = [t for t in tokens[k + 1:] if t.kind not in ("AMP", "GAP")]
            if rest and not _pure_condition(rest):
                _refuse_defining(source, tokens[:k], rest)
                _refuse_stating(source, rest)
                return tokens[:k]
    k = _third_column(source, tokens, level, amps)
    if k is not None:
        _refuse_defining(source, tokens[:k], tokens[k + 1:])
        _refuse_stating(source, [t for t in tokens[k + 1:] if t.kind != "GAP"])
        return tokens[:k]
    for k, (t, top) in enumerate(zip(tokens, level)):
        if top and t.kind == "GAP" and k + 1 < len(tokens) and tokens[k + 1].kind == "WORD":
            kept = _after_gap(source, tokens, k)
            if kept is not None:
                return kept
        if top and k and _spaced_aside(source, t) and tokens[k - 1].kind in FACTOR_ENDS:
            kept = _after_gap(source, tokens[:k] + [Tok("GAP", "", t.start, t.start)] + tokens[k:], k)
            if kept is not None:
                return kept
    return tokens


def _spaced_aside(source: str, t: Tok) -> bool:
    """``4.988 \\textnormal{ (the posterior mean)}``: a text that opens with a space, printed, then a parenthesis,
    is an aside after the formula as one after ``\\quad`` is (a remark dropped, a condition kept)."""
    return t.kind == "WORD" and t.cmd in TEXT and re.match(r"\\[A-Za-z]+\{\s+\(", source[t.start:t.end]) is not None


_CITING = JUSTIFYING | {"dfn", "defn", "def", "def.", "definition", "defining"}
"""First words of a justification column's text that cite a reason (``by``, ``dfn of``): what follows is left to
:func:`_refuse_defining`."""


def _third_column(source: str, tokens: list[Tok], level: list[bool], amps: list[int]):
    """The ``&`` that opens a justification column after a relation's aligned pair, written with one ``&``
    (``&\\le p \\ln n &\\text{these terms dominate}``, ``&\\le x &(\\text{dfn of } \\delta)``; the ``&`` beside the
    relation was taken off by :func:`.conditions.alignment`), or None.  Only when the formula
    before it holds a relation and the column is text, or one parenthesised group, with no relation, limit or
    operator anywhere in it (``x &= 1 & y &= 2``, a second pair, and ``a & = & b``, eqnarray's, are not such columns);
    one that states something of the formula is refused (:func:`_refuse_stating`: ``& \\text{w.h.p.}``)."""
    if not amps:
        return None
    k = amps[-1]
    if k and tokens[k - 1].kind == "AMP":   # && kept as a condition column (\text{if } x > 0): not a third column
        return None
    formula, column = range(k), [t for t in tokens[k + 1:] if t.kind != "GAP"]
    if not column or not any(level[j] and _relation(tokens[j]) for j in formula):
        return None
    if not (column[0].kind == "WORD" and column[0].cmd in TEXT or parenthesised(column, 2)):
        return None
    if any(t.kind in _GOES_ON or _relation(t) or (t.kind == "CMD" and t.text in STATING) for t in column):
        fail(source, column[0].start, column[-1].end, "a third column of text or in parentheses that holds a relation "
             "or an operator (&(\\sqrt{n/p} \\le n)): a condition of the formula, a fact used, or a second pair? "
             "Quote the formula without it, or write the condition after \\text{for }")
    return k


def _refuse_stating(source: str, column: list[Tok]) -> None:
    """Refuse a justification column that states something of the formula, dropped it would be lost: a limit or an
    arrow (``&& \\text{as } n \\to \\infty``), a qualifier (``&& \\text{w.h.p.}``, ``&& \\text{(approximately)}``,
    ``&& \\text{(mod } p)``), a condition that is not one keyword and a formula (``&& \\text{if } n \\text{ odd}``,
    ``&& \\text{otherwise}``, ``&& \\text{with probability } 1 - \\delta``), a relation in parentheses (``&& (x + z \\ge
    0)``: a condition, or a fact used?), or a next row the column runs into (``&& \\text{(by A)} \\\\ + c``).  A column
    opened by a word citing a reason (``by``, ``using``, ``since`` ...) and stating no condition in its words is left to
    :func:`_refuse_defining`."""
    first = column[0]
    word = column[1] if first.kind == "LPAREN" and len(column) > 1 else first
    opening = _first(word.text.strip().lower().lstrip("(")) if word.kind == "WORD" else ""
    cites = (opening in _CITING and opening != "as") or keyword(word) == "since"
    why = ""
    if any(t.kind == "NEWROW" for t in column):
        why = "a justification column the next row runs into: the row's formula goes on after it"
    elif _arrow(column):
        why = "a limit or an arrow in the justification column: a condition of the formula, lost if dropped"
    elif opening in QUALIFYING or opening in ("otherwise", "w.p.") or \
            (keyword(word) not in ("", "where") and not cites):
        why = "a qualifier or a condition in the justification column: part of what the formula states"
    elif any(_CONDITIONING.search(" " + t.text.lower() + " ") for t in column if t.kind == "WORD"):
        why = "a condition or a qualifier inside the justification column (by (3), for all n ...): part of what the " \
              "formula states"
    elif not cites and not _substitution(column) and any((_relation(t) and t.text != r"\sim") or
                                                         (t.kind == "CMD" and t.text == r"\forall") for t in column):
        # \text{expectation over } Y \sim L names a law; \text{substituting } r = bz names a new variable
        why = "a relation in the justification column with no word citing it: a condition of the formula, or a " \
              "fact used?"
    if why:
        fail(source, column[0].start, column[-1].end, why + "; write the condition after \\text{for } or \\text{if }, "
             "or quote the formula without the column")


_CONDITIONING = re.compile(r"[\s(,;](?:if|for|when|whenever|provided|assuming|unless|otherwise|w\.?h\.?p\.?|a\.s\.|"
                          r"with probability|almost surely|in distribution|in probability|approximately|as long as|"
                          r"large|small|sufficiently)(?=[\s),;.]|$)")
"""Words that make a justification state a condition or a qualifier wherever they stand in it (``\\text{by (3), for all
} n``, ``\\text{using Lemma 1 with probability } 1 - \\delta``, ``(}n\\text{ large)``)."""


def _substitution(column: list[Tok]) -> bool:
    """The column's one relation is ``=`` with a name alone on its left (``\\text{substitution } r = bz``): a new
    variable named (one the formula uses was refused by :func:`_refuse_defining`), no condition."""
    rels = [j for j, t in enumerate(column) if _relation(t)]
    if len(rels) != 1 or column[rels[0]].text != "=" or rels[0] == 0:
        return False
    left = [t for t in column[:rels[0]] if t.kind != "WORD"]
    return len(left) == 1 and left[0].kind == "NAME"


def _arrow(column: list[Tok]) -> bool:
    """An arrow (``n \\to \\infty``) outside every subscript: the one of ``\\lim_{u \\to 0}`` names the limit's
    variable."""
    scripts, depth = [], 0
    for j, t in enumerate(column):
        if t.kind == "LBRACE":
            depth += 1
            if j and column[j - 1].kind == "SUB":
                scripts.append(depth)
        elif t.kind == "RBRACE":
            if scripts and scripts[-1] == depth:
                scripts.pop()
            depth -= 1
        elif t.kind == "CMD" and t.text in _ARROWS and not scripts:
            return True
    return False


def _relation(t: Tok) -> bool:
    return t.kind in RELATION_KINDS or (t.kind == "CMD" and t.text in RELATION_COMMANDS)


def _refuse_defining(source: str, formula: list[Tok], remark: list[Tok]) -> None:
    """Refuse a justification or remark, about to be dropped, that defines or constrains a name the formula uses:
    dropped, the name would read as a quantity of its own (``... \\ln(1 + u) && \\text{defining } u = \\epsilon / x``:
    u free of the limit's variable it stands for); kept, it is a definition, not a condition.  Only the paper's words
    say how to read it.  Caught in any spelling: a name of the formula (compared as the reader normalises names:
    ``x_{A}`` is ``x_A``, ``\\hat{x}`` is ``x_hat``, ``x'`` stays primed) that is a whole side of a relation of the
    remark (``u = ...``, ``(u = ...)``, ``... = z``, ``a = x = 2``, ``:=``, ``\\doteq``, ``\\equiv``,
    ``\\overset{\\text{def}}{=}``),
    a call ``f(x)`` of a function the formula calls, as a side (``\\text{using } f(x) = x^2`` beside ``f(x) + 1``), or a
    name the remark's words define (``u \\text{ as }``, ``\\text{where } z \\text{ is }``, ``\\text{ for } z``,
    ``\\text{with } x``).  A side that is the value of a function the remark defines (``\\text{using } f(x) = c``, f not
    in the formula) defines f, not c.  The constants ``e`` and ``\\pi`` are never defined so (``\\ln(e) &&
    \\text{since } e = \\lim ...`` recalls a fact); a remark that only mentions the formula's names (``\\text{since }
    (x + \\epsilon)^2 = x^2 + 2x\\epsilon + \\epsilon^2``, ``\\text{taking } g(x) \\text{ out since it does not depend
    on } \\epsilon``) or names nothing of it (``\\text{by Jensen's inequality}``) is dropped."""
    formula, remark = decorate(formula), _relations(decorate(remark))
    names = {n for k in range(len(formula)) for n in [_name_at(formula, k)[0]] if n}
    called = {n for k, t in enumerate(formula) for n, end in [_name_at(formula, k)]
              if n and end < len(formula) and formula[end].kind == "LPAREN"}
    for side, other, before, after in _sides(remark):
        name = _whole_name(side)
        call = _bare_call(side)
        defined = name in names and name not in _CONSTANTS and not (
            _bare_call(other) is not None and _bare_call(other) not in called)
        if (defined or (call is not None and call in called)) and (other is not None or _defining(before, after)):
            fail(source, side[0].start, remark[-1].end, f"{source[side[0].start:side[-1].end]} defined or constrained "
                 "in a justification or remark while the formula uses it: a name of its own, or the expression the "
                 "remark gives it? State the definition as its own row, or substitute it")


_CONSTANTS = frozenset({"e", r"\pi"})
_RELATIONS = RELATION_COMMANDS | {r"\doteq", r"\coloneqq", r"\triangleq", r"\eqqcolon", r"\defeq"}
DEFINING = frozenset("as is be are for denote denotes denoting define defines defining defined let set setting where "
                     "call called calling stand stands equal equals substitute substituting replace replacing put "
                     "putting with write writing".split())
"""Words that, next to a name, define it (``u \\text{ as } ...``, ``\\text{where } z \\text{ is } ...``,
``\\text{ for } z``)."""


def _relations(tokens: list[Tok]) -> list[Tok]:
    """``tokens`` with ``\\overset{...}{=}``, ``\\stackrel{...}{=}`` (a relation with a note over it) as that
    relation."""
    out, k = [], 0
    while k < len(tokens):
        t = tokens[k]
        if t.kind == "CMD" and t.text in (r"\overset", r"\stackrel"):
            first = after_argument(tokens, k + 1)
            second = after_argument(tokens, first)
            rel = next((u for u in tokens[first:second] if u.kind in RELATION_KINDS), None)
            if rel is not None:
                out.append(replace(rel, start=t.start, end=tokens[second - 1].end))
                k = second
                continue
        out.append(t)
        k += 1
    return out


def _sides(remark: list[Tok]):
    """Each stretch of math between the remark's words, commas and relations: (its tokens, the stretch across the
    relation next to it or None, the word before it, the word after it)."""
    cuts = [k for k, t in enumerate(remark) if _is_relation(t) or t.kind in ("WORD", "COMMA", "SEMI", "GAP", "AMP")]
    bounds = [-1] + cuts + [len(remark)]
    parts = [(remark[a + 1:b], remark[a] if a >= 0 else None, remark[b] if b < len(remark) else None)
             for a, b in zip(bounds, bounds[1:])]
    for k, (side, left, right) in enumerate(parts):
        side = _stripped(side)
        if not side:
            continue
        other = None
        if right is not None and _is_relation(right) and k + 1 < len(parts):
            other = _stripped(parts[k + 1][0])
        elif left is not None and _is_relation(left) and k:
            other = _stripped(parts[k - 1][0])
        yield side, other, left, right


def _is_relation(t: Tok) -> bool:
    return t.kind in RELATION_KINDS or (t.kind == "CMD" and t.text in _RELATIONS)


def _stripped(side: list[Tok]) -> list[Tok]:
    """``side`` without the brackets that enclose all of it (``(u``, ``u)``, ``{x}``, ``\\left( u \\right)``)."""
    while side and side[0].kind in ("LPAREN", "LBRACE", "LBRACK") and not any(
            t.kind in ("RPAREN", "RBRACE", "RBRACK") for t in side[1:-1]):
        side = side[1:-1] if side[-1].kind in ("RPAREN", "RBRACE", "RBRACK") else side[1:]
    while side and side[-1].kind in ("RPAREN", "RBRACE", "RBRACK") and not any(
            t.kind in ("LPAREN", "LBRACE", "LBRACK") for t in side):
        side = side[:-1]
    return side


def _name_at(tokens: list[Tok], k: int) -> tuple:
    """The name written at ``tokens[k]`` as the reader normalises it (``x_{A}`` and ``x_A`` are x_A, ``x'`` primed) and
    the index after it; (None, k) if no name starts there."""
    t = tokens[k]
    if not (t.kind == "NAME" or (t.kind == "WORD" and t.cmd in NAME_WORDS and t.text.strip().isidentifier())):
        return None, k
    name, end = t.text.strip(), k + 1
    if k and tokens[k - 1].kind in ("SUB", "SUP"):
        return None, k   # a subscript's letter belongs to its name
    if end < len(tokens) and tokens[end].kind == "SUB":
        after = after_argument(tokens, end + 1)
        name += "_" + "".join(u.text.strip() for u in tokens[end + 1:after] if u.kind not in ("LBRACE", "RBRACE"))
        end = after
    while end < len(tokens) and tokens[end].kind == "PRIME":
        name, end = name + "'", end + 1
    return name, end


def _whole_name(side) -> str | None:
    """The name ``side`` is, whole; None if it is more."""
    if not side:
        return None
    name, end = _name_at(side, 0)
    return name if name and end == len(side) else None


def _bare_call(side):
    """The function of ``side`` when it is a call of names alone (``f(x)``, ``g(x, y)``: the form that defines f)."""
    if not side:
        return None
    name, end = _name_at(side, 0)
    if not name or end >= len(side) or side[end].kind != "LPAREN" or side[-1].kind != "RPAREN":
        return None
    inner = side[end + 1:-1]
    args = [list(g) for g in _split(inner)]
    return name if args and all(_whole_name(a) for a in args) else None


def _split(tokens: list[Tok]):
    group = []
    for t in tokens:
        if t.kind == "COMMA":
            yield group
            group = []
        else:
            group.append(t)
    yield group


def _defining(before, after) -> bool:
    """A word next to a name that defines it: the last word before it or the first after it."""
    last = before.text.strip().lower().split()[-1:] if before is not None and before.kind == "WORD" else []
    first = after.text.strip().lower().split()[:1] if after is not None and after.kind == "WORD" else []
    return bool(set(last + first) & DEFINING)


def _after_gap(source: str, tokens: list[Tok], k: int):
    """The row with the text after the wide space at ``k`` dropped (a remark) or unwrapped (a condition in
    parentheses); None to leave it to the condition split."""
    word, rest = tokens[k + 1], tokens[k + 2:]
    if word.cmd in ("ref", "eqref"):
        return tokens[:k]
    if word.cmd not in TEXT:
        return None
    text = word.text.strip().lower()
    inner = text[1:].strip() if text.startswith("(") else None
    states = any(t.kind in RELATION_KINDS or (t.kind == "CMD" and t.text in STATING) for t in rest)
    if inner is None:
        return _dropped(source, tokens, k) if _first(text) in JUSTIFYING and not keyword(word) and not states else None
    opened = replace(word, text=word.text.replace("(", "", 1))
    if states and keyword(opened):
        return tokens[:k + 1] + [opened] + _closed(source, word, rest)
    if states:
        fail(source, word.start, tokens[-1].end, "a relation in parentheses after the formula: a condition on it, or "
             "a remark? Write the condition after \\text{for } or \\text{if } without parentheses")
    if not inner and any(t.kind != "WORD" and not _marker(t) for t in rest):
        fail(source, word.start, tokens[-1].end, "math in parentheses after the formula (\\text{ (}n\\text{ large)}): "
             "a condition or a qualifier of it, or a remark? Write a condition after \\text{for } or \\text{if }")
    after = _after_closing(word, [t for t in rest if t.kind != "GAP"])
    if after:
        fail(source, word.start, after[-1].end, "a remark in parentheses inside the formula, which goes on after it: "
             "quote the formula without the remark (or put the remark at its end)")
    return _dropped(source, tokens, k, False) if not keyword(opened) and _first(inner) not in QUALIFYING else None


def _marker(t: Tok) -> bool:
    """An equation's marker in a remark's parentheses: ``(*)``, ``(\\star)``, ``(\\dagger)``, ``(3)``."""
    return t.kind in ("NUMBER", "MUL") or (t.kind == "CMD" and t.text in (r"\ast", r"\star", r"\dagger", r"\ddagger"))


def _after_closing(word: Tok, rest: list[Tok]) -> list[Tok]:
    """What follows the parenthesis that closes the remark ``word`` opens (its own text, or a later ``)`` or text
    ending with one): the formula going on after an aside."""
    if word.text.count("(") <= word.text.count(")"):
        return rest
    for j, t in enumerate(rest):
        if t.kind == "RPAREN" or (t.kind == "WORD" and t.text.count(")") > t.text.count("(")):
            return rest[j + 1:]
    return []


def _dropped(source: str, tokens: list[Tok], k: int, unclosed: bool = True) -> list[Tok]:
    """The row without the remark after the wide space at ``k``, after refusing one that names the formula's letters,
    or one the formula goes on after (``L_0 \\quad \\text{by A} + \\lambda R``: dropped, the rest would go); a remark in
    parentheses has had that checked at its closing parenthesis (``unclosed`` False)."""
    level = top_level(tokens)
    going_on = next((t for t, top in zip(tokens[k + 2:], level[k + 2:]) if top and t.kind in _GOES_ON), None) \
        if unclosed else None
    if going_on is not None:
        fail(source, tokens[k + 1].start, going_on.end, "a remark inside the formula, which goes on after it: quote "
             "the formula without the remark (or put the remark at its end)")
    _refuse_defining(source, tokens[:k], tokens[k + 1:])
    return tokens[:k]


def _first(text: str) -> str:
    """The first word of a text, whole (``as`` is not the first word of ``assume``; ``cf.``, ``a.s.`` kept whole)."""
    m = re.match(r"[a-z]+(?:\.[a-z]+)*\.?", text)
    return m.group(0) if m else ""


def _closed(source: str, word: Tok, rest: list[Tok]) -> list[Tok]:
    """``rest`` without the parenthesis that closes ``word``'s: the last token, a ``)`` or ``\\text{)}``."""
    last = rest[-1] if rest else None
    if last is not None and (last.kind == "RPAREN" or (last.kind == "WORD" and last.text.strip() == ")")):
        return rest[:-1]
    return fail(source, word.start, (last or word).end, "a condition in parentheses that the row does not close "
                "at its end: write the condition after \\text{for } or \\text{if } without parentheses")


def _pure_condition(rest: list[Tok]) -> bool:
    """A column that is a condition keyword alone (``\\text{if }``, ``\\text{for all }``) and a formula; or ``since``,
    ``assuming``, ``given`` and inequalities only (``&& \\text{since } 1 - \\varepsilon \\ge 0``): kept as the
    condition (a fact that holds everywhere narrows nothing; a hypothesis is what the author assumes), as after
    ``\\quad``."""
    first = rest[0]
    if not keyword(first) or keyword(first) not in ("if", "for", "when", "whenever", "provided", "since", "assuming",
                                                    "given"):
        return False
    if keyword(first) in ("since", "assuming", "given") and not all(
            t.kind == "IN" or t.text in ("<", ">", "<=", ">=") for t in rest[1:] if t.kind in ("REL", "IN")):
        return False   # since (x + e)^2 = x^2 + ...: a fact used, left to _refuse_defining
    extra = first.text.strip()[len(keyword(first)):].strip().lower()
    return extra in ("", "all", "any", "every", "each") and not any(t.kind == "WORD" for t in rest[1:])
