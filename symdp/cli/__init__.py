"""The command line (``symdp``; entry point ``symdp.cli:main``, also ``python -m symdp``)."""
from .main import CALCULATOR_SCHEMA_VERSION, _calculator_json, build_parser, main

__all__ = ["CALCULATOR_SCHEMA_VERSION", "build_parser", "main"]
