"""The array arguments of the fast paths (:mod:`.fast`): checked, broadcast and flattened, and cut into blocks.

A parameter is refused with :class:`~symdp.errors.SymdpError` naming its first bad element (numbers in
(0, 1), or finite numbers); a pair (x, mu) is broadcast and flattened, mu kept a 0-d array when it is
one so that the paths can treat it as a scalar; :data:`CHUNK` elements make one block, whose
temporaries stay in cache.
"""
import numpy as np

from ..errors import SymdpError

CHUNK = 1 << 15              # elements per block (temporaries stay in cache)


def unit_interval(name, values):
    """``values`` as a float array of numbers in (0, 1), or SymdpError naming the first that is not."""
    arr = np.asarray(values, dtype=float)
    if arr.size and arr.min() > 0 and arr.max() < 1:   # two reductions, no temporaries (nan fails both)
        return arr
    good = (arr > 0) & (arr < 1)
    if not np.all(good):
        raise SymdpError(name, float(arr[~good].flat[0]), "numbers in (0, 1)")
    return arr


def finite_array(name, values):
    """``values`` as a float array of finite numbers, or SymdpError naming the first that is not."""
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise SymdpError(name, values, "finite real numbers (a number or an array of numbers)") from None
    if arr.size and np.isfinite(arr.min()) and np.isfinite(arr.max()):   # nan and +-inf reach min or max
        return arr
    good = np.isfinite(arr)
    if not np.all(good):
        raise SymdpError(name, float(arr[~good].flat[0]), "finite real numbers")
    return arr


def flat_pair(x, m):
    """(x, mu, shape): both broadcast and flattened (mu left as a 0-d array when it is one)."""
    shape = np.broadcast_shapes(x.shape, m.shape)
    if m.ndim:
        return (*(np.array(v, dtype=float).ravel() for v in np.broadcast_arrays(x, m)), shape)
    return x.ravel(), m, shape
