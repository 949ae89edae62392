"""Reusable derivation procedures: sequences of recorded steps and claims that
several catalogue files run with their own printed formulas (a paper derives
the same optimum for several adversaries)."""
