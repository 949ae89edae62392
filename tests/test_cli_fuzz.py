"""Table-driven fuzz of the command line: every subcommand and option, bad values of every kind.

The contract (docs/cli.md, "Exit codes"): bad usage or bad input exits 2 with
one line on stderr that names the flag, before any work, nothing on stdout,
never a traceback.  In-process calls (fast); two subprocess checks (entry
point, closed pipe).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from symdp.cli import main

ROOT = Path(__file__).resolve().parent.parent

TINY = '''
import sympy as sp
from symdp import derivation
x = sp.Symbol("x", positive=True)

@derivation(id="{id}", title="tiny", paper="p.txt", where="-")
def tiny(d):
    d.identity("square", (x + 1)**2, x**2 + 2*x + 1)
'''

# values no number option accepts (each flag adds its own range violations)
NOT_NUMBERS = ["nan", "NaN", "inf", "-inf", "1e999", "-1e999", "abc", "", " ", "0x10", "1,5", "__import__('os')",
               "1; rm -rf /", "ε", "１e", "None", "[1]"]
NUMBER_FLAGS = {  # flag: out-of-range values (beyond NOT_NUMBERS)
    "--beta": ["0", "-1", "-1e-300"],
    "--bound": ["0", "1", "1.5", "-0.1", "-1e-300"],
    "--delta": ["0", "1", "-1e-5", "2"],
    "--rho-p": ["-0.1", "1.1", "-1e-300"],
    "--rho-c": ["-0.1", "1.0000001"],
    "--rho-t": ["-1", "2"],
}
NAMES_BAD = ["", "FBETA", "fbeta ", "__import__('os').system('true')", "../etc/passwd", "fβ", "\u202efbeta", "'; DROP"]

EPS = ["epsilon", "--metric", "fbeta", "--bound", "0.7"]
GAUSS = ["epsilon", "--metric", "fbeta", "--bound", "0.7", "--mechanism", "gaussian", "--delta", "1e-5"]
NOTION_VALUES = {  # option: (a base query that uses it, out-of-range values)
    "--eps": (["notions", "implies", "DP", "TVD"], ["0", "-1", "-1e-300"]),
    "--mu": (["notions", "implies", "GDP", "ADP", "--eps", "1"], ["0", "-1"]),
    "--a": (["notions", "implies", "SP", "DP"], ["0", "-0.1", "1.5"]),
    "--alpha": (["notions", "implies", "TVD", "TVD"], ["0", "1.01"]),
    "--delta": (["notions", "implies", "ADP", "TVD", "--eps", "1"], ["0", "1", "2", "-1"]),
    "--eps2": (["notions", "implies", "LFDP", "ADP", "--eps", "1"], ["0", "-3"]),
}


def _with(base, flag, value):
    """``base`` with ``flag value`` set (replacing an existing value of the flag)."""
    argv = list(base)
    if flag in argv:
        argv[argv.index(flag) + 1] = value
        return argv
    return argv + [flag, value]


def _cases(cat: str, empty: str, stray: str, afile: str):
    """(argv, name the error must contain) for every subcommand and option."""
    cases = []
    # epsilon: every number option with non-numbers and out-of-range values
    for flag, extra in NUMBER_FLAGS.items():
        base = GAUSS if flag == "--delta" else EPS
        for v in NOT_NUMBERS + extra:
            cases.append((_with(base, flag, v), flag))
    for v in NAMES_BAD + ["recall", "precision", "guessing"]:
        cases.append((_with(EPS, "--metric", v), "--metric"))
    for v in NAMES_BAD + ["uniform", "Laplace"]:
        cases.append((_with(EPS, "--mechanism", v), "--mechanism"))
    for v in NAMES_BAD + ["exact"]:
        cases.append((_with(GAUSS, "--calibration", v), "--calibration"))
    # options that do not apply, and missing ones
    cases += [
        (EPS + ["--calibration", "classic"], "--calibration"),
        (EPS + ["--calibration", "analytic"], "--calibration"),
        (EPS + ["--delta", "1e-5"], "--delta"),
        (GAUSS + ["--rho-p", "0.1"], "--rho-p"),
        (GAUSS + ["--rho-c", "0"], "--rho-c"),
        (GAUSS + ["--rho-t", "0.5"], "--rho-t"),
        (GAUSS[:-2], "--delta"),
        (["epsilon", "--bound", "0.7"], "--metric"),
        (["epsilon", "--metric", "fbeta"], "--bound"),
        (EPS + ["--rho-p", "0.9", "--rho-c", "0.9"], "--rho-p"),
        (EPS + ["--rho-p", "1"], "--rho-p"),
        (EPS + ["--bogus", "1"], "--bogus"),
        (EPS + ["--json", "yes"], "yes"),
    ]
    # table1
    for flag in ("--rho-p", "--rho-c", "--rho-t"):
        for v in NOT_NUMBERS + NUMBER_FLAGS[flag]:
            cases.append((["table1", flag, v], flag))
    cases += [(["table1", "--rho-c", "0.6"], "--rho-p"), (["table1", "--beta", "1"], "--beta"),
              (["table1", "--bound", "0.5"], "--bound")]
    # notions: every value option, out of range, not applicable, in the wrong action
    for flag, (base, extra) in NOTION_VALUES.items():
        for v in NOT_NUMBERS + extra:
            cases.append((base + [flag, v], flag))
        cases.append((["notions", "list", flag, "0.5"], flag))
        cases.append((["notions", "show", "DP", flag, "0.5"], flag))
    cases += [
        (["notions", "implies", "DP", "SP", "--eps", "1", "--mu", "1"], "--mu"),
        (["notions", "implies", "DP", "TVD", "--eps", "1", "--alpha", "0.5"], "--alpha"),
        (["notions", "implies", "DP", "TVD", "--eps", "1", "--delta", "0.5"], "--delta"),
        (["notions", "implies", "DP", "TVD", "--eps", "1", "--eps2", "0.5"], "--eps2"),
        (["notions", "implies", "GDP", "ADP", "--eps", "1", "--a", "0.5"], "--a"),
        (["notions", "implies", "SP", "DP", "--a", "0.6"], "--a"),             # outside every chain's conditions
        (["notions", "implies", "GDP", "ADP", "--eps", "1", "--mu", "1e-320"], "--mu"),  # subnormal: below the double range
        (["notions", "implies", "DP", "GDP", "--eps", "1e308"], "--eps"),
        (["notions", "list", "--json"], "--json"),
        (["notions", "show", "DP", "--json"], "--json"),
        (["notions", "list", "DP"], "NOTION"),
        (["notions", "show"], "NOTION"),
        (["notions", "show", "DP", "SP"], "NOTION"),
        (["notions", "implies", "DP"], "NOTIONS"),
        (["notions", "implies", "DP", "SP", "TVD"], "NOTIONS"),
        (["notions", "frobnicate"], "action"),
        (["notions"], "action"),
    ]
    for name in ["XX", "dp", "", "../DP", "DP;rm", "D\u0000P", "ΔP"]:
        cases.append((["notions", "show", name], "NOTION"))
        cases.append((["notions", "implies", name, "TVD", "--eps", "1"], "NOTION"))
        cases.append((["notions", "implies", "DP", name, "--eps", "1"], "NOTION"))
    cases.append((["notions", "implies", "TVD", "DP"], "NOTION"))                  # unreachable
    # the catalogue commands: --path, --jobs, --timeout, --cache, --junit, --out, ids
    for cmd in (["list"], ["check"], ["certify"], ["show", "t.tiny"], ["report"]):
        ok = cmd + ["--path", cat]
        for v in ["/no/such/dir", "", afile]:
            cases.append((cmd + ["--path", v], "--path"))
        cases.append((cmd + ["--path", empty], "--path"))
        for v in ["0", "-1", "x", "1.5", "", "nan"]:
            cases.append((ok + ["--jobs", v], "--jobs"))
        for v in NOT_NUMBERS + ["0", "-1", "1e7", "1e300"]:
            cases.append((ok + ["--timeout", v], "--timeout"))
        for v in ["", afile, afile + "/sub"]:
            cases.append((ok + ["--cache", v], "--cache"))
        cases.append((ok + ["--bogus"], "--bogus"))
    for v in ["", "no/such/dir/out.xml", cat, afile + "/x.xml"]:
        cases.append((["check", "--path", cat, "--junit", v], "--junit"))
    for v in ["", afile, afile + "/sub"]:
        cases.append((["report", "--path", cat, "--out", v], "--out"))
    cases += _virtual_paths(cat)
    cases += [
        (["report", "--path", cat, "--check", "--pdf"], "--pdf"),
        (["check", "no.such.id", "--path", cat], "ID"),
        (["show", "no.such.id", "--path", cat], "ID"),
        (["certify", "no.such.id", "--path", cat], "ID"),
        (["show", "--path", cat], "ID"),
        (["show", "a", "b", "--path", cat], "b"),
        (["list", "extra", "--path", cat], "extra"),
        (["cache", "clear", "--cache", ""], "--cache"),
        (["cache", "clear", "--cache", afile], "--cache"),
        (["cache", "clear", "--cache", stray], "--cache"),
        (["cache", "purge"], "action"),
        (["cache"], "action"),
        (["frobnicate"], "frobnicate"),
        ([], "command"),
    ]
    return cases


VIRTUAL = [d for d in ("/proc", "/sys") if Path(d).is_dir()]
"""Folders of virtual filesystems: nothing can be created in them, whatever the permission bits say (root)."""


def _virtual_paths(cat: str):
    """Every output path option pointed into /proc or /sys: refused before any work."""
    cases = []
    for root in VIRTUAL:
        for cmd in (["list"], ["check"], ["certify"], ["show", "t.tiny"], ["report"], ["report", "--check"]):
            cases.append((cmd + ["--path", cat, "--cache", f"{root}/nope"], "--cache"))
        cases.append((["cache", "clear", "--cache", f"{root}/nope"], "--cache"))
        cases.append((["check", "--path", cat, "--junit", f"{root}/x.xml"], "--junit"))
        cases.append((["report", "--path", cat, "--out", f"{root}/nope"], "--out"))
        cases.append((["report", "--path", cat, "--out", f"{root}/nope/deeper"], "--out"))
    return cases


# the calculators' options: values no number option accepts, and names outside the choices
CALCULATORS = {
    "guessing": (["guessing", "--epsilon", "0.1", "--prior", "uniform", "--lo", "0", "--hi", "100", "--precision", "5"],
                 ["--epsilon", "--precision", "--lo", "--hi"], ["--prior", "--bound-type", "--direction", "--combine",
                                                                 "--mechanism"]),
    "tvd": (["tvd", "--mechanism", "gaussian", "--sigma", "1"], ["--sigma", "--q", "--sensitivity"], ["--mechanism"]),
    "mia": (["mia", "--epsilon", "1", "--fpr", "0.1"], ["--epsilon", "--fpr"], []),
}


def _calculator_cases():
    cases = []
    for base, numbers, names in CALCULATORS.values():
        for flag in numbers:
            for v in NOT_NUMBERS:
                cases.append((_with(base, flag, v), flag))
        for flag in names:
            for v in NAMES_BAD:
                cases.append((_with(base, flag, v), flag))
    return cases


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    base = tmp_path_factory.mktemp("fuzz")
    cat = base / "cat"
    cat.mkdir()
    (cat / "tiny.py").write_text(TINY.format(id="t.tiny"))
    empty = base / "empty"
    empty.mkdir()
    (empty / "helper.py").write_text("X = 1\n")        # python files, but no derivation
    stray = base / "notacache"
    stray.mkdir()
    (stray / "thesis.tex").write_text("precious")
    afile = base / "afile.txt"
    afile.write_text("x")
    return str(cat), str(empty), str(stray), str(afile)


def _all_cases():
    # ids are computed once with placeholder paths; the fixture substitutes the real ones
    return _cases("<cat>", "<empty>", "<stray>", "<afile>") + _calculator_cases()


CASES = _all_cases()


@pytest.mark.parametrize("argv,name", CASES, ids=[f"{i}:{' '.join(a)[:60]}" for i, (a, _) in enumerate(CASES)])
def test_bad_input_exit_2_one_line_naming_the_parameter(capsys, places, argv, name):
    cat, empty, stray, afile = places
    real = {"<cat>": cat, "<empty>": empty, "<stray>": stray, "<afile>": afile}
    argv = [real.get(a, a) for a in argv]
    argv = [a.replace("<afile>", afile) for a in argv]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert out == "", f"a result was printed for invalid input: {out!r}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "error" in lines[0] and "Traceback" not in err
    assert name in lines[0], (name, lines[0])
    assert Path(stray, "thesis.tex").exists()                 # cache clear never deleted a non-cache folder


def test_case_count():
    """The table covers every subcommand (and is not accidentally tiny)."""
    commands = {a[0] for a, _ in CASES if a}
    assert commands >= {"epsilon", "table1", "notions", "list", "check", "certify", "show", "report", "cache",
                        "guessing", "tvd", "mia"}
    assert len(CASES) > 800


@pytest.mark.parametrize("argv,parameter", [
    (["notions", "implies", "DP", "TVD", "--eps", "1e-300"], 5e-301),
    (["notions", "implies", "DP", "SP", "--eps", "1e-300"], 5e-301),      # tanh(eps/2), not exp(2 eps) - 1 = 0
    (["notions", "implies", "DP", "TVD", "--eps", "1e308"], 1.0),
    (["notions", "implies", "DP", "SP", "--eps", "700"], 1.0),
    (["notions", "implies", "ADP", "TVD", "--eps", "1e-300", "--delta", "1e-300"], 1.5e-300),
    (["notions", "implies", "DP", "GDP", "--eps", "1e-300"], 1.2533141373155003e-300),
])
def test_extreme_valid_values(capsys, argv, parameter):
    import json
    code = main(argv + ["--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert json.loads(out)["parameter"] == pytest.approx(parameter, rel=1e-12)


def test_help_lists_the_choices(capsys):
    with pytest.raises(SystemExit):
        main(["epsilon", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for word in ("fbeta", "laplace", "gaussian", "classic", "analytic"):
        assert word in text
    with pytest.raises(SystemExit):
        main(["notions", "--help"])
    text = capsys.readouterr().out
    helps = [line for line in text.splitlines() if line.strip().startswith(("--eps", "--mu", "--a ", "--alpha",
                                                                             "--delta", "--eps2"))]
    assert len(helps) == 6


def test_registration_rejects_unsafe_ids():
    from symdp import derivation
    from symdp.errors import SymdpError
    for bad in ["/etc/x", "../up", ".hidden", "a/b", "a b", "", "-x", "a\nb", "é", "a" * 201, 5, None]:
        with pytest.raises(SymdpError, match="^id="):
            derivation(id=bad, title="t", paper="p", where="w")
    for good in ["liu2019.fbeta-laplace", "a_b:c-1.2", "X"]:
        derivation(id=good, title="t", paper="p", where="w")


def test_unsafe_id_is_a_collection_error_and_never_escapes_out(capsys, tmp_path):
    cat = tmp_path / "cat"
    cat.mkdir()
    (cat / "evil.py").write_text(TINY.format(id="/tmp/escaped"))
    (cat / "fine.py").write_text(TINY.format(id="t.fine"))
    out = tmp_path / "out"
    code = main(["report", "--path", str(cat), "--out", str(out), "--jobs", "1", "--no-cache"])
    _, err = capsys.readouterr()
    assert code == 2 and "evil.py" in err and "id=" in err and len(err.strip().splitlines()) == 1
    code = main(["check", "--path", str(cat), "--jobs", "1", "--no-cache"])
    out_text, err = capsys.readouterr()
    assert code == 1 and "evil.py" in out_text + err
    assert not Path("/tmp/escaped.tex").exists() and not Path("/tmp/escaped").exists()
    assert all(out in p.resolve().parents for p in out.rglob("*"))


def test_same_file_names_in_two_folders_run_on_two_jobs(capsys, tmp_path):
    for i, top in enumerate(("a", "b")):
        (tmp_path / top / "x").mkdir(parents=True)
        (tmp_path / top / "x" / "y.py").write_text(TINY.format(id=f"t.dup{i}"))
    code = main(["check", "--path", str(tmp_path), "--jobs", "2", "--no-cache", "--cache", str(tmp_path / "c")])
    out, err = capsys.readouterr()
    assert code == 0 and "PicklingError" not in out + err, out + err


def test_junit_written_only_for_valid_path(capsys, tmp_path):
    cat = tmp_path / "cat"
    cat.mkdir()
    (cat / "tiny.py").write_text(TINY.format(id="t.tiny"))
    junit = tmp_path / "j.xml"
    assert main(["check", "--path", str(cat), "--junit", str(junit), "--jobs", "1", "--no-cache"]) == 0
    capsys.readouterr()
    assert junit.read_text().count("<testcase") == 1


def test_closed_pipe_ends_quietly():
    """``symdp table1 | head -1``: stdout's reader is gone; no traceback, exit 0."""
    code = ("import os, sys\n"
            "r, w = os.pipe(); os.close(r); os.dup2(w, 1)\n"
            "from symdp.cli import main\n"
            "sys.exit(main(['table1']))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=False, stderr=subprocess.PIPE,
                          text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


def test_entry_point_one_line_error():
    proc = subprocess.run([sys.executable, "-m", "symdp", "notions", "implies", "DP", "TVD", "--eps", "nan"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, env={**os.environ})
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "--eps" in proc.stderr


# -- output paths: failures while writing --------------------------------------------------------

def _tiny_catalogue(tmp_path, body=""):
    cat = tmp_path / "cat"
    cat.mkdir()
    (cat / "tiny.py").write_text(TINY.format(id="t.tiny") + body)
    return cat


def _one_error_line(code, out, err, *words):
    assert code == 2 and out == "", (code, out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, (word, err)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_junit_on_a_full_device_is_one_line(capsys, tmp_path):
    cat = _tiny_catalogue(tmp_path)
    code = main(["check", "--path", str(cat), "--junit", "/dev/full", "--jobs", "1", "--no-cache"])
    out, err = capsys.readouterr()
    _one_error_line(code, out, err, "--junit", "/dev/full", "No space left on device")


def _disk_full(monkeypatch, suffixes=(".xml", ".tex", ".json")):
    """Every rename of a written file with one of ``suffixes`` fails as on a full disk (after the temporary
    file was written)."""
    import errno

    from symdp.engine.model import files
    rename = os.replace

    def replace(src, dst):
        if str(dst).endswith(suffixes):
            raise OSError(errno.ENOSPC, "No space left on device")
        return rename(src, dst)
    monkeypatch.setattr(files.os, "replace", replace)


def test_failed_junit_write_keeps_the_old_file_whole(capsys, monkeypatch, tmp_path):
    cat = _tiny_catalogue(tmp_path)
    junit = tmp_path / "j.xml"
    junit.write_text("<previous/>")
    _disk_full(monkeypatch, (".xml",))
    code = main(["check", "--path", str(cat), "--junit", str(junit), "--jobs", "1", "--no-cache",
                 "--cache", str(tmp_path / "c")])
    out, err = capsys.readouterr()
    _one_error_line(code, out, err, "--junit", str(junit), "No space left on device")
    assert junit.read_text() == "<previous/>" and sorted(p.name for p in tmp_path.iterdir()) == ["c", "cat", "j.xml"]


def test_failed_report_write_leaves_no_partial_file(capsys, monkeypatch, tmp_path):
    cat = _tiny_catalogue(tmp_path)
    out_dir = tmp_path / "out"
    _disk_full(monkeypatch, (".tex",))
    code = main(["report", "--path", str(cat), "--out", str(out_dir), "--jobs", "1", "--no-cache",
                 "--cache", str(tmp_path / "c")])
    out, err = capsys.readouterr()
    _one_error_line(code, out, err, "--out", str(out_dir), "No space left on device")
    assert list(out_dir.iterdir()) == []


def test_failed_cache_write_is_one_line_naming_the_cache(capsys, monkeypatch, tmp_path):
    cat = _tiny_catalogue(tmp_path)
    cache = tmp_path / "c"
    _disk_full(monkeypatch)
    code = main(["check", "--path", str(cat), "--cache", str(cache), "--jobs", "1"])
    out, err = capsys.readouterr()
    _one_error_line(code, out, err, "--cache", str(cache), "No space left on device")
    assert not cache.exists() or list(cache.iterdir()) == []


def test_written_files_get_the_usual_permissions(capsys, tmp_path):
    """The temporary file is renamed into place: the result has the umask's mode, not mkstemp's 0600."""
    cat = _tiny_catalogue(tmp_path)
    junit = tmp_path / "j.xml"
    old = os.umask(0o022)
    try:
        assert main(["check", "--path", str(cat), "--junit", str(junit), "--jobs", "1", "--no-cache",
                     "--cache", str(tmp_path / "c")]) == 0
    finally:
        os.umask(old)
    capsys.readouterr()
    assert junit.stat().st_mode & 0o777 == 0o644


ERRATUM = '''

@derivation(id="t.erratum", title="a misprint", paper="p.txt", where="Table 1")
def misprint(d):
    from symdp import Status
    d.printed_value("table1:cell", False, "printed 0.5, derived 0.4", expect=Status.ERRATUM)
'''


def test_quiet_is_failures_and_totals(capsys, tmp_path):
    cat = _tiny_catalogue(tmp_path, ERRATUM)
    assert main(["check", "--path", str(cat), "--jobs", "1", "--no-cache", "--cache", str(tmp_path / "c")]) == 0
    loud = capsys.readouterr().out
    assert "errata found (1): t.erratum :: table1:cell" in loud
    assert main(["check", "-q", "--path", str(cat), "--jobs", "1", "--cache", str(tmp_path / "c")]) == 0
    quiet = capsys.readouterr().out
    totals = ("claims:", "errata found", "uncertified:")
    assert quiet.splitlines() == [line for line in quiet.splitlines() if line.startswith(totals)]
    assert "errata found (1)" in quiet and "t.erratum" not in quiet


def test_list_of_a_folder_with_a_broken_file(capsys, tmp_path):
    """README: the other files are listed, the broken one is reported on stderr as check does, exit 1."""
    cat = _tiny_catalogue(tmp_path)
    (cat / "broken.py").write_text("import no_such_module_anywhere\n")
    code = main(["list", "--path", str(cat)])
    out, err = capsys.readouterr()
    assert code == 1 and out.startswith("t.tiny  tiny")
    assert err.startswith("ERROR ") and "broken.py:1: ModuleNotFoundError" in err and len(err.splitlines()) == 1
