"""Numeric evidence: seeded samples and moving searches for counterexamples (VERIFIED and REFUTED), each
point judged with certainty by enclosures; independent brute-force oracles for cross-checks."""
