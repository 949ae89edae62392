"""A step's name in a report: LaTeX as written, but a plain identifier with a Greek letter typeset as its symbol."""
import pytest

from symdp.report.views import _name


@pytest.mark.parametrize("name, shown", [
    ("D_alpha", r"D_{\alpha}"),            # was set as the italic letters D_a lpha
    ("rho", r"\rho"),
    ("alpha_k", r"\alpha_{k}"),
    ("f", "f"),                           # plain names and LaTeX names are kept as written
    ("D_1", "D_1"),
    (r"F_\beta", r"F_\beta"),
    (r"\mathrm{RSR}", r"\mathrm{RSR}"),
    ("U_{printed}", "U_{printed}"),
])
def test_step_names(name, shown):
    assert _name(name) == shown
