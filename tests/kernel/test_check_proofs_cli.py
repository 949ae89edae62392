"""``symdp check-proofs``: counts per file, exit 0 when nothing exported is rejected, 1 otherwise, 2 on bad input."""
from __future__ import annotations

import json
from pathlib import Path

from symdp import kernel
from symdp.cli.main import main
from symdp.engine.run import proof_audit

FILE = str(Path(__file__).resolve().parents[1] / "heldout" / "claims" / "identities.py")


def test_a_file_whose_proofs_the_kernel_accepts_exits_0(capsys):
    assert main(["check-proofs", FILE]) == 0
    out = capsys.readouterr().out
    assert "0 rejected" in out and "kernel-checked by rule: algebra" in out and "not exportable yet:" in out


def test_verbose_lists_each_proof_with_its_rules_or_why_not(capsys):
    assert main(["check-proofs", FILE, "-v"]) == 0
    out = capsys.readouterr().out
    assert "PROVED (kernel-checked) by algebra" in out and ": not exported: symbolic (" in out


def test_json_output_counts_by_method(capsys):
    assert main(["check-proofs", FILE, "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)["files"]
    assert row["proved"] == sum(row["exported"].values()) + sum(row["unexported"].values())
    accepted = [p for p in row["proofs"] if p["outcome"].startswith("PROVED")]
    assert len(accepted) == sum(row["exported"].values()) and not row["rejected"]
    assert sum(row["kernel_checked"].values()) == sum("kernel-checked" in p["outcome"] for p in accepted)
    assert row["kernel_checked"]["algebra"] >= 8 and row["trusting"] == {"sympy.limit": 3}   # the limits at oo
    assert len(row["proofs"]) == row["proved"]


def test_a_rejected_proof_exits_1_and_names_its_node(capsys, monkeypatch):
    monkeypatch.setattr(proof_audit.kernel, "check", lambda claim, proof: kernel.Verdict(False, node="algebra",
                                                                                       reason="planted"))
    assert main(["check-proofs", FILE]) == 1
    assert "REJECTED" in capsys.readouterr().out


def test_bad_input_exits_2(capsys):
    assert main(["check-proofs", "no/such/folder"]) == 2
    assert "PATH" in capsys.readouterr().err


def test_help_names_the_counts(capsys):
    try:
        main(["check-proofs", "--help"])
    except SystemExit as exc:
        assert exc.code == 0
    assert "kernel" in capsys.readouterr().out
