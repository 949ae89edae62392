"""The command line: exit codes, one-line errors, machine-readable output."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from symdp.cli import main

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = str(ROOT / "derivations")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv,param", [
    (["epsilon", "--metric", "fbeta", "--beta", "0", "--bound", "0.5"], "--beta"),
    (["epsilon", "--metric", "fbeta", "--beta", "1", "--bound", "1.2"], "--bound"),
    (["epsilon", "--metric", "recall", "--bound", "0.5"], "--metric"),
    (["epsilon", "--metric", "fbeta", "--bound", "x"], "--bound"),
    (["show", "no.such.id", "--path", CATALOGUE], "ID"),
    (["check", "--path", "/no/such/dir"], "--path"),
    (["check", "--jobs", "0", "--path", CATALOGUE], "--jobs"),
])
def test_bad_input_exit_2_one_line(capsys, argv, param):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and param in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["-1e-5", "-2.5E+3", "-1", "-.5"])
def test_a_negative_number_is_a_value_judged_by_its_range(capsys, value):
    """argparse alone takes -1e-5 for an option ("expected one argument"); the range is what a user needs."""
    code, out, err = run(capsys, "epsilon", "--metric", "fbeta", "--bound", "0.9", "--mechanism", "gaussian",
                         "--delta", value)
    assert code == 2 and out == "" and "expected one argument" not in err
    assert "--delta" in err and value in err and "(0, 1)" in err


def test_certify_offers_no_catalogue_option(capsys):
    """certify writes beside the files; the shipped catalogue's certificates are made in the repository, so
    --catalogue (always refused there) is not offered."""
    with pytest.raises(SystemExit):
        main(["certify", "--help"])
    assert "--catalogue" not in capsys.readouterr().out
    code, out, err = run(capsys, "certify", "--catalogue")
    assert code == 2 and out == "" and "--catalogue" in err


@pytest.mark.parametrize("argv,param", [
    (["epsilon", "--metric", "fbeta", "--bound", "0.9", "--prior", "normal"], "--prior"),
    (["epsilon", "--metric", "fbeta", "--bound", "0.9", "--relative"], "--relative"),
    (["epsilon", "--metric", "fbeta", "--bound", "0.9", "--bound-type", "main"], "--bound-type"),
    (["epsilon", "--metric", "guessing-advantage", "--bound", "0.2", "--prior", "normal", "--mu", "0", "--sigma", "1",
      "--precision", "0.5", "--beta", "2"], "--beta"),
    (["tvd", "--mechanism", "laplace", "--scale", "1", "--direction", "add"], "--direction"),
    (["tvd", "--mechanism", "laplace", "--scale", "1", "--k", "3"], "--k"),
    (["tvd", "--mechanism", "rr", "--epsilon", "1", "--sensitivity", "2"], "--sensitivity"),
])
def test_an_option_the_query_does_not_read_is_refused_not_ignored(capsys, argv, param):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and f"no {param} with" in err


@pytest.mark.parametrize("argv,expected", [
    (["tvd", "--mechanism", "rr", "--epsilon", "1", "--steps", "1.5"], "--steps=1.5 is invalid: expected an integer in [1, "),
    (["tvd", "--mechanism", "rr", "--epsilon", "1", "--k", "x"], "--k='x' is invalid: expected an integer in [2, "),
    (["guessing", "--epsilon", "x"], "--epsilon='x' is invalid: expected a real number in (0, inf)"),
    (["mia", "--fpr", "x", "--epsilon", "1"], "--fpr='x' is invalid: expected a real number in [0.0, 1.0]"),
])
def test_a_value_that_is_no_number_gets_the_allowed_range(capsys, argv, expected):
    """argparse's own message ("invalid int value: '1.5'") named no range."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and expected in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv,said", [
    (["tvd", "--mechanism", "rr", "--epsilon", "1", "--steps", "3"], "(numbers to 12 significant digits"),
    (["mia", "--fpr", "0.1", "--epsilon", "1"], "to 15 significant digits"),
    (["notions", "implies", "DP", "TVD", "--eps", "1"], "(values to 20 significant digits)"),
])
def test_a_calculator_says_how_many_digits_it_prints(capsys, argv, said):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and said in out


