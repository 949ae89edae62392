"""symdp's benchmark suite: ``python -m benchmarks`` (see run.py)."""
