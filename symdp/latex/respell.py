"""The notation's macros expanded in a display, control symbols (``\\|``) first respelled as commands of letters,
in the text and in the macros' bodies, since the expander (:mod:`.macros`) only matches those.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .macros import Macro, expand


def expand_macros(text: str, macros) -> str:
    """``text`` with the notation's macros expanded; a control symbol (``\\|``) is first spelled, in the text
    and in the macros' bodies, as a command the expander matches (it only matches commands of letters)."""
    symbols = [name for name, _, _ in macros if not name[1:].isalpha()]
    if not symbols:
        return expand(text, macros)
    spelled = {name: "\\symdpcontrolsymbol" + "abcdefghijklmnopqrstuvwxyz"[k % 26] * (k // 26 + 1)
               for k, name in enumerate(dict.fromkeys(symbols))}
    return expand(_spell(text, spelled), [_respelled(m, spelled) for m in macros])


def _respelled(macro, spelled: dict):
    """``macro`` under the spelling of :func:`expand_macros`, its optional argument's default and starred body kept."""
    if not isinstance(macro, Macro):
        name, nargs, body = macro
        return spelled.get(name, name), nargs, _spell(body, spelled)
    star = None if macro.star is None else _spell(macro.star, spelled)
    return replace(macro, name=spelled.get(macro.name, macro.name), body=_spell(macro.body, spelled),
                   default=None if macro.default is None else _spell(macro.default, spelled), star=star)


def _spell(text: str, spelled: dict) -> str:
    """``text`` with each control symbol of ``spelled`` replaced by its spelling (commands skipped whole)."""
    out, k = [], 0
    while k < len(text):
        pair = text[k:k + 2]
        if pair in spelled:
            out.append(spelled[pair] + (" " if text[k + 2:k + 3].isalpha() else ""))
            k += 2
        elif text[k] == "\\":
            m = re.match(r"\\[A-Za-z]+|\\.?", text[k:], re.S)
            out.append(m.group(0))
            k += len(m.group(0))
        else:
            out.append(text[k])
            k += 1
    return "".join(out)
