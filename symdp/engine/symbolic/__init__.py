"""Symbolic proof routes: the provers that rewrite, factor and take limits (under budgets, with transcripts),
and the routes built on them: kink cases, Max/Min splits, induction on an integer bound, logarithms, integrals
piece by piece, ``solve`` with its roots placed."""
