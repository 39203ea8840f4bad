"""The ndarray method table (bindings/ndarray_methods.cpp): each method gives what the module
function of the same name gives, and the methods that moved from Python to C++ behave as NumPy's."""
import copy
import pickle

import numpy
import pytest

import cupric as cp


def _pair():
    h = numpy.arange(24, dtype=numpy.float64).reshape(2, 3, 4) * 1.5 - 7
    return h, cp.asarray(h)


@pytest.mark.parametrize("name, kwargs", [
    ("sum", {"axis": 1}), ("prod", {"axis": 0}), ("max", {"axis": -1}), ("min", {}), ("argmax", {"axis": 2}),
    ("argmin", {}), ("mean", {"axis": (0, 2)}), ("var", {"ddof": 1}), ("std", {"axis": 1}), ("any", {"axis": 0}),
    ("all", {}), ("cumsum", {"axis": 1}), ("cumprod", {"axis": 0}), ("ptp", {"axis": 1}), ("trace", {}),
    ("ravel", {}), ("transpose", {}), ("squeeze", {}), ("diagonal", {}), ("nonzero", {}), ("argsort", {"axis": 1}),
    ("round", {"decimals": 1}), ("clip", {"min": -2, "max": 5}),
])
def test_method_matches_module_function(name, kwargs):
    h, d = _pair()
    got_method = getattr(d, name)(**kwargs)
    got_function = getattr(cp, name)(d, **kwargs)
    want = getattr(numpy, name)(h, **kwargs)  # (NumPy 2 has no ndarray.ptp)
    for g in (got_method, got_function):
        if isinstance(want, tuple):
            for gi, wi in zip(g, want):
                numpy.testing.assert_array_equal(gi.get(), wi, strict=True)
        else:
            numpy.testing.assert_allclose(g.get(), want, rtol=1e-12, strict=True)


def test_sort_and_partition_methods_work_in_place():
    h, d = _pair()
    h2, d2 = h[:, ::-1].copy(), cp.asarray(h[:, ::-1].copy())
    assert d2.sort(axis=1) is None
    h2.sort(axis=1)
    numpy.testing.assert_array_equal(d2.get(), h2)
    d3 = cp.asarray(h[::-1].copy())
    assert d3.partition(1, axis=0) is None
    numpy.testing.assert_array_equal(numpy.sort(d3.get(), axis=0), numpy.sort(h[::-1], axis=0))
    with pytest.raises(TypeError, match="'NoneType' object cannot be interpreted as an integer"):
        d.sort(axis=None)
    with pytest.raises(TypeError, match="'NoneType' object cannot be interpreted as an integer"):
        d.partition(1, axis=None)
    with pytest.raises(ValueError, match="Cannot specify order when the array has no fields."):
        d.argsort(order="x")


def test_conj_round_and_python_protocols():
    h, d = _pair()
    assert d.conj() is d  # a real array is its own conjugate
    z = cp.asarray(numpy.array([1 + 2j, -3j]))
    numpy.testing.assert_array_equal(z.conjugate().get(), numpy.array([1 - 2j, 3j]))
    numpy.testing.assert_array_equal(round(d, 1).get(), numpy.round(h, 1))
    assert repr(d) == repr(h) and str(d) == str(h)
    assert format(cp.asarray(numpy.float64(2.5)), ".3f") == "2.500"
    assert d.tolist() == h.tolist()
    for c in (copy.copy(d), copy.deepcopy(d)):
        assert c is not d
        numpy.testing.assert_array_equal(c.get(), h)
    numpy.testing.assert_array_equal(pickle.loads(pickle.dumps(d)).get(), h)
    assert [r.get().tolist() for r in d] == [r.tolist() for r in h]


def test_cuda_array_interface_only_on_cuda_arrays():
    _, d = _pair()
    if d._backend == "cuda":
        cai = d.__cuda_array_interface__
        assert cai["shape"] == d.shape and cai["version"] == 3 and cai["strides"] is None
    else:
        assert not hasattr(d, "__cuda_array_interface__")
