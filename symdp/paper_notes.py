"""What reading a paper did not read, as `symdp paper` prints it: one line per note, and what to do about it.

A file outside the paper's project (``\\input{../preamble}`` in a folder with no ``.git`` above it) is never
read, so its macros are unknown and the displays that use them are refused as "not in the notation": the hint
names ``--root``, the folder that holds both.
"""
from __future__ import annotations

ROOT_HINT = ("hint: {n} file(s) outside the paper's project were not read (their macros are unknown to every "
             "display that uses them); give --root FOLDER, a folder holding them and the paper, to read them")


def notes_text(notes) -> list[str]:
    """``note: main.tex:3: \\input{../preamble}: outside the project ...`` lines, then the hint when one applies."""
    lines = [f"note: {n.describe()}" for n in notes]
    outside = sum(n.kind == "outside" for n in notes)
    return lines + ([ROOT_HINT.format(n=outside)] if outside else [])
