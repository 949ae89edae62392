"""Writes ``implies.json``: every ``implies`` query's maps, precomputed with SymPy, for the calculator.

    python -m symdp.notions.tabulate          # rewrites symdp/notions/implies.json

For each ordered pair of notions with a chain between them: the parameters the
chains use, the full answer without values (text and JSON: the simplified maps,
which chain is best and how that was decided), and for each conclusion its
chain, conditions, expression (text and LaTeX) and the mpmath source SymPy's
``lambdify`` compiles it to, with where each name it calls comes from.
:mod:`symdp.notions.answers` answers from this file without importing SymPy;
the fingerprint of the registry (edges, maps, conditions) makes a stale file
an error (``tests/notions/test_answers.py``).
"""
from __future__ import annotations

import hashlib
import inspect
import json
import sys
from pathlib import Path

import mpmath as mp
import sympy as sp

from ..engine.sampling import numeric as num
from ..special_mp import MPMATH_NAMESPACE
from . import graph
from .registry import IMPLICATIONS, NOTIONS

PATH = Path(__file__).with_name("implies.json")


def fingerprint() -> str:
    """SHA-256 of what the answers depend on: notions' parameters, edges, their maps and conditions."""
    parts = [f"{n.id}:{sp.srepr(n.parameter)}" for n in NOTIONS.values()]
    parts += [f"{e.id}:{e.source}:{e.target}:{sp.srepr(e.map)}:{e.conditions!r}"
              for e in sorted(IMPLICATIONS.values(), key=lambda e: e.id)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def conclusion_json(c) -> dict:
    """A conclusion as the calculator's --json shows it."""
    return {"parameter": float(c.value) if c.value is not None else str(c.expression),
            "expression": sp.latex(c.expression), "chain": list(c.chain), "conditions": list(c.conditions)}


def answer_json(a) -> dict:
    return {"from": a.source, "to": a.target, **conclusion_json(a.best), "comparison": a.comparison,
            "alternatives": [conclusion_json(c) for c in a.alternatives]}


def answer_text(a) -> str:
    def line(c):
        val = f" = {c.value}" if c.value is not None else ""
        cond = f"; needs: {'; '.join(c.conditions)}" if c.conditions else ""
        return f"{a.target} with {NOTIONS[a.target].parameter} = {c.expression}{val} via {' -> '.join(c.chain)}{cond}"
    out = [f"{a.source} implies {line(a.best)}", f"  (best: {a.comparison})"]
    out += [f"  also: {line(c)}" for c in a.alternatives]
    return "\n".join(out)


def _code(expr) -> dict:
    """The mpmath function of ``expr`` (its symbols sorted by name), as source and the names it calls."""
    syms = tuple(sorted(expr.free_symbols, key=str))
    fn = num.compile_expr(expr, syms).fn
    names = {}
    for name in fn.__code__.co_names:
        value = fn.__globals__.get(name)
        if value is not None and MPMATH_NAMESPACE.get(name) is value:
            names[name] = "special_mp"
        elif value is not None and getattr(mp, name, None) is value:
            names[name] = "mpmath"
        else:
            raise ValueError(f"{name!r} in the compiled form of {expr} is neither mpmath's nor special_mp's")
    return {"symbols": [str(s) for s in syms], "source": inspect.getsource(fn), "names": names}


def _pair(source: str, target: str, paths) -> dict:
    used = sorted({str(s) for p in paths for s in graph.compose(p).free_symbols})
    conclusions = [graph.conclude(p, {}) for p in paths]
    answer = graph.implies(source, target, {})
    return {"used": used, "text": answer_text(answer), "json": answer_json(answer),
            "conclusions": [{"chain": list(c.chain), "conditions": list(c.conditions), "expression": str(c.expression),
                             "latex": sp.latex(c.expression), **_code(c.expression)} for c in conclusions]}


def table() -> dict:
    plain, memo = graph.conclude, {}

    def conclude(path, values):   # each chain simplified once: implies() asks again for the same chains
        key = tuple(e.id for e in path)
        if values or key not in memo:
            return plain(path, values) if values else memo.setdefault(key, plain(path, values))
        return memo[key]
    graph.conclude = conclude
    try:
        return _table()
    finally:
        graph.conclude = plain


def _table() -> dict:
    pairs = {}
    for s in sorted(NOTIONS):
        for t in sorted(NOTIONS):
            paths = graph.chains(s, t) if s != t else []
            if paths:
                pairs[f"{s} {t}"] = _pair(s, t, paths)
    return {"fingerprint": fingerprint(), "parameters": {n.id: str(n.parameter) for n in NOTIONS.values()},
            "pairs": pairs}


def main() -> int:
    PATH.write_text(json.dumps(table(), indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
