"""A regions proof found on a face replays (known bug, found by the fresh held-out folder on 2026-12-02).

``fresh.true::laplace-rdp-le-eps`` (eps - D_alpha(Laplace) >= 0, alpha > 1) is PROVED by certify as "validated
numerics by regions of alpha ... on the face epsilon = 0", but its replay ends as an ERROR
(``AttributeError: 'str' object has no attribute 'values'``): ``regions._replay`` passes the face's reduced claim
as ``_replay_regions(expr, domain, which, ...)`` where the signature is ``(expr, which, domain, ...)``.
``regions.py`` is hashed into every certificate, so the one-line fix waits for the next re-certification of the
catalogue; this strict expected failure turns into an error the day it is fixed."""
import sys
from pathlib import Path

import pytest

from symdp.engine import certificates as certs
from symdp.engine.recorder import Recorder
from symdp.engine.status import Status

FRESH = Path(__file__).resolve().parents[1] / "heldout" / "fresh"


@pytest.mark.xfail(strict=True, reason="regions._replay passes the face's domain where `which` goes (fix with the "
                                       "next re-certification: regions.py is hashed)")
def test_a_regions_proof_on_a_face_replays():
    sys.path.insert(0, str(FRESH))
    try:
        import true_facts as t
    finally:
        sys.path.remove(str(FRESH))
    d = Recorder("fresh.true", book=certs.load(certs.path_for(str(FRESH / "true_facts.py"))))
    d.sign("laplace-rdp-le-eps", t.eps - t.renyi_laplace(t.alpha, t.eps), "nonnegative",
           {t.alpha: t.ABOVE_1, t.eps: t.POS})
    assert d.trace[-1].outcome.status is Status.PROVED, d.trace[-1].outcome.detail
