"""What both codecs check and how they fail: :class:`CodecError`, located by where in the data it happened."""
from __future__ import annotations

import contextlib
import importlib

MAX_NAME = 1_000
"""Characters of the longest class or symbol name."""


class CodecError(ValueError):
    """Something cannot be encoded, or stored data is not a valid encoding."""

    def __init__(self, message: str, path: tuple[str, ...] = ()):
        self.message, self.path = message, path
        super().__init__(str(self))

    def __str__(self) -> str:
        path = self.path if len(self.path) <= 12 else self.path[:6] + ("...",) + self.path[-5:]
        return f"{''.join(path)}: {self.message}" if path else self.message


@contextlib.contextmanager
def located(step: str):
    """Prefix the location ``step`` to a CodecError raised inside."""
    try:
        yield
    except CodecError as exc:
        exc.path = (step,) + exc.path
        exc.args = (str(exc),)
        raise


@contextlib.contextmanager
def recursion_guard():
    """Python's recursion limit (deep SymPy internals, deep JSON) as a CodecError."""
    try:
        yield
    except RecursionError:
        raise CodecError("too deeply nested for Python's recursion limit") from None


def map_located(fn, items, step: str = "[{}]") -> list:
    """``[fn(item) ...]``, each call located by ``step`` formatted with its index."""
    out = []
    for i, item in enumerate(items):
        with located(step.format(i)):
            out.append(fn(item))
    return out


def expect(data, kind: type, what: str, exact: bool = True):
    """``data`` when it is of type ``kind`` (exactly, by default: bool is not int)."""
    if type(data) is not kind if exact else not isinstance(data, kind):
        raise CodecError(f"{what} must be {kind.__name__}, got {type(data).__name__} {short(data)}")
    return data


def short(data) -> str:
    text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


def check_keys(data: dict, allowed, required, what: str) -> None:
    unknown = sorted(set(data) - set(allowed), key=str)
    missing = sorted(set(required) - set(data))
    if unknown:
        raise CodecError(f"unknown key(s) {unknown} in {what} (allowed: {sorted(allowed)})")
    if missing:
        raise CodecError(f"missing key(s) {missing} in {what}")


def valid_name(data, what: str = "name") -> str:
    if not expect(data, str, what) or len(data) > MAX_NAME:
        raise CodecError(f"{what} must be a non-empty string of at most {MAX_NAME} characters")
    return data


def call_checked(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``; any failure is a CodecError."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:  # a constructor refusing its args: invalid data
        raise CodecError(f"{fn.__name__} cannot be built from its args: {type(exc).__name__}: {exc}") from None


def defined_in(name: str) -> list:
    """The objects defined in module ``name`` ([] when there is no such module)."""
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return []
    return [v for v in vars(module).values() if getattr(v, "__module__", None) == name]


