"""A SymdpError crosses a process boundary intact (multiprocessing pickles a worker's exception)."""
import pickle

from symdp.errors import SymdpError


def test_a_symdp_error_survives_pickling():
    err = pickle.loads(pickle.dumps(SymdpError("epsilon", -1.0, "a real number in (0, inf)")))
    assert isinstance(err, SymdpError) and isinstance(err, ValueError)
    assert (err.parameter, err.value, err.allowed) == ("epsilon", -1.0, "a real number in (0, inf)")
    assert str(err) == "epsilon=-1.0 is invalid: expected a real number in (0, inf)"
