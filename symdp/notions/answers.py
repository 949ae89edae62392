"""``symdp notions implies`` without SymPy: the answers of :func:`symdp.notions.graph.implies` from ``implies.json``.

The maps, their simplification and the comparisons that need a proof are
precomputed by :mod:`symdp.notions.tabulate`; what depends on the values
(each chain's number, which is smaller) is computed here with the same
evaluation (:func:`symdp.notions.values.settle`), so the output is the one
the SymPy path prints, byte for byte (``tests/notions/test_answers.py``).
A query this file cannot answer alone (an error, or values for only some of
the chains) returns None, and the caller asks :mod:`symdp.notions.graph`.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

import mpmath as mp
from mpmath import libmp

from .. import special_mp
from .values import COMPLEX, DIGITS, NotComputable, check_values, settle

PATH = Path(__file__).with_name("implies.json")
_PREC = libmp.dps_to_prec(DIGITS)      # the bits of a SymPy Float with DIGITS digits


@functools.lru_cache(maxsize=1)
def _table() -> dict:
    return json.loads(PATH.read_text())


@dataclass(frozen=True)
class Reply:
    """An answer as the calculator prints it: ``doc`` for --json (before schema_version and tools), ``text``."""

    doc: dict
    text: str


def implies(source: str, target: str, values: dict) -> Reply | None:
    """The calculator's answer for ``source`` -> ``target`` at ``values`` (name -> number), or None."""
    pair = _table()["pairs"].get(f"{source} {target}") if isinstance(source, str) and isinstance(target, str) else None
    if pair is None:
        return None
    values = check_values(values)
    if set(values) - set(pair["used"]):
        return None
    if not values:
        return Reply(pair["json"], pair["text"])
    if any(set(c["symbols"]) - set(values) for c in pair["conclusions"]):
        return None                    # some chain has no value: comparisons by proof (SymPy)
    return _by_value(source, target, pair["conclusions"], values)


def _by_value(source, target, conclusions, values) -> Reply | None:
    found, dropped = [], []
    for c in conclusions:
        try:
            text = settle(_compiled(c["source"], tuple(sorted(c["names"].items()))), c["symbols"], values)
        except NotComputable as exc:
            dropped.append(f"{' -> '.join(c['chain'])} ({exc})")
            continue
        if text != COMPLEX:            # a chain outside its conditions gives non-reals
            found.append((c, libmp.from_str(text, _PREC, libmp.round_nearest)))
    if not found:
        return None                    # the SymPy path raises the error
    best, how = found[0], "only one chain"
    for other in found[1:]:
        best, how = (best if libmp.mpf_le(best[1], other[1]) else other), "by value"
    if dropped:
        how += f"; {len(dropped)} chain(s) not computable at these values: {'; '.join(dropped)}"
    others = [c for c in found if c is not best]
    doc = {"from": source, "to": target, **_json(*best), "comparison": how, "alternatives": [_json(*c) for c in others]}
    param = _table()["parameters"][target]
    lines = [f"{source} implies {_line(target, param, *best)}", f"  (best: {how})"]
    return Reply(doc, "\n".join(lines + [f"  also: {_line(target, param, *c)}" for c in others]))


@functools.lru_cache(maxsize=None)
def _compiled(source: str, names: tuple):
    """The function ``lambdify`` wrote, defined again with the same mpmath and special_mp names."""
    scope = {name: getattr(mp if where == "mpmath" else special_mp, name) for name, where in names}
    exec(source, scope)                # our own precomputed source (implies.json), never user text
    return next(v for k, v in scope.items() if callable(v) and k not in dict(names))


def _json(c, value) -> dict:
    return {"parameter": libmp.to_float(_normalized(value, 53)), "expression": c["latex"], "chain": c["chain"],
            "conditions": c["conditions"]}


def _line(target, param, c, value) -> str:
    cond = f"; needs: {'; '.join(c['conditions'])}" if c["conditions"] else ""
    return f"{target} with {param} = {c['expression']} = {_float_text(value)} via {' -> '.join(c['chain'])}{cond}"


def _normalized(value, prec):
    sign, man, exp, bc = value
    return libmp.normalize(sign, man, exp, bc, prec, libmp.round_nearest) if man else value


def _float_text(value) -> str:
    """How SymPy prints a Float of DIGITS digits (``str(sympy.Float(text, DIGITS))``)."""
    text = libmp.to_str(value, libmp.prec_to_dps(_PREC), strip_zeros=False)
    if text.startswith("-.0"):
        text = "-0." + text[3:]
    elif text.startswith(".0"):
        text = "0." + text[2:]
    return text.removeprefix("+")
