"""A regions proof found on a face replays (a bug found by the fresh held-out folder on 2026-12-02, fixed).

``fresh.true::laplace-rdp-le-eps`` (eps - D_alpha(Laplace) >= 0, alpha > 1) is PROVED by certify as "validated
numerics by regions of alpha ... on the face epsilon = 0"; its replay ended as an ERROR (``AttributeError: 'str'
object has no attribute 'values'``) because ``regions._replay`` passed the face's reduced claim as
``_replay_regions(expr, domain, which, ...)`` where the signature is ``(expr, which, domain, ...)``."""
import sys
from pathlib import Path

from symdp.engine.proof import certificates as certs
from symdp.engine.run.recorder import Recorder
from symdp.engine.model.status import Status

FRESH = Path(__file__).resolve().parents[1] / "heldout" / "fresh"


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
