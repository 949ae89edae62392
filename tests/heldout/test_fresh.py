"""The fresh held-out folders (issue 50, item 6): 40 true DP facts and 20 near-miss false versions in each.

tests/heldout/fresh/ was written blind to the prover on 2026-12-02 and committed
before any prover measurement; its truth is checked independently in mpmath by
fresh/check_truth.py.  Its claims are never reshaped.  Two bars:

- soundness (must hold now): no true claim REFUTED, ERRATUM or ERROR; no false
  claim PROVED or VERIFIED;
- issue 50's bar (measured in the closing note, xfail until met): at least 80 %
  of the true claims PROVED, every false claim REFUTED with a witness certified
  by an enclosure.

Its certificates (``*.proofs.json``) were filed on 2026-12-04; searched without them its 60 claims take about 20
CPU-minutes (664 s of wall time on two cores on 2026-12-05), past the CI budget, so it runs only when asked:
``SYMDP_FRESH=1 python -m pytest tests/heldout/test_fresh.py``.
"""
import os
from pathlib import Path

import pytest

from outcomes import claims_of, table as _table
from symdp.engine.model.status import Status

FOLDERS = ("fresh", "fresh2")
"""fresh/ (2026-12-02) and fresh2/ (2026-12-08, written alike, no certificates yet: its search runs past the default
900 s per derivation on two cores, measured in the closing note of 2026-12-08)."""
pytestmark = pytest.mark.skipif(os.environ.get("SYMDP_FRESH") != "1",
                                reason="the fresh held-out folders are searched only when asked (SYMDP_FRESH=1)")


@pytest.fixture(scope="module", params=FOLDERS)
def claims(request):
    """(true claims, false claims) of one folder."""
    folder = Path(__file__).parent / request.param
    return claims_of(folder / "true_facts.py"), claims_of(folder / "near_misses.py")


def test_fresh_folder_is_sound(claims):
    true_claims, false_claims = claims
    assert len(true_claims) == 40 and len(false_claims) == 20
    wrong_true = [c for c in true_claims if c.outcome.status in (Status.REFUTED, Status.ERRATUM, Status.ERROR)]
    wrong_false = [c for c in false_claims if c.outcome.status in (Status.PROVED, Status.VERIFIED)]
    assert not wrong_true and not wrong_false, _table(wrong_true + wrong_false)


@pytest.mark.xfail(strict=False, reason="issue 50 bar, measured in the closing note")
def test_fresh_folder_meets_issue_50_bar(claims):
    true_claims, false_claims = claims
    proved = [c for c in true_claims if c.outcome.status is Status.PROVED]
    unrefuted = [c for c in false_claims if c.outcome.status is not Status.REFUTED or c.outcome.witness is None
                 or "enclosure" not in c.outcome.detail]
    assert len(proved) >= 0.8 * len(true_claims) and not unrefuted, \
        _table([c for c in true_claims if c not in proved] + unrefuted)
