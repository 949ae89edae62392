"""Proofs that outlive the search: certificates (transcripts and proof objects), their export to the kernel's
format (:mod:`symdp.kernel`), the kernel's acceptance in a run, and recorded counterexamples."""
