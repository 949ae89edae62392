"""The domain of a row of ``symdp paper --standalone``: where each of its symbols ranges.

Narrowest first: the interval a ``--domain`` option gives, the display's side conditions (``\\quad \\mu > 0``), the
symbol's assumptions (symdp's ``\\mu`` is positive). An end the paper states is the paper's, also where it lies
beyond the assumption (``\\quad \\varepsilon \\ge 0``, ``-1 \\le \\mu \\le 1``: :func:`completed`); the assumption
gives only the ends the paper leaves unsaid (``\\quad \\varepsilon \\le 1``: ``(0, 1]``). A row whose symbols have no
such interval is skipped (:class:`Skip`, with the sentence the listing shows), never guessed at.
"""
from __future__ import annotations

import re

import sympy as sp

from .engine.model import domain as dom
from .errors import SymdpError
from . import symbols as symdp_symbols
from .symbols import LATEX_NAMES


_NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|oo)"
_DOMAIN = re.compile(rf"\s*(\\?[A-Za-z][A-Za-z0-9_]*)\s*=\s*([(\[])\s*({_NUM})\s*,\s*({_NUM})\s*([)\]])\s*")
DOMAIN_FORM = 'NAME=(LO,HI) with ( or [ and ) or ], ends numbers or inf, e.g. "mu=(0,10)" or "delta=(0,1e-3]"'


def _end(text: str) -> sp.Expr:
    if text.lstrip("+-") in ("inf", "oo"):
        return -sp.oo if text.startswith("-") else sp.oo
    return sp.Rational(text)


def parse_domain(text: str) -> tuple[str, sp.Interval]:
    """``"mu=(0,10)"`` as ("mu", Interval.open(0, 10)); read by a pattern, never evaluated."""
    m = _DOMAIN.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise SymdpError("--domain", text, DOMAIN_FORM)
    name, left, lo, hi, right = m.groups()
    lo, hi = _end(lo), _end(hi)
    if not lo < hi:
        raise SymdpError("--domain", text, "an interval whose lower end is below its upper end")
    if (left == "[" and lo.is_infinite) or (right == "]" and hi.is_infinite):
        raise SymdpError("--domain", text, "an open end at infinity: ( -inf or inf )")
    return name.lstrip("\\"), sp.Interval(lo, hi, left == "(", right == ")")


def spellings(s: sp.Symbol) -> set:
    """What a ``--domain`` may call ``s``: its name, its LaTeX name with or without the backslash, and its
    name in :mod:`symdp.symbols` (``eps`` for epsilon)."""
    tex = LATEX_NAMES.get(s, "")
    python = {name for name, value in vars(symdp_symbols).items()   # ==, never `is`: SymPy's cache may make a twin
              if isinstance(value, sp.Symbol) and value == s and not name.startswith("_")}
    return {s.name, tex, tex.lstrip("\\"), *python} - {""}


class Skip(Exception):
    """A row that is not checked, and why (a sentence for the listing)."""


def _as_interval(cond, out: dict, said: dict | None = None) -> None:
    """Narrow ``out`` ({symbol: interval}) by one side condition, or Skip naming it; ``said`` ({symbol: (lower,
    upper)}) records which ends a condition states (``x \\in \\mathbb{R}`` both, ``x \\ge 0`` the lower)."""
    if cond is sp.true:
        return
    if cond is sp.false:
        raise Skip("its side condition is false for every value the symbols allow")
    if isinstance(cond, sp.And):
        for part in cond.args:
            _as_interval(part, out, said)
        return
    if isinstance(cond, sp.Contains) and isinstance(cond.args[0], sp.Symbol) and isinstance(cond.args[1], sp.Interval):
        _narrow(out, cond.args[0], cond.args[1], cond, said, (True, True))
        return
    if isinstance(cond, (sp.StrictLessThan, sp.LessThan, sp.StrictGreaterThan, sp.GreaterThan)):
        small, large = (cond.lhs, cond.rhs) if isinstance(cond, (sp.StrictLessThan, sp.LessThan)) else \
            (cond.rhs, cond.lhs)
        strict = isinstance(cond, (sp.StrictLessThan, sp.StrictGreaterThan))
        if isinstance(large, sp.Symbol) and large not in small.free_symbols:
            _narrow(out, large, sp.Interval(small, sp.oo, strict, True), cond, said, (True, False))
            return
        if isinstance(small, sp.Symbol) and small not in large.free_symbols:
            _narrow(out, small, sp.Interval(-sp.oo, large, True, strict), cond, said, (False, True))
            return
    raise Skip(f"its side condition {sp.sstr(cond)} is not an interval of one symbol")


