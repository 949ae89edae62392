"""The exporter turns a catalogue file's certificates into proof objects that the kernel accepts.

derivations/zhao2019/relations.py records both kinds the exporter handles: identities proved by rewrites
(``algebra``) and sign claims proved by a box log (``chart`` + ``boxes``, one box each there).  A box proof
of seven leaves (Pankova & Laud's simplified bound, uniform prior) is then tampered with (a leaf dropped, a
leaf widened): the kernel rejects it, naming the node.
"""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import sympy as sp

from symdp import kernel
from symdp.engine.proof import certificates as certs
from symdp.engine.run.proof_audit import audit_file
from symdp.engine.run.proof_capture import capture
from symdp.engine.proof.proof_export import Export, export, stated_claim
from symdp.engine.run.registry import collect

FILE = Path(__file__).resolve().parents[2] / "derivations" / "zhao2019" / "relations.py"
EPS = sp.Symbol("epsilon", positive=True)
BOXES = FILE.parents[1] / "pankova2023" / "s2_main_theorem.py"


@pytest.fixture(scope="module")
def specs():
    return list(collect(FILE).specs)


def test_every_exported_proof_of_the_file_is_accepted(specs):
    a = audit_file(str(FILE), specs)
    assert a.proved > 0 and not a.errors
    assert not a.rejected, a.rejected
    assert a.accepted == sum(a.exported.values()) >= 10
    assert a.checked["algebra"] >= 5 and a.checked["chart"] >= 1


def _exported(file, label):
    """The claim and proof object of ``label``: exported from its transcript, or, where a prover change left only
    the recorded proof object (kept because the kernel accepts it), that object against the claim as stated now."""
    claims, keyed = {}, {}
    for spec in collect(file).specs:
        got = capture(spec)
        claims.update(got.claims)
        keyed.update(got.keyed)
    found = [c for c in certs.load(certs.path_for(str(file))).values() if c.claim.endswith(label)]
    replayed = [c for c in found if c.transcript is not None and c.fingerprint in claims]
    if replayed:
        return export(claims[replayed[0].fingerprint], replayed[0])
    [c] = [c for c in found if c.kernel]
    return Export(stated_claim(keyed[c.key]), kernel.Proof.from_json(json.loads(c.kernel)["proof"]))


def test_a_tampered_exported_box_proof_is_rejected():
    made = _exported(BOXES, "::simplified:valid:uniform")
    chart = made.proof.root
    leaves = chart.premise.leaves
    assert len(leaves) >= 2 and kernel.check(made.claim, made.proof).accepted
    dropped = replace(chart, premise=replace(chart.premise, leaves=leaves[1:]))
    v = kernel.check(made.claim, kernel.Proof(dropped))
    assert not v.accepted and v.node == "chart/boxes" and "gap" in v.reason
    (a, b), *rest = leaves[0].box
    widened = (replace(leaves[0], box=((a, min(2 * b - a, 1)), *rest)),) + leaves[1:]
    v = kernel.check(made.claim, kernel.Proof(replace(chart, premise=replace(chart.premise, leaves=widened))))
    assert not v.accepted and v.node == "chart/boxes"


def test_a_method_with_no_translation_is_proved_afresh_by_a_kernel_rule():
    # "monotone from an end" has no kernel node; the claim's own statement is read by the signs rule (format 3)
    made = _exported(FILE, "::thm2:posterior-lower")
    assert made.proof is not None and made.proof.root.rule == "signs"
    assert kernel.check(made.claim, made.proof).kernel_checked
    # the same proof under the claim made false (the bound moved to exp(+2 eps), above the ratio) is rejected
    lowered = kernel.sign_claim(made.claim.lhs.subs(sp.exp(-2 * EPS), sp.exp(2 * EPS)), "positive", made.claim.domain)
    assert lowered.lhs != made.claim.lhs and not kernel.check(lowered, made.proof).accepted
