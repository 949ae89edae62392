"""What the calculators print: one line of JSON, or their text (epsilon, table1, notions, guessing, tvd, mia)."""
from __future__ import annotations

import json

CALCULATOR_SCHEMA_VERSION = 1
"""Version of the calculators' --json documents (symdp/schemas/); raised on any incompatible change of
their shape."""


def calculator_json(doc: dict) -> str:
    """One line of JSON with ``schema_version`` and ``tools``, as ``check --json`` (sorted keys)."""
    from ..versions import tool_versions
    return json.dumps({**doc, "schema_version": CALCULATOR_SCHEMA_VERSION, "tools": tool_versions()},
                      sort_keys=True)


def emit(as_json: bool, doc: dict, text) -> int:
    """Print ``doc`` as JSON, or ``text`` (a string, or a function of ``doc`` giving it); exit code 0."""
    print(calculator_json(doc) if as_json else (text(doc) if callable(text) else text))
    return 0
