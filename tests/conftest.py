"""Shared fixtures: the catalogue is run once per session and reused."""
import contextlib
import faulthandler
import fcntl
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "derivations"

HANG_SECONDS = 1500
"""A test still running after 25 minutes is a hang (the slowest test takes about 8 minutes on two busy cores):
its worker prints every thread's stack and exits, pytest-xdist reports the test as crashed by name and starts a
new worker, and the run goes on.  A stack dump alone (pytest's ``faulthandler_timeout``) left a hang running until
CI's 90 minutes ran out, with the test's name cut from the end of the output."""


SLOW_LIST = ROOT / "tests" / "slow_tests.txt"
"""The tests left out of the default run (README's command, CI): one node id, or id prefix, a line."""
ALL = "SYMDP_TESTS"
"""``SYMDP_TESTS=all`` runs the slow tests too; so do a ``-m`` expression (``-m slow``: only them) and naming
paths (``pytest tests/engine/test_mutation.py``): only the bare run (the README's command) leaves them out."""


def slow_ids() -> tuple[str, ...]:
    lines = SLOW_LIST.read_text().splitlines() if SLOW_LIST.exists() else []
    return tuple(line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#"))


def pytest_collection_modifyitems(config, items):
    """Mark the listed tests ``slow``; leave them out of a bare run (:data:`ALL`)."""
    prefixes = slow_ids()
    slow = [item for item in items if _listed(item.nodeid, prefixes)]
    for item in slow:
        item.add_marker(pytest.mark.slow)
    if os.environ.get(ALL) == "all" or config.getoption("markexpr") or config.getoption("file_or_dir"):
        return
    if slow:
        chosen = set(map(id, slow))
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if id(item) not in chosen]


def _listed(nodeid: str, prefixes) -> bool:
    return any(nodeid == p or nodeid.startswith(p + "::") or nodeid.startswith(p + "[") for p in prefixes)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True, file=sys.__stderr__)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.fixture(scope="session")
def catalogue_results(pytestconfig, tmp_path_factory):
    """The whole catalogue, run once on a process pool; the plugin's claim items (testpaths include
    derivations/) reuse these results instead of running each derivation again.  Through the result cache
    the plugin's items use (``symdp_cache``; none with ``--symdp-no-cache``), one worker at a time under
    pytest-xdist: the first runs the derivations, the others load what it kept (passing results only: a
    failing derivation is run again by each)."""
    from symdp.engine.run.registry import discover
    from symdp.engine.run.runner import run_all
    from symdp.pytest_plugin import share_results
    specs = discover(CATALOGUE)
    with _one_worker_at_a_time(tmp_path_factory):
        results = run_all(specs, cache=_result_cache(pytestconfig))
    share_results(pytestconfig, specs, results)
    return results


def _result_cache(config):
    """The plugin's result cache folder, or None (no cache asked for, or the plugin not loaded)."""
    try:
        if config.getoption("symdp_no_cache"):
            return None
        value = config.getini("symdp_cache")
    except (ValueError, KeyError):
        return None
    return str(config.rootpath / value) if value else None


@contextlib.contextmanager
def _one_worker_at_a_time(tmp_path_factory):
    """A lock in the folder every xdist worker's temporary folder shares (pytest-xdist's documented way to
    do a session's work once)."""
    with open(tmp_path_factory.getbasetemp().parent / "catalogue.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture
def derivation_dir(tmp_path):
    """Write a derivation file into a fresh folder and return the folder."""
    def write(source: str, name: str = "example.py"):
        (tmp_path / name).write_text(source)
        return tmp_path
    return write
