"""Rigorous enclosures: SymPy expressions compiled to python-flint's arb balls (with integrals, series and
Piecewise), one point judged by them, kinks for quadrature, and printed numbers judged exactly."""