def test_notions_show_gives_the_range_a_query_takes(capsys):
    # ADP's delta is in [0, 1] by definition; notions implies takes --delta in (0, 1): both are said
    code, out, _ = run(capsys, "notions", "show", "ADP")
    assert code == 0 and "parameter: delta (0 <= delta <= 1); notions implies takes --delta: delta in (0, 1)" in out


def test_an_unknown_metric_lists_every_metric(capsys):
    code, out, err = run(capsys, "epsilon", "--metric", "recall", "--bound", "0.5")
    assert code == 2 and "fbeta, guessing-advantage" in err


def test_epsilon_json(capsys):
    code, out, _ = run(capsys, "epsilon", "--metric", "fbeta", "--beta", "1", "--bound", "0.67", "--json")
    doc = json.loads(out)
    assert code == 0 and {"metric", "beta", "bound", "epsilon", "reason"} <= set(doc)
    assert doc["epsilon"] == pytest.approx(0.7157322635598, rel=1e-12)
    code, out, _ = run(capsys, "epsilon", "--metric", "fbeta", "--beta", "2", "--bound", "0.83", "--json")
    doc = json.loads(out)
    assert doc["epsilon"] is None and doc["reason"]


def test_epsilon_gaussian(capsys):
    code, out, _ = run(capsys, "epsilon", "--metric", "fbeta", "--mechanism", "gaussian", "--delta", "1e-5",
                       "--calibration", "analytic", "--bound", "0.7", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["mechanism"] == "gaussian" and doc["calibration"] == "analytic"
    assert 3 < doc["epsilon"] < 4
    code, _, err = run(capsys, "epsilon", "--metric", "fbeta", "--mechanism", "gaussian", "--bound", "0.7")
    assert code == 2 and "--delta" in err
    code, _, err = run(capsys, "epsilon", "--metric", "fbeta", "--mechanism", "gaussian", "--delta", "0.1",
                       "--calibration", "exact", "--bound", "0.7")
    assert code == 2 and "--calibration" in err


def test_table1_with_auxiliary_information(capsys):
    code, out, _ = run(capsys, "table1")
    assert code == 0 and "4.28" in out and "0.71" in out  # beta = 1, F = 0.67: 0.7157 is printed 0.71 (safe side)
    code, out, _ = run(capsys, "table1", "--rho-p", "0.2", "--rho-c", "0.1", "--rho-t", "0.1", "--json")
    doc = json.loads(out)
    assert abs(doc["kappa"] - 0.458) < 1e-12 and len(doc["rows"]) == 6
    code, _, err = run(capsys, "table1", "--rho-p", "0.9", "--rho-c", "0.9")
    assert code == 2 and "kappa" in err


def test_check_one_derivation_json_and_junit(capsys, tmp_path):
    junit = tmp_path / "out.xml"
    code, out, _ = run(capsys, "check", "liu2019.pr-relation", "--json", "--junit", str(junit),
                       "--path", CATALOGUE, "--jobs", "1")
    doc = json.loads(out)
    assert code == 0 and [d["id"] for d in doc["derivations"]] == ["liu2019.pr-relation"]
    assert junit.read_text().count("<testcase") == len(doc["derivations"][0]["claims"])


def test_list_show_and_latex(capsys):
    code, out, _ = run(capsys, "list", "--path", CATALOGUE)
    assert code == 0 and "liu2019.fbeta-laplace" in out and "000_0f0c1e9c4d2d1ce3.txt" in out
    code, out, _ = run(capsys, "show", "liu2019.pr-relation", "--path", CATALOGUE)
    assert code == 0 and "thm5:precision" in out and "PROVED" in out
    code, out, _ = run(capsys, "show", "liu2019.pr-relation", "--latex", "--path", CATALOGUE)
    assert code == 0 and r"\symdpheading{" in out


def test_failing_claim_exits_1(capsys, derivation_dir):
    folder = derivation_dir('''
import sympy as sp
from symdp import derivation
x = sp.Symbol("x", positive=True)

@derivation(id="t.false", title="a false claim", paper="p.txt", where="-")
def false_claim(d):
    d.identity("wrong", sp.exp(x), 1 + x)
''')
    code, out, _ = run(capsys, "check", "--path", str(folder))
    assert code == 1 and "FAILED t.false :: wrong: REFUTED" in out


def test_a_folder_whose_only_file_does_not_import_shows_the_import_error(capsys, derivation_dir):
    folder = derivation_dir("import no_such_module_for_symdp\n")
    code, out, err = run(capsys, "check", "--path", str(folder))
    assert code == 1 and "ModuleNotFoundError" in out and "-k" not in err


def test_check_takes_one_derivation_file_as_its_path(capsys, derivation_dir):
    folder = derivation_dir('''
import sympy as sp
from symdp import derivation
x = sp.Symbol("x", positive=True)

@derivation(id="t.one", title="one file", paper="p.txt", where="-")
def one(d):
    d.identity("square", (x + 1)**2, x**2 + 2*x + 1)
''', name="one.py")
    (folder / "other.py").write_text("import no_such_module_for_symdp\n")
    code, out, _ = run(capsys, "check", "--path", str(folder / "one.py"))
    assert code == 0 and "t.one" in out and "did not import" not in out


def test_help_and_module_entry_point():
    proc = subprocess.run([sys.executable, "-m", "symdp", "epsilon", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "--bound" in proc.stdout



_PROVED = '''
import sympy as sp
from symdp import derivation
x = sp.Symbol("x", positive=True)

@derivation(id="t.losing", title="a proof to keep", paper="none", where="none")
def losing(d):
    d.sign("c", x**2, "nonnegative", {x: sp.Interval(0, 1)})
'''


def test_certify_keeps_the_certificates_of_a_derivation_over_its_timeout(capsys, tmp_path):
    """A derivation over --timeout makes none of its certificates again: the recorded ones stay (an empty file
    used to replace them), and stderr names it."""
    from symdp.engine.proof import certificates
    (tmp_path / "slow.py").write_text(_PROVED)
    assert run(capsys, "certify", "--path", str(tmp_path), "--no-cache", "-j", "1")[0] == 0
    recorded = certificates.path_for(str(tmp_path / "slow.py")).read_text()
    (tmp_path / "slow.py").write_text(_PROVED.replace("def losing(d):\n", "def losing(d):\n    time.sleep(30)\n")
                                      .replace("import sympy", "import time\nimport sympy"))
    code, out, err = run(capsys, "certify", "--path", str(tmp_path), "--no-cache", "-j", "1", "--timeout", "0.5")
    assert code == 1 and "--timeout" in out and "1 derivation(s) did not finish" in err and "t.losing" in err
    assert certificates.path_for(str(tmp_path / "slow.py")).read_text() == recorded


def test_certify_names_the_proofs_it_loses(capsys, tmp_path):
    """Certificates made again: a claim the replaced file proved and the new one does not is named on stderr
    (issue 20: a symbolic budget that runs out on a loaded machine used to lose a proof silently)."""
    from symdp.cli import run as cli_run
    from symdp.engine.proof import certificates
    (tmp_path / "losing.py").write_text(_PROVED)
    code, _, err = run(capsys, "certify", "--path", str(tmp_path), "--no-cache", "-j", "1")
    assert code == 0 and "not proved now" not in err
    before = cli_run._proved_in(certificates, {str(tmp_path / "losing.py")})
    assert before == {"t.losing::c"}
    cli_run._report_lost(before, set())
    assert "1 claim(s)" in capsys.readouterr().err
    code, _, err = run(capsys, "certify", "--path", str(tmp_path), "--no-cache", "-j", "1")
    assert code == 0 and "not proved now" not in err    # proved again: nothing lost
