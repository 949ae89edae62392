"""Superscripts that are no powers, however the grammar would read them.

- ``\\sigma^{\\text{DP}}``, ``p^\\mathrm{old}``, ``\\varepsilon^{\\rm e}``: an upright word or letter labels the name
  (the sigma of the DP run, a strain's elastic part), it does not raise it to a power named DP (``x^{\\mathrm{T}}``
  is left to the transpose's own refusal);
- ``\\theta^{(k-1)}``, ``f^{(k)}``, ``W^{[l]}``, ``X^{\\{t\\}}``: a superscript in parentheses or brackets on a name is
  the iterate, the layer, the term or the derivative of that order, never a power (``e^{(x - \\mu)}`` and ``2^{(n)}``
  are powers: e is Euler's number);
- ``{2\\sigma}^2``: TeX's braces do not print, so the page shows 2 sigma squared, while the group raises (2 sigma) to
  the square; a reader and TeX disagree, so the display is refused (``{-x}^2`` too; ``{x_i}^2`` and ``{(a + b)}^2``
  read as they print).

A superscript on the display's defined side (``\\theta^{(k)} = ...``) names what is defined and is left to
:mod:`.sides`.
"""
from __future__ import annotations

from .groups import parenthesised
from .lexer import ARGUMENT_BEFORE, Tok, fail, opening_brace
from .names import DECORATIONS
from .notation import OPERATORS
from .resolve import UPRIGHT

_UPRIGHT = UPRIGHT + ("mbox", "textit", "mathit", "mathsf", "textsf", "textbf", "textnormal", "mathbf")
"""The fonts of a word that labels (the upright ones, and the others a label is set in)."""
_OPERAND = ("NAME", "NUMBER", "CMD", "FRAC", "SQRT", "WORD", "LPAREN")


def refuse_label_powers(source: str, raw: list[Tok], defined_end: int = 0) -> None:
    """Refuse the superscripts above (``raw``: the display's tokens) after ``defined_end``."""
    for k, t in enumerate(raw):
        if t.kind != "SUP" or t.start < defined_end or k + 1 >= len(raw):
            continue
        inner = _group(raw, k + 1) if raw[k + 1].kind == "LBRACE" else [raw[k + 1]]
        last = inner[-1] if inner else raw[k + 1]
        base = raw[k - 1] if k else None
        power_of = base is not None and (base.kind == "NUMBER" or (base.kind == "NAME" and base.text == "e"))
        word = inner[0].text.strip() if len(inner) == 1 and inner[0].kind == "WORD" and inner[0].cmd in _UPRIGHT \
            else ""
        if word and word != "T" and (len(word) > 1 or not power_of):
            fail(source, base.start if base else t.start, last.end, "an upright word or letter as a superscript "
                 "labels the name (the sigma of a DP run, the elastic part of a strain), it is no power; write the "
                 "label as a subscript, or declare the name")
        if base is not None and not power_of and _grouped(inner):
            fail(source, base.start, last.end, "a superscript in parentheses or brackets (\\theta^{(k)}, f^{(n)}, "
                 "W^{[l]}): the iterate, layer, term or derivative of that order, not a power; declare the name in "
                 "the notation")
        if k and raw[k - 1].kind == "RBRACE":
            _refuse_printed_product(source, raw, k - 1)


def _group(raw: list[Tok], k: int) -> list[Tok]:
    """The tokens inside the brace group opening at ``raw[k]``."""
    depth = 0
    for j in range(k, len(raw)):
        depth += (raw[j].kind == "LBRACE") - (raw[j].kind == "RBRACE")
        if depth == 0:
            return raw[k + 1:j]
    return raw[k + 1:]


def _grouped(inner: list[Tok]) -> bool:
    """The whole script is one or more parenthesised, bracketed or braced-set groups: ``(k)``, ``[l]``, ``\\{t\\}``,
    ``[l](i)``."""
    opens, closes = ("LPAREN", "LBRACK", "LSET"), ("RPAREN", "RBRACK", "RSET")
    if not inner or inner[0].kind not in opens or inner[-1].kind not in closes:
        return False
    depth = 0
    for j, t in enumerate(inner):
        depth += (t.kind in opens) - (t.kind in closes)
        if depth == 0 and j < len(inner) - 1 and inner[j + 1].kind not in opens:
            return False
    return depth == 0


def _refuse_printed_product(source: str, raw: list[Tok], close: int) -> None:
    """``{2\\sigma}^2``: a bare brace group of two or more factors or terms, then a power."""
    k = opening_brace(raw, close)
    if k < 0 or (k > 0 and raw[k - 1].kind in ARGUMENT_BEFORE and not _third(raw, k - 1)
                 and raw[k - 1].text not in OPERATORS):   # \log {2\sigma}^2: no argument, the braces print nothing
        return
    inner = raw[k + 1:close]
    if parenthesised(inner) or _operands(inner) + (bool(inner) and inner[0].kind == "MINUS") < 2:
        return
    fail(source, raw[k].start, raw[close + 1].end if close + 1 < len(raw) else raw[close].end,
         "a power after braces around a product: the braces do not print, so the page shows the last factor raised "
         "({2\\sigma}^2 prints 2 sigma squared) while TeX raises the group ((2 sigma) squared); write the parentheses "
         "meant")


def _third(raw: list[Tok], close: int) -> bool:
    """``raw[close]`` (a ``}``) ends a group that is no first argument of a two-argument command: the group after
    it is bare (``\\frac{1}{2}{\\sigma t}^2``), not ``\\frac``'s second argument."""
    if raw[close].kind != "RBRACE":
        return False
    k = opening_brace(raw, close)
    return not (k > 0 and raw[k - 1].kind in ("FRAC", "BINOM"))


def _operands(inner: list[Tok]) -> int:
    """How many operands stand side by side or across signs at the top of ``inner`` (a script's own tokens, a
    decoration's letter and a nested group's content not counted)."""
    count, depth = 0, 0
    for j, t in enumerate(inner):
        before = inner[j - 1] if j else None
        if depth == 0 and t.kind in _OPERAND and not (before is not None and before.kind in ("SUB", "SUP")) \
                and not (before is not None and before.kind == "CMD" and before.text.lstrip("\\") in DECORATIONS) \
                and not (t.kind == "CMD" and t.text.lstrip("\\") in DECORATIONS):
            count += 1
        depth += (t.kind in ("LBRACE", "LPAREN", "LBRACK")) - (t.kind in ("RBRACE", "RPAREN", "RBRACK"))
    return count
