"""Canonical srepr text (symdp/kernel/srepr.py ``write``): the same in every process, whatever SymPy's cache holds.

The flake it fixes: in a whole-catalogue ``symdp check -j 2``, tvd2023.s6-optimal-composition's ``eq6:term`` was
now and then "searched, no recorded proof": its key hashed ``srepr``, which prints a symbol's assumptions as the
keywords it was *made* with, and SymPy's cache hands back an earlier, equal expression holding an equal symbol made
with other keywords (another derivation's ``nonnegative=True, integer=True``).
"""
import subprocess
import sys

import sympy as sp

from symdp.engine.proof import certificates as certs
from symdp.kernel.algebra import canonical, spelled
from symdp.kernel.srepr import read, write


def test_equal_symbols_made_apart_are_written_alike():
    a = sp.Symbol("i_canon", integer=True, nonnegative=True)
    b = sp.Symbol("i_canon", nonnegative=True, integer=True, real=True)
    assert a == b and sp.srepr(a) != sp.srepr(b)
    assert write(a) == write(b) == "Symbol('i_canon', integer=True, nonnegative=True)"


def test_the_cache_no_longer_moves_a_key():
    a = sp.Symbol("j_canon", integer=True, nonnegative=True)
    first = a - 1   # cached: an equal Add made later with b hands back this one, holding a
    b = sp.Symbol("j_canon", nonnegative=True, integer=True)
    later = b - 1
    assert sp.srepr(later) == sp.srepr(first)   # the hazard: later's text names a, not b
    fresh = subprocess.run([sys.executable, "-c",
                            "import sympy as sp; from symdp.engine.proof import certificates as c; "
                            "b = sp.Symbol('j_canon', nonnegative=True, integer=True); "
                            "print(c.claim_key('sign', b - 1, 'positive', {}))"],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert certs.claim_key("sign", later, "positive", {}) == fresh
    assert certs.fingerprint("sign", later, "positive", {}) == certs.fingerprint("sign", b - 1, "positive", {})


def test_distinct_symbols_are_written_apart():
    kinds = [{}, {"real": True}, {"positive": True}, {"nonnegative": True}, {"integer": True},
             {"integer": True, "positive": True}, {"integer": True, "nonnegative": True}, {"nonzero": True},
             {"negative": True}, {"extended_real": True}, {"finite": True}, {"rational": True}]
    texts = [write(sp.Symbol("x", **k)) for k in kinds]
    assert len(set(texts)) == len(kinds)


def test_written_text_reads_back_to_the_same_expression():
    x, n = sp.Symbol("x", positive=True, real=True), sp.Symbol("n", nonnegative=True, integer=True)
    e = sp.exp(-x ** 2 / 2) * (n + 1) / sp.log(1 + x)
    assert read(write(e)) == e


def test_a_dummy_is_written_without_its_index():
    assert write(sp.Dummy("t", positive=True)) == "Dummy('t', positive=True, dummy_index=?)"


def test_recorded_texts_of_either_spelling_are_accepted_and_no_other():
    b = sp.Symbol("k_canon", nonnegative=True, integer=True, real=True)
    e = sp.exp(b) - 1
    assert spelled(canonical(e), e) and spelled(sp.srepr(e), e)
    assert not spelled(canonical(e + 1), e)
    assert not spelled(canonical(sp.Symbol("k_canon", integer=True) - 1 + sp.exp(sp.Symbol("k_canon", integer=True))), e)
