"""A safe, validated JSON codec for SymPy expressions and derivation results (the result cache's format).

expressions: SymPy expressions (an allow-list of classes, never eval/sympify/pickle); records: derivation
results built on it; checks: :class:`CodecError` and the structural checks both share.
"""
from .checks import CodecError
from .expressions import EXTRA_CLASSES, MAX_DEPTH, MAX_NODES, decode_expr, encode_expr, register
from .records import FORMAT, dumps, loads, result_from_json, result_to_json

__all__ = ["CodecError", "EXTRA_CLASSES", "FORMAT", "MAX_DEPTH", "MAX_NODES", "decode_expr", "dumps", "encode_expr",
           "loads", "register", "result_from_json", "result_to_json"]