def _end_of(a, a_open, b, b_open, lower: bool):
    """The tighter of two ends (the larger lower end, the smaller upper end), or None when SymPy cannot
    order them (ends in other symbols: ``rho <= log(1/delta)`` against ``rho < oo`` is ordered)."""
    if a == b:
        return a, a_open or b_open
    loose = -sp.oo if lower else sp.oo
    if loose in (a, b):
        return (b, b_open) if a == loose else (a, a_open)
    first = (a - b).is_extended_positive if lower else (a - b).is_extended_negative
    if first is None:
        return None
    return (a, a_open) if first else (b, b_open)


def meet(a: sp.Interval, b: sp.Interval) -> sp.Interval | None:
    """The intersection of two intervals (ends may hold other symbols), or None when it is not one."""
    lo = _end_of(a.start, a.left_open, b.start, b.left_open, True)
    hi = _end_of(a.end, a.right_open, b.end, b.right_open, False)
    if lo is None or hi is None:
        return None
    both = sp.Interval(lo[0], hi[0], lo[1], hi[1])
    return both if isinstance(both, sp.Interval) else None   # empty, or one point: no interval to range over


def _narrow(out: dict, s: sp.Symbol, iv: sp.Interval, cond, said=None, sides=(False, False)) -> None:
    both = iv if s not in out else meet(out[s], iv)
    if both is None:
        raise Skip(f"its side conditions on {s} ({sp.sstr(cond)}) do not make one interval")
    out[s] = both
    if said is not None:
        lower, upper = said.get(s, (False, False))
        said[s] = (lower or sides[0], upper or sides[1])


def domain_of(symbols, conditions, given: dict) -> tuple[dict, dict]:
    """({symbol: interval}, {non-real symbol: its real stand-in}) for the relation's symbols, or Skip."""
    found: dict = {}
    for cond in conditions:
        _as_interval(cond, found)
    out, real = {}, {}
    for s in sorted(_closure(symbols, found), key=str):
        iv = next((iv for name, iv in given.items() if name in spellings(s)), None)
        if s in found:
            iv = found[s] if iv is None else meet(iv, found[s])
            if iv is None:
                raise Skip(f"--domain and the side conditions on {s} do not make one interval")
        if iv is None and not s.is_real:
            raise Skip(f"no domain for {s}: give one with --domain \"{s}=(LO,HI)\"")
        if not s.is_real:
            real[s] = sp.Symbol(s.name, real=True)
        iv = dom.assumed(s) if iv is None else meet(dom.assumed(s), iv) if s.is_real else iv
        if iv is None:
            allowed = interval_text(dom.assumed(s))
            raise Skip(f"the interval of {s} does not meet what its assumptions allow ({allowed})")
        out[real.get(s, s)] = iv
    return {s: iv.subs(real) for s, iv in out.items()}, real


def _closure(symbols, found: dict) -> set:
    """The relation's symbols and those the ends of their intervals use (``rho <= log(1/delta)``: delta)."""
    out, todo = set(), set(symbols)
    while todo:
        s = todo.pop()
        out.add(s)
        todo |= (found[s].free_symbols if s in found else set()) - out
    return out


def interval_text(iv: sp.Interval) -> str:
    """``(0, oo)``, ``[0, 1]``: an interval as a reader writes it."""
    return f"{'(' if iv.left_open else '['}{sp.sstr(iv.start)}, {sp.sstr(iv.end)}{')' if iv.right_open else ']'}"


def stated(conditions, given: dict, spelled: dict) -> dict:
    """{symbol name: (the interval the side conditions and the ``--domain`` options state, (lower end stated, upper
    end stated))}; ``spelled[name]``: the names a ``--domain`` may use for it (a ``--domain`` states both ends)."""
    found, said = {}, {}
    for cond in conditions:
        _as_interval(cond, found, said)
    out = {s.name: (iv, said.get(s, (False, False))) for s, iv in found.items()}
    for key, iv in given.items():
        for name in [n for n in set(out) | set(spelled) if key in spelled.get(n, {n})]:
            both = iv if name not in out else meet(out[name][0], iv)
            if both is None:
                raise Skip(f"--domain and the side conditions on {name} do not make one interval")
            out[name] = (both, (True, True))
    return out


def completed(said: tuple, assumed: sp.Interval) -> sp.Interval:
    """The paper's interval (``said``: the interval and which of its ends the paper states) with each end it leaves
    unsaid taken from the assumption; the paper's alone when that leaves no interval (``\\mu < 0`` with symdp's
    positive mu: the paper's mu is no such symbol)."""
    iv, (lower, upper) = said
    lo, lo_open = (iv.start, iv.left_open) if lower else (assumed.start, assumed.left_open)
    hi, hi_open = (iv.end, iv.right_open) if upper else (assumed.end, assumed.right_open)
    both = sp.Interval(lo, hi, lo_open, hi_open)
    return both if isinstance(both, sp.Interval) else iv   # \mu < 0 against a positive mu: the paper's alone


def beyond(said: tuple, assumed: sp.Interval) -> bool:
    """Whether the paper's interval, completed, reaches outside the assumption (known to; unknown is no)."""
    return completed(said, assumed).is_subset(assumed) is False
