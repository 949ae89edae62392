"""The safe JSON codec of the result cache (see :mod:`.expressions`)."""
from .expressions import *  # noqa: F401,F403
from .expressions import CodecError, decode_expr, dumps, encode_expr, loads, register, result_from_json, result_to_json
