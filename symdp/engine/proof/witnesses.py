"""Recorded counterexamples of opaque sign claims: the point a library audit was refuted at, judged again first.

A sign claim on an mpmath callable (an audit oracle: a library's value against the derived one,
``derivations/libraries/``) has no expression to hash and no proof to record; ``symdp check`` samples it, and
where a point violates it, shrinks the witness to a readable one, calling the library at each candidate (a
privacy-loss distribution built again each time, up to a second).  The shrunk point, exactly as mpmath held it, is
recorded in the derivation's ``.proofs.json`` as a one-entry transcript (``witness: {...}``) under a key made of the
claim's label, sign, domain and sample size (:func:`key`).  The next check judges that point first, on its
enclosure, as the search did: where the claim is still violated there, certainly, the outcome is the one the search
gave (same point, same values, same count of points), with no sample and no shrink; anywhere else (a library that
changed, a record that does not decode) the claim is sampled afresh.  A recorded point never decides anything a
fresh judgement at it would not: it only says where to look first.
"""
from __future__ import annotations

import json

import mpmath as mp
from mpmath.libmp import MPZ

from . import certificates as certs
from ..model.records import Outcome
from ..model.status import Status

PREFIX = "witness: "
METHOD = "numeric counterexample (certified)"


def key(label: str, which: str, domain: dict, n: int) -> str:
    """The record's key: the claim's label (an opaque callable has no content to hash), its sign, domain and
    sample size."""
    return certs.fingerprint("sign of an opaque callable", label, which, domain, n)


def entry(outcome: Outcome) -> str | None:
    """The transcript entry of a certified counterexample (its exact point and the count of points it took), or
    None for any other outcome."""
    w = outcome.witness
    if outcome.status is not Status.REFUTED or outcome.method != METHOD or w is None or not w.exact:
        return None
    return PREFIX + json.dumps({"point": [[name, list(mpf)] for name, mpf in w.exact], "points": outcome.points},
                               sort_keys=True, separators=(",", ":"))


def read(recorded, domain: dict):
    """(point, points) of a recorded certificate's witness, the point's symbols those of ``domain``; None when
    there is none or it does not decode (the claim is then sampled afresh)."""
    if recorded is None or not recorded.transcript or len(recorded.transcript) != 1:
        return None
    text = recorded.transcript[0]
    if not isinstance(text, str) or not text.startswith(PREFIX):
        return None
    try:
        data = json.loads(text[len(PREFIX):])
        by_name = {str(s): s for s in domain}
        point = {by_name[name]: _exactly(a, b, c, d) for name, (a, b, c, d) in data["point"]}
        return (point, int(data["points"])) if set(point) == set(domain) else None
    except (ValueError, KeyError, TypeError):
        return None


def _exactly(sign, mantissa, exponent, bits):
    """The mpf with these parts, not rounded to the working precision (the point the search judged, bit for bit)."""
    if not all(isinstance(v, int) for v in (sign, mantissa, exponent, bits)) or sign not in (0, 1) or mantissa < 0:
        raise ValueError("not the parts of a binary floating-point number")
    return mp.make_mpf((sign, MPZ(mantissa), exponent, bits))


def certificate(label: str, fingerprint: str, outcome: Outcome):
    """The record to file for ``outcome`` (a certificate with one transcript entry), or None."""
    made = entry(outcome)
    return None if made is None else certs.Certificate(fingerprint, label, (made,))
