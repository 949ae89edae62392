"""One-line ``repr`` of a step and of a derivation result."""
from __future__ import annotations


def step_repr(step) -> str:
    """One line: kind, claim id, status (expected), method."""
    what = f"{step.kind} {step.claim_id}" if step.claim_id else step.kind
    exp = f", expected {step.expect.value}" if step.expect else ""
    ok = "" if not step.claim_id else (", ok" if step.ok else ", FAILED")
    return f"<Step {what}: {step.status.value}{exp} by {step.outcome.method or '-'}{ok}>"


def result_repr(result) -> str:
    from collections import Counter
    counts = Counter(c.status.value for c in result.claims)
    text = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    return (f"<DerivationResult {result.id}: {result.status.value}, {len(result.claims)} claim(s)"
            f"{' (' + text + ')' if text else ''}, {'ok' if result.ok else 'FAILED'}>")
