"""JSON Schemas (draft 2020-12) of the ``--json`` outputs of the command line; see docs/formats.md."""
