"""Quotes: by label in a .tex file, by line in a seed text; verified when the file is reachable.

Oracle: the seed text itself (Liu et al. 2019, line 175 prints Eq. 6), read here with plain string
operations, and a .tex file written by the test.
"""
from pathlib import Path

import pytest
import sympy as sp

from symdp.engine.model.records import Source
from symdp.engine.run.registry import Spec
from symdp.engine.run.runner import run_one
from symdp.errors import SymdpError
from symdp.latex import Reading, quote
from symdp.latex.quote import papers_folder
from symdp.mechanisms import laplace
from symdp.symbols import alpha, eps

SEED = "000_0f0c1e9c4d2d1ce3.txt"
EQ6 = (r"\theta = \begin{cases} -\frac{\Delta Q \log 2\alpha}{\epsilon} + Q(D'), & \alpha \in [0, 0.5] \\ "
       r"\frac{\Delta Q \log 2(1-\alpha)}{\epsilon} + Q(D'), & \alpha \in (0.5, 1] \end{cases}")
UNIT = {alpha: sp.Interval.open(0, 1)}
needs_seeds = pytest.mark.skipif(papers_folder(Path(__file__).parent) is None, reason="seed texts not present")


def _run(body):
    return run_one(Spec("t", "t", Source("p", "w"), body, "", "")).claims


@needs_seeds
def test_a_seed_quote_is_checked_against_the_text():
    line = next(k for k, t in enumerate((papers_folder(Path(__file__).parent) / SEED).read_text().splitlines(), 1)
                if t.startswith(r"$$\theta = \begin{cases}"))
    assert quote(SEED, line=line, number="(6)", latex=EQ6).formula().latex == EQ6
    assert quote(SEED, line=line).formula().latex.startswith(r"\theta = \begin{cases}")
    with pytest.raises(SymdpError, match="as it stands"):
        quote(SEED, line=line, latex=EQ6.replace("0.5", "0.6")).formula()
    with pytest.raises(SymdpError, match="number"):
        quote(SEED, line=line, number="(7)", latex=EQ6).formula()


def test_an_unreachable_seed_still_works(monkeypatch, tmp_path):
    monkeypatch.setenv("SYMDP_PAPERS", str(tmp_path))
    claims = _run(lambda d: d.printed("eq6", quote(SEED, line=175, number="(6)", latex=EQ6), laplace.threshold(),
                                      UNIT, where="Eq. 6"))
    assert claims[0].status.holds and claims[0].provenance.file == SEED and claims[0].printed_latex == EQ6


def test_a_label_quote_reads_the_tex_file_and_records_what_it_read(tmp_path):
    tex = tmp_path / "paper.tex"
    tex.write_text("\\begin{equation}\n  \\theta = e^{\\epsilon} \\label{eq:a}\n\\end{equation}\n")
    q = quote(str(tex), label="eq:a")
    claims = _run(lambda d: d.printed("a", q, sp.exp(eps)))
    assert claims[0].status.holds and claims[0].provenance.line == 2 and claims[0].provenance.label == "eq:a"
    with pytest.raises(SymdpError, match="eq:b"):
        quote(str(tex), label="eq:b").formula()


def test_a_reading_is_judged_and_the_literal_is_noise():
    shift = Reading("epsilon into the exponent", "the extraction set epsilon beside e^{...}",
                    lambda e: sp.exp(e / sp.E))  # e^{1} epsilon -> e^{epsilon}
    claims = _run(lambda d: d.printed("r", r"e^{1} \epsilon", sp.exp(eps), reading=shift))
    assert claims[0].status.holds
    assert "extraction noise" in claims[0].outcome.detail and claims[0].provenance.reading.startswith("epsilon")


def test_bad_quotes_are_refused():
    for kwargs in ({}, {"label": "a", "line": 3}, {"line": 0}, {"line": 2, "number": "twelve"}, {"label": ""}):
        with pytest.raises(SymdpError):
            quote("x.tex", **kwargs)


def test_a_claim_that_does_not_parse_is_an_error_quoting_the_fragment():
    claims = _run(lambda d: d.printed("p", r"q(e^\epsilon - 1)", eps))
    assert claims[0].status.value == "ERROR" and "q(" in claims[0].outcome.detail
