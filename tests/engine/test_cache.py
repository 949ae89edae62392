"""The result cache cannot lie: its key covers what a derivation runs, entries are validated JSON."""
import pickle

from symdp.cli import main
from symdp.engine.run import cache
from symdp.engine.run.registry import discover
from symdp.engine.run.runner import run_all
from symdp.engine.model.status import Status

HELPER = "import sympy as sp\nx = sp.Symbol('x', positive=True)\nSQUARE = {square}\n"
DERIVATION = '''
import sympy as sp
from symdp import derivation
from helper_mod import SQUARE, x

@derivation(id="t.helper", title="uses a helper module", paper="p.txt", where="-")
def uses_helper(d):
    d.identity("square", SQUARE, x**2 + 2*x + 1)
'''


def _folder(tmp_path, square):
    (tmp_path / "helper_mod.py").write_text(HELPER.format(square=square))
    (tmp_path / "uses.py").write_text(DERIVATION)
    return tmp_path


def _run(folder, store, fresh=False):
    import sys
    sys.path.insert(0, str(folder))
    sys.modules.pop("helper_mod", None)
    try:
        (result,) = run_all(discover(folder), jobs=1, cache=str(store), fresh=fresh)
    finally:
        sys.path.remove(str(folder))
    return result


def test_a_changed_helper_module_is_not_served_from_the_cache(tmp_path):
    """Was: a helper module made a claim false and `symdp check` still said PROVED from the cache."""
    (tmp_path / "d").mkdir()
    folder = _folder(tmp_path / "d", "(x + 1)**2")
    store = tmp_path / "cache"
    assert _run(folder, store).claims[0].status is Status.PROVED
    _folder(folder, "(x + 2)**2")
    assert _run(folder, store).claims[0].status is Status.REFUTED


def test_a_failing_fresh_run_evicts_the_entry(tmp_path, monkeypatch):
    (tmp_path / "d").mkdir()
    folder, store = _folder(tmp_path / "d", "(x + 1)**2"), tmp_path / "cache"
    (spec,) = discover(folder)
    _run(folder, store)
    assert cache.entry(str(store), spec).exists()
    monkeypatch.setattr("symdp.engine.run.cache._folder_digest", lambda spec: "same key")
    _run(folder, store)
    _folder(folder, "(x + 2)**2")  # the key is pinned: only the eviction can stop a stale answer
    assert _run(folder, store, fresh=True).claims[0].status is Status.REFUTED
    (spec,) = discover(folder)
    assert not cache.entry(str(store), spec).exists()


def test_a_crafted_entry_is_never_executed(tmp_path):
    (tmp_path / "d").mkdir()
    folder, store = _folder(tmp_path / "d", "(x + 1)**2"), tmp_path / "cache"
    (spec,) = discover(folder)
    marker = tmp_path / "pwned"

    class Evil:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    path = cache.entry(str(store), spec)
    path.parent.mkdir(parents=True)
    path.write_bytes(pickle.dumps(Evil()))
    assert _run(folder, store).claims[0].status is Status.PROVED
    assert not marker.exists()


def test_cache_clear_empties_the_folder(tmp_path, capsys):
    (tmp_path / "d").mkdir()
    folder, store = _folder(tmp_path / "d", "(x + 1)**2"), tmp_path / "cache"
    _run(folder, store)
    assert main(["cache", "clear", "--cache", str(store)]) == 0
    assert not store.exists() and "removed 1" in capsys.readouterr().out


def test_clear_from_python_refuses_a_folder_that_is_not_a_cache(tmp_path, monkeypatch):
    import pytest

    from symdp.engine.run.cache import clear
    from symdp.errors import SymdpError
    (tmp_path / "thesis.tex").write_text("years of work")
    with pytest.raises(SymdpError, match="refusing to delete"):
        clear(tmp_path)
    monkeypatch.chdir(tmp_path / "..")
    with pytest.raises(SymdpError, match="not the current, home or root"):
        clear(".")
    assert (tmp_path / "thesis.tex").exists()
    assert clear(tmp_path / "absent") == 0


def test_cache_clear_also_removes_the_timings_of_the_last_run(tmp_path):
    from symdp.engine.run import shards
    from symdp.engine.run.cache import clear
    store = tmp_path / "cache"
    store.mkdir()
    (store / "x.result.json").write_text("{}")
    shards.hints_path(store).write_text("{}")
    assert clear(store) == 1 and not store.exists()


def test_a_result_computed_while_its_code_was_edited_is_neither_kept_nor_served(tmp_path):
    """Was: a test run that had imported the prover before an edit stored its result under the key of the edited
    files; the next check served it as theirs (a stale entry in `.symdp-cache`, 2026-12-05)."""
    import os
    import time
    (tmp_path / "d").mkdir()
    folder, store = _folder(tmp_path / "d", "(x + 1)**2"), tmp_path / "cache"
    (spec,) = discover(folder)
    assert cache.settled(spec) and cache.entry(str(store), spec) is not None
    later = time.time_ns() + 1
    helper = folder / "helper_mod.py"
    helper.write_text(HELPER.format(square="(x + 2)**2"))   # edited after the derivation was read
    os.utime(helper, ns=(later, later))
    assert not cache.settled(spec) and cache.entry(str(store), spec) is None
    (fresh,) = discover(folder)                            # read again: the edit is the code now
    assert cache.settled(fresh)


def test_an_edit_of_the_package_after_its_import_turns_the_cache_off(tmp_path, monkeypatch):
    import symdp
    (tmp_path / "d").mkdir()
    (spec,) = discover(_folder(tmp_path / "d", "(x + 1)**2"))
    monkeypatch.setattr(symdp, "LOADED_AT", 0)             # as if every source changed after the import
    assert cache.entry(str(tmp_path / "cache"), spec) is None


def test_a_file_dated_in_the_future_is_no_edit(tmp_path):
    """A clock skew on the machine that wrote a file must not turn the cache off for good."""
    import os
    import time
    (tmp_path / "d").mkdir()
    folder = _folder(tmp_path / "d", "(x + 1)**2")
    (spec,) = discover(folder)
    future = time.time_ns() + 3600 * 10**9
    os.utime(folder / "helper_mod.py", ns=(future, future))
    assert cache.settled(spec)


def test_the_key_covers_the_whole_package_not_only_the_engine():
    """Every source of the package is in the key (the parser, the science, the engine): an edit to a science
    module must turn a cached result stale as an edit to the prover does."""
    from pathlib import Path

    import symdp
    files = {p.relative_to(Path(symdp.__file__).parent).parts[0] for p in cache._package_files()}
    assert {"__init__.py", "latex", "mechanisms", "fdp", "engine", "kernel"} <= files
