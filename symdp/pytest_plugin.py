"""symdp's pytest plugin: derivation files collected as tests, one item per claim.

Installed with the package as the ``pytest11`` entry point ``symdp`` (so
``-p symdp`` names it, and ``-p no:symdp`` turns it off).  What it collects:

* a ``.py`` file that has a ``@derivation(...)`` decorator at the start of a
  line (a text check: no file is imported to find out), that is not a test
  module (``python_files`` patterns), not ``conftest.py`` and does not start
  with ``_``;
* when the ini option ``symdp_paths`` is set, only such files below those
  folders.

pytest only visits the paths it is given (or ``testpaths``), so
``pytest derivations/`` runs the derivations below ``derivations/`` and
nothing else changes for a project's own tests.

Each derivation in a file is a collector named by its id, and each of its
claims an item, e.g. ``derivations/liu2019/s4_1_4_fbeta.py::liu2019.fbeta-laplace::eq26``.
The claim ids are found at collection by a *dry run*: the derivation runs with
a recorder that records the claims without deciding them (the algebra runs,
the proofs and samples do not; a second or so per derivation).  The real run
happens in the setup of the first item of a derivation that a process runs,
once per process, and its result is shared by the derivation's items; a
passing result is kept in the symdp result cache (``symdp_cache``, default
``.symdp-cache`` beside the rootdir), as ``symdp check`` does.

With pytest-xdist, xdist's default ``--dist load`` keeps a derivation's claims
together (one unit of work, sent to one worker; every other test is balanced
as ``load`` does), so that each derivation runs once, on one worker; ini
``symdp_xdist_group = false`` turns this off.  Items also carry
``xdist_group(<id>)`` for ``--dist loadgroup``.

A claim passes when it holds (PROVED, VERIFIED) or has exactly the finding it
declares (``expect=Status.ERRATUM`` or ``REFUTED``); otherwise it fails with
its status, method, detail and witness.  A derivation that raises while its
claims are being listed gets an extra item ``__error__`` that fails with the
file, line and message.
"""
from __future__ import annotations

import fnmatch
import functools
import re
import sys
import warnings
from pathlib import Path

import pytest

_DECORATOR = re.compile(r"^[ \t]*@(?:\w+\.)*derivation\s*\(", re.M)
_RESULTS = pytest.StashKey[dict]()
_KNOWN = pytest.StashKey[dict]()
SKIPPED_ITEM = "__skipped__"
"""Name of the item standing for a derivation skipped because a library it audits is not installed."""
ERROR_ITEM = "__error__"


# -- options -------------------------------------------------------------------

def pytest_addoption(parser):
    group = parser.getgroup("symdp", "symdp derivations")
    group.addoption("--symdp-no-cache", action="store_true", default=False,
                    help="run every derivation afresh (a passing result still refreshes the cache)")
    group.addoption("--symdp-timeout", type=float, default=None,
                    help="wall-clock limit of one derivation in seconds (default: ini symdp_timeout, 900)")
    parser.addini("symdp_paths", "collect derivation files only below these folders (default: any file "
                  "with a @derivation decorator that pytest visits)", type="paths", default=[])
    parser.addini("symdp_cache", "folder of cached results, relative to the rootdir ('' for none)",
                  default=".symdp-cache")
    parser.addini("symdp_timeout", "wall-clock limit of one derivation in seconds", default="900")
    parser.addini("symdp_xdist_group", "with pytest-xdist, turn --dist load into loadgroup so that each "
                  "derivation runs once on one worker", type="bool", default=True)


def pytest_configure(config):
    config.addinivalue_line("markers", "symdp: a claim of a symdp derivation (added by the symdp plugin)")
    config.stash[_RESULTS] = {}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """xdist's default ``--dist load``, except that a derivation's claims go to one worker together."""
    if getattr(config.option, "dist", "no") != "load" or not config.getini("symdp_xdist_group"):
        return None
    return _derivation_scheduler()(config, log)


@functools.lru_cache(maxsize=1)
def _derivation_scheduler():
    from xdist.scheduler import LoadScopeScheduling

    class DerivationScheduling(LoadScopeScheduling):
        """Load balancing in which the claims of one derivation are one unit of work, other tests one each."""

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if nodeid.count("::") >= 2 and _is_derivation_path(self.config, path):
                return nodeid.rsplit("::", 1)[0]  # file::derivation-id
            return nodeid

    return DerivationScheduling


def _is_derivation_path(config, path: str) -> bool:
    known = config.stash.setdefault(_KNOWN, {})
    if path not in known:
        known[path] = is_derivation_file(config.rootpath / path, config)
    return known[path]


def pytest_report_header(config):
    cache = _cache(config)
    return f"symdp: derivations are claims (cache: {cache or 'off'})"


def _cache(config) -> str | None:
    value = config.getini("symdp_cache")
    return str(config.rootpath / value) if value else None


def _timeout(config) -> float:
    value = config.getoption("symdp_timeout")
    return float(value if value is not None else config.getini("symdp_timeout"))


# -- collection -----------------------------------------------------------------

