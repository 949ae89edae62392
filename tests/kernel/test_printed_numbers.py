"""A printed number's PROVED verdict is checked again by the kernel's own enclosure (``kernel_proofs.rounded``):
the derived constant lies among the values that round to the printed digits.  Oracle: Tsai et al.'s 0.697 is
1 - e^{-1/2}/2 = 0.696734... (by hand: e^{-1/2} = 0.606531, halved 0.303265)."""
import sympy as sp

from symdp.engine.proof.kernel_proofs import rounded

VALUE = 1 - sp.exp(-sp.Rational(1, 2)) / 2


def test_a_printed_number_is_kernel_checked():
    assert rounded("0.697", VALUE, 3, "nearest") == "kernel-checked"
    assert rounded("0.696", VALUE, 3, "down") == "kernel-checked"
    assert rounded("15", 15, 0, "nearest") == "kernel-checked"


def test_a_wrong_printed_number_is_not():
    assert rounded("0.696", VALUE, 3, "nearest") is None       # 0.6967 rounds to 0.697
    assert rounded("0.697", VALUE, 3, "down") is None          # truncated, it is 0.696
    assert rounded("0.70", VALUE, 2, "up") == "kernel-checked"
    assert rounded("0.69", VALUE, 2, "up") is None


def test_an_included_end_asks_a_little_more():
    """Truncating exactly 15 to 0 places gives 15; the kernel's claim is strict at the open end's side (15 < 16) and
    at the included one too (15 > 15 fails): no proof object, the engine's exact verdict stands alone."""
    assert rounded("15", 15, 0, "down") is None
