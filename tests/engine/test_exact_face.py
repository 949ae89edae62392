"""The exact-zero test at a face (validated.rules._zero_at) refuses a face too large for SymPy's cancel.

On a derivative of Pankova & Laud's closed-form posterior, cancel held 14 GB and once aborted the process
(GMP "overflow in mpz type"); a refused face leaves its box open, which is sound."""
import sympy as sp

from symdp.engine.validated import rules

x, y = sp.symbols("x y", real=True)


def _zero_face(terms):
    """x times a sum that is identically 0 but that SymPy keeps until cancel: (y^2 - k^2)/(y - k) - (y + k)."""
    return x * sum((y**2 - k**2) / (y - k) - (y + k) for k in range(1, terms + 1))


def test_a_small_face_that_is_zero_is_shown_zero():
    assert rules._zero_at(_zero_face(3), x, 1, (False, False)) is True


def test_a_face_past_the_size_limit_is_not_tested():
    face = _zero_face(120)
    assert sp.count_ops(face.xreplace({x: 1})) > rules.EXACT_OPS
    assert rules._zero_at(face, x, 1, (False, False)) is False
