"""The public Python API: ``symdp.run``, its frozen results, and their display (installed from symdp.display).

>>> import symdp
>>> result = symdp.run(my_derivation)        # a @derivation function, or a plain f(d)   # doctest: +SKIP
>>> run = symdp.run("derivations/")           # a folder or a file of derivations        # doctest: +SKIP

Results are frozen: :class:`~symdp.engine.model.records.DerivationResult` for one
function, :class:`Run` for a file or a folder.  In Jupyter both display as the
trace with statuses (``_repr_html_``: a table with the expressions typeset by
MathJax, and the figures as inline SVG; ``_repr_latex_``: a MathJax
``array``); ``repr`` is one line.  The renderers live in :mod:`symdp.display`
(re-exported here); importing this module registers them on the records.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from pathlib import Path

from .display import install as _install_display
from .display.html import figure_svg, result_html
from .display.latex import result_latex, step_latex
from .display.text import result_repr, step_repr

__all__ = ["run", "Run", "result_latex", "result_html", "step_latex", "step_repr", "result_repr", "figure_svg"]

_install_display()


# -- running ---------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """The results of running a file or a folder of derivations, in catalogue order."""

    results: tuple
    errors: tuple = ()
    """Files that did not import (:class:`~symdp.engine.model.records.ErrorReport`)."""

    @property
    def ok(self) -> bool:
        """Every claim as expected, no derivation raised, every file imported (exit code 0 of ``check``)."""
        from .engine.run.serialize import passed
        return passed(list(self.results), self.errors)

    @property
    def summary(self) -> dict:
        """Claims counted by status; ``ERROR`` also counts files that did not import and derivations that raised."""
        from .engine.run.serialize import summary
        return summary(list(self.results), self.errors)

    @property
    def claims(self) -> tuple:
        """``(derivation id, claim step)`` for every claim."""
        return tuple((r.id, c) for r in self.results for c in r.claims)

    @property
    def failed(self) -> tuple:
        """``(derivation id, claim step)`` for every claim that is not as expected."""
        return tuple((i, c) for i, c in self.claims if not c.ok)

    def __getitem__(self, key):
        if isinstance(key, int):
            return self.results[key]
        for r in self.results:
            if r.id == key:
                return r
        raise KeyError(key)

    def __iter__(self):
        return iter(self.results)

    def __len__(self):
        return len(self.results)

    def to_json(self) -> str:
        """The ``symdp check --json`` document."""
        from .engine.run.serialize import to_json
        return to_json(list(self.results), self.errors)

    def to_junit(self) -> str:
        from .engine.run.serialize import to_junit
        return to_junit(list(self.results), self.errors)

    def text(self) -> str:
        """The ``symdp check`` summary."""
        from .engine.run.serialize import to_text
        return to_text(list(self.results), self.errors)

    def __repr__(self) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in self.summary.items() if v)
        return (f"<symdp.Run {len(self.results)} derivation(s), {len(self.claims)} claim(s)"
                f"{': ' + counts if counts else ''}; {'ok' if self.ok else 'FAILED'}>")

    def _repr_html_(self) -> str:
        from .display.html import run_html
        return run_html(self)

    def _repr_latex_(self) -> str:
        from .display.latex import run_latex
        return run_latex(self)


def run(target, *ids: str, jobs: int = 1, cache: str | None = None, fresh: bool = False,
        timeout: float = 900.0, certify: bool = False):
    """Run derivations and return frozen results.

    ``target`` is a function (marked with ``@derivation``, or a plain
    ``f(d)``, which gets its name as id) -- the result is one
    :class:`~symdp.engine.model.records.DerivationResult` -- or the path of a
    derivation file or folder -- the result is a :class:`Run`; ``ids``
    selects derivations by id.  ``jobs`` worker processes (forked);
    ``cache`` a result-cache folder (none by default); ``timeout`` the
    wall-clock limit of one derivation in seconds.  Certificates
    (``<file>.proofs.json``) are replayed as ``symdp check`` does.
    """
    from .engine.run.runner import run_all, run_one
    from .errors import SymdpError
    if jobs < 1:
        raise SymdpError("jobs", jobs, "an integer >= 1")
    if timeout <= 0:
        raise SymdpError("timeout", timeout, "a number of seconds > 0")
    if callable(target) and not isinstance(target, (str, Path)):
        if ids:
            raise SymdpError("ids", ids, "no ids when running a function")
        return run_one(_spec_of(target), certify=certify, timeout=timeout)
    specs, errors = _collect(Path(target))
    from .engine.run.registry import select
    specs = select(specs, list(ids), errors)
    results = run_all(specs, jobs=jobs, cache=cache, fresh=fresh, certify=certify, timeout=timeout)
    return Run(tuple(results), tuple(errors))


def _spec_of(fn):
    from .engine.model.records import Source
    from .engine.run.registry import MARK, Spec
    mark = getattr(fn, MARK, None)
    try:
        file = inspect.getsourcefile(fn) or ""
    except TypeError:
        file = ""
    if file and not Path(file).is_file():  # a notebook cell or the REPL: no certificates, no cache
        file = ""
    root = str(Path(file).parent) if file else ""
    if mark is None:
        doc = (inspect.getdoc(fn) or "").strip().splitlines()
        mark = Spec(getattr(fn, "__name__", "derivation"), doc[0] if doc else "", Source("", ""), fn)
    return Spec(mark.id, mark.title, mark.source, fn, file, root, mark.requires)


def _collect(path: Path):
    from .engine.run.registry import collect, collect_file
    from .errors import SymdpError
    if path.is_dir():
        found = collect(path)
    elif path.is_file() and path.suffix == ".py":
        found = collect_file(path)
    else:
        raise SymdpError("target", str(path), "a derivation function, a .py file or a folder of them")
    return list(found.specs), list(found.errors)


# -- streaming and selection (``symdp check -x -k --durations``, progress lines) ----------

def iter_results(specs, jobs: int | None = None, cache: str | None = None, fresh: bool = False,
                 timeout: float = 900.0):
    """Yield ``(spec, result)`` as derivations finish (cached ones first), on ``jobs`` forked processes.

    The verdicts are those of :func:`~symdp.engine.run.runner.run_all` (same
    runner, shards, certificates and cache); only the order differs.  Closing
    the generator early (``symdp check -x``) terminates the workers.
    """
    from .engine.run import cache as result_cache
    from .engine.run.runner import run_fresh
    todo = []
    for spec in specs:
        found = None if fresh else result_cache.load(cache, spec)
        if found is not None:
            yield spec, found
        else:
            todo.append(spec)
    yield from run_fresh(todo, jobs, cache, timeout=timeout)


_KEYWORDS = {"and", "or", "not"}


def keyword_filter(expression: str):
    """A predicate for ``-k EXPRESSION``: words matched as case-insensitive substrings, with and/or/not/()."""
    import re

    from .errors import SymdpError
    tokens = re.findall(r"\(|\)|[^\s()]+", expression)
    if not tokens:
        raise SymdpError("-k", expression, "an expression of words with and, or, not and parentheses")
    code = " ".join(t if t in _KEYWORDS or t in "()" else f"({t.lower()!r} in name)" for t in tokens)
    try:
        compiled = compile(code, "<-k>", "eval")
        eval(compiled, {"__builtins__": {}}, {"name": ""})
    except (SyntaxError, TypeError):
        raise SymdpError("-k", expression, "an expression of words with and, or, not and parentheses") from None
    return lambda name: bool(eval(compiled, {"__builtins__": {}}, {"name": name.lower()}))


def select_keyword(specs, expression: str | None):
    """The specs whose ``file::id`` matches ``-k``."""
    if not expression:
        return list(specs)
    match = keyword_filter(expression)
    return [s for s in specs if match(f"{s.file}::{s.id}")]


def progress_line(done: int, total: int, result) -> str:
    """``[ 3/16] liu2019.table1  ok  12.3 s``: the live line of ``symdp check`` on a terminal."""
    width = len(str(total))
    verdict = "ok" if result.ok else "FAILED"
    return f"[{done:>{width}}/{total}] {result.id}  {verdict}  {result.seconds:.1f} s"


def durations_lines(results, n: int) -> list[str]:
    """The ``n`` slowest derivations (all when ``n`` is 0), as ``--durations`` prints them."""
    ranked = sorted(results, key=lambda r: -r.seconds)
    ranked = ranked if n == 0 else ranked[:n]
    return [f"slowest {len(ranked)} derivation(s):"] + [f"{r.seconds:8.2f}s  {r.id}" for r in ranked]


def claim_lines(results) -> list[str]:
    """``-v``: one line per claim, ``id :: claim: STATUS (expected ...) by method``, and ``[kernel-checked]``
    where the proof kernel accepted the claim's recorded proof object (no search), ``[trusts: sympy.limit x1]``
    where the accepted proof has oracle steps."""
    lines = []
    for r in results:
        for c in r.claims:
            exp = f" (expected {c.expect.value})" if c.expect else ""
            kernel = f" [{c.certificate}]" if c.certificate.startswith(("kernel-checked", "trusts: ")) else ""
            lines.append(f"{'PASS' if c.ok else 'FAIL'} {r.id} :: {c.claim_id}: {c.status.value}{exp} "
                         f"by {c.outcome.method}{kernel}")
    return lines
