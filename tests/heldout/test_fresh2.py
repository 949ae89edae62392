"""The second fresh held-out folder (issue 50): 40 true DP facts and 20 near-miss false versions.

tests/heldout/fresh2/ was written blind to the prover on 2026-12-08 (a helper that read no engine, kernel, derivation,
earlier held-out claim or certificate) and committed before any prover measurement; its truth is checked independently
in mpmath by fresh2/check_truth.py.  Its claims are never reshaped.  It has no certificates yet: searched, its 60
claims take longer than the default 900 s per derivation on two cores (measured in the closing note of 2026-12-08), so
it runs only when asked: ``SYMDP_FRESH=1 python -m pytest tests/heldout/test_fresh2.py``.  Two bars, as the first
folder's (test_fresh.py): soundness, and issue 50's (at least 80 % of the true claims PROVED; xfail until met).
"""
import os
from pathlib import Path

import pytest

from outcomes import claims_of, table as _table
from symdp.engine.model.status import Status

FRESH2 = Path(__file__).parent / "fresh2"
pytestmark = pytest.mark.skipif(os.environ.get("SYMDP_FRESH") != "1",
                                reason="the fresh held-out folders are searched only when asked (SYMDP_FRESH=1)")


@pytest.fixture(scope="module")
def true_claims():
    return claims_of(FRESH2 / "true_facts.py")


@pytest.fixture(scope="module")
def false_claims():
    return claims_of(FRESH2 / "near_misses.py")


def test_fresh2_folder_is_sound(true_claims, false_claims):
    assert len(true_claims) == 40 and len(false_claims) == 20
    wrong_true = [c for c in true_claims if c.outcome.status in (Status.REFUTED, Status.ERRATUM, Status.ERROR)]
    wrong_false = [c for c in false_claims if c.outcome.status in (Status.PROVED, Status.VERIFIED)]
    assert not wrong_true and not wrong_false, _table(wrong_true + wrong_false)


@pytest.mark.xfail(strict=False, reason="issue 50 bar, measured in the closing note")
def test_fresh2_folder_meets_issue_50_bar(true_claims, false_claims):
    proved = [c for c in true_claims if c.outcome.status is Status.PROVED]
    unrefuted = [c for c in false_claims if c.outcome.status is not Status.REFUTED]
    assert len(proved) >= 0.8 * len(true_claims) and not unrefuted, \
        _table([c for c in true_claims if c not in proved] + unrefuted)
