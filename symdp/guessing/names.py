"""The names of the priors and of their parameters (light to import: the command line's help uses them)."""
from __future__ import annotations

PRIOR_NAMES = ("normal", "uniform", "exponential", "two-bump")
"""The keys of :data:`.priors.PRIORS` (a test keeps the two in step)."""
PARAMS = {"normal": ("mu", "sigma"), "uniform": ("lo", "hi"), "exponential": ("rate",), "two-bump": ("s",)}
"""The parameters of each prior, in the order its constructor takes them."""
