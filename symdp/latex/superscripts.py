"""Superscripts that are no powers, however the grammar would read them.

- ``\\sigma^{\\text{DP}}``, ``p^\\mathrm{old}``: an upright word labels the name (the sigma of the DP run), it does not
  raise it to a power named DP;
- ``\\theta^{(k-1)}``, ``f^{(k)}``: a superscript in parentheses on a name is the iterate, the term or the derivative of
  that order, never a power (``e^{(x - \\mu)}`` is a power: e is Euler's number);
- ``{2\\sigma}^2``: TeX's braces do not print, so the page shows 2 sigma squared, while the group raises (2 sigma) to
  the square; a reader and TeX disagree, so the display is refused (``{x_i}^2`` and ``{(a + b)}^2`` read as they
  print).

A superscript on the display's defined side (``\\theta^{(k)} = ...``) names what is defined and is left to
:mod:`.sides`.
"""
from __future__ import annotations

from .lexer import Tok, fail
from .names import DECORATIONS

_UPRIGHT = ("mathrm", "rm", "text", "textrm", "operatorname", "mathup", "mbox", "textit", "mathit", "mathsf", "textsf")
_ARGUMENT = ("SUP", "SUB", "FRAC", "SQRT", "CMD", "WORD", "RBRACE", "RBRACK", "BINOM")
"""Tokens after which a brace group is a command's or a script's argument, not a bare group."""
_OPERAND = ("NAME", "NUMBER", "CMD", "FRAC", "SQRT", "WORD", "LPAREN")


def refuse_label_powers(source: str, raw: list[Tok], defined_end: int = 0) -> None:
    """Refuse the superscripts above (``raw``: the display's tokens) after ``defined_end``."""
    for k, t in enumerate(raw):
        if t.kind != "SUP" or t.start < defined_end or k + 1 >= len(raw):
            continue
        inner = _group(raw, k + 1) if raw[k + 1].kind == "LBRACE" else [raw[k + 1]]
        last = inner[-1] if inner else raw[k + 1]
        if len(inner) == 1 and inner[0].kind == "WORD" and inner[0].cmd in _UPRIGHT and len(inner[0].text.strip()) > 1:
            fail(source, raw[k - 1].start if k else t.start, last.end, "an upright word as a superscript labels the "
                 "name (the sigma of a DP run), it is no power; write the label as a subscript, or declare the name")
        if k and raw[k - 1].kind == "NAME" and raw[k - 1].text != "e" and _parenthesised(inner):
            fail(source, raw[k - 1].start, last.end, "a superscript in parentheses on a name (\\theta^{(k)}, f^{(n)}): "
                 "the iterate, term or derivative of that order, not a power; declare the name in the notation")
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


def _parenthesised(inner: list[Tok]) -> bool:
    """The whole script is one parenthesised group: ``(k)``, ``(k-1)``."""
    if len(inner) < 3 or inner[0].kind != "LPAREN" or inner[-1].kind != "RPAREN":
        return False
    depth = 0
    for j, t in enumerate(inner):
        depth += (t.kind == "LPAREN") - (t.kind == "RPAREN")
        if depth == 0 and j < len(inner) - 1:
            return False
    return True


def _refuse_printed_product(source: str, raw: list[Tok], close: int) -> None:
    """``{2\\sigma}^2``: a bare brace group of two or more factors or terms, then a power."""
    depth, k = 0, close
    while k >= 0:
        depth += (raw[k].kind == "RBRACE") - (raw[k].kind == "LBRACE")
        if depth == 0:
            break
        k -= 1
    if k <= 0 or raw[k - 1].kind in _ARGUMENT:
        return
    inner = raw[k + 1:close]
    if _parenthesised(inner) or _operands(inner) < 2:
        return
    fail(source, raw[k].start, raw[close + 1].end if close + 1 < len(raw) else raw[close].end,
         "a power after braces around a product: the braces do not print, so the page shows the last factor raised "
         "({2\\sigma}^2 prints 2 sigma squared) while TeX raises the group ((2 sigma) squared); write the parentheses "
         "meant")


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
