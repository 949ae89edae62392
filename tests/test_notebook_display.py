"""What Jupyter shows: IPython's display formatter (the code a notebook runs) on a Run and a result.

The HTML must be well formed (every tag closed in order), carry the statuses and the mathematics for MathJax,
and escape the text of the trace; the LaTeX is a display-math array.
"""
from html.parser import HTMLParser
from pathlib import Path

import pytest

import symdp

TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "tutorial"
VOID = {"br", "hr", "img", "meta", "input", "col", "wbr"}


class _Balanced(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


@pytest.fixture(scope="module")
def bundles():
    interactive = pytest.importorskip("IPython.core.interactiveshell")
    shell = interactive.InteractiveShell.instance()
    run = symdp.run(str(TUTORIAL))
    return [shell.display_formatter.format(obj)[0] for obj in (run, run[0])]


def test_jupyter_gets_html_latex_and_plain_text(bundles):
    for bundle in bundles:
        assert {"text/plain", "text/html", "text/latex"} <= set(bundle)
        assert bundle["text/plain"].startswith("<symdp.Run") or bundle["text/plain"].startswith("<DerivationResult")


def test_html_is_well_formed_and_escaped(bundles):
    for bundle in bundles:
        parser = _Balanced()
        parser.feed(bundle["text/html"])
        assert parser.errors == [] and parser.stack == []
        html = bundle["text/html"]
        assert "ERRATUM" in html and "PROVED" in html and r"\(" in html   # statuses, MathJax inline maths
        assert "x >= 0" not in html and "x &gt;= 0" in html                 # trace text escaped


def test_latex_is_display_math(bundles):
    for bundle in bundles:
        assert bundle["text/latex"].startswith("$$") and bundle["text/latex"].rstrip().endswith("$$")
