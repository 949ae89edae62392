"""The adversary: precision, recall, F-beta, its optimum and inverse problems.

``metrics`` and ``closed_forms`` are symbolic (SymPy); ``fast`` is the
vectorised numpy path; ``inverse`` answers "largest epsilon for a bound" in
mpmath without importing SymPy, so the command line answers in milliseconds.
"""
