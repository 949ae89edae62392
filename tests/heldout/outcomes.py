"""The held-out suites' shared helpers: a folder file's claims through symdp.run, and a table of outcomes."""
import symdp


def claims_of(path) -> list:
    """Every claim of the derivation file at ``path``, run as a user would (certificates replayed)."""
    run = symdp.run(str(path))
    assert not run.errors, run.errors
    return [c for r in run.results for c in r.claims]


def table(claims) -> str:
    return "\n".join(f"{c.claim_id}: {c.outcome.status.value} ({c.outcome.method}) {c.outcome.detail[:160]}"
                     for c in claims)