def is_derivation_file(file_path: Path, config) -> bool:
    """Whether the plugin collects ``file_path`` (see the module docstring)."""
    name = file_path.name
    if file_path.suffix != ".py" or name.startswith("_") or name == "conftest.py":
        return False
    if any(fnmatch.fnmatch(name, pattern) for pattern in config.getini("python_files")):
        return False
    roots = config.getini("symdp_paths")
    if roots and not any(_below(file_path, Path(r)) for r in roots):
        return False
    try:
        return bool(_DECORATOR.search(file_path.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return False


def _below(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def pytest_collect_file(file_path, parent):
    if is_derivation_file(file_path, parent.config):
        return DerivationFile.from_parent(parent, path=file_path)
    return None


def _root(file_path: Path, config) -> Path:
    """The folder whose files are part of the cache key: a ``symdp_paths`` entry, else the file's folder."""
    for root in config.getini("symdp_paths"):
        if _below(file_path, Path(root)):
            return Path(root)
    return file_path.parent


class DerivationFile(pytest.File):
    """A derivation file: one collector per derivation it defines."""

    def collect(self):
        from .engine.run.registry import read_file
        root = _root(self.path, self.config)
        for folder in {str(self.path.parent.resolve()), str(root.resolve())}:
            if folder not in sys.path:  # helper modules beside the derivations import
                sys.path.insert(0, folder)
        for spec in sorted(read_file(self.path, root), key=lambda s: s.fn.__code__.co_firstlineno):
            yield DerivationNode.from_parent(self, name=spec.id, spec=spec)


class DerivationNode(pytest.Collector):
    """One derivation: its claims are the items."""

    def __init__(self, *, spec, **kwargs):
        super().__init__(**kwargs)
        self.spec = spec
        self.add_marker(pytest.mark.symdp)
        if self.config.pluginmanager.hasplugin("xdist"):
            self.add_marker(pytest.mark.xdist_group(name=spec.id))

    def collect(self):
        from .engine.model.requirements import resolve
        _, reason = resolve(self.spec.requires)
        if reason:  # a library the derivation audits is missing: one item, skipped with the reason
            self.listed = ()
            yield SkippedItem.from_parent(self, name=SKIPPED_ITEM, reason=reason)
            return
        ids, error = claim_ids(self.spec, self.config)
        self.listed = tuple(ids)
        for cid in ids:
            yield ClaimItem.from_parent(self, name=cid, claim_id=cid)
        if error is not None:
            yield ClaimItem.from_parent(self, name=ERROR_ITEM, claim_id=None, listing_error=error)

    def reportinfo(self):
        return self.path, self.spec.fn.__code__.co_firstlineno - 1, f"derivation {self.spec.id}"


def claim_ids(spec, config=None) -> tuple[list[str], object]:
    """The claim ids of ``spec``, in order, and the error that stopped the listing (or None).

    A passing cached result gives them at once; otherwise a dry run does.
    """
    from .engine.run import cache as result_cache
    cache = _cache(config) if config is not None else None
    if cache and not (config.getoption("symdp_no_cache")):
        cached = result_cache.load(cache, spec)
        if cached is not None:
            return [c.claim_id for c in cached.claims], None
    return dry_run(spec, _timeout(config) if config is not None else 900.0)


def dry_run(spec, timeout: float = 900.0):
    """Run ``spec`` with claims recorded but not decided: (claim ids in order, ErrorReport or None)."""
    from .engine.model.budget import BudgetExceeded, within_budget
    from .engine.model.records import ErrorReport
    d = _ListingRecorder(spec.id)
    try:
        within_budget(lambda: spec.fn(d), timeout)
    except BudgetExceeded:
        return d.ids, ErrorReport(spec.file, spec.fn.__code__.co_firstlineno,
                                  f"TimeoutError: listing the claims exceeded {timeout:g} s", spec.id)
    except Exception as exc:
        return d.ids, ErrorReport.of(exc, spec.file or spec.fn.__code__.co_filename, spec.id)
    return d.ids, None


@functools.lru_cache(maxsize=1)
def _listing_recorder_class():
    from contextlib import contextmanager

    import sympy as sp

    from .engine.run.recorder import Recorder
    from .engine.model.records import Outcome
    from .engine.model.status import Status

    class ListingRecorder(Recorder):
        """A recorder whose claims are recorded, never decided (the algebra still runs)."""

        def __init__(self, derivation_id):
            super().__init__(derivation_id)
            self.ids: list[str] = []

        @contextmanager
        def _claim(self, kind, cid, text, exprs, expect, *args, **kwargs):
            self.ids.append(cid)
            with super()._claim(kind, cid, text, exprs, expect, *args, **kwargs) as box:
                yield box

        def _decide(self, box, cid, fingerprint, decider, hint=None):
            box["outcome"] = Outcome(Status.UNDECIDED, "not decided (listing claims)")

        def _listed(self, cid):
            self.ids.append(self._claim_id(cid))

        def cross_check(self, cid, *args, **kwargs):
            self._listed(cid)

        def printed_bound(self, cid, *args, **kwargs):
            self._listed(cid)

        def sign(self, cid, expr, which, *args, **kwargs):
            if not isinstance(expr, sp.Basic) or kwargs.get("symbolic") is False:
                return self._listed(cid)  # sampling only: nothing symbolic to list cheaply
            return super().sign(cid, expr, which, *args, **kwargs)

    return ListingRecorder


def _ListingRecorder(derivation_id):
    return _listing_recorder_class()(derivation_id)


# -- running ----------------------------------------------------------------------

class ClaimFailed(Exception):
    """A claim that is not as expected: the message is the report."""


def result_for(spec, config):
    """The result of ``spec`` in this process: run once, shared by its items (and cached on disk)."""
    from .engine.run import cache as result_cache
    from .engine.run.runner import run_one
    results = config.stash[_RESULTS]
    key = _key(spec)
    if key not in results:
        cache = _cache(config)
        found = None if config.getoption("symdp_no_cache") else result_cache.load(cache, spec)
        if found is None:
            found = run_one(spec, timeout=_timeout(config))
            result_cache.store(cache, spec, found)
        results[key] = found
    return results[key]


def _key(spec) -> tuple[str, str]:
    return str(Path(spec.file).resolve()), spec.id


def share_results(config, specs, results) -> None:
    """Hand results computed elsewhere in this process (a session fixture's ``run_all(specs)``, say) to the
    claim items, so that a derivation is not run twice; a no-op when the plugin is not active."""
    stash = config.stash.get(_RESULTS, None)
    if stash is not None:
        by_id = {r.id: r for r in results}
        for spec in specs:
            stash.setdefault(_key(spec), by_id[spec.id])


class ClaimItem(pytest.Item):
    """One claim of a derivation."""

    def __init__(self, *, claim_id, listing_error=None, **kwargs):
        super().__init__(**kwargs)
        self.claim_id = claim_id
        self.listing_error = listing_error
        self.result = None

    @property
    def spec(self):
        return self.parent.spec

    def setup(self):
        first = _key(self.spec) not in self.config.stash[_RESULTS]
        self.result = result_for(self.spec, self.config)
        if first:
            extra = [c.claim_id for c in self.result.claims if c.claim_id not in self.parent.listed]
            if extra:
                warnings.warn(pytest.PytestWarning(
                    f"{self.spec.id}: claims made by the run but not listed at collection: {', '.join(extra)}"))

    def runtest(self):
        r = self.result
        if self.claim_id is None:  # the __error__ item
            error = r.error or self.listing_error
            if error is not None:
                raise ClaimFailed(f"{self.spec.id} raised: {error.describe()}")
            return
        claim = next((c for c in r.claims if c.claim_id == self.claim_id), None)
        if claim is None:
            why = f"the derivation raised first: {r.error.describe()}" if r.error else \
                "the derivation did not make this claim when run"
            raise ClaimFailed(f"{self.spec.id} :: {self.claim_id}: not decided; {why}")
        self.user_properties += [("symdp_status", claim.status.value), ("symdp_method", claim.outcome.method)]
        if not claim.ok:
            raise ClaimFailed(failure_message(self.spec, claim, self.config.rootpath))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ClaimFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        # not a suffix of the node id, which pytest would then rewrite ("." to "::") in -v lines
        return self.path, self.spec.fn.__code__.co_firstlineno - 1, f"{self.spec.id} :: {self.name}"


class SkippedItem(pytest.Item):
    """The one item of a derivation whose audited library is not installed: skipped, with the reason."""

    def __init__(self, *, reason, **kwargs):
        super().__init__(**kwargs)
        self.reason = reason

    def runtest(self):
        pytest.skip(f"{self.parent.spec.id}: {self.reason}")

    def reportinfo(self):
        return self.path, self.parent.spec.fn.__code__.co_firstlineno - 1, f"{self.parent.spec.id} :: skipped"


def failure_message(spec, claim, root=None) -> str:
    """What a failing claim item prints: verdict, method, detail, witness, where."""
    o = claim.outcome
    if claim.expect is not None and claim.status is not claim.expect:
        verdict = f"expected {claim.expect.value}, got {claim.status.value}"
    elif claim.status.value == "ERRATUM":
        verdict = "unexpected ERRATUM: the printed text disagrees and no erratum was declared " \
                  "(declare it with expect=Status.ERRATUM)"
    elif claim.status.value == "REFUTED":
        verdict = "REFUTED: the claim is false (declare a known refutation with expect=Status.REFUTED)"
    else:
        verdict = claim.status.value
    lines = [f"{spec.id} :: {claim.claim_id}: {verdict}", f"  method: {o.method}"]
    if o.detail:
        lines.append(f"  detail: {o.detail}")
    if o.witness is not None:
        lines.append(f"  witness: {o.witness.describe()}")
    if claim.provenance is not None and claim.provenance.file:
        lines.append(f"  printed: {claim.provenance.describe()}")
    file = spec.file
    if root is not None and _below(Path(file), Path(root)):
        file = str(Path(file).resolve().relative_to(Path(root).resolve()))
    lines.append(f"  derivation: {file}:{spec.fn.__code__.co_firstlineno} ({spec.source.paper}, "
                 f"{spec.source.where})")
    return "\n".join(lines)
